"""Resolution: turning a decision into events, step by step.

:class:`Table` is the Selfish copy-and-emit resolver
(``events.games.selfish.table``: drawing, paying, dying, moving, the queue)
with the Space Edition's own ops and cards. ``emit`` appends an event and
folds it into the state copy at once, so later steps see the updated table.

Moves are resolved through a small queue of operations (plain dicts, so they
can be stored): ``move`` (forward one space, then ``space``), ``space``
(resolve the Space card just placed), ``arrive`` (the ship check once a move
has fully resolved), ``tether_back``, ``travel_check`` (death of a traveller
who paid their last oxygen) and ``end_turn``. When a step needs a player's
pick (Hack Suit, Meteoroid, Wormhole) the rest of the queue is written into the
``ChoiceRequested`` event and resumes when the pick is made.
"""
from __future__ import annotations

from events.games.selfish.table import Table as SelfishTable

from .cards import BOARD, SUPPLIES
from .evolve import evolve
from .state import next_alive

#: Two oxygen taken the Siphon/Asteroid way: two Singles, else a Double, else the lone Single.
oxygen_to_lose = SUPPLIES.lose_two


class Table(SelfishTable):
    """A state copy being resolved, and the events emitted so far (see ``SelfishTable``).

    ``Table(state, rng)``: ``state`` must be a copy the table may mutate (``None`` in setup);
    ``rng`` is a ``random.Random``. Attributes: ``s`` the state, ``events`` the events emitted
    (``{"type", "data"}`` dicts), ``queue`` the pending ops (``{"op", "seat"}`` dicts).
    """

    EVOLVE = staticmethod(evolve)
    HANDLERS = evolve.handlers
    SUPPLIES = SUPPLIES
    BOARD = BOARD
    WIN_REASON = "reached_ship"
    NOBODY_LEFT = "everyone_died"
    OPS = {}    # filled below, once the methods exist

    def end_turn(self) -> None:
        """Start the next living seat's turn and its phase-1 draw; nothing if the game is over
        (docs/rules/selfish-space.md, 'A turn').
        """
        nxt = next_alive(self.s, self.s["turn"])
        if nxt is None or self.s["over"]:
            return
        self.emit("TurnStarted", {"seat": nxt})
        self.draw(nxt)

    def swap_tracks(self, seat: int, other: int) -> None:
        """Wormhole: ``seat`` and ``other`` swap whole tracks, then the ship is checked for both.

        A living astronaut with oxygen on the ship wins, however it got there; a corpse moved onto
        the ship ends the turn with no winner. At rules level 1 only ``other`` was checked here, so
        a traveller swapped onto the ship with a corpse lying there did not win
        (docs/rules/selfish-space.md, 'Ending and scoring').
        """
        self.emit("TracksSwapped", {"seat": seat, "other": other})
        s = self.s
        if not BOARD.at_goal(s, other):
            return  # ``seat`` on the ship is checked by the move's ``arrive``
        checked = (other, seat) if self.level >= 2 else (other,)
        winner = next((a for a in checked if BOARD.at_goal(s, a) and s["alive"][a] and self.units(a) > 0), None)
        if winner is not None:
            self.emit("GameEnded", {"winner": winner, "reason": "reached_ship"})
        else:
            self.finish_turn()  # a corpse on the ship: no winner, turn over

    def op_move(self, op):
        """Op ``move``: one space forward, then queue ``space`` to resolve the card
        (docs/rules/selfish-space.md, 'The board').
        """
        seat = op["seat"]
        if self.move_forward(seat):
            self.queue.insert(0, {"op": "space", "seat": seat})

    def op_space(self, op):
        """Op ``space``: resolve the Space card just placed behind ``seat``.

        Useful Junk draws 1, Mysterious Nebula 2; Hyperspace queues another move; Meteoroid asks
        for two discards at 6+ cards; Cosmic Radiation pays 1 oxygen, Asteroid Field loses 2
        (either may kill); Gravitational Anomaly moves back; Wormhole asks for a swap; Blank and
        Solar Flare do nothing now (docs/rules/selfish-space.md, 'The cards': Space cards).
        """
        seat = op["seat"]
        card = self.s["tracks"][seat][-1]
        if card == "useful_junk":
            self.draw(seat, 1)
        elif card == "mysterious_nebula":
            self.draw(seat, 2)
        elif card == "hyperspace":
            self.queue.insert(0, {"op": "move", "seat": seat})
        elif card == "meteoroid":
            if len(self.s["hands"][seat]) >= 6:
                self.ask(seat, "meteoroid")
        elif card == "cosmic_radiation":
            self.pay_one(seat, "cosmic_radiation")
            self.check_death(seat)
        elif card == "asteroid_field":
            lost = oxygen_to_lose(self.s["hands"][seat])
            if lost:
                self.emit("CardsDiscarded", {"seat": seat, "cards": lost, "reason": "asteroid_field"})
            self.check_death(seat)
        elif card == "gravitational_anomaly":
            self.move_back(seat)
        elif card == "wormhole":
            self.ask(seat, "wormhole")
        # blank, solar_flare: nothing happens now

    def op_tether_back(self, op):
        """Op ``tether_back``: the Tether target moves back one space (docs/rules/selfish-space.md,
        'The cards': Tether).
        """
        self.move_back(op["seat"])

    # -- Action cards ---------------------------------------------------
    def resolve_action(self, seat: int, card: str, target: int | None) -> None:
        """Carry out Action ``card`` by ``seat`` on ``target`` (a seat or ``None``).

        Runs once any Shield window has passed. Oxygen Siphon takes 2 oxygen; Hack Suit asks the
        attacker to pick a card; Tractor Beam takes a random one; Laser Blast knocks the target
        back; Hole in Suit costs it 1 oxygen; Rocket Booster moves forward free; Tether moves
        forward, then the target back. Losing oxygen may kill the target (docs/rules/selfish-space.md,
        'The cards').
        """
        s = self.s
        if card == "oxygen_siphon":
            taken = oxygen_to_lose(s["hands"][target])
            self.emit("CardsTaken", {"from": target, "to": seat, "cards": taken, "how": card})
            self.check_death(target)
        elif card == "hack_suit":
            self.ask(seat, "hack_suit", target)
        elif card == "tractor_beam":
            hand = s["hands"][target]
            if hand:
                taken = hand[self.rng.randrange(len(hand))]
                self.emit("CardsTaken", {"from": target, "to": seat, "cards": [taken], "how": card})
                self.check_death(target)
        elif card == "laser_blast":
            self.move_back(target)
        elif card == "hole_in_suit":
            self.pay_one(target, "hole_in_suit")
            self.check_death(target)
        elif card == "rocket_booster":
            self.run([{"op": "move", "seat": seat}, {"op": "arrive", "seat": seat}])
        elif card == "tether":
            self.run([{"op": "move", "seat": seat}, {"op": "arrive", "seat": seat},
                      {"op": "tether_back", "seat": target}])


Table.OPS.update({
    "move": Table.op_move,
    "space": Table.op_space,
    "arrive": SelfishTable.op_arrive,
    "tether_back": Table.op_tether_back,
    "travel_check": SelfishTable.op_travel_check,
    "end_turn": SelfishTable.op_end_turn,
})
