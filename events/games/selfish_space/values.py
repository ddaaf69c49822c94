"""Afterstate values for the two-player game, and the one-turn lookahead on them.

``values.json`` holds, for each *afterstate* -- the moment my turn has ended --
described by ``(my distance travelled, my oxygen, my Action cards, rival's
distance, rival alive)``, how often the ``strong`` policy went on to win from
there against ``random``: ``[wins, visits]``, learned by simulation and two
rounds of policy improvement (``scripts/train_selfish_space_values.py``
regenerates it). The ``strong`` bot then plays each turn by looking one turn
ahead: for every Action card it may play and every way to end the turn
(travel, breathe, breathe with two Actions) it works out the odds of each
Space card and each draw from the cards it can see (docs/rules/selfish-space.md, 'The board' and
'The cards'), and picks the option whose expected afterstate value is highest.

Everything here reads only what a seat's view shows.
"""
from __future__ import annotations

import json
from pathlib import Path

from . import planner
from .cards import ACTIONS, DOUBLE, GAME_DECK, SHIP, SINGLE, SPACE_DECK

O_CAP, A_CAP = 12, 3           # oxygen and Action counts above these share a cell
PRIOR_WEIGHT = 10               # visits' worth of the coarser estimate in a sparse cell
TABLE_FILE = Path(__file__).with_name("values.json")

Cell = tuple[int, int, int, int, int]


def load_table(path: Path = TABLE_FILE) -> dict[Cell, list[int]]:
    """Read a values file: ``{"l,o,a,ol,al": [wins, visits]}`` -> ``{(l, o, a, ol, al): [wins, visits]}``."""
    raw = json.loads(Path(path).read_text())
    return {tuple(int(x) for x in key.split(",")): list(counts) for key, counts in raw.items()}


def use_table(table: dict[Cell, list[int]]) -> None:
    """Make ``table`` the one ``value`` reads (training swaps tables this way)."""
    coarse: dict[tuple, list[int]] = {}
    for (l, o, _a, ol, al), (wins, visits) in table.items():
        cell = coarse.setdefault((l, o, ol, al), [0, 0])
        cell[0] += wins
        cell[1] += visits
    _TABLES["fine"], _TABLES["coarse"] = table, coarse


_TABLES: dict[str, dict] = {}
use_table(load_table() if TABLE_FILE.exists() else {})


def value(l: int, o: float, a: int, ol: int, al: int) -> float:
    """Estimated chance of winning from an afterstate (0..1).

    Args:
        l, ol: my and the rival's distance travelled (0..6); o: my oxygen;
        a: my Action cards; al: 1 if the rival is alive.
    Dead (no oxygen) is 0 and on the ship with oxygen is 1 (docs/rules/selfish-space.md,
    'Ending and scoring'). A cell seen rarely leans on the
    estimate that ignores Action cards.
    """
    if o <= 0:
        return 0.0
    if l >= SHIP:
        return 1.0
    o, a = min(O_CAP, int(round(o))), max(0, min(A_CAP, a))
    wins, visits = _TABLES["fine"].get((l, o, a, ol, al), (0, 0))
    c_wins, c_visits = _TABLES["coarse"].get((l, o, ol, al), (0, 0))
    prior = (c_wins + 0.5) / (c_visits + 1)
    return (wins + PRIOR_WEIGHT * prior) / (visits + PRIOR_WEIGHT)


def space_odds(view) -> list[tuple[str, float]]:
    """Chance of each Space card on my next move: the unseen Space cards
    (full deck minus every track and the discard pile; the discard pile
    itself once the deck is empty, docs/rules/selfish-space.md, 'The board')."""
    if view["space_deck_size"] == 0:
        counts = {k: view["space_discard"].count(k) for k in SPACE_DECK}
    else:
        counts = dict(SPACE_DECK)
        for k in [k for t in view["tracks"] for k in t] + view["space_discard"]:
            counts[k] -= 1
    counts = {k: max(0, n) for k, n in counts.items()}
    return planner.space_odds(counts) if sum(counts.values()) else planner.FULL_ODDS


def draw_odds(view) -> list[tuple[int, int, float]]:
    """One Game card drawn from the unseen ones: ``[(oxygen gained, Actions gained, chance)]``."""
    unseen = dict(GAME_DECK)
    for k in view["hand"] + view["game_discard"]:
        unseen[k] -= 1
    total = sum(max(0, n) for n in unseen.values()) or 1
    single, double = max(0, unseen[SINGLE]) / total, max(0, unseen[DOUBLE]) / total
    return [(1, 0, single), (2, 0, double), (0, 1, max(0.0, 1 - single - double))]


