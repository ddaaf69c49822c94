"""What the game publishes about its commands, events and views, as JSON Schema
(``events.games.schema``): the service serves it in ``/openapi.json`` and
``GET /v1/rulesets/one-against-the-dead``, and the tests hold every command,
event and view of random playouts to it.

Places are grid coordinates ``(x, y)``: the Starting Location is (0, 0), the
Ending Location (8, 0), x grows towards the end and y grows upwards
(docs/rules/one-against-the-dead.md, 'Setup and first player').
"""
from __future__ import annotations

from events.games.schema import (
    array,
    boolean,
    command,
    const,
    event,
    integer,
    nullable,
    obj,
    one_of,
    outcome,
    string,
    tuple_of,
)

from .cards import ACTION_POINTS, COORDINATE_LIMIT, DECK, MAX_ROUNDS, MAX_SHELLS, STRENGTH, WEAPON_STACK, WEAPONS

CARD_IDS = list(DECK)
RESULTS = ["won", "overwhelmed", "cut_off", "conceded", "exhausted"]
PHASES = ["setup", "actions", "place", "weapon", "joker", "zombies", "attack", "zombie_attack", "over"]
ZOMBIE_CODES = ["GH", "GT", "LH", "LT"]
DECISION_CODES = ["actions", "attack", "place_card", "choose_weapon", "feed_joker"]


def maybe(schema: dict) -> dict:
    """``schema`` or ``null`` (its enum, if any, lists ``null`` too)."""
    out = nullable(schema)
    if "enum" in out:
        out["enum"] = [*out["enum"], None]
    return out


def _x(what: str) -> dict:
    return integer(f"x of {what}: 0 is the Starting Location's column, 8 the Ending Location's; "
                   "x grows towards the end.", -COORDINATE_LIMIT, COORDINATE_LIMIT)


def _y(what: str) -> dict:
    return integer(f"y of {what}: 0 is the row of the start and the end; y grows upwards.",
                   -COORDINATE_LIMIT, COORDINATE_LIMIT)


def _card(what: str) -> dict:
    return string(f"{what}: a card id (rank then suit, e.g. '10H', 'JS', 'AD'; 'JK1'/'JK2' for the "
                  "Jokers); the catalogue's 'cards' describe each.", enum=CARD_IDS)


def _place(what: str) -> dict:
    return obj(what, {"x": _x(what), "y": _y(what)})


def _pair(what: str) -> dict:
    return tuple_of([_x(what), _y(what)], f"{what} as [x, y].")


