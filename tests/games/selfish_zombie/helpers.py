"""Helpers for the Selfish: Zombie Edition tests: stacked games and checks."""
from __future__ import annotations

from collections import Counter

from events.games.selfish_zombie import RULESET as R
from events.games.selfish_zombie.cards import GAME_DECK, WASTELAND_DECK

from ..invariants import Driver, assert_json_state  # noqa: F401  (assert_json_state: re-exported)


class Game(Driver):
    """A Selfish: Zombie Edition game, stacked by keyword (``hands``, ``wasteland_deck``, ``dice``, ...)."""

    def __init__(self, seats: int = 2, seed: int = 0, first_seat: int | None = 0, rules_version: str | None = None,
                 **stack):
        options = {"stack": stack} if stack else {}
        if first_seat is not None:
            options["first_seat"] = first_seat
        if rules_version is not None:
            options["rules_version"] = rules_version
        super().__init__(R, seats, options, seed)

    def hand(self, seat: int) -> list[str]:
        return self.state["hands"][seat]

    def pos(self, seat: int) -> int:
        return len(self.state["tracks"][seat])

    @property
    def turn(self) -> int:
        return self.state["turn"]

    @property
    def phase(self) -> str:
        return R.view(self.state, None)["phase"]

    @property
    def outcome(self):
        return R.outcome(self.state)


def hand(*cards: str, supplies: int = 0, doubles: int = 0) -> list[str]:
    """A hand: the named cards plus ``supplies`` Singles and ``doubles`` Doubles."""
    return list(cards) + ["supplies"] * supplies + ["double_supplies"] * doubles


def assert_cards_accounted(state) -> None:
    game = Counter(state["game_deck"]) + Counter(state["game_discard"])
    for h in state["hands"]:
        game += Counter(h)
    game += Counter("alliance" for _ in state["alliances"])
    waste = Counter(state["wasteland_deck"]) + Counter(state["wasteland_discard"])
    for t, a in zip(state["tracks"], state["ahead"]):
        waste += Counter(t) + Counter(a)
    assert game == Counter(GAME_DECK), "Game cards lost or duplicated"
    assert waste == Counter(WASTELAND_DECK), "Wasteland cards lost or duplicated"

