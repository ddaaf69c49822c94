"""The ``stranded`` command line, through click's runner."""
from click.testing import CliRunner

from service.cli import main


def test_simulate_prints_win_rates_for_each_seat():
    result = CliRunner().invoke(main, ["simulate", "selfish-space", "--games", "5", "--seats", "random,random,random"])
    assert result.exit_code == 0, result.output
    assert "seat" in result.output.lower()


def test_simulate_rejects_an_unknown_ruleset_and_policy():
    assert CliRunner().invoke(main, ["simulate", "chess"]).exit_code == 2
    bad = CliRunner().invoke(main, ["simulate", "selfish-space", "--seats", "random,genius"])
    assert bad.exit_code == 2 and "genius" in bad.output


def test_openapi_writes_the_spec(tmp_path):
    out = tmp_path / "spec.yaml"
    result = CliRunner().invoke(main, ["openapi", "-o", str(out)])
    assert result.exit_code == 0 and out.read_text().startswith("info:")
