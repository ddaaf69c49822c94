"""Afterstate values for the two-player game, and the one-turn lookahead on them.

``values.json`` holds, for each *afterstate* -- the moment my turn has ended --
described by a :data:`Cell` ``(position, Supplies, Abandoned Vehicles, Scouts
and Zombie Traps, Body Armor and Underestimates, other Action cards, what I
know of the Wasteland top, rival alive)``, how often ``strong`` went on to win
from there against ``random``: ``[wins, visits]``, learned by simulation
with exploring moves and rounds of policy improvement
(``scripts/train_selfish_zombie_values.py`` regenerates it).

The lookahead: for resting, travelling and driving an Abandoned Vehicle first
(``best_end``), or for each way to put back what a Scout or a Zombie Trap
showed (``arrange``), it works out the odds of each Wasteland card (the known
top cards, else the unseen ones: the full deck minus every face-up column
card, the discard pile and the known cards) and of each Game card it may draw
(the unseen ones), carries the card out (docs/rules/selfish-zombie.md, 'Wasteland cards') and
scores the option by its expected afterstate value. ``strong`` uses it only
where the seat knows the top card(s): where it does not, the heuristic played
better than a lookahead on this table (see the training script's notes).

Everything here reads only what a seat's view shows.
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from .cards import (
    CHOPPER,
    DIE_FACES,
    DOUBLE,
    GAME_DECK,
    SINGLE,
    WASTELAND_DECK,
    ZOMBIES_DISCARD,
    ZOMBIES_HAND,
)

TABLE_FILE = Path(__file__).with_name("values.json")
S_CAP, V_CAP, I_CAP, D_CAP, J_CAP = 12, 2, 1, 1, 2   # counts above these share a cell
PRIOR_WEIGHT = 10          # visits' worth of the coarser estimate in a sparse cell
BITTEN = "youve_been_bitten"
#: The die: (face, chance).
ROLLS = tuple((n, DIE_FACES.count(n) / len(DIE_FACES)) for n in sorted(set(DIE_FACES)))

#: A hand as counts: (Singles, Doubles, Vehicles, Scouts/Traps, Armor/Underestimates, other Actions).
Hand = tuple[int, int, int, int, int, int]
#: (position, Supplies, vehicles, scouts, defences, others, known top: 0 unknown/1 safe/2 bitten, rival alive)
Cell = tuple[int, int, int, int, int, int, int, int]
#: Game card kind -> index in a ``Hand``.
SLOT = {SINGLE: 0, DOUBLE: 1, "abandoned_vehicle": 2, "scout": 3, "zombie_trap": 3,
        "body_armor": 4, "underestimate": 4}
#: Bandits and Zombies! discards, first to go: other Actions, Scouts, defences, Vehicles, Singles, Doubles.
DISCARD_ORDER = (5, 3, 4, 2, 0, 1)


def hand_counts(hand: list[str]) -> Hand:
    """A hand of kinds as the counts ``Hand`` describes."""
    c = [0] * 6
    for k in hand:
        c[SLOT.get(k, 5)] += 1
    return tuple(c)


def supplies(h: Hand) -> int:
    """Supplies in a counted hand (Singles 1, Doubles 2)."""
    return h[0] + 2 * h[1]


def cell(p: int, h: Hand, known: int, alive: int) -> Cell:
    """The table cell of an afterstate: position ``p``, hand ``h``, knowledge ``known``, rival ``alive``."""
    return (p, min(S_CAP, supplies(h)), min(V_CAP, h[2]), min(I_CAP, h[3]), min(D_CAP, h[4]),
            min(J_CAP, h[5]), known, alive)


def known_class(known: list) -> int:
    """What I know of the Wasteland top: 0 nothing, 1 a card that is not You've Been Bitten, 2 a bite."""
    return 0 if not known else (2 if known[0] == BITTEN else 1)


def view_cell(view) -> Cell:
    """The cell of the afterstate ``view`` shows (my view, two seats)."""
    me = view["seat"]
    rival = 1 - me
    return cell(view["positions"][me], hand_counts(view["hand"]), known_class(view["known_wasteland_top"]),
                int(view["alive"][rival]))


# -- the table ------------------------------------------------------------------
def load_table(path: Path = TABLE_FILE) -> dict[Cell, list[int]]:
    """Read a values file ``{"p,s,v,i,d,j,k,a": [wins, visits]}`` into ``{Cell: [wins, visits]}``."""
    raw = json.loads(Path(path).read_text())
    return {tuple(int(x) for x in key.split(",")): list(c) for key, c in raw.items()}


