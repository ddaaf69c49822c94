"""The column board both editions are played on.

Each player has a column; the board cards (Space cards, Wasteland cards)
behind them are their *track*, in order, and their position is the track's
length: 0 is the starting space, ``goal`` (6) the ship or the chopper.
Moving forward puts the top board card on the space just left; moving back
sends the card behind to the board discard pile, which is shuffled into a new
deck when the deck runs out (docs/rules/selfish-space.md, 'The board';
docs/rules/selfish-zombie.md, "A survivor's turn").
"""
from __future__ import annotations


class Board:
    """One edition's board: the state keys of its deck and discard pile, the event type that
    reshuffles it, and the distance to the goal.

    ``Board(deck, discard, reshuffled, goal=6)``; attributes: ``deck`` (``"space_deck"``),
    ``discard`` (``"space_discard"``), ``reshuffled`` (``"SpaceDeckReshuffled"``), ``goal`` (6),
    each set once (the compiled module makes them read-only slots, ``board.pxd``).
    """

    def __init__(self, deck: str, discard: str, reshuffled: str, goal: int = 6):
        self.deck = deck
        self.discard = discard
        self.reshuffled = reshuffled
        self.goal = goal

    def __repr__(self) -> str:
        return f"Board({self.deck!r}, {self.discard!r}, {self.reshuffled!r}, goal={self.goal})"

    def position(self, state, seat: int) -> int:
        """Spaces ``seat`` has travelled: its track length, 0 (start) to ``goal``."""
        return len(state["tracks"][seat])

    def at_goal(self, state, seat: int) -> bool:
        """Whether ``seat`` has reached the goal (the ship, the chopper)."""
        return len(state["tracks"][seat]) >= self.goal   # position >= goal

    # -- evolve -------------------------------------------------------------
    def moved(self, s, d):
        """Evolve ``Moved``: the top board card goes on the end of the seat's track."""
        if s[self.deck]:
            s["tracks"][d["seat"]].append(s[self.deck].pop(0))
        return s

    def moved_back(self, s, d):
        """Evolve ``MovedBack``: the last card of the seat's track goes to the board discard pile."""
        track = s["tracks"][d["seat"]]
        if track:
            s[self.discard].append(track.pop())
        return s

    def deck_reshuffled(self, s, d):
        """Evolve the reshuffle: the board discard pile, in the shuffled ``order``, becomes the deck."""
        s[self.deck].extend(d["order"])
        s[self.discard] = []
        return s

    def handlers(self) -> dict:
        """The evolve handlers of the board's events, by event type."""
        return {"Moved": self.moved, "MovedBack": self.moved_back, self.reshuffled: self.deck_reshuffled}
