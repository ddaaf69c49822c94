"""evolve(state, event) -> state: one small function per event type.

Total: unknown event types (the system's GameCreated, SeatJoined, SeedRevealed...)
leave the state unchanged. Never draws randomness: every roll and shuffle is in
the event.
"""
from __future__ import annotations

from .evolve_cards import CARD_HANDLERS, forget_record
from .tiles import TOWN_CENTRE, key


def game_started(_, d):
    """GameStarted: the whole deal (tile stack, Event deck, hands, dice); the Town Square alone on the map."""
    n = d["seats"]
    return {
        "seats": n, "kill_target": d["kill_target"], "stacked": d["stacked"],
        "base_event_deck": d.get("base_event_deck", False),
        "tiles": {"0,0": {"tile": "town_square", "rotation": 0}},
        "tile_deck": list(d["tile_deck"]), "tile_discard": [],
        "drawn": None, "spot": None, "placer": 0, "to_place": 0, "new_cell": None, "closed": False,
        "zombies": {}, "tokens": {}, "pool": d["zombies"],
        "pawns": [TOWN_CENTRE] * n, "life": [d["life"]] * n, "bullets": [d["bullets"]] * n,
        "kills": [0] * n,
        "hands": [list(h) for h in d["hands"]], "deck": list(d["event_deck"]), "discard": [],
        "items": [[] for _ in range(n)], "played": [False] * n, "dice": list(d["dice"]),
        "turn": 0, "turn_no": 0, "life_at_start": d["life"], "phase": "tile_spot", "resume": "draw",
        "combat": None, "move": None, "stuck": False, "zm": None, "auction": None,
        "window": None, "choice": None,
        "fx": {"shotgun": [0] * n, "adrenaline": [False] * n, "shoe": [False] * n, "fear": [False] * n,
               "claustro": [False] * n, "cramp": [None] * n, "food": None,
               "paralysed": [False] * n, "marbles": None,
               "chainsaw": False, "molotov": None, "double_move": False},
        "over": False, "winner": None, "result": None,
    }


def turn_started(s, d):
    """TurnStarted: ``seat`` takes the turn; its round of cards and the turn's effects reset."""
    seat = d["seat"]
    s.update(turn=seat, turn_no=s["turn_no"] + 1, life_at_start=s["life"][seat], stuck=False,
             move=None, zm=None, combat=None, resume="draw", placer=seat)
    s["played"][seat] = False
    s["fx"].update(chainsaw=False, molotov=None, double_move=False)
    return s


def phase_started(s, d):
    """PhaseStarted: the turn enters ``phase``."""
    s["phase"] = d["phase"]
    return s


def tile_drawn(s, d):
    """TileDrawn: the top tile of the stack is drawn (now public)."""
    s["tile_deck"].pop(0)
    s["drawn"] = d["tile"]
    return s


def tile_discarded(s, d):
    """TileDiscarded: the drawn tile fits nowhere and is set aside."""
    s["tile_discard"].append(d["tile"])
    s["drawn"] = None
    return s


def map_closed(s, d):
    """MapClosed: no tile left can be placed; no more tiles are drawn."""
    s["closed"] = True
    return s


def auction_opened(s, d):
    """AuctionOpened: the Helipad bidding starts with ``order[0]``."""
    s["auction"] = {"order": list(d["order"]), "passed": [], "high": 0, "leader": None, "next": d["order"][0]}
    s["phase"] = "auction"
    return s


def _next_bidder(a, seat):
    order = a["order"]
    i = order.index(seat)
    for step in range(1, len(order) + 1):
        cand = order[(i + step) % len(order)]
        if cand not in a["passed"]:
            return cand
    return seat


def bid_made(s, d):
    """BidMade: ``seat`` leads with ``kills``; the next bidder still in is up."""
    a = s["auction"]
    a["high"], a["leader"] = d["kills"], d["seat"]
    a["next"] = _next_bidder(a, d["seat"])
    return s


def bid_passed(s, d):
    """BidPassed: ``seat`` leaves the bidding for good."""
    a = s["auction"]
    a["passed"].append(d["seat"])
    a["next"] = _next_bidder(a, d["seat"])
    return s


def auction_won(s, d):
    """AuctionWon: ``seat`` pays ``kills`` (back to the box) and places the Helipad."""
    seat = d["seat"]
    s["kills"][seat] -= d["kills"]
    s["pool"] += d["kills"]
    s.update(placer=seat, auction=None, phase="tile_spot")
    return s


def tile_spot_chosen(s, d):
    """TileSpotChosen: the drawn tile goes to cell ``(x, y)``; its rotation is next."""
    s.update(spot=[d["x"], d["y"]], phase="tile_rotation")
    return s


def tile_placed(s, d):
    """TilePlaced: the tile joins the map at ``(x, y)`` turned ``rotation``."""
    cell = key(d["x"], d["y"])
    s["tiles"][cell] = {"tile": d["tile"], "rotation": d["rotation"]}
    s.update(drawn=None, spot=None, new_cell=cell, placer=s["turn"])
    return s


def street_zombies_due(s, d):
    """StreetZombiesDue: ``count`` zombies are to be placed on the new street tile."""
    s.update(to_place=d["count"], phase="place_zombies")
    return s


