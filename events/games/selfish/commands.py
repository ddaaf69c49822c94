"""Checking commands: argument parsers and the guard-then-dispatch ``decide``.

Every guard raises :class:`RuleViolation` with a stable code and one
sentence; nothing here mutates the state (``decide`` resolves on a copy).
"""
from __future__ import annotations

from events.games.contract import RuleViolation, bad_arguments, command_type, not_your_turn


bad = bad_arguments  # the ``bad_arguments`` violation (422) with a message


def card_arg(command: dict, deck: dict, example: str, name: str = "card") -> str:
    """``command[name]`` as a kind of ``deck``; raises ``bad_arguments`` otherwise."""
    card = command.get(name)
    if not isinstance(card, str) or card not in deck:
        raise bad(f"'{name}' must name a Game card kind, such as \"{example}\".")
    return card


def seat_arg(state, command: dict, required: bool, name: str = "target") -> int | None:
    """``command[name]`` as a seat number (``None`` if absent and not ``required``); raises
    ``bad_arguments`` for anything else."""
    target = command.get(name)
    if target is None and not required:
        return None
    if isinstance(target, bool) or not isinstance(target, int) or not 0 <= target < state["seats"]:
        raise bad(f"'{name}' must be the seat number of another player.")
    return target


def cards_arg(command: dict, deck: dict, n: int | None = None) -> list[str]:
    """``command["cards"]`` as a list of kinds of ``deck`` (exactly ``n`` if given); raises
    ``bad_arguments`` otherwise."""
    cards = command.get("cards")
    if (not isinstance(cards, list) or (n is not None and len(cards) != n)
            or not all(isinstance(c, str) and c in deck for c in cards)):
        count = "exactly two" if n == 2 else ("exactly %d" % n if n is not None else "the")
        raise bad(f"'cards' must list {count} Game card kinds.")
    return cards


def holds(hand: list[str], cards: list[str]) -> bool:
    """Whether ``hand`` holds every card of ``cards`` (counting repeats)."""
    return all(hand.count(c) >= cards.count(c) for c in cards)


def active_seat(state) -> int | None:
    """The seat that must act now: the one answering a reaction window, else the one making a
    pick, else the seat whose turn it is; ``None`` before the start and once the game is over."""
    if state is None or state["over"]:
        return None
    if state["window"] is not None:
        return state["window"]["seat"]
    if state["choice"] is not None:
        return state["choice"]["seat"]
    return state["turn"]


def make_decide(phases: dict, handlers: dict, table, copy_state, phase_of):
    """Build ``decide(state, seat, command, rng) -> events``; its attribute ``evolved`` is
    the same decision returning ``(events, state after them)`` (``Ruleset.decide_evolved``:
    the table's copy, each event folded in once as it was emitted), and ``in_place`` the
    same again resolving on ``state`` itself (``Ruleset.decide_in_place``: for a caller that
    gives the state up, such as self-play; ``state`` is then mutated, half-way if it raises).

    ``phases``: command type -> the phase it answers (or a tuple of phases); ``handlers``: command type ->
    ``handler(table, seat, command)``; ``table``: the edition's Table class; ``copy_state`` and
    ``phase_of(state)`` from the edition (the seat to act is :func:`active_seat`'s, in every
    edition). The guards run in this order: ``game_over`` (409), ``bad_arguments`` (not a
    command), ``unknown_command``, ``not_your_turn`` (409), ``wrong_phase``; then the handler's own
    checks.
    """
    allowed = {ctype: phase if isinstance(phase, tuple) else (phase,) for ctype, phase in phases.items()}

    def checked(state, seat, command) -> str:
        """The guards ``decide`` runs before the handler; returns the command's type."""
        if state is None:
            raise RuleViolation("game_over", "The game has not started.", status=409)
        if state["over"]:
            raise RuleViolation("game_over", "The game is over.", status=409)
        ctype = command.get("type") if command.__class__ is dict else None
        if ctype.__class__ is not str or ctype not in allowed:   # the sentences are command_type's
            ctype = command_type(command, phases)
        if seat != active_seat(state):
            raise not_your_turn()
        if phase_of(state) not in allowed[ctype]:
            raise RuleViolation("wrong_phase", f"{ctype} cannot be sent now.")
        return ctype

    def decide(state, seat, command, rng):
        """Check ``command`` from ``seat`` and return its events; ``state`` is never mutated."""
        return decide_evolved(state, seat, command, rng)[0]

    def decide_evolved(state, seat, command, rng):
        """``decide``, returning the events and the state after them."""
        ctype = checked(state, seat, command)
        t = table(copy_state(state), rng)
        handlers[ctype](t, seat, command)
        return t.events, t.s

    def decide_in_place(state, seat, command, rng):
        """``decide_evolved`` resolving on ``state`` itself (mutated and returned), not a copy."""
        t = table(state, rng)
        handlers[checked(state, seat, command)](t, seat, command)
        return t.events, t.s
    decide.evolved = decide_evolved
    decide.in_place = decide_in_place
    return decide


def travel_payment(command: dict, hand: list[str], single: str, double: str, noun: str) -> list[str]:
    """The cards a ``Travel {"pay": "singles" | "double"}`` command pays: two Singles or one Double.

    ``noun``: the resource's printed name (``"Oxygen"``, ``"Supplies"``). Raises ``cannot_pay``
    if the hand lacks them, ``bad_arguments`` for another ``pay`` (rules: travelling costs 2).
    """
    pay = command.get("pay")
    if pay == "singles":
        if hand.count(single) < 2:
            raise RuleViolation("cannot_pay", f"You need two Single {noun} cards to travel this way.")
        return [single, single]
    if pay == "double":
        if double not in hand:
            raise RuleViolation("cannot_pay", f"You need a Double {noun} card to travel this way.")
        return [double]
    raise bad("'pay' must be \"singles\" or \"double\".")


def travel_options(hand: list[str], single: str, double: str) -> list[dict]:
    """The ``Travel`` commands ``hand`` can pay for, in a stable order (singles, then double)."""
    out = []
    if hand.count(single) >= 2:
        out.append({"type": "Travel", "pay": "singles"})
    if double in hand:
        out.append({"type": "Travel", "pay": "double"})
    return out
