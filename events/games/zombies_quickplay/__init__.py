"""Zombies!!! Quickplay (Twilight Creations' Zombies!!! with Rich Stokes' Quickplay variant), 2-6 players.

The rules as Stranded implements them, with every choice made where the sources are silent, are
in docs/rules/zombies-quickplay.md; docstrings point to its sections.

Read in this order: ``tiles`` (tile data and map geometry), ``cards`` (Event cards and
constants), ``state``, ``setup``, ``table`` (the turn machine), ``windows`` (whom a reaction
window asks), ``combat``, ``movement``, ``zombies`` (zombie steps), ``cardplay`` (Event cards),
``decide``, ``evolve`` (with ``evolve_moves`` and ``evolve_cards``), ``legal`` (pending decisions
and legal commands), ``views``, ``describe``, ``bots``; the published schemas are in
``view_schema``, ``event_schema`` and ``catalogue``.

Rules version 5 (``zombies-quickplay/5``), the design of its reaction windows and of what may
happen "at any point":

* Whom the game asks and waits for depends only on public facts. At two moments of a turn --
  after its tile step (before its combat step, draw and movement roll) and after a lost combat
  roll the fighter could pay with bullets or a First Aid Kit (before it is paid for) -- a reaction
  window asks, all at once, every other seat that has played no Event card this round and holds
  at least one card; the game goes on once each has played a card or passed. What a seat holds
  never changes whom the game asks nor whether it waits.
* Any seat may play an Event card whenever the game waits on anyone (its own decision, a window,
  another seat's decision: the auction, a movement, the zombie moves, a payment) and the card's
  text allows it then; the card is then among that seat's legal commands, and ``decide`` takes it
  from a seat the game is not waiting on. Cards wait while another card's picks are made and during
  one zombie's step (version 4: also while a drawn tile was placed with its zombies).
* A seat whose pawn is alone with a token it may take may claim it (``ClaimToken``) whenever the
  game waits on anyone; like a card out of turn it changes nobody the game waits on (version 4
  took a token only when a pawn arrived on it).
* A window costs a human little: bots answer at once, a seat with the service's ``auto_pass``
  setting passes at once, and a front end may pass for a seat whose legal commands hold nothing
  but ``Pass`` (its own choice, from its own view).

Rules version 3 (old logs) differed in its windows (they asked, one by one, only the seats
holding a card they could play, which told everyone who held one), in combat (paying the last life
did not end the fight), in the Sporting Goods (6 building spaces), in the first seat (always seat
0) and in a closed map with no zombie ending the game; this code keeps those behaviours for games
set up under version 3 (``state["rules"] == 3``), and version 4's token and tile-step rules for
games set up under version 4, so old logs re-run exactly.
"""
from __future__ import annotations

from events.games.contract import Ruleset
from events.games.search import THINK_MS_OPTION

from .bots import BOTS
from .catalogue import BOARD_SCHEMA, CATALOGUE
from .decide import decide, decide_evolved, in_place
from .describe import describe
from .event_schema import COMMANDS, EVENTS
from .evolve import evolve
from .legal import acting_seat, legal_commands, pending
from .resigning import resign
from .setup import FIRST_SEAT_HELP, STACK_HELP, setup
from .state import copy_state
from .view_schema import VIEW
from .views import outcome, redact, view

RULESET = Ruleset(
    id="zombies-quickplay",
    name="Zombies!!! Quickplay",
    min_seats=2,
    max_seats=6,
    version="zombies-quickplay/5",
    versions=("zombies-quickplay/3", "zombies-quickplay/4", "zombies-quickplay/5"),
    setup=setup,
    decide=decide,
    evolve=evolve,
    pending=pending,
    legal_commands=legal_commands,
    view=view,
    redact=redact,
    outcome=outcome,
    copy_state=copy_state,
    bots=BOTS,
    options={
        "stack": {"type": "object", "default": None, "description": STACK_HELP},
        "base_event_deck": {"type": "boolean", "default": False, "description": (
            "Play with the base game's 50 Event cards instead of the Quickplay's 41 (no card removals).")},
        "first_seat": {"type": "integer", "default": None, "minimum": 0, "maximum": 5,
                       "description": FIRST_SEAT_HELP},
        "think_ms": THINK_MS_OPTION,
    },
    commands=COMMANDS,
    events=EVENTS,
    view_schema=VIEW,
    catalogue=CATALOGUE,
    board_schema=BOARD_SCHEMA,
    describe=describe,
    resign=resign,
    decide_evolved=decide_evolved,
    decide_in_place=in_place,
    acting_seat=acting_seat,
)

__all__ = ["RULESET"]
