"""The fast paths of Quickplay's random self-play agree with the plain ones.

- ``random_fast.random_pick`` (the ``random`` bot's ``direct``, which ``events.games.bots.chooser``
  calls) picks the command ``bots.random_bot`` picks from ``legal_commands(state, seat)`` and leaves
  the generator where the bot leaves it, for every seat with a legal command in every state of
  random games of 2 to 5 seats; a seeded self-play game is the game the plain bot plays.
- ``choices.has_choice_space`` is ``bool(choice_spaces(state))`` and ``choices.is_choice_space(state,
  k)`` is ``k in choice_spaces(state)`` for every space of the map, every zombie and pawn, and spaces
  off the map.
- ``tiles.buildings_of`` (one index per map, grown tile by tile) gives every space the building
  ``tiles.building_of`` gives, so ``state.pawn_building`` reads it; ``placement._edges`` (grown tile by
  tile) gives the spots of ``plain_spots`` also when worked out cold.
- ``Table.emit`` calling the event's handler at once folds what ``evolve`` folds
  (``test_fast_paths.test_deciding_in_place_gives_the_events_of_decide_and_the_state_they_fold_to``).
"""
from __future__ import annotations

import dataclasses
import random

import pytest

from events.commands.simulation import play_game
from events.games.bots import choose, chooser
from events.games.zombies_quickplay import RULESET as R
from events.games.zombies_quickplay.bots import random_bot
from events.games.zombies_quickplay.choices import choice_spaces, has_choice_space, is_choice_space
from events.games.zombies_quickplay.random_fast import random_pick
from events.games.zombies_quickplay import placement
from events.games.zombies_quickplay.placement import plain_spots, spots
from events.games.zombies_quickplay.state import pawn_building
from events.games.zombies_quickplay.tiles import TILES, building_of, buildings_of, parse, passable_spaces
from events.table.randomness import rng_for


def _states(seats: int, seed: str) -> list[dict]:
    out = []
    play_game(R, ["random"] * seats, seed, on_step=lambda state, events: out.append(R.copy_state(state)))
    return out


@pytest.fixture(scope="module")
def states() -> list[dict]:
    """The states of random games of 2 to 5 seats."""
    return [s for seats in (2, 3, 4, 5) for i in range(2) for s in _states(seats, f"rfast-{seats}-{i}")]


def test_the_random_pick_from_the_state_is_the_bots_pick_from_the_legal_commands(states):
    stages = set()
    for n, state in enumerate(states):
        for seat in range(state["seats"]):
            legal = R.legal_commands(state, seat)
            if not legal:
                continue
            before = R.copy_state(state)
            for fast, plain in ((rng_for("rfast", n), rng_for("rfast", n)), (random.Random(n), random.Random(n))):
                assert random_pick(state, seat, fast) == random_bot(None, legal, plain)
                assert fast.getrandbits(32) == plain.getrandbits(32)    # the same draws were made
            assert state == before
            stages.add(state["phase"] if state["choice"] is None else "choice")
    assert {"zombies", "move", "choice", "move_roll", "discard"} <= stages


def test_chooser_calls_the_random_bots_fast_path_and_chooses_what_the_plain_call_chooses(states):
    assert chooser(R, "random") is random_pick
    plain_ruleset = dataclasses.replace(R, bots={**R.bots, "random": lambda view, legal, rng: random_bot(view, legal, rng)})
    assert chooser(plain_ruleset, "random") is not random_pick
    for n, state in enumerate(states[::5]):
        seat = R.acting_seat(state)
        if seat is not None:
            assert choose(R, state, seat, "random", random.Random(n)) == \
                choose(plain_ruleset, state, seat, "random", random.Random(n))


@pytest.mark.parametrize("seats", [2, 3])
def test_a_seeded_self_play_game_is_the_game_the_plain_bot_plays(seats):
    plain_ruleset = dataclasses.replace(R, bots={**R.bots, "random": lambda view, legal, rng: random_bot(view, legal, rng)})
    for i in range(2):
        fast = play_game(R, ["random"] * seats, f"bench-{i}")
        plain = play_game(plain_ruleset, ["random"] * seats, f"bench-{i}")
        assert fast.events == plain.events and fast.commands == plain.commands


def test_choice_spaces_are_asked_about_one_by_one_as_they_are_listed(states):
    kinds = set()
    for state in states:
        if state["over"] or state["choice"] is None:
            continue
        listed = choice_spaces(state)
        assert has_choice_space(state) == bool(listed)
        asked = set(passable_spaces(state["tiles"])) | set(state["zombies"]) | {p for p in state["pawns"] if p}
        asked |= {"-1,0", "999,999", "0,-4"}
        for k in asked:
            assert is_choice_space(state, k) == (k in listed), (state["choice"], k)
        kinds.add(state["choice"]["kind"] + ("" if state["choice"].get("picked") is None else "+picked"))
    assert {"zombie_master", "so_bad", "so_bad+picked"} <= kinds


def test_the_buildings_of_a_map_and_its_frontier_edges_grow_with_it_as_a_walk_over_the_map_finds_them(states):
    maps = {len(s["tiles"]): s for s in states}
    assert len(maps) > 20
    for state in maps.values():
        tiles = state["tiles"]
        plain = {}
        for cell in tiles:
            tx, ty = parse(cell)
            for x in range(3 * tx, 3 * tx + 3):
                for y in range(3 * ty, 3 * ty + 3):
                    if building_of(tiles, x, y) is not None:
                        plain[f"{x},{y}"] = building_of(tiles, x, y)
        assert buildings_of(tiles) == plain
        for seat, pawn in enumerate(state["pawns"]):
            if pawn is not None:
                assert pawn_building(state, seat) == building_of(tiles, *parse(pawn))
    for state in list(maps.values())[-3:]:           # asked cold: worked out from the smaller maps
        placement._edges.cache_clear()
        assert all(spots(state["tiles"], t) == plain_spots(state["tiles"], t) for t in TILES)