class Lookahead:
    """One seat's turn seen from its view: the numbers the table is indexed by,
    the Space card and draw odds, and the expected value of each option."""

    def __init__(self, view):
        me = view["seat"]
        rival = next(s for s in range(view["seats"]) if s != me)
        hand = view["hand"]
        self.view = view
        self.o = hand.count(SINGLE) + 2 * hand.count(DOUBLE)
        self.a = sum(1 for k in hand if k in ACTIONS)
        self.l, self.ol = view["positions"][me], view["positions"][rival]
        self.al = int(view["alive"][rival])
        self.rival_hand = view["hand_sizes"][rival]
        self.space, self.draws = space_odds(view), draw_odds(view)

    # -- ending the turn ------------------------------------------------------
    def travel(self, l: int, o: float, a: int, ol: int, depth: int = 0) -> float:
        """Expected value of paying 2 oxygen to move forward from ``l`` (``o`` before paying)."""
        total, o = 0.0, o - 2
        for card, p in self.space:
            if p:
                total += p * self._landed(card, l + 1, o, a, ol, depth, self.end_value)
        return total

    def end_value(self, l: int, o: float, a: int, ol: int) -> float:
        """Value of an afterstate reached at the end of the turn."""
        return value(l, o, a, ol, self.al)

    def best_end(self, l: int, o: float, a: int, ol: int) -> float:
        """The best of breathing, breathing with two Actions and travelling from here."""
        best = value(l, o - 1, a, ol, self.al)
        if a >= 2:
            best = max(best, value(l, o, a - 2, ol, self.al))
        if o >= 2:
            best = max(best, self.travel(l, o, a, ol))
        return best

    # -- Action cards -----------------------------------------------------------
    def free_move(self, ol: int) -> float:
        """Rocket Booster (or Tether, with the rival at ``ol`` afterwards), then the best end of turn."""
        total = 0.0
        for card, p in self.space:
            if p:
                total += p * self._landed(card, self.l + 1, self.o, self.a - 1, ol, 1, self.best_end)
        return total

    def action(self, card: str) -> float:
        """Expected value of playing ``card`` at the rival, then ending the turn at best."""
        l, o, a, ol = self.l, self.o, self.a - 1, self.ol
        if card == "rocket_booster":
            return self.free_move(ol)
        if card == "tether":
            return self.free_move(max(0, ol - 1))
        if card == "laser_blast":
            return self.best_end(l, o, a, max(0, ol - 1))
        if card == "oxygen_siphon":
            return self.best_end(l, o + 2, a, ol)
        if card == "hack_suit":
            return self.best_end(l, o + (2 if self.rival_hand >= 3 else 1), a, ol)
        if card == "tractor_beam":
            return sum(q * self.best_end(l, o + do, a + da, ol) for do, da, q in self.draws)
        return self.best_end(l, o, a, ol)   # Hole in Suit: only the card is spent here

    # -- a Space card's effect ------------------------------------------------
    def _landed(self, card: str, l: int, o: float, a: int, ol: int, depth: int, then) -> float:
        """Resolve ``card`` on arrival at ``l`` (docs/rules/selfish-space.md, 'The cards'), then ``then``."""
        if card == "wormhole":
            if l >= SHIP:                       # my sixth space: the rival takes the ship
                return 0.0 if self.al else then(ol, o, a, l)
            if ol >= SHIP:                      # a corpse on the ship: I take its place
                return 1.0 if o > 0 else 0.0
            l, ol = ol, l
        elif card == "gravitational_anomaly":
            l -= 1
        elif card == "cosmic_radiation":
            o -= 1
        elif card == "asteroid_field":
            o -= 2
        elif card == "useful_junk":
            return sum(q * self._after(l, o + do, a + da, ol, then) for do, da, q in self.draws)
        elif card == "mysterious_nebula":
            return sum(q1 * q2 * self._after(l, o + d1 + d2, a + e1 + e2, ol, then)
                       for d1, e1, q1 in self.draws for d2, e2, q2 in self.draws)
        elif card == "hyperspace" and depth == 0 and l < SHIP:
            total = 0.0
            for nxt, p in self.space:
                if p:
                    total += p * self._landed(nxt, l + 1, o, a, ol, 1, then)
            return total
        elif card == "meteoroid" and len(self.view["hand"]) >= 6:
            o, a = (o, a - 2) if a >= 2 else (o - (2 - a), 0)
        return self._after(l, o, a, ol, then)

    @staticmethod
    def _after(l: int, o: float, a: int, ol: int, then) -> float:
        if o <= 0:
            return 0.0
        if l >= SHIP:
            return 1.0
        return then(l, o, a, ol)


def best_turn(view, legal: list[dict], travel: dict, fodder: dict | None) -> dict | None:
    """The two-player turn command with the best expected afterstate value.

    Args:
        view: my view at my turn (two seats); legal: my legal commands;
        travel: the Travel command I would send (which oxygen to pay with);
        fodder: the BreatheWithActions command I would send (the two least
            useful Actions), or None.
    Returns:
        An Action play, only while none was played this turn (docs/rules/selfish-space.md,
        'A turn': two players, one Action) and only if it beats every
        way of ending the turn; else Travel, Breathe or BreatheWithActions;
        ``None`` if none of those is legal.
    """
    look = Lookahead(view)
    ends: list[tuple[float, dict]] = []
    if travel in legal:
        ends.append((look.travel(look.l, look.o, look.a, look.ol), travel))
    if {"type": "Breathe"} in legal:
        ends.append((look.end_value(look.l, look.o - 1, look.a, look.ol), {"type": "Breathe"}))
    if fodder is not None and fodder in legal:
        ends.append((look.end_value(look.l, look.o, look.a - 2, look.ol), fodder))
    best_value, best = max(ends, key=lambda option: option[0]) if ends else (float("-inf"), None)
    if view["actions_played_this_turn"] == 0:
        for cmd in legal:
            if cmd["type"] == "PlayAction":
                worth = look.action(cmd["card"])
                if worth > best_value:
                    best_value, best = worth, cmd
    return best
