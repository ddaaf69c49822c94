"""The ``expert`` bot of Selfish: Space Edition: determinized search from the seat's view
(``events.games.search``).

``sample`` deals the Game cards the seat cannot see (the 78-card deck less its own hand, the
discard pile and a hand a Hack Suit shows it) into the other hands and the Game deck, and the
Space cards not on a track or the discard pile into the Space deck, at random. Turn decisions
are searched: every command is played out by ``strong`` for both seats until three turns have
started (``selfish.searching``), then scored head to head: at
two seats the seat's chance of winning less the rival's from the learned afterstate table, else
the distance and oxygen held; reactions and picks are ``strong``'s. The prior is ``strong``.
"""
from __future__ import annotations

from events.games.search import Expert, deal, ensure_one, unseen
from events.games.selfish.searching import selfish_expert, two_seat_value

from . import values
from .cards import ACTIONS, DOUBLE, GAME_DECK, LEVEL, OXYGEN, SHIP, SINGLE, SPACE_DECK
from .decide import decide
from .legal import legal_commands
from .state import copy_state
from .views import outcome, view


def sample(v: dict, rng) -> dict:
    """A state whose view for ``v["seat"]`` is ``v``: the unseen Game cards dealt into the other
    hands and the Game deck, the unseen Space cards shuffled into the Space deck. Reads ``v`` only
    (docs/rules/selfish-space.md, 'What each seat and a spectator can see')."""
    n, me, pick = v["seats"], v["seat"], v["pick"]
    shown = {pick["target"]: pick["target_hand"]} if pick and pick.get("target_hand") is not None else {}
    shown[me] = v["hand"]
    others = [s for s in range(n) if s not in shown]
    pool = unseen(GAME_DECK, v["game_discard"], *shown.values())
    piles = deal(pool, [v["hand_sizes"][s] for s in others] + [v["game_deck_size"]], rng, GAME_DECK)
    hands = [list(shown[s]) if s in shown else None for s in range(n)]
    for s, pile in zip(others, piles):
        hands[s] = pile
        if v["alive"][s]:
            ensure_one(pile, piles[-1], OXYGEN, rng)
    space = unseen(SPACE_DECK, v["space_discard"], *v["tracks"])
    (space_deck,) = deal(space, [v["space_deck_size"]], rng, SPACE_DECK)
    w, out = v["reaction_window"], v["outcome"]
    state = {
        "seats": n, "rules": LEVEL, "stacked": False, "two_player": v["one_action_per_turn"],
        "hands": hands, "alive": list(v["alive"]), "tracks": [list(t) for t in v["tracks"]],
        "game_deck": piles[-1], "game_discard": list(v["game_discard"]),
        "space_deck": space_deck, "space_discard": list(v["space_discard"]),
        "turn": v["turn_seat"], "turns": v["turn_number"], "actions": v["actions_played_this_turn"],
        "swapped": v["double_swapped_this_turn"],
        "window": None if w is None else {"seat": w["responder"], "attacker": w["attacker"], "card": w["card"]},
        "choice": None if pick is None else {"seat": pick["seat"], "choice": pick["kind"],
                                             "target": pick["target"], "then": []},
        "over": out is not None, "winner": (out["winners"] or [None])[0] if out else None,
        "reason": out["result"] if out else None, "gambler": None,
    }
    if any(v["resigned"]):
        state["resigned"] = list(v["resigned"])
    return state





def win_chance(state, seat: int) -> float:
    """``seat``'s chance of winning at a two-seat table from the learned afterstate table
    (``values.value``); 0 once it has died."""
    if not state["alive"][seat]:
        return 0.0
    hand, rival = state["hands"][seat], 1 - seat
    oxygen = hand.count(SINGLE) + 2 * hand.count(DOUBLE)
    actions = sum(1 for k in hand if k in ACTIONS)
    mine, theirs = len(state["tracks"][seat]), len(state["tracks"][rival])
    return values.value(mine, oxygen, actions, theirs, int(state["alive"][rival]))


_head_to_head = two_seat_value(win_chance)


def _value(state, seat: int) -> float:
    """A cut-short playout's worth to ``seat``: at two seats its chance of winning less the
    rival's, as a head-to-head score (``selfish.searching.two_seat_value``), else the share of the
    distance covered and the oxygen held (0 once dead)."""
    if state["seats"] == 2:
        return _head_to_head(state, seat)
    if not state["alive"][seat]:
        return 0.0
    hand = state["hands"][seat]
    oxygen = hand.count(SINGLE) + 2 * hand.count(DOUBLE)
    return len(state["tracks"][seat]) / (2 * SHIP) + min(oxygen, 12) / 24


#: Playouts per millisecond of ``think_ms``: a playout of ``strong`` (its one-turn lookahead at
#: two seats) costs about 2 ms of CPU on the shared 2-core machine, so 200 ms buys 70 that end in
#: time. Measured at two seats, expert against strong on the same paired deals (share of the games
#: one of them won, clock stopped): ``cautious`` playouts at 0.5 per ms 53 % (28 to 25 over 120
#: games), ``strong`` playouts at 0.5 per ms 80 % (28 to 7 over the first 100 of them).
PLAYOUTS_PER_MS = 0.35


def make_expert(strong, playout) -> Expert:
    """The ``expert`` bot, with ``strong`` as its prior and ``playout`` playing every seat."""
    rules = {"decide": decide.in_place, "legal_commands": legal_commands, "view": view, "outcome": outcome,
             "copy": copy_state}
    return selfish_expert(rules, sample, _value, strong, playout, PLAYOUTS_PER_MS)
