"""Who must act now (``pending``) and every command they may send
(``legal_commands``): complete command bodies, in a stable order.

Both answer for every state a prefix of a log folds to, including the states inside a command's
batch (a found weapon not yet kept, a Joker zombie not yet placed): the replay slider shows those.
"""
from __future__ import annotations

from events.games.contract import Decision

from .cards import card_name, orthogonal, xy
from .state import (
    cut_off,
    die_spots,
    greater,
    jokers,
    lesser,
    move_cost,
    open_slots,
    passable,
    rules_level,
)

END_ACTIONS = {"type": "EndActions"}
SKIP_ATTACK = {"type": "SkipAttack"}
CONCEDE = {"type": "Concede"}

#: phase -> (decision kind, decision code) (docs/rules/one-against-the-dead.md, 'Deadlines and
#: defaults'). The catalogue lists the codes.
DECISIONS = {"actions": ("turn", "actions"), "attack": ("turn", "attack"),
             "place": ("choice", "place_card"), "weapon": ("choice", "choose_weapon"),
             "joker": ("choice", "feed_joker")}


def pending(state) -> list[Decision]:
    """``[]`` if not started or over, else one ``Decision`` for seat 0 with its code and a public
    label: the action phase and the attack are ``"turn"`` (defaults: EndActions, SkipAttack);
    placing a card, keeping a weapon and feeding a Joker are ``"choice"`` (default: the first legal
    command) (docs/rules/one-against-the-dead.md, 'Deadlines and defaults')."""
    if state is None or state["phase"] not in DECISIONS:
        return []
    phase = state["phase"]
    kind, code = DECISIONS[phase]
    if phase == "actions":
        default = dict(END_ACTIONS)
    elif phase == "attack":
        default = dict(SKIP_ATTACK)
    else:
        default = legal_commands(state, 0)[0]
    return [Decision(0, kind, default, code, _label(state, phase))]


def _label(s, phase: str) -> str:
    """The pending decision in one public sentence."""
    if phase == "actions":
        ap = s["ap"]
        text = f"Seat 0 has {ap} action point{'s' if ap != 1 else ''} to spend: move, dig at a die or end the phase"
        if rules_level(s) >= 2 and cut_off(s):
            text += ", or concede (the Ending Location can no longer be reached)"
        return text + "."
    if phase == "attack":
        return "Seat 0 may attack the zombies on its card, or not."
    if phase == "place":
        card = card_name(s["drawn"]) if s["drawn"] else "drawn card"
        return f"Seat 0 chooses where the {card} goes among the open places around it."
    if phase == "weapon":
        return "Seat 0 keeps one weapon: the one carried or the one just found."
    due = s["jokers_due"]
    return f"Seat 0 chooses the Joker that gets the next Greater Zombie ({due} to place)."


def _at(type_: str, place: str, **extra) -> dict:
    x, y = xy(place)
    return {"type": type_, "x": x, "y": y, **extra}


def legal_commands(state, seat) -> list[dict]:
    """Every complete command ``seat`` may send now (``[]`` for any seat but 0, or when nothing
    is pending). Actions: Move per affordable orthogonal move, DecrementDie per die around the
    player, EndActions, and Concede once cut off (rules level 2 on). Place: PlaceCard per open slot.
    Weapon: ChooseWeapon carried / found (/ combined for two shotguns). Joker: PlaceJokerZombie per
    Joker. Attack: SkipAttack, AttackWithFists per (greater, lesser) split of 1-4 zombies, the
    carried weapon's attack (docs/rules/one-against-the-dead.md, 'A round' and 'Weapons')."""
    if seat != 0 or state is None or state["phase"] not in DECISIONS:
        return []
    s, phase = state, state["phase"]
    if phase == "actions":
        return _actions(s)
    if phase == "place":
        return [_at("PlaceCard", p) for p in open_slots(s, s["player"])]
    if phase == "weapon":
        if s["weapon"] is None or s["found"] is None:   # inside a batch: the find is kept at once
            return [{"type": "ChooseWeapon", "keep": "found"}]
        out = [{"type": "ChooseWeapon", "keep": "carried"}, {"type": "ChooseWeapon", "keep": "found"}]
        if s["weapon"]["kind"] == s["found"]["kind"] == "shotgun":
            out.append({"type": "ChooseWeapon", "keep": "combined"})
        return out
    if phase == "joker":
        return [_at("PlaceJokerZombie", p) for p in jokers(s)]
    return _attacks(s)


def _actions(s) -> list[dict]:
    out = []
    here = s["player"]
    for p in sorted(p for p in orthogonal(here) if passable(s, p)):
        if move_cost(s, here, p) <= s["ap"]:
            out.append(_at("Move", p))
    out += [_at("DecrementDie", p) for p in die_spots(s)]
    out.append(dict(END_ACTIONS))
    if rules_level(s) >= 2 and cut_off(s):
        out.append(dict(CONCEDE))
    return out


def _attacks(s) -> list[dict]:
    z = s["zombies"].get(s["player"], {})
    out = [dict(SKIP_ATTACK)]
    for g in range(min(4, greater(z)) + 1):
        for l in range(min(4 - g, lesser(z)) + 1):
            if g + l:
                out.append({"type": "AttackWithFists", "greater": g, "lesser": l})
    weapon = s["weapon"]
    if weapon is not None:
        if weapon["kind"] == "bat":
            out += [{"type": "AttackWithBat", "target": "greater"}, {"type": "AttackWithBat", "target": "lesser"}]
        else:
            out.append({"type": "AttackWithChainsaw" if weapon["kind"] == "chainsaw" else "AttackWithShotgun"})
    return out
