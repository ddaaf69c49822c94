"""Zombies!!! Quickplay played on the map: a whole ordinary turn -- lay the drawn tile, roll,
walk several spaces, move a zombie several spaces, end the turn -- in at most six clicks, each
found by its visible role and name, never by a move-list button."""
from __future__ import annotations

import re

import requests

from tests.browser.test_table import _hold
from tests.helpers import seeded_options

#: The most clicks an ordinary Quickplay turn may take on the board.
MOST_CLICKS = 6


def _ann_against_a_bot(server: str) -> tuple[str, str]:
    """Ann (seat 0, first to play) against a bot; the first tile drawn is the Hospital."""
    created = requests.post(f"{server}/v1/games", json={
        "ruleset": "zombies-quickplay", "seats": [{"name": "Ann"}, {"name": "Bob", "bot": "strong"}],
        "options": seeded_options({"seed": "browser-board-turn", "first_seat": 0,
                                   "stack": {"tiles": ["hospital", "straight", "crossroads", "helipad"]}})},
        timeout=10).json()
    return created["id"], created["tokens"][0]["token"]


def _version(page) -> int:
    return int(page.get_attribute("main.game", "data-version"))


def _buttons(page, pattern: str):
    """The board's buttons (map places and the buttons under the map) whose name matches."""
    return page.locator(".board").get_by_role("button", name=re.compile(pattern))


def _steps(locator) -> int:
    match = re.search(r"(\d+) steps?", locator.get_attribute("aria-label") or "")
    return int(match.group(1)) if match else 0


def test_an_ordinary_quickplay_turn_takes_at_most_six_clicks_on_the_board(page, server, artifacts):
    # given Ann's Quickplay game, her turn beginning with a drawn tile to lay
    game_id, token = _ann_against_a_bot(server)
    _hold(page, game_id, 0, token, "Ann", "zombies-quickplay")
    page.goto(f"/#/game/{game_id}")
    page.wait_for_selector("main.game[data-status=active]")
    clicks: list[str] = []

    def click(locator) -> None:
        """Click one board button and wait until the page shows a newer version."""
        before = _version(page)
        clicks.append(locator.get_attribute("aria-label") or locator.inner_text())
        locator.click()
        page.wait_for_function(
            f"() => Number(document.querySelector('main.game').dataset.version) > {before}"
            " && !document.querySelector('.board [aria-disabled=true], .board-actions button:disabled')")

    def ann_to_act() -> bool:
        summary = requests.get(f"{server}/v1/games/{game_id}", timeout=5).json()
        return any(d["seat"] == 0 for d in summary["to_act"])

    # when she plays her turn on the board: lay the tile where it fits ...
    _buttons(page, r"^Lay the Hospital on tile cell").first.wait_for()
    click(_buttons(page, r"^Lay the Hospital on tile cell").first)
    if _buttons(page, r"as shown$").count():
        click(_buttons(page, r"as shown$").first)
    # ... roll, then walk as far as she may in one click (not into a fight) ...
    click(_buttons(page, r"^Roll movement$"))
    _buttons(page, r"^Walk to").first.wait_for()
    walks = [w for w in _buttons(page, r"^Walk to").all() if "fight" not in (w.get_attribute("aria-label") or "")]
    assert walks, "the walks her roll allows are marked on the map"
    farthest = max(walks, key=_steps)
    assert _steps(farthest) > 1, "one click walks several steps"
    click(farthest)
    # ... pick a zombie and send it as far as it may go in one click ...
    moved_zombie = False
    _buttons(page, r"^(Choose the zombie|End turn)").first.wait_for()
    if _buttons(page, r"^Choose the zombie").count():
        click(_buttons(page, r"^Choose the zombie").first)
        _buttons(page, r"^Move the zombie to").first.wait_for()
        click(max(_buttons(page, r"^Move the zombie to").all(), key=_steps))
        moved_zombie = True
    # ... and end the turn
    if ann_to_act():
        click(_buttons(page, r"^End turn$").first)
    # then her turn is over (Bob's has begun), in at most six clicks
    events = requests.get(f"{server}/v1/games/{game_id}/events?limit=1000", timeout=10).json()["events"]
    assert [e["data"]["seat"] for e in events if e["type"] == "TurnStarted"][:2] == [0, 1], clicks
    assert len(clicks) <= MOST_CLICKS, clicks
    assert moved_zombie, clicks
    assert len([e for e in events if e["type"] == "PawnMoved"]) >= 2, "the walk was sent as several steps"
    assert len([e for e in events if e["type"] == "ZombieMoved"]) >= 1
    page.screenshot(path=artifacts / "zombies-quickplay-board-turn.png", full_page=True)


