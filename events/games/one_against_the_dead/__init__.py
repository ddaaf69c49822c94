"""One Against the Dead (Scott Slomiany), a solitaire with a deck of cards.

Read in this order: ``cards`` (card data and constants), ``state`` (the state
dict and the questions asked of it), ``setup`` (the city), ``decide`` (guards
and commands), ``resolve`` (how a move resolves into events), ``evolve`` (one
function per event), ``legal`` (``pending`` and ``legal_commands``),
``views`` (``view``, ``redact``, ``outcome``) and ``bots``.

The rules are seeds/004 as read by ``shared/rules/one-against-the-dead.md``.

Choices (where the rules and the rules file are silent):

1. Spawning compares a placed card with its face-up orthogonal neighbours
   *except the card the player stands on*. The source's worked example needs
   it: the 3 of clubs, placed beside the player's 10 of spades, gets no zombie
   ("the only card next to it ... the 10 of clubs"), and the 3 of diamonds
   and the Jack of hearts are counted against two cards each; no layout makes
   those counts true if the player's card were compared too.
2. A stacked deck keeps its stacked cards on top through every shuffle
   (placeholders collected, a Special start or end shuffled back): only the
   cards below them are shuffled. Stacked dice, flips and Weapon Stack picks
   are used, in order, before any random one.
3. When one open slot remains, the drawn card goes there without a command
   ("it must go into the remaining open slot").
4. Places are absolute grid ``(x, y)``: the start (0, 0), the end (8, 0), x
   grows towards the end and "up" is +y. Commands name places; the view lists
   the city top row first.
5. Fists of Fury: the player chooses how many Greater and how many Lesser
   Zombies (1 to 4 in all); the heads-up ones of each type are taken first
   (a flip lands the same whichever face a zombie showed, so the player is
   never worse off leaving the tails-up ones untouched). All are picked
   before any is flipped: a Lesser that a picked Greater turns into is not
   flipped again in the same attack.
6. The Bat weakens all zombies of the chosen type once, at the same time (a
   tails-up Greater becomes a heads-up Lesser and is not hit again). Zombies
   that survive a Chainsaw or Shotgun flip lie heads-up; a Greater flipped
   tails by Fists or Shotgun becomes a freshly flipped Lesser.
7. With no zombie on the player's card the attack phase is skipped without a
   decision. Fists are always allowed; a weapon's attack only while carried.
8. A weapon found with none carried is kept at once; with one carried the
   player chooses carried / found (and combined for two shotguns, shells
   capped at 6; combining is offered, not forced). An empty Weapon Stack
   gives nothing (``NoWeaponFound``).
9. Joker zombies are added when the action phase ends: one per AP left unused
   plus one per AP spent on dice this round (AP spent moving do not count);
   one Joker takes them all, with two the player places each zombie
   (``PlaceJokerZombie``). They arrive before the zombies move, so they take
   their first step towards the player that same round.
10. Zombie groups move all at once, each group as one; "closer" is Manhattan
    distance; after "towards the end's column, up, down" the last choice is a
    horizontal step away from the end's column. The Zombie Pile never runs out.
11. The game is lost ``cut_off`` when, after a zombie attack, the Ending
    Location can never be reached: no path of passable cards leads there and
    no card the player can reach has an empty or face-down place around it that
    a check-out would fill (or the player cannot move at all).
12. A game still running after round 200 is lost ``exhausted`` (a player can
    dodge the zombies for ever).
13. A kill (+1 Feel Good point) is a zombie returned to the Zombie Pile; a
    Greater replaced by a Lesser is not a kill. The score is given on every
    ending; "lunchmeat" counts the Aces in the city still holding a die.
14. Strength never goes below 0; the win is checked after the zombie attack,
    so the round in which the player reaches the end is played out.
15. Deadlines: the action phase and the attack are ``turn`` decisions
    (defaults EndActions and SkipAttack); placing a card, keeping a weapon and
    feeding a Joker are ``choice`` decisions whose default is the first legal
    command (the top-left open slot, the carried weapon, the first Joker).
16. The start's check-out happens in round 1, before the player spends AP.
    Only seat 0 plays; any other seat gets ``not_your_turn`` (409).
17. The Starting and Ending Locations are laid without zombies: spawning is
    part of checking out, and they are laid before it.
18. Zombies never stop the player: a card with zombies on it may be moved
    onto, and a die next to zombies dug at, as usual. The Bat may be swung
    at a type with no zombie of it there (the attack is simply wasted).
"""
from __future__ import annotations

from events.games.contract import Ruleset
from events.games.schema import array, boolean, command, integer, optional, string  # noqa: F401

from .bots import BOTS
from .decide import decide
from .evolve import evolve
from .legal import legal_commands, pending
from .setup import STACK_HELP, setup
from .state import copy_state
from .views import outcome, redact, view

RULESET = Ruleset(
    id="one-against-the-dead",
    name="One Against the Dead",
    min_seats=1,
    max_seats=1,
    version="one-against-the-dead/1",
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
    options={"stack": {"type": "object", "default": None, "description": STACK_HELP}},
    commands={
        "Move": command("TODO", x=integer("TODO"), y=integer("TODO")),
        "DecrementDie": command("TODO", x=integer("TODO"), y=integer("TODO")),
        "EndActions": command("TODO"),
        "PlaceCard": command("TODO", x=integer("TODO"), y=integer("TODO")),
        "ChooseWeapon": command("TODO", keep=string("TODO")),
        "PlaceJokerZombie": command("TODO", x=integer("TODO"), y=integer("TODO")),
        "AttackWithFists": command("TODO", greater=integer("TODO"), lesser=integer("TODO")),
        "AttackWithBat": command("TODO", target=string("TODO")),
        "AttackWithChainsaw": command("TODO"),
        "AttackWithShotgun": command("TODO"),
        "SkipAttack": command("TODO"),
    },
)

__all__ = ["RULESET"]
