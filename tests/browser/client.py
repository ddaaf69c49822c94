"""Driving the web client as a person would, and reading its board back.

``create_in_lobby`` fills the lobby's form; ``play_to_end`` clicks legal moves
(on the board when it offers them, else the labelled buttons) until the game
is over. ``board_facts`` reads what the board shows (pawns, cards, tiles,
zombies) from the page, and ``view_facts`` the same facts from the API's view,
so a test can check that the board is the view.
"""
from __future__ import annotations

import json
import random

import requests
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.helpers import seeded_options
from tests.helpers import wait_finished  # noqa: F401 - the browser tests import it from here

GAME = "main.game"


def refuse_as_rate_limited(route, retry_after_s: int = 1) -> None:
    """Answer a routed request as the server's limit on costly reads does: 429 ``rate_limited``
    with ``Retry-After`` (seconds)."""
    route.fulfill(status=429, headers={"Retry-After": str(retry_after_s), "Content-Type": "application/json"},
                  body=json.dumps({"error": {"code": "rate_limited", "message": "Too many requests."}}))


def finished_bot_game(server: str, seed: str) -> str:
    """A two-seat Selfish: Zombie Edition game between ``random`` bots (Ann and Bob), played to its
    end; its id."""
    created = requests.post(f"{server}/v1/games", json={
        "ruleset": "selfish-zombie", "seats": [{"name": "Ann", "bot": "random"}, {"name": "Bob", "bot": "random"}],
        "options": seeded_options({"seed": seed})}, timeout=10).json()
    wait_finished(server, created["id"])
    return created["id"]


def create_in_lobby(page, ruleset: str, seats: list[str], names: list[str] | None = None,
                    options: dict | None = None) -> str:
    """Create a game from the lobby; ``seats`` are roles ("human", "open", "bot:<policy>").

    Returns the game id (from the address the lobby goes to).
    """
    page.goto("/")
    page.select_option("select[name=ruleset]", ruleset)
    page.fill("input[name=seat-count]", str(len(seats)))
    for i, role in enumerate(seats):
        page.select_option(f"select[name=seat-{i}]", role)
        if names and names[i]:
            page.fill(f"input[name=name-{i}]", names[i])
    options = seeded_options(options or {})
    if options:
        page.click("details.options > summary")
        page.click("details.advanced > summary")
        for name, value in options.items():
            field = page.locator(f"#opt-{name}")
            if isinstance(value, bool):
                field.set_checked(value)
            elif name == "clock":
                field.fill(str(value["initial_s"] / 60))
                page.fill(f"#opt-{name}-increment", str(value.get("increment_s", 0)))
            elif name.endswith("_s"):
                field.fill(str(value / 60))  # times are asked in minutes
            else:
                field.fill(json.dumps(value) if isinstance(value, (dict, list)) else str(value))
    page.click("form.create button[type=submit]")
    page.wait_for_selector(GAME)
    return page.url.split("/")[-1]


def version(page) -> int:
    """The version the page shows."""
    return int(page.get_attribute(GAME, "data-version"))


def status(page) -> str:
    return page.get_attribute(GAME, "data-status")


def wait_for_move_or_end(page, timeout_ms: int = 60_000) -> None:
    """Wait until this seat has a move to make, or the game is over."""
    page.wait_for_function(
        """() => {
          const main = document.querySelector('main.game');
          if (!main) return false;
          if (main.dataset.status === 'finished') return true;
          return !!document.querySelector('button.command:not([disabled])');
        }""", timeout=timeout_ms)


def play_to_end(page, rng: random.Random, max_moves: int = 2000, board_share: float = 0.5,
                check=None) -> dict:
    """Click legal moves until the game is finished; returns counts of board and button clicks.

    Each move: when the board marks places or cards as playable, click one of
    them with probability ``board_share`` (a board click standing for several
    commands narrows the button list to them, and one of those is clicked);
    else click one of the labelled command buttons. After each click the page
    must show a newer version before the next move. ``check()``, if given, is
    called whenever the page is ready for the next move.
    """
    counts = {"board": 0, "buttons": 0}
    for _ in range(max_moves):
        wait_for_move_or_end(page)
        if check is not None:
            check()
        if status(page) == "finished":
            return counts
        before = version(page)
        pickable = page.locator(".board [data-pickable]")
        buttons = page.locator("button.command:not([disabled])")
        on_board, offered = pickable.count(), buttons.count()
        if not offered:
            continue  # the page moved on meanwhile (an automatic pass, a bot's move): look again
        try:
            if on_board and rng.random() < board_share:
                pickable.nth(rng.randrange(on_board)).click(timeout=3000)
                counts["board"] += 1
                if page.locator(".commands .focus").count():
                    buttons.nth(rng.randrange(max(1, buttons.count()))).click(timeout=3000)
            else:
                buttons.nth(rng.randrange(offered)).click(timeout=3000)
                counts["buttons"] += 1
        except PlaywrightTimeout:
            continue  # what was counted went away before the click (the game moved on): look again
        page.wait_for_function(f"() => Number(document.querySelector('main.game').dataset.version) > {before}"
                               " || document.querySelector('.error')", timeout=30_000)
    raise AssertionError(f"the game did not end within {max_moves} moves")


