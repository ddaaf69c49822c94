"""What the Space Edition publishes: its commands, its events and its view, as JSON Schema.

A front end builds the game from these, the catalogue (``catalogue``) and the
views alone (docs/rules/selfish-space.md, 'What each seat and a spectator can
see').
"""
from __future__ import annotations

from events.games import schema as S
from events.games.selfish import published as P
from events.games.selfish.resigning import resigned_event, resigned_view

from .cards import ACTIONS, GAME_DECK, PLAYABLE, SPACE_DECK

ED = P.Edition(game_cards=tuple(GAME_DECK), board_cards=tuple(SPACE_DECK), board="space", resource="Oxygen",
               goal="ship")
RESULTS = ["reached_ship", "everyone_died"]
DECISIONS = ["turn", "shield", "hack_suit", "meteoroid", "wormhole"]
PHASES = ["turn", "reaction", "hack_suit", "meteoroid", "wormhole", "over"]
OUTCOME = S.outcome(P.MAX_SEATS, RESULTS)

_TARGET = "The seat of the astronaut to play it on (0-4): required for Oxygen Siphon, Hack Suit, Tractor " \
          "Beam, Laser Blast, Hole in Suit and Tether, left out otherwise."

COMMANDS = {
    "PlayAction": S.command(
        "Phase 2 of your turn: play an Action card from your hand (not under a Solar Flare; one per turn in a "
        "two-player game). A targeted astronaut may answer with a Shield first.",
        card=S.string("The Action card to play.", enum=list(PLAYABLE)),
        target=S.optional(P.seat(_TARGET))),
    "SwapDouble": S.command("Once per turn: trade a Double Oxygen for two Single Oxygen from the Game discard "
                            "pile, then the Game deck."),
    "Breathe": S.command("Phase 3: discard one Oxygen (splitting a Double if you hold no Single) and stay; the "
                         "turn ends. Your last Oxygen kills you."),
    "BreatheWithActions": S.command(
        "Phase 3: discard two Action cards instead of one Oxygen and stay; the turn ends.",
        cards=S.array(S.string("An Action card from your hand.", enum=list(ACTIONS)),
                      "The two Action cards to discard, in any order.", 2, 2)),
    "Travel": S.command(
        "Phase 3: discard two Oxygen, move one space forward and resolve the Space card drawn; the turn ends.",
        pay=S.string("How to pay: 'singles' (two Single Oxygen) or 'double' (one Double Oxygen).",
                     enum=["singles", "double"])),
    "PlayShield": S.command("In a reaction window: block the Action card played on you (both cards are "
                            "discarded)."),
    "Pass": S.command("In a reaction window: let the Action card played on you take effect."),
    "TakeCard": S.command("Hack Suit: take this card from the target's hand (you see that hand).",
                          card=S.string("The kind of card to take.", enum=list(GAME_DECK))),
    "DiscardCards": S.command(
        "Meteoroid: discard two cards of your choice (Oxygen included).",
        cards=S.array(S.string("A card from your hand.", enum=list(GAME_DECK)),
                      "The two cards to discard, in any order.", 2, 2)),
    "SwapWith": S.command("Wormhole: swap places (whole tracks) with another astronaut, alive or dead.",
                          target=P.seat("The seat to swap places with (0-4), not your own.")),
}

_DISCARD_REASONS = ["breathe", "travel", "meteoroid", "asteroid_field", "cosmic_radiation", "hole_in_suit"]

EVENTS = {
    **P.common_events(ED, _DISCARD_REASONS, ["oxygen_siphon", "hack_suit", "tractor_beam"], RESULTS),
    "GameStarted": P.game_started(ED, {"two_player": S.boolean("True with two seats: one Action card per turn.")}),
    "ChoiceRequested": S.event("A seat must make a pick before the move goes on.", S.obj("The pick.", {
        "seat": P.seat("Who picks."),
        "choice": S.string("What is picked (the catalogue's decisions).", enum=["hack_suit", "meteoroid", "wormhole"]),
        "target": S.nullable(P.seat("Hack Suit: whose hand the card is taken from; null otherwise.")),
        "then": P.then(),
    }), sentence="{seat:seat} must pick: {choice:value}."),
    "ActionPlayed": S.event("A seat played an Action card (it goes to the Game discard pile).", S.obj("The play.", {
        "seat": P.seat("Who played it."),
        "card": S.string("The Action card.", enum=list(PLAYABLE)),
        "target": S.nullable(P.seat("The astronaut it was played on; null for Rocket Booster.")),
    }), sentence="{seat:seat} played {card:card}."),
    "ReactionWindowOpened": S.event("The target of an Action card may answer with a Shield, or pass.",
                                    P.window_event("The window."),
                                    sentence="{seat:seat} may answer {attacker:seat}'s card with a Shield."),
    "ShieldPlayed": S.event("The target blocked the Action card with a Shield: both are discarded.",
                            P.window_event("The block."),
                            sentence="{seat:seat} blocked {attacker:seat}'s card with a Shield."),
    "TracksSwapped": S.event("Wormhole: two astronauts swapped places, with the cards behind them.", S.obj(
        "The swap.", {"seat": P.seat("The traveller who drew the Wormhole."),
                      "other": P.seat("The astronaut picked.")}),
                             sentence="{seat:seat} swapped places with {other:seat} through a Wormhole."),
    # -- resigning (docs/rules/selfish-space.md, 'Resigning') --
    "AstronautResigned": resigned_event(ED, "astronaut"),
}

_PICK = S.obj("A pick being made.", {
    "seat": P.seat("Who picks."),
    "kind": S.string("What is picked: hack_suit (a card from the target's hand), meteoroid (two cards to "
                     "discard) or wormhole (an astronaut to swap places with).",
                     enum=["hack_suit", "meteoroid", "wormhole"]),
    "target": S.nullable(P.seat("Hack Suit: whose hand; null otherwise.")),
    "target_hand": S.nullable(P.cards(ED, "Hack Suit: the target's hand, shown to the picker only; null for "
                                          "everyone else and other picks.")),
})

VIEW = P.view_schema(S.obj("What a seat (or a spectator) sees of a running or finished game.", {
    **P.common_view(ED, DECISIONS, OUTCOME),
    "one_action_per_turn": S.boolean("True when the game started with two seats: at most one Action card per "
                                     "turn."),
    "tracks": P.per_seat(S.array(P.board_card(ED), "The Space cards behind the astronaut, from the start "
                                                   "(the last one lies directly behind it)."),
                         "Each astronaut's track."),
    "under_solar_flare": P.per_seat(S.boolean("True when a Solar Flare lies directly behind the astronaut: it "
                                              "can play no Action card, Shield included."), "Solar Flares."),
    "phase": S.string("What the game waits for: turn, reaction (a Shield window), hack_suit, meteoroid, "
                      "wormhole (picks), or over.", enum=PHASES),
    "actions_played_this_turn": S.integer("Action cards played so far this turn (Shields not counted).", 0),
    "double_swapped_this_turn": S.boolean("Whether the once-per-turn Double swap was used this turn."),
    "reaction_window": S.nullable(S.obj("A Shield window: an Action card waits for its target's answer.", {
        "responder": P.seat("The target, who may Shield or pass."),
        "attacker": P.seat("Who played the card."),
        "card": S.string("The Action card played.", enum=list(PLAYABLE)),
    })),
    "pick": S.nullable(_PICK),
    "resigned": resigned_view("True once the astronaut's player resigned: out of the game, like a corpse that "
                              "is never asked again."),
}), "The view of one seat, or of a spectator.")
