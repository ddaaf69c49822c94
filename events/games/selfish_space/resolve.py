"""Resolution: turning a decision into events, step by step.

A :class:`Table` wraps a *copy* of the state. ``emit`` appends an event and
folds it into that copy at once, so later steps see the updated table.

Moves are resolved through a small queue of operations (plain dicts, so they
can be stored): ``move`` (forward one space, then ``space``), ``space``
(resolve the Space card just placed), ``arrive`` (the ship check once a move
has fully resolved), ``tether_back``, ``travel_check`` (death of a traveller
who paid their last oxygen) and ``end_turn``. When a step needs a player's
pick (Hack Suit, Meteoroid, Wormhole) the rest of the queue is written into the
``ChoiceRequested`` event and resumes when the pick is made.
"""
from __future__ import annotations

from .cards import DOUBLE, SHIP, SINGLE, oxygen
from .evolve import evolve
from .state import can_split, next_alive, position


def oxygen_to_lose(hand: list[str]) -> list[str]:
    """Two oxygen taken the Siphon/Asteroid way: two Singles, else a Double,
    else the lone Single."""
    if hand.count(SINGLE) >= 2:
        return [SINGLE, SINGLE]
    if DOUBLE in hand:
        return [DOUBLE]
    return [SINGLE] if SINGLE in hand else []


