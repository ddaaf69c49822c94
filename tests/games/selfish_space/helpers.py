"""Helpers for the Selfish: Space Edition tests: stacked games and checks."""
from __future__ import annotations

from collections import Counter

from events.games.selfish_space import RULESET as R
from events.games.selfish_space.cards import GAME_DECK, SPACE_DECK

from ..invariants import Driver, assert_json_state  # noqa: F401  (assert_json_state: re-exported)


class Game(Driver):
    """A Selfish: Space Edition game, stacked by keyword (``hands``, ``game_deck``, ...)."""

    def __init__(self, seats: int = 2, seed: int = 0, first_seat: int | None = 0, rules_version: str | None = None,
                 **stack):
        options = {"stack": stack} if stack else {}
        if first_seat is not None:
            options["first_seat"] = first_seat
        if rules_version is not None:
            options["rules_version"] = rules_version
        super().__init__(R, seats, options, seed)

    # -- shortcuts into the state ---------------------------------------
    def hand(self, seat: int) -> list[str]:
        return self.state["hands"][seat]

    def pos(self, seat: int) -> int:
        return len(self.state["tracks"][seat])

    @property
    def turn(self) -> int:
        return self.state["turn"]


def hand(*cards: str, oxygen: int = 0, doubles: int = 0) -> list[str]:
    """A hand: the named cards plus ``oxygen`` Singles and ``doubles`` Doubles."""
    return list(cards) + ["oxygen"] * oxygen + ["double_oxygen"] * doubles


def card_counts(state) -> tuple[Counter, Counter]:
    game = Counter(state["game_deck"]) + Counter(state["game_discard"])
    for h in state["hands"]:
        game += Counter(h)
    space = Counter(state["space_deck"]) + Counter(state["space_discard"])
    for t in state["tracks"]:
        space += Counter(t)
    return game, space


def assert_cards_accounted(state) -> None:
    game, space = card_counts(state)
    assert game == Counter(GAME_DECK), "Game cards lost or duplicated"
    assert space == Counter(SPACE_DECK), "Space cards lost or duplicated"

