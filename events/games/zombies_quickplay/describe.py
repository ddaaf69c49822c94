"""``describe(state, seat, command)``: a legal command as a person reads it, what it costs (in the
catalogue's resources: life, bullets, kills) and what is known of its result. Shown only to
``seat``, so it may name that seat's own cards."""
from __future__ import annotations

from .cards import KILL_ROLL, NAMES, TEXTS
from .combat import building_cells
from .state import V4, V5, level
from .tiles import TILES, key, kind, parse

DIRECTIONS = {(0, -1): "north", (1, 0): "east", (0, 1): "south", (-1, 0): "west"}


def _where(state, x, y, origin: str | None = None) -> str:
    step = None
    if origin is not None:
        ox, oy = parse(origin)
        step = DIRECTIONS.get((x - ox, y - oy))
    text = f"({x}, {y})"
    return f"{step} to {text}" if step else text


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _tile(state) -> str:
    return TILES[state["drawn"]]["name"] if state["drawn"] in TILES else "the tile"


def _combat_bonus(state, seat) -> int:
    fx = state["fx"]
    bonus = 1 if "fire_axe" in state["items"][seat] else 0
    bonus += 2 if fx["chainsaw"] else 0
    bonus += 2 if fx["molotov"] and fx["molotov"] in building_cells(state, state["pawns"][seat]) else 0
    bonus += 1 if fx["shotgun"][seat] > 0 else 0
    bonus += 2 if fx["adrenaline"][seat] else 0
    return bonus


def _play(state, seat, command) -> dict:
    card = command["card"]
    name = NAMES[card]
    target = command.get("target")
    if "item" in command:
        what = "2 bullets" if command["item"] == "bullets" else f"its {NAMES[command['item']]}"
        text = f"Play {name}: seat {target} loses {what}."
    elif target is not None:
        text = f"Play {name} on seat {target}."
    elif "x" in command:
        cell = key(command["x"], command["y"])
        text = f"Play {name} on the {TILES[state['tiles'][cell]['tile']]['name']} at tile cell ({command['x']}, " \
               f"{command['y']})."
    else:
        text = f"Play {name}."
    cost = {"life": 1} if card == "bad_sense_of_direction" else None
    return {"label": text + " " + TEXTS[card], "cost": cost, "effect": None}


def describe(state, seat, command) -> dict:
    """``{"label", "cost", "effect"}`` for a legal ``command`` of ``seat`` (docs/rules/zombies-quickplay.md)."""
    ctype = command["type"]
    x, y = command.get("x"), command.get("y")
    cost = effect = None
    if ctype == "PickTileSpot":
        label = f"Lay the {_tile(state)} at tile cell ({x}, {y})."
    elif ctype == "PlaceTile":
        turns = command["rotation"]
        label = f"Turn the {_tile(state)} {turns} quarter turn{'s' if turns != 1 else ''} clockwise and lay it."
    elif ctype == "PlaceZombie":
        label = f"Put a street zombie on {_where(state, x, y)}."
    elif ctype == "Bid":
        label = f"Bid {_count(command['kills'], 'kill')} for the Helipad (paid only if you win the bidding)."
        cost = {"kills": command["kills"]}
    elif ctype == "PassBid":
        label = "Pass: leave the Helipad bidding for good."
    elif ctype == "Fight":
        bonus = _combat_bonus(state, seat)
        label = f"Fight: roll the die{f' +{bonus}' if bonus else ''}; a total of 4 or more kills the zombie."
        effect = {"bonus": bonus}
    elif ctype == "SpendBullets":
        need = KILL_ROLL - state["combat"]["total"]
        label = f"Spend {need} bullet{'s' if need != 1 else ''} to raise the roll to 4: the zombie dies."
        cost, effect = {"bullets": need}, {"kills": 1}
    elif ctype == "LoseLife":
        last = state["life"][seat] == 1 and level(state) >= V4
        label = "Lose your last life token: the fight and your movement end." if last \
            else "Lose a life token and fight on."
        cost = {"life": 1}
    elif ctype == "RollMovement":
        label = f"Roll for movement (at least {_count(state['life_at_start'], 'space')})."
    elif ctype == "Move":
        k = key(x, y)
        zombie = k in state["zombies"] and state["fx"]["food"] is None
        token = state["tokens"].get(k)
        into = {"D": " (a door)", "B": " (inside the building)"}.get(kind(state["tiles"], x, y), "")
        onto = f", taking the {token} token." if level(state) < V5 else f", where a {token} token lies."
        label = f"Step {_where(state, x, y, state['pawns'][state['turn']])}{into}" + \
            (": a zombie is there, fight it." if zombie else onto if token else ".")
        effect = {"fight": zombie}
    elif ctype == "EndMove":
        left = state["move"]["left"]
        label = f"Stop moving ({left} step{'s' if left != 1 else ''} unused)."
    elif ctype == "ChooseZombie":
        label = f"Choose the zombie at ({x}, {y}) to move next."
    elif ctype == "MoveZombie":
        at = state["zm"]["current"]["at"]
        pawn = key(x, y) in state["pawns"]
        label = f"Step the zombie {_where(state, x, y, at)}" + (", onto a pawn." if pawn else ".")
    elif ctype == "EndZombieMoves":
        label = f"Stop moving zombies ({_count(state['zm']['left'], 'step')} unused)."
    elif ctype == "Discard":
        label = f"Discard {NAMES[command['card']]} and end your turn."
    elif ctype == "EndTurn":
        label = "End your turn without discarding."
    elif ctype == "PlayCard":
        return _play(state, seat, command)
    elif ctype == "UseItem":
        card = command["card"]
        if card == "first_aid_kit":
            label = "Discard your First Aid Kit instead of losing a life token."
        else:
            label = f"Use your {NAMES[card]}: {TEXTS[card]}"
        cost = {"life": 1} if card == "grenade" else None
    elif ctype == "ClaimToken":
        token = state["tokens"][state["pawns"][seat]]
        label = f"Claim the {token} token on your space: +1 {'life' if token == 'life' else 'bullet'}."
        effect = {"life" if token == "life" else "bullets": 1}
    elif ctype == "Pass":
        label = "Pass: play no card now."
    elif ctype == "PickSpace":
        choice = state["choice"]
        if choice["kind"] == "push":
            label = f"Move seat {choice['target']} {_where(state, x, y, state['pawns'][choice['target']])}."
        elif choice["kind"] == "so_bad" and choice["picked"] is None:
            label = f"Lift the zombie at ({x}, {y})."
        else:
            label = f"Put a zombie on ({x}, {y})."
    elif ctype == "StopChoice":
        label = f"Stop moving seat {state['choice']['target']} ({_count(state['choice']['left'], 'space')} unused)."
    else:
        label = ctype
    return {"label": label, "cost": cost, "effect": effect}
