"""Nothing hidden leaks (docs/rules/one-against-the-dead.md, 'What each seat and a spectator can
see'): two games equal but for hidden cards -- the cards under two face-down placeholders, and the
order of two cards deep in the deck -- played with the same commands, look the same to the player
and to a spectator (views, legal commands and their descriptions, pending decisions, redacted
events, outcome) until the rules turn one of those cards face up."""
from __future__ import annotations

import json
import random

import pytest

from events.games.one_against_the_dead import RULESET as R
from events.games.one_against_the_dead.cards import DECK

from .helpers import PLACEHOLDERS, QUIET, Game

OPENING_CARDS = ["2H", *PLACEHOLDERS, "10C", *(c for _, _, c in QUIET)]
REST = [c for c in DECK if c not in OPENING_CARDS]


def twins(seed: int) -> tuple[Game, Game, set[str]]:
    """Game A and game B: B swaps the cards under the placeholders at (3, 0) and (4, 0) and the
    last two cards of the deck. Returns both and the swapped (hidden) cards."""
    rest = list(REST)
    random.Random(seed).shuffle(rest)
    placeholders = list(PLACEHOLDERS)
    placeholders[2], placeholders[3] = placeholders[3], placeholders[2]
    a = Game(then=rest, seed=seed)
    b = Game(then=rest[:-2] + [rest[-1], rest[-2]], placeholders=placeholders, seed=seed)
    return a, b, {PLACEHOLDERS[2], PLACEHOLDERS[3], rest[-1], rest[-2]}


def seen(g: Game, seat) -> dict:
    """Everything ``seat`` (0 or a spectator) is shown of ``g`` now."""
    legal = R.legal_commands(g.state, 0) if seat == 0 else []
    return {
        "view": R.view(g.state, seat),
        "legal": legal,
        "described": [R.describe(g.state, 0, c) for c in legal],
        "pending": [(d.seat, d.kind, d.code, d.label, d.default) for d in R.pending(g.state)],
        "outcome": R.outcome(g.state),
    }


def shows_any(batch: list[dict], cards: set[str]) -> bool:
    text = json.dumps([R.redact(e, None) for e in batch])
    return any(f'"{c}"' in text for c in cards)


@pytest.mark.parametrize("seed, policy", [(0, "random"), (1, "random"), (2, "strong"), (3, "strong"),
                                          (4, "rescuer")])
def test_games_differing_only_in_hidden_cards_look_the_same_until_one_is_revealed(seed, policy):
    # given: twin games; the hidden cards really differ
    a, b, hidden = twins(seed)
    assert a.state["city"] != b.state["city"] and a.state["deck"] != b.state["deck"]
    bot, rng, steps = R.bots[policy], random.Random(seed), 0
    # when: the same commands are sent to both, chosen from what A shows
    while R.pending(a.state):
        for seat in (0, None):
            assert seen(a, seat) == seen(b, seat), f"step {steps}: seat {seat} tells the games apart"
        command = bot(R.view(a.state, 0), R.legal_commands(a.state, 0), rng)
        batch_a, batch_b = a.do(command), b.do(command)
        if shows_any(batch_a, hidden) or shows_any(batch_b, hidden):
            break                     # then: the rules turned a hidden card face up
        # then: the events of the batch look the same to both seats
        for seat in (0, None):
            assert [R.redact(e, seat) for e in batch_a] == [R.redact(e, seat) for e in batch_b]
        steps += 1
    assert steps >= 3, "the games ran long enough to compare"
