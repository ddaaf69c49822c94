"""Random playouts: at every table size, hundreds of seeded games checked after
every batch of events (cards accounted for, JSON-able state, codec round trip,
replay equals live state, legal commands accepted, illegal ones rejected, no
hidden information in any view or redacted event)."""
from __future__ import annotations

import random

import pytest

from events.games.selfish_space import RULESET as R
from events.games.selfish_space.cards import GAME_DECK

from ..invariants import (
    check_commands,
    check_views_leak_nothing,
    play_checked,
)
from .helpers import assert_cards_accounted

GAMES = 500
REPLAY_EVERY = 7

VIEW_KEYS = {
    "started", "seat", "seats", "one_action_per_turn", "hand", "hand_sizes", "alive", "tracks",
    "positions", "under_solar_flare", "turn_seat", "turn_number", "phase", "actions_played_this_turn",
    "double_swapped_this_turn", "reaction_window", "pick", "to_act", "game_discard", "space_discard",
    "game_deck_size", "space_deck_size", "outcome", "resigned",
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
    for seat, v in check_views_leak_nothing(R, state, VIEW_KEYS, scrambled).items():
        if v["pick"] and v["pick"]["target_hand"] is not None:
            assert v["pick"]["seat"] == seat and v["pick"]["kind"] == "hack_suit"


def check_redaction(event, seats):
    d = event["data"]
    for seat in [*range(seats), None]:
        r = R.redact(event, seat)["data"]
        t = event["type"]
        assert "then" not in r, "the server's queue is shown"
        d = {k: v for k, v in event["data"].items() if k != "then"}
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

        def deep_check(state):
            check_views(state)
            check_commands(R, state, state["seats"],
                           [random_command(rng, state, seat) for seat in range(state["seats"]) for _ in range(3)],
                           canonical=canonical)

        record = play_checked(R, policies, f"playout-{seats}-{game}", replay_every=REPLAY_EVERY,
                              check_event=lambda event: check_redaction(event, seats),
                              check_state=assert_cards_accounted,
                              deep_check=deep_check if game % 5 == 0 else None)
        assert record.outcome is not None
        outcomes.add(record.outcome["winners"] == [])
    assert outcomes == {True, False}, "expected both won games and games with no winner"
