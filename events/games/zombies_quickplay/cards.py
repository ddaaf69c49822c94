"""Event card data and the game's constants (rules/zombies-quickplay.md,
'Event deck', 'Quickplay setup', 'Combat', 'The Helipad and winning').
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
