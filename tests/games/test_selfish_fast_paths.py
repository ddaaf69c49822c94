"""The fast paths self-play runs on agree with the plain ones.

- ``LazyRandom.shuffle`` and ``LazyRandom.choice`` (``events.table.randomness``: ``_randbelow``
  written out) draw exactly what ``random.Random.shuffle`` and ``random.Random.choice`` draw from
  the same seed, and leave the generator in the same place.
- ``events.games.bots.chooser`` picks what ``choose`` picks.
- Selfish: Space ``legal._turn`` (one pass over the hand's kinds) lists what the plain reading of
  the rule lists: PlayAction per playable kind and each of ``state.targets``, SwapDouble,
  Breathe, BreatheWithActions per ``kind_pairs`` of the Action cards, Travel per way to pay.
- ``Supplies.two_singles`` (can a Double be split?) answers ``singles_available(state) >= 2``, and
  reads the hidden draw pile whole or not at all (its time tells nothing of where Singles lie).
- ``LazyRandom``'s generator (``randomness._seeded``: the C seeding alone) is in the state
  ``random.Random(seed_int)`` is in.
- A bot's ``direct`` pick (the Selfish ``random`` bots: ``random_command``, which in a Space turn
  counts the commands and builds only the one drawn) is what the bot picks from the seat's view
  and legal commands with the same generator, and leaves the generator in the same place.
"""
from __future__ import annotations

import random

import pytest

from events.commands.simulation import play_game
from events.games import RULESETS
from events.games.bots import choose, chooser
from events.games.selfish.commands import travel_options
from events.games.selfish_space import RULESET as SPACE
from events.games.selfish_space.cards import ACTIONS, DOUBLE, PLAYABLE, SINGLE, TARGETED, kind_pairs
from events.games.selfish_space.decide import phase_of
from events.games.selfish_space.legal import _turn
from events.games.selfish_space.cards import SUPPLIES
from events.games.selfish_space.state import flared, singles_available, targets
from events.table.randomness import LazyRandom, _seeded, rng_for




@pytest.mark.parametrize("seed_int", [0, 1, 6, 2 ** 32, 2 ** 127 + 5, 2 ** 128 - 1, 123456789 ** 3])
def test_seeded_generator_is_random_random(seed_int):
    seeded, plain = _seeded(seed_int), random.Random(seed_int)
    assert type(seeded) is random.Random
    assert seeded.getstate() == plain.getstate()
    assert [seeded.random() for _ in range(5)] == [plain.random() for _ in range(5)]
    assert seeded.gauss(0, 1) == plain.gauss(0, 1)


@pytest.mark.parametrize("size", [0, 1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 42, 78, 200])
def test_shuffle_and_choice_draw_what_random_draws(size):
    for version in range(30):
        lazy, plain = rng_for("fast", version), rng_for("fast", version)
        real = plain._generator()      # the seeded ``random.Random`` itself
        items, twin = list(range(size)), list(range(size))
        lazy.shuffle(items)
        real.shuffle(twin)
        assert items == twin
        if size:
            for _ in range(5):
                assert lazy.choice(items) == real.choice(twin)
        else:
            with pytest.raises(IndexError):
                lazy.choice(items)
        assert lazy.getrandbits(64) == real.getrandbits(64)


def _states(ruleset, seats: int, seed: str) -> list:
    out = []
    play_game(ruleset, ["random"] * seats, seed, on_step=lambda state, events: out.append(ruleset.copy_state(state)))
    return out


@pytest.fixture(scope="module")
def space_states() -> list:
    """The states of random Space games at 2 to 5 seats."""
    return [s for seats in (2, 3, 4, 5) for i in range(3) for s in _states(SPACE, seats, f"fast-{seats}-{i}")]


def _plain_turn(state, seat) -> list[dict]:
    """The turn's commands read straight from the rule, card by card."""
    hand = state["hands"][seat]
    out = []
    if not flared(state, seat) and not (state["two_player"] and state["actions"] >= 1):
        for card in sorted(set(hand)):
            if card not in PLAYABLE:
                continue
            if card in TARGETED:
                out += [{"type": "PlayAction", "card": card, "target": t} for t in targets(state, seat, card)]
            else:
                out.append({"type": "PlayAction", "card": card})
    if DOUBLE in hand and not state["swapped"] and singles_available(state) >= 2:
        out.append({"type": "SwapDouble"})
    out.append({"type": "Breathe"})
    out += [{"type": "BreatheWithActions", "cards": p} for p in kind_pairs(hand, frozenset(ACTIONS))]
    return out + travel_options(hand, SINGLE, DOUBLE)


