"""evolve(state, event) -> state: one small function per event type.

Total and deterministic: no randomness (every shuffle and random pick is in the
event), never raises, ignores event types it does not know (the service's own
``GameCreated``, ``SeedRevealed``...). Each step touches O(1) lists; nothing is
deep-copied. The state is mutated in place and returned.
"""
from __future__ import annotations

from .cards import DOUBLE, SINGLE


def _take(cards: list, card) -> bool:
    if card in cards:
        cards.remove(card)
        return True
    return False


def game_started(_state, d):
    """GameStarted: a fresh state from the deal (hands, deck orders, discard, tracks)."""
    n = d["seats"]
    tracks = d.get("tracks") or [[] for _ in range(n)]
    return {
        "seats": n,
        "two_player": d["two_player"],
        "stacked": d.get("stacked", False),
        "hands": [list(h) for h in d["hands"]],
        "alive": [True] * n,
        "tracks": [list(t) for t in tracks],
        "game_deck": list(d["game_deck"]),
        "game_discard": list(d.get("game_discard", [])),
        "space_deck": list(d["space_deck"]),
        "space_discard": [],
        "turn": 0,
        "turns": 0,
        "actions": 0,
        "swapped": False,
        "window": None,
        "choice": None,
        "over": False,
        "winner": None,
        "reason": None,
    }


def turn_started(s, d):
    """TurnStarted: ``seat`` takes the turn; the Action count and swap flag reset."""
    s["turn"] = d["seat"]
    s["turns"] += 1
    s["actions"] = 0
    s["swapped"] = False
    return s


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


def space_deck_reshuffled(s, d):
    """SpaceDeckReshuffled: the Space discard pile, in the shuffled ``order``, becomes the deck."""
    s["space_deck"].extend(d["order"])
    s["space_discard"] = []
    return s


def action_played(s, d):
    """ActionPlayed: the card goes from hand to the Game discard pile and counts as an Action."""
    if _take(s["hands"][d["seat"]], d["card"]):
        s["game_discard"].append(d["card"])
    s["actions"] += 1
    return s


def reaction_window_opened(s, d):
    """ReactionWindowOpened: the target ``seat`` may Shield the ``attacker``'s ``card``."""
    s["window"] = {"seat": d["seat"], "attacker": d["attacker"], "card": d["card"]}
    return s


def shield_played(s, d):
    """ShieldPlayed: the Shield goes to the Game discard pile and the window closes."""
    if _take(s["hands"][d["seat"]], "shield"):
        s["game_discard"].append("shield")
    s["window"] = None
    return s


def reaction_passed(s, d):
    """ReactionPassed: the window closes; the attack resolves in the events that follow."""
    s["window"] = None
    return s


def choice_requested(s, d):
    """ChoiceRequested: ``seat`` must pick (``choice``, ``target``); ``then`` resumes after."""
    s["choice"] = {
        "seat": d["seat"],
        "choice": d["choice"],
        "target": d.get("target"),
        "then": [dict(op) for op in d.get("then", [])],
    }
    return s


def choice_made(s, d):
    """ChoiceMade: the pending pick is answered and cleared."""
    s["choice"] = None
    return s


def cards_discarded(s, d):
    """CardsDiscarded: the ``cards`` go from the seat's hand to the Game discard pile."""
    hand = s["hands"][d["seat"]]
    for card in d["cards"]:
        if _take(hand, card):
            s["game_discard"].append(card)
    return s


def cards_taken(s, d):
    """CardsTaken: the ``cards`` move from seat ``from``'s hand to seat ``to``'s."""
    src, dst = s["hands"][d["from"]], s["hands"][d["to"]]
    for card in d["cards"]:
        if _take(src, card):
            dst.append(card)
    return s


def double_swapped(s, d):
    """DoubleSwapped: a Double goes for two Singles; ``auto`` (a split) keeps the turn's swap."""
    hand, discard, deck = s["hands"][d["seat"]], s["game_discard"], s["game_deck"]
    if not _take(hand, DOUBLE):
        return s
    for _ in range(d["from_discard"]):
        for i in range(len(discard) - 1, -1, -1):  # topmost Single first
            if discard[i] == SINGLE:
                del discard[i]
                hand.append(SINGLE)
                break
    for _ in range(d["from_deck"]):
        if _take(deck, SINGLE):
            hand.append(SINGLE)
    discard.append(DOUBLE)
    if not d.get("auto"):
        s["swapped"] = True
    return s


def moved(s, d):
    """Moved: the top Space card goes on the end of the seat's track (one space forward)."""
    if s["space_deck"]:
        s["tracks"][d["seat"]].append(s["space_deck"].pop(0))
    return s


def moved_back(s, d):
    """MovedBack: the last card of the seat's track goes to the Space discard pile."""
    track = s["tracks"][d["seat"]]
    if track:
        s["space_discard"].append(track.pop())
    return s


def tracks_swapped(s, d):
    """TracksSwapped: ``seat`` and ``other`` swap whole tracks (positions and the cards behind)."""
    t = s["tracks"]
    a, b = d["seat"], d["other"]
    t[a], t[b] = t[b], t[a]
    return s


def died(s, d):
    """Died: the seat is dead and its whole hand goes to the Game discard pile."""
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


HANDLERS = {
    "GameStarted": game_started,
    "TurnStarted": turn_started,
    "CardDrawn": card_drawn,
    "GameDeckReshuffled": game_deck_reshuffled,
    "SpaceDeckReshuffled": space_deck_reshuffled,
    "ActionPlayed": action_played,
    "ReactionWindowOpened": reaction_window_opened,
    "ShieldPlayed": shield_played,
    "ReactionPassed": reaction_passed,
    "ChoiceRequested": choice_requested,
    "ChoiceMade": choice_made,
    "CardsDiscarded": cards_discarded,
    "CardsTaken": cards_taken,
    "DoubleSwapped": double_swapped,
    "Moved": moved,
    "MovedBack": moved_back,
    "TracksSwapped": tracks_swapped,
    "Died": died,
    "GameEnded": game_ended,
}


def evolve(state, event):
    """Fold one event into ``state`` (mutated and returned)."""
    handler = HANDLERS.get(event.get("type"))
    if handler is None:
        return state
    if state is None and handler is not game_started:
        return None
    try:
        return handler(state, event.get("data") or {})
    except (KeyError, IndexError, TypeError):  # a malformed event changes nothing
        return state
