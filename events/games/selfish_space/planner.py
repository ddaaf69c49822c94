"""Planning helpers for the bots: a solved solo endgame, and deals sampled
consistently with a view (``determinize``, for Monte Carlo experiments such
as ``bench/bot_ceiling.py``).

When every rival is dead, the game is a one-player stochastic problem: reach
the ship (docs/rules/selfish-space.md, 'Ending and scoring') before running out of
oxygen. Its state is compressed to ``(L, o, a)``: spaces left to the ship
(1..6), oxygen held (1..``OMAX``, capped) and spare Action cards usable as
breathing fodder (0..``AMAX``, capped). Value iteration over that state gives
the chance of reaching the ship alive under the best play; the bot plays by
it once alone.

Model (docs/rules/selfish-space.md, 'A turn', 'The cards'): each turn draws one Game card
(Single, Double, Rocket Booster or other Action, in the full deck's
proportions), then the astronaut may play a drawn Rocket Booster (a free move)
and must breathe (1 oxygen, or 2 Action cards) or travel (2 oxygen, one move).
A move resolves one Space card with the full Space deck's odds; a Wormhole
(swap with the corpse) and a Gravitational Anomaly leave the distance
unchanged; a Meteoroid with 6+ cards discards the two least useful cards.
Oxygen reaching 0 kills, except that a traveller who paid their last oxygen
lives if the Space card gives some back (Useful Junk, Nebula).
"""
from __future__ import annotations


from .cards import GAME_DECK, LEVEL, OXYGEN, SPACE_DECK, full_game_deck, full_space_deck

OMAX = 16     # oxygen above this is treated as this much
AMAX = 5      # spare Action cards above this are treated as this many
SWEEPS = 24   # value-iteration sweeps per distance layer

_N = sum(GAME_DECK.values())
P_SINGLE = GAME_DECK["oxygen"] / _N
P_DOUBLE = GAME_DECK["double_oxygen"] / _N
P_BOOST = GAME_DECK["rocket_booster"] / _N
P_ACTION = 1.0 - P_SINGLE - P_DOUBLE - P_BOOST
#: One Game card drawn: (oxygen gained, Action cards gained, probability).
DRAW1 = [(1, 0, P_SINGLE), (2, 0, P_DOUBLE), (0, 1, P_ACTION + P_BOOST)]
DRAW2 = [(o1 + o2, a1 + a2, p1 * p2) for o1, a1, p1 in DRAW1 for o2, a2, p2 in DRAW1]


def space_odds(counts: dict | None = None) -> list[tuple[str, float]]:
    """The chance of each Space card kind on the next move.

    Args:
        counts: kind -> copies still to come (``None``: the full Space deck).
    Returns:
        ``[(kind, probability), ...]`` summing to 1.
    """
    counts = counts or SPACE_DECK
    total = sum(counts.values()) or 1
    return [(k, n / total) for k, n in counts.items() if n > 0]


FULL_ODDS = space_odds()
STAY = ("gravitational_anomaly", "wormhole")
_W: dict = {}   # (L, o, a) -> chance of winning alone, at the start of a turn (before the draw)


def _clip(o: int, a: int) -> tuple[int, int]:
    return min(o, OMAX), min(a, AMAX)


def _land(L, o, a, cont):
    if o <= 0:
        return 0.0
    if L <= 0:
        return 1.0
    return cont(L, *_clip(o, a))


def move_value(L: int, o: int, a: int, cont, odds=FULL_ODDS) -> float:
    """Expected value of moving forward one space from ``(L, o, a)``.

    Args:
        L, o, a: spaces left, oxygen held (after any payment, may be 0),
            spare Action cards.
        cont: ``cont(L, o, a) -> float``, the value of the state reached.
        odds: Space card odds (``space_odds``) for this move.
    Returns:
        The chance of winning (docs/rules/selfish-space.md, 'The cards').
    """
    total = 0.0
    for kind, p in odds:
        if kind in ("blank", "solar_flare"):
            v = _land(L - 1, o, a, cont)
        elif kind == "useful_junk":
            v = sum(q * _land(L - 1, o + do, a + da, cont) for do, da, q in DRAW1)
        elif kind == "mysterious_nebula":
            v = sum(q * _land(L - 1, o + do, a + da, cont) for do, da, q in DRAW2)
        elif kind == "hyperspace":
            v = move_value(L - 1, o, a, cont, FULL_ODDS) if L > 1 else _land(0, o, a, cont)
        elif kind == "meteoroid":
            if a + o >= 6:
                drop = min(a, 2)
                v = _land(L - 1, o - (2 - drop), a - drop, cont)
            else:
                v = _land(L - 1, o, a, cont)
        elif kind == "cosmic_radiation":
            v = _land(L - 1, o - 1, a, cont)
        elif kind == "asteroid_field":
            v = _land(L - 1, o - 2, a, cont)
        elif kind in STAY:  # no progress (a Wormhole swaps with the corpse)
            v = _land(L, o, a, cont)
        else:
            v = 0.0
        total += p * v
    return total


def _w(L, o, a):
    return _W.get((L, o, a), 0.0)