def api_view(base: str, game_id: str, at: int | None = None, token: str | None = None) -> dict:
    """The API's view (spectator unless ``token``), now or at version ``at``."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    url = f"{base}/v1/games/{game_id}/view" + (f"?at={at}" if at else "")
    response = requests.get(url, headers=headers, timeout=10)
    response.raise_for_status()
    return response.json()


# -- the board, read from the page and from the view ---------------------------

BOARD_JS = {
    "selfish": """() => [...document.querySelectorAll('.selfish .column')].map(col => ({
        seat: Number(col.dataset.seat),
        position: Number(col.querySelector('.pawn').closest('.space').dataset.space),
        passed: col.querySelectorAll('.space [data-passed]').length,
      }))""",
    "city": """() => ({
        placed: [...document.querySelectorAll('.city .cell.location, .city .cell.face-down')]
          .map(c => [Number(c.dataset.x), Number(c.dataset.y), c.classList.contains('location')]).sort(),
        player: [...document.querySelectorAll('.city .cell.player-here')].map(c => [Number(c.dataset.x), Number(c.dataset.y)]),
        dice: [...document.querySelectorAll('.city .cell')].filter(c => c.querySelector('.die'))
          .map(c => [Number(c.dataset.x), Number(c.dataset.y), Number(c.querySelector('.die').textContent)]).sort(),
        zombies: [...document.querySelectorAll('.city .cell')].filter(c => c.querySelector('.zombie'))
          .map(c => [Number(c.dataset.x), Number(c.dataset.y), [...c.querySelectorAll('.zombie')]
          .reduce((n, z) => n + parseInt(z.textContent, 10), 0)]).sort(),
      })""",
    "tilemap": """() => ({
        tiles: [...document.querySelectorAll('.tilemap > svg g.tile')].map(g => [g.dataset.cell, g.dataset.tile, Number(g.dataset.rotation)]).sort(),
        zombies: [...document.querySelectorAll('.tilemap g.zombie-g')].map(g => [g.dataset.space, Number(g.dataset.count)]).sort(),
        pawns: [...document.querySelectorAll('.tilemap g.pawn-g')].map(g => [Number(g.dataset.seat), g.dataset.space]).sort(),
        tokens: [...document.querySelectorAll('.tilemap [class^=token-]')].map(t => [t.dataset.space, t.getAttribute('class')]).sort(),
      })""",
}

KIND = {"selfish-space": "selfish", "selfish-zombie": "selfish", "one-against-the-dead": "city",
        "zombies-quickplay": "tilemap"}


def board_facts(page, ruleset: str) -> tuple[int, object]:
    """``(version, facts)``: the version the page shows and what its board shows, as plain
    data (see ``view_facts``), read in one go so a re-render cannot fall between them."""
    read = page.evaluate(f"""() => ({{version: Number(document.querySelector('{GAME}').dataset.version),
                                     facts: ({BOARD_JS[KIND[ruleset]]})()}})""")
    return read["version"], _normalise(read["facts"])


def view_facts(ruleset: str, view: dict):
    """The same facts as ``board_facts``, from the API's view body."""
    kind = KIND[ruleset]
    if kind == "selfish":
        return _normalise([{"seat": s, "position": view["positions"][s], "passed": len(view["tracks"][s])}
                           for s in range(view["seats"])])
    if kind == "city":
        spots = view["city"]
        return _normalise({
            "placed": sorted([s["x"], s["y"], s["face_up"]] for s in spots),
            "player": [[view["player"]["x"], view["player"]["y"]]],
            "dice": sorted([s["x"], s["y"], s["die"]] for s in spots if s["die"]),
            "zombies": sorted([s["x"], s["y"], sum(s["zombies"].values())] for s in spots
                              if s["zombies"] and sum(s["zombies"].values())),
        })
    board = view["map"]
    return _normalise({
        "tiles": sorted([cell, t["tile"], t["rotation"]] for cell, t in board["tiles"].items()),
        "zombies": sorted([space, board["zombies"].count(space)] for space in set(board["zombies"])),
        "pawns": sorted([p["seat"], p["space"]] for p in view["players"] if p["space"]),
        "tokens": sorted([space, "token-" + kind] for space, kind in board["tokens"].items()),
    })


def _normalise(value):
    """Lists of lists as tuples (so JSON from the page and Python data compare equal)."""
    return json.loads(json.dumps(value))
