"""Who must act now (``pending``) and every command they may send
(``legal_commands``): complete command bodies, kinds not card instances."""
from __future__ import annotations

from events.games.contract import Decision
from events.games.selfish.commands import travel_options

from .cards import ACTIONS, DOUBLE, NAMES, NEEDS_TRACK, PLAYABLE, SINGLE, TARGETED, kind_pairs, pairs_of_kinds
from .decide import phase_of
from .state import active_seat, flared, target_seats, two_singles_available

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
    return _commands(state, seat, phase_of(state))


def _commands(state, seat: int, phase: str) -> list[dict]:
    """``legal_commands`` for ``seat``, the seat to act, in ``phase`` (``phase_of(state)``)."""
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


def _turn_parts(state, seat, hand) -> tuple[list, int, bool, list[str]]:
    """What the turn offers, from the hand's Action kinds in sorted order: ``(plays, n_plays,
    swap, actions)``; ``plays``: ``(card, targets or None)`` per playable kind (``None``: it takes
    no target), ``n_plays`` the PlayAction commands they make, ``swap``: whether SwapDouble is
    legal, ``actions``: the Action kinds held, sorted (BreatheWithActions pairs them). The seats a
    card may target are found once, for both kinds of card, and only if a targeted card can be
    played (docs/rules/selfish-space.md, 'A turn' and 'The cards': Targets)."""
    actions = sorted(ACTION_KINDS.intersection(hand))
    plays: list = []
    n_plays = 0
    if actions and not (state["two_player"] and state["actions"] >= 1) and not flared(state, seat):
        anyone = off_start = None
        for card in actions:
            if card in TARGETED_KINDS:
                if anyone is None:
                    anyone, off_start = target_seats(state, seat)
                targets = off_start if card in NEEDS_TRACK_KINDS else anyone
                plays.append((card, targets))
                n_plays += len(targets)
            elif card in PLAYABLE_KINDS:
                plays.append((card, None))
                n_plays += 1
    swap = DOUBLE in hand and not state["swapped"] and two_singles_available(state)
    return plays, n_plays, swap, actions


def _turn(state, seat, hand) -> list[dict]:
    """The turn's commands in ``legal_commands``'s order, from ``_turn_parts``: PlayAction per
    play and target, SwapDouble, Breathe, BreatheWithActions per pair, Travel per way to pay."""
    plays, _n, swap, actions = _turn_parts(state, seat, hand)
    out: list[dict] = []
    for card, targets in plays:
        if targets is None:
            out.append({"type": "PlayAction", "card": card})
            continue
        for target in targets:
            out.append({"type": "PlayAction", "card": card, "target": target})
    if swap:
        out.append({"type": "SwapDouble"})
    out.append({"type": "Breathe"})
    if len(actions) > 1 or actions and hand.count(actions[0]) >= 2:
        for pair in pairs_of_kinds(actions, hand):
            out.append({"type": "BreatheWithActions", "cards": pair})
    out += travel_options(hand, SINGLE, DOUBLE)
    return out


def random_command(state, seat, rng) -> dict:
    """The ``random`` bot's pick: ``rng.choice(legal_commands(state, seat))``, the same draw and
    the same command, without listing a turn's commands: the turn's are counted from
    ``_turn_parts`` and only the one drawn is built (``rng.choice`` of an index draws what
    ``rng.choice`` of the list would; ``tests/games/test_selfish_fast_paths.py`` checks both
    agree). ``seat`` is the seat to act (``active_seat``), as ``events.games.bots.chooser``'s picks
    are handed."""
    phase = phase_of(state)
    if phase != "turn":
        return rng.choice(_commands(state, seat, phase))
    hand = state["hands"][seat]
    plays, n_plays, swap, actions = _turn_parts(state, seat, hand)
    travels = travel_options(hand, SINGLE, DOUBLE)
    k = len(actions)
    n_pairs = k * (k - 1) // 2
    for kind in actions:
        if hand.count(kind) >= 2:
            n_pairs += 1
    j = rng.choice(range(n_plays + swap + 1 + n_pairs + len(travels)))
    if j < n_plays:
        for card, targets in plays:
            if targets is None:
                if not j:
                    return {"type": "PlayAction", "card": card}
                j -= 1
            elif j < len(targets):
                return {"type": "PlayAction", "card": card, "target": targets[j]}
            else:
                j -= len(targets)
    j -= n_plays
    if swap:
        if not j:
            return {"type": "SwapDouble"}
        j -= 1
    if not j:
        return {"type": "Breathe"}
    j -= 1
    if j >= n_pairs:
        return travels[j - n_pairs]
    for i, first in enumerate(actions):          # ``pairs_of_kinds``'s order
        if hand.count(first) >= 2:
            if not j:
                return {"type": "BreatheWithActions", "cards": [first, first]}
            j -= 1
        rest = k - i - 1
        if j < rest:
            return {"type": "BreatheWithActions", "cards": [first, actions[i + 1 + j]]}
        j -= rest
    raise AssertionError("unreachable: j counts the pairs")
