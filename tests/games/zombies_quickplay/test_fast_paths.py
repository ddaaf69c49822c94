"""The fast paths of the Quickplay rules agree with the plain ones on the states of random games.

- ``tiles.step_table`` (one table per map) gives every space the steps ``tiles.neighbours`` gives,
  also when the same map is asked about again (known by its identity) or grows by a tile; so does
  ``state.steps_from``, which reads it.
- ``state.zombie_free_spaces`` (from ``tiles.passable_spaces``, one list per map) lists the
  spaces a walk over every space of every tile finds; ``state.any_zombie_free_space`` says
  whether it lists any.
- ``tiles.spots`` (one list per map and tile) is ``tiles.plain_spots`` for every tile.
- ``zombies.choosable`` (the zombies not moved yet in one walk from the free spaces, the steps
  leading both ways) lists exactly the zombies whose
  ``zombie_steps`` are not empty, and ``zombie_steps`` from the table equals the plain walk over
  ``tiles.neighbours``; so does ``any_zombie_step``.
- ``zombies.can_choose(state, k)`` is ``k in choosable(state)``.
- ``state.building_spaces`` (one list per tile, cell and rotation) and ``state.helipad_centre``
  (one per map) are those of a walk over the map.
- ``cardplay.with_zombie_stopped`` (copying only what ``ZombieStopped`` changes) is the state a full
  copy folds ``ZombieStopped`` into, and leaves the state it is given as it was.
- ``decide.steps_to_road`` (Claustrophobia) is the nearest road space of ``tiles.distances``.
- ``legal.acting_seat`` is the seat of ``pending(state)[0]``.
- ``decide.in_place`` and ``decide_evolved`` give the events ``decide`` gives and the state they fold to.
"""
from __future__ import annotations

import random

import pytest

from events.games.zombies_quickplay import RULESET as R
from events.games.zombies_quickplay.cardplay import with_zombie_stopped
from events.games.zombies_quickplay.decide import steps_to_road
from events.games.zombies_quickplay.evolve_moves import zombie_stopped
from events.games.zombies_quickplay.legal import acting_seat
from events.games.zombies_quickplay.state import (any_zombie_free_space, building_spaces, helipad_centre, passable,
                                                  steps_from, zombie_free_spaces)
from events.games.zombies_quickplay.tiles import (HELIPAD, TILES, building_of, distances, kind, neighbours, parse,
                                                  passable_spaces, step_table)
from events.games.zombies_quickplay.placement import plain_spots, spots
from events.games.zombies_quickplay.zombies import (_after_stop, any_zombie_step, can_choose, choosable,
                                                    current_can_stop, record_of, zombie_steps)
from events.table.randomness import rng_for
from events.commands.simulation import play_game

SEEDS = [f"fast-{i}" for i in range(4)]


def states_of(seed: str, seats: int) -> list[dict]:
    """Copies of every state of a random game of ``seats`` seats with ``seed``."""
    out = []
    play_game(R, ["random"] * seats, seed, on_step=lambda state, events: out.append(R.copy_state(state)))
    return out


@pytest.fixture(scope="module")
def states() -> list[dict]:
    """The states of four random games of 2 to 5 seats."""
    return [s for i, seed in enumerate(SEEDS) for s in states_of(seed, 2 + i)]


def _plain_steps_from(state, k):
    """``state.steps_from`` from ``tiles.neighbours``, without the step table."""
    return [f"{x},{y}" for x, y in neighbours(state["tiles"], *parse(k))]


def _plain_steps(state, at, path, steps, occupied):
    """``zombie_steps`` computed from ``tiles.neighbours`` step by step."""
    steps_from = _plain_steps_from
    zm = state["zm"]
    budget = min(zm["cap"] - steps, zm["left"])

    def can_end(k, path, budget):
        if k not in occupied:
            return True
        return budget > 0 and any(can_end(q, path + [q], budget - 1) for q in steps_from(state, k) if q not in path)

    if budget <= 0:
        return []
    return [q for q in steps_from(state, at) if q not in path and can_end(q, path + [q], budget - 1)]


def test_the_step_table_gives_every_space_the_steps_of_neighbours(states):
    maps = {tuple(sorted((c, p["tile"], p["rotation"], p.get("layout")) for c, p in s["tiles"].items())): s["tiles"]
            for s in states}
    assert len(maps) > 20
    for tiles in maps.values():
        table = step_table(tiles)
        for cell in tiles:
            tx, ty = parse(cell)
            for x in range(3 * tx, 3 * tx + 3):
                for y in range(3 * ty, 3 * ty + 3):
                    assert list(table[f"{x},{y}"]) == [f"{qx},{qy}" for qx, qy in neighbours(tiles, x, y)]
        assert "999,999" not in table
        for k, nexts in table.items():       # a step leads both ways (zombies._near_free walks back)
            assert all(k in table[q] for q in nexts)
        for tile in TILES:
            assert spots(tiles, tile) == plain_spots(tiles, tile)


def test_steps_from_reads_the_table_of_the_map_as_it_is_now(states):
    for state in states[::3]:
        for k in list(state["zombies"]) + [p for p in state["pawns"] if p] + ["999,999"]:
            assert steps_from(state, k) == _plain_steps_from(state, k)