# -- commands -------------------------------------------------------------------------------------
COMMANDS = {
    "Move": command(
        "Action phase: move the pawn to the card directly left, right, above or below yours (never "
        "onto a Special Location: Ace, face card, Joker). Costs 1 AP when the two cards share a suit "
        "or a rank, else 2 AP; then the new location is checked out (the face-down cards around it go "
        "back into the deck and new cards are drawn for every empty place around it).",
        x=_x("the card to move to"), y=_y("the card to move to")),
    "DecrementDie": command(
        "Action phase: spend 1 AP to turn down the die on an Ace or face card among the 8 places "
        "around you. Off its last pip it rescues the survivor (Ace) or finds a weapon (face card). "
        "With a Joker in the city, each AP spent so puts a Greater Zombie on a Joker.",
        x=_x("the card holding the die"), y=_y("the card holding the die")),
    "EndActions": command(
        "Action phase: stop spending AP; the zombies move, you may attack, the zombies attack. With "
        "a Joker in the city, each AP left unused puts a Greater Zombie on a Joker."),
    "Concede": command(
        "Action phase, only once the Ending Location can no longer be reached (the view's 'cut_off'): "
        "give up; the game ends lost ('conceded') with the Feel Good points earned so far."),
    "PlaceCard": command(
        "While checking out a location: put the drawn card (the view's 'drawn_card') in one of the "
        "empty places around you. It gets one zombie per face-up card beside it (not diagonal, and "
        "not the card you stand on) that shares neither its suit nor its rank; an Ace or face card "
        "also gets a rolled die.",
        x=_x("the empty place"), y=_y("the empty place")),
    "ChooseWeapon": command(
        "After finding a weapon while carrying one: keep one, and the other leaves the game.",
        keep=string("'carried': keep the weapon you had; 'found': take the new one; 'combined': two "
                    f"shotguns only, the shells are added (at most {MAX_SHELLS}).",
                    enum=["carried", "found", "combined"])),
    "PlaceJokerZombie": command(
        "With both Jokers in the city, after the action phase: put the next heads-up Greater Zombie "
        "owed to the Jokers on this one.",
        x=_x("the Joker"), y=_y("the Joker")),
    "AttackWithFists": command(
        "Attack phase: Fists of Fury on 1 to 4 zombies of your card (heads-up ones of each type "
        "first). Each is flipped: a Greater landing tails becomes a freshly flipped Lesser, a Lesser "
        "landing tails is killed.",
        greater=integer("How many Greater Zombies to hit.", 0, 4),
        lesser=integer("How many Lesser Zombies to hit (greater + lesser: 1 to 4).", 0, 4)),
    "AttackWithBat": command(
        "Attack phase, carrying the Baseball Bat: weaken every zombie of one type on your card once "
        "(heads-up Greater -> tails-up Greater -> heads-up Lesser -> tails-up Lesser -> killed).",
        target=string("Which type to hit.", enum=["greater", "lesser"])),
    "AttackWithChainsaw": command(
        "Attack phase, carrying the Chainsaw: flip every zombie on your card; those landing tails "
        "are killed, the rest lie heads up. Uses one pip of fuel (the chainsaw is gone at 0)."),
    "AttackWithShotgun": command(
        "Attack phase, carrying the Shotgun: every Lesser Zombie on your card is killed; each Greater "
        "is flipped and one landing tails becomes a freshly flipped Lesser. Uses one shell (the "
        "shotgun is gone at 0)."),
    "SkipAttack": command("Attack phase: do not attack this round."),
}


# -- events ---------------------------------------------------------------------------------------
def _deck_order(what: str) -> dict:
    return array(_card("A card"), f"{what} (top first). Hidden while the game runs: seats and spectators "
                                  "see 'deck_size' instead.")


_DECK_SIZE = integer("How many cards the deck holds now (what a seat sees instead of the order).", 0, 54)
_PLACE = {"x": _x("the place"), "y": _y("the place")}
_ZOMBIES = obj("Zombies on one card by kind.", {
    "GH": integer("Greater Zombies heads up.", 0), "GT": integer("Greater Zombies tails up.", 0),
    "LH": integer("Lesser Zombies heads up.", 0), "LT": integer("Lesser Zombies tails up.", 0)})
_FLIP = string("A coin flip.", enum=["heads", "tails"])
_WEAPON = string("A weapon of the Weapon Stack.", enum=list(WEAPONS))

