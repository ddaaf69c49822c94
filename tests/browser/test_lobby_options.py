"""The lobby's options in the player's language: a checkbox starts at the server's default and
unchecking it is sent; a clock is asked as minutes plus an increment; seeds and stacked deals wait
under "Advanced"."""
from __future__ import annotations

import requests


def test_options_are_controls_that_start_at_the_servers_defaults_and_send_what_changed(page, server):
    # given the lobby's form for Zombies!!! Quickplay, its options open
    page.goto("/")
    page.select_option("select[name=ruleset]", "zombies-quickplay")
    page.get_by_text("Options", exact=True).click()
    listing = {r["id"]: r for r in requests.get(f"{server}/v1/rulesets", timeout=5).json()["rulesets"]}
    options = listing["zombies-quickplay"]["options"]
    # then the reclaim checkbox starts as the server's default (on), with a name in words
    reclaim = page.get_by_label("Allow reclaim")
    assert options["allow_reclaim"]["default"] is True and reclaim.is_checked()
    # and the seed and the stack wait under Advanced, out of sight until asked for
    assert not page.locator("#opt-stack").is_visible() and not page.locator("#opt-seed").is_visible()
    # when Ann unchecks it, sets a clock of 10 minutes + 5 seconds a move and a 30-minute turn, and creates
    reclaim.uncheck()
    page.get_by_label("Minutes", exact=True).fill("10")
    page.get_by_label("+ seconds a move").fill("5")
    page.get_by_label("Turn timeout (minutes)").fill("30")
    page.fill("input[name=name-0]", "Ann")
    page.click("form.create button[type=submit]")
    page.wait_for_selector("main.game")
    game_id = page.url.split("/")[-1]
    # then the game holds exactly those options, in the API's units
    created = requests.get(f"{server}/v1/games/{game_id}", timeout=5).json()["options"]
    assert created["allow_reclaim"] is False
    assert created["clock"] == {"initial_s": 600, "increment_s": 5}
    assert created["turn_timeout_s"] == 1800
