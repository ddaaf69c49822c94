"""What each seat may see: ``view`` for the state, ``redact`` for one event, and ``outcome``
(docs/rules/zombies-quickplay.md, 'What each seat and a spectator can see').

Public: the map, zombies, tokens, pawns, kills, life, bullets, items in play, hand
sizes, the discard piles, the drawn tile, whom the game waits on and every effect in play.
Hidden: other hands, the order of the tile stack and of the Event deck, and the
stacked dice still to come (sizes only). ``view_schema.VIEW`` describes every field.
"""
from __future__ import annotations

from .legal import pending
from .seats_out import is_out
from .state import OLD_RULES, V4, V5, helipad_centre, level
from .tiles import parse

#: result code -> the sentence of the outcome (``{winner}``: the winning seat).
REASONS = {
    "kill_target": "Seat {winner} reached the kill target.",
    "helipad": "Seat {winner} reached the Helipad's centre with no zombie left on it.",
    "map_closed": "The map was closed with no zombie left on it (rules version 3): the most kills won.",
    "last_player": "Every other player resigned: seat {winner}, the last player left, wins.",
    "map_closed_tie": "The map was closed with no zombie left on it (rules version 3) and the most kills were "
                      "tied: nobody won.",
}
RULES_VERSIONS = {OLD_RULES: "zombies-quickplay/3", V4: "zombies-quickplay/4", V5: "zombies-quickplay/5"}


def outcome(state):
    """``None`` while the game runs, else ``{"winners", "result", "reason", "scores", "turns"}``: the
    winner (none after a tied closed map), how (``kill_target``, ``helipad``, ``map_closed``, ``last_player``), each
    seat's kills as its score and the turns started (docs/rules/zombies-quickplay.md, 'Ending and
    scoring'). Works on states folded from logs of every rules version."""
    if state is None or not state["over"]:
        return None
    winner, result = state["winner"], state["result"]
    reason = REASONS["map_closed_tie" if result == "map_closed" and winner is None else result]
    return {"winners": [] if winner is None else [winner], "result": result,
            "reason": reason.format(winner=winner),
            "scores": {str(seat): kills for seat, kills in enumerate(state["kills"])},
            "turns": state["turn_no"]}


def _sorted_spaces(keys) -> list[str]:
    return sorted(keys, key=lambda k: parse(k)[::-1])


def _explain(move: dict) -> str:
    """The movement allowance in one sentence: roll, modifiers, result."""
    basis, allowance = move.get("basis"), move["allowance"]
    if basis == "roll":
        parts = [f"Rolled {move['roll']}"]
        value = move["roll"]
        if move["skateboard"]:
            value += 2
            parts.append(f"+2 for the Skateboard: {value}")
        if move["halved"]:
            value //= 2
            parts.append(f"halved by Your Shoe's Untied: {value}")
        if move["life_at_start"] is not None and move["life_at_start"] > value:
            value = move["life_at_start"]
            parts.append(f"raised to the {value} life held at the start of the turn: {value}")
        if move["doubled"]:
            value *= 2
            parts.append(f"doubled by Adrenaline Rush: {value}")
        return "; ".join(parts) + f". Allowance {allowance}."
    return {
        "keys": f"The Keys Are Still In It: up to {allowance} spaces instead of a roll.",
        "rest": "Much Needed Rest instead of the movement roll: no movement.",
        "fear": "Fear: no movement this turn.",
        "stuck": "Out of life after a fight: no more movement this turn.",
    }.get(basis, f"Allowance {allowance} (this log does not record how it came about).")


def _players(state) -> list[dict]:
    fx = state["fx"]
    out = []
    for seat in range(state["seats"]):
        out.append({
            "seat": seat, "space": state["pawns"][seat], "life": state["life"][seat],
            "bullets": state["bullets"][seat], "kills": state["kills"][seat],
            "hand_size": len(state["hands"][seat]), "items_in_play": list(state["items"][seat]),
            "played_card_this_round": state["played"][seat],
            "shotgun_rolls_left": fx["shotgun"][seat], "adrenaline_on_next_roll": fx["adrenaline"][seat],
            "next_roll_halved": fx["shoe"][seat], "may_not_move_next": fx["fear"][seat],
            "claustrophobia": fx["claustro"][seat], "moved_by": fx["cramp"][seat],
            "skips_next_turn": fx["paralysed"][seat], "resigned": is_out(state, seat),
        })
    return out


def _map(state) -> dict:
    return {
        "tiles": {cell: {"tile": placed["tile"], "rotation": placed["rotation"]}
                  for cell, placed in state["tiles"].items()},
        "zombies": _sorted_spaces(state["zombies"]),
        "tokens": dict(state["tokens"]),
        "helipad_centre": helipad_centre(state),
        "closed": state["closed"],
    }


def _tile_step(state) -> dict | None:
    if state["phase"] not in ("tile_spot", "tile_rotation", "place_zombies", "auction"):
        return None
    spot = state["spot"]
    return {"tile": state["drawn"], "placer": state["placer"],
            "cell": f"{spot[0]},{spot[1]}" if spot else None,
            "new_tile_cell": state["new_cell"] if state["phase"] == "place_zombies" else None,
            "street_zombies_to_place": state["to_place"] if state["phase"] == "place_zombies" else 0}


