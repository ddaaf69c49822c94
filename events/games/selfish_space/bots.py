"""Bots: ``bot(view, legal_commands, rng) -> command``, from the view only.

* ``random`` -- any legal command, uniformly.
* ``strong`` -- at two seats, a one-turn lookahead on learned afterstate
  values (``values``); the solved solo endgame (``planner``) once alone;
  ``cautious`` otherwise.
* ``cautious`` -- a hand-written heuristic: Shield every attack; steal first
  (Oxygen Siphon, Hack Suit on the biggest hand), then move for free (Tether
  on the leader, Rocket Booster); keep Laser Blast for a rival about to reach
  the ship and Hole in Suit for a nearly empty hand, otherwise spend them as
  breathing fodder; travel when the oxygen covers the rest of the trip or
  leaves some to spare; never pay the last oxygen to travel.
"""
from __future__ import annotations

from . import planner, values
from .expert import make_expert
from .cards import ACTIONS, DOUBLE, SHIP, SINGLE
from .legal import random_command

#: How much a card is worth keeping (Hack Suit picks, Meteoroid discards).
VALUE = {
    "double_oxygen": 10, "rocket_booster": 8, "oxygen_siphon": 7, "oxygen": 6, "tether": 6,
    "hack_suit": 5, "shield": 4, "tractor_beam": 3, "laser_blast": 2, "hole_in_suit": 1,
}
#: How much an Action card is worth keeping when breathing with two of them.
FODDER = {
    "hole_in_suit": 0, "laser_blast": 1, "tractor_beam": 2, "shield": 3, "tether": 5,
    "hack_suit": 5, "oxygen_siphon": 6, "rocket_booster": 6,
}
#: Action cards in the order the cautious bot plays them.
PLAY_ORDER = ["oxygen_siphon", "hack_suit", "tether", "rocket_booster", "tractor_beam",
              "laser_blast", "hole_in_suit"]
LASER_FROM = 5   # blast only a rival this close to the ship
HOLE_UP_TO = 2   # punch only a hand this small


def random_bot(view, legal, rng):
    """Any legal command, uniformly.

    Args: view (unused), legal (list of commands), rng (``random.Random``).
    Returns: one command of ``legal``.
    """
    return rng.choice(legal)


random_bot.direct = random_command   # the same pick from the state, the list unbuilt (events.games.bots.chooser)


def _wormhole(view, legal):
    me, pos, alive = view["seat"], view["positions"], view["alive"]
    others = [c["target"] for c in legal]
    if pos[me] >= SHIP:  # someone is sent to the ship: a corpse if possible
        corpses = [s for s in others if not alive[s]]
        return max(corpses or others, key=lambda s: pos[s])
    return max(others, key=lambda s: (pos[s], not alive[s]))


def _action(view, legal):
    pos, sizes = view["positions"], view["hand_sizes"]
    plays = [c for c in legal if c["type"] == "PlayAction"]
    for card in PLAY_ORDER:
        options = [c for c in plays if c["card"] == card]
        if not options:
            continue
        if card == "rocket_booster":
            return options[0]
        if card in ("tether", "laser_blast"):
            best = max(options, key=lambda c: (pos[c["target"]], sizes[c["target"]]))
            if card == "laser_blast" and pos[best["target"]] < LASER_FROM:
                continue
            return best
        if card == "hole_in_suit":
            best = min(options, key=lambda c: (sizes[c["target"]], -pos[c["target"]]))
            if sizes[best["target"]] > HOLE_UP_TO:
                continue
            return best
        return max(options, key=lambda c: (sizes[c["target"]], pos[c["target"]]))
    return None


def _phase3(view, legal):
    hand, me, pos = view["hand"], view["seat"], view["positions"]
    alone = not any(view["alive"][s] for s in range(view["seats"]) if s != me)
    air = hand.count(SINGLE) + 2 * hand.count(DOUBLE)
    left = SHIP - pos[me]
    travels = [c for c in legal if c["type"] == "Travel"]
    travel = None
    if travels:
        travel = {"type": "Travel", "pay": "singles" if hand.count(SINGLE) >= 2 else "double"}
    spare = [c for c in legal if c["type"] == "BreatheWithActions"]
    fodder = min(spare, key=lambda c: sum(FODDER[k] for k in c["cards"])) if spare else None
    if travel and air >= 2 * left + (2 if alone else 1):
        return travel
    if fodder and air < 6:
        return fodder
    if travel and (air >= 3):
        return travel
    return fodder or {"type": "Breathe"}


