"""One Against the Dead (Scott Slomiany), a solitaire with a deck of cards.

The rules as Stranded plays them, the choices made where the source is silent
and the rules versions are in ``docs/rules/one-against-the-dead.md``.

Read in this order: ``cards`` (card data and constants), ``state`` (the state
dict and the questions asked of it), ``setup`` (the city), ``decide`` (guards
and commands), ``resolve`` (how a move resolves into events), ``evolve`` (one
function per event), ``legal`` (``pending`` and ``legal_commands``),
``views`` (``view``, ``redact``, ``outcome``), ``describe``, then ``bots``
and ``planner``. What the game publishes: ``schemas`` (commands, events,
view) and ``catalogue`` (cards, dice, decisions, results, the board).
"""
from __future__ import annotations

from events.games.contract import Ruleset
from events.games.search import THINK_MS_OPTION

from .bots import BOTS
from .cards import VERSION, VERSION_LEVELS
from .catalogue import BOARD_SCHEMA, CATALOGUE
from .decide import decide, decide_evolved
from .describe import describe
from .evolve import evolve
from .legal import legal_commands, pending
from .resign import resign
from .schemas import COMMANDS, EVENTS, VIEW
from .setup import STACK_HELP, setup
from .state import copy_state
from .views import outcome, redact, view

RULESET = Ruleset(
    id="one-against-the-dead",
    name="One Against the Dead",
    min_seats=1,
    max_seats=1,
    version=VERSION,
    setup=setup,
    decide=decide,
    decide_evolved=decide_evolved,
    evolve=evolve,
    pending=pending,
    legal_commands=legal_commands,
    view=view,
    redact=redact,
    outcome=outcome,
    copy_state=copy_state,
    bots=BOTS,
    options={"stack": {"type": "object", "default": None, "description": STACK_HELP},
             "think_ms": THINK_MS_OPTION},
    commands=COMMANDS,
    events=EVENTS,
    view_schema=VIEW,
    catalogue=CATALOGUE,
    board_schema=BOARD_SCHEMA,
    describe=describe,
    versions=tuple(sorted(VERSION_LEVELS)),
    resign=resign,
)

__all__ = ["RULESET"]
