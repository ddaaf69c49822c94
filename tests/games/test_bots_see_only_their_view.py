"""Bots cannot cheat: every bot of every ruleset decides from its seat's view alone.

Given a state from a real game and a *twin* -- the same state with everything the seat cannot see
dealt again (other hands, deck orders, face-down cards) -- every bot (``expert`` included, its
wall clock stopped so its budget is its playout count) picks the same command from both with the
same seeded generator. The expert's imagined states (``sample``) are states the view could have
come from: their view is the view they were sampled from.
"""
from __future__ import annotations

import dataclasses
import importlib
import random

import pytest

from events.games.bots import choose
from events.table.checks import MalformedCommand, check_options
from events.games import get_ruleset
from events.commands.simulation import play_game

#: (ruleset, seats, seeds, every how many states one is checked, expert checks at most)
TABLES = [
    ("selfish-space", 2, 3, 3, 12), ("selfish-space", 3, 2, 4, 6),
    ("selfish-zombie", 2, 3, 3, 12), ("selfish-zombie", 3, 2, 4, 6),
    ("one-against-the-dead", 1, 3, 4, 8), ("zombies-quickplay", 2, 1, 40, 3),
]
EXPERT_PACKAGES = {"selfish-space": "selfish_space", "selfish-zombie": "selfish_zombie",
                   "one-against-the-dead": "one_against_the_dead", "zombies-quickplay": "zombies_quickplay"}


def _reshuffled(cards: list, rng: random.Random, sizes: list[int]) -> list[list]:
    cards = list(cards)
    rng.shuffle(cards)
    out, at = [], 0
    for size in sizes:
        out.append(cards[at:at + size])
        at += size
    return out


def _redeal_hands(state: dict, seat: int, deck: str, rng: random.Random, keep=()) -> None:
    """Deal every other hand (but those in ``keep``) and the deck ``deck`` again from their cards."""
    others = [s for s in range(len(state["hands"])) if s != seat and s not in keep]
    sizes = [len(state["hands"][s]) for s in others] + [len(state[deck])]
    piles = _reshuffled([c for s in others for c in state["hands"][s]] + state[deck], rng, sizes)
    for s, pile in zip(others, piles):
        state["hands"][s] = pile
    state[deck] = piles[-1]


def twin_space(state, seat, rng):
    """Other hands and the Game deck dealt again, the Space deck reshuffled (a Hack Suit's target
    hand stays: its attacker sees it)."""
    choice = state["choice"]
    keep = [choice["target"]] if choice and choice["choice"] == "hack_suit" and choice["seat"] == seat else []
    _redeal_hands(state, seat, "game_deck", rng, keep)
    rng.shuffle(state["space_deck"])


def twin_zombie(state, seat, rng):
    """Other hands and the Game deck dealt again; the Wasteland deck below its top three (what any
    seat may know or be looking at) reshuffled together with the face-down column cards."""
    _redeal_hands(state, seat, "game_deck", rng)
    top, rest = state["wasteland_deck"][:3], state["wasteland_deck"][3:]
    down = [(s, i) for s, r in enumerate(state["risen_at"]) if r is not None
            for i in range(r, len(state["tracks"][s]) + len(state["ahead"][s]))]
    cards = rest + [(state["tracks"][s] + state["ahead"][s])[i] for s, i in down]
    rng.shuffle(cards)
    state["wasteland_deck"] = top + cards[:len(rest)]
    for (s, i), card in zip(down, cards[len(rest):]):
        column = "tracks" if i < len(state["tracks"][s]) else "ahead"
        state[column][s][i - (0 if column == "tracks" else len(state["tracks"][s]))] = card


def twin_dead(state, seat, rng):
    """The cards under the face-down placeholders and the deck dealt again."""
    down = state["face_down"]
    cards = [state["city"][p] for p in down] + state["deck"]
    rng.shuffle(cards)
    state["city"].update(zip(down, cards))
    state["deck"] = cards[len(down):]


def twin_quickplay(state, seat, rng):
    """Other hands and the Event deck dealt again; the tile stack reshuffled above its last ten."""
    _redeal_hands(state, seat, "deck", rng)
    tiles = state["tile_deck"]
    cut = max(0, len(tiles) - 10)
    top, bottom = tiles[:cut], tiles[cut:]
    rng.shuffle(top)
    rng.shuffle(bottom)
    state["tile_deck"] = top + bottom if cut else bottom


TWINS = {"selfish-space": twin_space, "selfish-zombie": twin_zombie, "one-against-the-dead": twin_dead,
         "zombies-quickplay": twin_quickplay}


def _states(ruleset, seats: int, games: int, every: int):
    """``(state, acting seat)`` every ``every`` decisions of ``games`` games between ``random`` bots."""
    out = []
    for game in range(games):
        states = []
        play_game(ruleset, ["random"] * seats, f"cheat-{ruleset.id}-{seats}-{game}",
                  on_step=lambda state, _events: states.append(ruleset.copy_state(state)))
        for state in states[::every]:
            decisions = ruleset.pending(state)
            if decisions:
                out.append((state, decisions[0].seat))
    return out


