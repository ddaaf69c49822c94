"""The log told in each event type's sentence, resigning with a confirmation, playing again, the
receipt of the version shown and the audit of the log -- in the web client, against the API."""
from __future__ import annotations

import json
import time

import requests

from events.games import schema as S
from tests.browser.client import finished_bot_game, refuse_as_rate_limited, wait_finished
from tests.helpers import seeded_options

HELD = "stranded.seats"


def _hold(page, game_id: str, seat: int, token: str, name: str, ruleset: str) -> None:
    """Put a seat's token in the page's local storage, as the lobby does when it creates a game."""
    page.goto("/")
    seats = {game_id: [{"seat": seat, "token": token, "name": name, "ruleset": ruleset, "at": "2026-01-01"}]}
    page.evaluate(f"localStorage.setItem({json.dumps(HELD)}, {json.dumps(json.dumps(seats))})")


def _ann_against_a_bot(server: str, ruleset: str = "selfish-space", seed: str = "browser-table") -> tuple[str, str]:
    created = requests.post(f"{server}/v1/games", json={
        "ruleset": ruleset, "seats": [{"name": "Ann"}, {"name": "Bot", "bot": "strong"}],
        "options": seeded_options({"seed": seed})}, timeout=10).json()
    return created["id"], created["tokens"][0]["token"]


def test_the_log_tells_each_event_in_its_types_sentence_with_names_not_numbers(page, server, artifacts):
    # given a finished all-bot game, its spectator log and its ruleset's sentences from the API
    created = requests.post(f"{server}/v1/games", json={
        "ruleset": "selfish-zombie", "seats": [{"name": "Ann", "bot": "random"}, {"name": "Bob", "bot": "strong"}],
        "options": seeded_options({"seed": "browser-sentences"})}, timeout=10).json()
    game_id = created["id"]
    summary = wait_finished(server, game_id)
    detail = requests.get(f"{server}/v1/rulesets/selfish-zombie", timeout=10).json()
    names = {card["id"]: card["name"] for card in detail["catalogue"]["cards"]}
    log = requests.get(f"{server}/v1/games/{game_id}/events?limit=1000", timeout=10).json()["events"]
    # when a spectator opens it
    page.goto(f"/#/watch/{game_id}")
    page.wait_for_selector("main.game[data-status=finished] .log li.event")
    page.wait_for_function(f"() => document.querySelectorAll('.log li.event').length === {min(len(log), 200)}")
    # then every line shown is its event type's sentence, seats by name and cards by catalogue name
    shown = {int(li.get_attribute("data-version")): li.locator(".sentence").inner_text()
             for li in page.locator(".log li.event").all()}
    seat_names = [seat["name"] for seat in summary["seats"]]
    for event in log[-200:]:
        expected = S.render_sentence(detail["events"][event["type"]]["sentence"], event["data"],
                                     lambda n: seat_names[n], lambda c: names[c])
        assert shown[event["version"]] == expected, event
    assert any("Ann" in text for text in shown.values()) and not any("{" in text for text in shown.values())
    page.screenshot(path=artifacts / "selfish-zombie-log.png", full_page=True)


def test_a_player_resigns_only_after_confirming(page, server, artifacts):
    # given Ann's seat held in this browser, in a game she plays against a bot
    game_id, token = _ann_against_a_bot(server)
    _hold(page, game_id, 0, token, "Ann", "selfish-space")
    page.goto(f"/#/game/{game_id}")
    page.wait_for_selector("main.game[data-status=active] button.resign")
    assert page.locator(".receipt code.head").count() == 1, "the receipt of the version shown is on the page"
    # when she clicks Resign but cancels the confirmation
    page.once("dialog", lambda dialog: dialog.dismiss())
    page.click("button.resign")
    time.sleep(0.5)
    # then nothing changed
    assert not requests.get(f"{server}/v1/games/{game_id}", timeout=5).json()["seats"][0]["resigned"]
    # when she confirms
    messages = []
    page.once("dialog", lambda dialog: (messages.append(dialog.message), dialog.accept()))
    page.click("button.resign")
    # then the seat has resigned, and the log says so in words
    page.wait_for_selector(".log li.event[data-type=SeatResigned]")
    assert "Resign as Ann?" in messages[0]
    assert page.locator(".log li.event[data-type=SeatResigned] .sentence").inner_text() == "Ann resigned."
    assert requests.get(f"{server}/v1/games/{game_id}", timeout=5).json()["seats"][0]["resigned"]
    page.wait_for_selector("button.resign", state="detached")
    page.wait_for_function("() => !document.querySelector('button.command')")   # a resigned seat sends nothing
    page.screenshot(path=artifacts / "selfish-space-resigned.png", full_page=True)


