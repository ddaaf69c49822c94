"""Hiding what a seat may not see in the events both editions share.

The deal (other hands, both deck orders), reshuffled orders, other seats'
draws, cards taken between two other seats and the server's own to-do list
(``then``) are hidden; everything else is left for the edition to judge
(docs/rules/selfish-space.md and docs/rules/selfish-zombie.md, 'What each seat
and a spectator can see').
"""
from __future__ import annotations


def redact_common(event, seat, board_deck: str):
    """``event`` as ``seat`` (``None``: a spectator) may see it, or ``None`` if it is not one of
    the shared kinds (``GameStarted``, a ``...Reshuffled``, ``CardDrawn``, ``CardsTaken``).

    ``board_deck``: the ``GameStarted`` key of the board deck (``"space_deck"``).
    """
    t, d = event.get("type"), event.get("data") or {}
    if t == "GameStarted":
        data = dict(d)
        data["hands"] = [list(h) if s == seat else None for s, h in enumerate(d["hands"])]
        data["hand_sizes"] = [len(h) for h in d["hands"]]
        data["game_deck"] = len(d["game_deck"])
        data[board_deck] = len(d[board_deck])
        return {"type": t, "data": data}
    if t.endswith("Reshuffled"):
        return {"type": t, "data": {"count": len(d["order"])}}
    if t == "CardDrawn" and d.get("seat") != seat:
        return {"type": t, "data": {"seat": d.get("seat"), "card": None}}
    if t == "CardsTaken" and seat not in (d.get("from"), d.get("to")):
        data = dict(d)
        data["cards"] = [None] * len(d.get("cards", []))
        return {"type": t, "data": data}
    return None


def hide_queue(event):
    """``event`` without its ``then`` (the rest of a move the server resumes after a pick or a
    reaction window: internal bookkeeping, never shown to a seat or a spectator while the game
    runs). Other events come back unchanged."""
    d = event.get("data")
    if isinstance(d, dict) and "then" in d:
        return {"type": event.get("type"), "data": {k: v for k, v in d.items() if k != "then"}}
    return event
