"""Watching a game live as a spectator, and replaying a finished one version by version."""
from __future__ import annotations

import pytest
import requests
from playwright.sync_api import expect

from tests.browser.client import (api_view, board_facts, create_in_lobby, refuse_as_rate_limited, view_facts,
                                  wait_finished)


def test_a_spectator_watches_an_all_bot_game_live_to_its_end(page, server, artifacts):
    # given an all-bot game created in the lobby (the lobby opens the spectator view)
    game_id = create_in_lobby(page, "selfish-space", ["bot:random", "bot:random", "bot:cautious", "bot:strong"],
                              options={"seed": "browser-watch", "stack": {}})
    assert "#/watch/" in page.url
    # then moves arrive without a reload: the page shows newer versions and a growing log
    first = int(page.get_attribute("main.game", "data-version"))
    page.wait_for_function(f"() => Number(document.querySelector('main.game').dataset.version) > {first}"
                           " || document.querySelector('main.game').dataset.status === 'finished'", timeout=60_000)
    assert page.locator("section.commands").count() == 0, "a spectator has no moves"
    # and the game plays to its end on screen, with its result
    page.wait_for_selector("main.game[data-status=finished] section.outcome", timeout=120_000)
    summary = requests.get(f"{server}/v1/games/{game_id}", timeout=5).json()
    page.wait_for_function(f"() => Number(document.querySelector('main.game').dataset.version) === {summary['version']}")
    shown_at, facts = board_facts(page, "selfish-space")
    assert facts == view_facts("selfish-space", api_view(server, game_id, at=shown_at)["view"])
    assert page.locator(".log li.event").count() == min(summary["version"], 200)
    page.screenshot(path=artifacts / "selfish-space-watch.png", full_page=True)


# One Against the Dead steps by events (every version, inside a command's batch too),
# Quickplay by whole commands.
@pytest.mark.parametrize("ruleset, seats, options, by_version", [
    ("one-against-the-dead", [{"bot": "strong"}], {"seed": "browser-replay", "stack": {}}, True),
    ("zombies-quickplay", [{"bot": "strong"}, {"bot": "random"}],
     {"seed": "browser-replay", "stack": {"tiles": ["drug_store", "crossroads", "helipad"]}}, False),
])
def test_a_finished_game_replays_forward_and_back_with_the_board_of_each_version(page, server, artifacts,
                                                                                  ruleset, seats, options,
                                                                                  by_version):
    # given a finished all-bot game
    created = requests.post(f"{server}/v1/games", json={"ruleset": ruleset, "seats": seats, "options": options},
                            timeout=10).json()
    game_id = created["id"]
    last = wait_finished(server, game_id)["version"]
    log = requests.get(f"{server}/v1/games/{game_id}/events?limit=1000", timeout=10).json()["events"]
    ends = [e["version"] for i, e in enumerate(log)
            if i + 1 == len(log) or not e["command_id"] or log[i + 1]["command_id"] != e["command_id"]]
    start = next(v for v in ends if v >= min(8, last - 3))

    def steps(at: int) -> list[tuple[str, int]]:
        """The buttons pressed from ``at`` and the version each must show."""
        after = [v for v in ends if v > at]
        if by_version:
            command_end = min(v for v in ends if v > at + 1)
            return [("Next version", at + 1), ("Next version", at + 2), ("Previous version", at + 1),
                    ("Next command", command_end), ("Previous command", max(v for v in ends if v < command_end))]
        return [("Next command", after[0]), ("Next command", after[1]), ("Previous command", after[0])]

    def shows(version: int) -> None:
        page.wait_for_function(f"() => Number(document.querySelector('main.replay')?.dataset.version) === {version}")
        shown_at, facts = board_facts(page, ruleset)
        assert shown_at == version
        served = api_view(server, game_id, at=version)
        assert facts == view_facts(ruleset, served["view"]), version
        assert page.url.endswith(f"#/replay/{game_id}/{version}"), "the address names the version shown"
        assert page.locator("p.step").count() == 1, "the event of the step is told in words"
        assert page.locator(".receipt code.head").inner_text() == \
            f"{version}:{served['head']['head'][:10]}…", "the receipt of the version shown"

    # when the replay link is opened at a version, then stepped forward and back, one event
    # and one command at a time
    page.goto(f"/#/replay/{game_id}/{start}")
    shows(start)
    for button, expected in steps(start):
        page.get_by_role("button", name=button).click()
        shows(expected)
    # and moved with the keyboard on the slider, to the end and back to the start
    page.get_by_role("slider", name="Version").focus()
    page.keyboard.press("End")
    shows(last)
    page.wait_for_selector("section.outcome")
    page.screenshot(path=artifacts / f"{ruleset}-replay.png", full_page=True)
    page.keyboard.press("Home")
    page.wait_for_function("() => Number(document.querySelector('main.replay')?.dataset.version) === 1")
    assert page.url.endswith(f"#/replay/{game_id}/1")
    # then a shared link opens the same version for anyone (a fresh page: no seat held)
    middle = (last + 1) // 2
    other = page.context.browser.new_page(base_url=server)
    other.goto(f"/#/replay/{game_id}/{middle}")
    other.wait_for_function(f"() => Number(document.querySelector('main.replay')?.dataset.version) === {middle}")
    assert board_facts(other, ruleset)[1] == view_facts(ruleset, api_view(server, game_id, at=middle)["view"])
    other.close()