def test_a_finished_game_is_verified_on_the_page_and_played_again_from_it(page, server, artifacts):
    # given Ann's finished game (she left; the bot that took her seat played it to the end)
    game_id, token = _ann_against_a_bot(server, seed="browser-rematch")
    left = requests.post(f"{server}/v1/games/{game_id}/seats/0/leave", headers={"Authorization": f"Bearer {token}"},
                         timeout=10)
    assert left.status_code == 200, left.text
    summary = wait_finished(server, game_id)
    _hold(page, game_id, 0, token, "Ann", "selfish-space")
    # when she opens it
    page.goto(f"/#/game/{game_id}")
    # then the audit of its log says verified, at the version and head the summary serves
    page.wait_for_selector(".verification .verdict[data-status=verified]")
    verdict = page.locator(".verification").inner_text()
    assert verdict.count("Verified") == 1 and f"up to version {summary['version']}" in verdict
    assert summary["head"]["head"][:10] in verdict
    page.screenshot(path=artifacts / "selfish-space-finished.png", full_page=True)
    # when she plays again
    page.click("button.rematch")
    # then the page goes to the rematch, where she holds her seat and the game runs
    page.wait_for_function(f"() => location.hash.startsWith('#/game/') && !location.hash.endsWith('{game_id}')")
    rematch = page.url.split("/")[-1]
    assert requests.get(f"{server}/v1/games/{game_id}", timeout=5).json()["rematch"] == rematch
    page.wait_for_selector("main.game[data-status=active]")
    assert "playing as" in page.locator(".game-head .meta").inner_text()


def test_leaving_a_finished_game_stops_asking_for_its_verdict(page, server):
    # given a finished all-bot game whose verdict the server is still computing (every answer "pending")
    game_id = finished_bot_game(server, "browser-verdict-leave")
    pending = {**requests.get(f"{server}/v1/games/{game_id}/verification", timeout=10).json(),
               "status": "pending", "current": False}
    asked = []

    def still_computing(route):
        asked.append(time.monotonic())
        route.fulfill(status=200, content_type="application/json", body=json.dumps(pending))
    page.route(f"**/v1/games/{game_id}/verification", still_computing)
    page.goto(f"/#/watch/{game_id}")
    page.wait_for_selector(".verification .verdict[data-status=pending]")
    # when the reader goes back to the lobby
    page.goto("/#/")
    page.locator("form.create").wait_for()
    left = time.monotonic()
    page.wait_for_timeout(2500)
    # then the page it left asks no more (it asked again every second while shown)
    assert [t for t in asked if t > left] == []


def test_a_verdict_the_server_asks_to_wait_for_is_asked_again_and_shown(page, server):
    # given a finished all-bot game, and a server that refuses the first ask for its verdict
    # (429 with Retry-After: 1, as its limit on costly reads does)
    game_id = finished_bot_game(server, "browser-verdict-429")
    asked = []

    def first_refused(route):
        asked.append(route.request.url)
        if len(asked) == 1:
            refuse_as_rate_limited(route)
        else:
            route.continue_()
    page.route(f"**/v1/games/{game_id}/verification", first_refused)
    # when a spectator opens it
    page.goto(f"/#/watch/{game_id}")
    # then the verdict shows after the wait, and no error does
    page.wait_for_selector(".verification .verdict[data-status=verified]", timeout=15_000)
    assert len(asked) >= 2
    assert page.locator(".verification p.error").count() == 0
