"""Movement and zombie moves, the turn's steps 4 and 5 (docs/rules/zombies-quickplay.md, 'Movement',
'Zombie moves').

:class:`MoveSteps` is mixed into :class:`table.Table`: its methods emit through the
table; a step onto a zombie hands over to ``CombatSteps``.
"""
from __future__ import annotations

from .cards import KEYS_SPACES, MAX_LIFE, OPENING_BULLETS, OPENING_LIFE, SKATEBOARD_BONUS
from .state import V4, V5, level
from .tiles import TOWN_CENTRE, parse
from .zombies import any_zombie_step


def token_to_claim(state, seat: int) -> str | None:
    """The token (``"life"`` or ``"bullet"``) ``seat`` may claim now, else ``None``: the one on its
    pawn's space when no zombie is in that space (not even one moving through it), a life token
    only below 5 life (docs/rules/zombies-quickplay.md, 'Tokens'; choice 34)."""
    k = state["pawns"][seat]
    token = state["tokens"].get(k) if k is not None else None
    if token is None or k in state["zombies"]:
        return None
    moving = state["zm"]["current"] if state["zm"] else None
    if moving is not None and moving["at"] == k:
        return None
    if token == "life" and state["life"][seat] >= MAX_LIFE:
        return None
    return token


class MoveSteps:
    """Tokens, the movement roll and allowance, the pawn's steps, and the zombie-move roll."""

    def take_token(self, seat: int) -> None:
        """A pawn arrives on a space: rules levels 3 and 4 take its token at once (their choice 8);
        from level 5 on the player claims it with ``ClaimToken`` whenever it likes (choice 34)."""
        if level(self.s) < V5:
            self.claim_token(seat)

    def claim_token(self, seat: int) -> None:
        """``seat`` claims the token on its space if it may (``token_to_claim``); else nothing."""
        token = token_to_claim(self.s, seat)
        if token is not None:
            x, y = parse(self.s["pawns"][seat])
            self.emit("TokenTaken", {"seat": seat, "x": x, "y": y, "token": token})

    def roll_movement(self, seat: int) -> None:
        """Step 4: the movement allowance: the roll (+2 Skateboard), halved by Your Shoe's Untied, at
        least the life at the start of the turn, doubled by Adrenaline Rush; no roll under Fear or
        after a fight the pawn could not pay for (docs/rules/zombies-quickplay.md, 'Movement'; choice 7)."""
        s, fx = self.s, self.s["fx"]
        blocked = "stuck" if s["stuck"] else "fear" if fx["fear"][seat] else None
        if blocked:
            self.allow(seat, 0, basis=blocked)
            return
        roll = self.roll(seat, "move")
        skate = "skateboard" in s["items"][seat]
        allowance = roll + (SKATEBOARD_BONUS if skate else 0)
        if fx["shoe"][seat]:
            allowance //= 2
        allowance = max(allowance, s["life_at_start"])
        if fx["double_move"]:
            allowance *= 2
        self.allow(seat, allowance, basis="roll", roll=roll, skateboard=skate, halved=fx["shoe"][seat],
                   life_at_start=s["life_at_start"], doubled=fx["double_move"])

    def keys(self, seat: int) -> None:
        """The Keys Are Still In It: up to 10 spaces instead of the movement roll (Fear still holds)."""
        blocked = "stuck" if self.s["stuck"] else "fear" if self.s["fx"]["fear"][seat] else None
        self.allow(seat, 0 if blocked else KEYS_SPACES, basis=blocked or "keys")

    def allow(self, seat: int, allowance: int, **how) -> None:
        """Set ``seat``'s movement allowance (moved by its Brain Cramp player if any) and start moving.

        ``how``: how the allowance came about (``basis``: ``"roll"``, ``"keys"``, ``"rest"``, ``"fear"`` or
        ``"stuck"``; for a roll also ``roll``, ``skateboard``, ``halved``, ``life_at_start``, ``doubled``),
        recorded from rules level 4 on so that a view can explain the allowance."""
        cramp = self.s["fx"]["cramp"][seat]
        data = {"seat": seat, "allowance": allowance, "mover": seat if cramp is None else cramp}
        if level(self.s) >= V4:
            data.update({"roll": None, "skateboard": False, "halved": False, "life_at_start": None,
                         "doubled": False, **how})
        self.emit("MovementAllowed", data)
        if allowance == 0:
            self.end_movement()
        else:
            self.phase("move")

    def rest(self, seat: int) -> None:
        """Much Needed Rest: no movement roll; gain 2 life (up to 5)."""
        s = self.s
        self.emit("SuppliesSet", {"seat": seat, "life": min(MAX_LIFE, s["life"][seat] + 2),
                                  "bullets": s["bullets"][seat], "reason": "much_needed_rest"})
        if level(s) >= V4:
            self.allow(seat, 0, basis="rest")
            return
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
        """End of step 4: the Town Square refill; then step 5 (rules level 3: after a reaction window)."""
        s = self.s
        seat = s["turn"]
        self.emit("MovementEnded", {"seat": seat})
        self.town_square_refill(seat)
        self.phase("zombie_roll")
        if level(s) >= V4:
            self.zombie_step()
        else:
            self.open_window("movement_over")

    def town_square_refill(self, seat: int) -> None:
        """On the Town Square centre, ``seat``'s life and bullets rise to 3 each (never fall): when its
        movement ends there, and (rules level 5) again when its turn ends there, in case a card
        took some in between (choice 8)."""
        s = self.s
        if s["pawns"][seat] != TOWN_CENTRE:
            return
        life, bullets = max(s["life"][seat], OPENING_LIFE), max(s["bullets"][seat], OPENING_BULLETS)
        if (life, bullets) != (s["life"][seat], s["bullets"][seat]):
            self.emit("SuppliesSet", {"seat": seat, "life": life, "bullets": bullets, "reason": "town_square"})

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
