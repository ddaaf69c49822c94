"""Nothing hidden leaks (docs/rules/zombies-quickplay.md, 'What each seat and a spectator can see'):
two games equal but for one seat's hand (or the order of the undrawn Event deck), driven by the same
commands, look exactly the same to every other seat and to a spectator -- views, legal commands,
pending decisions (seat, kind, code, label), redacted events and outcome -- for as long as the
rules reveal nothing. The same check finds the leak of rules version 3, whose windows asked only
the seats holding a card they could play."""
from __future__ import annotations

import random

import pytest

from events.games.zombies_quickplay import RULESET as R

from .helpers import Game

SEEDS = range(6)
#: Hands of the seats other than seat 1 (the same in both games).
OTHERS = [["lots_of_ammo", "grenade", "molotov_cocktail"], None,
          ["hey_look_a_shotgun", "this_isnt_so_bad", "claustrophobia"],
          ["your_shoes_untied", "just_when_you_thought", "alternate_food_source"],
          ["slight_miscalculation", "i_dont_think_theyre_dead", "much_needed_rest"],
          ["adrenaline_rush", "where_did_everybody_go", "first_aid_kit"]]


def public(game: Game, seat, since: int) -> dict:
    """Everything ``seat`` (``None``: a spectator) sees of ``game``, with the events from ``since`` on."""
    return {
        "view": R.view(game.state, seat),
        "legal": R.legal_commands(game.state, seat) if seat is not None else None,
        "pending": [(d.seat, d.kind, d.code, d.label) for d in R.pending(game.state)],
        "events": [R.redact(e, seat) for e in game.events[since:]],
        "outcome": R.outcome(game.state),
    }


def drive(a: Game, b: Game, hidden: set, watchers, rng: random.Random, steps: int) -> int:
    """Play ``a`` and ``b`` with the same commands: a seat in ``hidden`` sends its decision's default (never a
    card), the others a random legal command (now and then a card out of turn); after every command every
    seat in ``watchers`` (and the spectator) must see the same in both. Returns the commands played."""
    played = 0
    for _ in range(steps):
        since = len(a.events)
        pending = R.pending(a.state)
        if not pending:
            break
        movers = [s for s in range(a.state["seats"]) if s not in hidden
                  and any(c["type"] == "PlayCard" for c in R.legal_commands(a.state, s))]
        if movers and rng.random() < 0.1:
            seat = rng.choice(movers)
            command = rng.choice([c for c in R.legal_commands(a.state, seat) if c["type"] == "PlayCard"])
        elif pending[0].seat in hidden:
            seat, command = pending[0].seat, pending[0].default
        else:
            seat = pending[0].seat
            command = rng.choice(R.legal_commands(a.state, seat))
        a.do(seat, command)
        b.do(seat, command)
        played += 1
        for watcher in [*watchers, None]:
            assert public(a, watcher, since) == public(b, watcher, since), \
                f"seat {watcher} tells the games apart after {command} from seat {seat}"
    return played


@pytest.mark.parametrize("seed", SEEDS)
def test_the_hand_of_one_seat_changes_nothing_any_other_seat_or_a_spectator_sees(seed):
    # given two games that differ only in seat 1's hand: cards it could play at once, or items it could not
    seats = 2 + seed % 4
    tiles = ["straight", "hospital", "crossroads", "t_junction", "helipad", "bend", "sporting_goods"]
    rich = ["fear", "butter_fingers", "zombie_master"]
    poor = ["fire_axe", "chainsaw", "skateboard"]
    hands = OTHERS[:seats]
    a = Game(seats, seed=seed, tiles=tiles, hands=[hands[0], rich, *hands[2:]], listen=range(seats))
    b = Game(seats, seed=seed, tiles=tiles, hands=[hands[0], poor, *hands[2:]], listen=range(seats))
    a.state["deck"], b.state["deck"] = list(a.state["deck"]), list(a.state["deck"])   # the same cards to draw
    # when every seat but seat 1 plays the same random commands, and seat 1 only its defaults
    played = drive(a, b, {1}, [s for s in range(seats) if s != 1], random.Random(seed), 400)
    # then nobody else could tell them apart at any moment (checked as they went), over a long stretch
    assert played > 100


@pytest.mark.parametrize("seed", SEEDS)
def test_the_order_of_the_undrawn_event_deck_changes_nothing_a_seat_sees_but_its_own_draws(seed):
    # given two games whose Event decks hold the same cards in different orders
    seats = 2 + seed % 5
    a = Game(seats, seed=seed, tiles=["crossroads", "florist", "straight"], listen=range(seats))
    b = Game(seats, seed=seed, tiles=["crossroads", "florist", "straight"], listen=range(seats))
    b.state["deck"] = list(reversed(a.state["deck"]))
    # when every seat sends only its defaults (so no drawn card is ever played and revealed)
    played = drive(a, b, set(range(seats)), [], random.Random(seed), 300)
    # then a spectator sees the same throughout, and so does every seat about every other seat
    assert played > 50
    for seat in range(seats):
        va, vb = R.view(a.state, seat), R.view(b.state, seat)
        assert {**va, "hand": None} == {**vb, "hand": None}


def test_under_rules_version_3_the_windows_told_the_others_who_held_a_playable_card():
    # given the same two hands under rules version 3
    a = Game(3, hands=[None, ["fear", "butter_fingers", "zombie_master"]], rules_version="zombies-quickplay/3",
             listen=range(3))
    b = Game(3, hands=[None, ["fire_axe", "chainsaw", "skateboard"]], rules_version="zombies-quickplay/3",
             listen=range(3))
    # then seat 2 and a spectator could tell them apart at once: only the first asks seat 1
    assert public(a, 2, 0)["pending"] != public(b, 2, 0)["pending"]
    assert public(a, None, 0)["view"] != public(b, None, 0)["view"]
