"""The ``expert`` bot of One Against the Dead: determinized search from the view
(``events.games.search``).

``sample`` deals the cards the player cannot see (the 54-card deck less every face-up city card
and the drawn card) under the face-down placeholders and into the deck, at random. Action and
placement decisions are searched: each command is played out by ``strong`` to the end of the
next round (``ROUNDS``), then scored by ``_value`` (a win 1, a loss 0, else a guess from the
Strength left and the estimated AP to the Ending Location); the rest is ``strong``'s.
"""
from __future__ import annotations

from events.games.search import Expert, Searcher, deal, unseen

from .cards import DECK, LEVEL, key
from .decide import decide_evolved
from .legal import legal_commands, pending
from .planner import Board
from .state import copy_state
from .views import ZOMBIE_NAMES, outcome, view

#: Rounds a playout plays past the root's before it is judged.
ROUNDS = 1
#: Playouts per millisecond of ``think_ms``: 200 ms buys 40. ``strong``'s planner got 2.2x faster
#: (2026-11-27 23:40 UTC, the same choices); on the bench's deals 0-99 (``bench-bots-<k>``, the clock
#: stopped) the expert won 65 at 0.2 against 56 at 0.1, where ``strong`` wins 52; its decisions at
#: 0.2 took p50 73 ms, p99 176 ms (six games, one other process busy).
PLAYOUTS_PER_MS = 0.2
_KINDS = {name: kind for kind, name in ZOMBIE_NAMES.items()}


def sample(v: dict, rng) -> dict:
    """A state whose view is ``v``: the unseen cards dealt under the placeholders and into the
    deck at random. Reads ``v`` only (docs/rules/one-against-the-dead.md, 'What each seat and a
    spectator can see')."""
    seen = [s["card"] for s in v["city"] if s["face_up"]] + [v["drawn_card"]]
    down = [key(s["x"], s["y"]) for s in v["city"] if not s["face_up"]]
    hidden, deck = deal(unseen(dict.fromkeys(DECK, 1), seen), [len(down), v["deck_size"]], rng)
    city = {key(s["x"], s["y"]): s["card"] for s in v["city"] if s["face_up"]}
    city.update(zip(down, hidden))
    zombies = {key(s["x"], s["y"]): {_KINDS[n]: c for n, c in s["zombies"].items()}
               for s in v["city"] if s["zombies"]}
    weapon, found, out = v["weapon"], v["found_weapon"], v["outcome"]
    score = v["score"]
    return {
        "rules_level": LEVEL, "stacked": False, "deck": deck, "pinned": 0,
        "stack_dice": [], "stack_flips": [], "stack_weapons": [],
        "city": city, "face_down": down, "zombies": zombies,
        "dice": {key(s["x"], s["y"]): s["die"] for s in v["city"] if s["die"] is not None},
        "player": key(v["player"]["x"], v["player"]["y"]), "drawn": v["drawn_card"], "phase": v["phase"],
        "round": v["round"], "ap": v["action_points"], "die_ap": v["action_points_on_dice"],
        "jokers_due": v["joker_zombies_due"], "strength": v["strength"],
        "weapon": None if weapon is None else dict(weapon), "found": None if found is None else dict(found),
        "weapon_stack": dict(v["weapon_stack"]), "kills": score["zombies_killed"],
        "rescued": score["survivors_rescued"], "result": out["result"] if out else None,
    }


def _acting(state):
    decisions = pending(state)
    return decisions[0].seat if decisions else None


def _stop(state, seat: int, root: dict) -> bool:
    """Cut the playout once ``ROUNDS`` rounds have passed since the root's."""
    return state["round"] > root["round"] + ROUNDS - (0 if root["phase"] == "actions" else 1)


def _value(state, seat: int) -> float:
    """A cut-short playout's worth: from ``strong``'s own estimates, fewer AP to the end and more
    Strength are better (about 0.5 for a middling position)."""
    board = Board(view(state, 0))
    ap = min(board.to_end(board.player), 20.0)
    return max(0.0, min(1.0, 0.75 - ap / 20.0 + (state["strength"] - 10) / 40.0))


def searched(v: dict, legal: list) -> bool:
    """Search the action and placement decisions; the rest follows ``strong``."""
    return v["phase"] in ("actions", "place")


def make_expert(strong) -> Expert:
    """The ``expert`` bot, with ``strong`` as its prior and its playout policy."""
    return Expert(Searcher(
        decide=decide_evolved, acting_seat=_acting, legal_commands=legal_commands, view=view,
        outcome=outcome, copy=copy_state, sample=sample, prior=strong, playout=strong,
        searched=searched, value=_value, stop=_stop, horizon=200, playouts_per_ms=PLAYOUTS_PER_MS))
