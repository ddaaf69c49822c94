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

from ..invariants import (
    check_commands,
    check_views_leak_nothing,
    play_checked,
)
from .helpers import assert_cards_accounted

GAMES = 500
REPLAY_EVERY = 9
CHECK_EVERY = 6   # views and commands checked in every 6th game

VIEW_KEYS = {
    "started", "seat", "seats", "hand", "known_wasteland_top", "hand_sizes", "alive", "tracks", "cards_ahead",
    "positions", "loses_next_turn", "alliances", "turn_seat", "turn_number", "phase", "zombie_action_points",
    "zombie_attacks_this_turn", "reaction_window", "pick", "to_act", "game_discard", "wasteland_discard",
    "game_deck_size", "wasteland_deck_size", "outcome", "resigned",
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
    views = check_views_leak_nothing(R, state, VIEW_KEYS, scrambled)
    c = state["choice"]
    if c and "cards" in c:
        for seat, v in views.items():
            shown = v["pick"]["cards"] is not None
            assert shown == (seat == c["seat"]), "a Scout/Zombie Trap reveal is the seer's only"


def check_redaction(event, seats):
    d, t = event["data"], event["type"]
    for seat in [*range(seats), None]:
        r = R.redact(event, seat)["data"]
        assert "then" not in r, "the server's queue is shown"
        d = {k: v for k, v in event["data"].items() if k != "then"}
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


def check_state(state):
    assert_cards_accounted(state)
    check_knowledge(state)


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_random_playouts_keep_every_invariant(seats):
    rng = random.Random(seats)
    results = set()
    for game in range(GAMES):
        policies = ["random"] * seats if game % 3 else ["strong"] + ["random"] * (seats - 1)
        checked = game % CHECK_EVERY == 0

        def deep_check(state):
            check_views(state)
            check_commands(R, state, state["seats"],
                           [random_command(rng, state, seat) for seat in range(state["seats"]) for _ in range(3)])

        record = play_checked(R, policies, f"playout-{seats}-{game}", replay_every=REPLAY_EVERY,
                              check_event=lambda event: check_redaction(event, seats),
                              check_state=check_state, deep=checked, deep_check=deep_check)
        results.add(record.outcome["result"])
    assert results == {"chopper", "zombies"}, "expected both endings"
