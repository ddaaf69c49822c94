"""Random playouts: hundreds of seeded games checked after every batch of events (all 54 cards
accounted for, JSON-able state, codec round trip, replay equals the live state, legal commands
accepted and others refused, no view or redacted event showing the deck order, the cards under
the placeholders or the stacked rolls, flips and Weapon Stack picks)."""
from __future__ import annotations

import random

from events.games.one_against_the_dead import RULESET as R
from events.commands.simulation import play_game

from ..invariants import assert_json_state, check_codec, check_commands
from .helpers import assert_cards_accounted

GAMES = 500
REPLAY_EVERY = 5


def scrambled(state):
    """The state with everything hidden changed: the deck reversed and rotated, the cards under
    the placeholders swapped with deck cards, other stacked results. A view must not notice."""
    s = R.copy_state(state)
    deck = list(reversed(s["deck"]))
    s["deck"] = deck[1:] + deck[:1]
    for place in s["face_down"]:
        if s["deck"]:
            s["city"][place], s["deck"][0] = s["deck"][0], s["city"][place]
            s["deck"].append(s["deck"].pop(0))
    s["stack_dice"] = [6] * 3
    s["stack_flips"] = ["tails"] * 3
    s["stack_weapons"] = ["bat"]
    return s


def check_views(state):
    hidden = R.copy_state(state)
    for seat in (0, None):
        v = R.view(state, seat)
        assert v == R.view(scrambled(hidden), seat), "a view shows hidden cards"
        assert "deck" not in v and all(spot["card"] is None for spot in v["city"] if not spot["face_up"])
    player, spectator = R.view(state, 0), R.view(state, None)
    assert {k: v for k, v in player.items() if k != "seat"} == {k: v for k, v in spectator.items() if k != "seat"}


def check_redaction(event):
    d = event["data"]
    for seat in (0, None):
        r = R.redact(event, seat)["data"]
        t = event["type"]
        if t == "GameStarted":
            assert not {"deck", "dice", "flips", "weapons"} & set(r) and r["deck_count"] == len(d["deck"])
        elif t in ("SpecialReshuffled", "PlaceholdersCollected"):
            assert "order" not in r and r["deck_size"] == len(d["order"])
        elif t == "PlaceholderDealt":
            assert r["card"] is None
        else:
            assert r == d


def random_command(rng):
    """A plausible but often illegal command."""
    x, y = rng.randrange(-3, 10), rng.randrange(-4, 5)
    return rng.choice([
        {"type": "Move", "x": x, "y": y}, {"type": "DecrementDie", "x": x, "y": y},
        {"type": "PlaceCard", "x": x, "y": y}, {"type": "PlaceJokerZombie", "x": x, "y": y},
        {"type": "EndActions"}, {"type": "SkipAttack"}, {"type": "AttackWithChainsaw"},
        {"type": "AttackWithShotgun"}, {"type": "AttackWithBat", "target": rng.choice(["greater", "lesser", "all"])},
        {"type": "AttackWithFists", "greater": rng.randrange(-1, 5), "lesser": rng.randrange(0, 5)},
        {"type": "ChooseWeapon", "keep": rng.choice(["carried", "found", "combined", "both"])},
        {"type": "Concede"}, {"type": "Dance"},
    ])


def test_random_playouts_keep_every_invariant():
    rng = random.Random(7)
    results = set()
    for game in range(GAMES):
        policy = "strong" if game % 10 == 0 else "random"
        log: list[dict] = []
        steps = [0]

        def on_step(state, batch):
            for event in batch:
                check_codec(event, len(log) + 1)
                check_redaction(event)
                log.append(event)
            assert_cards_accounted(state)
            steps[0] += 1
            if steps[0] % REPLAY_EVERY == 0:
                assert R.fold(log) == state
                assert_json_state(state)
            if game % 5 == 0:          # every strong game and as many random ones
                check_views(state)
                check_commands(R, state, 1, [random_command(rng) for _ in range(4)])
                assert R.legal_commands(state, 1) == [], "only seat 0 plays"

        record = play_game(R, [policy], f"playout-{game}", on_step=on_step)
        assert R.fold(record.events) == record.state
        assert R.pending(record.state) == [] and record.outcome is not None
        results.add(record.outcome["result"])
    assert {"won", "overwhelmed", "conceded"} <= results
