"""``describe(state, seat, command)``: a legal command as a person reads it, what it costs and
what is known of its result (docs/rules/one-against-the-dead.md, 'A round' and 'Weapons').

Costs are in the catalogue's resources (``ap``, ``fuel``, ``shells``); effects name what the rules
fix before any card is drawn or coin flipped: the zombies a placed card gets, a die's next value,
the Greater Zombies owed to the Jokers, the zombies a Bat weakens or kills.
"""
from __future__ import annotations

from events.games.contract import plain_label

from .cards import around, card_name, gets_die, key, rank
from .legal import legal_commands
from .resolve import bat
from .state import feel_good, greater, jokers, lesser, move_cost, spawn_count, zombie_count

_WEAPON_NAMES = {"bat": "Baseball Bat", "chainsaw": "Chainsaw", "shotgun": "Shotgun"}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _at(command: dict) -> str:
    return key(command["x"], command["y"])


def _where(state, place: str) -> str:
    x, y = place.split(",")
    card = state["city"].get(place)
    return f"the {card_name(card)} at ({x}, {y})" if card else f"({x}, {y})"


def _joker_zombies(state, ap: int) -> int:
    return ap if jokers(state) else 0


def _move(state, command):
    to = _at(command)
    cost = move_cost(state, state["player"], to)
    why = "it shares a suit or rank with yours" if cost == 1 else "it shares neither suit nor rank with yours"
    to_fill = sum(1 for p in around(to) if p not in state["city"] or p in state["face_down"])
    effect = {"ap_left": state["ap"] - cost, "places_to_check_out": to_fill,
              "zombies_there": zombie_count(state, to)}
    return f"Move to {_where(state, to)} for {cost} AP ({why}).", {"ap": cost}, effect


def _decrement(state, command):
    place = _at(command)
    value = state["dice"][place] - 1
    ace = rank(state["city"][place]) == "A"
    what = "rescuing the survivor" if ace else "finding a weapon"
    text = f"its die goes from {value + 1} to {value}" if value else f"its last pip, {what}"
    effect = {"die": value, "joker_zombies": _joker_zombies(state, 1)}
    if not value:
        effect["rescues_survivor" if ace else "finds_weapon"] = True
    return f"Dig at {_where(state, place)} for 1 AP: {text}.", {"ap": 1}, effect


def _end_actions(state, _command):
    due = _joker_zombies(state, state["ap"] + state["die_ap"])
    text = f"End the action phase with {state['ap']} AP unused"
    if due:
        text += f" ({_plural(due, 'Greater Zombie')} for the Jokers)"
    return text + ".", None, {"ap_unused": state["ap"], "joker_zombies": due}


def _concede(state, _command):
    points = feel_good(state)
    return (f"Concede: the Ending Location can no longer be reached; the game ends lost with {points} Feel "
            f"Good points.", None, {"feel_good_points": points})


def _place_card(state, command):
    place, card = _at(command), state["drawn"]
    misses = spawn_count(state, card, place)
    greater_n, lesser_n = min(misses, 1), max(misses - 1, 0)
    parts = []
    if greater_n:
        parts.append("1 Greater Zombie")
    if lesser_n:
        parts.append(_plural(lesser_n, "Lesser Zombie"))
    text = " and ".join(parts) or "no zombie"
    if gets_die(card):
        text += ", and a die"
    effect = {"greater_zombies": greater_n, "lesser_zombies": lesser_n, "gets_die": gets_die(card)}
    return f"Put the {card_name(card)} at ({command['x']}, {command['y']}): {text}.", None, effect


def _weapon_text(weapon) -> str:
    name = _WEAPON_NAMES[weapon["kind"]]
    if weapon["die"] is None:
        return f"the {name}"
    return f"the {name} ({weapon['die']} {'fuel' if weapon['kind'] == 'chainsaw' else 'shells'})"


def _choose_weapon(state, command):
    carried, found, keep = state["weapon"], state["found"], command["keep"]
    if keep == "combined":
        shells = min(6, carried["die"] + found["die"])
        return (f"Combine the two shotguns: {shells} shells.", None, {"weapon": "shotgun", "die": shells})
    kept, left = (carried, found) if keep == "carried" else (found, carried)
    if kept is None:
        return f"Take {_weapon_text(found)}.", None, {"weapon": found["kind"]}
    text = f"Keep {_weapon_text(kept)}" + (f"; {_weapon_text(left)} leaves the game." if left else ".")
    effect = {"weapon": kept["kind"]}
    if kept["die"] is not None:
        effect["die"] = kept["die"]
    return text, None, effect


def _joker(state, command):
    return (f"Put a heads-up Greater Zombie on the Joker at ({command['x']}, {command['y']}) "
            f"({state['jokers_due']} still to place).", None, {"greater_zombies": 1})


def _here(state) -> dict:
    z = state["zombies"].get(state["player"]) or {}
    return {k: z.get(k, 0) for k in ("GH", "GT", "LH", "LT")}


def _fists(state, command):
    g, l_ = command["greater"], command["lesser"]
    parts = [_plural(n, f"{kind} Zombie") for n, kind in ((g, "Greater"), (l_, "Lesser")) if n]
    return f"Fists of Fury on {' and '.join(parts)}.", None, {"zombies_flipped": g + l_}


def _bat(state, command):
    here, target = _here(state), command["target"]
    hit = greater(here) if target == "greater" else lesser(here)
    _, killed = bat(here, target)
    text = f"Swing the Baseball Bat at the {_plural(hit, target.capitalize() + ' Zombie')} on your card"
    return (text + (f", killing {killed}." if killed else "."), None,
            {"zombies_weakened": hit, "zombies_killed": killed})


def _chainsaw(state, _command):
    n, fuel = sum(_here(state).values()), state["weapon"]["die"]
    return (f"Chainsaw the {_plural(n, 'zombie')} on your card (fuel {fuel} -> {fuel - 1}).", {"fuel": 1},
            {"zombies_flipped": n, "fuel_left": fuel - 1})


def _shotgun(state, _command):
    here, shells = _here(state), state["weapon"]["die"]
    killed, flipped = lesser(here), greater(here)
    return (f"Fire the Shotgun: {_plural(killed, 'Lesser Zombie')} killed, {_plural(flipped, 'Greater Zombie')} "
            f"flipped (shells {shells} -> {shells - 1}).", {"shells": 1},
            {"zombies_killed": killed, "zombies_flipped": flipped, "shells_left": shells - 1})


def _skip(_state, _command):
    return "Do not attack this round.", None, None


DESCRIBERS = {
    "Move": _move, "DecrementDie": _decrement, "EndActions": _end_actions, "Concede": _concede,
    "PlaceCard": _place_card, "ChooseWeapon": _choose_weapon, "PlaceJokerZombie": _joker,
    "AttackWithFists": _fists, "AttackWithBat": _bat, "AttackWithChainsaw": _chainsaw,
    "AttackWithShotgun": _shotgun, "SkipAttack": _skip,
}


def describe(state, seat, command) -> dict:
    """``{"label", "cost", "effect"}`` for ``command``, one of ``legal_commands(state, seat)``:
    ``label`` one sentence, ``cost`` ``{"ap" | "fuel" | "shells": n}`` or ``None``, ``effect`` a
    ``{name: int | str | bool}`` of what the rules fix before any draw or flip, or ``None``. A
    command that is not legal now gets a plain label and no cost or effect."""
    if command not in legal_commands(state, seat):
        return {"label": plain_label(command), "cost": None, "effect": None}
    label, cost, effect = DESCRIBERS[command["type"]](state, command)
    return {"label": label, "cost": cost, "effect": effect}
