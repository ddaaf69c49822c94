"""Random playouts: at every table size, hundreds of seeded games checked after
every batch of events (cards accounted for, JSON-able state, codec round trip,
replay equals live state, legal commands accepted, illegal ones rejected, no
hidden information in any view or redacted event)."""
from __future__ import annotations

import random

import pytest

from events.games.selfish_space import RULESET as R
from events.games.selfish_space.cards import GAME_DECK
from events.simulation import play_game

from ..invariants import assert_json_state, check_codec, check_commands
from .helpers import assert_cards_accounted

GAMES = 500
REPLAY_EVERY = 7

VIEW_KEYS = {
    "started", "seat", "seats", "two_player", "hand", "hand_sizes", "alive", "tracks",
    "positions", "solar_flare", "turn", "turns", "phase", "actions_played", "swapped",
    "window", "choice", "pending", "game_discard", "space_discard", "game_deck_size",
    "space_deck_size", "result",
}


def scrambled(state, seat):
    """The state with every hidden thing ``seat`` may not know changed: other
    hands refilled with different cards (same sizes), draw piles reversed and
    rotated. A view must not notice."""
    s = R.copy_state(state)
    choice = s["choice"]
    for other, h in enumerate(s["hands"]):
        if other == seat:
            continue
        if choice and choice["choice"] == "hack_suit" and choice["seat"] == seat and choice["target"] == other:
            continue  # the attacker sees this hand
        s["hands"][other] = ["tether" if c != "tether" else "shield" for c in h]
    for pile in ("game_deck", "space_deck"):
        s[pile] = list(reversed(s[pile]))[1:] + list(reversed(s[pile]))[:1]
    return s


def check_views(state):
    for seat in [*range(state["seats"]), None]:
        v = R.view(state, seat)
        assert set(v) <= VIEW_KEYS
        assert v["hand"] == (None if seat is None else state["hands"][seat])
        assert v == R.view(scrambled(state, seat), seat), f"view of seat {seat} leaks hidden cards"
        if v["choice"] and "target_hand" in v["choice"]:
            assert v["choice"]["seat"] == seat and v["choice"]["choice"] == "hack_suit"


def check_redaction(event, seats):
    d = event["data"]
    for seat in [*range(seats), None]:
        r = R.redact(event, seat)["data"]
        t = event["type"]
        if t == "GameStarted":
            assert isinstance(r["game_deck"], int) and isinstance(r["space_deck"], int)
            assert all(h is None for s, h in enumerate(r["hands"]) if s != seat)
        elif t.endswith("Reshuffled"):
            assert "order" not in r
        elif t == "CardDrawn" and d["seat"] != seat:
            assert r["card"] is None
        elif t == "CardsTaken" and seat not in (d["from"], d["to"]):
            assert all(c is None for c in r["cards"])
        else:
            assert r == d


def random_command(rng, state, seat):
    """A plausible but often illegal command."""
    kinds = list(GAME_DECK)
    return rng.choice([
        {"type": "PlayAction", "card": rng.choice(kinds), "target": rng.randrange(-1, state["seats"] + 1)},
        {"type": "PlayAction", "card": rng.choice(kinds)},
        {"type": "SwapDouble"}, {"type": "Breathe"}, {"type": "PlayShield"}, {"type": "Pass"},
        {"type": "BreatheWithActions", "cards": [rng.choice(kinds), rng.choice(kinds)]},
        {"type": "Travel", "pay": rng.choice(["singles", "double", "both"])},
        {"type": "TakeCard", "card": rng.choice(kinds)},
        {"type": "DiscardCards", "cards": [rng.choice(kinds), rng.choice(kinds)]},
        {"type": "SwapWith", "target": rng.randrange(-1, state["seats"] + 1)},
        {"type": "Dance"},
    ])


def canonical(command):
    """Commands equal up to the order of a pair of cards."""
    c = dict(command)
    if isinstance(c.get("cards"), list):
        c["cards"] = sorted(c["cards"])
    return c


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_random_playouts_keep_every_invariant(seats):
    rng = random.Random(seats)
    outcomes = set()
    for game in range(GAMES):
        policies = ["random"] * seats if game % 4 else ["cautious"] + ["random"] * (seats - 1)
        log: list[dict] = []
        steps = [0]

        def on_step(state, batch):
            for event in batch:
                check_codec(event, len(log) + 1)
                check_redaction(event, seats)
                log.append(event)
            assert_cards_accounted(state)
            assert_json_state(state)
            steps[0] += 1
            if steps[0] % REPLAY_EVERY == 0:
                assert R.fold(log) == state
            if game % 5 == 0:
                check_views(state)
                check_commands(R, state, state["seats"],
                               [random_command(rng, state, seat) for seat in range(state["seats"]) for _ in range(3)],
                               canonical=canonical)

        record = play_game(R, policies, f"playout-{seats}-{game}", on_step=on_step)
        assert R.fold(record.events) == record.state
        assert R.pending(record.state) == []
        assert record.outcome is not None
        outcomes.add(record.outcome["winner"] is None)
    assert outcomes == {True, False}, "expected both won games and games with no winner"
