"""Selfish: Space Edition (Ridley's Games, 2018) for 2-5 players.

Read in this order, like OpenSpiel's ``kuhn_poker.py``: ``cards`` (card data
and constants), ``state`` (the state dict and the questions asked of it),
``setup`` (the deal), ``decide`` (guards and commands), ``resolve`` (how a move
resolves into events), ``evolve`` (one function per event), ``legal``
(``pending`` and ``legal_commands``), ``views`` (``view``, ``redact``,
``outcome``) and ``bots``. What both Selfish editions share (the column
board, paying and splitting Oxygen, reaction windows, the copy-and-emit
``Table``, stacked deals, argument checks) is in ``events.games.selfish``.

The rules are the publisher's sheet as read by ``shared/rules/selfish-space.md``.

Choices (where the rules and the rules file are silent):

1. A stacked hand (``options["stack"]["hands"]``) is that seat's whole opening
   hand; seats without one are dealt 1 Double + 4 Singles + 4 cards. The stack
   may also give ``game_discard`` and ``tracks`` (starting positions).
2. Swapping a Double takes Singles from the Game discard pile (topmost first)
   and makes up any shortfall from the draw pile (first from the top), without
   reshuffling it; the Double then goes on the discard pile. The automatic
   split when paying 1 oxygen does not use up the once-per-turn swap.
3. Paying one oxygen (Breathe, Hole in Suit, Cosmic Radiation) splits a Double
   only when no Single is held; losing two (Asteroid Field) or having two
   taken (Oxygen Siphon) takes two Singles if held, else one Double, else the
   lone Single.
4. If the Game draw pile and discard pile are both empty, a draw gives nothing.
5. Hyperspace on the ship's space does nothing more (there is nowhere further).
6. Tether that brings the player to the ship wins before the knock-back; a
   player who dies during their own Tether loses the knock-back (the turn ends
   at once).
7. A corpse swapped onto the ship by a Wormhole also ends the current turn
   ("reaching the ship by any move"); the traveller's pending death check
   (paid their last oxygen to travel) still runs first.
8. Meteoroid counts the hand when the card is resolved; any two cards may be
   discarded, oxygen included (losing the last oxygen kills, as always).
9. Tractor Beam picks uniformly among the cards in the target's hand; the
   pick is written into the event.
10. Breathing with Actions may use any two Action cards, Shield included, and
    is allowed under a Solar Flare (discarding is not playing). A Double Swap
    is also allowed under a Solar Flare and in a two-player game it does not
    count as the turn's Action.
11. Oxygen Siphon, Hack Suit and Tractor Beam show the taken cards only to the
    two seats involved; everyone else sees how many.
12. The default for a choice is the first legal command in the listed order:
    Hack Suit card kinds alphabetically, Meteoroid pairs of kinds
    alphabetically, Wormhole the lowest other seat.
13. Reaching the ship alive in phase 2 (Rocket Booster, Tether) wins at once:
    the turn ends there, so no breathing is due.
14. "Two players" means two seats at the start: a bigger table whose
    survivors dwindle to two keeps playing any number of Actions.
15. An Action played on an astronaut under a Solar Flare opens no reaction
    window (they could not Shield) and resolves at once.
16. ``BreatheWithActions`` and ``DiscardCards`` accept their two cards in
    either order; ``legal_commands`` lists each pair once, sorted.
17. The view's ``phase`` is ``turn``, ``reaction``, ``hack_suit``,
    ``meteoroid``, ``wormhole`` or ``over``; a hand's oxygen count is hidden
    like the rest of the hand.
"""
from __future__ import annotations

from events.games.contract import Ruleset
from events.games.selfish.versions import FIRST_SEAT_OPTION

from .bots import BOTS
from .catalogue import BOARD_SCHEMA, CATALOGUE
from .describe import describe
from .decide import decide
from .evolve import evolve
from .legal import legal_commands, pending
from .published import COMMANDS, EVENTS, VIEW
from .setup import STACK_HELP, setup
from .state import copy_state
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
    evolve=evolve,
    pending=pending,
    legal_commands=legal_commands,
    view=view,
    redact=redact,
    outcome=outcome,
    copy_state=copy_state,
    bots=BOTS,
    options={"stack": {"type": "object", "default": None, "description": STACK_HELP},
             "first_seat": FIRST_SEAT_OPTION},
    commands=COMMANDS,
    events=EVENTS,
    view_schema=VIEW,
    catalogue=CATALOGUE,
    board_schema=BOARD_SCHEMA,
    describe=describe,
)

__all__ = ["RULESET"]
