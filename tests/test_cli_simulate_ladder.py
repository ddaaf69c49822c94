"""``stranded simulate --ladder``: every bot against every other on the same seeds, win rates with
95 % intervals and Elo ratings; bad ladder arguments refused in one sentence before any game."""
from __future__ import annotations

import json
import math

import pytest
from click.testing import CliRunner

from service.cli.commands import main
from service.cli.simulation_report import ELO_ANCHOR, elo


def run(*args: str):
    return CliRunner().invoke(main, ["simulate", *args])


def test_a_ladder_plays_every_pair_and_rates_each_bot_with_its_interval():
    # given three Space bots, when the ladder plays 6 games a pair
    result = run("selfish-space", "--ladder", "--bots", "random,cautious,expert", "--games", "6", "--think-ms", "20",
                 "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    # then every pair played 6 games and reports each side's win rate with its Wilson interval
    assert report["games_per_pair"] == 6 and report["options"] == {"think_ms": 20}
    assert {(p["a"], p["b"]) for p in report["pairs"]} == {("random", "cautious"), ("random", "expert"),
                                                            ("cautious", "expert")}
    for pair in report["pairs"]:
        assert pair["games"] == 6
        for side in ("a_wins", "b_wins", "no_winner"):
            low, high = pair[side]["ci95"]
            assert low <= pair[side]["rate"] <= high and pair[side]["of"] == 6
        assert pair["a_wins"]["count"] + pair["b_wins"]["count"] + pair["no_winner"]["count"] == 6
    # and every bot has an Elo rating, random at the anchor
    ratings = {e["bot"]: e["elo"] for e in report["elo"]}
    assert set(ratings) == {"random", "cautious", "expert"} and ratings["random"] == ELO_ANCHOR


def test_a_one_seat_ladder_compares_the_bots_on_the_same_deals():
    # given One Against the Dead, a solitaire, when two bots are laddered
    result = run("one-against-the-dead", "--ladder", "--bots", "random,strong", "--games", "4")
    assert result.exit_code == 0, result.output
    # then each bot's win rate is shown, then the deals only one of them won, then the ratings
    lines = result.output.splitlines()
    assert lines[0].startswith("Ladder of One Against the Dead: random, strong; 4 games per bot")
    assert lines[1].startswith("random: won 0.0% (95 % CI")
    assert "random vs strong on the same deals: only random won 0.0%" in lines[3]
    assert lines[-1].startswith("Elo: strong ")


def test_elo_is_the_bradley_terry_fit_with_one_virtual_draw_per_pair():
    # given a won 30 and lost 10 of 40 games against b
    ratings = elo(["b", "a"], [("a", "b", 1.0)] * 30 + [("a", "b", 0.0)] * 10)
    # then a is rated 400 log10(30.5 / 10.5) above b (the virtual draw adds half a win each)
    assert ratings["b"] == ELO_ANCHOR
    assert math.isclose(ratings["a"] - ratings["b"], 400 * math.log10(30.5 / 10.5), rel_tol=1e-6)
    # and even results rate two bots alike
    even = elo(["x", "y"], [("x", "y", 0.5)] * 4)
    assert math.isclose(even["x"], even["y"])


@pytest.mark.parametrize("args, says", [
    (("--ladder", "--bots", "random"), "a ladder needs two or more different bots"),
    (("--ladder", "--bots", "random,random"), "a ladder needs two or more different bots"),
    (("--ladder", "--bots", "random,genius"), "no bot 'genius'; try random"),
    (("--bots", "random,strong"), "--bots goes with --ladder"),
    (("--ladder", "--seats", "random,strong"), "--ladder plays its own tables"),
    (("--ladder", "--think-ms", "5"), "5 is not in the range 20<=x<=5000"),
    (("--think-ms", "9000"), "9000 is not in the range 20<=x<=5000"),
])
def test_a_bad_ladder_argument_is_refused_in_one_sentence_before_any_game(args, says, monkeypatch):
    monkeypatch.setattr("events.commands.simulation.ladder_games", lambda *a, **k: pytest.fail("no game for a bad argument"))
    monkeypatch.setattr("service.cli.simulate._play", lambda *a: pytest.fail("no game for a bad argument"))
    result = run("selfish-space", *args)
    assert result.exit_code == 2 and says in result.output, result.output
    assert len([line for line in result.output.splitlines() if line.startswith("Error:")]) == 1


def test_a_paired_simulation_plays_every_deal_in_every_seating(monkeypatch):
    # given a two-seat duel whose games are recorded instead of played
    from events.commands import simulation
    from events.games import RULESETS

    played = []

    class Record:
        outcome, events, turns = {"winners": [0]}, [], 1

    monkeypatch.setattr(simulation, "play_game",
                        lambda ruleset, seating, seed, options=None: played.append((tuple(seating), seed)) or Record())
    # when four paired games are played
    simulation.simulate(RULESETS["selfish-space"], ["expert", "strong"], 4, "duel", rotate=True, paired=True)
    # then each deal is played once in each seating, so a deal's seat advantage goes to neither bot
    assert played == [(("expert", "strong"), "duel-0"), (("strong", "expert"), "duel-0"),
                      (("expert", "strong"), "duel-1"), (("strong", "expert"), "duel-1")]
    # and the ladder pairs its two-seat games so
    played.clear()
    simulation.ladder_games(RULESETS["selfish-space"], ["random", "strong"], 2, "ladder")
    assert played == [(("random", "strong"), "ladder-0"), (("strong", "random"), "ladder-0")]