def test_a_spectators_board_header_and_log_show_the_same_version_while_bots_play(page, server):
    # given a Quickplay game of two bots and a player this test moves by the API, watched by a
    # spectator (the player holds the game between its turns: on a fast machine an all-bot game can
    # end before the page first reads it)
    created = requests.post(f"{server}/v1/games", json={
        "ruleset": "zombies-quickplay", "seats": [{"name": "Tester"}, {"bot": "strong"}, {"bot": "random"}],
        "options": {"seed": "browser-same-version", "stack": {}}}, timeout=10).json()
    game_id = created["id"]
    player = {"Authorization": f"Bearer {next(t['token'] for t in created['tokens'] if t['seat'] == 0)}"}
    page.goto(f"/#/watch/{game_id}")
    page.wait_for_selector("main.game .log li.event")
    # then at every moment read, while the bots and the player move, the board's version, the
    # header's, the receipt's and the newest line of the log are one and the same
    read = """() => ({
        board: Number(document.querySelector('main.game').dataset.version),
        header: Number(document.querySelector('.version-now').textContent),
        receipt: Number(document.querySelector('.receipt code.head').dataset.version),
        log: Math.max(...[...document.querySelectorAll('.log li.event')].map(li => Number(li.dataset.version))),
        status: document.querySelector('main.game').dataset.status,
      })"""
    seen = set()
    for _ in range(40):
        shown = page.evaluate(read)
        assert shown["board"] == shown["header"] == shown["receipt"] == shown["log"], shown
        seen.add(shown["board"])
        if shown["status"] == "finished" or len(seen) >= 8:
            break
        legal = requests.get(f"{server}/v1/games/{game_id}/legal-commands", headers=player, timeout=10).json()
        if legal["commands"]:      # the player's turn: its first command (else the bots are moving)
            moved = requests.post(f"{server}/v1/games/{game_id}/commands", json=legal["commands"][0]["command"],
                                  headers=player, timeout=10)
            assert moved.status_code == 200, moved.text
        page.wait_for_function(f"() => Number(document.querySelector('main.game').dataset.version) > {shown['board']}"
                               " || document.querySelector('main.game').dataset.status === 'finished'")
    assert len(seen) > 1, "the page followed the game"


def test_a_line_of_the_log_opens_the_replay_at_its_version_and_the_replay_plays_at_a_chosen_speed(page, server):
    # given a finished all-bot game of One Against the Dead, watched
    created = requests.post(f"{server}/v1/games", json={
        "ruleset": "one-against-the-dead", "seats": [{"bot": "strong"}],
        "options": {"seed": "browser-log-links", "stack": {}}}, timeout=10).json()
    game_id = created["id"]
    wait_finished(server, game_id)
    page.goto(f"/#/watch/{game_id}")
    # when a line's version is clicked in the log
    page.locator(".log li.event[data-version='5'] a.version").click()
    # then the replay shows that version
    page.wait_for_function("() => Number(document.querySelector('main.replay')?.dataset.version) === 5")
    assert page.url.endswith(f"#/replay/{game_id}/5")
    # when a line of the replay's own log is clicked, then the replay goes there
    page.locator(".log.whole li.event[data-version='9'] a.version").click()
    page.wait_for_function("() => Number(document.querySelector('main.replay')?.dataset.version) === 9")
    assert page.locator(".log.whole li.current").get_attribute("data-version") == "9"
    # and the replay plays at the speed chosen
    page.get_by_label("Speed").select_option("4")
    page.get_by_role("button", name="Play").click()
    page.wait_for_function("() => Number(document.querySelector('main.replay')?.dataset.version) > 9")


