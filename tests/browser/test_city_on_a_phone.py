"""One Against the Dead's city on a 390x844 phone: the grid never scrolls sideways inside its
frame, every place a legal move names is on screen as a button, and West/East show the rest
of the city."""
from __future__ import annotations

import requests

from tests.browser.client import api_view, create_in_lobby, status, version, wait_for_move_or_end
from tests.browser.conftest import PHONE

FRAME = ".board.city"


def _token_of(page, game_id: str) -> str:
    return page.evaluate(f"() => JSON.parse(localStorage.getItem('stranded.seats'))['{game_id}'][0].token")


def _places_of_legal_moves(server: str, game_id: str, token: str) -> tuple[int, set]:
    legal = requests.get(f"{server}/v1/games/{game_id}/legal-commands",
                         headers={"Authorization": f"Bearer {token}"}, timeout=5).json()
    return legal["version"], {(c["command"]["x"], c["command"]["y"]) for c in legal["commands"]
                              if isinstance(c["command"].get("x"), int) and isinstance(c["command"].get("y"), int)}


def _frame_fits(page) -> None:
    """No sideways scrolling: not in the frame, not on the page."""
    widths = page.evaluate(f"""() => {{ const f = document.querySelector('{FRAME}');
        return [f.scrollWidth, f.clientWidth, document.documentElement.scrollWidth]; }}""")
    assert widths[0] <= widths[1] and widths[2] <= PHONE["width"], widths


def _pickable_on_screen(page) -> set:
    """The places the board offers as buttons, each checked to lie inside the frame's width."""
    cells = page.evaluate(f"""() => {{ const f = document.querySelector('{FRAME}').getBoundingClientRect();
        return [...document.querySelectorAll('{FRAME} .cell[data-pickable]')].map(c => {{
          const r = c.getBoundingClientRect();
          return [Number(c.dataset.x), Number(c.dataset.y), r.left >= f.left - 0.5 && r.right <= f.right + 0.5 && r.width >= 24];
        }}); }}""")
    assert all(inside for *_, inside in cells), cells
    return {(x, y) for x, y, _ in cells}


def _shown_columns(page) -> set:
    return set(page.evaluate(f"() => [...document.querySelectorAll('{FRAME} .cell')].map(c => Number(c.dataset.x))"))


def test_the_city_fits_a_phone_with_every_move_on_the_board(browser, server, artifacts):
    # given One Against the Dead on a 390x844 phone
    context = browser.new_context(viewport=PHONE, base_url=server, is_mobile=True, has_touch=True)
    context.set_default_timeout(20_000)
    page = context.new_page()
    try:
        game_id = create_in_lobby(page, "one-against-the-dead", ["human"], names=["Ann"],
                                  options={"seed": "phone-city"})
        token = _token_of(page, game_id)
        on_board = 0
        for _ in range(8):
            wait_for_move_or_end(page)
            if status(page) == "finished":
                break
            # then the city is a window of columns that fits, and every place a legal move
            # names is a button on it, on screen
            _frame_fits(page)
            at, places = _places_of_legal_moves(server, game_id, token)
            if at != version(page):
                continue  # the page is about to move on: look again
            assert _pickable_on_screen(page) == places
            before = version(page)
            # when Ann taps a place on the city when there is one, else a move button
            if places:
                page.locator(f"{FRAME} .cell[data-pickable]").first.tap()
                on_board += 1
                if page.locator(".commands .focus").count():
                    page.locator("button.command:not([disabled])").first.tap()
            else:
                page.locator("button.command:not([disabled])").first.tap()
            page.wait_for_function(f"() => Number(document.querySelector('main.game').dataset.version) > {before}")
        assert on_board >= 2
        page.screenshot(path=artifacts / "one-against-the-dead-phone-city.png", full_page=True)

        # when the city is wider than the window, West and East show the rest of it
        wait_for_move_or_end(page)
        view = api_view(server, game_id, at=version(page), token=token)["view"]
        city_xs = {s["x"] for s in view["city"]} | {view["start"]["x"], view["end"]["x"]}
        shown = _shown_columns(page)
        assert len(shown) < len(city_xs | shown)  # the whole city does not fit: a window shows
        for side in ["east", "west"]:
            button = page.locator(f"{FRAME} .city-pan button.{side}")
            for _ in range(30):
                if button.is_disabled():
                    break
                button.tap()
                _frame_fits(page)
                shown |= _shown_columns(page)
        # then every column of the city was shown, the frame never scrolling sideways
        assert city_xs <= shown, (sorted(city_xs), sorted(shown))
    finally:
        context.close()
