"""Card data and constants: the Game deck, the Wasteland deck, the die, the board.

Cards are kind strings (``"supplies"``, ``"body_armor"``...). A hand, a pile or
a track is a plain list of kinds; the top of a draw pile is index 0, the top of
a discard pile is its last item (docs/rules/selfish-zombie.md, 'Components').
"""
from __future__ import annotations

from events.games.selfish.board import Board
from events.games.selfish.paying import Supplies
from events.games.selfish.stack import expand

#: The rules level new games are set up with (``selfish-zombie/2``); level-1 logs keep their rules
#: (docs/rules/selfish-zombie.md, 'Rules versions').
LEVEL = 2

#: Spaces between the starting space and the chopper.
CHOPPER = 6
#: The furthest space a zombie may reach (zombies cannot take the chopper).
ZOMBIE_LIMIT = CHOPPER - 1

#: The die's six faces (the page says only "zero through three").
DIE_FACES = (0, 1, 1, 2, 2, 3)

#: Game deck (81 cards): kind -> copies. 48 Supplies and 33 Action cards, as the table counts them.
GAME_DECK: dict[str, int] = {
    "supplies": 38,
    "double_supplies": 10,
    "body_armor": 5,
    "abandoned_vehicle": 4,
    "alliance": 4,
    "scout": 4,
    "zombie_trap": 4,
    "horde": 3,
    "rampage": 3,
    "steal_supplies": 3,
    "underestimate": 3,
}

#: Wasteland deck (41 cards): kind -> copies.
WASTELAND_DECK: dict[str, int] = {
    "blank": 12,
    "cut_through_a_sewer": 6,
    "settlement": 5,
    "bandits": 4,
    "zombies": 4,
    "shopping_mall": 3,
    "twisted_ankle": 3,
    "youve_been_bitten": 3,
    "secret_passageway": 1,
}

GAME_CARDS = sum(GAME_DECK.values())
WASTELAND_CARDS = sum(WASTELAND_DECK.values())

SINGLE = "supplies"
DOUBLE = "double_supplies"
SUPPLY_KINDS = (SINGLE, DOUBLE)
SUPPLIES = Supplies(SINGLE, DOUBLE)
BOARD = Board(deck="wasteland_deck", discard="wasteland_discard", reshuffled="WastelandDeckReshuffled",
              goal=CHOPPER)

#: Every Action card.
ACTIONS = tuple(k for k in GAME_DECK if k not in SUPPLY_KINDS)
#: Reactions: played only in a window, never on your turn.
REACTIONS = ("body_armor", "underestimate")
#: Action cards a survivor may play on their turn.
PLAYABLE = tuple(k for k in ACTIONS if k not in REACTIONS)
#: Action cards played against another survivor (need a ``target``; they open reaction windows).
TARGETED = ("alliance", "horde", "rampage", "steal_supplies")
#: Targeted cards that may be played on a zombie player too (rules level 2): they act on a zombie's
#: column or moves, not on cards it cannot hold (docs/rules/selfish-zombie.md, 'Targets').
ON_ZOMBIES = ("alliance", "horde")
#: The name a zombie attack has in a reaction window.
ATTACK = "zombie_attack"

#: Opening hand: 4 Singles + 1 Double, then 4 more cards from the shuffled deck.
OPENING_SUPPLIES = [DOUBLE, SINGLE, SINGLE, SINGLE, SINGLE]
OPENING_DRAW = 4
#: Zombies!: a hand this big must discard ``ZOMBIES_DISCARD`` cards.
ZOMBIES_HAND, ZOMBIES_DISCARD = 6, 2
#: Zombie Trap looks at this many Wasteland cards.
TRAP_LOOK = 3

#: Each card's printed name, by kind (``zombie_attack``: a zombie's attack in a reaction window).
NAMES: dict[str, str] = {
    "supplies": "Supplies", "double_supplies": "Double Supplies", "body_armor": "Body Armor",
    "abandoned_vehicle": "Abandoned Vehicle", "alliance": "Alliance", "scout": "Scout",
    "zombie_trap": "Zombie Trap", "horde": "Horde", "rampage": "Rampage", "steal_supplies": "Steal Supplies",
    "underestimate": "Underestimate", "blank": "Blank", "cut_through_a_sewer": "Cut Through A Sewer",
    "settlement": "Settlement", "bandits": "Bandits", "zombies": "Zombies!", "shopping_mall": "Shopping Mall",
    "twisted_ankle": "Twisted Ankle", "youve_been_bitten": "You've Been Bitten",
    "secret_passageway": "Secret Passageway", ATTACK: "zombie attack",
}


def supplies(hand: list[str]) -> int:
    """Supplies in a hand: Singles count 1, Doubles 2 (docs/rules/selfish-zombie.md, 'Components')."""
    return SUPPLIES.count(hand)


def full_game_deck() -> list[str]:
    """The 81 Game cards as a list of kinds, unshuffled, in ``GAME_DECK`` order."""
    return expand(GAME_DECK)


def full_wasteland_deck() -> list[str]:
    """The 41 Wasteland cards as a list of kinds, unshuffled, in ``WASTELAND_DECK`` order."""
    return expand(WASTELAND_DECK)