def test_a_spectator_who_asks_for_a_pace_sees_each_command_of_the_bots_in_turn(page, server):
    # given Ann's game against two bots, her turn first, watched by a spectator who asked to see
    # others' moves one every half second
    created = requests.post(f"{server}/v1/games", json={
        "ruleset": "selfish-space", "seats": [{"name": "Ann"}, {"bot": "random"}, {"bot": "random"}],
        "options": {"seed": "browser-pace", "stack": {}, "first_seat": 0}}, timeout=10).json()
    game_id, token = created["id"], created["tokens"][0]["token"]
    auth = {"Authorization": f"Bearer {token}"}
    page.goto("/")
    page.evaluate("() => localStorage.setItem('stranded.pace', '500')")
    page.goto(f"/#/watch/{game_id}")
    page.wait_for_selector("main.game[data-status=active]")
    assert page.get_by_label("Others' moves").input_value() == "500"
    page.evaluate("""() => { window.__versions = [];
      new MutationObserver(() => window.__versions.push(Number(document.querySelector('main.game').dataset.version)))
        .observe(document.querySelector('#main'), {attributes: true, subtree: true, attributeFilter: ['data-version']}); }""")
    # when Ann ends her turn (her first legal moves until the game waits on someone else) and the bots play
    for _ in range(20):
        summary = requests.get(f"{server}/v1/games/{game_id}", timeout=5).json()
        if not any(d["seat"] == 0 for d in summary["to_act"]):
            break
        legal = requests.get(f"{server}/v1/games/{game_id}/legal-commands", headers=auth, timeout=5).json()
        command = legal["commands"][-1]["command"]
        requests.post(f"{server}/v1/games/{game_id}/commands", headers=auth, timeout=10,
                      json={**command, "expected_version": legal["version"]}).raise_for_status()
    waits_on_ann = None
    for _ in range(100):
        summary = requests.get(f"{server}/v1/games/{game_id}", timeout=5).json()
        if summary["status"] == "finished" or any(d["seat"] == 0 for d in summary["to_act"]):
            waits_on_ann = summary["version"]
            break
        page.wait_for_timeout(100)
    assert waits_on_ann
    page.wait_for_function(f"() => Number(document.querySelector('main.game').dataset.version) >= {waits_on_ann}")
    # then the page stopped at the end of each bot command on the way, one after the other
    log = requests.get(f"{server}/v1/games/{game_id}/events?limit=1000", timeout=10).json()["events"]
    bot_ends = [e["version"] for i, e in enumerate(log) if e["seat"] in (1, 2) and e["version"] < waits_on_ann
                and (i + 1 == len(log) or log[i + 1]["command_id"] != e["command_id"])]
    seen = page.evaluate("() => window.__versions")
    stops = sorted(set(seen) & set(bot_ends))
    assert len(bot_ends) >= 2 and len(stops) >= 2, (bot_ends, seen)
    assert seen == sorted(seen), "the versions shown only go forward"


