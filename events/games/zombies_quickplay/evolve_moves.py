"""evolve for fights, movement and zombie moves (docs/rules/zombies-quickplay.md, 'Combat', 'Movement',
'Zombie moves').

One small function per event type, merged into ``evolve.HANDLERS``.
"""
from __future__ import annotations

from .evolve_cards import forget_record
from .tiles import key


def combat_started(s, d):
    """CombatStarted: the turn's seat must fight the zombie on its space."""
    s.update(phase="combat", resume=d["resume"], combat={"total": None})
    return s


def die_rolled(s, d):
    """DieRolled: a roll (a stacked one is used up); a combat roll below 4 asks for payment."""
    if d.get("stacked") and s["dice"]:
        s["dice"].pop(0)
    s["last_roll"] = {"seat": d["seat"], "purpose": d["purpose"], "roll": d["roll"], "total": d.get("total")}
    if d["purpose"] == "combat":
        seat = d["seat"]
        s["combat"] = {"total": d["total"]}
        if d.get("shotgun"):
            s["fx"]["shotgun"][seat] -= 1
        if d.get("adrenaline"):
            s["fx"]["adrenaline"][seat] = False
        if d["total"] < 4:
            s["phase"] = "combat_loss"
    return s


def zombie_killed(s, d):
    """ZombieKilled: the zombie at ``(x, y)`` joins ``seat``'s kill pile (``None``: the box)."""
    s["zombies"].pop(key(d["x"], d["y"]), None)
    forget_record(s, key(d["x"], d["y"]))
    if d["seat"] is not None:
        s["kills"][d["seat"]] += 1
    else:
        s["pool"] += 1
    return s


def combat_lost(s, d):
    """CombatLost: a lost roll paid with a life, bullets, a First Aid Kit or (out of life) a kill.
    ``fight_over``: the fighter has no life token left, so the fight and its movement are over."""
    seat, pay = d["seat"], d["pay"]
    if d.get("fight_over"):
        s["stuck"] = True
    if pay == "life":
        s["life"][seat] -= 1
        s["phase"] = "combat"
    elif pay == "bullets":
        s["bullets"][seat] -= d["amount"]
    elif pay == "first_aid_kit":
        if "first_aid_kit" in s["items"][seat]:
            s["items"][seat].remove("first_aid_kit")
        s["discard"].append("first_aid_kit")
        s["phase"] = "combat"
    else:  # kill: out of life
        if s["kills"][seat] > 0:
            s["kills"][seat] -= 1
            s["pool"] += 1
        s["stuck"] = True
    return s


#: What MovementAllowed records of how the allowance came about (rules level 4; older logs: ``None``).
ALLOWANCE_PARTS = ("basis", "roll", "skateboard", "halved", "life_at_start", "doubled")


def movement_allowed(s, d):
    """MovementAllowed: the turn's allowance and how it came about; Fear and Your Shoe's Untied are
    used up."""
    seat = d["seat"]
    s["fx"]["shoe"][seat] = False
    s["fx"]["fear"][seat] = False
    s["move"] = {"left": d["allowance"], "mover": d["mover"], "allowance": d["allowance"],
                 **{part: d.get(part) for part in ALLOWANCE_PARTS}}
    return s


def pawn_moved(s, d):
    """PawnMoved: ``seat``'s pawn to ``(x, y)`` (a walk or a push uses up a step)."""
    s["pawns"][d["seat"]] = key(d["x"], d["y"])
    if d["how"] == "walk" and s["move"] is not None:
        s["move"]["left"] -= 1
    elif d["how"] == "push" and s["choice"] is not None:
        s["choice"]["left"] -= 1
    return s


def token_taken(s, d):
    """TokenTaken: ``seat`` claims the token at ``(x, y)``."""
    k = key(d["x"], d["y"])
    token = s["tokens"].pop(k)
    field = "life" if token == "life" else "bullets"
    s[field][d["seat"]] += 1
    return s


def movement_ended(s, d):
    """MovementEnded: the move is over; Claustrophobia and Brain Cramp are used up."""
    seat = d["seat"]
    s["fx"]["claustro"][seat] = False
    s["fx"]["cramp"][seat] = None
    s["move"] = None
    return s


def zombie_moves_allowed(s, d):
    """ZombieMovesAllowed: ``moves`` zombie steps, at most ``cap`` for one zombie."""
    s["zm"] = {"left": d["moves"], "cap": d["cap"], "moved": {}, "current": None}
    s["phase"] = "zombies"
    return s


def _finish_current(zm, zombies):
    cur = zm["current"]
    if cur is not None:
        zombies[cur["at"]] = 1
        zm["moved"][cur["at"]] = {"path": cur["path"], "steps": cur["steps"]}
        zm["current"] = None


def zombie_chosen(s, d):
    """ZombieChosen: the zombie at ``(x, y)`` is moved next (the previous one stops)."""
    zm = s["zm"]
    _finish_current(zm, s["zombies"])
    k = key(d["x"], d["y"])
    s["zombies"].pop(k)
    rec = zm["moved"].pop(k, None) or {"path": [k], "steps": 0}
    zm["current"] = {"at": k, "path": list(rec["path"]), "steps": rec["steps"], "fresh": True}
    return s


def zombie_moved(s, d):
    """ZombieMoved: the chosen zombie steps to ``(to_x, to_y)``."""
    zm = s["zm"]
    cur = zm["current"]
    to = key(d["to_x"], d["to_y"])
    cur["at"] = to
    cur["path"].append(to)
    cur["steps"] += 1
    cur["fresh"] = False
    zm["left"] -= 1
    return s


def zombie_stopped(s, d):
    """ZombieStopped: the zombie being moved stops where it is (a card is about to be played); it may
    be chosen again later, its path kept."""
    if s["zm"] is not None:
        _finish_current(s["zm"], s["zombies"])
    return s


def zombie_moves_ended(s, d):
    """ZombieMovesEnded: the moving zombie stops; the zombie moves are over."""
    if s["zm"] is not None:
        _finish_current(s["zm"], s["zombies"])
    s["zm"] = None
    return s


MOVE_HANDLERS = {
    "CombatStarted": combat_started, "DieRolled": die_rolled, "ZombieKilled": zombie_killed,
    "CombatLost": combat_lost, "MovementAllowed": movement_allowed, "PawnMoved": pawn_moved,
    "TokenTaken": token_taken, "MovementEnded": movement_ended, "ZombieMovesAllowed": zombie_moves_allowed,
    "ZombieChosen": zombie_chosen, "ZombieMoved": zombie_moved, "ZombieMovesEnded": zombie_moves_ended,
    "ZombieStopped": zombie_stopped,
}
