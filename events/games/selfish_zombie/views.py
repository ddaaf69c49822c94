"""What each seat may see: ``view`` for the state, ``redact`` for one event,
and ``outcome``.

Public: the columns and positions (Wasteland cards lie face up, except those a
zombie placed face down), both discard piles, hand *sizes*, who is a zombie,
lost turns, Alliances, die rolls, whose turn it is and what is pending.
Hidden: every hand but your own, the order of both draw piles (only their
sizes), the stacked die rolls still to come, face-down Wasteland cards, and
what a Scout or Zombie Trap showed: the seer sees it, nobody else does
(docs/rules/selfish-zombie.md, 'What each seat and a spectator can see').
"""
from __future__ import annotations

from events.games.selfish.redaction import hide_queue, redact_common
from events.games.selfish.resigning import resigned_flags

from .legal import pending
from .state import phase_of, position

#: The outcome's ``reason`` sentence for each result code.
REASONS = {
    "chopper": "Seat {winner} reached the chopper with Supplies to spare.",
    "zombies": "Every survivor turned into a zombie: the zombies win and nobody escaped.",
}


def outcome(state):
    """``None`` while the game runs; then ``{"winners": [seat] | [], "result": "chopper" | "zombies",
    "reason": sentence, "scores": None, "turns": turns started}``. The zombies' win lists no seat:
    nobody escaped. Works on states folded from logs of every rules version
    (docs/rules/selfish-zombie.md, 'Ending and scoring')."""
    if state is None or not state["over"]:
        return None
    winner = state["winner"]
    return {"winners": [] if winner is None else [winner], "result": state["reason"],
            "reason": REASONS[state["reason"]].format(winner=winner), "scores": None, "turns": state["turns"]}


def _column(state, seat: int) -> tuple[list, list]:
    """``seat``'s cards behind and ahead, face-down ones (placed by its zombie) as ``None``."""
    risen, track = state["risen_at"][seat], state["tracks"][seat]
    shown = [c if risen is None or i < risen else None for i, c in enumerate(track + state["ahead"][seat])]
    return shown[:len(track)], shown[len(track):]


def _pick(state, me):
    choice = state["choice"]
    if choice is None:
        return None
    return {"seat": choice["seat"], "kind": choice["choice"],
            "discards_left": choice.get("left"), "because_of": choice.get("reason"),
            "cards": list(choice["cards"]) if "cards" in choice and me == choice["seat"] else None}


def view(state, seat):
    """What ``seat`` (``None`` or out of range: a spectator) may see, as a JSON-able dict.

    ``{"started": False}`` before the game starts; then the own hand and known Wasteland top
    cards, hand sizes, columns and positions, zombies, lost turns, Alliances, whose turn it is,
    the phase, a zombie's action points and attacks, the reaction window, the pick being made (the
    seer also sees what Scout or Zombie Trap showed), who must act, discard piles, draw-pile sizes
    and the outcome. The view schema (``published.VIEW``) describes every field
    (docs/rules/selfish-zombie.md, 'What each seat and a spectator can see').
    """
    if state is None:
        return {"started": False}
    n = state["seats"]
    me = seat if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < n else None
    columns = [_column(state, s) for s in range(n)]
    w = state["window"]
    window = {"responder": w["seat"], "attacker": w["attacker"], "card": w["card"],
              "turned_back": w["reflected"]} if w else None
    return {
        "started": True,
        "seat": me,
        "seats": n,
        "hand": list(state["hands"][me]) if me is not None else None,
        "known_wasteland_top": list(state["peek"][me]) if me is not None else None,
        "hand_sizes": [len(h) for h in state["hands"]],
        "alive": list(state["alive"]),
        "tracks": [c[0] for c in columns],
        "cards_ahead": [c[1] for c in columns],
        "positions": [position(state, s) for s in range(n)],
        "loses_next_turn": list(state["skip"]),
        "alliances": [dict(a) for a in state["alliances"]],
        "turn_seat": state["turn"],
        "turn_number": state["turns"],
        "phase": "over" if state["over"] else phase_of(state),
        "zombie_action_points": state["points"],
        "zombie_attacks_this_turn": list(state["attacked"]),
        "reaction_window": window,
        "pick": _pick(state, me),
        "to_act": [{"seat": d.seat, "kind": d.kind, "code": d.code, "label": d.label} for d in pending(state)],
        "game_discard": list(state["game_discard"]),
        "wasteland_discard": list(state["wasteland_discard"]),
        "game_deck_size": len(state["game_deck"]),
        "wasteland_deck_size": len(state["wasteland_deck"]),
        "outcome": outcome(state),
        "resigned": resigned_flags(state),
    }


def redact(event, seat):
    """The event as ``seat`` (``None``: a spectator) may see it: the deal, deck orders, stacked
    rolls, other seats' draws, cards taken between two others, what another seat's Scout or
    Zombie Trap showed, face-down Wasteland cards and the server's queue (``then``) are hidden."""
    event = hide_queue(event)
    common = redact_common(event, seat, "wasteland_deck")
    t, d = event.get("type"), event.get("data") or {}
    if t == "GameStarted" and common is not None:
        common["data"]["dice"] = len(d.get("dice", []))
        return common
    if common is not None:
        return common
    if t == "ChoiceRequested" and "cards" in d and d.get("seat") != seat:
        return {"type": t, "data": {**d, "cards": [None] * len(d["cards"])}}
    if t == "WastelandArranged" and d.get("seat") != seat:
        return {"type": t, "data": {**d, "top": [None] * len(d["top"]), "bottom": [None] * len(d["bottom"])}}
    if t == "ZombieMoved" and d.get("card") is not None:
        return {"type": t, "data": {**d, "card": None}}
    return event
