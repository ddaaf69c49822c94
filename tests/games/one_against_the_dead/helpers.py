"""Helpers for the One Against the Dead tests: a stacked-deck game driver and checks."""
from __future__ import annotations

from collections import Counter

from events.games.one_against_the_dead import RULESET as R
from events.games.one_against_the_dead.cards import DECK

from ..invariants import Driver, assert_json_state  # noqa: F401  (assert_json_state: re-exported)

#: The seven face-down placeholders of every stacked game here (they go back into the deck).
PLACEHOLDERS = ["2C", "4C", "5C", "6C", "8H", "9C", "10D"]

#: A quiet opening: the start (2 of hearts) checked out so that no zombie spawns. Placement order
#: matters (each card is compared with the face-up cards already beside it); (1, 0) comes last.
QUIET = [(0, 1, "2S"), (-1, 1, "8S"), (-1, 0, "8C"), (-1, -1, "8D"),
         (0, -1, "2D"), (1, -1, "9D"), (1, 1, "9S"), (1, 0, "9H")]


#: A start walled in by Special Locations on its four sides, no zombie anywhere: the King of spades
#: above, the Queen of spades left, the Jack of spades below, the King of hearts right (each card
#: matches the cards already beside it, so nothing spawns). Six dice, one per face card.
WALLED = [(0, 1, "KS"), (-1, 1, "8S"), (-1, 0, "QS"), (-1, -1, "4S"),
          (0, -1, "JS"), (1, -1, "JH"), (1, 1, "KD"), (1, 0, "KH")]


def opening(**cards):
    """The quiet opening with some places holding other cards: ``opening(**{"0,1": "KS"})``."""
    return [(x, y, cards.get(f"{x},{y}", c)) for x, y, c in QUIET]


class Game(Driver):
    """A stacked game driven command by command; ``state`` is the live state, ``events`` the log.

    ``Game(opening, then=[...], start="2H", end="10C", seed=0, dice=..., flips=..., weapons=...)``
    stacks the deck as start, placeholders, end, the opening's cards, then ``then``, and places
    the opening's cards where it says; ``placeholders`` changes the seven face-down cards and
    ``rules_version`` plays an older rules version.
    """

    def __init__(self, opening=QUIET, then=(), start="2H", end="10C", seed=0, rules_version=None,
                 placeholders=PLACEHOLDERS, **stack):
        deck = [start, *placeholders, end, *(c for _, _, c in opening), *then]
        options = {"stack": {"deck": deck, **stack}}
        if rules_version:
            options["rules_version"] = rules_version
        super().__init__(R, 1, options, seed)
        self.place(*[(x, y) for x, y, _ in opening])

    def do(self, command: dict | str, **args) -> list[dict]:
        """Decide ``command`` (or a type and its arguments) for seat 0 and fold its events."""
        return super().do(0, command, **args)

    def place(self, *slots) -> None:
        """Place the drawn cards at ``slots`` in turn (a lone open slot fills itself)."""
        for x, y in slots:
            if self.state["phase"] == "place":
                self.do("PlaceCard", x=x, y=y)

    def move(self, x: int, y: int, *slots) -> list[dict]:
        """Move to ``(x, y)`` and place the cards drawn there at ``slots``."""
        batch = self.do("Move", x=x, y=y)
        self.place(*slots)
        return batch

    # -- shortcuts into the state ---------------------------------------
    def card(self, x: int, y: int) -> str | None:
        return self.state["city"].get(f"{x},{y}")

    def zombies(self, x: int, y: int) -> dict:
        z = self.state["zombies"].get(f"{x},{y}", {})
        return {k: n for k, n in z.items() if n}

    def put_zombies(self, x: int, y: int, **kinds: int) -> None:
        """Given: these zombies stand on ``(x, y)`` (test set-up; zombies are not cards)."""
        self.state["zombies"][f"{x},{y}"] = {k: kinds.get(k, 0) for k in ("GH", "GT", "LH", "LT")}

    @property
    def phase(self) -> str:
        return self.state["phase"]

    @property
    def legal(self) -> list[dict]:
        return R.legal_commands(self.state, 0)


def attack_ready(flips=(), weapon=None, **zombies) -> Game:
    """Given: the quiet opening, the player carrying ``weapon`` with ``zombies`` on the start
    (``GH=2, LT=1``...); the action phase ended, so the player is to attack."""
    g = Game(flips=list(flips))
    g.state["weapon"] = weapon
    g.put_zombies(0, 0, **zombies)
    g.do("EndActions")
    assert g.phase == "attack"
    return g


def types(batch: list[dict]) -> list[str]:
    """The event types of ``batch``, in order."""
    return [e["type"] for e in batch]


def of_type(batch: list[dict], type_: str) -> list[dict]:
    """The data of every ``type_`` event in ``batch``, in order."""
    return [e["data"] for e in batch if e["type"] == type_]


def assert_cards_accounted(state) -> None:
    """All 54 cards: in the deck, in the city, or drawn and waiting to be placed."""
    cards = Counter(state["deck"]) + Counter(state["city"].values())
    if state["drawn"] is not None:
        cards[state["drawn"]] += 1
    assert cards == Counter(DECK), "cards lost or duplicated"

