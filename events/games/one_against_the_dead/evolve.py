"""evolve(state, event) -> state: one small function per event type.

Total and deterministic: every shuffle, die roll, coin flip and weapon pick is
in the event; stacked results are used up in the order they were stacked.
Never raises, ignores event types it does not know (``GameCreated``,
``SeedRevealed``...). The state is mutated in place and returned.
"""
from __future__ import annotations

from .cards import ACTION_POINTS, START, STRENGTH, WEAPON_STACK, key
from .state import empty_zombies


def _place(d) -> str:
    return key(d["x"], d["y"])


def _draw(s) -> str | None:
    if not s["deck"]:
        return None
    s["pinned"] = max(0, s["pinned"] - 1)
    return s["deck"].pop(0)


def game_started(_state, d):
    """GameStarted: a fresh state from the shuffled deck and the stacked random results, under
    ``rules_level`` (1 when the event records none)."""
    return {
        "rules_level": d.get("rules_level", 1),
        "stacked": d.get("stacked", False),
        "deck": list(d["deck"]), "pinned": d.get("pinned", 0),
        "stack_dice": list(d.get("dice", [])), "stack_flips": list(d.get("flips", [])),
        "stack_weapons": list(d.get("weapons", [])),
        "city": {}, "face_down": [], "zombies": {}, "dice": {},
        "player": START, "drawn": None, "phase": "setup",
        "round": 0, "ap": 0, "die_ap": 0, "jokers_due": 0,
        "strength": STRENGTH, "weapon": None, "found": None,
        "weapon_stack": dict(WEAPON_STACK), "kills": 0, "rescued": 0, "result": None,
    }


def card_drawn(s, _d):
    """CardDrawn: the top card is turned face up, waiting to be placed."""
    s["drawn"] = _draw(s)
    if s["phase"] == "actions":
        s["phase"] = "place"
    return s


def special_reshuffled(s, d):
    """SpecialReshuffled: the drawn Special Location goes back; the deck is now ``order``."""
    s["drawn"] = None
    s["deck"] = list(d["order"])
    return s


def card_placed(s, d):
    """CardPlaced: the drawn card lies face up at ``(x, y)``."""
    s["city"][_place(d)] = s["drawn"] if s["drawn"] is not None else d["card"]
    s["drawn"] = None
    if s["phase"] == "place":
        s["phase"] = "actions"
    return s


def placeholder_dealt(s, d):
    """PlaceholderDealt: the top card lies face down at ``(x, y)``."""
    card = _draw(s)
    if card is not None:
        s["city"][_place(d)] = card
        s["face_down"].append(_place(d))
    return s


def placeholders_collected(s, d):
    """PlaceholdersCollected: the face-down cards at ``places`` go back; the deck is now ``order``."""
    for p in d["places"]:
        place = key(*p)
        if place in s["face_down"]:
            s["face_down"].remove(place)
            s["city"].pop(place, None)
    s["deck"] = list(d["order"])
    return s


def zombies_spawned(s, d):
    """ZombiesSpawned: ``zombies`` (kinds, flipped) are put on the card at ``(x, y)``."""
    z = s["zombies"].setdefault(_place(d), empty_zombies())
    for kind in d["zombies"]:
        z[kind] += 1
    del s["stack_flips"][:len(d["zombies"])]
    return s


def die_rolled(s, d):
    """DieRolled: a die showing ``value`` is put on the card at ``(x, y)``."""
    s["dice"][_place(d)] = d["value"]
    del s["stack_dice"][:1]
    return s


def round_started(s, d):
    """RoundStarted: round ``round`` begins with 3 action points."""
    s["round"] = d["round"]
    s["ap"], s["die_ap"], s["jokers_due"] = ACTION_POINTS, 0, 0
    s["phase"] = "actions"
    return s


def player_moved(s, d):
    """PlayerMoved: the pawn goes to ``(x, y)`` for ``cost`` AP."""
    s["player"] = _place(d)
    s["ap"] -= d["cost"]
    return s


def die_decremented(s, d):
    """DieDecremented: 1 AP turns the die at ``(x, y)`` down to ``value`` (0 takes it off)."""
    place = _place(d)
    s["ap"] -= 1
    s["die_ap"] += 1
    if d["value"] <= 0:
        s["dice"].pop(place, None)
    else:
        s["dice"][place] = d["value"]
    return s


def survivor_rescued(s, _d):
    """SurvivorRescued: one more survivor saved."""
    s["rescued"] += 1
    return s


def weapon_found(s, d):
    """WeaponFound: a ``kind`` chip (with its rolled ``die``) comes out of the Weapon Stack."""
    s["weapon_stack"][d["kind"]] = max(0, s["weapon_stack"].get(d["kind"], 0) - 1)
    del s["stack_weapons"][:1]
    if d.get("die") is not None:
        del s["stack_dice"][:1]
    s["found"] = {"kind": d["kind"], "die": d.get("die")}
    s["phase"] = "weapon"
    return s