def zombies_placed(s, d):
    """ZombiesPlaced: a zombie from the box on each of ``spaces``."""
    for k in d["spaces"]:
        s["zombies"][k] = 1
    s["pool"] -= len(d["spaces"])
    if d.get("how") == "street":
        s["to_place"] -= len(d["spaces"])
    return s


def tokens_placed(s, d):
    """TokensPlaced: life and bullet tokens on their spaces."""
    for k in d["lives"]:
        s["tokens"][k] = "life"
    for k in d["bullets"]:
        s["tokens"][k] = "bullet"
    return s


def combat_started(s, d):
    """CombatStarted: the turn's seat must fight the zombie on its space."""
    s.update(phase="combat", resume=d["resume"], combat={"total": None})
    return s


def die_rolled(s, d):
    """DieRolled: a roll (a stacked one is used up); a combat roll below 4 asks for payment."""
    if d.get("stacked"):
        s["dice"].pop(0)
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
    """CombatLost: a lost roll paid with a life, bullets, a First Aid Kit or (out of life) a kill."""
    seat, pay = d["seat"], d["pay"]
    if pay == "life":
        s["life"][seat] -= 1
        s["phase"] = "combat"
    elif pay == "bullets":
        s["bullets"][seat] -= d["amount"]
    elif pay == "first_aid_kit":
        s["items"][seat].remove("first_aid_kit")
        s["discard"].append("first_aid_kit")
        s["phase"] = "combat"
    else:  # kill: out of life
        if s["kills"][seat] > 0:
            s["kills"][seat] -= 1
            s["pool"] += 1
        s["stuck"] = True
    return s


def movement_allowed(s, d):
    """MovementAllowed: the turn's allowance; Fear and Your Shoe's Untied are used up."""
    seat = d["seat"]
    s["fx"]["shoe"][seat] = False
    s["fx"]["fear"][seat] = False
    s["move"] = {"left": d["allowance"], "mover": d["mover"]}
    return s


def pawn_moved(s, d):
    """PawnMoved: ``seat``'s pawn to ``(x, y)`` (a walk or a push uses up a step)."""
    s["pawns"][d["seat"]] = key(d["x"], d["y"])
    if d["how"] == "walk":
        s["move"]["left"] -= 1
    elif d["how"] == "push":
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


def supplies_set(s, d):
    """SuppliesSet: ``seat``'s life and bullets become the given numbers."""
    seat = d["seat"]
    s["life"][seat] = d["life"]
    s["bullets"][seat] = d["bullets"]
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


def zombie_moves_ended(s, d):
    """ZombieMovesEnded: the moving zombie stops; the zombie moves are over."""
    if s["zm"] is not None:
        _finish_current(s["zm"], s["zombies"])
    s["zm"] = None
    return s


def turn_ended(s, d):
    """TurnEnded: an Alternate Food Source or All the Marbles of ``seat`` counts down."""
    for effect in ("food", "marbles"):
        fx = s["fx"][effect]
        if fx is not None and fx["seat"] == d["seat"]:
            if fx["skip"] > 0:
                fx["skip"] -= 1
            else:
                s["fx"][effect] = None
    return s


def turn_skipped(s, d):
    """TurnSkipped: ``seat`` loses this turn to Hysterical Paralysis."""
    s["fx"]["paralysed"][d["seat"]] = False
    return s


def game_won(s, d):
    """GameWon: the game is over; ``seat`` (or ``None``) won by ``result``."""
    s.update(over=True, winner=d["seat"], result=d["result"], phase="over", window=None, choice=None)
    return s


HANDLERS = {
    "TurnStarted": turn_started, "PhaseStarted": phase_started, "TileDrawn": tile_drawn,
    "TileDiscarded": tile_discarded, "MapClosed": map_closed, "AuctionOpened": auction_opened,
    "BidMade": bid_made, "BidPassed": bid_passed, "AuctionWon": auction_won,
    "TileSpotChosen": tile_spot_chosen, "TilePlaced": tile_placed, "StreetZombiesDue": street_zombies_due,
    "ZombiesPlaced": zombies_placed, "TokensPlaced": tokens_placed, "CombatStarted": combat_started,
    "DieRolled": die_rolled, "ZombieKilled": zombie_killed, "CombatLost": combat_lost,
    "MovementAllowed": movement_allowed, "PawnMoved": pawn_moved, "TokenTaken": token_taken,
    "MovementEnded": movement_ended, "SuppliesSet": supplies_set, "ZombieMovesAllowed": zombie_moves_allowed,
    "ZombieChosen": zombie_chosen, "ZombieMoved": zombie_moved, "ZombieMovesEnded": zombie_moves_ended,
    "TurnEnded": turn_ended, "TurnSkipped": turn_skipped, "GameWon": game_won,
}


HANDLERS.update(CARD_HANDLERS)


def evolve(state, event):
    """Fold one event (``{"type", "data"}``) into ``state`` (mutated and returned).

    ``GameStarted`` builds the state from ``None``; unknown types change nothing.
    """
    t = event.get("type")
    if t == "GameStarted":
        return game_started(state, event["data"])
    handler = HANDLERS.get(t)
    if handler is None or state is None:
        return state
    return handler(state, event.get("data") or {})
