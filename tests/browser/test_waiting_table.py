"""A table before the start, from the page: the browser that created the game cancels it; a player
who joined leaves the table and the seat is open again."""
from __future__ import annotations

import requests

from tests.browser.client import create_in_lobby


def test_the_creator_cancels_a_waiting_game_from_its_page(page, server, artifacts):
    # given Ann creates a game in the lobby with a seat open for anyone
    game_id = create_in_lobby(page, "selfish-space", ["human", "open"], names=["Ann", ""])
    page.wait_for_selector("main.game[data-status=waiting]")
    # when she cancels it from its page and confirms
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Cancel the game").click()
    # then the page says so, and the server holds it cancelled
    page.wait_for_selector("main.game[data-status=cancelled]")
    page.get_by_text("The game was cancelled before it started.").first.wait_for()
    assert requests.get(f"{server}/v1/games/{game_id}", timeout=5).json()["status"] == "cancelled"
    page.screenshot(path=artifacts / "selfish-space-cancelled.png", full_page=True)
    # and the lobby no longer offers its open seat
    page.goto("/")
    open_seats = page.get_by_role("region", name="Open seats")
    open_seats.wait_for()
    assert open_seats.locator(f"li[data-game='{game_id}']").count() == 0
    # while her own list of games says it was cancelled
    mine = page.get_by_role("region", name="Your games").locator(f"li[data-game='{game_id}']")
    mine.wait_for()
    assert "cancelled" in mine.inner_text()
    page.screenshot(path=artifacts / "lobby-with-a-cancelled-game.png", full_page=True)


def test_a_player_who_joined_leaves_the_table_before_the_start_and_the_seat_is_open_again(page, browser, server):
    # given Ann's waiting game, and Bob who joined its open seat from another browser
    game_id = create_in_lobby(page, "selfish-space", ["human", "open", "open"], names=["Ann", "", ""])
    page.wait_for_selector("main.game[data-status=waiting]")
    link = page.get_by_label("Invitation link for Seat 1", exact=True).input_value()
    other = browser.new_context(base_url=server)
    try:
        bob = other.new_page()
        bob.goto(link)
        bob.get_by_label("Your name").fill("Bob")
        bob.get_by_role("button", name="Join").click()
        bob.wait_for_selector("main.game[data-status=waiting]")
        # then Bob is offered to leave the table, not to cancel Ann's game
        assert bob.get_by_role("button", name="Cancel the game").count() == 0
        # when he leaves it and confirms
        bob.once("dialog", lambda dialog: dialog.accept())
        bob.get_by_role("button", name="Leave the table").click()
        # then his browser is back in the lobby, holding no seat of it, and the seat is open again
        bob.wait_for_url(lambda url: url.rstrip("/").endswith(server.split("//")[1]) or url.endswith("#/"))
        seat = requests.get(f"{server}/v1/games/{game_id}", timeout=5).json()["seats"][1]
        assert seat["open"] is True and seat["name"] != "Bob"
        held = bob.evaluate("() => JSON.parse(localStorage.getItem('stranded.seats') || '{}')")
        assert game_id not in held
    finally:
        other.close()
