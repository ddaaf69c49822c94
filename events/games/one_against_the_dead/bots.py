"""Bot policies: ``bot(view, legal_commands, rng) -> command``, from the view only.

``random`` picks any legal command. ``strong`` (see ``planner.py``) estimates the AP left to the
Ending Location over the known city (unknown places guessed); places each drawn card where that
estimate is lowest and the fewest zombies spawn; each action walks towards the end, judging a
walk only by where it ends this round (zombies move after the actions) and the zombies that will
be there; digs out a survivor when no zombie is about, spends AP it cannot use for moving on dice
(a face card first when unarmed), attacks with the best expected kill, keeps the better weapon
and feeds the Joker farthest away. After round 30 it stops dodging and heads for the end.

Survivors (``planner.Board.rescue_now``): ``strong`` wins by round 9 or almost never, so until
round 8 it only digs out an Ace when no zombie is about and with AP left over after its walk;
from round 9 on it walks to the nearest survivor (or the end, if nearer), counts the zombies for
little and digs out every survivor it can reach (an Ace left holding a die costs 20 points).
``rescuer`` also digs early, whenever a rescue is worth about 3 AP of progress and Strength is
13 or more: a better score, fewer wins.
"""
from __future__ import annotations

from .expert import make_expert
from .planner import RESCUER, STRONG, Board, attack_value, weapon_value


def random_bot(view, legal, rng):
    """Any legal command, uniformly."""
    return rng.choice(legal)


def _policy(style: dict):
    """A planner-driven policy (module docstring) digging out survivors as ``style`` says
    (``planner.STRONG`` or ``planner.RESCUER``); deterministic given the view."""
    def bot(view, legal, rng):
        phase = view["phase"]
        board = Board(view, style)
        if phase == "place":
            return min(legal, key=lambda c: board.placement_cost(view["drawn_card"], (c["x"], c["y"])))
        if phase == "actions":
            return _action(board, view, legal)
        if phase == "attack":
            here = board.zombies_at(board.player)
            return max(legal, key=lambda c: attack_value(c, here, view["weapon"]))
        if phase == "weapon":
            return max(legal, key=lambda c: weapon_value(c, view["weapon"], view["found_weapon"]))
        if phase == "joker":
            return max(legal, key=lambda c: board.distance_to_player((c["x"], c["y"])))
        return legal[0]
    return bot


strong_bot = _policy(STRONG)
rescuer_bot = _policy(RESCUER)


def _action(board: Board, view, legal):
    for c in legal:   # a survivor close to free while the zombies are far: dig them out
        place = (c["x"], c.get("y")) if c["type"] == "DecrementDie" else None
        if place and (board.card(place) or "").startswith("A") and board.safe_to_dig(view):
            return c
    rescue = board.rescue_now(view["action_points"])   # a rescue worth the AP it takes
    if rescue is not None:
        return {"type": rescue[0], "x": rescue[1][0], "y": rescue[1][1]}
    step = board.plan(view["action_points"])      # towards the end, judged by where the walk stops
    move = step and {"type": "Move", "x": step[0], "y": step[1]}
    if move in legal:
        return move
    dice = [c for c in legal if c["type"] == "DecrementDie"]
    if dice:
        return min(dice, key=lambda c: board.die_priority((c["x"], c["y"]), view["weapon"]))
    return {"type": "EndActions"}


expert_bot = make_expert(strong_bot)

BOTS = {"random": random_bot, "strong": strong_bot, "rescuer": rescuer_bot, "expert": expert_bot}