#: The coarser cells a sparse cell leans on, coarsest first: (position, Supplies, rival alive);
#: (position, Supplies, vehicles, known top, rival alive); then the cell itself.
TIERS = ((0, 1, 7), (0, 1, 2, 6, 7))


def _coarse(c: Cell, level: int) -> tuple:
    return tuple(c[i] for i in TIERS[level])


def use_table(table: dict[Cell, list[int]]) -> None:
    """Make ``table`` the one ``value`` reads (training swaps tables this way)."""
    tiers: list[dict] = [{} for _ in TIERS]
    for c, (wins, visits) in table.items():
        for level, tier in enumerate(tiers):
            t = tier.setdefault(_coarse(c, level), [0, 0])
            t[0] += wins
            t[1] += visits
    _TABLES[:] = tiers + [table]
    _value.cache_clear()
    _base.cache_clear()
    value.cache_clear()
    _mall_value.cache_clear()


_TABLES: list[dict] = [{} for _ in range(len(TIERS) + 1)]


@lru_cache(maxsize=4096)
def _base(p: int, s: int, alive: int) -> float:
    """The coarsest estimate, for ``(p, s, alive)``: a sparse one leans on the same Supplies a space
    further on (never worse to be nearer the chopper), and on 1/2 at the chopper's edge."""
    prior = _base(p + 1, s, alive) if p + 1 < CHOPPER else 0.5
    wins, visits = _TABLES[0].get((p, s, alive), (0, 0))
    return (wins + PRIOR_WEIGHT * prior) / (visits + PRIOR_WEIGHT)


@lru_cache(maxsize=1 << 16)
def _value(c: Cell) -> float:
    estimate = _base(c[0], c[1], c[7])
    for level, tier in enumerate(_TABLES[1:], start=1):
        wins, visits = tier.get(_coarse(c, level) if level < len(TIERS) else c, (0, 0))
        estimate = (wins + PRIOR_WEIGHT * estimate) / (visits + PRIOR_WEIGHT)
    return estimate


@lru_cache(maxsize=1 << 16)
def value(p: int, h: Hand, known: int, alive: int) -> float:
    """Estimated chance of winning from an afterstate (0..1): 0 without Supplies, 1 at the chopper
    with some (docs/rules/selfish-zombie.md, 'Ending and scoring'); a rarely seen cell leans on coarser ones.
    Kept per argument (``lru_cache``): the lookahead asks for the same afterstates again and again."""
    if supplies(h) <= 0:
        return 0.0
    if p >= CHOPPER:
        return 1.0
    return _value(cell(p, h, known, alive))


# -- odds from the view ----------------------------------------------------------------
def wasteland_unseen(view) -> dict[str, int]:
    """Wasteland cards I have not seen and do not know: the full deck minus face-up column cards,
    the discard pile and my known top cards (the discard pile alone once the deck is empty)."""
    if view["wasteland_deck_size"] == 0:
        counts = {k: view["wasteland_discard"].count(k) for k in WASTELAND_DECK}
    else:
        counts = dict(WASTELAND_DECK)
        seen = [k for col in view["tracks"] + view["cards_ahead"] for k in col if k is not None]
        for k in seen + view["wasteland_discard"] + list(view["known_wasteland_top"] or []):
            counts[k] = counts.get(k, 0) - 1
    return {k: n for k, n in counts.items() if n > 0}


def game_unseen(view) -> dict[str, int]:
    """Game cards I have not seen: the full deck minus my hand, the discard pile and the Alliances
    lying on the table (the rest are in the draw pile or other hands)."""
    counts = dict(GAME_DECK)
    for k in view["hand"] + view["game_discard"] + ["alliance"] * len(view["alliances"]):
        counts[k] = counts.get(k, 0) - 1
    return {k: n for k, n in counts.items() if n > 0}


def _odds(counts: dict[str, int]) -> list[tuple[str, float]]:
    total = sum(counts.values())
    return [(k, n / total) for k, n in counts.items()] if total else []


def _draw_slots(game: dict[str, int]) -> tuple[tuple[int, float], ...]:
    """The odds of a draw adding a Single, a Double, a Vehicle or another card (rounded, so that
    the draw tables are shared between turns)."""
    slots: dict[int, float] = {}
    for k, q in _odds(game):
        slot = SLOT.get(k, 5)
        slot = slot if slot <= 2 else 5
        slots[slot] = slots.get(slot, 0.0) + q
    return tuple((s, round(q, 2)) for s, q in sorted(slots.items())) or ((0, 1.0),)