def test_the_drawn_tile_is_turned_and_laid_on_its_spot_on_the_map(page, server):
    # given Ann's turn with a T-junction drawn, which fits south of the Town Square in several ways
    created = requests.post(f"{server}/v1/games", json={
        "ruleset": "zombies-quickplay", "seats": [{"name": "Ann"}, {"name": "Bob", "bot": "strong"}],
        "options": seeded_options({"seed": "browser-board-tile", "first_seat": 0,
                                   "stack": {"tiles": ["t_junction", "straight", "helipad"]}})}, timeout=10).json()
    game_id = created["id"]
    _hold(page, game_id, 0, created["tokens"][0]["token"], "Ann", "zombies-quickplay")
    page.goto(f"/#/game/{game_id}")
    # when she clicks the free cell south of the Town Square
    _buttons(page, r"^Lay the T-junction \(Media Buy\) on tile cell \(0, 1\)$").click()
    # then the tile lies there on the map, and she turns it once
    preview = page.locator(".tilemap .ghost .tile-preview")
    preview.wait_for()
    first = int(preview.get_attribute("data-rotation"))
    _buttons(page, r"^Turn the T-junction \(Media Buy\)$").click()
    page.wait_for_function(f"() => Number(document.querySelector('.tilemap .ghost .tile-preview').dataset.rotation) !== {first}")
    turned = int(preview.get_attribute("data-rotation"))
    # when she clicks the tile, then it is laid as shown
    _buttons(page, r"as shown$").click()
    page.wait_for_selector(".tilemap .ghost", state="detached")
    events = requests.get(f"{server}/v1/games/{game_id}/events?limit=1000", timeout=10).json()["events"]
    placed = [e["data"] for e in events if e["type"] == "TilePlaced"]
    assert placed and (placed[0]["x"], placed[0]["y"], placed[0]["rotation"]) == (0, 1, turned)


def test_places_on_the_map_are_named_by_their_tile_in_the_moves_and_the_log(page, server, artifacts):
    # given Ann's Quickplay game, her first turn: she lays the Hospital and rolls
    game_id, token = _ann_against_a_bot(server)
    _hold(page, game_id, 0, token, "Ann", "zombies-quickplay")
    page.goto(f"/#/game/{game_id}")
    _buttons(page, r"^Lay the Hospital on tile cell").first.click()
    if _buttons(page, r"as shown$").count():
        _buttons(page, r"as shown$").first.click()
    _buttons(page, r"^Roll movement$").click()
    # then each walk on the map and each step in the move list names the tile of its space
    _buttons(page, r"^Walk to").first.wait_for()
    tile = r"on the (Town Square|Hospital|Straight street \(Theater 6\)|Crossroads|Helipad) tile"
    for walk in _buttons(page, r"^Walk to").all():
        assert re.match(rf"^Walk to \(-?\d+, -?\d+\) {tile}: \d+ steps?", walk.get_attribute("aria-label")), \
            walk.get_attribute("aria-label")
    steps = page.locator("section.commands button.command[data-type=Move] .label").all_inner_texts()
    assert steps and all(re.search(rf"\(-?\d+, -?\d+\) {tile}", text) for text in steps), steps
    # when she walks
    walks = [w for w in _buttons(page, r"^Walk to").all() if "fight" not in (w.get_attribute("aria-label") or "")]
    max(walks, key=_steps).click()
    # then the log tells each step with the tile it reached; a tile laid keeps its cell alone
    page.locator(".log li.event[data-type=PawnMoved]").first.wait_for()
    moved = page.locator(".log li.event[data-type=PawnMoved] .sentence").all_inner_texts()
    assert all(re.fullmatch(rf"Ann moved to \(-?\d+, -?\d+\) {tile} \(walk\)\.", text) for text in moved), moved
    laid = page.locator(".log li.event[data-type=TilePlaced] .sentence").inner_text()
    assert re.fullmatch(r"Ann placed the Hospital tile at \(-?\d+, -?\d+\)\.", laid), laid
    page.screenshot(path=artifacts / "zombies-quickplay-tile-names.png", full_page=True)
    # and coordinates a label calls a tile cell's (a card's "at tile cell (0, -1)") stay a cell's
    cell = "Play Just When You Thought It Couldn't Get Any Worse on the Hospital at tile cell (0, -1)."
    named = page.evaluate("""async (text) => (await import('/web/ui.js'))
        .withPlaceNames(text, [[0, -1]], () => 'Hospital')""", cell)
    assert named == cell, named
    assert page.evaluate("""async () => (await import('/web/ui.js'))
        .withPlaceNames('Put a zombie on (1, -2).', [[1, -2]], () => 'Hospital')""") == \
        "Put a zombie on (1, -2) on the Hospital tile."
