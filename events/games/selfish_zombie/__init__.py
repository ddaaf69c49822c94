"""Selfish: Zombie Edition (Ridley's Games, 2019) for 2-5 players.

Read in this order, like OpenSpiel's ``kuhn_poker.py``: ``cards`` (card data,
the die and constants), ``state``, ``setup``, ``decide``, ``resolve``,
``evolve``, ``legal`` (``pending`` and ``legal_commands``), ``views`` and
``bots``. What the two Selfish editions share (the column board, paying and
splitting Supplies, reaction windows, the copy-and-emit ``Table``, stacked
deals, argument checks) is in ``events.games.selfish``.

The rules are the Wikibooks page as read by ``shared/rules/selfish-zombie.md``.

Choices (where the rules and the rules file are silent):

1. A stacked hand (``options["stack"]["hands"]``) is that seat's whole opening
   hand and must hold a Supplies card; the stack may also give
   ``game_deck``, ``wasteland_deck``, ``game_discard``, ``tracks`` and
   ``dice`` (rolls used in order before any random roll, for every roll).
2. There is no voluntary Double swap (a Space Edition extra); paying 1 with
   only Doubles splits one as in the Space Edition (Singles from the Game
   discard pile first, then the draw pile; the whole Double if none).
3. Settlement always draws its card (drawing never hurts); Shopping Mall
   draws as many as the roll, fewer if both Game piles run out.
4. Bandits and Zombies! discards are picked one card at a time
   (``DiscardCard``); a hand no bigger than the count is discarded whole at
   once. The death check follows every discard.
5. Twisted Ankle: the lost turn is announced (``TurnStarted`` then
   ``TurnSkipped``) and counts as that player's turn ending (their
   Alliances are discarded). Dying clears a pending lost turn.
6. Alliance is an Action card against its target (a reaction window opens;
   Underestimate reflects it, so the reflector follows the card's player).
   Only moves of the target during its own turn are followed, each step
   after the target's Wasteland card and chopper check resolve; several
   allies follow in seat order. An ally who dies loses its Alliance; the
   Alliances of and on a dead player are discarded, so a target who dies on
   its move (You've Been Bitten, or out of Supplies after paying the last to
   travel, choice 16) is not followed: its turn ends at once.
7. Scout and Zombie Trap reshuffle an empty Wasteland deck first; with fewer
   than three cards left the Trap looks at what there is. The seer keeps
   knowing the top cards it put back (``known_wasteland`` in its view)
   until they are drawn; another player's arrangement wipes that knowledge.
8. Steal Supplies takes two Supplies cards picked at random among the
   target's Supplies cards (the pick is in the event); Rampage and a zombie
   attack pick uniformly among all the cards in hand.
9. Rampage with two targets: each gets its own window in the order given
   (``target`` then ``second_target``); blocking or reflecting answers only
   for that target. A reflected card cannot be reflected again; a card
   whose target or player has died meanwhile does nothing.
10. Horde reflected onto a player on the starting space does nothing.
11. Zombies play their turns in seat order like everyone; they draw no
    cards. A zombie may end its turn early (``EndTurn``) and may not move
    past space 5 (the chopper is for the living). A zombie's column keeps the
    cards it walks back over (they lie ahead of it, and are walked onto again
    going forward); the cards it places are face down and hidden from every
    view and event; the ones it left as a survivor stay face up.
12. A zombie attack opens a window even if the survivor holds no Body Armor;
    the action point is spent either way.
13. Deadlines: a survivor's turn defaults to Rest, a window to Pass, a pick
    to the first legal command (cards alphabetically; Scout: keep on top;
    Zombie Trap: the first order alphabetically); a zombie's turn to attack
    the lowest seat on its level, else a step towards the nearest survivor
    (lower seat on a tie), else EndTurn.
14. The outcome is ``{"winner": seat, "result": "chopper", "turns": n}`` or
    ``{"winner": None, "result": "zombies", "turns": n}``.
15. Rampage's legal commands list every ordered pair of targets (the order
    is the order of the windows).
16. A traveller who paid their last Supplies is checked once the Wasteland
    card has resolved, before allies follow: a Secret Passageway's further
    card is part of it (a Settlement or Shopping Mall there can save them);
    Bandits and Zombies! discards are still made first, and a Cut Through A
    Sewer finds no Supplies left to take.
17. Zombies! counts the hand as it is when the card resolves, after paying
    the Supplies for the travel.
18. "Attack one target multiple times or multiple targets once" allows any
    mix: each attack on any living survivor on the zombie's level costs one
    action point.
19. A survivor who reaches the chopper without Supplies dies there; its
    zombie stands on the chopper's space, cannot take it, and may only move
    back (or end its turn).
20. The zombies' win names no seat: the outcome's ``winner`` is ``None`` and
    there is no ``winners`` list (every seat is a zombie; nobody escaped).
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
    id="selfish-zombie",
    name="Selfish: Zombie Edition",
    min_seats=2,
    max_seats=5,
    version="selfish-zombie/2",
    versions=("selfish-zombie/1", "selfish-zombie/2"),
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