@lru_cache(maxsize=4096)
def _draws(slots: tuple, n: int) -> tuple[tuple[Hand, float], ...]:
    """Every way ``n`` draws add to a hand (with replacement: a fine approximation), with chances."""
    out: dict[Hand, float] = {(0, 0, 0, 0, 0, 0): 1.0}
    for _ in range(n):
        nxt: dict[Hand, float] = {}
        for h, q in out.items():
            for slot, r in slots:
                g = list(h)
                g[slot] += 1
                nxt[tuple(g)] = nxt.get(tuple(g), 0.0) + q * r
        out = nxt
    return tuple(out.items())


@lru_cache(maxsize=4096)
def _mall_draws(slots: tuple) -> tuple[tuple[Hand, float], ...]:
    """What a Shopping Mall adds to a hand: for each face ``n`` of the die (chance ``r``), every way
    ``n`` draws add to it (chance ``q``), as ``(cards added, q * r)`` in that order (kept per draw odds)."""
    return tuple((g, q * r) for n, r in ROLLS for g, q in _draws(slots, n))


@lru_cache(maxsize=1 << 16)
def _mall_value(p: int, h: Hand, known: int, alive: int, slots: tuple) -> float:
    """The expected afterstate value of a Shopping Mall carried out at ``p`` with hand ``h``
    (``Lookahead.land``; kept per argument: its many draws make it the lookahead's dearest card)."""
    return sum(qr * value(p, _add(h, g), known, alive) for g, qr in _mall_draws(slots))


def _add(h: Hand, g: Hand) -> Hand:
    """Two counted hands added slot by slot (written out: the lookahead adds hands millions of times)."""
    return h[0] + g[0], h[1] + g[1], h[2] + g[2], h[3] + g[3], h[4] + g[4], h[5] + g[5]


@lru_cache(maxsize=4096)
def lose(h: Hand, n: int) -> Hand:
    """``h`` after discarding ``n`` cards the strong way (``DISCARD_ORDER``), all if it holds no more."""
    c = list(h)
    for slot in DISCARD_ORDER:
        take = min(n, c[slot])
        c[slot] -= take
        n -= take
    return tuple(c)


def pay(h: Hand, n: int) -> Hand | None:
    """``h`` after paying ``n`` (1: rest or Cut Through A Sewer; 2: travel) Supplies, Singles first
    (a Double splits to pay 1); ``None`` if it cannot pay (for 1: it pays what it has)."""
    s, d = h[0], h[1]
    if n == 2:
        if s >= 2:
            s -= 2
        elif d:
            d -= 1
        else:
            return None
    elif s:
        s -= 1
    elif d:
        d, s = d - 1, s + 1
    return (s, d) + h[2:]


