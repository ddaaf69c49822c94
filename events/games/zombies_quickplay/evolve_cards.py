"""evolve for the Event cards: draws, plays, items, reaction windows and card choices.

One small function per event type, merged into ``evolve.HANDLERS``.
"""
from __future__ import annotations

from .tiles import key


def forget_record(s, k):
    """Drop the zombie-move record of space ``k`` (its zombie was lifted or killed)."""
    if s["zm"] is not None:
        s["zm"]["moved"].pop(k, None)


def cards_drawn(s, d):
    """CardsDrawn: ``seat`` draws ``cards`` from the top of the Event deck."""
    n = len(d["cards"])
    del s["deck"][:n]
    s["hands"][d["seat"]].extend(d["cards"])
    return s


def deck_reshuffled(s, d):
    """EventDeckReshuffled: the discard pile, shuffled into ``order``, becomes the deck."""
    s["deck"] = list(d["order"]) + s["deck"]
    s["discard"] = []
    return s


def card_played(s, d):
    """CardPlayed: ``card`` leaves ``seat``'s hand (items into play); status effects start."""
    seat, card = d["seat"], d["card"]
    s["hands"][seat].remove(card)
    s["played"][seat] = True
    if d.get("item"):
        s["items"][seat].append(card)
    else:
        s["discard"].append(card)
    fx, target = s["fx"], d.get("target")
    if card == "hey_look_a_shotgun":
        fx["shotgun"][seat] += 3
    elif card == "adrenaline_rush":
        if d.get("mode") == "combat":
            fx["adrenaline"][seat] = True
        else:
            fx["double_move"] = True
    elif card == "alternate_food_source":
        fx["food"] = {"seat": seat, "skip": 1 if s["turn"] == seat else 0}
    elif card in ("your_shoes_untied", "fear", "claustrophobia"):
        fx[{"your_shoes_untied": "shoe", "fear": "fear", "claustrophobia": "claustro"}[card]][target] = True
    elif card == "brain_cramp":
        fx["cramp"][target] = seat
    elif card == "hysterical_paralysis":
        fx["paralysed"][target] = True
    return s


def card_discarded(s, d):
    """CardDiscarded: ``seat`` discards ``card`` from its hand."""
    s["hands"][d["seat"]].remove(d["card"])
    s["discard"].append(d["card"])
    return s


def item_used(s, d):
    """ItemUsed: an item leaves play for its effect (``lost``: knocked away by Butter Fingers)."""
    seat, card = d["seat"], d["card"]
    s["items"][seat].remove(card)
    s["discard"].append(card)
    if d.get("lost"):
        return s
    if card == "chainsaw":
        s["fx"]["chainsaw"] = True
    elif card == "molotov_cocktail":
        s["fx"]["molotov"] = d["building"]
    elif card == "all_the_marbles":
        s["fx"]["marbles"] = {"seat": seat, "skip": 1 if s["turn"] == seat else 0}
    return s


def kills_lost(s, d):
    """KillsLost: ``count`` of ``seat``'s kills go back to the box."""
    s["kills"][d["seat"]] -= d["count"]
    s["pool"] += d["count"]
    return s


def window_opened(s, d):
    """WindowOpened: the seats in ``queue`` may answer, in that order, at the moment ``at`` (see
    ``table.MOMENTS``; a window logged before moments existed has none and was the one before the
    movement roll)."""
    s["window"] = {"queue": list(d["queue"]), "at": d.get("at")}
    return s


def window_passed(s, d):
    """WindowPassed: ``seat`` is done with the reaction window. The window stays (with an empty
    queue) until ``WindowClosed``, except a window logged before moments existed, which closed here."""
    w = s["window"]
    w["queue"].remove(d["seat"])
    if not w["queue"] and w["at"] is None:
        s["window"] = None
    return s


def window_closed(s, d):
    """WindowClosed: every seat asked has answered (and any card played in it is resolved)."""
    s["window"] = None
    return s


def choice_opened(s, d):
    """ChoiceOpened: ``seat`` picks spaces for ``card`` (``left`` picks)."""
    s["choice"] = {"seat": d["seat"], "kind": d["kind"], "card": d["card"], "left": d["left"],
                   "target": d.get("target"), "picked": None}
    return s


def choice_picked(s, d):
    """SpacePicked: a space picked for the open choice (a zombie placed, lifted or dropped)."""
    c = s["choice"]
    k = key(d["x"], d["y"])
    if c["kind"] == "so_bad" and c["picked"] is None:
        c["picked"] = k
        s["zombies"].pop(k)
        forget_record(s, k)
    else:
        if c["kind"] == "so_bad":
            c["picked"] = None
        if c["kind"] in ("so_bad", "zombie_master"):
            s["zombies"][k] = 1
            if c["kind"] == "zombie_master":
                s["pool"] -= 1
            c["left"] -= 1
    return s


def choice_closed(s, d):
    """ChoiceClosed: the card's picks are done."""
    s["choice"] = None
    return s


CARD_HANDLERS = {
    "CardsDrawn": cards_drawn,
    "EventDeckReshuffled": deck_reshuffled,
    "CardPlayed": card_played,
    "CardDiscarded": card_discarded,
    "ItemUsed": item_used,
    "KillsLost": kills_lost,
    "WindowOpened": window_opened,
    "WindowPassed": window_passed,
    "WindowClosed": window_closed,
    "ChoiceOpened": choice_opened,
    "SpacePicked": choice_picked,
    "ChoiceClosed": choice_closed,
}
