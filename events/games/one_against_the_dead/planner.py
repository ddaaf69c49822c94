"""What the ``strong`` and ``rescuer`` bots know how to estimate, from a view only: the cost of
reaching the Ending Location (or, late in a game, a survivor) over the known city (unknown places
guessed), the zombies a placement spawns, the danger of a card, which survivor is worth the AP
this round, and the value of an attack or a weapon."""
from __future__ import annotations

import heapq

from .cards import DECK, is_special, matches

#: Zombie kinds as the planner counts them -> as views name them.
ZOMBIE_NAMES = {"GH": "greater_heads", "GT": "greater_tails", "LH": "lesser_heads", "LT": "lesser_tails"}

#: Guessed AP to cross a place whose card is not known yet (a third of the deck is Special).
UNKNOWN_COST = 2.0
#: How many AP of detour one zombie spawned next to the player is worth avoiding.
ZOMBIE_WEIGHT = 0.8
#: AP-equivalent cost of each zombie that would stand on the player's card after the zombies move.
DANGER_WEIGHT = 0.15
#: Digging out a survivor is safe with at most this many zombies about and this much Strength.
DIG_MAX_NEAR, DIG_MIN_STRENGTH = 1, 8
#: A move may cost this many AP more than the best estimate and still be taken (keeps moving).
MOVE_SLACK = 0.0
#: After this round the bot stops dodging and heads for the end whatever the zombies.
HURRY_ROUND = 30
#: After this round the game is nearly always lost (the ``strong`` bot's wins come by round 9):
#: the bot walks to the survivors (or the end, if nearer) and digs them out, a rescue worth
#: ``LATE_RESCUE_VALUE`` AP, and the zombies count ``LATE_CAUTION`` as much (they only shorten the
#: time left to dig).
LATE_ROUND, LATE_RESCUE_VALUE, LATE_CAUTION = 8, 10.0, 0.2
#: How much digging out survivors is worth before ``LATE_ROUND``: AP-equivalent worth of finishing
#: a rescue this round, of each pip taken off a die still within reach after the walk, and the
#: Strength needed to bother. ``strong`` does not dig early (each rescue costs wins); ``rescuer``
#: does.
STRONG = {"rescue": 0.0, "pip": 0.0, "min_strength": 0}
RESCUER = {"rescue": 3.0, "pip": 0.2, "min_strength": 13}
ORTHO = ((1, 0), (-1, 0), (0, 1), (0, -1))
#: ``is_special`` and ``matches`` of every card of the deck, looked up once (``distances`` asks them
#: millions of times a game of the ``expert``, whose playouts are ``strong``'s).
_SPECIAL = {card: is_special(card) for card in DECK}
_MATCH = {(a, b): matches(a, b) for a in DECK for b in DECK}
AROUND = tuple((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)


def _special(card: str) -> bool:
    known = _SPECIAL.get(card)
    return is_special(card) if known is None else known


def _matches(a: str, b: str) -> bool:
    known = _MATCH.get((a, b))
    return matches(a, b) if known is None else known


class Board:
    """The view's city as ``{(x, y): spot}`` with the player, the end and cached distances."""

    def __init__(self, view, style=STRONG):
        self.spots = {(s["x"], s["y"]): s for s in view["city"]}
        self.cards = {place: s["card"] for place, s in self.spots.items() if s["face_up"]}   # what card() gives
        self.player = (view["player"]["x"], view["player"]["y"])
        self.end = (view["end"]["x"], view["end"]["y"])
        self.strength = view["strength"]
        self.hurry = view["round"] > HURRY_ROUND
        self.rescue_value = style["rescue"] if self.strength >= style["min_strength"] else 0.0
        self.pip_value, self.caution, self.goals = style["pip"], 1.0, [self.end]
        if view["round"] > LATE_ROUND or view.get("cut_off"):    # (nearly) lost: save who we can
            self.rescue_value, self.caution = LATE_RESCUE_VALUE, LATE_CAUTION
            goals = {(a[0] + dx, a[1] + dy) for a in self.survivors() for dx, dy in AROUND}
            goals = [p for p in goals if p == self.player or (self.card(p) and not is_special(self.card(p)))]
            self.goals = sorted(goals) + [self.end]
        self._dist = None

    # -- the city --------------------------------------------------------------------------
    def card(self, place):
        """The face-up card at ``place`` or ``None``."""
        spot = self.spots.get(place)
        return spot["card"] if spot and spot["face_up"] else None

    def zombies_at(self, place) -> dict:
        """The zombie counts on ``place`` as ``{"GH", "GT", "LH", "LT"}`` (zeros included)."""
        spot = self.spots.get(place)
        z = (spot or {}).get("zombies") or {}
        return {k: z.get(name, 0) for k, name in ZOMBIE_NAMES.items()}

    def cost(self, frm, to, extra=None) -> float:
        """Estimated AP to step from ``frm`` to ``to`` (``inf`` onto a Special Location)."""
        a = (extra or {}).get(frm) or self.card(frm)
        b = (extra or {}).get(to) or self.card(to)
        if b is not None and is_special(b):
            return float("inf")
        if a is None or b is None:
            return UNKNOWN_COST
        return 1.0 if matches(a, b) else 2.0

    def distances(self, extra=None) -> dict:
        """Estimated AP from every place near the city to the goal (Dijkstra from ``goals``): a step
        from ``nxt`` onto ``here`` costs :meth:`cost` (``extra``: cards imagined at their places), and
        no walk crosses a Special Location but the player's own. :meth:`cost` is written out here with
        the deck's looked-up answers (the same floats, pushed in the same order: the same result)."""
        cards = {**self.cards, **extra} if extra else self.cards
        card, player, inf = cards.get, self.player, float("inf")
        xs = [p[0] for p in self.spots] + [player[0]]
        ys = [p[1] for p in self.spots] + [player[1]]
        lo_x, hi_x, lo_y, hi_y = min(xs) - 2, max(xs) + 2, min(ys) - 2, max(ys) + 2
        dist = {goal: 0.0 for goal in self.goals}
        heap = [(0.0, goal) for goal in self.goals]
        known, push, pop = dist.get, heapq.heappush, heapq.heappop
        while heap:
            d, here = pop(heap)
            if d > known(here, inf):
                continue
            b = card(here)
            if b is not None and _special(b):      # every step onto it costs inf: none is shorter
                continue
            x, y = here
            for dx, dy in ORTHO:
                nxt = (x + dx, y + dy)
                if not (lo_x <= nxt[0] <= hi_x and lo_y <= nxt[1] <= hi_y):
                    continue
                a = card(nxt)
                if a is not None and _special(a) and nxt != player:
                    continue
                step = UNKNOWN_COST if a is None or b is None else 1.0 if _matches(a, b) else 2.0
                if d + step < known(nxt, inf):
                    dist[nxt] = d + step
                    push(heap, (d + step, nxt))
        return dist

    def to_end(self, place) -> float:
        """Estimated AP from ``place`` to the goal: the end, or after ``LATE_ROUND`` the end or a
        place beside a survivor, whichever is nearer."""
        if self._dist is None:
            self._dist = self.distances()
        return self._dist.get(place, 99.0)

    def distance_to_player(self, place) -> int:
        """Manhattan distance from ``place`` to the player."""
        return abs(place[0] - self.player[0]) + abs(place[1] - self.player[1])

    # -- decisions -----------------------------------------------------------------------------
    def spawned(self, card, place) -> int:
        """Zombies a ``card`` placed at ``place`` would spawn."""
        n = 0
        for dx, dy in ORTHO:
            nxt = (place[0] + dx, place[1] + dy)
            other = self.card(nxt)
            if nxt != self.player and other is not None and not matches(card, other):
                n += 1
        return n

    def placement_cost(self, card, place) -> float:
        """Lower is better: the estimated AP from the player to the end with ``card`` at ``place``,
        plus the zombies it spawns (heavier ahead of the player than behind)."""
        dist = self.distances({place: card}).get(self.player, 99.0)
        ahead = 1.0 if place[0] >= self.player[0] else 0.5
        return dist + ZOMBIE_WEIGHT * ahead * self.spawned(card, place)

    def danger(self, place) -> float:
        """AP-equivalent penalty for standing on ``place``: zombies on it and next to it,
        heavier as they near the player's Strength."""
        if self.hurry:
            return 0.0
        near = self.near(place)
        if near >= self.strength:
            return 50.0 * self.caution
        return DANGER_WEIGHT * near * self.caution

    def near(self, place) -> int:
        """Zombies on ``place`` and on the cards beside it (they reach it this round)."""
        n = sum(self.zombies_at(place).values())
        for dx, dy in ORTHO:
            n += sum(self.zombies_at((place[0] + dx, place[1] + dy)).values())
        return n

    def walks(self, ap: int) -> dict:
        """``{place: (AP spent, first step or None)}``: the cheapest walk this round over known
        passable cards to every place ``ap`` AP can reach (the player's own place included)."""
        best = {self.player: (0, None)}
        heap = [(0, self.player, None)]
        while heap:
            spent, here, first = heapq.heappop(heap)
            if best[here][0] < spent:
                continue
            for dx, dy in ORTHO:
                nxt = (here[0] + dx, here[1] + dy)
                card = self.card(nxt)
                if card is None or is_special(card):
                    continue
                total = spent + (1 if matches(self.card(here), card) else 2)
                if total <= ap and total < best.get(nxt, (99, None))[0]:
                    best[nxt] = (total, first or nxt)
                    heapq.heappush(heap, (total, nxt, first or nxt))
        return best

    def survivors(self) -> list:
        """Places of the Aces in the city still holding a die."""
        return [p for p, s in self.spots.items() if s["face_up"] and s["die"] and s["card"].startswith("A")]

    def targets(self) -> dict:
        """``{place: pips}`` of the survivors worth digging out now (none while ``rescue_value``
        is 0)."""
        return {p: self.spots[p]["die"] for p in self.survivors()} if self.rescue_value > 0 else {}

    def plan(self, ap: int):
        """The first step of the best walk this round over known cards, or ``None`` to stay.

        Zombies only move after the action phase, so only where the walk ends counts: its
        estimated AP to the end plus its danger. Walks are searched up to ``ap`` AP.
        """
        best_value = self.to_end(self.player) + self.danger(self.player) - MOVE_SLACK
        best, frontier, seen = None, [(self.player, ap, None)], set()
        while frontier:
            here, left, first = frontier.pop()
            for dx, dy in ORTHO:
                nxt = (here[0] + dx, here[1] + dy)
                card = self.card(nxt)
                if card is None or is_special(card) or (nxt, left) in seen:
                    continue
                cost = 1 if matches(self.card(here), card) else 2
                if cost > left:
                    continue
                seen.add((nxt, left))
                step = first or nxt
                value = self.to_end(nxt) + self.danger(nxt)
                if value < best_value:
                    best, best_value = step, value
                frontier.append((nxt, left - cost, step))
        return best

    def safe_to_dig(self, view) -> bool:
        """Whether spending AP on a survivor here is safe: few zombies around, Strength to spare."""
        return self.near(self.player) <= DIG_MAX_NEAR and self.strength >= DIG_MIN_STRENGTH

    def rescue_now(self, ap: int):
        """``("DecrementDie", place)`` or ``("Move", place)``: the first action of the best plan
        that digs out a survivor, or ``None`` when no such plan beats the plain walk (``plan``).

        A plan is a cheapest walk over known cards (``walks``) and the AP it leaves spent on the
        survivors beside the start (dug first) or beside where it stops (dug last), smallest die
        first. Zombies only move after the actions, so a plan is judged by where the walk stops:
        its estimated AP to the goal plus its ``danger``, less ``rescue_value`` per survivor dug
        out and ``pip_value`` per pip off a die still within reach. It digs before walking only for
        a survivor it leaves behind (moving first shows new cards and keeps the choice open).
        """
        aces = self.targets()
        if not aces:
            return None
        here = {p for p in aces if _beside(p, self.player)}
        plain, best, best_value = None, None, None
        for place, (spent, first) in sorted(self.walks(ap).items(), key=lambda kv: kv[1][0]):
            left, value = ap - spent, self.to_end(place) + self.danger(place)
            plain = value if plain is None else min(plain, value)
            there = {p for p in aces if _beside(p, place)}
            action = ("Move", first) if first else None
            for die, ace in sorted((aces[p], p) for p in here | there):
                pips = min(left, die)
                if pips <= 0:
                    break
                left -= pips
                value -= self.rescue_value if pips == die else self.pip_value * pips * (ace in there)
                if (ace not in there or first is None) and (action is None or action[0] == "Move"):
                    action = ("DecrementDie", ace)
            if best_value is None or value < best_value - 1e-9:
                best, best_value = action, value
        return best if best_value < plain - 1e-9 else None

    def die_priority(self, place, weapon) -> int:
        """Lower first: an Ace (a survivor), then a face card when unarmed, then the rest."""
        card = self.card(place) or ""
        if card.startswith("A"):
            return 0
        return 1 if weapon is None else 2


def attack_value(command, z, weapon) -> float:
    """Expected zombies removed (and half-credit for Greaters turned Lesser) by ``command`` on the
    zombies ``z``; a weapon pip costs a little so cheap attacks are not wasted."""
    t = command["type"]
    greater, lesser = z["GH"] + z["GT"], z["LH"] + z["LT"]
    if t == "AttackWithFists":
        return 0.5 * command["lesser"] + 0.25 * command["greater"]
    if t == "AttackWithBat":
        return z["LT"] + 0.3 * z["LH"] if command["target"] == "lesser" else 0.25 * z["GH"] + 0.5 * z["GT"]
    if t == "AttackWithChainsaw":
        return 0.5 * (greater + lesser) - 1.0
    if t == "AttackWithShotgun":
        return lesser + 0.25 * greater - 1.0
    return 0.0


def weapon_value(command, carried, found) -> float:
    """How good the weapon kept by ``command`` is: a bat lasts, the others by their pips."""
    def worth(w):
        if w is None:
            return 0.0
        return 3.0 if w["kind"] == "bat" else (0.8 if w["kind"] == "chainsaw" else 1.0) * (w["die"] or 0)
    keep = command["keep"]
    if keep == "combined":
        return 1.0 * min(6, carried["die"] + found["die"]) + 0.01
    return worth(carried if keep == "carried" else found)


def _beside(a, b) -> bool:
    """Whether places ``a`` and ``b`` are the same or among each other's 8 neighbours."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1])) <= 1
