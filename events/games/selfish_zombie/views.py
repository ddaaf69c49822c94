"""What each seat may see: ``view`` for the state, ``redact`` for one event,
and ``outcome``.

Public: the columns and positions (Wasteland cards lie face up, except those a
zombie placed face down), both discard piles, hand *sizes*, who is a zombie,
lost turns, Alliances, die rolls, whose turn it is and what is pending.
Hidden: every hand but your own, the order of both draw piles (only their
sizes), the stacked die rolls still to come, face-down Wasteland cards, and
what a Scout or Zombie Trap showed: the seer sees it, nobody else does.
"""
from __future__ import annotations

from events.games.selfish.redaction import redact_common

from .legal import legal_commands, pending
from .state import phase_of, position


def outcome(state):
    """``None`` while the game runs; then ``{"winner": seat, "result": "chopper", "turns"}``
    when a survivor reached the chopper, or ``{"winner": None, "result": "zombies", "turns"}``
    when every player is a zombie (rules/selfish-zombie.md, 'End')."""
    if state is None or not state["over"]:
        return None
    return {"winner": state["winner"], "result": state["reason"], "turns": state["turns"]}


def _column(state, seat: int) -> tuple[list, list]:
    """``seat``'s cards behind and ahead, face-down ones (placed by its zombie) as ``None``."""
    risen, track = state["risen_at"][seat], state["tracks"][seat]
    shown = [c if risen is None or i < risen else None for i, c in enumerate(track + state["ahead"][seat])]
    return shown[:len(track)], shown[len(track):]


def view(state, seat):
    """What ``seat`` (``None`` or out of range: a spectator) may see, as a JSON-able dict.

    Own hand and known Wasteland top cards, hand sizes, columns and positions, zombies, lost turns,
    Alliances, ``phase`` (``"turn"``, ``"zombie"``, ``"reaction"``, ``"discard"``, ``"scout"``,
    ``"zombie_trap"``, ``"over"``), a zombie's action points, the window, pending decisions,
    discard piles, draw-pile sizes and the result. The seat making a pick also gets its
    ``options`` and, for Scout and Zombie Trap, the ``cards`` it looks at. ``{"started": False}``
    before the game starts.
    """
    if state is None:
        return {"started": False}
    n = state["seats"]
    me = seat if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < n else None
    columns = [_column(state, s) for s in range(n)]
    w = state["window"]
    v = {
        "started": True,
        "seat": me,
        "seats": n,
        "hand": list(state["hands"][me]) if me is not None else None,
        "known_wasteland": list(state["peek"][me]) if me is not None else None,
        "hand_sizes": [len(h) for h in state["hands"]],
        "alive": list(state["alive"]),
        "tracks": [c[0] for c in columns],
        "ahead": [c[1] for c in columns],
        "positions": [position(state, s) for s in range(n)],
        "skip": list(state["skip"]),
        "alliances": [dict(a) for a in state["alliances"]],
        "turn": state["turn"],
        "turns": state["turns"],
        "phase": "over" if state["over"] else phase_of(state),
        "points": state["points"],
        "window": {k: w[k] for k in ("seat", "attacker", "card", "reflected")} if w else None,
        "choice": None,
        "pending": [{"seat": d.seat, "kind": d.kind} for d in pending(state)],
        "game_discard": list(state["game_discard"]),
        "wasteland_discard": list(state["wasteland_discard"]),
        "game_deck_size": len(state["game_deck"]),
        "wasteland_deck_size": len(state["wasteland_deck"]),
        "result": outcome(state),
    }
    choice = state["choice"]
    if choice is not None:
        v["choice"] = {k: choice[k] for k in ("seat", "choice", "target", "left", "reason") if k in choice}
        if me == choice["seat"]:
            if "cards" in choice:
                v["choice"]["cards"] = list(choice["cards"])
            v["choice"]["options"] = legal_commands(state, me)
    return v


def redact(event, seat):
    """The event as ``seat`` (``None``: a spectator) may see it: the deal, deck orders, stacked
    rolls, other seats' draws, cards taken between two others, what another seat's Scout or
    Zombie Trap showed, and face-down Wasteland cards are hidden."""
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
