"""The bots: all play only legal commands from the view alone, ``strong`` wins clearly more often
than ``random`` (the issue's 'Bots'), and the survivors are dug out as ``bots.py`` says: ``strong``
late in a game, ``rescuer`` early too. The full figures come from ``stranded simulate``."""
from __future__ import annotations

import random

from events.games.one_against_the_dead import RULESET as R
from events.commands.simulation import play_game, simulate

from .helpers import Game


def test_both_policies_are_registered():
    assert set(R.bots) == {"random", "strong", "rescuer", "expert"}


def test_the_bots_choose_legal_commands_in_every_phase():
    for name in R.bots:
        for seed in range(8):          # play_game decides every command: an illegal one raises
            record = play_game(R, [name], f"bots-{name}-{seed}", {"think_ms": 20})   # a quick expert
            assert record.outcome is not None and R.pending(record.state) == []
    g = Game(opening=())
    legal = R.legal_commands(g.state, 0)
    for bot in R.bots.values():
        assert bot(R.view(g.state, 0), legal, random.Random(0)) in legal


def test_the_strong_bot_puts_a_matching_card_on_its_way_to_the_end():
    # given: the start (2H) checked out but for (1, 1) and (1, 0); the 9 of hearts is drawn
    g = Game(opening=[(0, 1, "2S"), (-1, 1, "8S"), (-1, 0, "8C"), (-1, -1, "8D"),
                      (0, -1, "2D"), (1, -1, "9D")], then=["9H", "9S"])
    assert g.state["drawn"] == "9H"
    # when / then: it goes east of the player (a 1-AP step towards the end), not above it
    command = R.bots["strong"](R.view(g.state, 0), g.legal, random.Random(0))
    assert command == {"type": "PlaceCard", "x": 1, "y": 0}


def test_the_strong_bot_flees_a_card_full_of_zombies():
    g = Game()
    g.put_zombies(0, 0, GH=6)
    command = R.bots["strong"](R.view(g.state, 0), g.legal, random.Random(0))
    assert command["type"] == "Move"


def _survivor_at(g: Game, x: int, y: int, pips: int) -> None:
    """Given: an Ace holding a die of ``pips`` at ``(x, y)`` (test set-up, replacing any card there)."""
    g.state["city"][f"{x},{y}"] = "AS"
    g.state["dice"][f"{x},{y}"] = pips


def _first_command(bot: str, g: Game) -> dict:
    return R.bots[bot](R.view(g.state, 0), g.legal, random.Random(0))


def test_the_strong_bot_heads_for_the_end_early_and_for_a_survivor_after_round_8():
    # given: a survivor two places behind the player, out of reach, and no zombie about
    g = Game()
    _survivor_at(g, -2, 1, 2)
    # when / then: in round 3 the bot walks east, towards the end
    assert _first_command("strong", g) == {"type": "Move", "x": 1, "y": 0}
    # when / then: in round 9 (a game this long is nearly always lost) it walks to the survivor
    g.state["round"] = 9
    assert _first_command("strong", g) == {"type": "Move", "x": -1, "y": 0}


def test_the_rescuer_digs_out_a_survivor_it_would_leave_behind_and_strong_does_not():
    # given: round 1, two zombies beside the player, a survivor (3 pips) behind it on (-1, 1)
    g = Game()
    _survivor_at(g, -1, 1, 3)
    g.put_zombies(0, 1, LH=2)
    # when / then: strong walks on; rescuer digs before walking away from the survivor
    assert _first_command("strong", g)["type"] == "Move"
    assert _first_command("rescuer", g) == {"type": "DecrementDie", "x": -1, "y": 1}


def test_the_strong_bot_wins_clearly_more_often_than_random():
    games = 40
    strong = simulate(R, ["strong"], games, seed_prefix="bots")["win_rate_by_policy"]["strong"]
    rand = simulate(R, ["random"], games, seed_prefix="bots")["win_rate_by_policy"]["random"]
    assert strong >= rand + 0.2
