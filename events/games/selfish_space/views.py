"""What each seat may see: ``view`` for the state, ``redact`` for one event,
and ``outcome``.

Public: tracks and positions (Space cards lie face up), both discard piles,
hand *sizes*, who is alive, whose turn it is and what is pending. Hidden: every
hand but your own, and the order of both draw piles (only their sizes are
shown). While a Hack Suit pick is pending the attacker also sees the target's
hand.
"""
from __future__ import annotations

from events.games.selfish.redaction import redact_common

from .decide import phase_of
from .legal import legal_commands, pending
from .state import flared, position


def outcome(state):
    """``{"winner": seat | None, "reason": "reached_ship" | "everyone_died"}`` once the game is
    over, else ``None`` (rules/selfish-space.md, 'Reaching the ship and winning').
    """
    if state is None or not state["over"]:
        return None
    return {"winner": state["winner"], "reason": state["reason"]}


def view(state, seat):
    """What ``seat`` (``None`` or out of range: a spectator) may see, as a JSON-able dict.

    Own hand, hand sizes, tracks and positions, Solar Flare flags, ``phase`` (``"turn"``,
    ``"reaction"``, ``"hack_suit"``, ``"meteoroid"``, ``"wormhole"``, ``"over"``), pending
    decisions, discard piles, draw-pile sizes and the result. The seat making a pick also gets its
    ``options`` and, for Hack Suit, the target's hand (rules/selfish-space.md, 'Cards': Hack Suit).
    ``{"started": False}`` before the game starts.
    """
    if state is None:
        return {"started": False}
    n = state["seats"]
    me = seat if isinstance(seat, int) and 0 <= seat < n else None
    v = {
        "started": True,
        "seat": me,
        "seats": n,
        "two_player": state["two_player"],
        "hand": list(state["hands"][me]) if me is not None else None,
        "hand_sizes": [len(h) for h in state["hands"]],
        "alive": list(state["alive"]),
        "tracks": [list(t) for t in state["tracks"]],
        "positions": [position(state, s) for s in range(n)],
        "solar_flare": [flared(state, s) for s in range(n)],
        "turn": state["turn"],
        "turns": state["turns"],
        "phase": "over" if state["over"] else phase_of(state),
        "actions_played": state["actions"],
        "swapped": state["swapped"],
        "window": dict(state["window"]) if state["window"] else None,
        "choice": None,
        "pending": [{"seat": d.seat, "kind": d.kind} for d in pending(state)],
        "game_discard": list(state["game_discard"]),
        "space_discard": list(state["space_discard"]),
        "game_deck_size": len(state["game_deck"]),
        "space_deck_size": len(state["space_deck"]),
        "result": outcome(state),
    }
    choice = state["choice"]
    if choice is not None:
        v["choice"] = {"seat": choice["seat"], "choice": choice["choice"], "target": choice["target"]}
        if me == choice["seat"]:
            if choice["choice"] == "hack_suit":
                v["choice"]["target_hand"] = list(state["hands"][choice["target"]])
            v["choice"]["options"] = legal_commands(state, me)
    return v


def redact(event, seat):
    """The event as ``seat`` (``None``: a spectator) may see it: the deal, deck orders, other
    seats' draws and cards taken between two other seats are hidden (``redact_common``)."""
    return redact_common(event, seat, "space_deck") or event
