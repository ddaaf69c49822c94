"""Bots: ``bot(view, legal_commands, rng) -> command``, from the view only.

* ``random`` -- any legal command, uniformly.
* ``strong`` -- a heuristic, with a one-turn lookahead on learned values in
  two-player games. As a survivor: reflect or block every card played on it
  (Underestimate first, Body Armor against zombie attacks, Horde, Steal
  Supplies and Rampage); steal (Steal Supplies, Rampage), knock back a rival
  near the chopper (Horde), ride along (Alliance); look at the Wasteland deck
  whenever its top is unknown or bad (Scout, Zombie Trap). Then, while the
  top card is unknown: drive an Abandoned Vehicle over it (or to reach the
  chopper, or when Supplies are short), travel while that leaves a Supplies
  to spare, else rest. In a two-player game, where the
  seat knows the top card(s) and when it puts back what a Scout or a Zombie
  Trap showed, it picks the option with the best expected afterstate value
  instead (``values``: the known cards, the unseen Game cards' odds and a
  table learned by self-play against ``random``). With more seats the
  heuristic does that too: travel unless the known top is You've Been
  Bitten, Scout sends a bad card to the bottom, Zombie Trap puts the cards
  back best first. Bandits and Zombies! discards go cheapest first
  (``KEEP``). As a zombie: attack whoever stands on its level, else walk
  towards the nearest survivor (the one closest to the chopper on a tie).
* ``base`` is not registered: ``strong`` without the table (training's round 0).
"""
from __future__ import annotations

from . import values
from .expert import make_expert
from .cards import ATTACK, CHOPPER, DOUBLE, SINGLE
from .legal import commands_now

#: How much a Game card is worth keeping (Bandits and Zombies! discards: the lowest goes).
KEEP = {
    "double_supplies": 10, "supplies": 9, "abandoned_vehicle": 8, "body_armor": 7, "steal_supplies": 6,
    "underestimate": 5, "rampage": 4, "horde": 3, "zombie_trap": 2, "scout": 2, "alliance": 1,
}
#: How good a Wasteland card is for the survivor who turns it up (Scout, Zombie Trap).
GOOD = {
    "secret_passageway": 5, "shopping_mall": 4, "settlement": 3, "blank": 2, "zombies": 1, "twisted_ankle": 0,
    "cut_through_a_sewer": 0, "bandits": -1, "youve_been_bitten": -10,
}
#: Action cards in the order the strong survivor plays them.
PLAY_ORDER = ["steal_supplies", "rampage", "horde", "alliance"]
#: Supplies a known Wasteland card will cost on arrival.
COST = {"cut_through_a_sewer": 1}
SPARE = 1       # Supplies a traveller keeps after paying
HORDE_FROM = 4  # knock back only a rival this close to the chopper


def random_bot(view, legal, rng):
    """Any legal command, uniformly.

    Args: view (unused), legal (list of commands), rng (``random.Random``).
    Returns: one command of ``legal``.
    """
    return rng.choice(legal)


def random_command(state, seat, rng) -> dict:
    """``random_bot``'s pick straight from the state: ``rng.choice(legal_commands(state, seat))``,
    the view unbuilt (``random_bot.direct``, see ``events.games.bots.chooser``); ``seat`` is the
    seat to act, as a ``chooser`` pick is handed."""
    return rng.choice(commands_now(state, seat))


random_bot.direct = random_command


def _supplies(hand) -> int:
    return hand.count(SINGLE) + 2 * hand.count(DOUBLE)


def _reaction(view, legal):
    w = view["reaction_window"]
    armor, under = {"type": "PlayBodyArmor"}, {"type": "PlayUnderestimate"}
    if under in legal:
        return under
    if armor in legal and (w["card"] in (ATTACK, "horde", "steal_supplies", "rampage")):
        return armor
    return {"type": "Pass"}


def _arrange(view, legal):
    if view["phase"] == "scout":
        card = view["pick"]["cards"][0]
        return {"type": "PlaceScouted", "where": "top" if GOOD[card] > 0 else "bottom"}

    return max(legal, key=lambda c: [GOOD[k] for k in c["cards"]])