def test_two_singles_is_the_plain_count(space_states):
    # given every state of the random Space games, then the check answers what the count answers
    for state in space_states:
        assert SUPPLIES.two_singles(state) == (singles_available(state) >= 2)


class _WatchedPile(list):
    """A pile that records how it is read: ``count`` calls (a whole read) and iterations."""

    def __init__(self, cards):
        super().__init__(cards)
        self.reads: list[str] = []

    def count(self, card):
        self.reads.append("count")
        return super().count(card)

    def __iter__(self):
        self.reads.append("iter")
        return super().__iter__()


@pytest.mark.parametrize("discard, deck, reads, answer", [
    (["oxygen", "shield", "oxygen"], ["oxygen", "oxygen", "tether"], [], True),          # the face-up pile answers
    (["shield", "oxygen"], ["tether", "oxygen", "oxygen"], ["count"], True),              # then the whole draw pile
    (["shield"], ["oxygen", "oxygen", "tether", "shield"], ["count"], True),
    (["shield"], ["tether", "oxygen", "shield"], ["count"], False),
])
def test_the_swap_check_reads_the_hidden_draw_pile_whole_or_not_at_all(discard, deck, reads, answer):
    # given a draw pile whose every read is recorded
    pile = _WatchedPile(deck)
    # when the check asks whether two Singles can be had for a Double
    found = SUPPLIES.two_singles({"game_discard": list(discard), "game_deck": pile})
    # then it never stops part-way through the hidden pile: a count of all of it, or nothing
    assert found is answer
    assert pile.reads == reads


def test_space_turn_commands_are_the_plain_ones(space_states):
    turns = 0
    for state in space_states:
        if state["over"] or phase_of(state) != "turn":
            continue
        turns += 1
        for seat in range(state["seats"]):
            assert _turn(state, seat, state["hands"][seat]) == _plain_turn(state, seat)
    assert turns > 100


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_chooser_picks_what_choose_picks(ruleset_id):
    ruleset = RULESETS[ruleset_id]
    seats = max(ruleset.min_seats, min(3, ruleset.max_seats))
    checked = 0
    for policy in ruleset.bots:
        if policy not in ("random", "cautious"):
            continue
        pick = chooser(ruleset, policy)
        checked += 1
        for k, state in enumerate(_states(ruleset, seats, f"pick-{policy}")[:40]):
            pending = ruleset.pending(state)
            if not pending:
                continue
            seat = pending[0].seat
            assert pick(state, seat, random.Random(k)) == choose(ruleset, state, seat, policy, random.Random(k))
    assert checked


@pytest.fixture(scope="module")
def zombie_states() -> list:
    """The states of random Zombie games at 2 to 5 seats."""
    zombie = RULESETS["selfish-zombie"]
    return [s for seats in (2, 3, 4, 5) for i in range(3) for s in _states(zombie, seats, f"fast-z{seats}-{i}")]


@pytest.mark.parametrize("ruleset_id", ["selfish-space", "selfish-zombie"])
def test_direct_random_pick_is_the_random_bots(ruleset_id, space_states, zombie_states):
    ruleset = RULESETS[ruleset_id]
    bot = ruleset.bots["random"]
    assert chooser(ruleset, "random") is bot.direct
    states = space_states if ruleset_id == "selfish-space" else zombie_states
    picked = set()
    for k, state in enumerate(states):
        seat = ruleset.acting_seat(state)
        if seat is None:
            continue
        legal = ruleset.legal_commands(state, seat)
        for salt in range(4):
            fast, plain = random.Random(k * 7 + salt), random.Random(k * 7 + salt)
            command = bot.direct(state, seat, fast)
            assert command == bot(ruleset.view(state, seat), legal, plain)
            assert fast.getstate() == plain.getstate()
            picked.add(command["type"])
        lazy, twin = rng_for("direct", k, salt="bots"), rng_for("direct", k, salt="bots")
        assert bot.direct(state, seat, lazy) == bot(None, legal, twin)
        assert lazy.getrandbits(32) == twin.getrandbits(32)
    assert len(picked) >= 8        # every kind of command the game has was drawn at least once
