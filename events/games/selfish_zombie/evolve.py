"""evolve(state, event) -> state: one small function per event type.

Total and deterministic: every shuffle, die roll and random pick is in the
event; it never raises and ignores event types it does not know. The handlers
both Selfish editions share live in ``events.games.selfish``; the ones here
are the Zombie Edition's own (or wrap a shared one with what a zombie adds).
"""
from __future__ import annotations

from events.games.selfish import reactions
from events.games.selfish.evolve import COMMON, died, make_evolve, new_state
from events.games.selfish.paying import take
from events.games.selfish.resigning import seat_resigned
from events.games.selfish.versions import level_of

from .cards import BOARD, SUPPLIES


def game_started(_state, d):
    """GameStarted: a fresh state from the deal (hands, deck orders, discard, tracks, dice)."""
    n = d["seats"]
    return {
        **new_state(d, "wasteland"),
        "ahead": [[] for _ in range(n)],
        "risen_at": [None] * n,
        "dice": list(d.get("dice", [])),
        "points": 0,
        "attacked": [],
        "skip": [False] * n,
        "alliances": [],
        "peek": [[] for _ in range(n)],
    }


def turn_started(s, d):
    """TurnStarted: ``seat`` takes the turn; no action points yet."""
    s["turn"] = d["seat"]
    s["turns"] += 1
    s["points"] = 0
    s["attacked"] = []
    return s


def turn_skipped(s, d):
    """TurnSkipped: the seat's lost turn (Twisted Ankle) is used up."""
    s["skip"][d["seat"]] = False
    return s


def ankle_twisted(s, d):
    """AnkleTwisted: the seat will lose its next turn."""
    s["skip"][d["seat"]] = True
    return s


def die_rolled(s, d):
    """DieRolled: a stacked roll is used up; a zombie's roll becomes its action points."""
    if d.get("stacked") and s["dice"]:
        s["dice"].pop(0)
    if d.get("why") == "zombie":
        s["points"] = d["roll"]
    return s


def action_played(s, d):
    """ActionPlayed: the card goes from hand to the Game discard pile."""
    if take(s["hands"][d["seat"]], d["card"]):
        s["game_discard"].append(d["card"])
    return s


def alliance_formed(s, d):
    """AllianceFormed: the Alliance card leaves the discard pile and lies before ``target``."""
    pile = s["game_discard"]
    for i in range(len(pile) - 1, -1, -1):
        if pile[i] == "alliance":
            del pile[i]
            break
    s["alliances"].append({"ally": d["ally"], "target": d["target"]})
    return s


def alliance_discarded(s, d):
    """AllianceDiscarded: that Alliance card goes to the Game discard pile."""
    pair = {"ally": d["ally"], "target": d["target"]}
    if pair in s["alliances"]:
        s["alliances"].remove(pair)
        s["game_discard"].append("alliance")
    return s


def zombie_died(s, d):
    """Died: the survivor turns; its hand is discarded, its lost turn and the Alliances it played are
    gone, and the column cards it places from here on lie face down. Alliances on it stay until its
    turn ends from rules level 2 on (they were discarded at once at level 1)."""
    seat = d["seat"]
    died(s, d)
    s["risen_at"][seat] = len(s["tracks"][seat])
    s["skip"][seat] = False
    s["peek"][seat] = []
    keep_on_it = level_of(s) >= 2
    for pair in [a for a in s["alliances"] if a["ally"] == seat or (a["target"] == seat and not keep_on_it)]:
        s["alliances"].remove(pair)
        s["game_discard"].append("alliance")
    return s


def _draw_wasteland(s) -> str | None:
    if not s["wasteland_deck"]:
        return None
    for known in s["peek"]:
        if known:
            known.pop(0)
    return s["wasteland_deck"].pop(0)


def moved(s, d):
    """Moved: the top Wasteland card goes behind the survivor (seats' knowledge of the top shifts)."""
    card = _draw_wasteland(s)
    if card is not None:
        s["tracks"][d["seat"]].append(card)
    return s


def wasteland_reshuffled(s, d):
    """WastelandDeckReshuffled: the discard pile, in the shuffled ``order``, becomes the deck."""
    s["peek"] = [[] for _ in s["peek"]]
    return BOARD.deck_reshuffled(s, d)


def wasteland_arranged(s, d):
    """WastelandArranged: the cards looked at go back, ``top`` (top first) and ``bottom``; the seat
    knows the new top, the others' knowledge of it is gone."""
    deck = s["wasteland_deck"]
    n = len(d["top"]) + len(d["bottom"])
    s["wasteland_deck"] = list(d["top"]) + deck[n:] + list(d["bottom"])
    s["peek"] = [list(d["top"]) if seat == d["seat"] else [] for seat in range(s["seats"])]
    return s


def zombie_moved(s, d):
    """ZombieMoved: one action point; back leaves the card in the column (it goes ahead), forward
    takes it back or places the top Wasteland card face down on the space left."""
    seat, track, ahead = d["seat"], s["tracks"][d["seat"]], s["ahead"][d["seat"]]
    s["points"] -= 1
    if d["direction"] == "back":
        if track:
            ahead.insert(0, track.pop())
    elif ahead:
        track.append(ahead.pop(0))
    else:
        card = _draw_wasteland(s)
        if card is not None:
            s["tracks"][seat].append(card)
    return s


def zombie_attacked(s, d):
    """ZombieAttacked: one action point spent on an attack on ``target``."""
    s["points"] -= 1
    s["attacked"].append(d["target"])
    return s


def zombie_knocked_back(s, d):
    """ZombieKnockedBack: a Horde moves a zombie back; the card behind it stays in its column, now in
    front of it (as when it steps back itself), and no action point is spent."""
    track = s["tracks"][d["seat"]]
    if track:
        s["ahead"][d["seat"]].insert(0, track.pop())
    return s


def player_resigned(s, d):
    """PlayerResigned: the survivor or zombie is out (``seat_resigned``); the Alliances it played
    and those lying before it go to the Game discard pile, its lost turn and what it knew of the
    Wasteland deck are gone (docs/rules/selfish-zombie.md, 'Resigning')."""
    seat = d["seat"]
    seat_resigned(s, d)
    s["skip"][seat] = False
    s["peek"][seat] = []
    for pair in [a for a in s["alliances"] if seat in (a["ally"], a["target"])]:
        s["alliances"].remove(pair)
        s["game_discard"].append("alliance")
    return s


HANDLERS = {
    **COMMON,
    **BOARD.handlers(),
    "GameStarted": game_started,
    "TurnStarted": turn_started,
    "TurnSkipped": turn_skipped,
    "AnkleTwisted": ankle_twisted,
    "DieRolled": die_rolled,
    "ActionPlayed": action_played,
    "AllianceFormed": alliance_formed,
    "AllianceDiscarded": alliance_discarded,
    "ReactionWindowOpened": reactions.window_opened,
    "ReactionPassed": reactions.window_passed,
    "BodyArmorPlayed": reactions.answered_with("body_armor"),
    "UnderestimatePlayed": reactions.answered_with("underestimate"),
    "CardsDiscarded": SUPPLIES.cards_discarded,
    "DoubleSwapped": SUPPLIES.double_swapped,
    "Died": zombie_died,
    "Moved": moved,
    "WastelandDeckReshuffled": wasteland_reshuffled,
    "WastelandArranged": wasteland_arranged,
    "ZombieMoved": zombie_moved,
    "ZombieAttacked": zombie_attacked,
    "ZombieKnockedBack": zombie_knocked_back,
    "PlayerResigned": player_resigned,
}

evolve = make_evolve(HANDLERS)
