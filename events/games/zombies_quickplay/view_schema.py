"""The published JSON Schema of ``views.view`` (docs/rules/zombies-quickplay.md, 'What each seat
and a spectator can see'): every field a front end reads, with its meaning and range."""
from __future__ import annotations

from events.games import schema as S
from events.games.schema import array, boolean, const, integer, map_of, obj, one_of, outcome, seat, string

from .cards import CARDS, ITEM_BUILDING
from .tiles import TILES

MAX_SEATS = 6
CARD_IDS = sorted(CARDS)
ITEM_IDS = sorted(ITEM_BUILDING)
TILE_IDS = list(TILES)
RESULTS = ["kill_target", "helipad", "map_closed", "last_player"]
#: Phases of a turn, as the view's ``turn.phase`` names them.
PHASES = {
    "tile_spot": "step 1: the drawn tile's cell is being picked",
    "tile_rotation": "step 1: the drawn tile's rotation is being picked",
    "place_zombies": "step 1: a new street tile's zombies are being placed",
    "auction": "step 1: the Helipad is being bid for",
    "tile_done": "step 1 is over; step 2 (a fight, else the draw) comes after the reaction window",
    "combat": "a fight: the fighter rolls",
    "combat_loss": "a fight: the fighter lost a roll and pays for it",
    "move_roll": "step 4: the movement roll (or a card instead of it)",
    "move": "step 4: the pawn is moving",
    "zombie_roll": "the movement is over; the zombie-move roll comes next (rules version 3: after a reaction "
                   "window)",
    "zombies": "step 5: zombies are being moved",
    "discard": "step 6: the optional discard that ends the turn",
    "over": "the game is over",
}
MOMENTS = {
    "turn_start": "after the turn's tile step, before its combat step, draw and movement roll",
    "combat_roll": "after a lost combat roll the fighter could pay for with bullets or a First Aid Kit, before "
                   "it is paid for",
    "tile_placed": "(rules version 3) after the turn's tile was placed",
    "move_roll": "(rules version 3) before the movement roll",
    "movement_over": "(rules version 3) after the movement, before the zombie-move roll",
}


def nullable(schema: dict) -> dict:
    """``schema`` or ``null``: ``events.games.schema.nullable``, but with ``null`` added to an ``enum``, and an
    object or array schema given the types ``[kind, "null"]`` (one schema, so validators need not try two)."""
    if schema.get("type") in ("object", "array"):
        return {**schema, "type": [schema["type"], "null"]}
    out = S.nullable(schema)
    if "enum" in out:
        out = {**out, "enum": [*out["enum"], None]}
    return out


KEY_PATTERN = "^-?[0-9]+,-?[0-9]+$"


def space(description: str) -> dict:
    """A map space as ``"x,y"``."""
    return {**string(description + " A space is 'x,y': x grows eastwards, y southwards, the Town Square's "
                     "centre is '1,1', and space 'x,y' lies on tile cell 'floor(x/3),floor(y/3)'."),
            "pattern": KEY_PATTERN}


def cell(description: str) -> dict:
    """A tile cell as ``"x,y"``."""
    return {**string(description + " A tile cell is 'x,y' (the Town Square is '0,0'; y grows southwards); its "
                     "spaces are '3x..3x+2,3y..3y+2'."), "pattern": KEY_PATTERN}


def seats(description: str) -> dict:
    """A list of seats."""
    return array(seat("A seat.", MAX_SEATS), description, max_items=MAX_SEATS)


def _defined(mapping: dict) -> str:
    return "; ".join(f"'{k}': {v}" for k, v in mapping.items())


