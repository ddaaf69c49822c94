"""What the Zombie Edition publishes: its commands, its events and its view, as JSON Schema.

A front end builds the game from these, the catalogue (``catalogue``) and the
views alone (docs/rules/selfish-zombie.md, 'What each seat and a spectator can
see').
"""
from __future__ import annotations

from events.games import schema as S
from events.games.selfish import published as P
from events.games.selfish.resigning import resigned_event, resigned_view

from .cards import ATTACK, GAME_DECK, PLAYABLE, WASTELAND_DECK

ED = P.Edition(game_cards=tuple(GAME_DECK), board_cards=tuple(WASTELAND_DECK), board="wasteland",
               resource="Supplies", goal="chopper")
RESULTS = ["chopper", "zombies"]
PICKS = ["discard", "scout", "zombie_trap", "settlement", "shopping_mall"]
DECISIONS = ["turn", "zombie_turn", "reaction", *PICKS]
PHASES = ["turn", "zombie", "reaction", *PICKS, "over"]
OUTCOME = S.outcome(P.MAX_SEATS, RESULTS)
WINDOW_CARDS = ["alliance", "horde", "rampage", "steal_supplies", ATTACK]

COMMANDS = {
    "PlayAction": S.command(
        "Your turn as a survivor: play an Action card from your hand. Every survivor it targets may answer "
        "first (Body Armor, Underestimate).",
        card=S.string("The Action card to play.", enum=list(PLAYABLE)),
        target=S.optional(P.seat("The seat to play it on (0-4): required for Alliance, Horde, Rampage and Steal "
                                 "Supplies, left out otherwise. Alliance and Horde may target a zombie.")),
        second_target=S.optional(P.seat("Rampage: the second survivor to take a card from (0-4), required while "
                                        "two other survivors are left; left out otherwise."))),
    "Rest": S.command("End your turn in place, paying one Supplies (splitting a Double if you hold no "
                      "Single). Your last Supplies kills you."),
    "Travel": S.command(
        "Pay two Supplies, move one space forward and resolve the Wasteland card drawn; the turn ends.",
        pay=S.string("How to pay: 'singles' (two Supplies) or 'double' (one Double Supplies).",
                     enum=["singles", "double"])),
    "PlayBodyArmor": S.command("In a reaction window: block the Action card or zombie attack (both cards are "
                               "discarded)."),
    "PlayUnderestimate": S.command("In a reaction window: turn the Action card back on its player, who may "
                                   "block it with Body Armor. Not against a zombie attack or a card already "
                                   "turned back."),
    "Pass": S.command("In a reaction window: let the card or attack take effect."),
    "DiscardCard": S.command("Bandits or Zombies!: discard this card (one of the cards you must discard).",
                             card=S.string("The kind of card to discard.", enum=list(GAME_DECK))),
    "PlaceScouted": S.command("Scout: put the Wasteland card you looked at back on top of the deck or under it.",
                              where=S.string("Where it goes.", enum=["top", "bottom"])),
    "OrderWasteland": S.command(
        "Zombie Trap: put the Wasteland cards you looked at back on top of the deck in this order.",
        cards=S.array(S.string("A Wasteland card you looked at.", enum=list(WASTELAND_DECK)),
                      "Exactly the cards looked at, top first.", 1, 3)),
    "Accept": S.command("Take what the Wasteland card offers: Settlement draws one Game card; Shopping Mall "
                        "rolls the die and draws that many."),
    "Decline": S.command("Leave what the Settlement or the Shopping Mall offers: nothing is drawn or rolled."),
    "ZombieMove": S.command("A zombie's action point: move one space forward or back in your column (not onto "
                            "the chopper's space).", direction=S.string("Which way.", enum=["forward", "back"])),
    "Attack": S.command("A zombie's action point: attack a living survivor on your level (one survivor "
                        "several times, or several survivors once each, in a turn).",
                        target=P.seat("The survivor to attack (0-4).")),
    "EndTurn": S.command("A zombie gives up its remaining action points."),
}

_DISCARD_REASONS = ["rest", "travel", "cut_through_a_sewer", "bandits", "zombies", ATTACK]
_ALLIANCE = S.obj("An Alliance card on the table.", {"ally": P.seat("Who played it (and follows)."),
                                                       "target": P.seat("Whom it lies before.")})

