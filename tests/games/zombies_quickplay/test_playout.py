"""Random playouts: 300 seeded games over table sizes 2-6, checked as they go: every tile, Event
card and zombie accounted for, JSON-able state, codec round trip, replay equals live state, the
legal commands accepted and small, bad commands refused without change, and no view or redacted
event leaking a hand, a deck order or a stacked die.

One game in three plays with the base game's 50 Event cards (option ``base_event_deck``). To keep
the directory fast, five games in six are stacked with a short random tile stack (the
Helipad among the first few tiles) so they end sooner; every sixth is a full, unstacked game. The
heavy checks (views, commands, replay) run every ``HEAVY_EVERY``-th batch.
"""
from __future__ import annotations

import random

import pytest

from events.games.zombies_quickplay import RULESET as R
from events.games.zombies_quickplay.tiles import tile_deck_counts
from events.commands.simulation import play_game

from ..invariants import assert_json_state, check_codec, check_commands
from .helpers import assert_everything_accounted

GAMES_PER_SIZE = 60
HEAVY_EVERY = 11
MAX_LEGAL = 150


def short_stack(rng) -> dict:
    """A short tile stack: 9 random tiles with the Helipad among the first 6."""
    pool = [t for t, n in tile_deck_counts().items() for _ in range(n) if t != "helipad"]
    tiles = rng.sample(pool, 8)
    tiles.insert(rng.randrange(1, 6), "helipad")
    return {"stack": {"tiles": tiles}}


def scrambled(state, seat):
    """The state with everything ``seat`` may not know changed: other hands swapped for other
    cards (same sizes), the tile stack and Event deck reordered, the stacked dice changed."""
    s = R.copy_state(state)
    for other, h in enumerate(s["hands"]):
        if other != seat:
            s["hands"][other] = ["fear" if c != "fear" else "grenade" for c in h]
    for pile in ("tile_deck", "deck"):
        s[pile] = list(reversed(s[pile]))[1:] + list(reversed(s[pile]))[:1]
    s["dice"] = [7 - d for d in s["dice"]]
    return s


def check_views(state):
    for seat in [*range(state["seats"]), None]:
        v = R.view(state, seat)
        assert v["hand"] == (None if seat is None else state["hands"][seat])
        assert "tile_deck" not in v and "deck" not in v and "dice" not in v and "hands" not in v
        assert [p["hand_size"] for p in v["players"]] == [len(h) for h in state["hands"]]
        assert v == R.view(scrambled(state, seat), seat), f"view of seat {seat} leaks hidden information"


def check_redaction(event, seats):
    d = event["data"]
    for seat in [*range(seats), None]:
        r = R.redact(event, seat)["data"]
        t = event["type"]
        if t == "GameStarted":
            assert isinstance(r["tile_deck"], int) and isinstance(r["event_deck"], int)
            assert isinstance(r["dice"], int)
            assert all(h is None for s, h in enumerate(r["hands"]) if s != seat)
        elif t == "EventDeckReshuffled":
            assert "order" not in r
        elif t == "CardsDrawn" and d["seat"] != seat:
            assert all(c is None for c in r["cards"])
        else:
            assert r == d


BAD = [{"type": "Move", "x": 99, "y": 99}, {"type": "PickTileSpot", "x": 50, "y": 50},
       {"type": "Bid", "kills": 99}, {"type": "PlayCard", "card": "fear", "target": 99},
       {"type": "Discard", "card": "were_screwed"}, {"type": "ChooseZombie", "x": 99, "y": 0},
       {"type": "PickSpace", "x": 99, "y": 99}, {"type": "UseItem", "card": "chainsaw"}, {"type": "ClaimToken"},
       {"type": "Dance"}]


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_random_playouts_keep_every_invariant(seats):
    rng = random.Random(seats)
    results = set()
    for game in range(GAMES_PER_SIZE):
        policies = ["random"] * seats
        policies[game % seats] = "strong"
        if seats >= 4:
            policies[(game + 2) % seats] = "strong"     # bigger tables end sooner with two
        options = {} if game % 6 == 0 else short_stack(rng)
        options["base_event_deck"] = game % 3 == 1        # the 5 kinds the Quickplay removes come up too
        shadow = [None]
        steps = [0]

        def on_step(state, batch):
            for event in batch:
                shadow[0] = R.evolve(shadow[0], event)
            steps[0] += 1
            if steps[0] % HEAVY_EVERY == 0:
                assert_everything_accounted(state)
                assert_json_state(state)
                assert shadow[0] == state, "replay differs from the live state"
                check_views(state)
                check_commands(R, state, state["seats"], BAD, sample=4, rng=rng, max_legal=MAX_LEGAL,
                               unasked=lambda c: c["type"] in ("PlayCard", "ClaimToken"))

        record = play_game(R, policies, f"playout-{seats}-{game}", options=options, on_step=on_step)
        assert_everything_accounted(record.state)
        assert R.fold(record.events) == record.state
        assert R.pending(record.state) == [] and record.outcome is not None
        if game % 2 == 0:
            for version, event in enumerate(record.events, start=1):
                check_codec(event, version)
                check_redaction(event, seats)
        results.add(record.outcome["result"])
    assert {"helipad", "kill_target"} & results


@pytest.mark.parametrize("seats", [2, 4, 6])
def test_cards_played_out_of_turn_at_random_moments_never_stall_the_game(seats):
    # given short random games where, at one decision in three, a seat the game is not waiting on plays
    # one of its cards (the bots only ever act when asked)
    rng = random.Random(f"out-of-turn-{seats}")
    out_of_turn = 0
    for game in range(12):
        options = short_stack(rng)
        options["base_event_deck"] = game % 2 == 1
        state = R.fold(R.setup(options, seats, random.Random(game)))
        for step in range(20_000):
            pending = R.pending(state)
            if not pending:
                break
            # then whoever the game waits on always has a legal command, and the default among them
            assert pending[0].default in R.legal_commands(state, pending[0].seat)
            waiting = {d.seat for d in pending}
            others = [(s, c) for s in range(seats) if s not in waiting for c in R.legal_commands(state, s)]
            if others and rng.random() < 1 / 3:
                seat, command = rng.choice(others)
                out_of_turn += 1
            else:
                seat = pending[0].seat
                command = R.bots["random"](R.view(state, seat), R.legal_commands(state, seat), rng)
            for event in R.decide(state, seat, command, random.Random(step)):
                state = R.evolve(state, event)
            if step % 25 == 0:
                assert_everything_accounted(state)
        assert R.outcome(state) is not None, "the game ended"
        assert_everything_accounted(state)
    assert out_of_turn > 20
