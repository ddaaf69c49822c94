"""The ``expert`` bot of every ruleset: determinized Monte Carlo search from the seat's view.

An expert decision reads what any bot reads -- the seat's view and its legal commands -- and
nothing else. It then imagines the table: ``sample(view, rng)`` deals every card the seat cannot
see (other hands, deck orders, face-down cards) at random among the places the view leaves
open, giving a whole state the view could have come from (a *determinization*; the test
``tests/games/test_bots_see_only_their_view.py`` checks that ``view(sample(view)) == view``).
In each imagined state every candidate command is played, then the game runs on with a
playout policy for every seat (``playout``: one of the game's own bots) for at most ``horizon``
commands, and the end is scored (``1`` a win, ``0`` a loss; ``value(state, seat)`` in
``[0, 1]`` when the horizon cuts the game short).

The candidates are compared on *common* imagined states: each round deals fresh states and
plays every candidate still in the race on each of them with the same playout randomness, so a
difference between two candidates is the command's and not the deal's; after each round the
worse half drops out (successive halving: Karnin, Koren and Somekh, 2013). The command the
game's ``strong`` policy would play (the *prior*) keeps its place unless another beats it by
``margin``: a search with few playouts does not throw away what the hand-written policy knows.
This is information-set search with a one-level tree (Cowling, Powley and Whitehouse's ISMCTS
samples a determinization per iteration the same way); deeper trees cost playouts a
200 ms budget cannot spare in Python.

Budget and reproducibility: ``think_ms`` (a game option, ``THINK_MS_OPTION``) buys
``round(think_ms * playouts_per_ms)`` playouts, a count fixed per ruleset from its measured
speed, so the same seed gives the same move on any machine. A wall-clock stop at ``think_ms``
guards the time a move may take on a slow or busy machine: no playout starts that would end past
``think_ms`` by the longest one so far. Only a move it cuts short can differ between two runs
(``Expert.last`` says whether it did).
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass
from collections.abc import Mapping
from typing import Any, Callable, Iterator

#: The ``think_ms`` game option: every ruleset accepts it (``Ruleset.options``).
THINK_MS_DEFAULT = 200
THINK_MS_OPTION = {
    "type": "integer", "default": THINK_MS_DEFAULT, "nullable": False, "minimum": 20, "maximum": 5000,
    "description": "Milliseconds the 'expert' bot may think over each decision it searches (20 to 5000; "
                   "default 200). It buys a fixed number of imagined playouts per millisecond, so a seeded "
                   "game plays the same moves on any machine; a move never takes much longer than this. "
                   "The other bots ignore it.",
}


class LazyView(Mapping):
    """A read-only mapping that builds the view (``build(*args)``) on first access and then
    behaves as that dict; a policy that reads nothing costs nothing."""

    __slots__ = ("_build", "_args", "_view")

    def __init__(self, build: Callable[..., dict], *args: Any):
        self._build = build
        self._args = args
        self._view: dict | None = None

    def _data(self) -> dict:
        if self._view is None:
            self._view = self._build(*self._args)
        return self._view

    def __getitem__(self, key: str) -> Any:
        return self._data()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data())

    def __len__(self) -> int:
        return len(self._data())

    def get(self, key: str, default: Any = None) -> Any:
        """``view.get(key, default)``, as on a dict."""
        return self._data().get(key, default)


def _lazy(view_of, state, seat):
    return LazyView(view_of, state, seat)


@dataclass
class Searcher:
    """What the search needs of a game (every callable pure; ``state`` a state of the game).

    Attributes:
        decide(state, seat, command, rng) -> (events, state): the game's ``decide_in_place``.
        acting_seat(state) -> seat | None: who acts now.
        legal_commands(state, seat) -> [command].
        view(state, seat) -> dict: the game's view.
        outcome(state) -> dict | None: the game's outcome.
        copy(state) -> state: the game's ``copy_state``.
        sample(view, rng) -> state: a state whose view for ``view["seat"]`` is ``view``, every
            card the view hides dealt at random (reads the view only).
        prior(view, legal, rng) -> command: the policy whose choice the search keeps unless
            another command is better by ``margin`` (the game's ``strong``).
        playout(view, legal, rng) -> command: the policy every seat plays in the playouts.
        searched(view, legal) -> bool: whether to search this decision (else play ``prior``).
        value(state, seat) -> float in [0, 1]: the worth of a state the horizon cut short.
        horizon: commands a playout plays after the candidate before it is scored.
        playouts_per_ms: playouts bought by each millisecond of ``think_ms``.
        margin, z: another command replaces the prior's only if it scores better on the same
            imagined states by more than ``margin`` (0 to 1) plus ``z`` standard errors.
        score(outcome, seat) -> float in [0, 1]: a finished game's worth (default: won or not).
        stop(state, seat, root_view) -> bool: cut a playout short here (``value`` scores it);
            default: only the ``horizon``.
    """

    decide: Callable
    acting_seat: Callable
    legal_commands: Callable
    view: Callable
    outcome: Callable
    copy: Callable
    sample: Callable
    prior: Callable
    playout: Callable
    searched: Callable
    value: Callable
    horizon: int = 400
    playouts_per_ms: float = 0.5
    margin: float = 0.02
    z: float = 1.65
    score: Callable | None = None
    stop: Callable | None = None

    def better(self, a: dict[int, float], b: dict[int, float]) -> bool:
        """Whether scores ``a`` beat ``b`` (both ``{world: score}``) on the worlds both were played
        in, by more than ``margin`` plus ``z`` standard errors of the paired difference."""
        common = [w for w in a if w in b]
        if len(common) < 2:
            return False
        diffs = [a[w] - b[w] for w in common]
        mean = sum(diffs) / len(diffs)
        var = sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)
        return mean > self.margin + self.z * (var / len(diffs)) ** 0.5

    def finished_score(self, outcome: dict, seat: int) -> float:
        """``score(outcome, seat)``, or 1 for a win and 0 otherwise."""
        if self.score is not None:
            return self.score(outcome, seat)
        return 1.0 if seat in (outcome.get("winners") or []) else 0.0

    def play_out(self, state: Any, seat: int, command: dict, rng: random.Random, root: dict | None = None) -> float:
        """Play ``command`` for ``seat`` in ``state`` (consumed), then the playout policy for every
        seat up to ``horizon`` commands or until ``stop(state, seat, root)`` (``root``: the view
        searched from); the score for ``seat`` in ``[0, 1]``."""
        from events.games.contract import RuleViolation

        _, state = self.decide(state, seat, command, rng)
        for _ in range(self.horizon):
            actor = self.acting_seat(state)
            if actor is None or (self.stop is not None and self.stop(state, seat, root)):
                break
            legal = self.legal_commands(state, actor)
            if len(legal) > 1:
                move = self.playout(_lazy(self.view, state, actor), legal, rng)
                if move not in legal:      # a playout policy's slip: the first legal command instead
                    move = legal[0]
            elif legal:
                move = legal[0]
            else:
                break
            try:
                _, state = self.decide(state, actor, move, rng)
            except RuleViolation:   # an imagined state the rules cannot go on from: no information
                return 0.5
        out = self.outcome(state)
        return self.finished_score(out, seat) if out is not None else self.value(state, seat)


@dataclass
class Expert:
    """The ``expert`` bot: ``expert(view, legal, rng, think_ms=200) -> command`` (module docstring).

    ``settings``: the game options the bot reads (``events.games.bots.choose`` passes them).
    ``clock``: seconds, for the wall-clock stop (``time.perf_counter``; tests stop it).
    ``last``: what the latest decision did: ``{"playouts", "candidates", "cut_short", "searched"}``.
    """

    searcher: Searcher
    settings: tuple = ("think_ms",)
    last: dict | None = None
    clock: Callable[[], float] = time.perf_counter

    def __call__(self, view, legal: list[dict], rng: random.Random, think_ms: int = THINK_MS_DEFAULT) -> dict:
        s = self.searcher
        prior = s.prior(view, legal, rng)
        if len(legal) == 1 or not s.searched(view, legal):
            self.last = {"searched": False, "playouts": 0, "candidates": len(legal), "cut_short": False}
            return prior
        deadline = self.clock() + think_ms / 1000.0
        budget = max(2 * len(legal), round(think_ms * s.playouts_per_ms))
        seat = view["seat"]
        p = legal.index(prior) if prior in legal else None   # the prior stays in the race
        alive = list(range(len(legal)))
        scores: list[dict[int, float]] = [{} for _ in legal]    # candidate -> {world: score}
        spent, cut, world, longest = 0, False, 0, 0.0
        rounds = max(1, (len(alive) - 1).bit_length())
        while len(alive) > 1 and not cut and spent < budget:
            per_round = max(1, (budget - spent) // rounds // len(alive))
            for _ in range(per_round):
                state = s.sample(view, rng)
                seed = rng.getrandbits(64)
                for i in alive:
                    before = self.clock()
                    if before + longest > deadline:    # the next playout would end past the deadline
                        cut = True
                        break
                    scores[i][world] = s.play_out(s.copy(state), seat, legal[i], random.Random(seed), view)
                    longest = max(longest, self.clock() - before)
                    spent += 1
                world += 1
                if cut:
                    break
            if cut:
                break
            alive.sort(key=lambda i: -_mean(scores[i].values()))
            keep = max(1, (len(alive) + 1) // 2)
            alive = alive[:keep] + [i for i in alive[keep:] if i == p]
            rounds = max(1, rounds - 1)
        played = [i for i in range(len(legal)) if scores[i]]
        best = max(played, key=lambda i: _mean(scores[i].values())) if played else p
        if best is None or (p is not None and best != p and not s.better(scores[best], scores[p])):
            best = p if p is not None else 0   # nothing learned (out of time at once): the prior
        self.last = {"searched": True, "playouts": spent, "candidates": len(legal), "cut_short": cut}
        return legal[best]



def unseen(total: dict[str, int], *seen) -> list[str]:
    """The cards of a deck of ``total`` (kind -> copies) not among the ``seen`` lists, sorted (so
    the result does not depend on the order the seen cards lie in). ``None`` entries are skipped."""
    left = dict(total)
    for cards in seen:
        for card in cards:
            if card is not None and left.get(card, 0) > 0:
                left[card] -= 1
    return sorted(k for k, n in left.items() for _ in range(n))


def ensure_one(hand: list[str], deck: list[str], kinds, rng: random.Random) -> None:
    """Make ``hand`` hold at least one card of ``kinds`` (a living Selfish player always does), by
    swapping a random card of it with a random such card of ``deck``, if ``deck`` has one."""
    if not hand or any(card in kinds for card in hand):
        return
    spare = [i for i, card in enumerate(deck) if card in kinds]
    if spare:
        i, j = rng.choice(spare), rng.randrange(len(hand))
        hand[j], deck[i] = deck[i], hand[j]


def deal(pool: list[str], sizes: list[int], rng: random.Random, total: dict[str, int] | None = None) -> list[list[str]]:
    """Shuffle ``pool`` with ``rng`` and cut it into piles of ``sizes``. A pool of the wrong size
    (a stacked deal can hold more copies of a card than the deck) is trimmed, or padded with kinds
    drawn from ``total``, so every pile has its size."""
    pool = list(pool)
    rng.shuffle(pool)
    need = sum(sizes)
    if len(pool) < need:
        kinds = sorted(total or {"?": 1})
        pool += [rng.choice(kinds) for _ in range(need - len(pool))]
    out, at = [], 0
    for size in sizes:
        out.append(pool[at:at + size])
        at += size
    return out


def _mean(values) -> float:
    values = list(values)
    return sum(values) / len(values) if values else -1.0