EVENTS = {
    "GameStarted": event(
        "The game begins: the shuffled deck, the stacked results (tests and tutorials) and the rules "
        "level. Seats and spectators see only the counts.",
        obj("The opening shuffle.", {
            "rules_level": integer("The rules level the game is played under (absent: level 1, "
                                   "one-against-the-dead/1).", 1, 2),
            "stacked": boolean("Whether the game was stacked (its deck or random results fixed)."),
            "pinned": integer("How many stacked cards sit on top of the deck, kept there through "
                              "reshuffles.", 0, 54),
            "deck": _deck_order("The whole deck"),
            "dice": array(integer("A die roll.", 1, 6), "Stacked die rolls, used before random ones."),
            "flips": array(_FLIP, "Stacked coin flips, used before random ones."),
            "weapons": array(_WEAPON, "Stacked Weapon Stack picks, used before random ones."),
            "deck_count": integer("How many cards the deck holds (the redacted form).", 0, 54),
            "dice_count": integer("How many die rolls were stacked (the redacted form).", 0),
            "flips_count": integer("How many coin flips were stacked (the redacted form).", 0),
            "weapons_count": integer("How many Weapon Stack picks were stacked (the redacted form).", 0),
        }, optional=["rules_level", "deck", "dice", "flips", "weapons", "deck_count", "dice_count",
                     "flips_count", "weapons_count"]), sentence="The game began."),
    "CardDrawn": event("The top card of the deck is turned face up, to be placed (or, in setup, to "
                       "become the start or the end).", obj("The card drawn.", {"card": _card("The card")}),
                       sentence="{card:card} was drawn."),
    "SpecialReshuffled": event(
        "A Special Location drawn for the start or the end goes back into the deck, which is shuffled.",
        obj("The card and the new deck.", {"card": _card("The Special Location"),
                                           "order": _deck_order("The deck after the shuffle"),
                                           "deck_size": _DECK_SIZE}, optional=["order", "deck_size"]),
        sentence="{card:card}, a Special Location, went back into the deck, which was shuffled."),
    "CardPlaced": event("The drawn card lies face up at (x, y).",
                        obj("Where and which.", {**_PLACE, "card": _card("The card")}),
                        sentence="{card:card} was placed at ({x:value}, {y:value})."),
    "PlaceholderDealt": event(
        "A card is dealt face down at (x, y), a placeholder on the way to the end (seats see no card).",
        obj("Where.", {**_PLACE, "card": maybe(_card("The face-down card; null as seats see it"))}),
                              sentence="A card was dealt face down at ({x:value}, {y:value})."),
    "PlaceholdersCollected": event(
        "The face-down placeholders around the player's new location go back into the deck, which is "
        "shuffled.",
        obj("Which places and the new deck.", {
            "places": array(_pair("A place"), "The places emptied."),
            "order": _deck_order("The deck after the shuffle"), "deck_size": _DECK_SIZE,
        }, optional=["order", "deck_size"]),
                                   sentence="The face-down placeholders went back into the deck, which was shuffled."),
    "ZombiesSpawned": event(
        "Zombies put on a newly placed card: the first a Greater, the rest Lesser, each flipped.",
        obj("Where and which.", {**_PLACE, "zombies": array(string(
            "A zombie: G(reater) or L(esser), then H(eads) or T(ails).", enum=ZOMBIE_CODES),
            "The zombies, in order.", 1)}), sentence="Zombies appeared at ({x:value}, {y:value})."),
    "DieRolled": event("A die is rolled and put on a newly placed Ace or face card.",
                       obj("Where and the roll.", {**_PLACE, "value": integer("The roll.", 1, 6)}),
                       sentence="A die showing {value:value} was put at ({x:value}, {y:value})."),
    "RoundStarted": event("A round begins with 3 action points.",
                          obj("The round.", {"round": integer("The round number.", 1, MAX_ROUNDS)}),
                          sentence="Round {round:value} began."),
    "PlayerMoved": event("The pawn moves to (x, y) for 1 or 2 AP.",
                         obj("Where and the cost.", {**_PLACE, "cost": integer("AP spent.", 1, 2)}),
                         sentence="The player moved to ({x:value}, {y:value}) for {cost:value} AP."),
    "DieDecremented": event("1 AP turns the die at (x, y) down; at 0 it is taken off.",
                            obj("Where and the new value.", {**_PLACE, "value": integer("The die now.", 0, 5)}),
                            sentence="The die at ({x:value}, {y:value}) was turned down to {value:value}."),
    "SurvivorRescued": event("The survivor under the Ace at (x, y) is rescued.", obj("Where.", dict(_PLACE)),
                             sentence="The survivor at ({x:value}, {y:value}) was rescued."),
    "WeaponFound": event(
        "A chip is drawn from the Weapon Stack: the weapon found, with its rolled die (fuel or shells).",
        obj("The weapon.", {"kind": _WEAPON, "die": nullable(integer(
            "The weapon's die (shells or fuel); null for the bat.", 1, 6))}),
                         sentence="The player found a weapon: {kind:card}."),
    "NoWeaponFound": event("The Weapon Stack was empty: nothing is found.", obj("Nothing.", {}),
                           sentence="The Weapon Stack was empty: no weapon was found."),
    "WeaponChosen": event(
        "The player keeps one weapon: the carried one, the found one, or two shotguns combined.",
        obj("The choice.", {"keep": string("What is kept.", enum=["carried", "found", "combined"]),
                            "die": integer("The combined shotgun's shells.", 1, MAX_SHELLS)},
            optional=["die"]), sentence="The player kept the {keep:value} weapon."),
    "ActionsEnded": event(
        "The action phase ends; Greater Zombies are owed to the Jokers for unused AP and AP spent on dice.",
        obj("AP unused and Joker zombies owed.", {
            "unused": integer("AP left unused.", 0, ACTION_POINTS),
            "jokers_due": integer("Greater Zombies owed to the Jokers (0 with no Joker in the city).",
                                  0, ACTION_POINTS)}),
        sentence="The action phase ended with {unused:value} AP unused; {jokers_due:count:Greater Zombie} owed to the Jokers."),
    "JokerZombieAdded": event("A heads-up Greater Zombie is put on the Joker at (x, y).",
                              obj("Which Joker.", dict(_PLACE)),
                              sentence="A Greater Zombie was put on the Joker at ({x:value}, {y:value})."),
    "ZombiesMoved": event(
        "Every group of zombies off the player's card steps one card towards the player, all at once.",
        obj("The steps.", {"moves": array(obj("One group's step.", {
            "from": _pair("Where the group stood"), "to": _pair("Where it steps")}), "Each group that moved.")}),
                          sentence="The zombies moved one card towards the player."),
    "AttackSkipped": event("No attack this round.", obj("Why.", {"reason": string(
        "'player': the player chose not to; 'no_zombies': no zombie on the player's card.",
        enum=["player", "no_zombies"])}), sentence="No attack this round."),
    "PlayerAttacked": event(
        "The player attacks the zombies on its card.",
        obj("The attack and what is left.", {
            "weapon": string("The weapon used.", enum=["fists", *WEAPONS]),
            "greater": integer("Fists: Greater Zombies hit.", 0, 4),
            "lesser": integer("Fists: Lesser Zombies hit.", 0, 4),
            "target": string("Bat: the type hit.", enum=["greater", "lesser"]),
            "zombies": _ZOMBIES,
            "killed": integer("Zombies killed (returned to the Zombie Pile).", 0),
            "flips": array(_FLIP, "The coin flips of the attack, in order."),
        }, optional=["greater", "lesser", "target"]),
                            sentence="The player attacked with {weapon:card} and killed {killed:count:zombie}."),
    "StrengthLost": event("The zombies on the player's card wear it down: one Strength per five, rounded up.",
                          obj("Zombies and Strength lost.", {"zombies": integer("Zombies on the player's card.", 1),
                                                            "amount": integer("Strength lost.", 1)}),
                          sentence="{zombies:count:zombie} cost the player {amount:value} Strength."),
    "PlayerOverwhelmed": event("More zombies on the player's card than Strength: the game is lost.",
                               obj("The count.", {"zombies": integer("Zombies on the player's card.", 1),
                                                  "strength": integer("The player's Strength.", 0, STRENGTH)}),
        sentence="{zombies:count:zombie} overwhelmed the player's {strength:value} Strength: the game is lost."),
    "GameWon": event("The player survived the zombie attack on the Ending Location: the game is won.",
                     obj("When.", {"round": integer("The round.", 1, MAX_ROUNDS)}),
                     sentence="The player survived on the Ending Location in round {round:value}: the game is won."),
    "GameLost": event(
        "The game ends lost: 'cut_off' (the end can never be reached and nothing is left worth doing) "
        f"or 'exhausted' (round {MAX_ROUNDS} is over).",
        obj("Why.", {"result": string("How it was lost.", enum=["cut_off", "exhausted"])}),
                      sentence="The game is lost: {result:value}."),
    "PlayerConceded": event("The player, cut off from the Ending Location, concedes: the game is lost.",
                            obj("When.", {"round": integer("The round.", 1, MAX_ROUNDS)}),
                            sentence="The player conceded in round {round:value}."),
}