class Table:
    """A state copy being resolved, and the events emitted so far.

    ``Table(state, rng)``: ``state`` must be a copy the table may mutate (``None`` in setup);
    ``rng`` is a ``random.Random``. Attributes: ``s`` the state, ``events`` the events emitted
    (``{"type", "data"}`` dicts), ``queue`` the pending ops (``{"op", "seat"}`` dicts).
    """

    def __init__(self, state, rng):
        self.s = state
        self.rng = rng
        self.events: list[dict] = []
        self.queue: list[dict] = []

    # -- events ---------------------------------------------------------
    def emit(self, type_: str, data: dict) -> None:
        """Append ``{"type": type_, "data": data}`` to ``events`` and fold it into ``self.s``."""
        event = {"type": type_, "data": data}
        self.events.append(event)
        self.s = evolve(self.s, event)

    # -- cards ----------------------------------------------------------
    def draw(self, seat: int, n: int = 1) -> None:
        """``seat`` draws ``n`` Game cards, reshuffling the discard pile in when the deck is empty.

        Both empty: no card (rules/selfish-space.md, 'Setup and turn': Phase 1).
        """
        s = self.s
        for _ in range(n):
            if not s["game_deck"]:
                if not s["game_discard"]:
                    return  # nothing left anywhere: no card
                order = list(s["game_discard"])
                self.rng.shuffle(order)
                self.emit("GameDeckReshuffled", {"order": order})
            self.emit("CardDrawn", {"seat": seat, "card": s["game_deck"][0]})

    def swap_double(self, seat: int, auto: bool) -> None:
        """Trade a Double of ``seat``'s for two Singles: discard pile first, then the deck.

        ``auto``: the split when paying 1 oxygen (does not use the turn's swap). The caller checks
        legality (rules/selfish-space.md, 'Setup and turn': Phase 2 and 3).
        """
        from_discard = min(2, self.s["game_discard"].count(SINGLE))
        self.emit("DoubleSwapped", {"seat": seat, "from_discard": from_discard,
                                    "from_deck": 2 - from_discard, "auto": auto})

    def pay_one(self, seat: int, reason: str) -> None:
        """Lose 1 oxygen the cheapest way (a Single; else split a Double;
        else the whole Double)."""
        hand = self.s["hands"][seat]
        if SINGLE not in hand and DOUBLE in hand:
            if can_split(self.s, seat):
                self.swap_double(seat, auto=True)
            else:
                self.emit("CardsDiscarded", {"seat": seat, "cards": [DOUBLE], "reason": reason})
                return
        if SINGLE in self.s["hands"][seat]:
            self.emit("CardsDiscarded", {"seat": seat, "cards": [SINGLE], "reason": reason})

    # -- life and death ------------------------------------------------------
    def check_death(self, seat: int) -> bool:
        """Kill ``seat`` if out of oxygen (unless it is a traveller who paid
        their last oxygen and whose Space card is still resolving)."""
        s = self.s
        if not s["alive"][seat] or oxygen(s["hands"][seat]) > 0:
            return False
        if any(op["op"] == "travel_check" and op["seat"] == seat for op in self.queue):
            return False
        self.die(seat)
        return True

    def die(self, seat: int) -> None:
        """``seat`` dies: its hand goes to the Game discard pile; if nobody is left the game ends
        with no winner; if it was their turn the queue is dropped and the turn passes
        (rules/selfish-space.md, 'Setup and turn' and 'Reaching the ship and winning').
        """
        self.emit("Died", {"seat": seat, "cards": list(self.s["hands"][seat])})
        if not any(self.s["alive"]):
            self.emit("GameEnded", {"winner": None, "reason": "everyone_died"})
        elif seat == self.s["turn"]:
            self.queue.clear()
            self.end_turn()

    def finish_turn(self) -> None:
        """The turn ends at once; a pending travel death check still runs."""
        self.queue = [op for op in self.queue if op["op"] == "travel_check"]
        self.queue.append({"op": "end_turn"})

    def end_turn(self) -> None:
        """Start the next living seat's turn and its phase-1 draw; nothing if the game is over
        (rules/selfish-space.md, 'Setup and turn').
        """
        nxt = next_alive(self.s, self.s["turn"])
        if nxt is None or self.s["over"]:
            return
        self.emit("TurnStarted", {"seat": nxt})
        self.draw(nxt)

    # -- movement -------------------------------------------------------
    def move_forward(self, seat: int) -> bool:
        """Move ``seat`` one space forward: the top Space card goes behind it (reshuffling the
        Space discard pile in if needed). Does not resolve the card. Returns False, moving nowhere,
        at the ship or when no Space card is left (rules/selfish-space.md, 'Board').
        """
        s = self.s
        if position(s, seat) >= SHIP:
            return False
        if not s["space_deck"]:
            if not s["space_discard"]:
                return False
            order = list(s["space_discard"])
            self.rng.shuffle(order)
            self.emit("SpaceDeckReshuffled", {"order": order})
        self.emit("Moved", {"seat": seat, "card": s["space_deck"][0]})
        return True

    def move_back(self, seat: int) -> None:
        """Move ``seat`` one space back: the card behind it goes to the Space discard pile; nothing
        on the starting space (rules/selfish-space.md, 'Board').
        """
        track = self.s["tracks"][seat]
        if track:
            self.emit("MovedBack", {"seat": seat, "card": track[-1]})

    def swap_tracks(self, seat: int, other: int) -> None:
        """Wormhole: ``seat`` and ``other`` swap whole tracks. ``other`` moved onto the ship wins
        if alive with oxygen; a corpse there ends the turn with no winner (rules/selfish-space.md,
        'Reaching the ship and winning': Wormhole).
        """
        self.emit("TracksSwapped", {"seat": seat, "other": other})
        s = self.s
        if position(s, other) >= SHIP:
            if s["alive"][other] and oxygen(s["hands"][other]) > 0:
                self.emit("GameEnded", {"winner": other, "reason": "reached_ship"})
            else:
                self.finish_turn()  # a corpse on the ship: no winner, turn over

    # -- choices and the queue -------------------------------------------
    def ask(self, seat: int, choice: str, target: int | None = None) -> None:
        """Pause for ``seat``'s pick (``choice``: ``"hack_suit"``, ``"meteoroid"`` or
        ``"wormhole"``; ``target``: the Hack Suit victim): the rest of the queue goes into
        ChoiceRequested.
        """
        self.emit("ChoiceRequested", {"seat": seat, "choice": choice, "target": target,
                                      "then": list(self.queue)})
        self.queue = []

    def run(self, ops: list[dict] | None = None) -> None:
        """Run ``ops`` then the queue, until it is empty, the game ends or a pick is due."""
        if ops:
            self.queue = ops + self.queue
        while self.queue and not self.s["over"] and self.s["choice"] is None:
            op = self.queue.pop(0)
            OPS[op["op"]](self, op["seat"] if "seat" in op else None)

    def op_move(self, seat):
        """Op ``move``: one space forward, then queue ``space`` to resolve the card
        (rules/selfish-space.md, 'Board').
        """
        if self.move_forward(seat):
            self.queue.insert(0, {"op": "space", "seat": seat})

    def op_space(self, seat):
        """Op ``space``: resolve the Space card just placed behind ``seat``.

        Useful Junk draws 1, Mysterious Nebula 2; Hyperspace queues another move; Meteoroid asks
        for two discards at 6+ cards; Cosmic Radiation pays 1 oxygen, Asteroid Field loses 2
        (either may kill); Gravitational Anomaly moves back; Wormhole asks for a swap; Blank and
        Solar Flare do nothing now (rules/selfish-space.md, 'Cards': Space cards; seeds/002,
        'SPACE CARDS').
        """
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

    def op_arrive(self, seat):
        """Op ``arrive``: once a move has resolved, an astronaut at the ship alive with oxygen
        wins; otherwise the turn ends and one without oxygen dies (rules/selfish-space.md,
        'Reaching the ship and winning').
        """
        s = self.s
        if position(s, seat) < SHIP:
            return
        if s["alive"][seat] and oxygen(s["hands"][seat]) > 0:
            self.emit("GameEnded", {"winner": seat, "reason": "reached_ship"})
            return
        self.finish_turn()
        if s["alive"][seat]:
            self.die(seat)

    def op_tether_back(self, seat):
        """Op ``tether_back``: the Tether target moves back one space (rules/selfish-space.md,
        'Cards': Tether).
        """
        self.move_back(seat)

    def op_travel_check(self, seat):
        """Op ``travel_check``: a traveller who paid their last oxygen dies if still without any
        (rules/selfish-space.md, 'Setup and turn'; seeds/002, 'GAMBLING WITH YOUR LIFE').
        """
        if self.s["alive"][seat] and oxygen(self.s["hands"][seat]) == 0:
            self.die(seat)

    def op_end_turn(self, _seat):
        """Op ``end_turn``: pass the turn to the next living seat."""
        self.end_turn()

    # -- Action cards ---------------------------------------------------
    def resolve_action(self, seat: int, card: str, target: int | None) -> None:
        """Carry out Action ``card`` by ``seat`` on ``target`` (a seat or ``None``).

        Runs once any Shield window has passed. Oxygen Siphon takes 2 oxygen; Hack Suit asks the
        attacker to pick a card; Tractor Beam takes a random one; Laser Blast knocks the target
        back; Hole in Suit costs it 1 oxygen; Rocket Booster moves forward free; Tether moves
        forward, then the target back. Losing oxygen may kill the target (rules/selfish-space.md,
        'Cards'; seeds/002, 'ACTION CARDS').
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


OPS = {
    "move": Table.op_move,
    "space": Table.op_space,
    "arrive": Table.op_arrive,
    "tether_back": Table.op_tether_back,
    "travel_check": Table.op_travel_check,
    "end_turn": Table.op_end_turn,
}
