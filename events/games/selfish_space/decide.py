"""decide(state, seat, command, rng) -> events: guard clauses, then resolution.

Guards raise :class:`RuleViolation` with a stable code; ``decide`` never
mutates the state it is given (it resolves on a copy, see ``resolve.py``).
"""
from __future__ import annotations

from events.games.contract import RuleViolation, not_your_turn

from .cards import ACTIONS, DOUBLE, GAME_DECK, NAMES, PLAYABLE, SINGLE, TARGETED, oxygen
from .resolve import Table
from .state import active_seat, copy_state, flared, singles_available, targets

#: command type -> the kind of pending decision it answers.
PHASE = {
    "PlayAction": "turn", "SwapDouble": "turn", "Breathe": "turn",
    "BreatheWithActions": "turn", "Travel": "turn",
    "PlayShield": "reaction", "Pass": "reaction",
    "TakeCard": "hack_suit", "DiscardCards": "meteoroid", "SwapWith": "wormhole",
}


def _bad(message: str) -> RuleViolation:
    return RuleViolation("bad_arguments", message)


def _card_arg(command: dict, name: str = "card") -> str:
    card = command.get(name)
    if not isinstance(card, str) or card not in GAME_DECK:
        raise _bad(f"'{name}' must name a Game card kind, such as \"laser_blast\".")
    return card


def _seat_arg(state, command: dict, required: bool) -> int | None:
    target = command.get("target")
    if target is None and not required:
        return None
    if isinstance(target, bool) or not isinstance(target, int) or not 0 <= target < state["seats"]:
        raise _bad("'target' must be the seat number of another astronaut.")
    return target


def _pair_arg(command: dict) -> list[str]:
    cards = command.get("cards")
    if not isinstance(cards, list) or len(cards) != 2 or not all(isinstance(c, str) and c in GAME_DECK for c in cards):
        raise _bad("'cards' must list exactly two Game card kinds.")
    return cards


def _holds(hand: list[str], cards: list[str]) -> bool:
    return all(hand.count(c) >= cards.count(c) for c in cards)


def phase_of(state) -> str:
    if state["window"] is not None:
        return "reaction"
    if state["choice"] is not None:
        return state["choice"]["choice"]
    return "turn"


def decide(state, seat, command, rng):
    if state is None:
        raise RuleViolation("game_over", "The game has not started.", status=409)
    if state["over"]:
        raise RuleViolation("game_over", "The game is over.", status=409)
    if not isinstance(command, dict) or not isinstance(command.get("type"), str):
        raise _bad("A command is an object with a 'type'.")
    ctype = command["type"]
    if ctype not in PHASE:
        raise RuleViolation("unknown_command", f"'{ctype}' is not a command of this game.")
    if seat != active_seat(state):
        raise not_your_turn()
    if PHASE[ctype] != phase_of(state):
        raise RuleViolation("wrong_phase", f"{ctype} cannot be sent now.")
    table = Table(copy_state(state), rng)
    COMMANDS[ctype](table, seat, command)
    return table.events


# -- the turn -------------------------------------------------------------
def play_action(t: Table, seat: int, command: dict) -> None:
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
    s = t.s
    if DOUBLE not in s["hands"][seat]:
        raise RuleViolation("card_not_in_hand", "You hold no Double Oxygen.")
    if s["swapped"]:
        raise RuleViolation("swap_limit", "You have already swapped a Double this turn.")
    if singles_available(s) < 2:
        raise RuleViolation("no_singles", "There are not two Single Oxygen cards to swap for.")
    t.swap_double(seat, auto=False)


def breathe(t: Table, seat: int, command: dict) -> None:
    if oxygen(t.s["hands"][seat]) == 0:
        raise RuleViolation("cannot_pay", "You have no oxygen to breathe.")
    t.pay_one(seat, "breathe")
    if not t.check_death(seat):
        t.end_turn()


def breathe_with_actions(t: Table, seat: int, command: dict) -> None:
    cards = _pair_arg(command)
    if not all(c in ACTIONS for c in cards):
        raise RuleViolation("not_an_action", "Breathing this way needs two Action cards.")
    if not _holds(t.s["hands"][seat], cards):
        raise RuleViolation("card_not_in_hand", "You do not hold those two Action cards.")
    t.emit("CardsDiscarded", {"seat": seat, "cards": sorted(cards), "reason": "breathe"})
    t.end_turn()


def travel(t: Table, seat: int, command: dict) -> None:
    pay = command.get("pay")
    hand = t.s["hands"][seat]
    if pay == "singles":
        if hand.count(SINGLE) < 2:
            raise RuleViolation("cannot_pay", "You need two Single Oxygen cards to travel this way.")
        cards = [SINGLE, SINGLE]
    elif pay == "double":
        if DOUBLE not in hand:
            raise RuleViolation("cannot_pay", "You need a Double Oxygen card to travel this way.")
        cards = [DOUBLE]
    else:
        raise _bad("'pay' must be \"singles\" or \"double\".")
    t.emit("CardsDiscarded", {"seat": seat, "cards": cards, "reason": "travel"})
    ops = [{"op": "move", "seat": seat}, {"op": "arrive", "seat": seat}]
    if oxygen(t.s["hands"][seat]) == 0:
        ops.append({"op": "travel_check", "seat": seat})
    ops.append({"op": "end_turn"})
    t.run(ops)


# -- reaction window ------------------------------------------------------
def play_shield(t: Table, seat: int, command: dict) -> None:
    s = t.s
    if "shield" not in s["hands"][seat]:
        raise RuleViolation("card_not_in_hand", "You hold no Shield.")
    if flared(s, seat):
        raise RuleViolation("solar_flare", "You are under a Solar Flare and cannot play a Shield.")
    w = s["window"]
    t.emit("ShieldPlayed", {"seat": seat, "attacker": w["attacker"], "card": w["card"]})


def pass_(t: Table, seat: int, command: dict) -> None:
    w = t.s["window"]
    t.emit("ReactionPassed", {"seat": seat, "attacker": w["attacker"], "card": w["card"]})
    t.resolve_action(w["attacker"], w["card"], seat)


# -- choices --------------------------------------------------------------
def _resume(t: Table, seat: int) -> dict:
    choice = t.s["choice"]
    t.queue = [dict(op) for op in choice["then"]]
    t.emit("ChoiceMade", {"seat": seat, "choice": choice["choice"]})
    return choice


def take_card(t: Table, seat: int, command: dict) -> None:
    card = _card_arg(command)
    target = t.s["choice"]["target"]
    if card not in t.s["hands"][target]:
        raise RuleViolation("card_not_in_hand", "That card is not in their hand.")
    _resume(t, seat)
    t.emit("CardsTaken", {"from": target, "to": seat, "cards": [card], "how": "hack_suit"})
    t.check_death(target)
    t.run()


def discard_cards(t: Table, seat: int, command: dict) -> None:
    cards = _pair_arg(command)
    if not _holds(t.s["hands"][seat], cards):
        raise RuleViolation("card_not_in_hand", "You do not hold those two cards.")
    _resume(t, seat)
    t.emit("CardsDiscarded", {"seat": seat, "cards": sorted(cards), "reason": "meteoroid"})
    t.check_death(seat)
    t.run()


def swap_with(t: Table, seat: int, command: dict) -> None:
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
