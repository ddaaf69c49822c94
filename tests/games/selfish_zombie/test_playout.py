"""Random playouts: at every table size, 500 seeded games checked after every
batch of events (cards accounted for, JSON-able state, codec round trip,
replay equals live state, legal commands accepted and others rejected, no
hidden information in any view or redacted event: Scout and Zombie Trap
reveals reach the seer and nobody else)."""
from __future__ import annotations

import random

import pytest

from events.games.selfish_zombie import RULESET as R
from events.games.selfish_zombie.cards import GAME_DECK, WASTELAND_DECK
from events.simulation import play_game

from ..invariants import assert_json_state, check_codec, check_commands
from .helpers import assert_cards_accounted

GAMES = 500
REPLAY_EVERY = 9
CHECK_EVERY = 6   # views and commands checked in every 6th game

VIEW_KEYS = {
    "started", "seat", "seats", "hand", "known_wasteland", "hand_sizes", "alive", "tracks", "ahead",
    "positions", "skip", "alliances", "turn", "turns", "phase", "points", "window", "choice", "pending",
    "game_discard", "wasteland_discard", "game_deck_size", "wasteland_deck_size", "result",
}


def scrambled(state, seat):
    """The state with everything ``seat`` may not know changed: other hands refilled with other
    cards (same sizes), other seats' knowledge of the Wasteland deck, the draw piles reordered, the
    face-down Wasteland cards swapped, another seat's Scout or Zombie Trap cards changed, the
    stacked rolls changed. A view must not notice."""
    s = R.copy_state(state)
    for other, h in enumerate(s["hands"]):
        if other != seat:
            s["hands"][other] = ["horde" if c != "horde" else "scout" for c in h]
            s["peek"][other] = ["blank" if c != "blank" else "bandits" for c in s["peek"][other]]
    for pile in ("game_deck", "wasteland_deck"):
        s[pile] = list(reversed(s[pile]))[1:] + list(reversed(s[pile]))[:1]
    for z, risen in enumerate(s["risen_at"]):
        if risen is not None:
            n = len(s["tracks"][z])
            col = s["tracks"][z] + s["ahead"][z]
            col = col[:risen] + ["settlement" if c != "settlement" else "blank" for c in col[risen:]]
            s["tracks"][z], s["ahead"][z] = col[:n], col[n:]
    c = s["choice"]
    if c and "cards" in c and c["seat"] != seat:
        c["cards"] = ["blank" if k != "blank" else "bandits" for k in c["cards"]]
    s["dice"] = [3 - r for r in s["dice"]]
    return s


def check_views(state):
    for seat in [*range(state["seats"]), None]:
        v = R.view(state, seat)
        assert set(v) <= VIEW_KEYS
        assert v["hand"] == (None if seat is None else state["hands"][seat])
        assert v == R.view(scrambled(state, seat), seat), f"view of seat {seat} leaks hidden cards"
        c = state["choice"]
        if c and "cards" in c:
            assert ("cards" in v["choice"]) == (seat == c["seat"]), "a Scout/Zombie Trap reveal is the seer's only"


def check_redaction(event, seats):
    d, t = event["data"], event["type"]
    for seat in [*range(seats), None]:
        r = R.redact(event, seat)["data"]
        if t == "GameStarted":
            assert isinstance(r["game_deck"], int) and isinstance(r["wasteland_deck"], int)
            assert isinstance(r["dice"], int)
            assert all(h is None for s, h in enumerate(r["hands"]) if s != seat)
        elif t.endswith("Reshuffled"):
            assert "order" not in r
        elif t == "CardDrawn" and d["seat"] != seat:
            assert r["card"] is None
        elif t == "CardsTaken" and seat not in (d["from"], d["to"]):
            assert all(c is None for c in r["cards"])
        elif t == "ChoiceRequested" and "cards" in d:
            assert r["cards"] == (d["cards"] if seat == d["seat"] else [None] * len(d["cards"]))
        elif t == "WastelandArranged":
            seen = seat == d["seat"]
            assert r["top"] == (d["top"] if seen else [None] * len(d["top"]))
            assert r["bottom"] == (d["bottom"] if seen else [None] * len(d["bottom"]))
        elif t == "ZombieMoved":
            assert r["card"] is None, "a face-down Wasteland card is shown"
        else:
            assert r == d


def random_command(rng, state, seat):
    """A plausible but often illegal command."""
    kinds, n = list(GAME_DECK), state["seats"]
    return rng.choice([
        {"type": "PlayAction", "card": rng.choice(kinds), "target": rng.randrange(-1, n + 1)},
        {"type": "PlayAction", "card": rng.choice(kinds), "target": rng.randrange(n),
         "second_target": rng.randrange(n)},
        {"type": "PlayAction", "card": rng.choice(kinds)},
        {"type": "Rest"}, {"type": "Pass"}, {"type": "PlayBodyArmor"}, {"type": "PlayUnderestimate"},
        {"type": "Travel", "pay": rng.choice(["singles", "double", "both"])},
        {"type": "DiscardCard", "card": rng.choice(kinds)},
        {"type": "PlaceScouted", "where": rng.choice(["top", "bottom", "middle"])},
        {"type": "OrderWasteland", "cards": rng.sample(list(WASTELAND_DECK), 3)},
        {"type": "ZombieMove", "direction": rng.choice(["forward", "back", "up"])},
        {"type": "Attack", "target": rng.randrange(-1, n + 1)},
        {"type": "EndTurn"}, {"type": "Dance"},
    ])


def check_knowledge(state):
    for known in state["peek"]:
        assert state["wasteland_deck"][:len(known)] == known, "a seat's knowledge of the Wasteland top is stale"


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_random_playouts_keep_every_invariant(seats):
    rng = random.Random(seats)
    results = set()
    for game in range(GAMES):
        policies = ["random"] * seats if game % 3 else ["strong"] + ["random"] * (seats - 1)
        log: list[dict] = []
        steps = [0]
        checked = game % CHECK_EVERY == 0

        def on_step(state, batch):
            for event in batch:
                if checked:
                    check_codec(event, len(log) + 1)
                check_redaction(event, seats)
                log.append(event)
            assert_cards_accounted(state)
            check_knowledge(state)
            steps[0] += 1
            if steps[0] % REPLAY_EVERY == 0:
                assert R.fold(log) == state
            if checked:
                assert_json_state(state)
                check_views(state)
                check_commands(R, state, state["seats"],
                               [random_command(rng, state, seat) for seat in range(state["seats"]) for _ in range(3)])

        record = play_game(R, policies, f"playout-{seats}-{game}", on_step=on_step)
        assert R.fold(record.events) == record.state
        assert R.pending(record.state) == []
        results.add(record.outcome["result"])
    assert results == {"chopper", "zombies"}, "expected both endings"
