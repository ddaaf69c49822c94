"""The catalogue (``GET /v1/rulesets/zombies-quickplay``): every tile with its spaces in each rotation,
every Event card with its counts and text, the die, the decisions, the results and the kill
targets -- the game's content as data (docs/rules/zombies-quickplay.md, 'Components')."""
from __future__ import annotations

from events.games.schema import array, integer, map_of, nullable, obj, string

from .cards import (
    BASE_COUNTS,
    DECK_COUNTS,
    HAND_LIMIT,
    ITEM_BUILDING,
    KILL_TARGET,
    MAX_LIFE,
    NAMES,
    OPENING_BULLETS,
    OPENING_LIFE,
    TEXTS,
    ZOMBIES,
)
from .tiles import NAMED, STREETS, TILES, TOWN_CENTRE, exits, rotated

KINDS = {"R": "road", "B": "building", "D": "door", "x": "none"}


def _tile(tile: str) -> dict:
    data = TILES[tile]
    street = tile in STREETS
    return {
        "id": tile, "name": data["name"], "count": data["count"], "in_last_ten": data["last"],
        "building": data["name"] if tile in NAMED else None,
        "zombies": None if street else data["z"], "life_tokens": data["l"], "bullet_tokens": data["b"],
        "rotations": [{"rotation": r,
                       "spaces": [[KINDS[c] for c in row] for row in rotated(tile, r)],
                       "exits": [side for side, road in exits(tile, r).items() if road]} for r in range(4)],
    }


DECISIONS = [
    {"code": "tile_spot", "kind": "turn", "description": "Pick the tile cell for the drawn tile."},
    {"code": "tile_rotation", "kind": "choice", "description": "Pick the drawn tile's rotation on its cell."},
    {"code": "street_zombies", "kind": "choice", "description": "Place a new street tile's zombies on its road "
     "spaces, one at a time."},
    {"code": "helipad_bid", "kind": "choice", "description": "Bid kills for the Helipad, or pass for good."},
    {"code": "fight", "kind": "turn", "description": "Roll the combat die against the zombie on your space."},
    {"code": "pay_for_lost_roll", "kind": "choice", "description": "Pay for a lost combat roll: bullets, a life "
     "token or a First Aid Kit."},
    {"code": "movement_roll", "kind": "turn", "description": "Roll for movement, or play a card instead of it."},
    {"code": "move", "kind": "turn", "description": "Step the pawn, or stop."},
    {"code": "zombie_moves", "kind": "turn", "description": "Move zombies step by step with the zombie-move roll, "
     "or stop."},
    {"code": "discard", "kind": "turn", "description": "Discard one Event card, or none; the turn ends."},
    {"code": "reaction", "kind": "reaction", "description": "A reaction window: play an Event card now, or pass."},
    {"code": "place_zombies_for_card", "kind": "choice", "description": "Place the zombies of Zombie Master (or "
     "We're Screwed) one by one."},
    {"code": "move_zombies_for_card", "kind": "choice", "description": "This Isn't So Bad: pick a zombie, then "
     "its new space, twice."},
    {"code": "move_opponent_for_card", "kind": "choice", "description": "Where Did Everybody Go?: move the target "
     "step by step, or stop."},
]

RESULTS = [
    {"code": "kill_target", "description": "The winner reached the kill target for the table size."},
    {"code": "helipad", "description": "The winner reached the Helipad's centre with no zombie left on it."},
    {"code": "map_closed", "description": "Rules version 3 only: the map was closed with no zombie left; the most "
     "kills won (a tie: nobody)."},
    {"code": "last_player", "description": "Every other player resigned: the last player left wins."},
]

