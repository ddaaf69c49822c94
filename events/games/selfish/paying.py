"""Paying the resource both editions live on: Oxygen (Space), Supplies (Zombie).

It comes as Singles (worth 1) and Doubles (worth 2). Paying one when only
Doubles are held splits a Double: it goes to the Game discard pile for two
Singles taken from that pile (topmost first), the rest from the draw pile
(docs/rules/selfish-space.md, 'A turn'; docs/rules/selfish-zombie.md, "A
survivor's turn").
"""
from __future__ import annotations


def take(cards: list, card) -> bool:
    """Remove one ``card`` from ``cards`` if there; True if it was."""
    if card in cards:
        cards.remove(card)
        return True
    return False


class Supplies:
    """The two card kinds of an edition's resource: ``single`` (worth 1) and ``double`` (worth 2).

    ``Supplies(single, double)``; both attributes are set once (the compiled module makes them
    read-only slots, ``paying.pxd``)."""

    def __init__(self, single: str, double: str):
        self.single = single
        self.double = double

    def __repr__(self) -> str:
        return f"Supplies({self.single!r}, {self.double!r})"

    def count(self, hand: list[str]) -> int:
        """Units in ``hand``: Singles count 1, Doubles 2 (one pass over the hand)."""
        single, double, units = self.single, self.double, 0
        for card in hand:
            if card == single:
                units += 1
            elif card == double:
                units += 2
        return units

    def lose_two(self, hand: list[str]) -> list[str]:
        """The cards lost when two units go at once: two Singles, else a Double, else the lone
        Single, else none (docs/rules/selfish-space.md, 'The cards': Oxygen Siphon, Asteroid Field)."""
        if hand.count(self.single) >= 2:
            return [self.single, self.single]
        if self.double in hand:
            return [self.double]
        return [self.single] if self.single in hand else []

    def singles_available(self, state) -> int:
        """Singles a Double could be split into: those on the Game discard pile and in the draw pile."""
        return state["game_discard"].count(self.single) + state["game_deck"].count(self.single)

    def two_singles(self, state) -> bool:
        """Whether two Singles can be had for a Double (``singles_available(state) >= 2``), read so
        that how long it takes tells nothing hidden: the face-up discard pile first, up to its
        second Single, and only if it holds fewer than two, the hidden draw pile whole (never up to
        some Single in it: that time would tell where Singles lie in it)."""
        single, found = self.single, 0
        for card in state["game_discard"]:
            if card == single:
                found += 1
                if found == 2:
                    return True
        return found + state["game_deck"].count(single) >= 2

    def can_split(self, state, seat: int) -> bool:
        """Whether ``seat`` holds a Double and two Singles can be had for it."""
        return self.double in state["hands"][seat] and self.two_singles(state)

    def swapped_event(self, state, seat: int, auto: bool) -> dict:
        """The ``DoubleSwapped`` event data for ``seat``: Singles from the discard pile first,
        then from the draw pile. ``auto``: a split while paying (not a chosen swap)."""
        from_discard = min(2, state["game_discard"].count(self.single))
        return {"seat": seat, "from_discard": from_discard, "from_deck": 2 - from_discard, "auto": auto}

    def pay_one_events(self, state, seat: int, reason: str) -> list[tuple[str, dict]]:
        """The ``(type, data)`` events that make ``seat`` lose one unit the cheapest way: a Single;
        else split a Double (``DoubleSwapped`` then the Single); else the whole Double when no
        Singles can be had. Empty if nothing is held. The events must be emitted in order."""
        hand = state["hands"][seat]
        if self.single in hand:
            return [("CardsDiscarded", {"seat": seat, "cards": [self.single], "reason": reason})]
        if self.double not in hand:
            return []
        if not self.can_split(state, seat):
            return [("CardsDiscarded", {"seat": seat, "cards": [self.double], "reason": reason})]
        return [("DoubleSwapped", self.swapped_event(state, seat, auto=True)),
                ("CardsDiscarded", {"seat": seat, "cards": [self.single], "reason": reason})]

    def cards_discarded(self, s, d):
        """Evolve ``CardsDiscarded``: the ``cards`` go from the seat's hand to the Game discard pile.

        A travel payment (``reason`` ``"travel"``) that leaves the seat no unit marks it as the
        gambler (``state["gambler"]``, never shown: the hand is hidden), who lives on until its
        board card has resolved; any other travel payment clears the mark."""
        hand, discard = s["hands"][d["seat"]], s["game_discard"]
        for card in d["cards"]:
            if card in hand:                         # ``take``, written out: it runs on every payment
                hand.remove(card)
                discard.append(card)
        if d.get("reason") == "travel":
            s["gambler"] = d["seat"] if self.count(hand) == 0 else None
        return s

    def double_swapped(self, s, d):
        """Evolve ``DoubleSwapped``: a Double goes for two Singles (discard pile topmost first, then
        the draw pile from the top); ``auto`` (a split) leaves the turn's chosen swap unused."""
        hand, discard, deck = s["hands"][d["seat"]], s["game_discard"], s["game_deck"]
        if not take(hand, self.double):
            return s
        for _ in range(d["from_discard"]):
            for i in range(len(discard) - 1, -1, -1):  # topmost Single first
                if discard[i] == self.single:
                    del discard[i]
                    hand.append(self.single)
                    break
        for _ in range(d["from_deck"]):
            if take(deck, self.single):
                hand.append(self.single)
        discard.append(self.double)
        if not d.get("auto") and "swapped" in s:
            s["swapped"] = True
        return s
