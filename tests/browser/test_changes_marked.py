"""What another seat's move changed is marked on the board (``data-changed``, flashed once by
the style sheet) until the next version shown: a bot's move in Selfish marks its column and
the columns its events name; the first board shown marks nothing; a replay stepped forward
marks what the command changed, and stepped back marks nothing."""
from __future__ import annotations

import requests

from tests.browser.client import create_in_lobby, status, version, wait_finished, wait_for_move_or_end

SEAT_FIELDS = ("seat", "target", "attacker", "responder", "victim", "ally")


def _seats_named(event: dict) -> set[int]:
    """The seats an event names: its own, and its seat-valued fields' (the client's rule)."""
    named = {event["seat"]} if isinstance(event.get("seat"), int) else set()

    def visit(value, key=""):
        if isinstance(value, dict):
            for k, v in value.items():
                visit(v, k)
        elif isinstance(value, list):
            for v in value:
                visit(v, key)
        elif isinstance(value, int) and not isinstance(value, bool) and any(f in key.lower() for f in SEAT_FIELDS):
            named.add(value)
    visit(event.get("data") or {})
    return named


def _marked_columns(page) -> set[int]:
    return set(page.evaluate("() => [...document.querySelectorAll('.board .column[data-changed]')]"
                             ".map(c => Number(c.dataset.seat))"))


def test_a_bots_move_is_marked_on_the_board_and_the_first_board_marks_nothing(page, server):
    # given Ann's game of Selfish: Space Edition against a bot, her first board shown
    create_in_lobby(page, "selfish-space", ["human", "bot:strong"], names=["Ann", ""],
                    options={"seed": "marks-space", "first_seat": 0})
    wait_for_move_or_end(page)
    assert page.locator(".board [data-changed]").count() == 0
    game_id = page.url.split("/")[-1]
    # when Ann plays her moves until the page has moved on past a command of the bot
    seen_bot = False
    for _ in range(40):
        before = version(page)
        page.locator("button.command:not([disabled])").first.click()
        page.wait_for_function(f"() => Number(document.querySelector('main.game').dataset.version) > {before}")
        wait_for_move_or_end(page)
        if status(page) == "finished":
            break
        now = version(page)
        events = requests.get(f"{server}/v1/games/{game_id}/events?after={before}&limit=1000", timeout=10).json()["events"]
        bots = [e for e in events if e["version"] <= now and e["seat"] == 1]
        if bots and events and [e for e in events if e["version"] <= now][-1]["seat"] == 1:
            # then (the page last moved on from Ann's move to the bot's) the bot's column is
            # marked, and only columns the events since Ann's click name
            marked = _marked_columns(page)
            assert 1 in marked
            assert marked <= set().union(*(_seats_named(e) for e in bots))
            seen_bot = True
            break
    assert seen_bot


def test_a_replay_stepped_forward_marks_what_the_command_changed_and_back_marks_nothing(page, server):
    # given a finished all-bot game of Selfish: Space Edition, replayed at version 12
    created = requests.post(f"{server}/v1/games", json={
        "ruleset": "selfish-space", "seats": [{"bot": "strong"}, {"bot": "strong"}],
        "options": {"seed": "marks-replay", "stack": {}}}, timeout=10).json()
    assert "id" in created, created
    game_id = created["id"]
    wait_finished(server, game_id)
    page.goto(f"/#/replay/{game_id}/12")
    page.wait_for_function("() => Number(document.querySelector('main.replay')?.dataset.version) === 12")
    page.wait_for_selector(".board .column")
    # when it steps one command forward
    page.get_by_role("button", name="Next command").click()
    page.wait_for_function("() => Number(document.querySelector('main.replay').dataset.version) > 12")
    now = int(page.get_attribute("main.replay", "data-version"))
    events = requests.get(f"{server}/v1/games/{game_id}/events?after=12&limit=1000", timeout=10).json()["events"]
    stepped = [e for e in events if e["version"] <= now and isinstance(e["seat"], int)]
    assert stepped
    # then the columns of the seats that command names are marked, and only those
    marked = _marked_columns(page)
    assert marked and marked <= set().union(*(_seats_named(e) for e in stepped))
    # and a step back marks nothing
    page.get_by_role("button", name="Previous command").click()
    page.wait_for_function(f"() => Number(document.querySelector('main.replay').dataset.version) < {now}")
    assert page.locator(".board [data-changed]").count() == 0