def test_the_same_map_grown_by_a_tile_gets_the_table_of_the_bigger_map():
    tiles = {"0,0": {"tile": "town_square", "rotation": 0}}
    assert step_table(tiles) is step_table(tiles)           # the same map asked again: the same table
    assert "1,3" not in step_table(tiles)
    tiles["0,1"] = {"tile": "straight", "rotation": 0}      # as evolve places a tile: in place
    assert list(step_table(tiles)["1,3"]) == [f"{x},{y}" for x, y in neighbours(tiles, 1, 3)] == ["1,2", "1,4"]
    assert list(step_table(tiles)["1,2"]) == [f"{x},{y}" for x, y in neighbours(tiles, 1, 2)]
    assert "1,3" in step_table(tiles)["1,2"]                 # the centre's road now leads south
    assert step_table(dict(tiles)) == step_table(tiles)     # a copy of the map: the same table


def test_zombie_steps_and_choosable_agree_with_the_plain_walk(states):
    checked = 0
    for state in states:
        if state["phase"] != "zombies" or state["zm"] is None or state["over"]:
            continue
        cur = state["zm"]["current"]
        if cur is not None:
            assert zombie_steps(state, cur["at"], cur["path"], cur["steps"]) == \
                _plain_steps(state, cur["at"], cur["path"], cur["steps"], state["zombies"])
        expected = []
        if current_can_stop(state):
            occupied = _after_stop(state)
            for k in state["zombies"]:
                plain = _plain_steps(state, k, *record_of(state, k), occupied)
                assert zombie_steps(state, k, *record_of(state, k), occupied=occupied) == plain
                if plain:
                    expected.append(k)
        assert choosable(state) == sorted(expected, key=lambda k: parse(k)[::-1])
        assert [k for k in state["zombies"] if can_choose(state, k)] == expected
        assert not can_choose(state, "999,999")
        plain_any = state["zm"]["left"] > 0 and state["zm"]["cap"] > 0 and (
            bool(cur and _plain_steps(state, cur["at"], cur["path"], cur["steps"], state["zombies"])) or bool(expected))
        assert any_zombie_step(state) == plain_any
        checked += 1
    assert checked > 200


def test_acting_seat_is_the_first_pending_seat(states):
    for state in states:
        pending = R.pending(state)
        assert acting_seat(state) == (pending[0].seat if pending else None)
    assert acting_seat(None) is None


def test_deciding_in_place_gives_the_events_of_decide_and_the_state_they_fold_to(states):
    rng = random.Random(5)
    for n, state in enumerate(states[::7]):
        seat = acting_seat(state)
        if seat is None:
            continue
        command = rng.choice(R.legal_commands(state, seat))
        events = R.decide(state, seat, command, rng_for("fast", n))
        folded = R.copy_state(state)
        for event in events:
            folded = R.evolve(folded, event)
        before = R.copy_state(state)
        assert R.decide_evolved(state, seat, command, rng_for("fast", n)) == (events, folded)
        assert state == before
        assert R.decide_in_place(R.copy_state(state), seat, command, rng_for("fast", n)) == (events, folded)


def test_zombie_free_spaces_are_those_of_a_walk_over_the_map(states):
    for state in states[::5]:
        for exclude_pawns in (False, True):
            plain = []
            for cell in state["tiles"]:
                tx, ty = parse(cell)
                for r in range(3):
                    for c in range(3):
                        k = f"{3 * tx + c},{3 * ty + r}"
                        if k in state["zombies"] or (exclude_pawns and k in state["pawns"]):
                            continue
                        if passable(state, 3 * tx + c, 3 * ty + r):
                            plain.append(k)
            assert zombie_free_spaces(state, exclude_pawns) == sorted(plain, key=lambda k: parse(k)[::-1])
            assert any_zombie_free_space(state, exclude_pawns) == bool(plain)
            full = dict(state, zombies=dict.fromkeys(plain, 1) | state["zombies"])   # every free space taken
            assert any_zombie_free_space(full, exclude_pawns) is False


def test_steps_to_road_are_those_of_the_distances_walk(states):
    maps = {len(s["tiles"]): s["tiles"] for s in states}
    checked = 0
    for tiles in maps.values():
        for k in passable_spaces(tiles):
            for limit in (1, 9):
                d = distances(tiles, parse(k), limit=limit)
                plain = min((v for p, v in d.items() if kind(tiles, *p) == "R"), default=99)
                assert steps_to_road(tiles, k, limit) == plain
                checked += plain != 99 and plain > 0
    assert checked > 100


def test_building_spaces_and_the_helipad_centre_are_those_of_a_walk_over_the_map(states):
    helipads = 0
    for state in states[::4]:
        tiles = state["tiles"]
        for cell in list(tiles) + ["99,99"]:
            tx, ty = parse(cell)
            assert building_spaces(state, cell) == [f"{3 * tx + c},{3 * ty + r}" for r in range(3) for c in range(3)
                                                    if building_of(tiles, 3 * tx + c, 3 * ty + r) == cell]
        cells = [parse(c) for c, p in tiles.items() if p["tile"] == HELIPAD]
        assert helipad_centre(state) == (f"{3 * cells[0][0] + 1},{3 * cells[0][1] + 1}" if cells else None)
        helipads += bool(cells)
    assert helipads > 10


def test_a_state_with_the_moving_zombie_stopped_is_that_of_a_full_copy(states):
    checked = 0
    for state in states:
        if state["phase"] != "zombies" or state["zm"] is None or state["zm"]["current"] is None:
            assert with_zombie_stopped(state) is state
            continue
        before = R.copy_state(state)
        assert with_zombie_stopped(state) == zombie_stopped(R.copy_state(state), {})
        assert state == before
        checked += 1
    assert checked > 100
