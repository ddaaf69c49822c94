"""The copy-and-emit resolver both editions decide with.

A :class:`Table` wraps a *copy* of the state. ``emit`` appends an event and
folds it into that copy at once, so later steps see the updated table; the
events emitted are what ``decide`` returns.

Moves resolve through a small queue of operations (plain dicts with an
``"op"`` name, so they can be stored in an event): when a step needs a
player's pick, the rest of the queue goes into ``ChoiceRequested`` and
resumes when the pick is made. An edition subclasses :class:`Table`, sets the
class attributes and adds its own ops and cards.
"""
from __future__ import annotations

from .board import Board
from .evolve import make_evolve
from .paying import Supplies
from .versions import level_of


class Table:
    """A state copy being resolved, and the events emitted so far.

    ``Table(state, rng)``: ``state`` is a copy the table may mutate (``None`` in setup); ``rng``
    a ``random.Random``. Attributes: ``s`` the state, ``events`` the ``{"type", "data"}`` events
    emitted, ``queue`` the pending ops. Subclasses set ``EVOLVE`` (the edition's evolve, from
    ``make_evolve``) and ``HANDLERS`` (its ``handlers``: what ``emit`` folds with),
    ``SUPPLIES`` (:class:`Supplies`), ``BOARD`` (:class:`Board`), ``OPS`` (their own dict, op name ->
    ``method(table, op)``, filled once the class exists), ``WIN_REASON`` and ``NOBODY_LEFT``
    (``GameEnded`` reasons), and implement ``end_turn``. Compiled, the class is an extension type
    (``table.pxd``): its four attributes are slots and no other can be set on an instance.
    """

    EVOLVE = staticmethod(make_evolve({}))
    HANDLERS = {}
    SUPPLIES = None
    BOARD = None
    OPS = {}
    WIN_REASON = "reached_goal"
    NOBODY_LEFT = "everyone_died"

    def __init__(self, state, rng):
        self.s = state
        self.rng = rng
        self.events: list[dict] = []
        self.queue: list[dict] = []

    # -- events ---------------------------------------------------------
    def emit(self, type_: str, data: dict) -> None:
        """Append ``{"type": type_, "data": data}`` to ``events`` and fold it into ``self.s``
        (with the evolve handler of ``type_``: what ``EVOLVE`` does with a well-formed event)."""
        self.events.append({"type": type_, "data": data})
        self.s = self.HANDLERS[type_](self.s, data)

    # -- Game cards and the resource ------------------------------------
    def draw(self, seat: int, n: int = 1) -> None:
        """``seat`` draws ``n`` Game cards, reshuffling the discard pile in when the deck is empty;
        with both empty there is no card (rules: 'Setup and turn' / "A survivor's turn")."""
        s = self.s
        for _ in range(n):
            if not s["game_deck"]:
                if not s["game_discard"]:
                    return
                order = list(s["game_discard"])
                self.rng.shuffle(order)
                self.emit("GameDeckReshuffled", {"order": order})
            self.emit("CardDrawn", {"seat": seat, "card": s["game_deck"][0]})

    def swap_double(self, seat: int, auto: bool) -> None:
        """Trade a Double of ``seat``'s for two Singles (the caller checks it is possible)."""
        self.emit("DoubleSwapped", self.SUPPLIES.swapped_event(self.s, seat, auto))

    def pay_one(self, seat: int, reason: str) -> None:
        """``seat`` loses one unit of the resource the cheapest way (see ``Supplies.pay_one_events``)."""
        for type_, data in self.SUPPLIES.pay_one_events(self.s, seat, reason):
            self.emit(type_, data)

    def units(self, seat: int) -> int:
        """Units of the resource ``seat`` holds."""
        return self.SUPPLIES.count(self.s["hands"][seat])

    # -- life and death ---------------------------------------------------
    @property
    def level(self) -> int:
        """The game's rules level (``GameStarted``'s ``rules``; 1 for logs that recorded none)."""
        return level_of(self.s)

    def gambling(self, seat: int) -> bool:
        """Whether ``seat`` paid its last unit to travel and its board card is still resolving:
        it lives on until the ``travel_check`` op (docs/rules, 'Gambling with your life')."""
        return self.s.get("gambler") == seat and any(
            op["op"] == "travel_check" and op.get("seat") == seat for op in self.queue)

    def check_death(self, seat: int) -> bool:
        """Kill ``seat`` if alive and out of the resource, unless it is a traveller who paid their
        last and whose board card is still resolving (``gambling``). True if it died (rules:
        running out kills at once)."""
        s = self.s
        if not s["alive"][seat] or self.SUPPLIES.count(s["hands"][seat]) > 0 or self.gambling(seat):
            return False
        self.die(seat)
        return True

    def die(self, seat: int) -> None:
        """``seat`` dies: its hand goes to the Game discard pile; with nobody alive the game ends
        (``NOBODY_LEFT``); if it was their turn, the rest of its move is dropped (but for the ops
        ``kept_after_death`` keeps) and the turn passes."""
        self.emit("Died", {"seat": seat, "cards": list(self.s["hands"][seat])})
        if not any(self.s["alive"]):
            self.emit("GameEnded", {"winner": None, "reason": self.NOBODY_LEFT})
        elif seat == self.s["turn"]:
            kept = self.kept_after_death(seat)
            self.queue = kept
            if kept:
                self.queue.append({"op": "end_turn"})
            else:
                self.end_turn()

    def kept_after_death(self, seat: int) -> list[dict]:
        """The queued ops that still run when ``seat`` dies in its own turn, before the turn passes
        (none here; an edition may keep some)."""
        return []

    def kept_at_turn_end(self, op: dict) -> bool:
        """Whether ``op`` still runs when the turn ends at once (a pending travel death check)."""
        return op["op"] == "travel_check"

    def finish_turn(self) -> None:
        """The turn ends at once; the ops ``kept_at_turn_end`` keeps still run first."""
        self.queue = [op for op in self.queue if self.kept_at_turn_end(op)]
        self.queue.append({"op": "end_turn"})

    def end_turn(self) -> None:
        """Start the next turn (edition-specific)."""
        raise NotImplementedError

    # -- the board --------------------------------------------------------
    def move_forward(self, seat: int) -> bool:
        """Move ``seat`` one space forward: the top board card goes behind it (reshuffling the
        board discard pile in if needed). Does not resolve the card. False, moving nowhere, at the
        goal or with no board card left (rules: 'Board')."""
        s, board = self.s, self.BOARD
        if board.at_goal(s, seat):
            return False
        if not s[board.deck]:
            if not s[board.discard]:
                return False
            order = list(s[board.discard])
            self.rng.shuffle(order)
            self.emit(board.reshuffled, {"order": order})
        self.emit("Moved", {"seat": seat, "card": s[board.deck][0]})
        return True

    def move_back(self, seat: int) -> None:
        """Move ``seat`` one space back: the card behind it goes to the board discard pile; nothing
        on the starting space (rules: 'Board')."""
        track = self.s["tracks"][seat]
        if track:
            self.emit("MovedBack", {"seat": seat, "card": track[-1]})

    # -- choices and the queue -----------------------------------------------
    def ask(self, seat: int, choice: str, target: int | None = None, **extra) -> None:
        """Pause for ``seat``'s pick named ``choice`` (``target``: whom it is about; ``extra``: more
        data for the pick): the rest of the queue goes into ``ChoiceRequested``."""
        self.emit("ChoiceRequested", {"seat": seat, "choice": choice, "target": target, **extra,
                                      "then": list(self.queue)})
        self.queue = []

    def resume(self, seat: int) -> dict:
        """Answer the pending pick: its queue comes back and ``ChoiceMade`` is emitted. Returns the
        choice that was pending."""
        choice = self.s["choice"]
        self.queue = [dict(op) for op in choice["then"]]
        self.emit("ChoiceMade", {"seat": seat, "choice": choice["choice"]})
        return choice

    def run(self, ops: list[dict] | None = None) -> None:
        """Run ``ops`` then the queue, until it is empty, the game ends, or a pick or a reaction
        window is due."""
        if ops:
            self.queue = ops + self.queue
        s, table = self.s, self.OPS         # the state is folded in place: ``s`` stays the state
        while self.queue and not s["over"] and s["choice"] is None and s["window"] is None:
            op = self.queue.pop(0)
            table[op["op"]](self, op)

    # -- ops both editions use ----------------------------------------------
    def op_arrive(self, op):
        """Op ``arrive``: once a move has resolved, a living player at the goal with the resource
        wins; one without it dies and the turn ends (rules: reaching the ship / the chopper)."""
        seat, s = op["seat"], self.s
        if not self.BOARD.at_goal(s, seat):
            return
        if s["alive"][seat] and self.units(seat) > 0:
            self.emit("GameEnded", {"winner": seat, "reason": self.WIN_REASON})
            return
        self.finish_turn()
        if s["alive"][seat]:
            self.die(seat)

    def travel_ops(self, seat: int, paid_last: bool) -> list[dict]:
        """The ``travel_check`` op a Travel queues after its move: from rules level 2 on, always
        (so the queue a pick or a window records says nothing of the traveller's hidden hand);
        at level 1 only for a traveller who paid their last unit."""
        return [{"op": "travel_check", "seat": seat}] if paid_last or self.level >= 2 else []

    def op_travel_check(self, op):
        """Op ``travel_check``: a traveller who paid their last unit dies if still without any, once
        the board card has resolved (rules: 'gambling with your life'); anyone else is untouched."""
        seat = op["seat"]
        if self.s["alive"][seat] and self.units(seat) == 0:
            self.die(seat)

    def op_end_turn(self, _op):
        """Op ``end_turn``: the turn passes."""
        self.end_turn()