def _travel(view, legal):
    pay = "double" if DOUBLE in view["hand"] else "singles"
    cmd = {"type": "Travel", "pay": pay}
    return cmd if cmd in legal else next(c for c in legal if c["type"] == "Travel")


def _survivor_turn(view, legal, lookahead: bool = True):
    """A survivor's turn; ``lookahead``: end it on the learned values when the top is known."""
    me, pos, sizes = view["seat"], view["positions"], view["hand_sizes"]
    plays = [c for c in legal if c["type"] == "PlayAction" and view["alive"][c.get("target", me)]]
    for card in PLAY_ORDER:  # on survivors only: a Horde or an Alliance on a zombie gains nothing here
        options = [c for c in plays if c["card"] == card]
        if not options:
            continue
        if card in ("steal_supplies", "rampage"):
            return max(options, key=lambda c: (sizes[c["target"]], pos[c["target"]]))
        if card == "horde":
            best = max(options, key=lambda c: (pos[c["target"]], sizes[c["target"]]))
            if pos[best["target"]] >= HORDE_FROM:
                return best
        if card == "alliance":
            return max(options, key=lambda c: (sizes[c["target"]], -pos[c["target"]]))
    known = view["known_wasteland_top"]
    if not known or GOOD[known[0]] <= 0:
        for card in ("zombie_trap", "scout"):
            cmd = {"type": "PlayAction", "card": card}
            if cmd in legal:
                return cmd
    if lookahead and known and view["seats"] == 2:
        return values.best_end(view, legal)
    top = known[0] if known else None
    left = _supplies(view["hand"]) - 2 - COST.get(top, 0)
    vehicle = {"type": "PlayAction", "card": "abandoned_vehicle"}
    if vehicle in legal and (top is None or GOOD[top] <= 0 or left < SPARE or pos[me] == CHOPPER - 1):
        return vehicle
    if top != "youve_been_bitten" and left >= SPARE and any(c["type"] == "Travel" for c in legal):
        return _travel(view, legal)
    return {"type": "Rest"}


def _zombie_turn(view, legal):
    attacks = [c for c in legal if c["type"] == "Attack"]
    sizes, pos, me = view["hand_sizes"], view["positions"], view["seat"]
    if attacks:
        return min(attacks, key=lambda c: (sizes[c["target"]], -pos[c["target"]]))
    living = [s for s in range(view["seats"]) if view["alive"][s]]
    if living:
        goal = min(living, key=lambda s: (abs(pos[s] - pos[me]), -pos[s]))
        step = {"type": "ZombieMove", "direction": "forward" if pos[goal] > pos[me] else "back"}
        if step in legal:
            return step
    return {"type": "EndTurn"}


def base_bot(view, legal, rng):
    """``strong`` without the learned table (the heuristic alone; training's round 0).

    Args and result as ``strong_bot``."""
    if len(legal) > 1 and view["phase"] in ("turn", "scout", "zombie_trap"):
        cmd = _survivor_turn(view, legal, lookahead=False) if view["phase"] == "turn" else _arrange(view, legal)
        return cmd if cmd in legal else legal[0]
    return strong_bot(view, legal, rng)


def strong_bot(view, legal, rng):
    """The policy described in the module docstring, for survivors and zombies alike.

    Args:
        view: the seat's view (nothing else is read); legal: the legal commands; rng: unused.
    Returns:
        One command of ``legal``. docs/rules/selfish-zombie.md: "A survivor's turn", "A zombie's turn".
    """
    if len(legal) == 1:
        return legal[0]
    phase = view["phase"]
    if phase == "reaction":
        cmd = _reaction(view, legal)
    elif phase == "discard":
        cmd = min(legal, key=lambda c: KEEP[c["card"]])
    elif phase in ("scout", "zombie_trap"):
        cmd = values.arrange(view, legal) if view["seats"] == 2 else _arrange(view, legal)
    elif phase in ("settlement", "shopping_mall"):
        cmd = {"type": "Accept"}  # more cards never cost Supplies
    elif phase == "zombie":
        cmd = _zombie_turn(view, legal)
    else:
        cmd = _survivor_turn(view, legal)
    return cmd if cmd in legal else legal[0]


expert_bot = make_expert(strong_bot, strong_bot)

BOTS = {"random": random_bot, "strong": strong_bot, "expert": expert_bot}
