"""What One Against the Dead publishes (commands, events, view schema, catalogue, describe,
decisions, outcome) against what it does: 100 random games checked at every prefix of their logs
(every version, those inside a command's batch included), and the endings random games rarely
reach (a win, cut off, conceded, the last round, an empty Weapon Stack) from stacked games."""
from __future__ import annotations

from jsonschema import Draft202012Validator

from events.games import schema as S
from events.games.one_against_the_dead import RULESET as R

from ..spec_checks import check_playouts, check_published
from .helpers import WALLED, Game, opening
from .test_cut_off import walled_in_with_a_survivor
from .test_worked_example import walk_to_the_ten_of_hearts

GAMES = 100


def won() -> Game:
    g = walk_to_the_ten_of_hearts()
    g.move(6, 0, (7, 0), (7, 1))
    g.do("SkipAttack")
    g.do("Move", x=7, y=0)
    while g.phase == "place":
        g.do(g.legal[0])
    g.do("Move", x=8, y=0)
    while R.pending(g.state):
        g.do(R.pending(g.state)[0].default)
    return g


def cut_off() -> Game:
    g = Game(opening=WALLED)
    g.do("EndActions")
    return g


def conceded() -> Game:
    g = walled_in_with_a_survivor()
    g.do("DecrementDie", x=1, y=0)
    g.do("Concede")
    return g


def exhausted() -> Game:
    g = Game()
    g.state["round"] = 200
    g.do("EndActions")
    return g


def empty_weapon_stack() -> Game:
    g = Game(opening=opening(**{"0,1": "KS"}), dice=[1])
    g.state["weapon_stack"] = {"shotgun": 0, "chainsaw": 0, "bat": 0}
    g.do("DecrementDie", x=0, y=1)
    return g


STACKED = [won, cut_off, conceded, exhausted, empty_weapon_stack]


def check_stacked_log(g: Game) -> set[str]:
    """Every event of ``g``'s log fits its schema (raw and as seat 0 and a spectator see it), the view
    of every prefix fits the view schema, and the outcome (once over) the shared shape. Returns the
    types met."""
    events = {t: Draft202012Validator(e["data"]) for t, e in R.events.items()}
    view = Draft202012Validator(R.view_schema)
    results = [r["code"] for r in R.catalogue["results"]]
    state = None
    for event in g.events:
        for shown in (event, R.redact(event, 0), R.redact(event, None)):
            assert not list(events[event["type"]].iter_errors(shown["data"])), shown
        state = R.evolve(state, event)
        for seat in (0, None):
            assert not list(view.iter_errors(R.view(state, seat)))
    if R.outcome(g.state) is not None:
        assert not list(Draft202012Validator(S.outcome(1, results)).iter_errors(R.outcome(g.state)))
    return {e["type"] for e in g.events}


def test_the_published_schemas_and_catalogue_are_complete():
    check_published(R)
    codes = [c["id"] for c in R.catalogue["cards"] if c["deck"] == "city"]
    assert len(codes) == 54 and sum(c["count"] for c in R.catalogue["cards"] if c["deck"] == "weapon_stack") == 10
    assert R.catalogue["rules"] == "docs/rules/one-against-the-dead.md"


def test_random_games_fit_what_the_game_publishes_at_every_prefix_and_every_event_type_is_met():
    met = check_playouts(R, GAMES, prefix_views_every=1, seed="spec", resign_every=5)
    for story in STACKED:
        game = story()
        assert story is empty_weapon_stack or R.outcome(game.state)["result"] == story.__name__
        met |= check_stacked_log(game)
    assert met == set(R.events), f"never met: {sorted(set(R.events) - met)}"