CATALOGUE = {
    "summary": ("Zombies!!! with Rich Stokes' Quickplay variant, for 2-6 players. Each turn you lay a map tile "
                "(roads must meet roads), fight the zombie on your space, draw back up to 3 Event cards, move, "
                "then move zombies yourself. Win by killing as many zombies as the kill target for your table "
                "size, or by reaching the Helipad's centre. Players never die: out of life, a lost fight costs a "
                "kill and the rest of the move."),
    "rules": "docs/rules/zombies-quickplay.md",
    "turn": "One seat's turn, from its tile draw to its discard; 'turns' counts the turns started.",
    "first_player": ("Drawn at random with the game's seeded randomness and recorded in GameStarted "
                     "('first_seat'), unless the option 'first_seat' fixes it; play then goes on in seat order."),
    "decks": [
        {"id": "events", "name": "Event deck", "description": (
            "The Event cards: 41 in the Quickplay (the base game's 50 less 9 removed; option base_event_deck: "
            f"all 50). Each seat holds up to {HAND_LIMIT}; the discard pile is reshuffled when the deck runs out.")},
        {"id": "tiles", "name": "Map tiles", "description": (
            "29 tiles besides the Town Square, which starts on the table: the Helipad, the Toy Store and 2 each "
            "of the four street tiles are shuffled into the bottom 10, the rest above them.")},
    ],
    "cards": [{"id": card, "name": NAMES[card], "kind": "item" if card in ITEM_BUILDING else "event",
               "deck": "events", "count": DECK_COUNTS.get(card, 0), "text": TEXTS[card]} for card in NAMES],
    "dice": [{"id": "d6", "name": "Six-sided die", "faces": [1, 2, 3, 4, 5, 6]}],
    "resources": [
        {"id": "life", "name": "Life tokens", "description": f"Pay for lost combat rolls; at most {MAX_LIFE}; the "
         "movement allowance is at least the life held at the start of the turn."},
        {"id": "bullets", "name": "Bullet tokens", "description": "Raise a lost combat roll to 4, one per pip."},
        {"id": "kills", "name": "Kills", "description": "Zombies in your kill pile: they win the game and pay for "
                                                        "the Helipad."},
    ],
    "decisions": DECISIONS,
    "results": RESULTS,
    "scoring": "Each seat's kills at the end of the game (the winner is who reached the kill target or the Helipad).",
    "board": {
        "tiles": [_tile(tile) for tile in TILES],
        "space_kinds": {"road": "a street space: pawns and zombies step to any adjacent road",
                        "building": "inside a named building: entered only through its door",
                        "door": "a named building's door: the step between the building and the road beside it",
                        "none": "not a space (grass, parking, unnamed buildings)"},
        "kill_targets": {str(n): target for n, target in KILL_TARGET.items()},
        "opening": {"life": OPENING_LIFE, "bullets": OPENING_BULLETS, "hand": HAND_LIMIT, "zombies": ZOMBIES,
                    "max_life": MAX_LIFE},
        "base_event_deck_counts": dict(BASE_COUNTS),
        "town_square_centre": TOWN_CENTRE,
    },
}

_SIDES = string("A side of the tile.", enum=["N", "E", "S", "W"])
BOARD_SCHEMA = obj("The map tiles and the game's numbers.", {
    "tiles": array(obj("One kind of map tile.", {
        "id": string("The tile's id, as views and events name it."),
        "name": string("Its name."),
        "count": integer("Copies in the game (the Town Square: the one on the table at the start).", 1),
        "in_last_ten": integer("Copies shuffled into the bottom 10 of the stack.", 0),
        "building": nullable(string("The named building on it (entered through its doors), or null.")),
        "zombies": nullable(integer("Zombies put inside its building when it is placed; null for a street tile, "
                                    "which gets one zombie per road exit, placed by the player.", 0)),
        "life_tokens": integer("Life tokens put in its building when placed.", 0),
        "bullet_tokens": integer("Bullet tokens put in its building when placed.", 0),
        "rotations": array(obj("The tile turned a number of quarter turns clockwise.", {
            "rotation": integer("Quarter turns clockwise.", 0, 3),
            "spaces": array(array(string("A space's kind (see 'space_kinds').",
                                         enum=["road", "building", "door", "none"]), "One row, west to east.",
                                  min_items=3, max_items=3),
                            "The 3x3 spaces, north row first; space (column c, row r) of the tile at cell (x, y) "
                            "is map space (3x + c, 3y + r).", min_items=3, max_items=3),
            "exits": array(_SIDES, "Sides where a road leaves the tile (the middle space of the side is road); "
                           "a touching tile must have a road there too, and no road may meet a side without one."),
        }), "Its four rotations.", min_items=4, max_items=4),
    }), "Every tile, the Town Square first."),
    "space_kinds": map_of(string("What the kind means."), "Space kinds."),
    "kill_targets": map_of(integer("Kills that win.", 1), "Kill target by number of seats (keys '2' to '6')."),
    "opening": obj("What each seat starts with, and the limits.", {
        "life": integer("Opening life tokens.", 0), "bullets": integer("Opening bullets.", 0),
        "hand": integer("Event cards dealt, and the hand limit.", 0),
        "zombies": integer("Zombies in the box at the start.", 0), "max_life": integer("Most life tokens.", 0),
    }),
    "base_event_deck_counts": map_of(integer("Copies.", 0), "Copies of each card in the base game's 50-card deck "
                                     "(option base_event_deck); the cards' 'count' is the Quickplay's."),
    "town_square_centre": string("The space 'x,y' where every pawn starts, and where ending a move refills life "
                                 "and bullets to 3 (spaces are 'x,y', x eastwards, y southwards)."),
})
