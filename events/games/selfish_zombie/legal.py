"""Who must act now (``pending``) and every command they may send
(``legal_commands``): complete command bodies naming card kinds, small lists
in a stable order (the first is a choice's default)."""
from __future__ import annotations

from itertools import permutations

from events.games.contract import Decision
from events.games.selfish.commands import travel_options
from events.games.selfish.reactions import PASS

from .cards import ATTACK, DOUBLE, NAMES, PLAYABLE, SINGLE, TARGETED
from .state import active_seat, phase_of, position, prey, survivors, targets, zombie_steps

REST = {"type": "Rest"}


def zombie_default(state, seat: int) -> dict:
    """A zombie's deadline default: attack the first survivor on its level if any, else move one
    space towards the nearest survivor (ties: the lower seat), else end the turn."""
    here = prey(state, seat)
    if here:
        return {"type": "Attack", "target": here[0]}
    mine = position(state, seat)
    living = survivors(state)
    if living:
        nearest = min(living, key=lambda s: (abs(position(state, s) - mine), s))
        direction = "forward" if position(state, nearest) > mine else "back"
        if direction in zombie_steps(state, seat):
            return {"type": "ZombieMove", "direction": direction}
    return {"type": "EndTurn"}


def pending(state) -> list[Decision]:
    """The ``Decision`` due now: ``[]`` if not started or over, else one for the active seat, with
    its code and public label.

    A survivor's turn (``turn``) defaults to Rest, a zombie's turn (``zombie_turn``) to
    ``zombie_default``, a reaction window (``reaction``) to Pass, a pick (``discard``, ``scout``,
    ``zombie_trap``, ``settlement``, ``shopping_mall``) to the first of ``legal_commands``
    (docs/rules/selfish-zombie.md, 'Deadlines and defaults').
    """
    seat = active_seat(state)
    if seat is None:
        return []
    phase = phase_of(state)
    if phase == "turn":
        return [Decision(seat, "turn", dict(REST), "turn",
                         f"Seat {seat} plays its turn: Action cards, then rest or travel.")]
    if phase == "zombie":
        return [Decision(seat, "turn", zombie_default(state, seat), "zombie_turn",
                         f"Seat {seat}, a zombie, has {state['points']} action points to move or attack.")]
    if phase == "reaction":
        return [Decision(seat, "reaction", dict(PASS), "reaction", _reaction_label(state["window"]))]
    options = legal_commands(state, seat)
    return [Decision(seat, "choice", options[0] if options else {"type": "Decline"}, phase,
                     _pick_label(state, seat, phase))]


def _reaction_label(w: dict) -> str:
    seat, attacker, card = w["seat"], w["attacker"], w["card"]
    if card == ATTACK:
        return f"Seat {seat} may block the zombie attack of seat {attacker} with Body Armor, or pass."
    if w["reflected"]:
        return (f"Seat {seat} may block the {NAMES[card]} seat {attacker} turned back on it with Body Armor, "
                f"or pass.")
    return (f"Seat {seat} may block {NAMES[card]} from seat {attacker} with Body Armor, turn it back with "
            f"Underestimate, or pass.")


def _pick_label(state, seat: int, phase: str) -> str:
    choice = state["choice"]
    if phase == "discard":
        more = "1 more card" if choice["left"] == 1 else f"{choice['left']} more cards"
        return f"Seat {seat} discards {more} of its choice ({NAMES[choice['reason']]})."
    if phase == "scout":
        return f"Seat {seat} puts the Wasteland card it looked at back on top of the deck or at the bottom (Scout)."
    if phase == "zombie_trap":
        looked = "Wasteland card" if len(choice["cards"]) == 1 else f"{len(choice['cards'])} Wasteland cards"
        return f"Seat {seat} puts the {looked} it looked at back on top in any order (Zombie Trap)."
    if phase == "settlement":
        return f"Seat {seat} may draw a Game card at the Settlement, or decline."
    return f"Seat {seat} may roll the die at the Shopping Mall and draw that many Game cards, or decline."


def legal_commands(state, seat) -> list[dict]:
    """Every complete command ``seat`` may send now; ``[]`` unless it is the active seat.

    A survivor's turn: PlayAction per playable kind held and target (Rampage: per ordered pair of
    targets when two can be had: the first answers first), Rest, Travel per way to pay. A window: Pass, then PlayBodyArmor and
    PlayUnderestimate if held and allowed. Choices: DiscardCard per kind held, PlaceScouted top
    or bottom, OrderWasteland per distinct order. A zombie: Attack per survivor on its level,
    ZombieMove per direction, EndTurn (docs/rules/selfish-zombie.md).
    """
    if seat is None or seat != active_seat(state):
        return []
    return commands_now(state, seat)


def commands_now(state, seat: int) -> list[dict]:
    """``legal_commands(state, seat)`` for ``seat``, the seat to act (``active_seat``), which it
    does not check again (the ``random`` bot's direct pick reads it so)."""
    phase = phase_of(state)
    hand = state["hands"][seat]
    if phase == "turn":
        return _turn(state, seat, hand) + [dict(REST)] + travel_options(hand, SINGLE, DOUBLE)
    if phase == "zombie":
        return ([{"type": "Attack", "target": t} for t in prey(state, seat)]
                + [{"type": "ZombieMove", "direction": d} for d in zombie_steps(state, seat)]
                + [{"type": "EndTurn"}])
    if phase == "reaction":
        w = state["window"]
        out = [dict(PASS)]
        if "body_armor" in hand:
            out.append({"type": "PlayBodyArmor"})
        if "underestimate" in hand and w["card"] != ATTACK and not w["reflected"]:
            out.append({"type": "PlayUnderestimate"})
        return out
    if phase == "discard":
        return [{"type": "DiscardCard", "card": k} for k in sorted(set(hand))]
    if phase in ("settlement", "shopping_mall"):
        return [{"type": "Accept"}, {"type": "Decline"}]
    if phase == "scout":
        return [{"type": "PlaceScouted", "where": "top"}, {"type": "PlaceScouted", "where": "bottom"}]
    orders = sorted(set(permutations(state["choice"]["cards"])))
    return [{"type": "OrderWasteland", "cards": list(o)} for o in orders]


PLAYABLE_KINDS = frozenset(PLAYABLE)


def _turn(state, seat, hand) -> list[dict]:
    out: list[dict] = []
    for card in sorted(PLAYABLE_KINDS.intersection(hand)):   # the playable kinds held, sorted
        if card not in TARGETED:
            out.append({"type": "PlayAction", "card": card})
            continue
        options = targets(state, seat, card)
        if card == "rampage" and len(options) >= 2:
            out += [{"type": "PlayAction", "card": card, "target": a, "second_target": b}
                    for a in options for b in options if a != b]
        else:
            for t in options:
                out.append({"type": "PlayAction", "card": card, "target": t})
    return out
