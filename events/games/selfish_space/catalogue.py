"""The Space Edition's content as data (``GET /v1/rulesets/selfish-space``): every card with its
count and rules text in our words, the decks, the resources, the decisions, the results and the
board (docs/rules/selfish-space.md)."""
from __future__ import annotations

from events.games import schema as S

from .cards import GAME_DECK, NAMES, SHIP, SPACE_DECK

TEXT = {
    "oxygen": "One unit of Oxygen. Breathing costs one, travelling two; run out and you die.",
    "double_oxygen": "Two units of Oxygen in one card. Pays a whole Travel; once per turn it may be traded for "
                     "two Singles from the Game discard pile (then the deck).",
    "oxygen_siphon": "Take two Oxygen from another living astronaut: Singles first, else a Double; one Single "
                     "if that is all they hold.",
    "shield": "Play it when an Action card targets you: the card is blocked and both are discarded. Not "
              "under a Solar Flare; no use against Space cards.",
    "hack_suit": "Look at another living astronaut's whole hand and take the card of your choice.",
    "tractor_beam": "Take a random card from another living astronaut's hand.",
    "rocket_booster": "Move one space forward without paying Oxygen, resolving the Space card drawn.",
    "laser_blast": "Knock another living astronaut one space back (the card behind them is discarded). Not "
                   "on an astronaut on the starting space.",
    "hole_in_suit": "Another living astronaut discards one Single Oxygen (splitting a Double if they hold no "
                    "Single). It may kill them.",
    "tether": "Move one space forward (resolving your Space card), then knock another living astronaut one "
              "space back. Not on an astronaut on the starting space.",
    "blank": "Nothing happens.",
    "useful_junk": "Draw one Game card.",
    "mysterious_nebula": "Draw two Game cards.",
    "hyperspace": "Move one more space forward at once (another Space card is drawn and resolved).",
    "meteoroid": "Holding six or more cards, discard two of your choice.",
    "cosmic_radiation": "Discard one Oxygen.",
    "asteroid_field": "Discard two Oxygen.",
    "gravitational_anomaly": "This card is discarded and you move back onto the space you just left.",
    "wormhole": "Swap places (with the cards behind) with another astronaut of your choice, alive or dead. "
                "As your sixth card you still swap: a living astronaut sent to the ship wins.",
    "solar_flare": "While it lies directly behind you, you can play no Action card, Shield included. Moving "
                   "in any way ends it.",
}


def _kind(card: str) -> str:
    if card in SPACE_DECK:
        return "space"
    return "oxygen" if card in ("oxygen", "double_oxygen") else "action"


CARDS = [{"id": k, "name": NAMES[k], "kind": _kind(k), "deck": "space" if k in SPACE_DECK else "game",
          "count": n, "text": TEXT[k]} for k, n in (*GAME_DECK.items(), *SPACE_DECK.items())]

BOARD_SCHEMA = S.obj("The board: one column per astronaut, the ship ahead.", {
    "spaces_to_goal": S.integer("Spaces from the starting space to the ship.", 1),
    "goal": S.string("What lies at the end of every column."),
    "columns": S.string("How the columns work."),
})

CATALOGUE = {
    "summary": "Astronauts adrift in space race back to their ship, six spaces away. Each turn you draw a Game "
               "card, may play Action cards against the others, then breathe (one Oxygen) or travel (two "
               "Oxygen, one space forward, a Space card resolved). Run out of Oxygen and you die; the first "
               "to reach the ship alive with Oxygen wins.",
    "rules": "docs/rules/selfish-space.md",
    "turn": "One seat's turn, from its draw to its breathing or travelling (or its death); turn_number and the "
            "outcome's turns count the turns started.",
    "first_player": "Drawn at random with the game's seed (a stacked deal starts with seat 0); the option "
                    "first_seat fixes it. Play then goes up the seat numbers, skipping the dead.",
    "decks": [
        {"id": "game", "name": "Game cards", "description": "78 cards: 48 Oxygen and 30 Action cards. Each "
         "astronaut starts with 1 Double, 4 Singles and 4 more; draws from the top; discards face up."},
        {"id": "space", "name": "Space cards", "description": "42 cards, one drawn each time an astronaut "
         "moves forward and laid face up on the space it left."},
    ],
    "cards": CARDS,
    "dice": [],
    "resources": [
        {"id": "oxygen", "name": "Oxygen", "description": "Units of Oxygen in hand (a Single is one, a Double "
         "two): breathing costs one, travelling two."},
        {"id": "action_cards", "name": "Action cards", "description": "Action cards spent from your hand."},
    ],
    "decisions": [
        {"code": "turn", "kind": "turn", "description": "An astronaut's turn: Action cards, the Double swap, "
         "then breathe, breathe with two Actions, or travel. Deadline: breathe, paying the cheapest way."},
        {"code": "shield", "kind": "reaction", "description": "The target of an Action card may block it with a "
         "Shield, or pass. The window opens whether or not it holds one. Deadline: pass."},
        {"code": "hack_suit", "kind": "choice", "description": "Hack Suit: the attacker takes a card of its "
         "choice from the target's hand. Deadline: the first card kind alphabetically."},
        {"code": "meteoroid", "kind": "choice", "description": "Meteoroid: discard two cards of your choice. "
         "Deadline: the first pair of kinds alphabetically."},
        {"code": "wormhole", "kind": "choice", "description": "Wormhole: pick another astronaut, alive or dead, "
         "to swap places with. Deadline: the lowest other seat."},
    ],
    "results": [
        {"code": "reached_ship", "description": "An astronaut reached the ship alive with Oxygen: it alone wins."},
        {"code": "everyone_died", "description": "Every astronaut ran out of Oxygen: nobody wins."},
    ],
    "scoring": "No score is kept: the outcome's scores is null.",
    "board": {"spaces_to_goal": SHIP, "goal": "the ship",
              "columns": "Each astronaut has a column; the Space cards behind it are its track and its position "
                         "is their number (0: the starting space, 6: the ship)."},
}
