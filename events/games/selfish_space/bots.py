"""Bots: ``bot(view, legal_commands, rng) -> command``, from the view only.

* ``random`` -- any legal command, uniformly.
* ``cautious`` -- a hand-written heuristic: Shield every attack, spend Action
  cards on the leader / the biggest hand, travel only with oxygen to spare,
  and breathe with spare Action cards instead of oxygen.
"""
from __future__ import annotations

from .cards import DOUBLE, SHIP, SINGLE

#: How much a card is worth keeping (oxygen counts most).
VALUE = {
    "double_oxygen": 10, "oxygen": 6, "shield": 4, "oxygen_siphon": 4, "hack_suit": 4,
    "rocket_booster": 3, "tether": 3, "laser_blast": 2, "tractor_beam": 2, "hole_in_suit": 1,
}
#: Action cards in the order the cautious bot likes to play them.
PLAY_ORDER = ["oxygen_siphon", "hack_suit", "tether", "rocket_booster", "laser_blast",
              "tractor_beam", "hole_in_suit"]


def random_bot(view, legal, rng):
    return rng.choice(legal)


def _wormhole(view, legal):
    me, pos, alive = view["seat"], view["positions"], view["alive"]
    others = [c["target"] for c in legal]
    if pos[me] >= SHIP:  # sending someone to the ship: a corpse if possible
        corpses = [s for s in others if not alive[s]]
        pool = corpses or others
        return max(pool, key=lambda s: pos[s])
    # go where the furthest astronaut is; on a tie prefer a corpse
    return max(others, key=lambda s: (pos[s], not alive[s]))


def _pick_action(view, legal):
    pos, sizes = view["positions"], view["hand_sizes"]
    plays = [c for c in legal if c["type"] == "PlayAction"]
    for card in PLAY_ORDER:
        options = [c for c in plays if c["card"] == card]
        if not options:
            continue
        if card == "rocket_booster":
            return options[0]
        if card in ("tether", "laser_blast"):
            return max(options, key=lambda c: (pos[c["target"]], sizes[c["target"]]))
        if card == "hole_in_suit":
            return min(options, key=lambda c: (sizes[c["target"]], -pos[c["target"]]))
        return max(options, key=lambda c: (sizes[c["target"]], pos[c["target"]]))
    return None


def cautious_bot(view, legal, rng):
    if len(legal) == 1:
        return legal[0]
    phase = view["phase"]
    if phase == "reaction":
        return {"type": "PlayShield"} if {"type": "PlayShield"} in legal else {"type": "Pass"}
    if phase == "hack_suit":
        return max(legal, key=lambda c: VALUE.get(c["card"], 0))
    if phase == "meteoroid":
        return min(legal, key=lambda c: sum(VALUE.get(k, 0) for k in c["cards"]))
    if phase == "wormhole":
        return {"type": "SwapWith", "target": _wormhole(view, legal)}
    action = _pick_action(view, legal)
    if action is not None:
        return action
    hand, me = view["hand"], view["seat"]
    air = hand.count(SINGLE) + 2 * hand.count(DOUBLE)
    left = SHIP - view["positions"][me]
    if air - 2 >= 2 or (air - 2 >= 1 and left == 1):
        pay = "double" if DOUBLE in hand else "singles"
        return {"type": "Travel", "pay": pay}
    spare = [c for c in legal if c["type"] == "BreatheWithActions"]
    if spare:
        return min(spare, key=lambda c: sum(VALUE.get(k, 0) for k in c["cards"]))
    return {"type": "Breathe"}


BOTS = {"random": random_bot, "cautious": cautious_bot}
