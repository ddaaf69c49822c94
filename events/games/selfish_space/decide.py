"""decide(state, seat, command, rng) -> events: guard clauses, then resolution.

Guards raise :class:`RuleViolation` with a stable code; ``decide`` never
mutates the state it is given (it resolves on a copy, see ``resolve.py``).
"""
from __future__ import annotations

from events.games.contract import RuleViolation
from events.games.selfish.commands import bad as _bad
from events.games.selfish.commands import card_arg, cards_arg, make_decide, travel_payment
from events.games.selfish.commands import holds as _holds
from events.games.selfish.commands import seat_arg as _seat_arg

from .cards import ACTIONS, DOUBLE, GAME_DECK, NAMES, PLAYABLE, SINGLE, TARGETED, oxygen
from .resolve import Table
from .state import copy_state, flared, targets, two_singles_available

#: command type -> the kind of pending decision it answers.
PHASE = {
    "PlayAction": "turn", "SwapDouble": "turn", "Breathe": "turn",
    "BreatheWithActions": "turn", "Travel": "turn",
    "PlayShield": "reaction", "Pass": "reaction",
    "TakeCard": "hack_suit", "DiscardCards": "meteoroid", "SwapWith": "wormhole",
}


def _card_arg(command: dict) -> str:
    return card_arg(command, GAME_DECK, "laser_blast")


def _pair_arg(command: dict) -> list[str]:
    return cards_arg(command, GAME_DECK, 2)


def phase_of(state) -> str:
    """The kind of decision pending: ``"turn"``, ``"reaction"`` or the choice being made
    (``"hack_suit"``, ``"meteoroid"``, ``"wormhole"``). Does not check for game over.
    """
    if state["window"] is not None:
        return "reaction"
    if state["choice"] is not None:
        return state["choice"]["choice"]
    return "turn"


# -- the turn -------------------------------------------------------------
def play_action(t: Table, seat: int, command: dict) -> None:
    """PlayAction ``{"card": kind, "target": seat?}``: play an Action card in phase 2.

    A living, unflared target gets a Shield window first; otherwise the card resolves at once.
    Raises ``RuleViolation``: ``bad_arguments``, ``wrong_phase`` (Shield), ``not_an_action``,
    ``card_not_in_hand``, ``solar_flare``, ``action_limit`` (two players), ``no_target``,
    ``illegal_target`` (docs/rules/selfish-space.md, 'A turn' and 'The cards': Targets,
    Reaction window, Solar Flare).
    """
    s = t.s
    card = _card_arg(command)
    if card == "shield":
        raise RuleViolation("wrong_phase", "A Shield can only be played when an Action card targets you.")
    if card not in PLAYABLE:
        raise RuleViolation("not_an_action", "Oxygen is not an Action card.")
    if card not in s["hands"][seat]:
        raise RuleViolation("card_not_in_hand", f"You hold no {NAMES[card]}.")
    if flared(s, seat):
        raise RuleViolation("solar_flare", "You are under a Solar Flare and cannot play Action cards.")
    if s["two_player"] and s["actions"] >= 1:
        raise RuleViolation("action_limit", "With two players you may play only one Action card per turn.")
    target = None
    if card in TARGETED:
        options = targets(s, seat, card)
        if not options:
            raise RuleViolation("no_target", f"No astronaut can be targeted by {NAMES[card]} now.")
        target = _seat_arg(s, command, required=True)
        if target not in options:
            raise RuleViolation("illegal_target", f"{NAMES[card]} cannot be played on that astronaut.")
    elif command.get("target") is not None:
        raise _bad(f"{NAMES[card]} takes no target.")
    t.emit("ActionPlayed", {"seat": seat, "card": card, "target": target})
    if target is not None and s["alive"][target] and not flared(s, target):
        t.emit("ReactionWindowOpened", {"seat": target, "attacker": seat, "card": card})
    else:
        t.resolve_action(seat, card, target)


def swap_double(t: Table, seat: int, command: dict) -> None:
    """SwapDouble ``{}``: trade a Double for two Singles, once per turn.

    Raises ``RuleViolation``: ``card_not_in_hand``, ``swap_limit``, ``no_singles``
    (docs/rules/selfish-space.md, 'A turn').
    """
    s = t.s
    if DOUBLE not in s["hands"][seat]:
        raise RuleViolation("card_not_in_hand", "You hold no Double Oxygen.")
    if s["swapped"]:
        raise RuleViolation("swap_limit", "You have already swapped a Double this turn.")
    if not two_singles_available(s):
        raise RuleViolation("no_singles", "There are not two Single Oxygen cards to swap for.")
    t.swap_double(seat, auto=False)


def breathe(t: Table, seat: int, command: dict) -> None:
    """Breathe ``{}``: pay 1 oxygen the cheapest way to stay put; the turn ends (or the seat dies).

    Raises ``RuleViolation``: ``cannot_pay`` (docs/rules/selfish-space.md, 'A turn').
    """
    if oxygen(t.s["hands"][seat]) == 0:
        raise RuleViolation("cannot_pay", "You have no oxygen to breathe.")
    t.pay_one(seat, "breathe")
    if not t.check_death(seat):
        t.end_turn()


def breathe_with_actions(t: Table, seat: int, command: dict) -> None:
    """BreatheWithActions ``{"cards": [kind, kind]}``: discard two Actions instead of 1 oxygen.

    Raises ``RuleViolation``: ``bad_arguments``, ``not_an_action``, ``card_not_in_hand``
    (docs/rules/selfish-space.md, 'A turn').
    """
    cards = _pair_arg(command)
    if not all(c in ACTIONS for c in cards):
        raise RuleViolation("not_an_action", "Breathing this way needs two Action cards.")
    if not _holds(t.s["hands"][seat], cards):
        raise RuleViolation("card_not_in_hand", "You do not hold those two Action cards.")
    t.emit("CardsDiscarded", {"seat": seat, "cards": sorted(cards), "reason": "breathe"})
    t.end_turn()


