"""The turn machine: a :class:`Table` resolves commands into events, step by step.

A Table wraps a *copy* of the state; ``emit`` appends an event and folds it in
at once, so every later step sees the updated table. The steps follow
docs/rules/zombies-quickplay.md, 'A turn': tile, combat, draw, movement
roll, movement, zombie moves, discard. This module has the tile and draw steps,
the reaction windows and the turn's start and end; combat is in ``combat``
(:class:`CombatSteps`), movement and zombie moves in ``movement`` (:class:`MoveSteps`).

Reaction windows open at the moments of ``MOMENTS``: ``open_window(at)`` asks the seats
``windows.asked_seats`` names, and the turn goes on with ``MOMENTS[at]`` once the window is
closed (``settle``), or at once if nobody is asked. Where rules level 3 (old logs) differs,
the method says so.
"""
from __future__ import annotations

from .cards import HAND_LIMIT
from .combat import CombatSteps
from .evolve import HANDLERS, evolve
from .movement import MoveSteps
from .state import V4, V5, helipad_centre, level, window_open
from .tiles import HELIPAD, NAMED, STREETS, TILES, exit_count, key, local_after_rotation, spaces_of, unrotated
from .placement import spots
from .seats_out import is_out
from .windows import asked_seats


def street_spaces(state) -> list[str]:
    """Road spaces of the new street tile with no zombie yet."""
    return [key(x, y) for x, y in spaces_of(state["tiles"], state["new_cell"], "R")
            if key(x, y) not in state["zombies"]]


def street_zombies_left(state) -> bool:
    """Whether a street zombie is still to be placed and can be: one is due, the box holds one and an
    empty road space of the new tile is left (from rules level 5 an Event card played meanwhile may
    have used them up: the rest stay in the box)."""
    return state["to_place"] > 0 and state["pool"] > 0 and state["new_cell"] is not None \
        and bool(street_spaces(state))