def test_the_replay_of_a_finished_game_shows_my_hand_as_mine_another_seats_by_its_name_and_what_its_log_reveals(
        page, server, artifacts):
    # given Ann's finished game of Selfish: Space Edition (a stacked deal: she holds a Tractor
    # Beam); she left, so a bot played her seat to the end; her seat is held in this browser
    from tests.browser.test_table import _hold
    ann_hand = ["double_oxygen", "oxygen", "oxygen", "oxygen", "oxygen", "laser_blast", "tractor_beam", "oxygen", "oxygen"]
    created = requests.post(f"{server}/v1/games", json={
        "ruleset": "selfish-space", "seats": [{"name": "Ann"}, {"name": "Bob", "bot": "strong"}],
        "options": {"seed": "browser-replay-hands", "first_seat": 0, "stack": {"hands": [ann_hand]}}}, timeout=10).json()
    game_id, token = created["id"], created["tokens"][0]["token"]
    requests.post(f"{server}/v1/games/{game_id}/seats/0/leave", headers={"Authorization": f"Bearer {token}"},
                  timeout=10).raise_for_status()
    wait_finished(server, game_id)
    _hold(page, game_id, 0, token, "Ann", "selfish-space")
    log = requests.get(f"{server}/v1/games/{game_id}/events?limit=1000", timeout=10).json()["events"]
    drawn = next(e for e in log if e["type"] == "CardDrawn" and e["data"]["seat"] == 1)
    catalogue = requests.get(f"{server}/v1/rulesets/selfish-space", timeout=10).json()["catalogue"]
    name = {c["id"]: c["name"] for c in catalogue["cards"]}
    # when she opens its replay at the first turn
    page.goto(f"/#/replay/{game_id}/3")
    page.wait_for_function("() => Number(document.querySelector('main.replay')?.dataset.version) === 3")
    # then the board is seen as her seat, with her hand as the API's view of her seat gives it
    assert page.get_by_label("Seen as").input_value() == "0"
    hand = page.get_by_role("region", name="Your hand")
    hand.wait_for()
    assert "Tractor Beam" in hand.inner_text()
    expect(page.locator(".board")).to_contain_text("Ann (you)")
    # and the whole log tells what was hidden while the game ran: the deal, a card Bob drew
    deal = page.locator(".log.whole li.event[data-version='2']").inner_text()
    assert "Ann's hand: " + ", ".join(name[c] for c in ann_hand) + "." in deal, deal
    assert "Bob's hand: " in deal
    page.locator(f".log.whole li.event[data-version='{drawn['version']}'] a.version").click()
    page.wait_for_function(f"() => Number(document.querySelector('main.replay')?.dataset.version) === {drawn['version']}")
    assert f"Bob drew a card. — {name[drawn['data']['card']]}." in \
        page.locator(".log.whole li.event.current").inner_text().replace("\n", " ")
    page.screenshot(path=artifacts / "selfish-space-replay-hands.png", full_page=True)
    # and seen as a spectator, no hand is shown
    page.get_by_label("Seen as").select_option("")
    page.wait_for_function("() => !document.querySelector('section.my-hand')")
    # and seen as Bob -- a seat this browser never held -- his hand is shown: the game is over, so the
    # API opens every seat's view (GET .../view?seat=1)
    at = drawn["version"]                                       # the version the replay shows now
    bob = requests.get(f"{server}/v1/games/{game_id}/view?at={at}&seat=1", timeout=10).json()["view"]["hand"]
    page.get_by_label("Seen as").select_option("1")
    assert page.get_by_label("Seen as").locator("option").all_inner_texts() == [
        "a spectator (no hand)", "Ann's hand (your seat)", "Bob's hand"]
    hand = page.get_by_role("region", name="Bob's hand")
    for card in sorted(set(bob)):
        expect(hand).to_contain_text(name[card])
    assert "Tractor Beam" not in hand.inner_text()            # Ann's card is not in his hand
    # and the board says whose it is: Bob's hand, not "Your hand", and nobody is "(you)"
    expect(hand.get_by_role("heading")).to_have_text("Bob's hand")
    board = page.locator(".board").inner_text()
    assert "Your hand" not in board and "(you)" not in board, board
    page.screenshot(path=artifacts / "selfish-space-replay-seen-as-bob.png", full_page=True)


def test_one_against_the_deads_replay_names_the_player_not_you_unless_this_browser_holds_the_seat(page, server):
    # given Ann's finished game of One Against the Dead (she left; a bot played on), no seat held here
    from tests.helpers import seeded_options
    created = requests.post(f"{server}/v1/games", json={
        "ruleset": "one-against-the-dead", "seats": [{"name": "Ann"}],
        "options": seeded_options({"seed": "browser-city-replay"})}, timeout=10).json()
    token = created["tokens"][0]["token"]
    requests.post(f"{server}/v1/games/{created['id']}/seats/0/leave", headers={"Authorization": f"Bearer {token}"},
                  timeout=10).raise_for_status()
    wait_finished(server, created["id"])
    # when a spectator opens its replay, and then when the browser holds Ann's seat
    page.goto(f"/#/replay/{created['id']}/12")
    # then the pawn is Ann's, not "You"
    pawn = page.locator(".board.city .pawn")
    expect(pawn).to_have_text("An")
    expect(pawn).to_have_attribute("aria-label", "Ann is here")
    from tests.browser.test_table import _hold
    _hold(page, created["id"], 0, token, "Ann", "one-against-the-dead")
    page.goto(f"/#/replay/{created['id']}/12")
    expect(page.locator(".board.city .pawn")).to_have_text("You")
    expect(page.locator(".board.city .pawn")).to_have_attribute("aria-label", "You are here")


