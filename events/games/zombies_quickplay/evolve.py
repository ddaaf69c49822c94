"""evolve(state, event) -> state: one small function per event type (fights, movement and zombie
moves in ``evolve_moves``, Event cards and reaction windows in ``evolve_cards``).

Total: unknown event types (the system's GameCreated, SeatJoined, SeedRevealed...)
leave the state unchanged. Never draws randomness: every roll and shuffle is in
the event.
"""
from __future__ import annotations

from .evolve_cards import CARD_HANDLERS
from .evolve_moves import MOVE_HANDLERS
from .seats_out import next_bidder, player_resigned
from .state import OLD_RULES
from .tiles import OLD_LAYOUT_OF, TOWN_CENTRE, key


def game_started(_, d):
    """GameStarted: the whole deal (tile stack, Event deck, hands, dice); the Town Square alone on the map.
    A log of rules version 3 records no rules level and no first seat (seat 0 played first)."""
    n = d["seats"]
    return {
        "rules": d.get("rules", OLD_RULES), "first_seat": d.get("first_seat", 0),
        "seats": n, "kill_target": d["kill_target"], "stacked": d["stacked"],
        "base_event_deck": d.get("base_event_deck", False),
        "tiles": {"0,0": {"tile": "town_square", "rotation": 0}},
        "tile_deck": list(d["tile_deck"]), "tile_discard": [],
        "drawn": None, "spot": None, "placer": 0, "to_place": 0, "new_cell": None, "closed": False,
        "zombies": {}, "tokens": {}, "pool": d["zombies"],
        "pawns": [TOWN_CENTRE] * n, "life": [d["life"]] * n, "bullets": [d["bullets"]] * n,
        "kills": [0] * n,
        "hands": [list(h) for h in d["hands"]], "deck": list(d["event_deck"]), "discard": [],
        "items": [[] for _ in range(n)], "played": [False] * n, "dice": list(d["dice"]), "last_roll": None,
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
    """MapClosed: no tile left can be placed; no more tiles are drawn. ``seat`` placed the last
    tile and loses its turn: if it is not the turn's seat (it bought the Helipad), its next one."""
    s["closed"] = True
    if d["seat"] != s["turn"]:
        s["fx"]["paralysed"][d["seat"]] = True
    return s


def auction_opened(s, d):
    """AuctionOpened: the Helipad bidding starts with ``order[0]``."""
    s["auction"] = {"order": list(d["order"]), "passed": [], "high": 0, "leader": None, "next": d["order"][0]}
    s["phase"] = "auction"
    return s


def bid_made(s, d):
    """BidMade: ``seat`` leads with ``kills``; the next bidder still in is up."""
    a = s["auction"]
    a["high"], a["leader"] = d["kills"], d["seat"]
    a["next"] = next_bidder(a, d["seat"])
    return s


def bid_passed(s, d):
    """BidPassed: ``seat`` leaves the bidding for good."""
    a = s["auction"]
    a["passed"].append(d["seat"])
    a["next"] = next_bidder(a, d["seat"])
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
    """TilePlaced: the tile joins the map at ``(x, y)`` turned ``rotation`` (in a game of rules level 3 with
    the layout that level used, see ``tiles.OLD_LAYOUTS``)."""
    cell = key(d["x"], d["y"])
    s["tiles"][cell] = {"tile": d["tile"], "rotation": d["rotation"]}
    if s["rules"] == OLD_RULES and d["tile"] in OLD_LAYOUT_OF:
        s["tiles"][cell]["layout"] = OLD_LAYOUT_OF[d["tile"]]
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


def supplies_set(s, d):
    """SuppliesSet: ``seat``'s life and bullets become the given numbers."""
    seat = d["seat"]
    s["life"][seat] = d["life"]
    s["bullets"][seat] = d["bullets"]
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
    """TurnSkipped: ``seat`` loses this turn (Hysterical Paralysis, or it bought the Helipad that
    closed the map)."""
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
    "ZombiesPlaced": zombies_placed, "TokensPlaced": tokens_placed, "SuppliesSet": supplies_set,
    "TurnEnded": turn_ended, "TurnSkipped": turn_skipped, "GameWon": game_won,
}


HANDLERS.update(MOVE_HANDLERS)
HANDLERS.update(CARD_HANDLERS)
HANDLERS["PlayerResigned"] = player_resigned


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