# Resigning (docs/rules/one-against-the-dead.md, 'Resigning') ends the game with the concession's own event: its
# description says so. Kept apart from the entry above so that edits to the entry stay independent.
EVENTS["PlayerConceded"] = {
    **EVENTS["PlayerConceded"],
    "description": "The player gave up: cut off from the Ending Location, it conceded, or it resigned. The game is "
                   "lost.",
}


# -- the view -------------------------------------------------------------------------------------
_COUNT = {name: integer(text, 0) for name, text in (
    ("greater_heads", "Greater Zombies lying heads up (the strongest)."),
    ("greater_tails", "Greater Zombies lying tails up."),
    ("lesser_heads", "Lesser Zombies lying heads up."),
    ("lesser_tails", "Lesser Zombies lying tails up (the weakest)."))}
_WEAPON_HELD = obj("A weapon.", {
    "kind": _WEAPON,
    "die": nullable(integer("Pips on the weapon's die: shells (shotgun) or fuel (chainsaw) left; null "
                            "for the bat.", 1, MAX_SHELLS)),
})
_SPOT = obj("One place of the city holding a card.", {
    "x": _x("the place"), "y": _y("the place"),
    "face_up": boolean("False for a face-down placeholder (its card is hidden)."),
    "card": maybe(_card("The card; null when face down (the catalogue's board 'city_cards' give each "
                        "card's rank, suit and Special kind)")),
    "zombies": nullable(obj("The zombies on this card; null when there are none.", _COUNT)),
    "die": nullable(integer("The die on an Ace or face card: AP still needed to dig out its survivor or "
                            "weapon; null when there is none.", 1, 6)),
})
_TO_ACT = obj("A pending decision.", {
    "seat": integer("The seat that must act (always 0).", 0, 0),
    "kind": string("'turn' (the turn timeout) or 'choice' (a pick inside the round).", enum=["turn", "choice"]),
    "code": string("What is decided (the catalogue's 'decisions').", enum=DECISION_CODES),
    "label": string("The decision in one sentence."),
})

