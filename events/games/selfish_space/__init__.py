"""Selfish: Space Edition (Ridley's Games, 2018) for 2-5 players.

Read in this order, like OpenSpiel's ``kuhn_poker.py``: ``cards`` (card data
and constants), ``state`` (the state dict and the questions asked of it),
``setup`` (the deal), ``decide`` (guards and commands), ``resolve`` (how a move
resolves into events), ``evolve`` (one function per event), ``legal``
(``pending`` and ``legal_commands``), ``views`` (``view``, ``redact``,
``outcome``), ``describe``, ``published`` and ``catalogue`` (what the ruleset
publishes) and ``bots``. What both Selfish editions share (the column board,
paying and splitting Oxygen, reaction windows, the copy-and-emit ``Table``,
stacked deals, rules levels and the first seat, argument checks, schema
builders) is in ``events.games.selfish``.

The rules as Stranded plays them, with every choice made where the sources are
silent and what changed between rules versions, are in
``docs/rules/selfish-space.md``.
"""
from __future__ import annotations

from events.games.contract import Ruleset
from events.games.search import THINK_MS_OPTION
from events.games.selfish.resigning import make_resign
from events.games.selfish.versions import FIRST_SEAT_OPTION

from .bots import BOTS
from .catalogue import BOARD_SCHEMA, CATALOGUE
from .describe import describe
from .decide import decide
from .evolve import evolve
from .legal import legal_commands, pending
from .published import COMMANDS, EVENTS, VIEW
from .resolve import Table
from .setup import STACK_HELP, setup
from .state import active_seat, copy_state
from .views import outcome, redact, view

RULESET = Ruleset(
    id="selfish-space",
    name="Selfish: Space Edition",
    min_seats=2,
    max_seats=5,
    version="selfish-space/2",
    versions=("selfish-space/1", "selfish-space/2"),
    setup=setup,
    decide=decide,
    decide_evolved=decide.evolved,
    decide_in_place=decide.in_place,
    acting_seat=active_seat,
    evolve=evolve,
    evolve_many=evolve.many,
    pending=pending,
    legal_commands=legal_commands,
    view=view,
    redact=redact,
    outcome=outcome,
    copy_state=copy_state,
    bots=BOTS,
    options={"stack": {"type": "object", "default": None, "description": STACK_HELP},
             "first_seat": FIRST_SEAT_OPTION, "think_ms": THINK_MS_OPTION},
    commands=COMMANDS,
    events=EVENTS,
    view_schema=VIEW,
    catalogue=CATALOGUE,
    board_schema=BOARD_SCHEMA,
    describe=describe,
    resign=make_resign(Table, copy_state, "AstronautResigned"),
)

__all__ = ["RULESET"]
