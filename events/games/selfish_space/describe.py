"""``describe(state, seat, command)``: a legal command as a person reads it, what it costs and what
is known of its result. Shown to that seat only, so it may use its own hand (docs/rules/selfish-space.md,
'A turn' and 'The cards')."""
from __future__ import annotations

from .cards import DOUBLE, NAMES, SINGLE, oxygen
from .state import can_split, position

_EFFECTS = {
    "oxygen_siphon": {"oxygen_taken": 2}, "hack_suit": {"cards_taken": 1}, "tractor_beam": {"cards_taken": 1},
    "laser_blast": {"target_spaces": -1}, "hole_in_suit": {"target_oxygen": -1},
    "rocket_booster": {"spaces": 1}, "tether": {"spaces": 1, "target_spaces": -1},
}


def _names(cards: list[str]) -> str:
    return " and ".join(NAMES[c] for c in cards)


def _breathe(state, seat: int) -> dict:
    hand = state["hands"][seat]
    if SINGLE in hand or DOUBLE not in hand:
        how = "paying one Single Oxygen"
    elif can_split(state, seat):
        how = "splitting a Double Oxygen to pay one"
    else:
        how = "spending a whole Double Oxygen (no Singles can be had)"
    last = " It is your last Oxygen: you die." if oxygen(hand) <= 1 else ""
    return {"label": f"Breathe, {how}.{last}", "cost": {"oxygen": 1}, "effect": None}


def describe(state, seat: int, command: dict) -> dict:
    """``{"label", "cost", "effect"}`` for ``command``, a legal command of ``seat``.

    ``cost`` in the catalogue's resources (``oxygen``, ``action_cards``) or ``None``; ``effect``: what is
    known of the result (spaces moved, cards or Oxygen taken) or ``None``. Never raises for a legal
    command.
    """
    kind = command.get("type")
    if kind == "PlayAction":
        card, target = command["card"], command.get("target")
        on = f" on seat {target}" if target is not None else ""
        return {"label": f"Play {NAMES[card]}{on}.", "cost": {"action_cards": 1}, "effect": dict(_EFFECTS[card])}
    if kind == "SwapDouble":
        return {"label": "Swap a Double Oxygen for two Single Oxygen.", "cost": None,
                "effect": {"single_oxygen": 2, "double_oxygen": -1}}
    if kind == "Breathe":
        return _breathe(state, seat)
    if kind == "BreatheWithActions":
        return {"label": f"Breathe by discarding {_names(command['cards'])}.", "cost": {"action_cards": 2},
                "effect": None}
    if kind == "Travel":
        how = "two Single Oxygen" if command["pay"] == "singles" else "a Double Oxygen"
        return {"label": f"Travel one space forward, paying {how}.", "cost": {"oxygen": 2}, "effect": {"spaces": 1}}
    if kind == "PlayShield":
        card = NAMES[state["window"]["card"]]
        return {"label": f"Block {card} with a Shield.", "cost": {"action_cards": 1}, "effect": {"blocked": card}}
    if kind == "Pass":
        return {"label": f"Let {NAMES[state['window']['card']]} take effect.", "cost": None, "effect": None}
    if kind == "TakeCard":
        target = state["choice"]["target"]
        return {"label": f"Take {NAMES[command['card']]} from seat {target}'s hand.", "cost": None,
                "effect": {"cards_taken": 1}}
    if kind == "DiscardCards":
        cards = command["cards"]
        units = sum(1 if c == SINGLE else 2 if c == DOUBLE else 0 for c in cards)
        cost = {k: v for k, v in (("oxygen", units), ("action_cards", 2 - sum(c in (SINGLE, DOUBLE) for c in cards)))
                if v}
        return {"label": f"Discard {_names(cards)}.", "cost": cost or None, "effect": None}
    target = command["target"]
    return {"label": f"Swap places with seat {target}, on space {position(state, target)}.", "cost": None,
            "effect": {"position": position(state, target)}}