EVENTS = {
    **P.common_events(ED, _DISCARD_REASONS, ["rampage", "steal_supplies"], RESULTS),
    "GameStarted": P.game_started(ED, {"dice": S.any_of([
        S.array(S.integer("A die roll.", 0, 3), "Stacked die rolls still to come, in order (stored)."),
        S.integer("How many stacked rolls (as seen).", 0)], "Stacked die rolls (tests and tutorials).")}),
    "ChoiceRequested": S.event("A seat must make a pick before the move goes on.", S.obj("The pick.", {
        "seat": P.seat("Who picks."),
        "choice": S.string("What is picked (the catalogue's decisions).", enum=PICKS),
        "target": S.const(None, "Always null in this edition."),
        "left": S.optional(S.integer("Discard: how many cards are still to be discarded.", 1)),
        "reason": S.optional(S.string("Discard: the Wasteland card that demands it.", enum=["bandits", "zombies"])),
        "cards": S.optional(S.array(P.hidden(P.board_card(ED, "A Wasteland card looked at.")),
                                    "Scout, Zombie Trap: the cards looked at, top first (null for other seats).")),
        "then": P.then(),
    }), sentence="{seat:seat} must pick: {choice:value}."),
    "ActionPlayed": S.event("A survivor played an Action card (it goes to the Game discard pile).", S.obj("The play.", {
        "seat": P.seat("Who played it."),
        "card": S.string("The Action card.", enum=list(PLAYABLE)),
        "targets": S.array(P.seat("A target."), "The seats it was played on, in the order of their windows.",
                           0, 2),
    }), sentence="{seat:seat} played {card:card}{targets:seat:on}."),
    "ReactionWindowOpened": S.event(
        "The target of an Action card or a zombie attack may answer (Body Armor, Underestimate), or pass.",
        P.window_event("The window.", {"reflected": S.boolean("True for a card turned back by Underestimate."),
                                       "then": P.then()}), sentence="{seat:seat} may answer {attacker:seat}."),
    "BodyArmorPlayed": S.event("Body Armor blocked the card or attack: both are discarded.",
                               P.window_event("The block."),
                               sentence="{seat:seat} blocked {attacker:seat} with Body Armor."),
    "UnderestimatePlayed": S.event("Underestimate turned the card back on its player.", P.window_event("The turn."),
                                   sentence="{seat:seat} turned {attacker:seat}'s card back with Underestimate."),
    "TurnSkipped": S.event("The seat loses this turn (Twisted Ankle).", S.obj("The lost turn.",
                                                                               {"seat": P.seat("Whose turn.")}),
                           sentence="{seat:seat} lost this turn to a Twisted Ankle."),
    "AnkleTwisted": S.event("Twisted Ankle: the seat will lose its next turn.", S.obj("The ankle.",
                                                                                       {"seat": P.seat("Who.")}),
                            sentence="{seat:seat} twisted an ankle and will lose the next turn."),
    "DieRolled": S.event("The die was rolled.", S.obj("The roll.", {
        "seat": P.seat("For whom."),
        "roll": S.integer("The face rolled.", 0, 3),
        "why": S.string("What for: a zombie's action points, Bandits or Shopping Mall.",
                        enum=["zombie", "bandits", "shopping_mall"]),
        "stacked": S.boolean("Whether the roll was stacked (tests and tutorials)."),
    }), sentence="{seat:seat} rolled {roll:value} ({why:value})."),
    "AllianceFormed": S.event("An Alliance card now lies before its target.", _ALLIANCE,
                              sentence="{ally:seat} formed an Alliance with {target:seat}."),
    "AllianceDiscarded": S.event("An Alliance card went to the Game discard pile.", _ALLIANCE,
                                 sentence="The Alliance of {ally:seat} with {target:seat} was discarded."),
    "WastelandArranged": S.event("Scout or Zombie Trap put the cards looked at back.", S.obj("The cards put back.", {
        "seat": P.seat("Who looked."),
        "top": S.array(P.hidden(P.board_card(ED, "A card.")), "Put back on top, top first (null for other seats)."),
        "bottom": S.array(P.hidden(P.board_card(ED, "A card.")), "Put under the deck (null for other seats)."),
    }), sentence="{seat:seat} put the Wasteland cards looked at back."),
    "ZombieMoved": S.event("A zombie spent an action point to move one space.", S.obj("The move.", {
        "seat": P.seat("The zombie."),
        "direction": S.string("Which way.", enum=["forward", "back"]),
        "card": P.hidden(P.board_card(ED, "Forward onto an empty space: the card placed face down behind it; null "
                                          "otherwise.")),
    }), sentence="{seat:seat}, a zombie, moved {direction:value}."),
    "ZombieAttacked": S.event("A zombie spent an action point to attack a survivor on its level.", S.obj(
        "The attack.", {"seat": P.seat("The zombie."), "target": P.seat("The survivor attacked.")}),
                              sentence="{seat:seat}, a zombie, attacked {target:seat}."),
    "ZombieKnockedBack": S.event("A Horde moved a zombie one space back; the card stays in its column.", S.obj(
        "The push.", {"seat": P.seat("The zombie.")}),
                                 sentence="A Horde knocked {seat:seat}, a zombie, one space back."),
    # -- resigning (docs/rules/selfish-zombie.md, 'Resigning') --
    "PlayerResigned": resigned_event(ED, "survivor or zombie"),
}

