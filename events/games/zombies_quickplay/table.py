"""The turn machine: a :class:`Table` resolves commands into events, step by step.

A Table wraps a *copy* of the state; ``emit`` appends an event and folds it in
at once, so every later step sees the updated table. The steps follow
rules/zombies-quickplay.md, 'Turn (Quickplay)': tile, combat, draw, movement
roll, movement, zombie moves, discard.
"""
from __future__ import annotations

from .cardplay import window_seats
from .cards import HAND_LIMIT, KEYS_SPACES, KILL_ROLL, MAX_LIFE, OPENING_BULLETS, OPENING_LIFE
from .evolve import evolve
from .state import helipad_centre
from .tiles import (
    HELIPAD,
    NAMED,
    STREETS,
    TILES,
    TOWN_CENTRE,
    building_of,
    exit_count,
    key,
    local_after_rotation,
    parse,
    spaces_of,
    spots,
)
from .zombies import any_zombie_step


class Table:
    """A state copy being resolved and the events emitted so far.

    ``Table(state, rng)``: ``state`` a copy the table may mutate (``None`` in setup), ``rng`` a
    ``random.Random`` for rolls and reshuffles. ``events`` lists the ``{"type", "data"}`` emitted.
    """

    def __init__(self, state, rng):
        self.s = state
        self.rng = rng
        self.events: list[dict] = []

    def emit(self, type_: str, data: dict) -> None:
        """Append ``{"type": type_, "data": data}`` and fold it into ``self.s``."""
        event = {"type": type_, "data": data}
        self.events.append(event)
        self.s = evolve(self.s, event)

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

        rules/zombies-quickplay.md, 'The Helipad and winning'.
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

    # -- the turn --------------------------------------------------------
    def start_turn(self, seat: int) -> None:
        """Start ``seat``'s turn with step 1: draw a tile."""
        self.emit("TurnStarted", {"seat": seat})
        if self.s["fx"]["paralysed"][seat]:
            self.emit("TurnSkipped", {"seat": seat})
            self.end_turn()
            return
        self.tile_step()

    def tile_step(self) -> None:
        """Step 1: draw a tile; discard it if it fits nowhere; the Helipad goes to auction."""
        s = self.s
        if s["closed"] or not s["tile_deck"]:
            self.after_tile()
            return
        tile = s["tile_deck"][0]
        self.emit("TileDrawn", {"seat": s["turn"], "tile": tile})
        if not spots(s["tiles"], tile):
            self.emit("TileDiscarded", {"seat": s["turn"], "tile": tile})
            self.after_tile()
        elif tile == HELIPAD:
            self.open_auction()
        else:
            self.phase("tile_spot")

    def open_auction(self) -> None:
        """Start the Helipad bidding: most kills first (ties: earliest from the drawer), then turn
        order; seats without kills cannot bid and are passed over. Nobody able: the drawer places it.
        """
        s, n = self.s, self.s["seats"]
        from_drawer = [(s["turn"] + i) % n for i in range(n)]
        first = max(from_drawer, key=lambda seat: (s["kills"][seat], -from_drawer.index(seat)))
        i = from_drawer.index(first)
        order = [seat for seat in from_drawer[i:] + from_drawer[:i] if s["kills"][seat] > 0]
        if not order:
            self.emit("AuctionWon", {"seat": s["turn"], "kills": 0})
            return
        self.emit("AuctionOpened", {"order": order})

    def settle_auction(self) -> None:
        """Close the bidding once every bidder but the leader has passed (or all passed)."""
        a = self.s["auction"]
        live = [seat for seat in a["order"] if seat not in a["passed"]]
        if a["leader"] is not None and live == [a["leader"]]:
            self.emit("AuctionWon", {"seat": a["leader"], "kills": a["high"]})
        elif not live:
            self.emit("AuctionWon", {"seat": self.s["turn"], "kills": 0})

    def place_tile(self, rotation: int) -> None:
        """Put the drawn tile on the chosen spot, then its zombies and tokens."""
        s = self.s
        tile, (tx, ty) = s["drawn"], s["spot"]
        self.emit("TilePlaced", {"seat": s["placer"], "tile": tile, "x": tx, "y": ty, "rotation": rotation})
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
        self.after_placement()

    def stock_building(self, cell: str, tile: str, rotation: int) -> None:
        """Z zombies then L life and B bullet tokens on the building's spaces, in the unrotated
        tile's reading order, zombies on interior spaces before the door (choice 3)."""
        tx, ty = map(int, cell.split(","))
        data = TILES[tile]
        lay = data["layout"]
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

    def after_placement(self) -> None:
        """After a tile: if no tile left can go anywhere the map is closed and the turn is lost."""
        s = self.s
        if s["tile_deck"] and not any(spots(s["tiles"], t) for t in set(s["tile_deck"])):
            self.emit("MapClosed", {"seat": s["turn"]})
            self.end_turn()
            return
        self.after_tile()

    def after_tile(self) -> None:
        """Step 2: combat if the turn's pawn shares its space with a zombie, else step 3."""
        if self.combat_due(self.s["turn"]):
            self.emit("CombatStarted", {"seat": self.s["turn"], "resume": "draw"})
        else:
            self.draw_step()

    def combat_due(self, seat: int) -> bool:
        """A zombie on ``seat``'s space and no Alternate Food Source in play."""
        s = self.s
        return s["pawns"][seat] in s["zombies"] and s["fx"]["food"] is None

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
        """Step 3: draw up to 3 Event cards; then the movement roll, after a reaction window."""
        seat = self.s["turn"]
        self.draw_cards(seat, HAND_LIMIT - len(self.s["hands"][seat]))
        self.phase("move_roll")
        queue = window_seats(self.s)
        if queue:
            self.emit("WindowOpened", {"queue": queue})

    # -- combat ---------------------------------------------------------
    def fight(self, seat: int) -> None:
        """Roll a combat die with every bonus; 4+ kills the zombie (rules/zombies-quickplay.md, 'Combat')."""
        s, fx = self.s, self.s["fx"]
        bonus, extra = 0, {}
        if "fire_axe" in s["items"][seat]:
            bonus += 1
        if fx["chainsaw"]:
            bonus += 2
        if fx["molotov"] and fx["molotov"] in building_cells(s, s["pawns"][seat]):
            bonus += 2
        if fx["shotgun"][seat] > 0:
            bonus += 1
            extra["shotgun"] = True
        if fx["adrenaline"][seat]:
            bonus += 2
            extra["adrenaline"] = True
        self.roll(seat, "combat", bonus=bonus, **extra)
        if s["combat"]["total"] >= KILL_ROLL:
            self.kill_here(seat)
        elif not self.loss_options(seat):
            self.emit("CombatLost", {"seat": seat, "pay": "kill", "amount": 1})
            self.combat_over()

    def loss_options(self, seat: int) -> list[str]:
        """Ways ``seat`` may pay for a lost combat roll: ``bullets``, ``life``, ``first_aid_kit``."""
        s = self.s
        out = []
        if s["bullets"][seat] >= KILL_ROLL - s["combat"]["total"]:
            out.append("bullets")
        if s["life"][seat] > 0:
            out.append("life")
        if "first_aid_kit" in s["items"][seat]:
            out.append("first_aid_kit")
        return out

    def kill_here(self, seat: int) -> None:
        """The zombie on ``seat``'s space joins its kill pile; the combat is over."""
        x, y = parse(self.s["pawns"][seat])
        self.emit("ZombieKilled", {"seat": seat, "x": x, "y": y})
        if not self.check_win(seat):
            self.combat_over()

    def combat_over(self) -> None:
        """Back to where the combat began: step 3 (draw) or the movement."""
        s = self.s
        seat = s["turn"]
        self.take_token(seat)
        if self.check_win(seat):
            return
        if s["resume"] == "draw":
            self.draw_step()
        elif s["stuck"] or s["move"]["left"] <= 0:
            self.end_movement()
        else:
            self.phase("move")

    def take_token(self, seat: int) -> None:
        """Claim the token on ``seat``'s space if no zombie is there (a life token only below 5 life)."""
        s = self.s
        k = s["pawns"][seat]
        token = s["tokens"].get(k)
        if token is None or k in s["zombies"]:
            return
        if token == "life" and s["life"][seat] >= MAX_LIFE:
            return
        x, y = parse(k)
        self.emit("TokenTaken", {"seat": seat, "x": x, "y": y, "token": token})

    # -- movement -------------------------------------------------------
    def roll_movement(self, seat: int) -> None:
        """Step 4: the movement allowance (rules/zombies-quickplay.md, 'Turn' 4; choice 7)."""
        s, fx = self.s, self.s["fx"]
        allowance = 0
        if not (fx["fear"][seat] or s["stuck"]):
            roll = self.roll(seat, "move") + (2 if "skateboard" in s["items"][seat] else 0)
            if fx["shoe"][seat]:
                roll //= 2
            allowance = max(roll, s["life_at_start"])
            if fx["double_move"]:
                allowance *= 2
        self.allow(seat, allowance)

    def keys(self, seat: int) -> None:
        """The Keys Are Still In It: up to 10 spaces instead of the movement roll (Fear still holds)."""
        self.allow(seat, 0 if self.s["fx"]["fear"][seat] or self.s["stuck"] else KEYS_SPACES)

    def allow(self, seat: int, allowance: int) -> None:
        """Set ``seat``'s movement allowance (moved by its Brain Cramp player if any) and start moving."""
        cramp = self.s["fx"]["cramp"][seat]
        self.emit("MovementAllowed", {"seat": seat, "allowance": allowance,
                                      "mover": seat if cramp is None else cramp})
        if allowance == 0:
            self.end_movement()
        else:
            self.phase("move")

    def rest(self, seat: int) -> None:
        """Much Needed Rest: no movement roll; gain 2 life (up to 5)."""
        s = self.s
        self.emit("SuppliesSet", {"seat": seat, "life": min(MAX_LIFE, s["life"][seat] + 2),
                                  "bullets": s["bullets"][seat], "reason": "much_needed_rest"})
        self.emit("MovementAllowed", {"seat": seat, "allowance": 0, "mover": seat})
        self.end_movement()

    def walk(self, seat: int, x: int, y: int) -> None:
        """One step of the turn's pawn; a zombie there means combat first."""
        s = self.s
        self.emit("PawnMoved", {"seat": seat, "x": x, "y": y, "how": "walk"})
        if self.combat_due(seat):
            self.emit("CombatStarted", {"seat": seat, "resume": "move"})
            return
        self.take_token(seat)
        if self.check_win(seat):
            return
        if s["move"]["left"] <= 0:
            self.end_movement()

    def end_movement(self) -> None:
        """End of step 4: the Town Square refill, then step 5 (zombie moves)."""
        s = self.s
        seat = s["turn"]
        self.emit("MovementEnded", {"seat": seat})
        if s["pawns"][seat] == TOWN_CENTRE:
            life, bullets = max(s["life"][seat], OPENING_LIFE), max(s["bullets"][seat], OPENING_BULLETS)
            if (life, bullets) != (s["life"][seat], s["bullets"][seat]):
                self.emit("SuppliesSet", {"seat": seat, "life": life, "bullets": bullets, "reason": "town_square"})
        self.zombie_step()

    # -- zombies and the end of the turn --------------------------------
    def zombie_step(self) -> None:
        """Step 5: roll for zombie moves; at most half the roll (down) on one zombie. All the
        Marbles in effect: no zombie moves (and no roll)."""
        if self.s["fx"]["marbles"] is not None:
            self.phase("discard")
            return
        value = self.roll(self.s["turn"], "zombies")
        self.emit("ZombieMovesAllowed", {"moves": value, "cap": value // 2})
        self.settle_zombies()

    def settle_zombies(self) -> None:
        """End the zombie moves once the roll is used or no zombie can step any more."""
        zm = self.s["zm"]
        if zm["left"] <= 0 or not any_zombie_step(self.s):
            self.emit("ZombieMovesEnded", {})
            self.phase("discard")

    def end_turn(self) -> None:
        """Step 6 done: the turn passes clockwise (to the next seat). A closed map with no zombie
        left on it ends the game: the most kills wins, a tie has no winner (choice 6)."""
        s = self.s
        self.emit("TurnEnded", {"seat": s["turn"]})
        if s["closed"] and not s["zombies"]:
            top = max(s["kills"])
            leaders = [seat for seat in range(s["seats"]) if s["kills"][seat] == top]
            self.emit("GameWon", {"seat": leaders[0] if len(leaders) == 1 else None, "result": "map_closed"})
            return
        self.start_turn((s["turn"] + 1) % s["seats"])


def building_cells(state, k: str) -> set[str]:
    """The named-building cells space ``k`` is part of (a set of 0 or 1 tile cells)."""
    cell = building_of(state["tiles"], *parse(k))
    return {cell} if cell else set()