def _movement(state) -> dict | None:
    move = state["move"]
    if move is None:
        return None
    return {"seat": state["turn"], "mover": move["mover"], "allowance": move["allowance"],
            "steps_left": move["left"], "roll": move.get("roll"), "how": move.get("basis"),
            "explanation": _explain(move)}


def _zombie_moves(state) -> dict | None:
    zm = state["zm"]
    if zm is None:
        return None
    cur = zm["current"]
    return {
        "steps_left": zm["left"], "most_per_zombie": zm["cap"],
        "moving": None if cur is None else {"space": cur["at"], "steps": cur["steps"], "path": list(cur["path"]),
                                            "must_step": cur["fresh"]},
        "moved": {k: {"steps": rec["steps"], "path": list(rec["path"])} for k, rec in zm["moved"].items()},
    }


def _effects(state) -> dict:
    fx = state["fx"]

    def lasting(effect):
        return None if effect is None else {"seat": effect["seat"], "turns_of_its_seat_left": effect["skip"] + 1}

    return {"alternate_food_source": lasting(fx["food"]), "all_the_marbles": lasting(fx["marbles"]),
            "chainsaw": fx["chainsaw"], "molotov_building": fx["molotov"],
            "movement_doubled": fx["double_move"]}


def _window(state) -> dict | None:
    w = state["window"]
    if w is None:
        return None
    return {"moment": w["at"] or "move_roll", "waiting_for": list(w["queue"])}


def _choice(state) -> dict | None:
    c = state["choice"]
    if c is None:
        return None
    return {"seat": c["seat"], "card": c["card"], "picks_left": c["left"], "target": c["target"],
            "lifted_zombie": c["picked"]}


def view(state, seat):
    """What ``seat`` (``None`` or out of range: a spectator) may see, as a JSON-able dict described by
    ``view_schema.VIEW``; ``{"started": False}`` before the game starts. Answers for every state a
    prefix of a log folds to, those inside a command's batch included."""
    if state is None:
        return {"started": False}
    n = state["seats"]
    me = seat if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < n else None
    combat = state["combat"]
    in_fight = combat is not None and state["phase"] in ("combat", "combat_loss")
    return {
        "started": True, "rules_version": RULES_VERSIONS[level(state)], "seat": me, "seats": n,
        "first_seat": state["first_seat"], "kill_target": state["kill_target"], "stacked": state["stacked"],
        "base_event_deck": state["base_event_deck"],
        "turn": {"seat": state["turn"], "number": state["turn_no"], "phase": state["phase"],
                 "life_at_start": state["life_at_start"],
                 "may_not_move": state["stuck"]},
        "waiting_for": [{"seat": d.seat, "kind": d.kind, "code": d.code, "label": d.label} for d in pending(state)],
        "hand": list(state["hands"][me]) if me is not None else None,
        "players": _players(state),
        "map": _map(state),
        "zombies_in_box": state["pool"],
        "tile_stack_size": len(state["tile_deck"]), "discarded_tiles": list(state["tile_discard"]),
        "event_deck_size": len(state["deck"]), "event_discard": list(state["discard"]),
        "tile_step": _tile_step(state),
        "auction": None if state["auction"] is None else {
            "bidders": list(state["auction"]["order"]), "passed": list(state["auction"]["passed"]),
            "high_bid": state["auction"]["high"], "leader": state["auction"]["leader"],
            "next_bidder": state["auction"]["next"]},
        "combat": None if not in_fight else {
            "seat": state["turn"], "space": state["pawns"][state["turn"]], "lost_roll_total": combat["total"]
            if state["phase"] == "combat_loss" else None,
            "then": "draw" if state["resume"] == "draw" else "movement"},
        "last_roll": None if state["last_roll"] is None else dict(state["last_roll"]),
        "movement": _movement(state),
        "zombie_moves": _zombie_moves(state),
        "reaction_window": _window(state),
        "card_choice": _choice(state),
        "effects": _effects(state),
        "result": outcome(state),
    }


def redact(event, seat):
    """The event as ``seat`` (``None``: a spectator) may see it: deck orders and dice become
    counts, other seats' hands and drawn cards become ``None``."""
    t, d = event.get("type"), event.get("data") or {}
    if t == "GameStarted":
        data = dict(d)
        data["hands"] = [list(h) if s == seat else None for s, h in enumerate(d["hands"])]
        data["hand_sizes"] = [len(h) for h in d["hands"]]
        data["tile_deck"] = len(d["tile_deck"])
        data["event_deck"] = len(d["event_deck"])
        data["dice"] = len(d["dice"])
        return {"type": t, "data": data}
    if t == "EventDeckReshuffled":
        return {"type": t, "data": {"count": len(d["order"])}}
    if t == "CardsDrawn" and d.get("seat") != seat:
        return {"type": t, "data": {"seat": d.get("seat"), "cards": [None] * len(d.get("cards", []))}}
    return event

