"""What both Selfish editions' ``expert`` bots share (``events.games.search``): they search whole
turns, play each out for ``DEPTH`` turns (or to the end of the game, as an edition chooses), then
judge it with the edition's value. A finished
playout is scored head to head (``head_to_head``: a win 1, a game nobody won 1/2, another's win 0),
and at two seats a cut-short one by the seat's chance of winning less the rival's
(``two_seat_value``), so the search weighs stopping the rival as well as escaping."""
from __future__ import annotations

from events.games.search import Expert, Searcher

from .commands import active_seat

#: Turns a playout plays: the rest of the seat's, the next seat's, and one more; then the value.
DEPTH = 3


def cut_after(depth: int):
    """``Searcher.stop`` cutting a playout once ``depth`` turns have started since the root view's."""
    def stop(state, seat: int, root: dict) -> bool:
        return state["turns"] >= root["turn_number"] + depth
    return stop


#: How sure the search must be before it plays another command than the prior's (``Searcher.z``,
#: ``Searcher.margin``): half a standard error, no margin. Measured at two seats in Zombie Edition,
#: expert against strong, each deal in both seatings, share of the games one of them won (playout
#: budget fixed, clock stopped): on deals 0-59, z 1.65 and margin 0.02 (the search's defaults) 55 %
#: (39 to 32), z 0.5 and 0 60 % (47 to 31), z 0 and 0 54 % (42 to 36); on deals 60-139, z 0.5 and 0
#: 58 % (54 to 39). Too little doubt plays the noise of a few playouts, too much never leaves the prior.
#: Again on 2026-11-28, deals 0-199 then 200-399: z 0 54.8 % (121 to 100), z 1.0 60.5 % (130 to 85) then
#: 52.0 % (119 to 110) against 0.5's 59.6 % then 52.2 %, z 1.5 53.4 % on 200-399; ``DRAW`` 0.35, 0.65 and
#: 0.8 gave 52.7, 57.8 and 59.4 % on deals 0-99 against 58.3 %; three times the playouts 60.6 % then
#: 54.8 % on 0-99 and 100-199 against 58.3 and 60.9 %: all within a duel's noise.
Z, MARGIN = 0.5, 0.0
#: A two-seat game nobody won (both seats lost in space, or the zombies won): half a win.
DRAW = 0.5


def searched(view: dict, legal: list) -> bool:
    """Search whole-turn decisions (a survivor's, and at two seats a zombie's: it can still stop
    the rival escaping); reactions and picks follow the prior (``strong``). Searching Zombie
    Edition's reactions and discards too, measured as for ``Z`` on deals 0-199 (2026-11-28): 55 %
    (117 to 97) against 53 % with three-turn playouts, 54 % against 57 % with playouts to the end;
    every decision 53 %: within the noise, for up to twice the time. Over deals 0-399 (800 games,
    compiled engine, clock stopped, 11:00 UTC that day): as here 247 to 195 (55.9 %), survivor turns
    alone 247 to 189 (56.7 %), zombie turns alone 225 to 228 (49.7 %, ``strong``'s own level): the
    survivor's turn is where the search gains. Deals 0-199 gave 59.6 % and 200-399 52.2 %, so a
    100-deal duel moves some five points with its seeds."""
    return view["phase"] == "turn" or (view["phase"] == "zombie" and view["seats"] == 2)


def head_to_head(outcome: dict, seat: int) -> float:
    """A finished game's worth to ``seat``: 1 a win, 0 another seat's win, and a game nobody won
    (everyone lost in space, or the zombies won) a draw, :data:`DRAW` -- at two seats the
    zero-sum reading (win 1, draw 1/2, loss 0), so the search also weighs stopping the rival."""
    winners = outcome.get("winners") or []
    if seat in winners:
        return 1.0
    return 0.0 if winners else DRAW


def two_seat_value(win_chance):
    """A cut-short playout's worth at two seats from ``win_chance(state, seat)`` (each seat's
    estimated chance of winning, 0 for a dead or zombie seat): ``P(win) + DRAW * P(nobody)``,
    that is ``DRAW + (1 - DRAW) * (win_chance(me) - win_chance(rival))`` when ``DRAW`` is 1/2."""
    def value(state, seat: int) -> float:
        mine, theirs = win_chance(state, seat), win_chance(state, 1 - seat)
        return max(0.0, min(1.0, DRAW + (1 - DRAW) * (mine - theirs)))
    return value


def selfish_expert(rules: dict, sample, value, strong, playout, playouts_per_ms: float = 0.5,
                   depth: int | None = DEPTH) -> Expert:
    """An edition's ``expert``: ``rules`` holds its ``decide`` (in place), ``legal_commands``,
    ``view``, ``outcome`` and ``copy``; ``sample(view, rng)`` its imagined states; ``value(state,
    seat)`` the worth of a cut-short playout; ``strong`` the prior, ``playout`` every seat's policy;
    ``playouts_per_ms`` the playouts each millisecond of ``think_ms`` buys (``Searcher``); ``depth``
    the turns a playout plays before ``value`` judges it (``None``: to the end of the game, or the
    horizon of 400 commands)."""
    return Expert(Searcher(acting_seat=active_seat, sample=sample, prior=strong, playout=playout,
                           searched=searched, value=value, stop=None if depth is None else cut_after(depth),
                           score=head_to_head, horizon=400, playouts_per_ms=playouts_per_ms, z=Z, margin=MARGIN,
                           **rules))
