"""Who must act now (``pending``) and every command they may send
(``legal_commands``): complete command bodies, in a stable order."""
from __future__ import annotations

from events.games.contract import Decision

from .cards import orthogonal, xy
from .state import die_spots, greater, jokers, lesser, move_cost, open_slots, passable

END_ACTIONS = {"type": "EndActions"}
SKIP_ATTACK = {"type": "SkipAttack"}

#: phase -> decision kind.
KINDS = {"actions": "turn", "attack": "turn", "place": "choice", "weapon": "choice", "joker": "choice"}


def pending(state) -> list[Decision]:
    """``[]`` if not started or over, else one ``Decision`` for seat 0: the action phase and the
    attack are ``"turn"`` (defaults: EndActions, SkipAttack); placing a card, keeping a weapon and
    feeding a Joker are ``"choice"`` (default: the first legal command)
    (rules/one-against-the-dead.md, 'Deadlines')."""
    if state is None or state["phase"] not in KINDS:
        return []
    phase = state["phase"]
    if phase == "actions":
        default = dict(END_ACTIONS)
    elif phase == "attack":
        default = dict(SKIP_ATTACK)
    else:
        default = legal_commands(state, 0)[0]
    return [Decision(0, KINDS[phase], default)]


def _at(type_: str, place: str, **extra) -> dict:
    x, y = xy(place)
    return {"type": type_, "x": x, "y": y, **extra}


def legal_commands(state, seat) -> list[dict]:
    """Every complete command ``seat`` may send now (``[]`` for any seat but 0, or when nothing
    is pending). Actions: Move per affordable orthogonal move, DecrementDie per die around the
    player, EndActions. Place: PlaceCard per open slot. Weapon: ChooseWeapon carried / found
    (/ combined for two shotguns). Joker: PlaceJokerZombie per Joker. Attack: SkipAttack,
    AttackWithFists per (greater, lesser) split of 1-4 zombies, the carried weapon's attack
    (rules/one-against-the-dead.md, 'A round')."""
    if seat != 0 or state is None or state["phase"] not in KINDS:
        return []
    s, phase = state, state["phase"]
    if phase == "actions":
        return _actions(s)
    if phase == "place":
        return [_at("PlaceCard", p) for p in open_slots(s, s["player"])]
    if phase == "weapon":
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
