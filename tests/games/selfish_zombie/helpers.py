"""Helpers for the Selfish: Zombie Edition tests: stacked games and checks."""
from __future__ import annotations

import json
import random
from collections import Counter

from events.games.selfish_zombie import RULESET as R
from events.games.selfish_zombie.cards import GAME_DECK, WASTELAND_DECK


class Game:
    """A game driven command by command; ``state`` is the live state, ``events`` the log."""

    def __init__(self, seats: int = 2, seed: int = 0, **stack):
        self.seed = seed
        self.events = R.setup({"stack": stack} if stack else {}, seats, random.Random(seed))
        self.state = R.fold(self.events)

    def do(self, seat: int, command: dict | str, **args) -> list[dict]:
        if isinstance(command, str):
            command = {"type": command, **args}
        batch = R.decide(self.state, seat, command, random.Random(self.seed + len(self.events)))
        for e in batch:
            self.state = R.evolve(self.state, e)
        self.events += batch
        return batch

    @staticmethod
    def types(batch: list[dict]) -> list[str]:
        return [e["type"] for e in batch]

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
    def pending(self):
        return R.pending(self.state)

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


def assert_json_state(state) -> None:
    assert json.loads(json.dumps(state)) == state
