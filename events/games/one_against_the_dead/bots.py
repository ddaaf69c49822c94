"""Bot policies: ``bot(view, legal_commands, rng) -> command``, from the view only.

``random`` picks any legal command. ``strong`` (see ``planner.py``) estimates the AP left to the
Ending Location over the known city (unknown places guessed); places each drawn card where that
estimate is lowest and the fewest zombies spawn; each action walks towards the end, judging a
walk only by where it ends this round (zombies move after the actions) and the zombies that will
be there; digs out a survivor when no zombie is about, spends AP it cannot use for moving on dice
(a face card first when unarmed), attacks with the best expected kill, keeps the better weapon
and feeds the Joker farthest away. After round 30 it stops dodging and heads for the end.
"""
from __future__ import annotations

from .planner import Board, attack_value, weapon_value


def random_bot(view, legal, rng):
    """Any legal command, uniformly."""
    return rng.choice(legal)


def strong_bot(view, legal, rng):
    """A path-building, zombie-avoiding policy (module docstring); deterministic given the view."""
    phase = view["phase"]
    if phase == "place":
        board = Board(view)
        return min(legal, key=lambda c: board.placement_cost(view["drawn"], (c["x"], c["y"])))
    if phase == "actions":
        return _action(Board(view), view, legal)
    if phase == "attack":
        here = Board(view).zombies_at(Board(view).player)
        return max(legal, key=lambda c: attack_value(c, here, view["weapon"]))
    if phase == "weapon":
        return max(legal, key=lambda c: weapon_value(c, view["weapon"], view["found"]))
    if phase == "joker":
        board = Board(view)
        return max(legal, key=lambda c: board.distance_to_player((c["x"], c["y"])))
    return legal[0]


def _action(board: Board, view, legal):
    for c in legal:   # a survivor close to free while the zombies are far: dig them out
        place = (c["x"], c.get("y")) if c["type"] == "DecrementDie" else None
        if place and (board.card(place) or "").startswith("A") and board.safe_to_dig(view):
            return c
    step = board.plan(view["ap"])      # towards the end, judged by where the walk stops
    move = step and {"type": "Move", "x": step[0], "y": step[1]}
    if move in legal:
        return move
    dice = [c for c in legal if c["type"] == "DecrementDie"]
    if dice:
        return min(dice, key=lambda c: board.die_priority((c["x"], c["y"]), view["weapon"]))
    return {"type": "EndActions"}


BOTS = {"random": random_bot, "strong": strong_bot}
