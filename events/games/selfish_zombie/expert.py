"""The ``expert`` bot of Selfish: Zombie Edition: determinized search from the seat's view
(``events.games.search``).

``sample`` deals the Game cards the seat cannot see (the 71-card deck less its own hand, the
discard pile and the Alliances on the table) into the other hands and the Game deck, and the
Wasteland cards it has not seen (the 41-card deck less every face-up column card and the discard
pile) into the face-down column cards and the Wasteland deck, under the top cards it knows.
Survivor turns, and at two seats a zombie's turn, are searched: each command is played out by
``strong`` for every seat to the end of the game (``selfish.searching``) and scored head to head (a
win 1, a game nobody won 1/2, the rival's win 0: a zombie gains by stopping the survivor); a playout
the horizon of 400 commands cuts short is judged at two seats by the seat's chance of winning less
the rival's from the learned afterstate table, else by the distance covered. Everything else is
``strong``'s.
"""
from __future__ import annotations

from events.games.search import Expert, deal, ensure_one, unseen
from events.games.selfish.searching import selfish_expert, two_seat_value

from . import values
from .cards import CHOPPER, GAME_DECK, LEVEL, TRAP_LOOK, WASTELAND_DECK
from .cards import SUPPLIES as _SUPPLIES
from .decide import decide
from .legal import legal_commands
from .state import copy_state
from .views import outcome, view

SUPPLY_KINDS = ("supplies", "double_supplies")


def _risen_at(column: list, alive: bool, resigned: bool) -> int | None:
    """Where a zombie rose: its first face-down column card (``None`` in the view), else the end
    of its column (no card of it is face down yet)."""
    if alive or resigned:
        return None
    return column.index(None) if None in column else len(column)


def sample(v: dict, rng) -> dict:
    """A state whose view for ``v["seat"]`` is ``v``, every card it hides dealt at random. Reads
    ``v`` only (docs/rules/selfish-zombie.md, 'What each seat and a spectator can see')."""
    n, me, pick = v["seats"], v["seat"], v["pick"]
    others = [s for s in range(n) if s != me]
    in_play = ["alliance"] * len(v["alliances"])
    pool = unseen(GAME_DECK, v["hand"], v["game_discard"], in_play)
    piles = deal(pool, [v["hand_sizes"][s] for s in others] + [v["game_deck_size"]], rng, GAME_DECK)
    hands = [list(v["hand"]) if s == me else None for s in range(n)]
    for s, pile in zip(others, piles):
        hands[s] = pile
        if v["alive"][s]:
            ensure_one(pile, piles[-1], SUPPLY_KINDS, rng)
    known = list(v["known_wasteland_top"] or [])
    columns = [list(t) + list(a) for t, a in zip(v["tracks"], v["cards_ahead"])]
    hidden = sum(c.count(None) for c in columns)
    rest = unseen(WASTELAND_DECK, v["wasteland_discard"], known, *columns)
    face_down, deck = deal(rest, [hidden, max(0, v["wasteland_deck_size"] - len(known))], rng, WASTELAND_DECK)
    tracks, ahead = [], []
    for column, t in zip(columns, v["tracks"]):
        filled = [card if card is not None else face_down.pop() for card in column]
        tracks.append(filled[:len(t)])
        ahead.append(filled[len(t):])
    w, out = v["reaction_window"], v["outcome"]
    choice = None
    if pick is not None:
        choice = {"seat": pick["seat"], "choice": pick["kind"], "target": None, "then": []}
        if pick["discards_left"] is not None:
            choice.update(left=pick["discards_left"], reason=pick["because_of"])
        if pick["cards"] is not None:
            choice["cards"] = list(pick["cards"])
        elif pick["kind"] in ("scout", "zombie_trap"):    # another seat looks at the top cards
            choice["cards"] = (known + deck)[:1 if pick["kind"] == "scout" else TRAP_LOOK]
    return {
        "seats": n, "rules": LEVEL, "stacked": False, "hands": hands, "alive": list(v["alive"]),
        "tracks": tracks, "ahead": ahead,
        "risen_at": [_risen_at(c, a, r) for c, a, r in zip(columns, v["alive"], v["resigned"])],
        "game_deck": piles[-1], "game_discard": list(v["game_discard"]),
        "wasteland_deck": known + deck, "wasteland_discard": list(v["wasteland_discard"]), "dice": [],
        "turn": v["turn_seat"], "turns": v["turn_number"], "points": v["zombie_action_points"],
        "attacked": list(v["zombie_attacks_this_turn"]), "skip": list(v["loses_next_turn"]),
        "alliances": [dict(a) for a in v["alliances"]],
        "peek": [known if s == me else [] for s in range(n)],
        "window": None if w is None else {"seat": w["responder"], "attacker": w["attacker"], "card": w["card"],
                                          "reflected": w["turned_back"], "then": []},
        "choice": choice,
        "over": out is not None, "winner": (out["winners"] or [None])[0] if out else None,
        "reason": out["result"] if out else None, "gambler": None,
        **({"resigned": list(v["resigned"])} if any(v["resigned"]) else {}),
    }