_STARTED = obj("The game as seat 0 and spectators see it (the same table for both).", {
    "started": const(True, "The game has started."),
    "seat": nullable(integer("0 for the player; null for a spectator.", 0, 0)),
    "phase": string("Where the round is: 'actions' (spend AP), 'place' (place the drawn card), 'weapon' "
                    "(keep a weapon), 'joker' (feed a Joker), 'attack' (attack or not), 'over'; 'setup', "
                    "'zombies' and 'zombie_attack' appear only between the events of one command.",
                    enum=PHASES),
    "round": integer("The round being played (0 while the city is laid out).", 0, MAX_ROUNDS),
    "action_points": integer("Action points left this round (AP).", 0, ACTION_POINTS),
    "action_points_on_dice": integer("AP spent on dice this round (each feeds a Joker).", 0, ACTION_POINTS),
    "joker_zombies_due": integer("Greater Zombies still to put on the Jokers this round.", 0, ACTION_POINTS),
    "strength": integer("The player's Strength.", 0, STRENGTH),
    "player": _place("The player's pawn"),
    "start": _place("The Starting Location"),
    "end": _place("The Ending Location (stand on it after the zombies attack to win)"),
    "city": array(_SPOT, "Every card on the table, top row first, left to right."),
    "drawn_card": maybe(_card("The card drawn and waiting to be placed; null when none")),
    "weapon": nullable(_WEAPON_HELD),
    "found_weapon": nullable({**_WEAPON_HELD, "description": "A weapon just found, to keep or not."}),
    "weapon_stack": obj("Chips left in the Weapon Stack.", {
        kind: integer(f"{kind.capitalize()} chips left.", 0, n) for kind, n in WEAPON_STACK.items()}),
    "deck_size": integer("Cards left in the deck.", 0, 54),
    "cut_off": boolean("Whether the Ending Location can no longer be reached (the player may then concede)."),
    "score": obj("Feel Good points so far.", {
        "zombies_killed": integer("Zombies killed (+1 each).", 0),
        "survivors_rescued": integer("Survivors rescued (+10 each).", 0),
        "survivors_trapped": integer("Aces in the city still holding a die (-20 each at the end).", 0),
        "feel_good_points": integer("The score: kills + 10 x rescued - 20 x trapped."),
    }),
    "to_act": array(_TO_ACT, "Who must act now and on what (empty when the game is over).", max_items=1),
    "outcome": nullable({**outcome(1, RESULTS), "description": "How the game ended; null while it runs."}),
})
_WAITING = obj("Before the game starts.", {"started": const(False, "The game has not started.")})

VIEW = one_of([_STARTED, _WAITING], "What seat 0 or a spectator sees of the game.")
