"""The client as a page: served at /, everything from the server itself, usable with the
keyboard alone and at a phone's width."""
from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone

import pytest
import requests

from tests.browser.conftest import PHONE
from tests.browser.client import create_in_lobby, version, wait_for_move_or_end


def _tab_to(page, selector: str, presses: int = 80) -> None:
    """Press Tab until the focused element matches ``selector``."""
    for _ in range(presses):
        page.keyboard.press("Tab")
        if page.evaluate(f"() => !!document.activeElement && document.activeElement.matches({selector!r})"):
            return
    raise AssertionError(f"Tab never reached {selector}")


def test_the_page_and_its_modules_come_from_the_server_itself(page, server):
    # given the lobby opened at /
    responses = []
    page.on("response", lambda response: responses.append(response))
    page.goto("/")
    page.wait_for_selector("form.create")
    # then every request went to the server, and every file of the client answered 200
    assert responses
    assert all(r.url.startswith(server + "/") for r in responses), [r.url for r in responses]
    files = [r for r in responses if "/web/" in r.url or r.url == server + "/"]
    assert len(files) >= 8, [r.url for r in files]
    assert all(r.status == 200 for r in files), [(r.url, r.status) for r in files]
    # and the rulesets the API lists are offered, with their seat limits and bots
    rulesets = page.locator(".rulesets button.ruleset")
    assert rulesets.count() == 4
    assert "1 seat" in page.locator(".rulesets").inner_text()


def test_a_game_is_created_and_played_with_the_keyboard_alone(page):
    # given the lobby, reached and used with Tab and Enter only
    page.goto("/")
    page.wait_for_selector("form.create")
    page.focus("select[name=ruleset]")
    page.keyboard.press("ArrowDown")  # the second game the server lists
    _tab_to(page, "form.create button[type=submit]")
    page.keyboard.press("Enter")
    page.wait_for_selector("main.game")
    # when a move is chosen with Tab and made with Enter
    wait_for_move_or_end(page)
    before = version(page)
    _tab_to(page, "button.command:not([disabled]), [data-pickable]")
    page.keyboard.press("Enter")
    # then the game moves on
    page.wait_for_function(f"() => Number(document.querySelector('main.game').dataset.version) > {before}")


def test_at_a_phone_width_the_page_does_not_scroll_sideways(browser, server, artifacts):
    # given a phone-sized page playing One Against the Dead
    context = browser.new_context(viewport=PHONE, base_url=server, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        create_in_lobby(page, "one-against-the-dead", ["human"], options={"seed": "browser-phone", "stack": {}})
        wait_for_move_or_end(page)
        before = version(page)
        page.locator("button.command:not([disabled])").first.tap()
        page.wait_for_function(f"() => Number(document.querySelector('main.game').dataset.version) > {before}")
        wait_for_move_or_end(page)
        # then the page fits the width (a wide board scrolls inside its own frame)
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= PHONE["width"], width
        page.screenshot(path=artifacts / "one-against-the-dead-phone.png", full_page=True)
        page.goto("/")
        page.wait_for_selector("form.create")
        assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
        page.screenshot(path=artifacts / "lobby-phone.png", full_page=True)
    finally:
        context.close()


def test_a_second_person_joins_an_open_seat_from_the_lobby(page, browser, server):
    # given Ann's game of Selfish: Space Edition with one open seat, waiting
    game_id = create_in_lobby(page, "selfish-space", ["human", "open"], names=["Ann", ""])
    page.wait_for_selector("main.game[data-status=waiting]")
    # when Bob, in another browser, finds the open seat in the lobby and takes it
    other = browser.new_context(base_url=server)
    bob = other.new_page()
    try:
        bob.goto("/")
        seat = bob.locator(f"li[data-game='{game_id}'] form.join")      # other tests' games wait in the lobby too
        seat.locator("input").fill("Bob")
        seat.locator("button[type=submit]").click()
        bob.wait_for_selector("main.game[data-status=active]")
        assert bob.url.endswith(f"#/game/{game_id}")
        assert "playing as Bob" in bob.locator(".game-head").inner_text()
        # then Ann's page sees the game start without a reload, and each holds only its own seat
        page.wait_for_selector("main.game[data-status=active]")
        assert "Bob" in page.locator(".seats").inner_text()
        ann_seats = page.evaluate(f"() => JSON.parse(localStorage.getItem('stranded.seats'))['{game_id}'].map(s => s.seat)")
        bob_seats = bob.evaluate(f"() => JSON.parse(localStorage.getItem('stranded.seats'))['{game_id}'].map(s => s.seat)")
        assert (ann_seats, bob_seats) == ([0], [1])
    finally:
        other.close()


def test_the_deadline_of_the_seat_being_waited_on_counts_down(page):
    # given a game with a two-minute turn timeout, waiting on the person
    create_in_lobby(page, "one-against-the-dead", ["human"], options={"turn_timeout_s": 120})
    wait_for_move_or_end(page)
    # then the decision shows its deadline as a countdown that goes down
    timer = page.locator(".to-act [role=timer]")
    first = timer.inner_text()
    match = re.fullmatch(r"(\d) min (\d\d) s", first)
    assert match and 60 < int(match[1]) * 60 + int(match[2]) <= 120, first
    page.wait_for_function(f"() => document.querySelector('.to-act [role=timer]').textContent !== {first!r}")


@pytest.mark.parametrize("off_by_min", [5, -5])
def test_a_deadline_counts_down_on_the_servers_clock_when_the_devices_runs_fast_or_slow(page, off_by_min):
    # given a device whose clock is five minutes fast (or slow), and a game with a two-minute turn timeout
    page.clock.set_system_time(datetime.now(timezone.utc) + timedelta(minutes=off_by_min))
    create_in_lobby(page, "one-against-the-dead", ["human"], options={"turn_timeout_s": 120})
    wait_for_move_or_end(page)
    # then the countdown shows the time the server will wait, not 0 s or seven minutes
    left = int(page.locator(".to-act [role=timer]").get_attribute("data-seconds"))
    assert 60 < left <= 122, left


def test_a_day_long_deadline_reads_in_hours_and_minutes(page):
    # given a game whose turn timeout is a day
    create_in_lobby(page, "one-against-the-dead", ["human"], options={"turn_timeout_s": 86_400})
    wait_for_move_or_end(page)
    # then its countdown reads in hours and minutes, not in thousands of minutes
    assert re.fullmatch(r"2[34] h \d\d min", page.locator(".to-act [role=timer]").inner_text())


def test_an_address_changed_before_the_page_listens_for_changes_is_still_followed(page, server):
    # given a game, and an address that changes to its page just before the client starts listening
    # for address changes (its hashchange event already gone by, as when a test or a link moves fast)
    created = requests.post(f"{server}/v1/games", json={
        "ruleset": "selfish-space", "seats": [{"name": "Ann"}, {"name": "Bob"}]}, timeout=10).json()
    page.add_init_script("""
      const listen = window.addEventListener;
      window.addEventListener = function (type, ...rest) {
        if (type === "hashchange" && !window.__moved) {
          window.__moved = true;
          history.replaceState(null, "", "#/watch/%s");   // no hashchange event, as one already heard
        }
        return listen.call(this, type, ...rest);
      };
    """ % created["id"])
    # when the page opens at the lobby's address
    page.goto("/")
    # then the client shows the page of the address it now has
    page.wait_for_selector("main.game[data-ruleset=selfish-space]", timeout=10_000)
    assert page.locator("form.create").count() == 0
