"""A seat over time on the game page: leave it to a bot and take it back, the seat list marking
what became of each seat, and the tab's title telling a player it is their turn."""
from __future__ import annotations

import requests

from tests.browser.client import create_in_lobby
from tests.browser.test_table import _hold
from tests.helpers import seeded_options


def _ann_and_bob(server: str, ruleset: str = "zombies-quickplay") -> tuple[str, str]:
    """Ann (seat 0, first to play) and Bob (seat 1, a person nobody plays here): once Ann leaves,
    her bot plays until the game waits on Bob."""
    created = requests.post(f"{server}/v1/games", json={
        "ruleset": ruleset, "seats": [{"name": "Ann"}, {"name": "Bob"}],
        "options": seeded_options({"seed": "browser-seats", "first_seat": 0})}, timeout=10).json()
    return created["id"], created["tokens"][0]["token"]


def _seat(server: str, game_id: str, seat: int) -> dict:
    return requests.get(f"{server}/v1/games/{game_id}", timeout=5).json()["seats"][seat]


def test_a_player_leaves_to_a_bot_and_takes_the_seat_back_from_the_page(page, server, artifacts):
    # given Ann's seat held in this browser, her turn
    game_id, token = _ann_and_bob(server)
    _hold(page, game_id, 0, token, "Ann", "zombies-quickplay")
    page.goto(f"/#/game/{game_id}")
    page.wait_for_selector("main.game[data-status=active] button.command")
    # when she leaves, confirming it
    messages: list[str] = []
    page.once("dialog", lambda dialog: (messages.append(dialog.message), dialog.accept()))
    page.get_by_role("button", name="Leave").click()
    # then a bot plays her seat, and the page and its seat list say so
    page.get_by_role("button", name="Take my seat back").wait_for()
    assert "A bot plays Ann from now on" in messages[0]
    assert _seat(server, game_id, 0)["left"]
    assert "left: a bot (strong) plays on" in page.locator(".seats li[data-seat='0']").inner_text()
    assert page.locator("p.away").inner_text().startswith("A bot (strong) plays your seat")
    page.screenshot(path=artifacts / "zombies-quickplay-left.png", full_page=True)
    # when she takes it back
    page.get_by_role("button", name="Take my seat back").click()
    # then the seat is hers again: the API says so, the log tells it, Leave is offered again
    page.get_by_role("button", name="Leave").wait_for()
    seat = _seat(server, game_id, 0)
    assert not seat["left"] and seat["replaced_by"] is None
    page.wait_for_selector(".log li.event[data-type=SeatReclaimed]")
    assert page.locator(".seats li[data-seat='0'] .fate").count() == 0


def test_the_tab_title_tells_a_player_it_is_their_turn(page, server):
    # given Ann's seat held in this browser, the game waiting on her
    game_id, token = _ann_and_bob(server, "selfish-space")
    _hold(page, game_id, 0, token, "Ann", "selfish-space")
    page.goto(f"/#/game/{game_id}")
    page.wait_for_selector("main.game[data-status=active] button.command")
    # then the tab's title says it is her turn
    page.wait_for_function("() => document.title.startsWith('▶ Your turn')")
    # and a spectator's tab of the same game does not
    page.goto(f"/#/watch/{game_id}")
    page.wait_for_selector("main.game[data-status=active]")
    page.wait_for_function("() => document.title === 'Selfish: Space Edition — Stranded'")


def test_the_lobby_lists_my_games_with_whose_turn_it_is_in_words_apart(page, server):
    # given Ann's game waiting on her, held in this browser
    game_id, token = _ann_and_bob(server, "selfish-space")
    _hold(page, game_id, 0, token, "Ann", "selfish-space")
    # when she opens the lobby
    page.goto("/")
    mine = page.get_by_role("region", name="Your games")
    # then her game says it is her turn
    mine.get_by_text("your turn").wait_for()
    assert mine.locator(f"a[href='#/game/{game_id}']").count() == 1
    # in words apart: "as Ann your turn", not "as Annyour turn"
    item = mine.locator("li").filter(has=page.locator(f"a[href='#/game/{game_id}']"))
    assert "as Ann your turn" in item.inner_text(), item.inner_text()