_PICK = S.obj("A pick being made.", {
    "seat": P.seat("Who picks."),
    "kind": S.string("What is picked: discard (Bandits, Zombies!), scout, zombie_trap (where the cards looked "
                     "at go), settlement or shopping_mall (accept or decline).", enum=PICKS),
    "discards_left": S.nullable(S.integer("Discard: cards still to discard; null otherwise.", 1)),
    "because_of": P.maybe(S.string("Discard: the Wasteland card that demands it; null otherwise.",
                                      enum=["bandits", "zombies"])),
    "cards": S.nullable(S.array(P.board_card(ED), "Scout, Zombie Trap: the cards looked at, top first, shown to "
                                                  "the picker only; null for everyone else and other picks.")),
})

_COLUMN = P.per_seat(S.array(P.hidden(P.board_card(ED, "A Wasteland card; null: placed face down by a zombie.")),
                             "Cards in the column."), "")

VIEW = P.view_schema(S.obj("What a seat (or a spectator) sees of a running or finished game.", {
    **P.common_view(ED, DECISIONS, OUTCOME),
    "known_wasteland_top": S.nullable(S.array(P.board_card(ED), "The Wasteland cards you know lie on top of the "
                                                                "deck (from your Scout or Zombie Trap), top first; "
                                                                "null for a spectator.")),
    "tracks": {**_COLUMN, "description": "The Wasteland cards behind each player, from the start (the last lies "
                                         "directly behind it). One entry per seat, in seat order."},
    "cards_ahead": {**_COLUMN, "description": "A zombie's column cards in front of it after it stepped back "
                                              "over them, nearest first (the first lies on its own space); empty "
                                              "for survivors. One entry per seat, in seat order."},
    "loses_next_turn": P.per_seat(S.boolean("True after a Twisted Ankle: the seat's next turn is lost."),
                                  "Lost turns."),
    "alliances": S.array(_ALLIANCE, "The Alliance cards on the table."),
    "phase": S.string("What the game waits for: turn (a survivor's), zombie (a zombie's turn), reaction, "
                      "discard, scout, zombie_trap, settlement, shopping_mall (picks), or over.", enum=PHASES),
    "zombie_action_points": S.integer("A zombie's action points left this turn (0 on a survivor's turn).", 0, 3),
    "zombie_attacks_this_turn": S.array(P.seat("A survivor attacked."), "The survivors the zombie attacked "
                                        "this turn, in order (one several times, or several once each)."),
    "reaction_window": S.nullable(S.obj("A reaction window: a card or attack waits for its target's answer.", {
        "responder": P.seat("The target, who may answer or pass."),
        "attacker": P.seat("Who played the card, or the attacking zombie."),
        "card": S.string("The Action card, or 'zombie_attack'.", enum=WINDOW_CARDS),
        "turned_back": S.boolean("True for a card turned back by Underestimate (it cannot be turned again)."),
    })),
    "pick": S.nullable(_PICK),
    "resigned": resigned_view("True once the player resigned: out of the game (shown as not alive), never "
                              "asked again, never a target."),
}), "The view of one seat, or of a spectator.")