PLAYER = obj("One seat's public state.", {
    "seat": seat("The seat.", MAX_SEATS),
    "space": nullable(space("Where its pawn stands; null once its player resigned (the pawn left the map).")),
    "life": integer("Its life tokens (0-5).", 0, 5),
    "bullets": integer("Its bullet tokens (no limit).", 0),
    "kills": integer("Zombies in its kill pile.", 0),
    "hand_size": integer("Event cards in its hand (their faces are hidden from the others).", 0, 3),
    "items_in_play": array(string("An item card.", enum=ITEM_IDS),
                           "Item cards it has in play, face up (Fire Axe and Skateboard work while there; the "
                           "others are used with UseItem)."),
    "played_card_this_round": boolean("Whether it has played its one Event card of this round (from the start "
                                      "of its turn to the start of its next); such a seat is not asked in windows."),
    "shotgun_rolls_left": integer("Combat rolls still getting +1 from Hey, Look! A Shotgun!.", 0),
    "adrenaline_on_next_roll": boolean("Whether its next combat roll gets +2 from Adrenaline Rush."),
    "next_roll_halved": boolean("Whether Your Shoe's Untied halves its next movement roll."),
    "may_not_move_next": boolean("Whether Fear stops its next movement."),
    "claustrophobia": boolean("Whether Claustrophobia holds for its next (or current) movement."),
    "moved_by": nullable(seat("The seat that moves this seat's pawn in its next (or current) movement (Brain "
                              "Cramp), or null.", MAX_SEATS)),
    "skips_next_turn": boolean("Whether it loses its next turn (Hysterical Paralysis, or it bought the Helipad "
                               "that closed the map)."),
    "resigned": boolean("Whether its player resigned: out of the game, its kills kept as its score (docs/rules, "
                        "'Resigning')."),
})

LASTING = nullable(obj("An effect lasting until the end of a seat's turn, or null when not in play.", {
    "seat": seat("The seat whose card it is.", MAX_SEATS),
    "turns_of_its_seat_left": integer("It ends at the end of this many more turns of that seat (the current "
                                      "one counts if it is that seat's).", 1, 2),
}))

PATH = array(space("A space on the zombie's path."), "The spaces it has crossed this turn, first where it "
             "started (it may not cross one twice).")

DECISION = obj("A decision the game waits for.", {
    "seat": seat("Who decides.", MAX_SEATS),
    "kind": string("'turn', 'choice' (both on the turn timeout) or 'reaction' (a window: the short timeout).",
                   enum=["turn", "choice", "reaction"]),
    "code": string("What is decided (the catalogue's 'decisions' describe every code)."),
    "label": string("The decision in one public sentence."),
})

