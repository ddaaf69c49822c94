"""decide(state, seat, command, rng) -> events: guard clauses, then resolution.

Guards raise :class:`RuleViolation` with a stable code; ``decide`` never
mutates the state it is given (it resolves on a copy, see ``resolve.py``).
"""
from __future__ import annotations

from events.games.contract import (
    RuleViolation,
    bad_arguments,
    command_type,
    not_your_turn,
)

from .cards import around, key, orthogonal, place_xy, rank
from .resolve import Coins, Table, bat, chainsaw, fists, shotgun
from .state import copy_state, cut_off, greater, jokers, lesser, move_cost, open_slots, passable, rules_level

#: command type -> the phase it answers.
PHASE = {
    "Move": "actions", "DecrementDie": "actions", "EndActions": "actions",
    "PlaceCard": "place", "ChooseWeapon": "weapon", "PlaceJokerZombie": "joker",
    "AttackWithFists": "attack", "AttackWithBat": "attack", "AttackWithChainsaw": "attack",
    "AttackWithShotgun": "attack", "SkipAttack": "attack", "Concede": "actions",
}


_bad = bad_arguments


def _int(command: dict, name: str) -> int:
    value = command.get(name)
    if isinstance(value, bool) or not isinstance(value, int):
        raise _bad(f"'{name}' must be a whole number.")
    return value


def _place(command: dict) -> str:
    return key(_int(command, "x"), _int(command, "y"))


def decide(state, seat, command, rng):
    """Check ``command`` (a dict with a ``"type"``) from ``seat`` (0) and return its events
    (``decide_evolved`` without the state after them)."""
    return decide_evolved(state, seat, command, rng)[0]


def decide_evolved(state, seat, command, rng):
    """Check ``command`` (a dict with a ``"type"``) from ``seat`` (0); return its events and
    the state after them (the table's copy, each event folded in once as it was emitted).

    ``state`` is never mutated; ``rng`` (``random.Random``) shuffles, rolls and flips. Raises
    ``RuleViolation``: ``game_over`` (409), ``bad_arguments``, ``unknown_command``,
    ``not_your_turn`` (409, any seat but 0), ``wrong_phase``, then the handler's own codes
    (docs/rules/one-against-the-dead.md, 'A round').
    """
    if state is None:
        raise RuleViolation("game_over", "The game has not started.", status=409)
    if state["phase"] == "over":
        raise RuleViolation("game_over", "The game is over.", status=409)
    ctype = command_type(command, PHASE)
    if seat != 0:
        raise not_your_turn("This is a one-player game; only seat 0 plays.")
    if PHASE[ctype] != state["phase"]:
        raise RuleViolation("wrong_phase", f"{ctype} cannot be sent now (the game is in its {state['phase']} phase).")
    table = Table(copy_state(state), rng)
    COMMANDS[ctype](table, command)
    return table.events, table.s


# -- player actions (docs/rules/one-against-the-dead.md, 'A round') ----------------------------
def move(t: Table, command: dict) -> None:
    """Move ``{"x", "y"}``: to an orthogonal, face-up, non-special card for 1 AP (suit or rank
    matches) or 2 AP, then check out the new location. Raises ``not_adjacent``, ``impassable``,
    ``not_enough_ap``."""
    s, to = t.s, _place(command)
    if to not in orthogonal(s["player"]):
        raise RuleViolation("not_adjacent", "You can only move to a card directly beside, above or below yours.")
    if not passable(s, to):
        raise RuleViolation("impassable", "You cannot move there: there is no face-up card, or it is a Special Location.")
    cost = move_cost(s, s["player"], to)
    if cost > s["ap"]:
        raise RuleViolation("not_enough_ap", f"That move costs {cost} AP and you have {s['ap']} left.")
    t.emit("PlayerMoved", {**place_xy(to), "cost": cost})
    t.check_out()


def decrement_die(t: Table, command: dict) -> None:
    """DecrementDie ``{"x", "y"}``: 1 AP turns down the die on an Ace or face card among the 8
    around the player; off its last pip it rescues the survivor (Ace) or finds a weapon (face card).
    Raises ``no_die``."""
    s, place = t.s, _place(command)
    if place not in around(s["player"]) or place not in s["dice"]:
        raise RuleViolation("no_die", "There is no die on a card next to you there.")
    value = s["dice"][place] - 1
    t.emit("DieDecremented", {**place_xy(place), "value": value})
    if value <= 0:
        if rank(s["city"][place]) == "A":
            t.emit("SurvivorRescued", place_xy(place))
        else:
            t.find_weapon()
    if t.s["phase"] == "actions":
        t.after_action()


def end_actions(t: Table, _command: dict) -> None:
    """EndActions: stop spending action points; the rest of the round runs."""
    t.end_actions()


def concede(t: Table, _command: dict) -> None:
    """Concede: a player cut off from the Ending Location gives up; the game is lost (rules level 2
    on; docs/rules/one-against-the-dead.md, 'Ending and scoring'). Raises ``not_cut_off``."""
    if rules_level(t.s) < 2:
        raise RuleViolation("not_cut_off", "This game was started under rules version 1, which has no "
                                           "concession: play on.")
    if not cut_off(t.s):
        raise RuleViolation("not_cut_off", "You may concede only once the Ending Location can no longer "
                                           "be reached.")
    t.emit("PlayerConceded", {"round": t.s["round"]})