class Lookahead:
    """My turn seen from my view: position, counted hand, Wasteland and draw odds, the value of
    each way to end it."""

    def __init__(self, view, known: list[str] | None = None, unseen: dict[str, int] | None = None,
                 slots: tuple | None = None):
        me = view["seat"]
        self.p = view["positions"][me]
        self.h = hand_counts(view["hand"])
        self.known = list(view["known_wasteland_top"] or []) if known is None else known
        self.alive = int(view["alive"][1 - me])
        self.unknown = _odds(wasteland_unseen(view) if unseen is None else unseen)
        self.slots = _draw_slots(game_unseen(view)) if slots is None else slots
        # what I know of the top once 0, 1, 2... known cards are gone (``known_after``), worked out once
        self.knowns = [known_class(self.known[depth:]) for depth in range(len(self.known))]

    def cards(self, depth: int) -> list[tuple[str, float]]:
        """The odds of the Wasteland card ``depth`` cards down (known, else unseen odds)."""
        if depth < len(self.known):
            return [(self.known[depth], 1.0)]
        return self.unknown or [("blank", 1.0)]

    def known_after(self, depth: int) -> int:
        """What I know of the top once ``depth`` cards are gone (nothing once the known ones are)."""
        return self.knowns[depth] if depth < len(self.knowns) else 0

    def end(self, p: int, h: Hand, depth: int) -> float:
        """Value of the afterstate: at ``p`` with ``h``, ``depth`` Wasteland cards gone."""
        knowns = self.knowns                # ``known_after`` written out: the lookahead's most frequent call
        return value(p, h, knowns[depth] if depth < len(knowns) else 0, self.alive)

    def rest(self, p: int, h: Hand, depth: int) -> float:
        """Rest: pay 1 and stay (paying the last Supplies kills)."""
        return self.end(p, pay(h, 1), depth)

    def travel(self, p: int, h: Hand, depth: int) -> float:
        """Travel: pay 2, move on and carry out the Wasteland card (expected value); -1 if unaffordable."""
        paid = pay(h, 2)
        if paid is None:
            return -1.0
        return sum(q * self.land(card, p + 1, paid, depth + 1) for card, q in self.cards(depth))

    def drive(self, p: int, h: Hand, depth: int) -> float:
        """Abandoned Vehicle: move on without carrying out the card, then end the turn at best."""
        h = (h[0], h[1], h[2] - 1) + h[3:]
        if p + 1 >= CHOPPER:
            return 1.0 if supplies(h) > 0 else 0.0
        return self.best(p + 1, h, depth + 1)

    def best(self, p: int, h: Hand, depth: int) -> float:
        """The best of resting, travelling and (holding one) driving from here."""
        out = max(self.rest(p, h, depth), self.travel(p, h, depth))
        return max(out, self.drive(p, h, depth)) if h[2] else out

    def land(self, card: str, p: int, h: Hand, depth: int) -> float:
        """Carry out ``card`` on arrival at ``p`` with hand ``h`` (docs/rules/selfish-zombie.md, 'Wasteland cards'),
        then check the chopper and death (paying the last to travel kills only after the card)."""
        if card == BITTEN:
            return 0.0
        if card == "secret_passageway" and p < CHOPPER:
            return sum(q * self.land(nxt, p + 1, h, depth + 1) for nxt, q in self.cards(depth))
        outcomes: list[tuple[Hand, float]] = [(h, 1.0)]
        if card == "cut_through_a_sewer":
            outcomes = [(pay(h, 1), 1.0)]
        elif card == "settlement":
            outcomes = [(_add(h, g), q) for g, q in _draws(self.slots, 1)]
        elif card == "shopping_mall":
            return _mall_value(p, h, self.known_after(depth), self.alive, self.slots)
        elif card == "bandits":
            outcomes = [(lose(h, n), r) for n, r in ROLLS]
        elif card == "zombies" and sum(h) >= ZOMBIES_HAND:
            outcomes = [(lose(h, ZOMBIES_DISCARD), 1.0)]
        known, alive = self.known_after(depth), self.alive      # ``end`` of each outcome, written out
        return sum(q * value(p, g, known, alive) for g, q in outcomes)


def best_end(view, legal: list[dict]) -> dict:
    """The way to end (or go on with) my turn with the best expected afterstate value: Rest,
    Travel (Singles first) or PlayAction Abandoned Vehicle (two seats; reads only ``view``)."""
    look = Lookahead(view)
    options: list[tuple[float, dict]] = []
    rest = {"type": "Rest"}
    if rest in legal:
        options.append((look.rest(look.p, look.h, 0), rest))
    travels = [c for c in legal if c["type"] == "Travel"]
    if travels:
        pay_with = "singles" if {"type": "Travel", "pay": "singles"} in travels else "double"
        options.append((look.travel(look.p, look.h, 0), {"type": "Travel", "pay": pay_with}))
    vehicle = {"type": "PlayAction", "card": "abandoned_vehicle"}
    if vehicle in legal:
        options.append((look.drive(look.p, look.h, 0) + 1e-9, vehicle))
    return max(options, key=lambda o: o[0])[1] if options else legal[0]


def arrange(view, legal: list[dict]) -> dict:
    """Where the Scout's card goes (top or bottom) or the Zombie Trap's order: the one whose best
    end of this turn has the highest expected afterstate value (two seats; reads only ``view``)."""
    cards = view["pick"]["cards"]
    unseen = wasteland_unseen({**view, "known_wasteland_top": []})
    for k in cards:
        unseen[k] = unseen.get(k, 0) - 1
    unseen = {k: n for k, n in unseen.items() if n > 0}
    slots = _draw_slots(game_unseen(view))          # the same draws whatever the order

    def worth(cmd: dict) -> float:
        known = list(cmd["cards"]) if "cards" in cmd else (list(cards) if cmd["where"] == "top" else [])
        look = Lookahead(view, known, unseen, slots)
        return look.best(look.p, look.h, 0)

    return max(legal, key=worth)


use_table(load_table() if TABLE_FILE.exists() else {})
