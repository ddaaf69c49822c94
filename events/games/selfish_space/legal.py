"""Who must act now (``pending``) and every command they may send
(``legal_commands``): complete command bodies, kinds not card instances."""
from __future__ import annotations

from events.games.contract import Decision
from events.games.selfish.commands import travel_options

from .cards import ACTIONS, DOUBLE, NAMES, NEEDS_TRACK, PLAYABLE, SINGLE, TARGETED, kind_pairs, pairs_of_kinds
from .decide import phase_of
from .state import active_seat, flared, singles_available, target_seats

BREATHE = {"type": "Breathe"}
PASS = {"type": "Pass"}
PLAYABLE_KINDS = frozenset(PLAYABLE)
ACTION_KINDS = frozenset(ACTIONS)
TARGETED_KINDS = frozenset(TARGETED)
NEEDS_TRACK_KINDS = frozenset(NEEDS_TRACK)


def pending(state) -> list[Decision]:
    """The ``Decision`` list due now: ``[]`` if not started or over, else one for the active seat.

    Kind ``"turn"`` (code ``turn``) defaults to Breathe (paid the cheapest way), ``"reaction"``
    (code ``shield``) to Pass, and ``"choice"`` (codes ``hack_suit``, ``meteoroid``,
    ``wormhole``) to the first of ``legal_commands``. Each carries a public label
    (docs/rules/selfish-space.md, 'Deadlines and defaults').
    """
    seat = active_seat(state)
    if seat is None:
        return []
    phase = phase_of(state)
    if phase == "turn":
        return [Decision(seat, "turn", dict(BREATHE), "turn",
                         f"Seat {seat} plays its turn: Action cards, then breathe or travel.")]
    if phase == "reaction":
        w = state["window"]
        return [Decision(seat, "reaction", dict(PASS), "shield",
                         f"Seat {seat} may play a Shield against {NAMES[w['card']]} from seat {w['attacker']}, "
                         f"or pass.")]
    options = legal_commands(state, seat)
    default = options[0] if options else dict(BREATHE)
    return [Decision(seat, "choice", default, phase, _pick_label(state, seat, phase))]


def _pick_label(state, seat: int, phase: str) -> str:
    if phase == "hack_suit":
        return f"Seat {seat} takes a card of its choice from seat {state['choice']['target']}'s hand (Hack Suit)."
    if phase == "meteoroid":
        return f"Seat {seat} discards two cards of its choice (Meteoroid)."
    return f"Seat {seat} picks another astronaut, alive or dead, to swap places with (Wormhole)."


def legal_commands(state, seat) -> list[dict]:
    """Every complete command ``seat`` may send now (dicts naming card kinds, not instances).

    ``[]`` unless ``seat`` is the active seat. In a turn: PlayAction per playable kind and target
    (none under a Solar Flare or after the two-player Action), SwapDouble, Breathe,
    BreatheWithActions per pair, Travel per way to pay; in a window: Pass, then PlayShield; in a
    choice: TakeCard per kind, DiscardCards per pair, SwapWith per other seat. The order is stable
    and its first item is the choice's default (docs/rules/selfish-space.md, 'A turn', 'The cards').
    """
    if seat is None or seat != active_seat(state):
        return []
    phase = phase_of(state)
    hand = state["hands"][seat]
    if phase == "turn":
        return _turn(state, seat, hand)
    if phase == "reaction":
        if "shield" in hand and not flared(state, seat):
            return [dict(PASS), {"type": "PlayShield"}]
        return [dict(PASS)]
    if phase == "hack_suit":
        target = state["choice"]["target"]
        return [{"type": "TakeCard", "card": k} for k in sorted(set(state["hands"][target]))]
    if phase == "meteoroid":
        return [{"type": "DiscardCards", "cards": p} for p in kind_pairs(hand)]
    # wormhole: any other astronaut, alive or dead
    return [{"type": "SwapWith", "target": s} for s in range(state["seats"]) if s != seat]


def _turn(state, seat, hand) -> list[dict]:
    """The turn's commands in ``legal_commands``'s order, from one pass over the hand's kinds in
    sorted order; the seats a card may target are found once, for both kinds of card, and only
    if a targeted card can be played (it runs before every bot move; docs/rules/selfish-space.md,
    'A turn' and 'The cards': Targets)."""
    out: list[dict] = []
    actions: list[str] = []
    can_play = not (state["two_player"] and state["actions"] >= 1) and not flared(state, seat)
    anyone = off_start = None
    for card in sorted(set(hand)):
        if card not in ACTION_KINDS:
            continue
        actions.append(card)
        if not can_play or card not in PLAYABLE_KINDS:
            continue
        if card not in TARGETED_KINDS:
            out.append({"type": "PlayAction", "card": card})
            continue
        if anyone is None:
            anyone, off_start = target_seats(state, seat)
        for target in (off_start if card in NEEDS_TRACK_KINDS else anyone):
            out.append({"type": "PlayAction", "card": card, "target": target})
    if DOUBLE in hand and not state["swapped"] and singles_available(state) >= 2:
        out.append({"type": "SwapDouble"})
    out.append({"type": "Breathe"})
    if len(actions) > 1 or actions and hand.count(actions[0]) >= 2:
        for pair in pairs_of_kinds(actions, hand):
            out.append({"type": "BreatheWithActions", "cards": pair})
    out += travel_options(hand, SINGLE, DOUBLE)
    return out
