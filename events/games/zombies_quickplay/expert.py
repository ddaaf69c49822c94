"""The ``expert`` bot of Zombies!!! Quickplay: determinized search from the seat's view
(``events.games.search``).

``sample`` rebuilds a whole state from the view (which shows everything but the other hands,
the order of the tile stack and of the Event deck, and stacked dice): the Event cards the seat
has not seen are dealt into the other hands and the deck, the tiles not on the table into the
stack (the Quickplay's last ten at the bottom while ten are left). The seat's own turn decisions
are searched: each command is played out by ``strong`` for every seat for ``HORIZON`` commands
(a game runs to hundreds), then judged by ``_value``, a race to the kill target and the Helipad
seen from the seat; the rest is ``strong``'s.
"""
from __future__ import annotations

from collections import Counter

from events.games.search import Expert, Searcher, deal, unseen

from .cards import full_deck
from .decide import decide
from .evolve import evolve
from .legal import legal_commands, pending
from .setup import LEVELS
from .state import copy_state
from .tiles import TOWN_SQUARE, last_ten, parse, tile_deck_counts
from .views import outcome, view

#: Commands a playout plays after the candidate before it is judged.
HORIZON = 24
#: Playouts per millisecond of ``think_ms``: 200 ms buys 20. ``strong`` (every seat of a playout)
#: now finds its distances over the map's step table, not space by space (12 seeded strong games
#: 0.7 -> 0.4 s CPU, 2026-11-27 23:45 UTC); at 0.1 four expert games' decisions took p50 39 ms, p99
#: 62 ms, at most 156 (one other process busy). 0.07 before it, 0.05 before the evening's engine.
PLAYOUTS_PER_MS = 0.1
#: The Event card a choice is opened by -> the choice's kind (``cardplay.EFFECTS``).
CHOICE_KINDS = {"were_screwed": "zombie_master", "zombie_master": "zombie_master",
                "this_isnt_so_bad": "so_bad", "where_did_everybody_go": "push"}


def _tile_stack(v: dict, rng) -> list[str]:
    """The tiles not on the table, not discarded and not drawn, shuffled; the last ten at the bottom
    while the stack still holds ten or more (``setup._tile_stack``)."""
    placed = [t["tile"] for t in v["map"]["tiles"].values() if t["tile"] != TOWN_SQUARE]
    drawn = [v["tile_step"]["tile"]] if v["tile_step"] and v["tile_step"]["tile"] else []
    rest = Counter(unseen(tile_deck_counts(), placed, v["discarded_tiles"], drawn))
    size = v["tile_stack_size"]
    if size >= len(last_ten()):
        bottom = list(last_ten())
        top = sorted((rest - Counter(bottom)).elements())
        (top,) = deal(top, [size - len(bottom)], rng, tile_deck_counts())
        rng.shuffle(bottom)
        return top + bottom
    (stack,) = deal(sorted(rest.elements()), [size], rng, tile_deck_counts())
    return stack


def _move(m: dict | None, turn: int) -> dict | None:
    if m is None:
        return None
    text = m["explanation"]
    raised = "raised to the " in text
    return {"left": m["steps_left"], "mover": m["mover"], "allowance": m["allowance"], "basis": m["how"],
            "roll": m["roll"], "skateboard": "Skateboard" in text, "halved": "halved by" in text,
            "life_at_start": int(text.split("raised to the ")[1].split(" ")[0]) if raised else None,
            "doubled": "doubled by" in text}


def _zm(z: dict | None) -> dict | None:
    if z is None:
        return None
    cur = z["moving"]
    return {"left": z["steps_left"], "cap": z["most_per_zombie"],
            "moved": {k: {"path": list(r["path"]), "steps": r["steps"]} for k, r in z["moved"].items()},
            "current": None if cur is None else {"at": cur["space"], "steps": cur["steps"],
                                                 "path": list(cur["path"]), "fresh": cur["must_step"]}}


