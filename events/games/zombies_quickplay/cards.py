"""Event card data and the game's constants (docs/rules/zombies-quickplay.md, 'Components',
'Event cards', 'Setup and first player', 'Combat', 'Ending and scoring').
"""
from __future__ import annotations

#: card id -> (printed name, base count, Quickplay removals, how it is used).
#: Uses: ``self`` (helps you), ``target`` (names an opponent), ``board`` (changes the map),
#: ``item`` (played face up in front of you while in its building, used later).
CARDS = {
    "adrenaline_rush": ("Adrenaline Rush", 2, 0, "self"),
    "all_the_marbles": ("All the Marbles", 2, 2, "item"),
    "alternate_food_source": ("Alternate Food Source", 2, 0, "self"),
    "chainsaw": ("Chainsaw", 2, 0, "item"),
    "fire_axe": ("Fire Axe", 2, 0, "item"),
    "first_aid_kit": ("First Aid Kit", 2, 0, "item"),
    "hey_look_a_shotgun": ("Hey, Look! A Shotgun!", 2, 0, "self"),
    "the_keys_are_still_in_it": ("The Keys Are Still In It", 1, 1, "self"),
    "lots_of_ammo": ("Lots of Ammo", 2, 0, "item"),
    "much_needed_rest": ("Much Needed Rest", 2, 0, "self"),
    "skateboard": ("Skateboard", 2, 0, "item"),
    "this_isnt_so_bad": ("This Isn't So Bad", 2, 0, "board"),
    "bad_sense_of_direction": ("Bad Sense of Direction", 1, 1, "target"),
    "brain_cramp": ("Brain Cramp", 2, 1, "target"),
    "butter_fingers": ("Butter Fingers", 2, 0, "target"),
    "claustrophobia": ("Claustrophobia", 2, 0, "target"),
    "fear": ("Fear", 2, 1, "target"),
    "hysterical_paralysis": ("Hysterical Paralysis", 1, 1, "target"),
    "just_when_you_thought": ("Just When You Thought It Couldn't Get Any Worse", 2, 0, "building"),
    "slight_miscalculation": ("Slight Miscalculation", 2, 0, "building"),
    "your_shoes_untied": ("Your Shoe's Untied", 2, 0, "target"),
    "grenade": ("Grenade", 2, 0, "item"),
    "i_dont_think_theyre_dead": ("I Don't Think They're Dead", 2, 0, "target"),
    "molotov_cocktail": ("Molotov Cocktail", 2, 0, "item"),
    "were_screwed": ("We're Screwed", 1, 1, "board"),
    "where_did_everybody_go": ("Where Did Everybody Go?", 2, 1, "target"),
    "zombie_master": ("Zombie Master", 2, 0, "board"),
}
NAMES = {c: v[0] for c, v in CARDS.items()}
#: The Quickplay Event deck: card id -> copies (removed copies are back in the box).
DECK_COUNTS = {c: v[1] - v[2] for c, v in CARDS.items() if v[1] - v[2] > 0}
#: The base game's 50-card Event deck (the ``base_event_deck`` option: no Quickplay removals).
BASE_COUNTS = {c: v[1] for c, v in CARDS.items()}
#: Items: card id -> the named tile whose building you must stand in to put it in play.
ITEM_BUILDING = {
    "all_the_marbles": "toy_store", "chainsaw": "lawn_and_garden", "fire_axe": "fire_station",
    "first_aid_kit": "hospital", "lots_of_ammo": "sporting_goods", "skateboard": "skate_shop",
    "grenade": "army_surplus", "molotov_cocktail": "gas_station",
}
#: Items discarded from play to use them with ``UseItem`` (the rest work while in play,
#: First Aid Kit is used when losing a combat).
USABLE_ITEMS = ("chainsaw", "lots_of_ammo", "grenade", "molotov_cocktail", "all_the_marbles")
#: card id -> what the card does, in Stranded's words (the catalogue's rules text; the section
#: 'Event cards' of docs/rules/zombies-quickplay.md says when each may be played).
TEXTS = {
    "adrenaline_rush": "In your own turn: before your movement roll, your movement allowance this turn is doubled; "
                       "or, in a fight before you roll, your next combat roll gets +2.",
    "all_the_marbles": "Item (Toy Store). Use it in your turn to stop every zombie move (no zombie roll) until the "
                       "end of your next turn.",
    "alternate_food_source": "Until the end of your next turn nobody fights: pawns walk through zombies and no "
                             "fight starts.",
    "chainsaw": "Item (Lawn and Garden). Use it in your turn: +2 to every combat roll for the rest of the turn.",
    "fire_axe": "Item (Fire Station). While it is in play, +1 to each of your combat rolls.",
    "first_aid_kit": "Item (Hospital). Discard it instead of losing a life token for a lost combat roll.",
    "hey_look_a_shotgun": "+1 to each of your next 3 combat rolls.",
    "the_keys_are_still_in_it": "In your own turn, instead of the movement roll: move up to 10 spaces (fights as "
                                "usual).",
    "lots_of_ammo": "Item (Sporting Goods). Use it in your turn to gain 3 bullets.",
    "much_needed_rest": "In your own turn, instead of the movement roll: gain 2 life (up to 5) and do not move.",
    "skateboard": "Item (Skate Shop). While it is in play, +2 to each of your movement rolls.",
    "this_isnt_so_bad": "Move any 2 zombies on the map, one after the other, to other open spaces.",
    "bad_sense_of_direction": "Lose one of your life tokens: an opponent (not the one whose turn it is) goes to "
                              "the Town Square centre.",
    "brain_cramp": "Before the movement roll of the opponent whose turn it is: you choose whether and where its "
                   "pawn moves this turn.",
    "butter_fingers": "An opponent loses one item it has in play, or up to 2 bullets; you choose which.",
    "claustrophobia": "An opponent's next movement may not enter a building; inside one, each step must bring it "
                      "nearer a road (it may stop).",
    "fear": "An opponent may not move by its own means in its next movement (no roll, no Keys).",
    "hysterical_paralysis": "An opponent skips its next whole turn.",
    "just_when_you_thought": "Put a zombie on every space of one named building that has no zombie and no pawn.",
    "slight_miscalculation": "Double the zombies in one named building that has some: as many new zombies as it "
                             "holds, on its spaces with no zombie and no pawn.",
    "your_shoes_untied": "An opponent's next movement roll is halved, rounded down (before its life raises it).",
    "grenade": "Item (Army Surplus). Use it in your turn: every zombie in the named building of the tile you stand "
               "on is killed and joins your kill pile; you lose a life token.",
    "i_dont_think_theyre_dead": "An opponent with kills rolls 2 dice; each roll of 3 or less costs it 2 kills, "
                                "unless its bullets (1 per pip) or else one of its life tokens raise the roll to 4.",
    "molotov_cocktail": "Item (Gas Station). Use it inside a named building: +2 to combat rolls on that building's "
                        "spaces for the rest of the turn.",
    "were_screwed": "Place 10 zombies, one by one, on open spaces with no zombie and no pawn.",
    "where_did_everybody_go": "Move an opponent (not the one whose turn it is) up to 5 spaces, step by step; "
                              "entering a zombie's space stops it.",
    "zombie_master": "Place 5 zombies, one by one, on open spaces with no zombie and no pawn.",
}
TARGETED = frozenset(c for c, v in CARDS.items() if v[3] == "target")
BUILDING_CARDS = frozenset(c for c, v in CARDS.items() if v[3] == "building")

HAND_LIMIT = 3
OPENING_LIFE = 3
OPENING_BULLETS = 3
MAX_LIFE = 5
ZOMBIES = 100
KILL_TARGET = {2: 25, 3: 22, 4: 20, 5: 17, 6: 15}
#: Combat: a total of 4 or more kills the zombie; bullets raise the roll 1 pip each.
KILL_ROLL = 4
#: Skateboard in play adds 2 to movement rolls.
SKATEBOARD_BONUS = 2
#: Zombie Master places 5, This Isn't So Bad moves 2, Where Did Everybody Go? moves 5 spaces.
ZOMBIE_MASTER_COUNT = 5
WERE_SCREWED_COUNT = 10
KEYS_SPACES = 10
SO_BAD_COUNT = 2
PUSH_SPACES = 5


def deck_counts(base: bool = False) -> dict[str, int]:
    """Card id -> copies: the Quickplay deck, or with ``base`` the base game's whole deck."""
    return BASE_COUNTS if base else DECK_COUNTS


def full_deck(base: bool = False) -> list[str]:
    """Every Event card of the deck (``base``: without the Quickplay removals), one entry per copy."""
    return [c for c, n in deck_counts(base).items() for _ in range(n)]
