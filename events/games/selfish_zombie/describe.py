"""``describe(state, seat, command)``: a legal command as a person reads it, what it costs and what
is known of its result. Shown to that seat only, so it may use its own hand and the Wasteland cards
it looked at (docs/rules/selfish-zombie.md, 'A survivor's turn', 'A zombie's turn')."""
from __future__ import annotations

from .cards import ATTACK, DOUBLE, NAMES, SINGLE, supplies
from .state import position

_EFFECTS = {
    "abandoned_vehicle": {"spaces": 1}, "horde": {"target_spaces": -1}, "rampage": {"cards_taken": 1},
    "steal_supplies": {"supplies_taken": 2}, "alliance": {"follows": "target"}, "scout": {"cards_seen": 1},
    "zombie_trap": {"cards_seen": 3},
}


def _window(state) -> str:
    card = state["window"]["card"]
    return "the zombie attack" if card == ATTACK else NAMES[card]


def _play(command: dict) -> dict:
    card, targets = command["card"], [command.get("target"), command.get("second_target")]
    on = " and ".join(f"seat {t}" for t in targets if t is not None)
    effect = dict(_EFFECTS[card])
    if card == "rampage" and command.get("second_target") is not None:
        effect = {"cards_taken": 2}
    return {"label": f"Play {NAMES[card]}{' on ' + on if on else ''}.", "cost": {"action_cards": 1},
            "effect": effect}


def _pick(state, seat: int, command: dict) -> dict:
    kind = command["type"]
    if kind == "DiscardCard":
        card = command["card"]
        cost = {"supplies": 1 if card == SINGLE else 2} if card in (SINGLE, DOUBLE) else {"action_cards": 1}
        return {"label": f"Discard {NAMES[card]}.", "cost": cost, "effect": None}
    if kind == "PlaceScouted":
        card = NAMES[state["choice"]["cards"][0]]
        where = "on top of the Wasteland deck" if command["where"] == "top" else "under the Wasteland deck"
        return {"label": f"Put {card} back {where}.", "cost": None, "effect": None}
    if kind == "OrderWasteland":
        order = ", ".join(NAMES[c] for c in command["cards"])
        return {"label": f"Put the Wasteland cards back in this order, top first: {order}.", "cost": None,
                "effect": None}
    offer = state["choice"]["choice"]
    if kind == "Accept":
        if offer == "settlement":
            return {"label": "Draw a Game card at the Settlement.", "cost": None, "effect": {"cards_drawn": 1}}
        return {"label": "Roll the die at the Shopping Mall and draw that many Game cards.", "cost": None,
                "effect": {"roll_die": True}}
    return {"label": f"Leave the {NAMES[offer]} without drawing.", "cost": None, "effect": None}


def describe(state, seat: int, command: dict) -> dict:
    """``{"label", "cost", "effect"}`` for ``command``, a legal command of ``seat``.

    ``cost`` in the catalogue's resources (``supplies``, ``action_cards``, ``action_points``) or
    ``None``; ``effect``: what is known of the result or ``None``. Never raises for a legal command.
    """
    kind = command.get("type")
    if kind == "PlayAction":
        return _play(command)
    if kind == "Rest":
        last = " It is your last Supplies: you turn into a zombie." if supplies(state["hands"][seat]) <= 1 else ""
        return {"label": f"Rest, paying one Supplies.{last}", "cost": {"supplies": 1}, "effect": None}
    if kind == "Travel":
        how = "two Supplies" if command["pay"] == "singles" else "a Double Supplies"
        return {"label": f"Travel one space forward, paying {how}.", "cost": {"supplies": 2}, "effect": {"spaces": 1}}
    if kind == "PlayBodyArmor":
        return {"label": f"Block {_window(state)} with Body Armor.", "cost": {"action_cards": 1},
                "effect": {"blocked": state["window"]["card"]}}
    if kind == "PlayUnderestimate":
        attacker = state["window"]["attacker"]
        return {"label": f"Turn {_window(state)} back on seat {attacker} with Underestimate.",
                "cost": {"action_cards": 1}, "effect": {"turned_back": state["window"]["card"]}}
    if kind == "Pass":
        return {"label": f"Let {_window(state)} take effect.", "cost": None, "effect": None}
    if kind == "ZombieMove":
        to = position(state, seat) + (1 if command["direction"] == "forward" else -1)
        return {"label": f"Move {command['direction']} to space {to}.", "cost": {"action_points": 1},
                "effect": {"position": to}}
    if kind == "Attack":
        return {"label": f"Attack seat {command['target']}.", "cost": {"action_points": 1},
                "effect": {"target_cards": -1}}
    if kind == "EndTurn":
        return {"label": "End the zombie's turn.", "cost": None, "effect": None}
    return _pick(state, seat, command)