def sample(v: dict, rng) -> dict:
    """A state whose view for ``v["seat"]`` is ``v``, every hidden card dealt at random. Reads
    ``v`` only (docs/rules/zombies-quickplay.md, 'What each seat and a spectator can see')."""
    n, me, players = v["seats"], v["seat"], v["players"]
    others = [s for s in range(n) if s != me]
    items = [list(p["items_in_play"]) for p in players]
    pool = Counter(full_deck(v["base_event_deck"]))
    pool = unseen(dict(pool), v["hand"], v["event_discard"], *items)
    piles = deal(pool, [players[s]["hand_size"] for s in others] + [v["event_deck_size"]], rng)
    hands = [list(v["hand"]) if s == me else None for s in range(n)]
    for s, pile in zip(others, piles):
        hands[s] = pile
    turn, step, fx = v["turn"], v["tile_step"], v["effects"]
    placing = step is not None and step["new_tile_cell"] is not None
    auction, combat, w, c, out = v["auction"], v["combat"], v["reaction_window"], v["card_choice"], v["result"]

    def lasting(effect):
        return None if effect is None else {"seat": effect["seat"], "skip": effect["turns_of_its_seat_left"] - 1}

    state = {
        "rules": LEVELS[v["rules_version"]], "first_seat": v["first_seat"], "seats": n,
        "kill_target": v["kill_target"], "stacked": v["stacked"], "base_event_deck": v["base_event_deck"],
        "tiles": {cell: dict(t) for cell, t in v["map"]["tiles"].items()},
        "tile_deck": _tile_stack(v, rng), "tile_discard": list(v["discarded_tiles"]),
        "drawn": step["tile"] if step else None,
        "spot": list(parse(step["cell"])) if step and step["cell"] else None,
        "placer": step["placer"] if step else turn["seat"],
        "to_place": step["street_zombies_to_place"] if step else 0,
        "new_cell": step["new_tile_cell"] if placing else None, "closed": v["map"]["closed"],
        "zombies": dict.fromkeys(v["map"]["zombies"], 1), "tokens": dict(v["map"]["tokens"]),
        "pool": v["zombies_in_box"],
        "pawns": [p["space"] for p in players], "life": [p["life"] for p in players],
        "bullets": [p["bullets"] for p in players], "kills": [p["kills"] for p in players],
        "hands": hands, "deck": piles[-1], "discard": list(v["event_discard"]), "items": items,
        "played": [p["played_card_this_round"] for p in players], "dice": [],
        "last_roll": None if v["last_roll"] is None else dict(v["last_roll"]),
        "turn": turn["seat"], "turn_no": turn["number"], "life_at_start": turn["life_at_start"],
        "phase": turn["phase"], "resume": "move" if combat and combat["then"] == "movement" else "draw",
        "combat": None if combat is None else {"total": combat["lost_roll_total"]},
        "move": _move(v["movement"], turn["seat"]), "stuck": turn["may_not_move"], "zm": _zm(v["zombie_moves"]),
        "auction": None if auction is None else {
            "order": list(auction["bidders"]), "passed": list(auction["passed"]), "high": auction["high_bid"],
            "leader": auction["leader"], "next": auction["next_bidder"]},
        "window": None if w is None else {"queue": list(w["waiting_for"]), "at": w["moment"]},
        "choice": None if c is None else {"seat": c["seat"], "kind": CHOICE_KINDS.get(c["card"]), "card": c["card"],
                                          "left": c["picks_left"], "target": c["target"],
                                          "picked": c["lifted_zombie"]},
        "fx": {"shotgun": [p["shotgun_rolls_left"] for p in players],
               "adrenaline": [p["adrenaline_on_next_roll"] for p in players],
               "shoe": [p["next_roll_halved"] for p in players], "fear": [p["may_not_move_next"] for p in players],
               "claustro": [p["claustrophobia"] for p in players], "cramp": [p["moved_by"] for p in players],
               "food": lasting(fx["alternate_food_source"]), "paralysed": [p["skips_next_turn"] for p in players],
               "marbles": lasting(fx["all_the_marbles"]), "chainsaw": fx["chainsaw"],
               "molotov": fx["molotov_building"], "double_move": fx["movement_doubled"]},
        "over": out is not None, "winner": (out["winners"] or [None])[0] if out else None,
        "result": out["result"] if out else None,
    }
    if any(p["resigned"] for p in players):
        state["out"] = [p["resigned"] for p in players]
    return state


def _decide(state, seat, command, rng):
    """``decide``, then its events folded into ``state`` itself (the playout owns it)."""
    events = decide(state, seat, command, rng)
    for event in events:
        state = evolve(state, event)
    return events, state


def _acting(state):
    decisions = pending(state)
    return decisions[0].seat if decisions else None


def _value(state, seat: int) -> float:
    """A cut-short playout's worth to ``seat``: its kills against the best rival's, against the
    kill target, with its life and bullets as a small share (0 to 1)."""
    target = state["kill_target"]
    mine = state["kills"][seat] + 0.5 * state["life"][seat] + 0.25 * state["bullets"][seat]
    best = max(state["kills"][s] + 0.5 * state["life"][s] + 0.25 * state["bullets"][s]
               for s in range(state["seats"]) if s != seat)
    return max(0.0, min(1.0, 0.5 + (mine - best) / (2 * target)))


def searched(v: dict, legal: list) -> bool:
    """Search the seat's own turn decisions but the step-by-step moves (too many, too small)."""
    return v["turn"]["seat"] == v["seat"] and v["turn"]["phase"] not in ("move", "zombies")


def make_expert(strong) -> Expert:
    """The ``expert`` bot, with ``strong`` as its prior and its playout policy."""
    return Expert(Searcher(
        decide=_decide, acting_seat=_acting, legal_commands=legal_commands, view=view,
        outcome=outcome, copy=copy_state, sample=sample, prior=strong, playout=strong,
        searched=searched, value=_value, horizon=HORIZON, playouts_per_ms=PLAYOUTS_PER_MS))