def choices(L: int, o: int, a: int, odds=FULL_ODDS) -> dict[str, float]:
    """Phase-3 options alone (docs/rules/selfish-space.md, 'A turn').

    Args:
        L, o, a: spaces left, oxygen held, spare Action cards (after phase 2).
        odds: Space card odds for a move now.
    Returns:
        ``{"breathe" | "fodder" | "travel": chance of winning}`` for the
        options open now.
    """
    out = {"breathe": _w(L, *_clip(o - 1, a)) if o >= 2 else 0.0}
    if a >= 2:
        out["fodder"] = _w(L, *_clip(o, a - 2))
    if o >= 2:
        out["travel"] = move_value(L, o - 2, a, _w, odds)
    return out


def phase3_value(L: int, o: int, a: int) -> float:
    """The chance of winning alone with phase 3 still to play."""
    if L <= 0:
        return 1.0 if o >= 1 else 0.0
    if o <= 0:
        return 0.0
    return max(choices(L, *_clip(o, a)).values())


def boost_value(L: int, o: int, a: int, odds=FULL_ODDS) -> float:
    """The chance of winning alone after playing a Rocket Booster now (a free
    move, then phase 3); ``a`` excludes the Booster."""
    return move_value(L, o, a, phase3_value, odds)


def solo_value(L: int, o: int, a: int) -> float:
    """The chance that an astronaut alone wins, at the start of their turn.

    Args:
        L: spaces left to the ship (0 = there), o: oxygen, a: spare Actions.
    Returns:
        A probability in [0, 1] (0 when ``o <= 0``).
    """
    if o <= 0:
        return 0.0
    if L <= 0:
        return 1.0
    return _w(L, *_clip(o, a))


def _solve() -> None:
    """Value iteration, one distance layer at a time: a move either reaches a
    nearer layer (already solved) or stays (Anomaly, Wormhole) in this one."""
    states = [(o, a) for o in range(1, OMAX + 1) for a in range(AMAX + 1)]
    stay = sum(p for k, p in FULL_ODDS if k in STAY)
    odds = [(k, p) for k, p in FULL_ODDS if k not in STAY]
    p3_low: dict = {}

    def lower_p3(L, o, a):
        return p3_low[(L, o, a)]

    for L in range(1, 7):
        # the part of each move that leaves this layer is fixed: compute it once
        travel = {(o, a): move_value(L, o - 2, a, _w, odds) for o, a in states if o >= 2}
        boost = {(o, a): move_value(L, o, a, lower_p3, odds) for o, a in states}
        p3 = {}
        for o, a in states:
            _W[(L, o, a)] = 0.0
        for _ in range(SWEEPS):
            for o, a in states:
                best = _W[(L, o - 1, a)] if o >= 2 else 0.0
                if a >= 2:
                    best = max(best, _W[(L, o, a - 2)])
                if o >= 3:
                    best = max(best, travel[(o, a)] + stay * _W[(L, o - 2, a)])
                elif o == 2:
                    best = max(best, travel[(o, a)])
                p3[(o, a)] = best
            delta = 0.0
            for o, a in states:
                v = 0.0
                for do, da, q in DRAW1:
                    v += q * p3[_clip(o + do, a + da)]
                keep = p3[_clip(o, a + 1)]
                v += P_BOOST * max(0.0, boost[(o, a)] + stay * p3[(o, a)] - keep)
                delta = max(delta, abs(v - _W[(L, o, a)]))
                _W[(L, o, a)] = v
            if delta < 1e-5:
                break
        for (o, a), v in p3.items():
            p3_low[(L, o, a)] = v


_solve()


# -- Monte Carlo over determinized deals -----------------------------------
def determinize(view, rng):
    """A full state consistent with ``view``: hidden cards dealt at random.

    Args:
        view: a seat's view at its own turn (no window, no pending choice).
        rng: a ``random.Random``.
    Returns:
        A state dict (``state.py`` shape). The unseen Game cards (full deck
        minus my hand and the Game discard pile) are dealt to the other
        living hands by their sizes, each living rival getting at least one
        oxygen (alive means holding some, docs/rules/selfish-space.md, 'A turn'); the
        rest, shuffled, is the draw pile. The unseen Space cards are shuffled
        into the Space deck.
    """
    me, n = view["seat"], view["seats"]
    unseen = full_game_deck()
    for k in view["hand"] + view["game_discard"]:
        unseen.remove(k)
    space = full_space_deck()
    for k in [k for t in view["tracks"] for k in t] + view["space_discard"]:
        space.remove(k)
    rng.shuffle(unseen)
    rng.shuffle(space)
    hands = [[] for _ in range(n)]
    hands[me] = list(view["hand"])
    rivals = [s for s in range(n) if s != me and view["alive"][s] and view["hand_sizes"][s]]
    for s in rivals:  # one oxygen each first: a living rival holds some
        j = next((i for i, k in enumerate(unseen) if k in OXYGEN), None)
        if j is not None:
            hands[s].append(unseen.pop(j))
    for s in rivals:
        size = view["hand_sizes"][s] - len(hands[s])
        hands[s] += unseen[:size]
        unseen = unseen[size:]
    return {
        "seats": n, "two_player": view["one_action_per_turn"], "stacked": False, "hands": hands,
        "alive": list(view["alive"]), "tracks": [list(t) for t in view["tracks"]],
        "game_deck": unseen, "game_discard": list(view["game_discard"]),
        "space_deck": space[:view["space_deck_size"]], "space_discard": list(view["space_discard"]),
        "turn": view["turn_seat"], "turns": view["turn_number"], "actions": view["actions_played_this_turn"],
        "swapped": view["double_swapped_this_turn"], "window": None, "choice": None,
        "over": False, "winner": None, "reason": None, "rules": LEVEL, "gambler": None,
    }
