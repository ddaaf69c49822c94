"""Combat, the turn's step 2 and every fight on the way (docs/rules/zombies-quickplay.md, 'Combat').

:class:`CombatSteps` is mixed into :class:`table.Table`: its methods emit through the
table and hand the turn back to it (``draw_step``, ``phase``, ``end_movement``) when
a fight is over.
"""
from __future__ import annotations

from .cards import KILL_ROLL
from .state import V4, level
from .tiles import building_of, parse


def building_cells(state, k: str) -> set[str]:
    """The named-building cells space ``k`` is part of (a set of 0 or 1 tile cells)."""
    cell = building_of(state["tiles"], *parse(k))
    return {cell} if cell else set()


def lost_roll_contested(state, seat: int) -> bool:
    """Rules level 4: whether a lost roll holds a reaction window -- when the fighter could pay for it with
    bullets or a First Aid Kit, which a rival's card (Butter Fingers) could take away first. A public fact."""
    need = KILL_ROLL - state["combat"]["total"]
    return state["bullets"][seat] >= need or "first_aid_kit" in state["items"][seat]


class CombatSteps:
    """The fight: roll, the reaction window after a lost roll, paying for it, and its end."""

    def combat_due(self, seat: int) -> bool:
        """A zombie on ``seat``'s space and no Alternate Food Source in play."""
        s = self.s
        return s["pawns"][seat] in s["zombies"] and s["fx"]["food"] is None

    def fight(self, seat: int) -> None:
        """Roll a combat die with every bonus; 4+ kills the zombie, a lower total opens the
        reaction window of a lost roll before it is paid for."""
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
        elif level(s) >= V4 and not lost_roll_contested(s, seat):
            self.after_combat_roll()
        else:
            self.open_window("combat_roll")

    def after_combat_roll(self) -> None:
        """After a lost roll (and its window): a card that removed the zombie ended the fight;
        else the fighter pays, and with no way to pay loses a kill and may not move on (choice 9;
        docs/rules/zombies-quickplay.md, 'Combat')."""
        if self.end_fight_if_zombie_gone():
            return
        seat = self.s["turn"]
        if not self.loss_options(seat):
            self.emit("CombatLost", {"seat": seat, "pay": "kill", "amount": 1})
            self.combat_over()

    def end_fight_if_zombie_gone(self) -> bool:
        """End a fight whose zombie a card removed (Grenade, This Isn't So Bad), with no kill
        (choice 24). Returns whether it did."""
        s = self.s
        if s["phase"] in ("combat", "combat_loss") and s["pawns"][s["turn"]] not in s["zombies"]:
            self.combat_over()
            return True
        return False

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

    def pay_loss(self, seat: int, pay: str) -> None:
        """``seat`` pays for its lost roll with ``"life"`` or ``"first_aid_kit"``. Rules level 4: with no
        life token left after it the fight is over, and so is the movement ("combat continues until
        the player wins or runs out of life tokens"); level 3 fought on."""
        out = level(self.s) >= V4 and self.s["life"][seat] - (pay == "life") <= 0
        data = {"seat": seat, "pay": pay, "amount": 1}
        if out:
            data["fight_over"] = True
        self.emit("CombatLost", data)
        if out:
            self.combat_over()

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