def no_weapon_found(s, _d):
    """NoWeaponFound: the Weapon Stack was empty; nothing changes."""
    return s


def weapon_chosen(s, d):
    """WeaponChosen: keep the ``carried`` weapon, take the ``found`` one, or ``combined`` shells."""
    found, keep = s["found"], d["keep"]
    if keep == "found":
        s["weapon"] = found
    elif keep == "combined" and s["weapon"] is not None and found is not None:
        s["weapon"] = {"kind": "shotgun", "die": d["die"]}
    s["found"] = None
    s["phase"] = "actions"
    return s


def actions_ended(s, d):
    """ActionsEnded: the action phase is over; ``jokers_due`` zombies go to Jokers."""
    s["ap"] = 0
    s["jokers_due"] = d["jokers_due"]
    s["phase"] = "joker" if d["jokers_due"] else "zombies"
    return s


def joker_zombie_added(s, d):
    """JokerZombieAdded: a heads-up Greater Zombie goes on the Joker at ``(x, y)``."""
    s["zombies"].setdefault(_place(d), empty_zombies())["GH"] += 1
    s["jokers_due"] = max(0, s["jokers_due"] - 1)
    if not s["jokers_due"]:
        s["phase"] = "zombies"
    return s


def zombies_moved(s, d):
    """ZombiesMoved: each group in ``moves`` steps from ``from`` to ``to``, all at once."""
    groups = [(key(*m["from"]), key(*m["to"])) for m in d["moves"]]
    moving = {frm: s["zombies"].pop(frm) for frm, _ in groups if frm in s["zombies"]}
    for frm, to in groups:
        if frm in moving:
            z = s["zombies"].setdefault(to, empty_zombies())
            for kind, n in moving[frm].items():
                z[kind] += n
    s["phase"] = "attack"
    return s


def attack_skipped(s, _d):
    """AttackSkipped: no player attack this round."""
    s["phase"] = "zombie_attack"
    return s


def player_attacked(s, d):
    """PlayerAttacked: the zombies on the player's card are now ``zombies``; ``killed`` went back
    to the Zombie Pile; a chainsaw or shotgun loses a pip (gone at 0)."""
    s["zombies"][s["player"]] = dict(d["zombies"])
    if not any(d["zombies"].values()):
        s["zombies"].pop(s["player"], None)
    s["kills"] += d["killed"]
    del s["stack_flips"][:len(d.get("flips", []))]
    weapon = s["weapon"]
    if weapon is not None and d["weapon"] == weapon["kind"] and weapon["die"] is not None:
        weapon["die"] -= 1
        if weapon["die"] <= 0:
            s["weapon"] = None
    s["phase"] = "zombie_attack"
    return s


def strength_lost(s, d):
    """StrengthLost: ``amount`` Strength chips are discarded."""
    s["strength"] = max(0, s["strength"] - d["amount"])
    return s


def _over(s, result):
    s["result"] = result
    s["phase"] = "over"
    return s


def player_overwhelmed(s, _d):
    """PlayerOverwhelmed: more zombies than Strength: the game is lost."""
    return _over(s, "overwhelmed")


def game_won(s, _d):
    """GameWon: on the Ending Location after the zombie attack."""
    return _over(s, "won")


def game_lost(s, d):
    """GameLost: the game ends for ``result`` (``cut_off`` or ``exhausted``)."""
    return _over(s, d["result"])


def player_conceded(s, _d):
    """PlayerConceded: the player, cut off from the end, gives up: the game is lost."""
    return _over(s, "conceded")


HANDLERS = {
    "GameStarted": game_started, "CardDrawn": card_drawn, "SpecialReshuffled": special_reshuffled,
    "CardPlaced": card_placed, "PlaceholderDealt": placeholder_dealt,
    "PlaceholdersCollected": placeholders_collected, "ZombiesSpawned": zombies_spawned,
    "DieRolled": die_rolled, "RoundStarted": round_started, "PlayerMoved": player_moved,
    "DieDecremented": die_decremented, "SurvivorRescued": survivor_rescued,
    "WeaponFound": weapon_found, "NoWeaponFound": no_weapon_found, "WeaponChosen": weapon_chosen, "ActionsEnded": actions_ended,
    "JokerZombieAdded": joker_zombie_added, "ZombiesMoved": zombies_moved,
    "AttackSkipped": attack_skipped, "PlayerAttacked": player_attacked,
    "StrengthLost": strength_lost, "PlayerOverwhelmed": player_overwhelmed,
    "GameWon": game_won, "GameLost": game_lost, "PlayerConceded": player_conceded,
}


def evolve(state, event):
    """Fold one event (``{"type", "data"}``) into ``state`` and return it; unknown types and a
    missing state (before ``GameStarted``) leave it as it is."""
    handler = HANDLERS.get(event.get("type"))
    if handler is None:
        return state
    if state is None and event["type"] != "GameStarted":
        return state
    return handler(state, event.get("data") or {})
