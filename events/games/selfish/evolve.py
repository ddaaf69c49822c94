"""The event handlers both editions fold the same way, and the total dispatcher.

Each handler takes ``(state, data)``, mutates the state in place (touching
O(1) lists, no deep copies) and returns it. ``make_evolve`` builds an edition's
``evolve(state, event)`` from its handler table: total, deterministic, never
raising, ignoring types it does not know (the service's ``GameCreated``,
``SeedRevealed``...).
"""
from __future__ import annotations

from .paying import take
from .versions import FIRST_LEVEL


def new_state(d, board: str) -> dict:
    """The state parts both editions start from a ``GameStarted`` event's data ``d``: seats, the
    rules level (1 when the event records none), hands, tracks, the two decks and discard piles
    (``board``: ``"space"``, ``"wasteland"``), the turn, the reaction window, the pick, the result
    and the hidden gambler mark (``Supplies.cards_discarded``)."""
    n = d["seats"]
    tracks = d.get("tracks") or [[] for _ in range(n)]
    return {
        "seats": n,
        "rules": d.get("rules", FIRST_LEVEL),
        "stacked": d.get("stacked", False),
        "hands": [list(h) for h in d["hands"]],
        "alive": [True] * n,
        "tracks": [list(t) for t in tracks],
        "game_deck": list(d["game_deck"]),
        "game_discard": list(d.get("game_discard", [])),
        f"{board}_deck": list(d[f"{board}_deck"]),
        f"{board}_discard": [],
        "turn": 0,
        "turns": 0,
        "window": None,
        "choice": None,
        "over": False,
        "winner": None,
        "reason": None,
        "gambler": None,
    }


def card_drawn(s, d):
    """CardDrawn: the top Game card goes to the seat's hand."""
    if s["game_deck"]:
        s["hands"][d["seat"]].append(s["game_deck"].pop(0))
    return s


def game_deck_reshuffled(s, d):
    """GameDeckReshuffled: the Game discard pile, in the shuffled ``order``, becomes the deck."""
    s["game_deck"].extend(d["order"])
    s["game_discard"] = []
    return s


def cards_taken(s, d):
    """CardsTaken: the ``cards`` move from seat ``from``'s hand to seat ``to``'s."""
    src, dst = s["hands"][d["from"]], s["hands"][d["to"]]
    for card in d["cards"]:
        if take(src, card):
            dst.append(card)
    return s


def choice_requested(s, d):
    """ChoiceRequested: ``seat`` must pick (``choice``, ``target`` and any edition extras);
    ``then`` is the rest of the move, resumed after the pick."""
    c = {"target": None, **d}
    c["then"] = [dict(op) for op in d.get("then", [])]
    s["choice"] = c
    return s


def choice_made(s, d):
    """ChoiceMade: the pending pick is answered and cleared."""
    s["choice"] = None
    return s


def died(s, d):
    """Died: the seat is out of the living and its whole hand goes to the Game discard pile."""
    seat = d["seat"]
    s["alive"][seat] = False
    s["game_discard"].extend(s["hands"][seat])
    s["hands"][seat] = []
    return s


def game_ended(s, d):
    """GameEnded: the game is over with ``winner`` (a seat or ``None``) and ``reason``."""
    s["over"] = True
    s["winner"] = d["winner"]
    s["reason"] = d["reason"]
    s["window"] = None
    s["choice"] = None
    return s


#: The handlers every Selfish edition shares, by event type.
COMMON = {
    "CardDrawn": card_drawn,
    "GameDeckReshuffled": game_deck_reshuffled,
    "CardsTaken": cards_taken,
    "ChoiceRequested": choice_requested,
    "ChoiceMade": choice_made,
    "Died": died,
    "GameEnded": game_ended,
}


def make_evolve(handlers: dict, first: str = "GameStarted"):
    """An ``evolve(state, event) -> state`` dispatching on ``handlers`` (event type -> handler).

    Before the ``first`` event the state stays ``None``; an unknown type changes nothing; a
    malformed event (missing keys, bad indexes) changes nothing. Its attribute ``handlers`` is
    ``handlers`` (the resolver folds the well-formed events it emits through them directly);
    its attribute ``many`` folds ``(type, data)`` pairs by the same rules (``Ruleset.evolve_many``).
    """
    def evolve(state, event):
        """Fold one event into ``state`` (mutated and returned); total, never raises."""
        handler = handlers.get(event.get("type"))
        if handler is None:
            return state
        if state is None and event.get("type") != first:
            return None
        try:
            return handler(state, event.get("data") or {})
        except (KeyError, IndexError, TypeError):  # a malformed event changes nothing
            return state
    def evolve_many(state, pairs):
        """Fold ``(type, data)`` pairs in order: what ``evolve`` gives over ``{"type", "data"}``
        events, without building each event (``stranded rebuild`` folds whole logs so)."""
        for kind, data in pairs:
            if state is None:
                state = evolve(state, {"type": kind, "data": data})
                continue
            handler = handlers.get(kind)
            if handler is None:
                continue
            try:
                state = handler(state, data or {})
            except (KeyError, IndexError, TypeError):  # a malformed event changes nothing
                pass
        return state

    evolve.handlers = handlers
    evolve.many = evolve_many
    return evolve