FULL = obj("The game as one seat (or a spectator) sees it.", {
    "started": const(True, "The game has started."),
    "rules_version": string("The rules version the game is played under (old games keep theirs).",
                            enum=["zombies-quickplay/3", "zombies-quickplay/4", "zombies-quickplay/5"]),
    "seat": nullable(seat("The seat this view is for, or null for a spectator.", MAX_SEATS)),
    "seats": integer("Number of seats.", 2, MAX_SEATS),
    "first_seat": seat("The seat that played first (drawn at random unless the game fixed it).", MAX_SEATS),
    "kill_target": integer("Kills that win (25, 22, 20, 17, 15 for 2-6 seats).", 15, 25),
    "stacked": boolean("Whether the game was created with a stacked deal (tests, tutorials)."),
    "base_event_deck": boolean("Whether the game uses the base game's 50 Event cards instead of the Quickplay's 41."),
    "turn": obj("The current turn.", {
        "seat": seat("Whose turn it is.", MAX_SEATS),
        "number": integer("Turns started so far (this one included).", 0),
        "phase": string("Where the turn is: " + _defined(PHASES) + ".", enum=list(PHASES)),
        "life_at_start": integer("The life the turn's seat held when the turn began: its movement allowance is "
                                 "at least this.", 0, 5),
        "may_not_move": boolean("Whether the turn's seat ran out of life in a fight this turn and may move no "
                                "more."),
    }),
    "waiting_for": array(DECISION, "The decisions the game waits for now, in turn order (several in a reaction "
                         "window; empty once the game is over, or at a version inside a command's batch)."),
    "hand": nullable(array(string("An Event card.", enum=CARD_IDS),
                           "The Event cards in this seat's hand; null for a spectator.", max_items=3)),
    "players": array(PLAYER, "Every seat, by seat number."),
    "map": obj("The map.", {
        "tiles": map_of(obj("A placed tile.", {
            "tile": string("The tile's id (the catalogue's board lists its spaces for each rotation).",
                           enum=TILE_IDS),
            "rotation": integer("Quarter turns clockwise from the catalogue's rotation 0.", 0, 3),
        }), "Every tile on the map by its tile cell 'x,y' (the Town Square is '0,0', y grows southwards; the "
            "tile at 'x,y' holds spaces '3x..3x+2,3y..3y+2').", keys={"type": "string", "pattern": KEY_PATTERN}),
        "zombies": array(space("A space holding one zombie."), "Every zombie on the map, by row then column (the "
                         "one being moved, if any, is under 'zombie_moves.moving')."),
        "tokens": map_of(string("The token lying there.", enum=["life", "bullet"]),
                         "Life and bullet tokens on the map by space 'x,y', at most one per space.",
                         keys={"type": "string", "pattern": KEY_PATTERN}),
        "helipad_centre": nullable(space("The Helipad's centre, where a pawn wins; null until the Helipad is "
                                         "placed.")),
        "closed": boolean("Whether the map is closed: no tile left in the stack fits anywhere, so no more tiles "
                          "are drawn."),
    }),
    "zombies_in_box": integer("Zombies neither on the map nor in a kill pile (new zombies come from here).",
                              0, 100),
    "tile_stack_size": integer("Tiles left to draw (their order is hidden).", 0),
    "discarded_tiles": array(string("A tile id.", enum=TILE_IDS), "Drawn tiles that fit nowhere, set aside."),
    "event_deck_size": integer("Event cards left to draw (their order is hidden).", 0),
    "event_discard": array(string("An Event card.", enum=CARD_IDS), "The Event discard pile, face up, oldest "
                           "first (reshuffled into the deck when it runs out)."),
    "tile_step": nullable(obj("The turn's tile step while a drawn tile is being bid for or placed; null "
                              "otherwise.", {
        "tile": nullable(string("The drawn tile (null once placed).", enum=TILE_IDS)),
        "placer": seat("Who places it: the Helipad's buyer, else the turn's seat.", MAX_SEATS),
        "cell": nullable(cell("The tile cell picked for it, or null before the pick.")),
        "new_tile_cell": nullable(cell("The street tile just placed whose zombies are being placed, or null.")),
        "street_zombies_to_place": integer("Street zombies still to place on the new tile (one per road exit).",
                                           0, 4),
    })),
    "auction": nullable(obj("The Helipad bidding, or null.", {
        "bidders": seats("Seats in bidding order (most kills first, then turn order; seats without kills "
                         "cannot bid)."),
        "passed": seats("Seats that passed for good."),
        "high_bid": integer("The highest bid so far, in kills (0: none yet).", 0),
        "leader": nullable(seat("The highest bidder, or null.", MAX_SEATS)),
        "next_bidder": seat("Who bids next.", MAX_SEATS),
    })),
    "combat": nullable(obj("The fight under way, or null.", {
        "seat": seat("The fighter (the turn's seat).", MAX_SEATS),
        "space": space("Where the fight is."),
        "lost_roll_total": nullable(integer("The total of the roll just lost, waiting to be paid for (4 minus it "
                                            "is the bullets needed), or null before a roll.", 1, 3)),
        "then": string("What follows the fight: 'draw' (a fight at the turn's step 2) or 'movement' (a fight "
                       "met while moving).", enum=["draw", "movement"]),
    })),
    "last_roll": nullable(obj("The last die rolled in the game, or null.", {
        "seat": seat("Who rolled.", MAX_SEATS),
        "purpose": string("What for: 'combat', 'move' (movement), 'zombies' (zombie moves) or "
                          "'i_dont_think_theyre_dead'.", enum=["combat", "move", "zombies", "i_dont_think_theyre_dead"]),
        "roll": integer("The face rolled.", 1, 6),
        "total": nullable(integer("A combat roll with its bonuses (4 or more kills), else null.", 1)),
    })),
    "movement": nullable(obj("The turn's movement once its allowance is set, or null.", {
        "seat": seat("Whose pawn moves (the turn's seat).", MAX_SEATS),
        "mover": seat("Who sends its steps (another seat under Brain Cramp).", MAX_SEATS),
        "allowance": integer("Spaces it could move this turn.", 0),
        "steps_left": integer("Spaces it may still move.", 0),
        "roll": nullable(integer("The movement roll, or null when there was none.", 1, 6)),
        "how": nullable(string("How the allowance came about: 'roll' (roll, +2 Skateboard, halved by Your Shoe's "
                               "Untied, at least the life at the start of the turn, doubled by Adrenaline Rush), "
                               "'keys', 'rest', 'fear' or 'stuck' (out of life after a fight); null in logs of "
                               "rules version 3.", enum=["roll", "keys", "rest", "fear", "stuck"])),
        "explanation": string("The allowance in one sentence (for instance 'Rolled 4; halved by Your Shoe's "
                              "Untied: 2; raised to the 3 life held at the start of the turn: 3. Allowance 3.')."),
    })),
    "zombie_moves": nullable(obj("The zombie moves of the turn (step 5), or null.", {
        "steps_left": integer("Single zombie steps left of the roll.", 0, 6),
        "most_per_zombie": integer("Most steps one zombie may take (half the roll, rounded down).", 0, 3),
        "moving": nullable(obj("The zombie being moved (off 'map.zombies' meanwhile), or null.", {
            "space": space("Where it is now."),
            "steps": integer("Steps it has taken this turn.", 0, 3),
            "path": PATH,
            "must_step": boolean("Whether it was just chosen and must step before anything else."),
        })),
        "moved": map_of(obj("A zombie moved earlier this turn (it may be chosen again).", {
            "steps": integer("Steps it has taken this turn.", 0, 3),
            "path": PATH,
        }), "Zombies moved earlier this turn, by the space 'x,y' where each stands.",
            keys={"type": "string", "pattern": KEY_PATTERN}),
    })),
    "reaction_window": nullable(obj("The reaction window open now, or null.", {
        "moment": string("When it is: " + _defined(MOMENTS) + ".", enum=list(MOMENTS)),
        "waiting_for": seats("Seats asked that have not answered yet (each may play an Event card or pass)."),
    })),
    "card_choice": nullable(obj("A card being carried out by picks, or null.", {
        "seat": seat("Who picks.", MAX_SEATS),
        "card": string("The card.", enum=CARD_IDS),
        "picks_left": integer("Zombies still to place or move, or spaces still to move the target.", 0),
        "target": nullable(seat("The seat moved (Where Did Everybody Go?), or null.", MAX_SEATS)),
        "lifted_zombie": nullable(space("This Isn't So Bad: where the zombie being moved was lifted from, waiting "
                                        "for its new space; null otherwise.")),
    })),
    "effects": obj("Effects in play for the whole table.", {
        "alternate_food_source": LASTING,
        "all_the_marbles": LASTING,
        "chainsaw": boolean("Whether a Chainsaw gives the turn's seat +2 on every combat roll this turn."),
        "molotov_building": nullable(cell("The named building (its tile cell) where a Molotov Cocktail gives +2 in "
                                          "combat this turn, or null.")),
        "movement_doubled": boolean("Whether Adrenaline Rush doubles this turn's movement allowance."),
    }),
    "result": nullable(outcome(MAX_SEATS, RESULTS)),
})

VIEW = one_of([
    obj("The game has not started yet.", {"started": const(False, "Not started.")}),
    FULL,
], "What one seat (or a spectator) sees of a Zombies!!! Quickplay game.")
