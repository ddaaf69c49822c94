"""Reaction windows: whenever an Action card (or, in the Zombie Edition, a
zombie attack) targets a living player, that player gets a window to answer
it, whether or not they hold an answer, so the pause reveals nothing. The
window's deadline defaults to passing (docs/rules/selfish-space.md, 'The cards':
Reaction window; docs/rules/selfish-zombie.md, "A survivor's turn").

The window is ``state["window"]``: the data of ``ReactionWindowOpened``
(``seat``, ``attacker``, ``card`` and whatever else an edition adds, such as
the ``then`` queue to resume once it closes).
"""
from __future__ import annotations

from .paying import take

PASS = {"type": "Pass"}


def window_opened(s, d):
    """Evolve ``ReactionWindowOpened``: the target ``seat`` may answer the ``attacker``'s ``card``."""
    w = dict(d)
    if "then" in w:
        w["then"] = [dict(op) for op in w["then"]]
    s["window"] = w
    return s


def window_passed(s, d):
    """Evolve ``ReactionPassed``: the window closes; the card resolves in the events that follow."""
    s["window"] = None
    return s


def answered_with(card: str):
    """The evolve handler for answering a window with ``card`` (Shield, Body Armor, Underestimate):
    the card goes from the seat's hand to the Game discard pile and the window closes."""
    def handler(s, d):
        """Evolve the answer: the card to the discard pile, the window closed."""
        if take(s["hands"][d["seat"]], card):
            s["game_discard"].append(card)
        s["window"] = None
        return s
    handler.__doc__ = f"Evolve: {card} goes to the Game discard pile and the reaction window closes."
    return handler


def copy_window(window):
    """An independent copy of a window (``None`` stays ``None``)."""
    if window is None:
        return None
    w = dict(window)
    if "then" in w:
        w["then"] = [dict(op) for op in w["then"]]
    return w
