"""``stranded simulate`` as a data tool: JSON with a 95 % interval for every figure, a plot, the
game's own turn count, and every bad argument refused in one sentence (exit 2) before a game is played."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from service.cli.commands import main
from service.cli.simulation_report import spread, t95, wilson


def run(*args: str):
    return CliRunner().invoke(main, ["simulate", *args])


def figures_of(result) -> list[dict]:
    """Every figure of a JSON report: the dicts that carry a ``ci95``."""
    found = []

    def walk(node):
        if isinstance(node, dict):
            if "ci95" in node:
                found.append(node)
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)
    walk(json.loads(result.output))
    return found


def test_json_gives_every_figure_with_a_95_percent_interval_around_it():
    result = run("selfish-space", "--games", "12", "--seats", "random,strong", "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["games"] == 12 and report["confidence"] == 0.95 and report["seats"] == ["random", "strong"]
    assert [s["seat"] for s in report["win_rate_by_seat"]] == [0, 1]
    figures = figures_of(result)
    assert len(figures) >= 2 + 2 + 1 + len(report["results"]) + 2
    for figure in figures:
        low, high = figure["ci95"]
        middle = figure["rate"] if "rate" in figure else figure["mean"]
        assert low <= middle <= high and low < high


def test_one_against_the_dead_reports_its_rounds_as_turns_not_zero():
    result = run("one-against-the-dead", "--games", "4", "--json")
    report = json.loads(result.output)
    assert report["seats"] == ["random"]
    assert report["turns"]["min"] >= 1 and report["turns"]["mean"] > 0
    assert report["seat0_score_by_policy"][0]["policy"] == "random"


@pytest.mark.parametrize("suffix, magic", [(".png", b"\x89PNG"), (".svg", b"<svg")])
def test_plot_writes_the_figure_in_the_format_its_extension_names(tmp_path, suffix, magic):
    path = tmp_path / f"sim{suffix}"
    result = run("selfish-zombie", "--games", "6", "--json", "--plot", str(path))
    assert result.exit_code == 0, result.output
    assert magic in path.read_bytes()[:400]
    assert json.loads(result.stdout)["ruleset"] == "selfish-zombie"      # stdout stays pure JSON


@pytest.mark.parametrize("args, says", [
    (("--games", "0"), "0 is not in the range 1<=x<=10000000"),
    (("--games", "-5"), "-5 is not in the range"),
    (("--games", "many"), "'many' is not a valid integer"),
    (("--jobs", "0"), "0 is not in the range 1<=x<=64"),
    (("--seats", "random"), "seats 2 to 5 players, not 1"),
    (("--seats", "random,genius"), "no policy 'genius'"),
    (("--seed", ""), "the seed prefix cannot be empty"),
    (("--plot", "out.pdf"), "does not end in .png or .svg"),
    (("--plot", "/no/such/folder/out.png"), "does not exist"),
])
def test_a_bad_argument_is_refused_in_one_sentence_before_any_game(args, says, monkeypatch):
    monkeypatch.setattr("service.cli.simulate._play", lambda *a: pytest.fail("no game for a bad argument"))
    result = run("selfish-space", *args)
    assert result.exit_code == 2 and says in result.output, result.output
    error = [line for line in result.output.splitlines() if line.startswith("Error:")]
    assert len(error) == 1 and error[0].count(". ") == 0


def test_an_unknown_ruleset_is_refused_naming_the_ones_there_are():
    result = run("chess")
    assert result.exit_code == 2 and "no ruleset 'chess'; try selfish-space" in result.output


def test_wilson_interval_matches_the_textbook_values():
    # 0 of 20: [0, 0.161]; 8 of 30: [0.142, 0.444] (Wilson 1927, z = 1.96)
    assert wilson(0, 20) == pytest.approx([0.0, 0.1611], abs=1e-4)
    assert wilson(8, 30) == pytest.approx([0.1418, 0.4445], abs=1e-4)
    assert wilson(20, 20)[1] == pytest.approx(1.0)


def test_the_t_quantile_is_students_and_joins_its_table_smoothly():
    assert t95(1) == 12.706 and t95(30) == 2.042
    assert t95(31) == pytest.approx(2.0395, abs=5e-4) and t95(120) == pytest.approx(1.9799, abs=5e-4)


def test_a_mean_of_one_game_has_no_interval():
    assert spread([7])["ci95"] is None
    assert spread([1, 2, 3])["ci95"] == pytest.approx([2 - 2.484, 2 + 2.484], abs=1e-3)