class Table(CombatSteps, MoveSteps):
    """A state copy being resolved and the events emitted so far.

    ``Table(state, rng)``: ``state`` a copy the table may mutate (``None`` in setup), ``rng`` a
    ``random.Random`` for rolls and reshuffles. ``events`` lists the ``{"type", "data"}`` emitted.
    """

    def __init__(self, state, rng):
        self.s = state
        self.rng = rng
        self.events: list[dict] = []

    def emit(self, type_: str, data: dict) -> None:
        """Append ``{"type": type_, "data": data}`` and fold it into ``self.s``: ``evolve``, its
        handler called at once when the table has a state (every event but setup's)."""
        event = {"type": type_, "data": data}
        self.events.append(event)
        handler = HANDLERS.get(type_) if self.s is not None and type_ != "GameStarted" else None
        self.s = evolve(self.s, event) if handler is None else handler(self.s, data)

    def phase(self, phase: str) -> None:
        """Enter ``phase`` of the current turn."""
        self.emit("PhaseStarted", {"seat": self.s["turn"], "phase": phase})

    def roll(self, seat, purpose: str, **extra) -> int:
        """Roll one die for ``purpose``: the next stacked roll if any, else ``rng``; emits DieRolled.

        ``extra`` goes into the event (combat adds its ``total`` and the bonuses used).
        """
        stacked = bool(self.s["dice"])
        value = self.s["dice"][0] if stacked else self.rng.randint(1, 6)
        data = {"seat": seat, "purpose": purpose, "roll": value, "stacked": stacked}
        total = extra.pop("bonus", 0)
        if purpose == "combat":
            data["total"] = value + total
        data.update(extra)
        self.emit("DieRolled", data)
        return value

    # -- winning --------------------------------------------------------
    def won(self) -> bool:
        """Whether the game is over."""
        return self.s["over"]

    def check_win(self, seat: int) -> bool:
        """End the game if ``seat`` reached the kill target or stands on a zombie-free Helipad centre.

        docs/rules/zombies-quickplay.md, 'Ending and scoring'.
        """
        s = self.s
        if s["over"]:
            return True
        if s["kills"][seat] >= s["kill_target"]:
            self.emit("GameWon", {"seat": seat, "result": "kill_target"})
            return True
        centre = helipad_centre(s)
        if centre is not None and s["pawns"][seat] == centre and centre not in s["zombies"]:
            self.emit("GameWon", {"seat": seat, "result": "helipad"})
            return True
        return False

    # -- reaction windows ----------------------------------------------
    def open_window(self, at: str) -> None:
        """A reaction window at moment ``at`` (a key of ``MOMENTS``) for ``windows.asked_seats``; with
        nobody to ask the turn goes straight on with ``MOMENTS[at]``."""
        queue = asked_seats(self.s)
        if queue:
            self.emit("WindowOpened", {"queue": queue, "at": at})
        else:
            MOMENTS[at](self)

    def settle(self) -> None:
        """After a card, an item, a ``Pass`` or a pick: once no choice is open and every seat of the
        window has answered, the window closes and its moment goes on; outside a window, a fight
        whose zombie a card removed is over, a fighter a card left with nothing to pay a lost roll
        with loses a kill, and zombie moves with no step left end (docs/rules/zombies-quickplay.md,
        'Playing cards and reaction windows')."""
        s = self.s
        if s["over"] or s["choice"] is not None or window_open(s):
            return
        if s["window"] is None:
            if self.end_fight_if_zombie_gone() or level(s) < V4:
                return
            if s["phase"] == "zombies":
                self.settle_zombies()
            elif s["phase"] == "combat_loss" and not self.loss_options(s["turn"]):
                self.after_combat_roll()        # a card took what the fighter would have paid with
            elif s["phase"] == "place_zombies" and not street_zombies_left(s):
                self.after_placement()          # a card filled the new street or emptied the box
            return
        at = s["window"]["at"]
        self.emit("WindowClosed", {"at": at})
        MOMENTS[at](self)

    def await_roll(self) -> None:
        """After the window before the movement roll: nothing happens by itself (the turn's seat
        rolls, or plays a card first)."""

    # -- the turn --------------------------------------------------------
    def start_turn(self, seat: int) -> None:
        """Start ``seat``'s turn with step 1: draw a tile."""
        self.emit("TurnStarted", {"seat": seat})
        if self.s["fx"]["paralysed"][seat]:
            self.emit("TurnSkipped", {"seat": seat})
            self.end_turn(skipped=True)
            return
        self.tile_step()

    def tile_step(self) -> None:
        """Step 1: draw a tile; discard it if it fits nowhere; the Helipad goes to auction."""
        s = self.s
        if s["closed"] or not s["tile_deck"]:
            self.tile_step_done()
            return
        tile = s["tile_deck"][0]
        self.emit("TileDrawn", {"seat": s["turn"], "tile": tile})
        if not spots(s["tiles"], tile):
            self.emit("TileDiscarded", {"seat": s["turn"], "tile": tile})
            self.tile_step_done()
        elif tile == HELIPAD:
            self.open_auction()
        else:
            self.phase("tile_spot")

    def tile_step_done(self) -> None:
        """The tile step is over: the window of the turn's start (rules level 4), then step 2. Rules
        level 3 held a window only after a placed tile (``after_placement``)."""
        if level(self.s) >= V4:
            self.phase("tile_done")
            self.open_window("turn_start")
        else:
            self.after_tile()

    def open_auction(self) -> None:
        """Start the Helipad bidding: most kills first (ties: earliest from the drawer), then turn
        order; seats without kills cannot bid and are passed over. Nobody able: the drawer places it.
        """
        s, n = self.s, self.s["seats"]
        from_drawer = [(s["turn"] + i) % n for i in range(n)]
        first = max(from_drawer, key=lambda seat: (s["kills"][seat], -from_drawer.index(seat)))
        i = from_drawer.index(first)
        order = [seat for seat in from_drawer[i:] + from_drawer[:i] if s["kills"][seat] > 0 and not is_out(s, seat)]
        if not order:
            self.emit("AuctionWon", {"seat": s["turn"], "kills": 0})
            return
        self.emit("AuctionOpened", {"order": order})

    def settle_auction(self) -> None:
        """Close the bidding once every bidder but the leader has passed (or all passed)."""
        a = self.s["auction"]
        live = [seat for seat in a["order"] if seat not in a["passed"]]
        if a["leader"] is not None and live == [a["leader"]]:
            # a card played during the bidding may have cost the leader kills: it pays what it has
            self.emit("AuctionWon", {"seat": a["leader"], "kills": min(a["high"], self.s["kills"][a["leader"]])})
        elif not live:
            self.emit("AuctionWon", {"seat": self.s["turn"], "kills": 0})

    def place_tile(self, rotation: int) -> None:
        """Put the drawn tile on the chosen spot, then its zombies and tokens."""
        s = self.s
        tile, (tx, ty), placer = s["drawn"], s["spot"], s["placer"]
        self.emit("TilePlaced", {"seat": placer, "tile": tile, "x": tx, "y": ty, "rotation": rotation})
        cell = key(tx, ty)
        if tile in NAMED:
            self.stock_building(cell, tile, rotation)
        elif tile == HELIPAD:
            centre = key(3 * tx + 1, 3 * ty + 1)
            if s["pool"] > 0:
                self.emit("ZombiesPlaced", {"spaces": [centre], "how": "helipad"})
        elif tile in STREETS:
            free = [key(x, y) for x, y in spaces_of(s["tiles"], cell, "R")]
            count = min(exit_count(tile), s["pool"], len(free))
            if count > 0:
                self.emit("StreetZombiesDue", {"seat": s["turn"], "cell": cell, "count": count})
                return
        self.after_placement(placer)

    def stock_building(self, cell: str, tile: str, rotation: int) -> None:
        """Z zombies then L life and B bullet tokens on the building's spaces, in the unrotated
        tile's reading order, zombies on interior spaces before the door (choice 3)."""
        tx, ty = map(int, cell.split(","))
        data = TILES[tile]
        placed = self.s["tiles"][cell]
        lay = unrotated(placed.get("layout") or tile)
        order = [(r, c) for r in range(3) for c in range(3) if lay[r][c] == "B"]
        order += [(r, c) for r in range(3) for c in range(3) if lay[r][c] == "D"]
        spaces = []
        for r, c in order:
            rr, cc = local_after_rotation(r, c, rotation)
            spaces.append(key(3 * tx + cc, 3 * ty + rr))
        z = min(data["z"], len(spaces), self.s["pool"])
        if z:
            self.emit("ZombiesPlaced", {"spaces": spaces[:z], "how": "building"})
        lives = spaces[:data["l"]]
        bullets = spaces[data["l"]:data["l"] + data["b"]]
        if lives or bullets:
            self.emit("TokensPlaced", {"lives": lives, "bullets": bullets})

    def after_placement(self, placer: int | None = None) -> None:
        """After a tile and its zombies: if no tile left can go anywhere the map is closed and the
        seat that placed the tile (``placer``; default the turn's seat) loses its turn: the rest of
        this one, or, when it bought the Helipad in the drawer's turn, its next one. Else, or then,
        the tile step is over (docs/rules/zombies-quickplay.md, 'Placing a tile')."""
        s = self.s
        placer = s["turn"] if placer is None else placer
        if s["tile_deck"] and not any(spots(s["tiles"], t) for t in set(s["tile_deck"])):
            self.emit("MapClosed", {"seat": placer})
            if placer == s["turn"]:
                self.end_turn()
                return
        if level(s) >= V4:
            self.tile_step_done()
        else:
            self.open_window("tile_placed")

    def after_tile(self) -> None:
        """Step 2: combat if the turn's pawn shares its space with a zombie, else step 3."""
        if self.combat_due(self.s["turn"]):
            self.emit("CombatStarted", {"seat": self.s["turn"], "resume": "draw"})
        else:
            self.draw_step()

    def draw_cards(self, seat: int, count: int) -> None:
        """``seat`` draws ``count`` Event cards, reshuffling the discard pile when the deck runs out."""
        s = self.s
        for _ in range(count):
            if not s["deck"]:
                if not s["discard"]:
                    return
                order = list(s["discard"])
                self.rng.shuffle(order)
                self.emit("EventDeckReshuffled", {"order": order})
            self.emit("CardsDrawn", {"seat": seat, "cards": [s["deck"][0]]})

    def draw_step(self) -> None:
        """Step 3: draw up to 3 Event cards; then the movement roll (rules level 3: after a reaction
        window; level 4 held its window at the turn's start)."""
        seat = self.s["turn"]
        self.draw_cards(seat, HAND_LIMIT - len(self.s["hands"][seat]))
        self.phase("move_roll")
        if level(self.s) < V4:
            self.open_window("move_roll")

    def end_turn(self, skipped: bool = False) -> None:
        """Step 6 done: the turn passes clockwise (to the next seat). From rules level 5 a turn (not
        ``skipped``) that ends on the Town Square centre refills life and bullets to 3 first. Under
        rules level 3 a closed map with no zombie left on it ended the game (the most kills won, a
        tie had no winner); today play goes on, as cards can still bring zombies back
        (docs/rules/zombies-quickplay.md, 'Ending and scoring'). A seat that resigned is passed over."""
        s = self.s
        if level(s) >= V5 and not skipped:
            self.town_square_refill(s["turn"])
        self.emit("TurnEnded", {"seat": s["turn"]})
        if level(s) < V4 and s["closed"] and not s["zombies"]:
            top = max(s["kills"])
            leaders = [seat for seat in range(s["seats"]) if s["kills"][seat] == top]
            self.emit("GameWon", {"seat": leaders[0] if len(leaders) == 1 else None, "result": "map_closed"})
            return
        nxt = (s["turn"] + 1) % s["seats"]
        while is_out(s, nxt) and nxt != s["turn"]:
            nxt = (nxt + 1) % s["seats"]    # a seat that resigned never takes a turn again
        self.start_turn(nxt)


#: Reaction window moments -> how the turn goes on once the window is closed (``windows.MOMENTS_NOW``
#: and, for old logs, ``windows.MOMENTS_OLD`` say when each comes).
MOMENTS = {
    "turn_start": Table.after_tile,           # the tile step is over; step 2 (combat or the draw) next
    "combat_roll": Table.after_combat_roll,   # a combat roll was lost; paying for it next
    "movement_over": Table.zombie_step,       # the movement is over; the zombie-move roll next
    "tile_placed": Table.after_tile,          # rules level 3: the tile and its zombies are placed
    "move_roll": Table.await_roll,            # rules level 3: cards drawn (step 3); the movement roll next
}