def win_chance(state, seat: int) -> float:
    """``seat``'s chance of winning at a two-seat table from the learned afterstate table
    (``values.value``); 0 as a zombie."""
    if not state["alive"][seat]:
        return 0.0
    known = values.known_class(state["peek"][seat])
    return values.value(len(state["tracks"][seat]), values.hand_counts(state["hands"][seat]), known,
                        int(state["alive"][1 - seat]))


_head_to_head = two_seat_value(win_chance)


def _value(state, seat: int) -> float:
    """A cut-short playout's worth to ``seat``: at two seats its chance of winning less the
    rival's, as a head-to-head score (``selfish.searching.two_seat_value``: a zombie still gains
    by stopping the survivor), else 0 as a zombie and the share of the way to the chopper covered."""
    if state["seats"] == 2:
        return _head_to_head(state, seat)
    if not state["alive"][seat]:
        return 0.0
    hand = state["hands"][seat]
    return len(state["tracks"][seat]) / (2 * CHOPPER) + min(_SUPPLIES.count(hand), 12) / 24


#: Playouts per millisecond of ``think_ms``, and the turns a playout plays (``None``: to the end).
#: Measured on 2026-11-28 at two seats, expert against strong, the bench's deals ``bench-bots-<k>`` in
#: both seatings, clock stopped, share of the games one of them won: three turns then the table at
#: 0.5 per ms (the setting until then) 53 % of deals 0-199 (118 to 104); two turns 50 %, one 42 %;
#: to the end at 0.5 per ms 57 % (111 to 85), at 1.0 per ms 60 % of deals 0-199 (130 to 88) but
#: 52 % of deals 200-399 (117 to 107), 56 % of the 800 games, at 1.5 per ms 60 % of 0-199 again;
#: with ``Z`` 1.0 or 1.65 instead of 0.5, 56 % and 55 % of 0-399. The learned table judges a turn's
#: end well (``strong``'s lookahead) but a playout's middle worse than playing the game out.
#: Decisions at 1.0 per ms (200 playouts at the default ``think_ms``): p50 about 55 ms, p99 about
#: 285 ms of CPU on the shared 2-core machine with the clock stopped -- the wall-clock stop cuts those.
#: Over deals 0-499 (1,000 games, that evening, ``bench/zombie_expert_ceiling.py view --deals 0:500``):
#: 55.0 % (298 to 244); with ``Z`` 0 or 1.0, ``DRAW`` 0.35 or 0.65, survivor turns alone, every decision
#: searched, or one random command in ten in the playouts, 53.3 to 55.6 %; three in ten 54.1 %: the search
#: has converged (README, "Where the rest would come from").
PLAYOUTS_PER_MS, DEPTH = 1.0, None


def make_expert(strong, playout) -> Expert:
    """The ``expert`` bot, with ``strong`` as its prior and ``playout`` playing every seat."""
    rules = {"decide": decide.in_place, "legal_commands": legal_commands, "view": view, "outcome": outcome,
             "copy": copy_state}
    return selfish_expert(rules, sample, _value, strong, playout, PLAYOUTS_PER_MS, DEPTH)