def test_each_persons_time_bank_shows_in_the_seat_list_in_minutes_and_seconds(page, server):
    # given Ann's game with a clock of 10 minutes a person, waiting on her
    created = requests.post(f"{server}/v1/games", json={
        "ruleset": "selfish-space", "seats": [{"name": "Ann"}, {"name": "Bob"}],
        "options": seeded_options({"seed": "browser-clocks", "first_seat": 0, "clock": {"initial_s": 600}})},
        timeout=10).json()
    _hold(page, created["id"], 0, created["tokens"][0]["token"], "Ann", "selfish-space")
    page.goto(f"/#/game/{created['id']}")
    # then both seats show their time bank; Ann's runs down, Bob's waits at 10 minutes
    ann = page.locator(".seats li[data-seat='0'] .clock.running")
    ann.wait_for()
    assert page.locator(".seats li[data-seat='1'] .clock").inner_text() == "⏱ 10 min 00 s"
    first = ann.inner_text()
    assert first.startswith("⏱ 9 min") or first == "⏱ 10 min 00 s", first
    page.wait_for_function(f"() => document.querySelector(\".seats li[data-seat='0'] .clock\").textContent.trim() !== {first!r}")


def test_a_player_who_asked_for_it_is_notified_of_their_turn_while_the_page_is_hidden(browser, server):
    # given Ann's page, hidden behind another tab, where notifications are recorded instead of shown
    context = browser.new_context(base_url=server)
    context.grant_permissions(["notifications"])
    context.add_init_script("""
        window.__shown = [];
        window.Notification = class { constructor(title, options) { window.__shown.push(title); }
          static get permission() { return 'granted'; } static requestPermission() { return Promise.resolve('granted'); } };
        Object.defineProperty(document, 'hidden', { get: () => window.__hidden === true });
    """)
    page = context.new_page()
    try:
        created = requests.post(f"{server}/v1/games", json={
            "ruleset": "selfish-space", "seats": [{"name": "Ann"}, {"name": "Bob", "bot": "strong"}],
            "options": seeded_options({"seed": "browser-notify", "first_seat": 1})}, timeout=10).json()
        _hold(page, created["id"], 0, created["tokens"][0]["token"], "Ann", "selfish-space")
        # when she asks to be notified, and the page is hidden while Bob (a bot) plays his turn
        page.evaluate("() => { window.__hidden = true; localStorage.setItem('stranded.notify', 'on'); }")
        page.goto(f"/#/game/{created['id']}")
        # then, when her turn comes, a notification says so
        page.wait_for_function("() => window.__shown.some(t => t.startsWith('Your turn'))")
        assert page.get_by_label("Notify me when it is my turn and this page is not in front").is_checked()
    finally:
        context.close()


def test_an_invitation_link_takes_a_friend_to_the_open_seat(page, browser, server):
    # given Ann's game with an open seat, waiting, on her page
    created = requests.post(f"{server}/v1/games", json={
        "ruleset": "selfish-space", "seats": [{"name": "Ann"}, {"open": True}],
        "options": seeded_options({"seed": "browser-invite"})}, timeout=10).json()
    _hold(page, created["id"], 0, created["tokens"][0]["token"], "Ann", "selfish-space")
    page.goto(f"/#/game/{created['id']}")
    # then the page offers an invitation link for the open seat, holding nothing secret
    link = page.get_by_label("Invitation link for Seat 1", exact=True).input_value()
    assert link == f"{server}/#/join/{created['id']}/1"
    assert created["tokens"][0]["token"] not in link
    # when Bob, in another browser, opens it and joins with his name
    other = browser.new_context()
    bob = other.new_page()
    try:
        bob.goto(link)
        bob.get_by_label("Your name").fill("Bob")
        bob.get_by_role("button", name="Join").click()
        # then he plays the seat, and Ann's page sees the game start
        bob.wait_for_selector("main.game[data-status=active]")
        assert "playing as Bob" in bob.locator(".game-head").inner_text()
        page.wait_for_selector("main.game[data-status=active]")
        assert page.locator(".invitations").count() == 0
    finally:
        other.close()


