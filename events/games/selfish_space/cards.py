"""Card data and constants: the two decks, what each card is, the board size.

Cards are kind strings (``"oxygen"``, ``"laser_blast"``...). A hand, a pile or a
track is a plain list of kinds; the top of a draw pile is index 0, the top of a
discard pile is its last item.
"""
from __future__ import annotations

from events.games.selfish.board import Board
from events.games.selfish.paying import Supplies
from events.games.selfish.stack import expand

#: The rules level new games are set up with (``selfish-space/2``); level-1 logs keep their rules
#: (docs/rules/selfish-space.md, 'Rules versions').
LEVEL = 2

#: Spaces between the starting space and the ship.
SHIP = 6

#: Game deck (78 cards): kind -> copies.
GAME_DECK: dict[str, int] = {
    "oxygen": 38,
    "double_oxygen": 10,
    "oxygen_siphon": 3,
    "shield": 4,
    "hack_suit": 3,
    "tractor_beam": 4,
    "rocket_booster": 4,
    "laser_blast": 4,
    "hole_in_suit": 4,
    "tether": 4,
}

#: Space deck (42 cards): kind -> copies.
SPACE_DECK: dict[str, int] = {
    "blank": 9,
    "useful_junk": 5,
    "mysterious_nebula": 2,
    "hyperspace": 1,
    "meteoroid": 4,
    "cosmic_radiation": 6,
    "asteroid_field": 2,
    "gravitational_anomaly": 4,
    "wormhole": 4,
    "solar_flare": 5,
}

GAME_CARDS = sum(GAME_DECK.values())
SPACE_CARDS = sum(SPACE_DECK.values())

SINGLE = "oxygen"
DOUBLE = "double_oxygen"
OXYGEN = (SINGLE, DOUBLE)

#: Every Action card (Shield included: it counts when breathing with Actions).
ACTIONS = tuple(k for k in GAME_DECK if k not in OXYGEN)
#: Action cards played on another astronaut (need a ``target``).
TARGETED = ("oxygen_siphon", "hack_suit", "tractor_beam", "laser_blast", "hole_in_suit", "tether")
#: Targeted cards whose target must have left the starting space.
NEEDS_TRACK = ("laser_blast", "tether")
#: Action cards a player may play in phase 2 (Shield is only a reaction).
PLAYABLE = tuple(k for k in ACTIONS if k != "shield")

#: Opening hand: 1 Double + 4 Singles, then 4 more cards from the shuffled deck.
OPENING_OXYGEN = [DOUBLE, SINGLE, SINGLE, SINGLE, SINGLE]
OPENING_DRAW = 4

#: The resource: Single and Double Oxygen (events.games.selfish.paying).
SUPPLIES = Supplies(SINGLE, DOUBLE)
#: The board: Space cards behind each astronaut, the ship ``SHIP`` spaces ahead.
BOARD = Board(deck="space_deck", discard="space_discard", reshuffled="SpaceDeckReshuffled", goal=SHIP)

#: Each card's printed name, by kind.
NAMES: dict[str, str] = {
    "oxygen": "Single Oxygen", "double_oxygen": "Double Oxygen", "oxygen_siphon": "Oxygen Siphon",
    "shield": "Shield", "hack_suit": "Hack Suit", "tractor_beam": "Tractor Beam",
    "rocket_booster": "Rocket Booster", "laser_blast": "Laser Blast", "hole_in_suit": "Hole in Suit",
    "tether": "Tether", "blank": "Blank Space", "useful_junk": "Useful Junk",
    "mysterious_nebula": "Mysterious Nebula", "hyperspace": "Hyperspace", "meteoroid": "Meteoroid",
    "cosmic_radiation": "Cosmic Radiation", "asteroid_field": "Asteroid Field",
    "gravitational_anomaly": "Gravitational Anomaly", "wormhole": "Wormhole", "solar_flare": "Solar Flare",
}


#: ``oxygen(hand)``: Oxygen in a hand, Singles count 1, Doubles 2 (``Supplies.count`` itself, no
#: wrapper call: it runs on every payment).
oxygen = SUPPLIES.count


def is_action(kind: str) -> bool:
    """True if ``kind`` is an Action card (Shield included), False for oxygen
    (docs/rules/selfish-space.md, 'Components').
    """
    return kind in ACTIONS


def full_game_deck() -> list[str]:
    """The 78 Game cards as a list of kinds, unshuffled, in ``GAME_DECK`` order
    (docs/rules/selfish-space.md, 'Components').
    """
    return expand(GAME_DECK)


def full_space_deck() -> list[str]:
    """The 42 Space cards as a list of kinds, unshuffled, in ``SPACE_DECK`` order
    (docs/rules/selfish-space.md, 'Components').
    """
    return expand(SPACE_DECK)


def kind_pairs(cards: list[str], among: frozenset[str] | None = None) -> list[list[str]]:
    """Every pair of kinds that can be taken from ``cards``, sorted, no repeats (a kind with
    itself only when ``cards`` holds two); with ``among``, only pairs of those kinds. Each kind
    is counted once, not once per pair: this lists a bot's BreatheWithActions and Meteoroid
    options before every such move."""
    return pairs_of_kinds(sorted(set(cards) if among is None else among.intersection(cards)), cards)


def pairs_of_kinds(kinds: list[str], cards: list[str]) -> list[list[str]]:
    """``kind_pairs`` of ``cards`` once its kinds are known: ``kinds`` is the sorted list of the
    distinct kinds to pair (each held in ``cards``); a kind pairs with itself only when ``cards``
    holds two of it."""
    pairs = []
    for i, first in enumerate(kinds):
        if cards.count(first) >= 2:
            pairs.append([first, first])
        for second in kinds[i + 1:]:
            pairs.append([first, second])
    return pairs
