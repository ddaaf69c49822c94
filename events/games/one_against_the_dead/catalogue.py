"""The game's content as data (``GET /v1/rulesets/one-against-the-dead``): every card of the
city deck and every chip of the Weapon Stack with its count and rules text in our words, the die,
the resources commands cost, the decisions, the results, the scoring and the board (the fixed
places of the city, the card table by rank and suit, the zombie kinds)
(docs/rules/one-against-the-dead.md, 'Components').
"""
from __future__ import annotations

from events.games.schema import array, boolean, integer, nullable, obj, string

from .cards import (
    ACTION_POINTS,
    COORDINATE_LIMIT,
    DECK,
    END,
    FACES,
    JOKERS,
    MAX_ROUNDS,
    MAX_SHELLS,
    PER_KILL,
    PER_LUNCHMEAT,
    PER_RESCUE,
    PLACEHOLDERS,
    RANKS,
    START,
    STRENGTH,
    SUIT_NAMES,
    WEAPON_STACK,
    card_name,
    rank,
    suit,
    xy,
)
from .schemas import maybe

_TEXT = {
    "block": "A city block. The pawn may stand on it; moving here from a card of the same suit or rank "
             "costs 1 AP, otherwise 2 AP.",
    "ace": "A Special Location: a survivor trapped in rubble. It gets a rolled die when placed; 1 AP per "
           "pip from a card around it digs the survivor out (+10 Feel Good points). An Ace still holding "
           "its die when the game ends costs 20 points. No one may stand on it; zombies may.",
    "face": "A Special Location: a weapon hidden in the rubble. It gets a rolled die when placed; 1 AP per "
            "pip from a card around it finds a weapon, drawn at random from the Weapon Stack. No one may "
            "stand on it; zombies may.",
    "joker": "A Special Location with no suit or rank: it matches nothing. While a Joker lies in the city, "
             "every AP left unused or spent on a die puts a heads-up Greater Zombie on a Joker. No one may "
             "stand on it; zombies may.",
}
_WEAPONS = [
    {"id": "bat", "name": "Baseball Bat", "text": "Attack: weaken every Greater or every Lesser Zombie on "
     "your card once (your choice of type). It never wears out."},
    {"id": "chainsaw", "name": "Chainsaw", "text": "Comes with a rolled die of fuel. Attack: flip every "
     "zombie on your card; tails are killed, the rest lie heads up. Each attack burns one pip; at 0 the "
     "chainsaw is gone."},
    {"id": "shotgun", "name": "Shotgun", "text": "Comes with a rolled die of shells. Attack: every Lesser "
     "Zombie on your card is killed; each Greater is flipped, tails becoming a freshly flipped Lesser. Each "
     f"attack uses a shell; at 0 the shotgun is gone. A second shotgun may add its shells (at most "
     f"{MAX_SHELLS})."},
]
_FISTS = {"id": "fists", "name": "Fists of Fury", "text": "Always at hand, not in the Weapon Stack. "
          "Attack: flip 1 to 4 zombies of your card; a Greater landing tails becomes a freshly flipped "
          "Lesser, a Lesser landing tails is killed."}


def _kind(card: str) -> str:
    if card in JOKERS:
        return "joker"
    return "ace" if rank(card) == "A" else "face" if rank(card) in FACES else "block"


def _cards() -> list[dict]:
    out = [{"id": c, "name": card_name(c), "kind": _kind(c), "deck": "city", "count": 1, "text": _TEXT[_kind(c)]}
           for c in DECK]
    for w in _WEAPONS:
        out.append({**{k: w[k] for k in ("id", "name")}, "kind": "weapon", "deck": "weapon_stack",
                    "count": WEAPON_STACK[w["id"]], "text": w["text"]})
    out.append({"id": "fists", "name": _FISTS["name"], "kind": "weapon", "deck": "weapon_stack", "count": 0,
                "text": _FISTS["text"]})
    return out


def _at(place: str) -> dict:
    x, y = xy(place)
    return {"x": x, "y": y}


_PLACE = obj("A place.", {"x": integer("x: grows towards the end.", -COORDINATE_LIMIT, COORDINATE_LIMIT),
                          "y": integer("y: grows upwards.", -COORDINATE_LIMIT, COORDINATE_LIMIT)})

BOARD_SCHEMA = obj("The city: its fixed places, its cards by rank and suit, and the zombies.", {
    "coordinates": string("How places are named."),
    "coordinate_limit": integer("Commands' x and y lie within -limit..limit.", 1),
    "start": _PLACE,
    "end": _PLACE,
    "placeholders": array(_PLACE, "Where the face-down placeholders are dealt at setup."),
    "neighbours": string("Which places count as next to a card, for what."),
    "suits": array(obj("A suit.", {"id": string("The suit as card ids end."),
                                   "name": string("The suit as views name it.")}), "The four suits."),
    "ranks": array(string("A rank as card ids start."), "The thirteen ranks, Ace first."),
    "city_cards": array(obj("One card of the city deck.", {
        "id": string("The card id."),
        "rank": nullable(string("Its rank; null for a Joker.")),
        "suit": nullable(string("Its suit's name; null for a Joker.")),
        "special": maybe(string("'ace', 'face' or 'joker' for a Special Location (no one may stand on "
                                   "it); null for a city block.", enum=["ace", "face", "joker"])),
        "gets_die": boolean("Whether it gets a rolled die when placed (Aces and face cards)."),
    }), "Every card of the city deck by rank and suit."),
    "zombies": array(obj("A kind of zombie on a card.", {
        "id": string("As views name it."),
        "name": string("Its name."),
        "weakens_to": nullable(string("What one weakening (the Bat) turns it into; null: it is killed.")),
    }), "Zombie kinds, strongest first."),
    "strength": integer("Strength at the start.", 1),
    "action_points": integer("AP each round.", 1),
    "max_shells": integer("Most shells a shotgun's die may show.", 1),
    "max_rounds": integer("A game still running after this round is lost ('exhausted').", 1),
})


