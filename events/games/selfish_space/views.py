"""What each seat may see: ``view`` for the state, ``redact`` for one event,
and ``outcome``.

Public: tracks and positions (Space cards lie face up), both discard piles,
hand *sizes*, who is alive, whose turn it is and what is pending. Hidden: every
hand but your own, and the order of both draw piles (only their sizes are
shown). While a Hack Suit pick is pending the attacker also sees the target's
hand (docs/rules/selfish-space.md, 'What each seat and a spectator can see').
"""
from __future__ import annotations

from events.games.selfish.redaction import hide_queue, redact_common
from events.games.selfish.resigning import resigned_flags

from .decide import phase_of
from .legal import pending
from .state import flared, position

#: The outcome's ``reason`` sentence for each result code.
REASONS = {
    "reached_ship": "Seat {winner} reached the ship alive with oxygen to spare.",
    "everyone_died": "Every astronaut ran out of oxygen before anyone reached the ship: nobody wins.",
}


def outcome(state):
    """``None`` while the game runs; then ``{"winners": [seat] or [], "result": "reached_ship" |
    "everyone_died", "reason": sentence, "scores": None, "turns": turns started}``. Works on states
    folded from logs of every rules version (docs/rules/selfish-space.md, 'Ending and scoring').
    """
    if state is None or not state["over"]:
        return None
    winner = state["winner"]
    return {"winners": [] if winner is None else [winner], "result": state["reason"],
            "reason": REASONS[state["reason"]].format(winner=winner), "scores": None, "turns": state["turns"]}


def view(state, seat):
    """What ``seat`` (``None`` or out of range: a spectator) may see, as a JSON-able dict.

    ``{"started": False}`` before the game starts; then the own hand, hand sizes, tracks and
    positions, Solar Flares, whose turn it is, the phase, the reaction window, the pick being
    made (the Hack Suit attacker also sees the target's hand), who must act, discard piles,
    draw-pile sizes and the outcome. The view schema (``published.VIEW``) describes every field
    (docs/rules/selfish-space.md, 'What each seat and a spectator can see').
    """
    if state is None:
        return {"started": False}
    n = state["seats"]
    me = seat if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < n else None
    w, choice = state["window"], state["choice"]
    pick = None
    if choice is not None:
        shown = choice["choice"] == "hack_suit" and me == choice["seat"]
        pick = {"seat": choice["seat"], "kind": choice["choice"], "target": choice["target"],
                "target_hand": list(state["hands"][choice["target"]]) if shown else None}
    return {
        "started": True,
        "seat": me,
        "seats": n,
        "one_action_per_turn": state["two_player"],
        "hand": list(state["hands"][me]) if me is not None else None,
        "hand_sizes": [len(h) for h in state["hands"]],
        "alive": list(state["alive"]),
        "tracks": [list(t) for t in state["tracks"]],
        "positions": [position(state, s) for s in range(n)],
        "under_solar_flare": [flared(state, s) for s in range(n)],
        "turn_seat": state["turn"],
        "turn_number": state["turns"],
        "phase": "over" if state["over"] else phase_of(state),
        "actions_played_this_turn": state["actions"],
        "double_swapped_this_turn": state["swapped"],
        "reaction_window": {"responder": w["seat"], "attacker": w["attacker"], "card": w["card"]} if w else None,
        "pick": pick,
        "to_act": [{"seat": d.seat, "kind": d.kind, "code": d.code, "label": d.label} for d in pending(state)],
        "game_discard": list(state["game_discard"]),
        "space_discard": list(state["space_discard"]),
        "game_deck_size": len(state["game_deck"]),
        "space_deck_size": len(state["space_deck"]),
        "outcome": outcome(state),
        "resigned": resigned_flags(state),
    }


def redact(event, seat):
    """The event as ``seat`` (``None``: a spectator) may see it: the deal, deck orders, other
    seats' draws, cards taken between two other seats and the server's queue (``then``) are
    hidden (``redact_common``, ``hide_queue``)."""
    event = hide_queue(event)
    return redact_common(event, seat, "space_deck") or event