def _frozen(ruleset):
    """The ruleset with its expert's wall clock stopped: the budget is the playout count alone."""
    expert = dataclasses.replace(ruleset.bots["expert"], clock=lambda: 0.0)
    return dataclasses.replace(ruleset, bots={**ruleset.bots, "expert": expert})


@pytest.mark.parametrize("ruleset_id,seats,games,every,expert_checks", TABLES)
def test_every_bot_picks_the_same_command_whatever_the_seat_cannot_see(ruleset_id, seats, games, every,
                                                                       expert_checks):
    # given states of real games and twins dealt again where the seat cannot see
    ruleset = _frozen(get_ruleset(ruleset_id))
    checked, differed, experts = 0, 0, 0
    for state, seat in _states(ruleset, seats, games, every):
        twin = ruleset.copy_state(state)
        TWINS[ruleset_id](twin, seat, random.Random(checked))
        assert ruleset.view(twin, seat) == ruleset.view(state, seat)
        differed += twin != state
        # when every bot decides for the seat in both, with the same generator
        for bot in ruleset.bots:
            if bot == "expert":
                if experts >= expert_checks:
                    continue
                experts += 1
            options = {"think_ms": 20}
            mine = choose(ruleset, state, seat, bot, random.Random(7), options)
            theirs = choose(ruleset, twin, seat, bot, random.Random(7), options)
            # then it picks the same command
            assert mine == theirs, (bot, seat, ruleset.view(state, seat))
        checked += 1
    assert checked >= 5 and differed >= checked // 2 and experts >= 1


@pytest.mark.parametrize("ruleset_id,seats,games,every,expert_checks", TABLES)
def test_the_expert_imagines_only_states_its_view_could_come_from(ruleset_id, seats, games, every, expert_checks):
    # given the expert's sampler and states of real games
    ruleset = get_ruleset(ruleset_id)
    sample = importlib.import_module(f"events.games.{EXPERT_PACKAGES[ruleset_id]}.expert").sample
    for state, seat in _states(ruleset, seats, games, max(1, every // 2)):
        view = ruleset.view(state, seat)
        # when it imagines a state from the seat's view
        imagined = sample(view, random.Random(3))
        # then that state shows the seat the same view and the same legal commands
        assert ruleset.view(imagined, seat) == view
        assert ruleset.legal_commands(imagined, seat) == ruleset.legal_commands(state, seat)


def _turn(ruleset_id: str, seats: int):
    ruleset = get_ruleset(ruleset_id)
    for state, seat in _states(ruleset, seats, 1, 1):
        view = ruleset.view(state, seat)
        legal = ruleset.legal_commands(state, seat)
        if len(legal) > 2 and ruleset.bots["expert"].searcher.searched(view, legal):
            return ruleset, view, legal
    raise AssertionError("no searched decision")


def test_the_expert_is_reproducible_from_its_seed_and_spends_its_playout_budget():
    # given a two-seat Space turn and the expert with its clock stopped
    ruleset, view, legal = _turn("selfish-space", 2)
    expert = dataclasses.replace(ruleset.bots["expert"], clock=lambda: 0.0)
    # when it decides twice with the same seed
    first = expert(view, legal, random.Random(11), think_ms=40)
    spent = expert.last["playouts"]
    second = expert(view, legal, random.Random(11), think_ms=40)
    # then it picks the same command, having spent no more than the budget 40 ms buys
    assert first == second and first in legal
    assert expert.last["searched"] and not expert.last["cut_short"]
    assert 0 < spent <= max(2 * len(legal), round(40 * expert.searcher.playouts_per_ms)) + len(legal)


def test_the_expert_stops_thinking_at_its_deadline():
    # given a clock that runs a second per reading
    ruleset, view, legal = _turn("selfish-space", 2)
    ticks = iter(range(10 ** 6))
    expert = dataclasses.replace(ruleset.bots["expert"], clock=lambda: float(next(ticks)))
    # when the expert thinks with a 5 s budget
    command = expert(view, legal, random.Random(1), think_ms=5000)
    # then it stops after the first imagined deal past the deadline and still answers a legal command
    assert command in legal
    assert expert.last["cut_short"] and expert.last["playouts"] <= 6 * len(legal)


@pytest.mark.parametrize("ruleset_id", sorted(EXPERT_PACKAGES))
def test_every_ruleset_offers_the_expert_and_its_think_ms_option(ruleset_id):
    ruleset = get_ruleset(ruleset_id)
    assert "expert" in ruleset.bots
    spec = ruleset.options["think_ms"]
    assert (spec["minimum"], spec["maximum"], spec["default"]) == (20, 5000, 200)
    assert check_options(ruleset, {"think_ms": 500}) == {"think_ms": 500}


@pytest.mark.parametrize("value", [19, 5001, "fast", 1.5, None, True])
def test_a_think_ms_outside_its_bounds_is_refused_with_bad_options(value):
    # given a game asked with a think_ms the option does not allow
    ruleset = get_ruleset("selfish-space")
    # when the options are checked, then they are refused in one sentence naming the option
    with pytest.raises(MalformedCommand) as refused:
        check_options(ruleset, {"think_ms": value})
    assert refused.value.code == "bad_options" and "think_ms" in refused.value.message