def test_an_invite_link_keeps_the_seat_for_the_friend_it_is_sent_to(page, browser, server):
    # given Ann creates a game in the lobby, seat 1 kept for a friend she invites with a link
    game_id = create_in_lobby(page, "selfish-space", ["human", "invite"], names=["Ann", ""])
    page.wait_for_selector("main.game[data-status=waiting]")
    # then her page offers the link holding the seat's invite code (and no seat token)
    assert "Seat 1: kept for the one person you send this link to" in page.locator(".invitations").inner_text()
    link = page.get_by_label("Invitation link for Seat 1", exact=True).input_value()
    assert link.startswith(f"{server}/#/invite/{game_id}/") and len(link.rsplit("/", 1)[1]) > 8
    assert "kept for an invited player" in page.locator(".seats li[data-seat='1']").inner_text()
    token = page.evaluate(f"() => JSON.parse(localStorage.getItem('stranded.seats'))['{game_id}'][0].token")
    assert token not in link
    other = browser.new_context(base_url=server)
    carl, bob = other.new_page(), None
    try:
        # when Carl, with no link, looks for open seats in the lobby: none to take, it is kept
        carl.goto("/")
        listed = carl.get_by_role("region", name="Open seats")
        kept = listed.locator(f"li[data-game='{game_id}']")          # other tests' games wait in the lobby too
        kept.wait_for()
        assert "Selfish: Space Edition: 1 seat kept for invited players" in kept.inner_text()
        assert kept.locator("form.join").count() == 0
        # and when Bob opens the link and joins with his name
        bob = other.new_page()
        bob.goto(link)
        bob.get_by_text("A seat is kept for you").wait_for()
        assert "You are invited to play with Ann" in bob.locator("main").inner_text()
        bob.get_by_label("Your name").fill("Bob")
        bob.get_by_role("button", name="Join").click()
        # then he plays that seat, and Ann's page sees the game start
        bob.wait_for_selector("main.game[data-status=active]")
        assert "playing as Bob" in bob.locator(".game-head").inner_text()
        assert _seat(server, game_id, 1)["name"] == "Bob"
        page.wait_for_selector("main.game[data-status=active]")
        assert page.locator(".invitations").count() == 0
    finally:
        other.close()


def test_a_player_who_turns_the_sound_on_hears_a_beep_when_the_turn_comes_back(browser, server):
    # given Ann's page, where the tones played through WebAudio are counted
    context = browser.new_context(base_url=server)
    context.add_init_script("""
        window.__tones = 0;
        const start = OscillatorNode.prototype.start;
        OscillatorNode.prototype.start = function (...args) { window.__tones += 1; return start.apply(this, args); };
    """)
    page = context.new_page()
    try:
        created = requests.post(f"{server}/v1/games", json={
            "ruleset": "selfish-space", "seats": [{"name": "Ann"}, {"name": "Bob", "bot": "strong"}],
            "options": seeded_options({"seed": "browser-sound", "first_seat": 0})}, timeout=10).json()
        _hold(page, created["id"], 0, created["tokens"][0]["token"], "Ann", "selfish-space")
        page.goto(f"/#/game/{created['id']}")
        page.wait_for_selector("main.game[data-status=active] button.command")
        # then the sound is off until she asks for it, and opening the page on her turn is silent
        toggle = page.get_by_label("Play a sound when it is my turn")
        assert not toggle.is_checked()
        assert page.evaluate("() => window.__tones") == 0
        # when she turns it on, she hears what it sounds like, and the choice is kept
        toggle.check()
        page.wait_for_function("() => window.__tones > 0")
        heard = page.evaluate("() => window.__tones")
        assert page.evaluate("() => localStorage.getItem('stranded.sound')") == "on"
        # when she breathes (her turn ends) and Bob, a bot, plays his
        page.get_by_role("button", name="Breathe, paying one Single Oxygen.").click()
        # then her turn comes back with a beep
        page.wait_for_function("() => document.title.startsWith('▶ Your turn') && window.__tones > %d" % heard,
                               timeout=60_000)
        # and a page opened later keeps the choice
        page.reload()
        page.wait_for_selector("main.game[data-status=active]")
        assert page.get_by_label("Play a sound when it is my turn").is_checked()
    finally:
        context.close()
