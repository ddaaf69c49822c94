"""What Zombies!!! Quickplay publishes, held to what it does (``tests/games/spec_checks.py``): its schemas,
catalogue and decisions are complete, and every event, view, legal command, description, pending
decision and outcome of random games fits them -- the views at every prefix of the log, versions
inside a command's batch included.

Games: 100 random games of 2-6 seats, a strong and a random bot alternating. 98 have a short random
tile stack (the Helipad among its first 6 tiles, so that they end in a few hundred events): 4 of them
checked at every prefix and every decision, the other 94 with the views of every 25th prefix and the
commands of every 10th decision; 2 are full, unstacked games with the same strides. Every event of
every game is checked, raw and as each seat sees it. About 45 s of one core. Every event type the
game emits is met, or pinned by the stacked test named in ``STACKED``."""
from __future__ import annotations

import dataclasses

from events.games.zombies_quickplay import RULESET as R
from events.games.zombies_quickplay.tiles import tile_deck_counts

from ..spec_checks import check_playouts, check_published

#: Event types too rare for random games, and the stacked test that meets each.
STACKED = {
    "MapClosed": "test_turn.py::test_when_no_tile_can_be_placed_any_more_the_placer_loses_the_turn",
    "TileDiscarded": "test_turn.py::test_a_drawn_tile_that_fits_nowhere_is_discarded_and_the_turn_goes_on",
    "TurnSkipped": "test_cards.py::test_hysterical_paralysis_makes_the_target_skip_its_next_turn",
    "ZombieStopped": "test_windows.py::test_a_card_played_during_the_zombie_moves_first_stops_the_moving_zombie",
}


def short_setup(options, seats, rng):
    """``R.setup`` with a short random tile stack: 9 tiles, the Helipad among the first 6."""
    pool = [t for t, n in tile_deck_counts().items() for _ in range(n) if t != "helipad"]
    tiles = rng.sample(pool, 8)
    tiles.insert(rng.randrange(1, 6), "helipad")
    return R.setup({**options, "stack": {"tiles": tiles}}, seats, rng)


SHORT = dataclasses.replace(R, setup=short_setup)


def test_the_published_schemas_catalogue_and_decisions_are_complete():
    check_published(R)
    tiles = {t["id"]: t for t in R.catalogue["board"]["tiles"]}
    assert tiles["sporting_goods"]["rotations"][0]["spaces"] == [["building"] * 3, ["building", "door", "building"],
                                                                  ["building", "road", "none"]]
    assert [r["exits"] for r in tiles["bend"]["rotations"]] == [["N", "E"], ["E", "S"], ["S", "W"], ["N", "W"]]
    assert R.catalogue["board"]["kill_targets"] == {"2": 25, "3": 22, "4": 20, "5": 17, "6": 15}
    assert sum(c["count"] for c in R.catalogue["cards"]) == 41 and all(c["text"] for c in R.catalogue["cards"])


def test_random_games_fit_what_the_game_publishes_at_every_prefix():
    met = check_playouts(SHORT, 4, policies=("strong", "random"), prefix_views_every=1, commands_every=1,
                         seed="every-prefix", resign_every=2)
    met |= check_playouts(SHORT, 94, policies=("strong", "random"), prefix_views_every=25, commands_every=10,
                          seed="short", resign_every=3)
    met |= check_playouts(R, 2, policies=("strong", "random"), prefix_views_every=25, commands_every=10, seed="full")
    assert set(R.events) - met <= set(STACKED), sorted(set(R.events) - met - set(STACKED))


def test_every_prefix_of_a_game_of_an_older_rules_version_shows_and_fits_the_view_schema():
    # given the games recorded under rules versions 3 and 4, folded event by event
    from jsonschema import Draft202012Validator

    from .test_old_rules_replay import GAMES
    schema = Draft202012Validator(R.view_schema)
    for version_of_rules, game in GAMES:
        state = None
        for version, event in enumerate(game["events"], start=1):
            state = R.evolve(state, event)
            # then a spectator gets a view at every version (every 17th checked against the schema), and
            # every seat at every 5th
            view = R.view(state, None)
            assert view["started"] is True and view["rules_version"] == f"zombies-quickplay/{version_of_rules}"
            if version % 17 == 0:
                schema.validate(view)
            if version % 5 == 0:
                assert all(R.view(state, seat)["seat"] == seat for seat in range(game["seats"]))
        assert R.outcome(state)["result"] in ("kill_target", "helipad", "map_closed")