def _board() -> dict:
    names = {"greater_heads": "Greater Zombie, heads up", "greater_tails": "Greater Zombie, tails up",
             "lesser_heads": "Lesser Zombie, heads up", "lesser_tails": "Lesser Zombie, tails up"}
    order = list(names)
    return {
        "coordinates": "A place is (x, y) on an unbounded grid: the Starting Location is (0, 0), the Ending "
                       "Location (8, 0); x grows towards the end and y grows upwards.",
        "coordinate_limit": COORDINATE_LIMIT,
        "start": _at(START), "end": _at(END),
        "placeholders": [_at(p) for p in PLACEHOLDERS],
        "neighbours": "Checking out, digging at dice: the 8 places around a card, diagonals included. "
                      "Moving, zombies moving and zombies spawning: the 4 places beside, above and below.",
        "suits": [{"id": k, "name": v.lower()} for k, v in SUIT_NAMES.items()],
        "ranks": list(RANKS),
        "city_cards": [{"id": c, "rank": rank(c), "suit": None if c in JOKERS else SUIT_NAMES[suit(c)].lower(),
                        "special": None if _kind(c) == "block" else _kind(c),
                        "gets_die": _kind(c) in ("ace", "face")} for c in DECK],
        "zombies": [{"id": z, "name": names[z], "weakens_to": order[i + 1] if i + 1 < len(order) else None}
                    for i, z in enumerate(order)],
        "strength": STRENGTH, "action_points": ACTION_POINTS, "max_shells": MAX_SHELLS, "max_rounds": MAX_ROUNDS,
    }


CATALOGUE = {
    "summary": "A solitaire zombie escape played with a 54-card deck. The city is built card by card as you "
               "walk from the Starting Location to the Ending Location eight cards away; every card placed "
               "may bring zombies, Aces hide survivors to dig out and face cards weapons. Each round you "
               "spend 3 action points, the zombies close in, you attack, and they wear your Strength down. "
               "Reach the end alive to win; Feel Good points reward kills and rescues.",
    "rules": "docs/rules/one-against-the-dead.md",
    "turn": "A round: the action phase (3 AP), the zombies' move, the player's attack and the zombies' "
            "attack. The outcome's 'turns' counts the rounds played.",
    "first_player": "One seat: the single player (seat 0) takes every decision; there is no first player "
                    "to choose.",
    "decks": [
        {"id": "city", "name": "The deck", "description": "52 cards and 2 Jokers. The start, the end, the "
         "placeholders and every city block are drawn from it; placeholders collected and Special Locations "
         "drawn for the start or the end are shuffled back."},
        {"id": "weapon_stack", "name": "The Weapon Stack", "description": "10 chips (3 shotguns, 3 chainsaws, "
         "4 bats); a weapon found is drawn from it at random. Fists of Fury are not in it."},
    ],
    "cards": _cards(),
    "dice": [{"id": "d6", "name": "Die", "faces": [1, 2, 3, 4, 5, 6]}],
    "resources": [
        {"id": "ap", "name": "Action points", "description": "3 each round, spent moving (1 or 2) and on dice (1)."},
        {"id": "fuel", "name": "Fuel", "description": "The Chainsaw's die: one pip per attack."},
        {"id": "shells", "name": "Shells", "description": "The Shotgun's die: one per attack."},
    ],
    "decisions": [
        {"code": "actions", "kind": "turn", "description": "Spend action points: move, dig at a die, end the "
         "action phase, or (cut off) concede. Default: end the action phase."},
        {"code": "attack", "kind": "turn", "description": "Attack the zombies on your card with Fists of Fury "
         "or the weapon carried, or not. Default: no attack."},
        {"code": "place_card", "kind": "choice", "description": "Choose the empty place around you for the "
         "drawn card. Default: the first empty place, top row first, left to right."},
        {"code": "choose_weapon", "kind": "choice", "description": "Keep the weapon carried, take the one "
         "found, or combine two shotguns. Default: keep the one carried."},
        {"code": "feed_joker", "kind": "choice", "description": "With both Jokers in the city, choose the Joker "
         "that gets the next Greater Zombie. Default: the first Joker, top row first."},
    ],
    "results": [
        {"code": "won", "description": "The player stood on the Ending Location after the zombies attacked: "
         "seat 0 wins."},
        {"code": "overwhelmed", "description": "More zombies on the player's card than Strength: lost."},
        {"code": "cut_off", "description": "The end can never be reached and nothing is left worth doing "
         "(no survivor to dig out, no zombie or Joker that could still come): lost."},
        {"code": "conceded", "description": "The player, cut off from the end, conceded, or resigned: "
         "lost."},
        {"code": "exhausted", "description": f"Round {MAX_ROUNDS} ended with the player still in the city: lost."},
    ],
    "scoring": f"Feel Good points, given on every ending: +{PER_KILL} per zombie killed, +{PER_RESCUE} per "
               f"survivor rescued, {PER_LUNCHMEAT} per Ace still holding a die. 'scores' holds them for seat 0.",
    "board": _board(),
}