def cautious_bot(view, legal, rng):
    """The hand-written heuristic described in the module docstring.

    Args: view (the seat's view), legal (list of commands), rng (unused).
    Returns: one command of ``legal``. Relies on docs/rules/selfish-space.md,
    'The cards' and 'A turn'.
    """
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
    return _action(view, legal) or _phase3(view, legal)


# -- strong -----------------------------------------------------------------
#: Oxygen-equivalent worth of keeping an Action card (breathing fodder is 0.5).
WORTH = {"hole_in_suit": 0.3, "laser_blast": 0.5, "tractor_beam": 0.6, "shield": 0.7,
         "hack_suit": 1.2, "tether": 1.5, "rocket_booster": 1.8, "oxygen_siphon": 2.0}


def _alone(view) -> bool:
    me = view["seat"]
    return not any(view["alive"][s] for s in range(view["seats"]) if s != me)


def space_odds_now(view) -> list[tuple[str, float]]:
    """Odds of each Space card on my next move, from the public cards
    (``values.space_odds``; docs/rules/selfish-space.md, 'The board')."""
    return values.space_odds(view)


def _fodder(legal, keep=()):
    pairs = [c for c in legal if c["type"] == "BreatheWithActions"]
    pairs = [c for c in pairs if not any(k in keep for k in c["cards"])] or pairs
    return min(pairs, key=lambda c: sum(WORTH[k] for k in c["cards"])) if pairs else None


def _travel(view):
    return {"type": "Travel", "pay": "singles" if view["hand"].count(SINGLE) >= 2 else "double"}


def solo_command(view, legal):
    """Play alone by the solved endgame (``planner``): a Rocket Booster if the
    free move raises the chance of winning, then breathe, breathe with two
    Actions or travel, whichever has the best chance.

    Args: view (my view at my turn, every rival dead), legal (commands).
    Returns: one command of ``legal``. docs/rules/selfish-space.md: 'A turn', 'The cards'.
    """
    hand, me = view["hand"], view["seat"]
    air, left = hand.count(SINGLE) + 2 * hand.count(DOUBLE), SHIP - view["positions"][me]
    spare = sum(1 for k in hand if k in ACTIONS)
    odds = space_odds_now(view)
    boost = {"type": "PlayAction", "card": "rocket_booster"}
    if boost in legal and planner.boost_value(left, air, spare - 1, odds) > planner.phase3_value(left, air, spare):
        return boost
    opts = planner.choices(left, air, spare, odds)
    best = max(opts, key=opts.get)
    cmd = {"travel": _travel(view), "fodder": _fodder(legal, keep=("rocket_booster",))}.get(best)
    return cmd if cmd in legal else {"type": "Breathe"}


def base_bot(view, legal, rng):
    """``cautious`` in the race and ``solo_command`` once alone: what
    ``strong`` plays where its value table does not apply (and the policy the
    table was first learned from).

    Args: view, legal, rng as for every bot. Returns: one command of ``legal``.
    """
    if len(legal) > 1 and view["phase"] == "turn" and _alone(view):
        cmd = solo_command(view, legal)
        if cmd in legal:
            return cmd
    return cautious_bot(view, legal, rng)


def strong_bot(view, legal, rng):
    """The strongest bot. At a two-player table it plays each turn by the
    one-turn lookahead on learned afterstate values (``values.best_turn``):
    every Action card it may play and every way to end the turn is scored by
    the odds of the Space cards and draws it cannot see. Alone, it plays the
    solved endgame (``solo_command``); at a larger table, and for reactions
    and picks, it plays like ``base_bot``.

    Args:
        view: the seat's view (nothing else is read); legal: the legal
            commands; rng: a ``random.Random`` (only the fallbacks use it).
    Returns:
        One command of ``legal``. docs/rules/selfish-space.md: 'A turn', 'The cards'.
    """
    if len(legal) > 1 and view["phase"] == "turn" and view["seats"] == 2 and not _alone(view):
        cmd = values.best_turn(view, legal, _travel(view), _fodder(legal))
        if cmd in legal:
            return cmd
    return base_bot(view, legal, rng)


expert_bot = make_expert(strong_bot, strong_bot)

BOTS = {"random": random_bot, "strong": strong_bot, "cautious": cautious_bot, "expert": expert_bot}