def test_leaving_a_running_games_replay_before_its_log_arrives_opens_no_stream(page, server):
    # given a running game (Ann's turn comes first: nothing moves) whose log is held back by a slow network
    created = requests.post(f"{server}/v1/games", json={
        "ruleset": "selfish-space", "seats": [{"name": "Ann"}, {"name": "Bob"}],
        "options": {"seed": "browser-replay-leave", "first_seat": 0}}, timeout=10).json()
    game_id = created["id"]
    held, streams = [], []
    page.route(f"**/v1/games/{game_id}/events*", lambda route: held.append(route))
    page.on("request", lambda request: streams.append(request.url) if f"/v1/games/{game_id}/stream" in request.url
            else None)
    page.goto(f"/#/replay/{game_id}")
    for _ in range(100):                      # route handlers run while Playwright waits
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the replay never asked for the log"
    # when the reader goes back to the lobby, and only then the log arrives
    page.goto("/#/")
    page.locator("form.create").wait_for()
    for route in held:
        route.continue_()
    page.wait_for_timeout(1000)
    # then the replay it left opens no event stream
    assert streams == []


def test_a_replay_the_server_asks_to_slow_down_waits_and_still_shows_the_board_of_every_version(page, server,
                                                                                                 artifacts):
    # given a finished One Against the Dead game, and a server that refuses every third past view
    # (429 with Retry-After: 1, as its limit on costly reads does), the refusals counted
    created = requests.post(f"{server}/v1/games", json={
        "ruleset": "one-against-the-dead", "seats": [{"bot": "strong"}],
        "options": {"seed": "browser-slowed", "stack": {}}}, timeout=10).json()
    game_id = created["id"]
    last = wait_finished(server, game_id)["version"]
    start = last - 8
    asked, refused = [], []

    def every_third_refused(route):
        asked.append(route.request.url)
        if len(asked) % 3 == 0:
            refused.append(route.request.url)
            refuse_as_rate_limited(route)
        else:
            route.continue_()
    page.route(f"**/v1/games/{game_id}/view?*", every_third_refused)
    page.goto(f"/#/replay/{game_id}/{start}")
    page.wait_for_function(f"() => Number(document.querySelector('main.replay')?.dataset.version) === {start}")
    page.evaluate("""() => {       // every version the board shows, as it shows it
      window.shownVersions = [Number(document.querySelector('main.replay').dataset.version)];
      new MutationObserver(() => window.shownVersions.push(Number(document.querySelector('main.replay')?.dataset.version)))
        .observe(document.body, {subtree: true, attributes: true, attributeFilter: ['data-version']});
    }""")
    # when it plays at the fastest speed to the end
    page.get_by_label("Speed").select_option("4")
    page.get_by_role("button", name="Play").click()
    page.get_by_role("status").filter(has_text="slow down").wait_for(timeout=10_000)
    page.screenshot(path=artifacts / "replay-slowed.png")
    page.wait_for_function(f"() => Number(document.querySelector('main.replay')?.dataset.version) === {last}",
                           timeout=30_000)
    shown = set(page.evaluate("() => window.shownVersions"))
    # then every version's board was shown on the way, the refusals were waited out, and no error shows
    assert refused, "the server never refused: the test did not test the wait"
    assert set(range(start, last + 1)) <= shown
    assert page.locator("p.error").count() == 0
    assert page.get_by_role("button", name="Play").is_visible(), "the replay stopped at its end"


def test_a_paced_spectator_whose_past_views_are_refused_still_follows_the_game_without_an_error(page, server):
    # given an all-bot game watched at a pace of one command a second, and a server that refuses every
    # past view (429 with Retry-After, as its limit on costly reads does when an address asks too much)
    created = requests.post(f"{server}/v1/games", json={
        "ruleset": "zombies-quickplay", "seats": [{"bot": "random"}, {"bot": "random"}],
        "options": {"seed": "browser-pace-refused", "stack": {}}}, timeout=10).json()
    game_id, refused = created["id"], []

    def refuse(route):
        refused.append(route.request.url)
        refuse_as_rate_limited(route, retry_after_s=30)
    page.route(f"**/v1/games/{game_id}/view?at=*", refuse)
    page.goto("/")
    page.evaluate("() => localStorage.setItem('stranded.pace', '1000')")
    # when the spectator watches it while the bots play on
    page.goto(f"/#/watch/{game_id}")
    page.wait_for_selector("main.game")
    first = int(page.get_attribute("main.game", "data-version"))
    # then the board still moves on to newer versions, and no error shows
    page.wait_for_function(f"() => Number(document.querySelector('main.game').dataset.version) > {first + 10}",
                           timeout=60_000)
    assert refused, "no past view was asked for: the pace was not tested"
    assert page.locator("p.error").count() == 0