def travel(t: Table, seat: int, command: dict) -> None:
    """Travel ``{"pay": "singles" | "double"}``: pay 2 oxygen, move forward, resolve the card.

    A traveller who paid their last oxygen dies only after the card resolves; the turn ends. Raises
    ``RuleViolation``: ``cannot_pay``, ``bad_arguments`` (docs/rules/selfish-space.md, 'A turn':
    Phase 3).
    """
    cards = travel_payment(command, t.s["hands"][seat], SINGLE, DOUBLE, "Oxygen")
    t.emit("CardsDiscarded", {"seat": seat, "cards": cards, "reason": "travel"})
    ops = [{"op": "move", "seat": seat}, {"op": "arrive", "seat": seat}]
    ops += t.travel_ops(seat, paid_last=oxygen(t.s["hands"][seat]) == 0)
    t.run(ops + [{"op": "end_turn"}])


# -- reaction window ------------------------------------------------------
def play_shield(t: Table, seat: int, command: dict) -> None:
    """PlayShield ``{}``: block the Action card in the reaction window (both cards discarded).

    Raises ``RuleViolation``: ``card_not_in_hand``, ``solar_flare`` (docs/rules/selfish-space.md,
    'The cards': Shield).
    """
    s = t.s
    if "shield" not in s["hands"][seat]:
        raise RuleViolation("card_not_in_hand", "You hold no Shield.")
    if flared(s, seat):
        raise RuleViolation("solar_flare", "You are under a Solar Flare and cannot play a Shield.")
    w = s["window"]
    t.emit("ShieldPlayed", {"seat": seat, "attacker": w["attacker"], "card": w["card"]})


def pass_(t: Table, seat: int, command: dict) -> None:
    """Pass ``{}``: close the reaction window and let the attacker's card resolve on this seat.

    Raises nothing of its own (docs/rules/selfish-space.md, 'The cards': Reaction window).
    """
    w = t.s["window"]
    t.emit("ReactionPassed", {"seat": seat, "attacker": w["attacker"], "card": w["card"]})
    t.resolve_action(w["attacker"], w["card"], seat)


# -- choices --------------------------------------------------------------
def _resume(t: Table, seat: int) -> dict:
    return t.resume(seat)


def take_card(t: Table, seat: int, command: dict) -> None:
    """TakeCard ``{"card": kind}``: the Hack Suit attacker takes that card from the target.

    The target may die of it; the rest of the move then resumes. Raises ``RuleViolation``:
    ``bad_arguments``, ``card_not_in_hand`` (not in the target's hand) (docs/rules/selfish-space.md,
    'The cards': Hack Suit).
    """
    card = _card_arg(command)
    target = t.s["choice"]["target"]
    if card not in t.s["hands"][target]:
        raise RuleViolation("card_not_in_hand", "That card is not in their hand.")
    _resume(t, seat)
    t.emit("CardsTaken", {"from": target, "to": seat, "cards": [card], "how": "hack_suit"})
    t.check_death(target)
    t.run()


def discard_cards(t: Table, seat: int, command: dict) -> None:
    """DiscardCards ``{"cards": [kind, kind]}``: the Meteoroid discard, any two held cards.

    The seat may die of it; the rest of the move then resumes. Raises ``RuleViolation``:
    ``bad_arguments``, ``card_not_in_hand`` (docs/rules/selfish-space.md, 'The cards': Space cards).
    """
    cards = _pair_arg(command)
    if not _holds(t.s["hands"][seat], cards):
        raise RuleViolation("card_not_in_hand", "You do not hold those two cards.")
    _resume(t, seat)
    t.emit("CardsDiscarded", {"seat": seat, "cards": sorted(cards), "reason": "meteoroid"})
    t.check_death(seat)
    t.run()


def swap_with(t: Table, seat: int, command: dict) -> None:
    """SwapWith ``{"target": seat}``: the Wormhole swap with any other astronaut, alive or dead.

    Raises ``RuleViolation``: ``bad_arguments``, ``illegal_target`` (own seat)
    (docs/rules/selfish-space.md, 'The board' and 'Ending and scoring': Wormhole).
    """
    target = _seat_arg(t.s, command, required=True)
    if target == seat:
        raise RuleViolation("illegal_target", "You must swap places with another astronaut.")
    _resume(t, seat)
    t.swap_tracks(seat, target)
    t.run()


COMMANDS = {
    "PlayAction": play_action, "SwapDouble": swap_double, "Breathe": breathe,
    "BreatheWithActions": breathe_with_actions, "Travel": travel,
    "PlayShield": play_shield, "Pass": pass_,
    "TakeCard": take_card, "DiscardCards": discard_cards, "SwapWith": swap_with,
}


decide = make_decide(PHASE, COMMANDS, Table, copy_state, phase_of)
decide.__doc__ = """Check ``command`` (a dict with a ``"type"``) from ``seat`` (an int) and return its events.

Returns a list of ``{"type", "data"}`` events; ``state`` is never mutated and ``rng``
(``random.Random``) is used for reshuffles and Tractor Beam. Raises ``RuleViolation``:
``game_over`` (409, not started or over), ``bad_arguments``, ``unknown_command``,
``not_your_turn`` (409), ``wrong_phase``, then whatever the command's handler raises
(docs/rules/selfish-space.md, 'A turn').
"""
