"""Movement and zombie moves, the turn's steps 4 and 5 (rules/zombies-quickplay.md, 'Turn' 4-5).

:class:`MoveSteps` is mixed into :class:`table.Table`: its methods emit through the
table; a step onto a zombie hands over to ``CombatSteps``.
"""
from __future__ import annotations

from .cards import KEYS_SPACES, MAX_LIFE, OPENING_BULLETS, OPENING_LIFE
from .tiles import TOWN_CENTRE, parse
from .zombies import any_zombie_step


class MoveSteps:
    """Tokens, the movement roll and allowance, the pawn's steps, and the zombie-move roll."""

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
        """End of step 4: the Town Square refill; then, after a reaction window (choice 12), step 5."""
        s = self.s
        seat = s["turn"]
        self.emit("MovementEnded", {"seat": seat})
        if s["pawns"][seat] == TOWN_CENTRE:
            life, bullets = max(s["life"][seat], OPENING_LIFE), max(s["bullets"][seat], OPENING_BULLETS)
            if (life, bullets) != (s["life"][seat], s["bullets"][seat]):
                self.emit("SuppliesSet", {"seat": seat, "life": life, "bullets": bullets, "reason": "town_square"})
        self.phase("zombie_roll")
        self.open_window("movement_over")

    # -- zombie moves ---------------------------------------------------
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
