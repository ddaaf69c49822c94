"""evolve(state, event) -> state: one small function per event type.

Total and deterministic: no randomness (every shuffle and random pick is in the
event), never raises, ignores event types it does not know (the service's own
``GameCreated``, ``SeedRevealed``...). Each step touches O(1) lists; nothing is
deep-copied. The state is mutated in place and returned. The handlers both
Selfish editions share (drawing, discarding, taking, paying, the board, the
reaction window, choices, death) live in ``events.games.selfish``; the ones
here are the Space Edition's own.
"""
from __future__ import annotations

from events.games.selfish import reactions
from events.games.selfish.evolve import COMMON, make_evolve, new_state
from events.games.selfish.paying import take
from events.games.selfish.resigning import seat_resigned

from .cards import BOARD, SUPPLIES


def game_started(_state, d):
    """GameStarted: a fresh state from the deal (hands, deck orders, discard, tracks)."""
    return {**new_state(d, "space"), "two_player": d["two_player"], "actions": 0, "swapped": False}


def turn_started(s, d):
    """TurnStarted: ``seat`` takes the turn; the Action count and swap flag reset."""
    s["turn"] = d["seat"]
    s["turns"] += 1
    s["actions"] = 0
    s["swapped"] = False
    return s


def action_played(s, d):
    """ActionPlayed: the card goes from hand to the Game discard pile and counts as an Action."""
    if take(s["hands"][d["seat"]], d["card"]):
        s["game_discard"].append(d["card"])
    s["actions"] += 1
    return s


def tracks_swapped(s, d):
    """TracksSwapped: ``seat`` and ``other`` swap whole tracks (positions and the cards behind)."""
    t = s["tracks"]
    a, b = d["seat"], d["other"]
    t[a], t[b] = t[b], t[a]
    return s


HANDLERS = {
    **COMMON,
    **BOARD.handlers(),
    "GameStarted": game_started,
    "TurnStarted": turn_started,
    "ActionPlayed": action_played,
    "ReactionWindowOpened": reactions.window_opened,
    "ShieldPlayed": reactions.answered_with("shield"),
    "ReactionPassed": reactions.window_passed,
    "CardsDiscarded": SUPPLIES.cards_discarded,
    "DoubleSwapped": SUPPLIES.double_swapped,
    "TracksSwapped": tracks_swapped,
    "AstronautResigned": seat_resigned,
}

evolve = make_evolve(HANDLERS)