# -- choices inside the round ---------------------------------------------------------------------
def place_card(t: Table, command: dict) -> None:
    """PlaceCard ``{"x", "y"}``: put the drawn card in an open slot around the player.
    Raises ``not_an_open_slot``."""
    place = _place(command)
    if place not in open_slots(t.s, t.s["player"]):
        raise RuleViolation("not_an_open_slot", "The drawn card must go in an empty place around you.")
    t.place(place)
    t.continue_check_out()


def choose_weapon(t: Table, command: dict) -> None:
    """ChooseWeapon ``{"keep": "carried" | "found" | "combined"}``: one weapon at a time; two
    shotguns may be combined (shells added, at most 6). Raises ``bad_arguments``, ``cannot_combine``."""
    s, keep = t.s, command.get("keep")
    if keep not in ("carried", "found", "combined"):
        raise _bad("'keep' must be \"carried\", \"found\" or \"combined\".")
    data = {"keep": keep}
    if keep == "combined":
        if s["weapon"]["kind"] != "shotgun" or s["found"]["kind"] != "shotgun":
            raise RuleViolation("cannot_combine", "Only the shells of two shotguns can be combined.")
        data["die"] = min(6, s["weapon"]["die"] + s["found"]["die"])
    t.emit("WeaponChosen", data)
    t.after_action()


def place_joker_zombie(t: Table, command: dict) -> None:
    """PlaceJokerZombie ``{"x", "y"}``: the next Joker zombie goes on this Joker. Raises ``not_a_joker``."""
    place = _place(command)
    if place not in jokers(t.s):
        raise RuleViolation("not_a_joker", "That place holds no Joker.")
    t.emit("JokerZombieAdded", place_xy(place))
    if t.s["phase"] == "zombies":
        t.zombies_move()


# -- the player attacks (docs/rules/one-against-the-dead.md, 'Weapons') -------------------------
def _attack(t: Table, weapon: str, result: tuple[dict, int], coins: Coins | None, extra: dict | None = None):
    zombies, killed = result
    data = {"weapon": weapon, **(extra or {}), "zombies": zombies, "killed": killed,
            "flips": coins.flips if coins else []}
    t.emit("PlayerAttacked", data)
    t.zombies_attack()


def _zombies_here(t: Table) -> dict:
    return dict(t.s["zombies"][t.s["player"]])


def _carrying(t: Table, kind: str) -> None:
    if t.s["weapon"] is None or t.s["weapon"]["kind"] != kind:
        raise RuleViolation("no_such_weapon", f"You are not carrying a {kind}.")


def attack_with_fists(t: Table, command: dict) -> None:
    """AttackWithFists ``{"greater": n, "lesser": m}``: flip 1 to 4 chosen zombies on your card.
    Raises ``bad_arguments``, ``not_enough_zombies``."""
    g, l, z = _int(command, "greater"), _int(command, "lesser"), _zombies_here(t)
    if g < 0 or l < 0 or not 1 <= g + l <= 4:
        raise _bad("Fists of Fury take 1 to 4 zombies in all.")
    if g > greater(z) or l > lesser(z):
        raise RuleViolation("not_enough_zombies", "There are not that many zombies of that kind on your card.")
    coins = t.coins()
    _attack(t, "fists", fists(z, g, l, coins), coins, {"greater": g, "lesser": l})


def attack_with_bat(t: Table, command: dict) -> None:
    """AttackWithBat ``{"target": "greater" | "lesser"}``: weaken every zombie of that type.
    Raises ``no_such_weapon``, ``bad_arguments``."""
    _carrying(t, "bat")
    target = command.get("target")
    if target not in ("greater", "lesser"):
        raise _bad("'target' must be \"greater\" or \"lesser\".")
    _attack(t, "bat", bat(_zombies_here(t), target), None, {"target": target})


def attack_with_chainsaw(t: Table, _command: dict) -> None:
    """AttackWithChainsaw: flip every zombie on your card, tails die; uses a pip of fuel.
    Raises ``no_such_weapon``."""
    _carrying(t, "chainsaw")
    coins = t.coins()
    _attack(t, "chainsaw", chainsaw(_zombies_here(t), coins), coins)


def attack_with_shotgun(t: Table, _command: dict) -> None:
    """AttackWithShotgun: every Lesser dies, Greaters are flipped; uses a shell.
    Raises ``no_such_weapon``."""
    _carrying(t, "shotgun")
    coins = t.coins()
    _attack(t, "shotgun", shotgun(_zombies_here(t), coins), coins)


def skip_attack(t: Table, _command: dict) -> None:
    """SkipAttack: no attack this round."""
    t.emit("AttackSkipped", {"reason": "player"})
    t.zombies_attack()


COMMANDS = {
    "Move": move, "DecrementDie": decrement_die, "EndActions": end_actions,
    "PlaceCard": place_card, "ChooseWeapon": choose_weapon, "PlaceJokerZombie": place_joker_zombie,
    "AttackWithFists": attack_with_fists, "AttackWithBat": attack_with_bat,
    "AttackWithChainsaw": attack_with_chainsaw, "AttackWithShotgun": attack_with_shotgun,
    "SkipAttack": skip_attack, "Concede": concede,
}
