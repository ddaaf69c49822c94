"""Resolution: turning a decision into events, step by step.

:class:`Table` is the Selfish copy-and-emit resolver
(``events.games.selfish.table``: drawing, paying, dying, moving, the queue)
with the Zombie Edition's own ops: ``move`` (forward, then ``wasteland``,
``arrive`` and ``follow``), ``drive`` (Abandoned Vehicle: forward without
resolving), ``wasteland`` (resolve the card just placed, or offer it: Settlement
and Shopping Mall), ``back`` (a player knocked back: a survivor discards the card
behind, a zombie keeps it), ``follow`` (Alliance: the allies move along),
``strike`` (open a reaction window for an Action card or a zombie attack; a
zombie target has none), ``effect`` (carry the card out), ``zombie_next`` (a
zombie out of action points ends its turn), ``arrive``, ``travel_check`` and
``end_turn``. Where rules level 1 differs, ``self.level`` keeps the old rule.
"""
from __future__ import annotations

from events.games.selfish.resigning import is_out
from events.games.selfish.table import Table as SelfishTable

from .cards import (ATTACK, BOARD, DIE_FACES, ON_ZOMBIES, SUPPLIES, SUPPLY_KINDS, TRAP_LOOK, ZOMBIES_DISCARD,
                    ZOMBIES_HAND)
from .evolve import evolve


class Table(SelfishTable):
    """A state copy being resolved, and the events emitted so far (see ``SelfishTable``).

    ``Table(state, rng)``: ``state`` a copy the table may mutate (``None`` in setup); ``rng`` a
    ``random.Random``.
    """

    EVOLVE = staticmethod(evolve)
    HANDLERS = evolve.handlers
    SUPPLIES = SUPPLIES
    BOARD = BOARD
    WIN_REASON = "chopper"
    NOBODY_LEFT = "zombies"
    OPS = {}    # filled below, once the methods exist

    # -- dice and turns ---------------------------------------------------
    def roll(self, seat: int, why: str) -> int:
        """Roll the die for ``seat`` (``why``: ``"zombie"``, ``"bandits"``, ``"shopping_mall"``):
        the next stacked roll if any, else a face of ``DIE_FACES``. Emits ``DieRolled``."""
        stacked = bool(self.s["dice"])
        roll = self.s["dice"][0] if stacked else self.rng.choice(DIE_FACES)
        self.emit("DieRolled", {"seat": seat, "roll": roll, "why": why, "stacked": stacked})
        return roll

    def _drop_alliances_on(self, seat: int) -> None:
        if not self.s["alliances"]:                # most turns: no Alliance on the table
            return
        for pair in [a for a in self.s["alliances"] if a["target"] == seat]:
            self.emit("AllianceDiscarded", dict(pair))

    def end_turn(self) -> None:
        """End the turn: Alliances on its player are discarded; then the next seat in order
        starts. A survivor who twisted an ankle loses that turn; a survivor draws; a zombie rolls
        for action points and a 0 ends its turn at once (docs/rules/selfish-zombie.md, "A survivor's
        turn", "A zombie's turn")."""
        s = self.s
        if s["over"]:
            return
        self._drop_alliances_on(s["turn"])
        seat = s["turn"]
        for _ in range(2 * s["seats"] + 1):
            seat = (seat + 1) % s["seats"]
            if is_out(s, seat):
                continue  # resigned: never asked again
            self.emit("TurnStarted", {"seat": seat})
            if s["skip"][seat]:
                self.emit("TurnSkipped", {"seat": seat})
                self._drop_alliances_on(seat)
            elif s["alive"][seat]:
                self.draw(seat)
                return
            elif self.roll(seat, "zombie") > 0:
                return
            else:
                self._drop_alliances_on(seat)  # a zombie's turn ended on a roll of 0

    # -- moving -------------------------------------------------------------
    def op_move(self, op):
        """Op ``move``: one space forward; then resolve the card, check the chopper, and let the
        seat's allies follow (docs/rules/selfish-zombie.md, "A survivor's turn")."""
        seat = op["seat"]
        if self.move_forward(seat):
            self.queue[:0] = [{"op": "wasteland", "seat": seat}, {"op": "arrive", "seat": seat},
                              {"op": "follow", "seat": seat, "dir": "forward"}]

    def op_drive(self, op):
        """Op ``drive``: Abandoned Vehicle: one space forward, the card placed but not resolved."""
        seat = op["seat"]
        if self.move_forward(seat):
            self.queue[:0] = [{"op": "arrive", "seat": seat}, {"op": "follow", "seat": seat, "dir": "forward"}]

    def op_back(self, op):
        """Op ``back``: a survivor moves back one space (the card behind is discarded); allies follow.
        A zombie (Horde, rules level 2) steps back as it does on its own: the card stays in its
        column, in front of it (docs/rules/selfish-zombie.md, 'Horde')."""
        seat = op["seat"]
        if self.BOARD.position(self.s, seat) == 0:
            return
        if not self.s["alive"][seat]:
            self.emit("ZombieKnockedBack", {"seat": seat})
            return
        self.move_back(seat)
        self.queue.insert(0, {"op": "follow", "seat": seat, "dir": "back"})

    def op_follow(self, op):
        """Op ``follow``: if ``seat`` moved during its own turn, every living ally whose Alliance
        lies before it moves one space the same way, resolving their own Wasteland cards.

        A traveller who paid their last Supplies is checked first: if the Wasteland card gave none
        back they die now. The follow belongs to the move, not to the mover's survival: from rules
        level 2 on the allies follow a mover who died on its move (bitten, out of Supplies, or a
        zombie walking); at level 1 nobody followed a mover who died (docs/rules/selfish-zombie.md,
        'Alliance')."""
        seat, s = op["seat"], self.s
        if s["turn"] != seat:
            return
        follows = []
        if s["alliances"]:                          # most moves: no Alliance on the table
            allies = [a["ally"] for a in s["alliances"] if a["target"] == seat and s["alive"][a["ally"]]]
            name = "move" if op["dir"] == "forward" else "back"
            follows = [{"op": name, "seat": ally} for ally in sorted(allies)]
        gambling = False
        for q in self.queue:
            if q["op"] == "travel_check" and q.get("seat") == seat:
                gambling = True
                break
        if self.level >= 2:
            self.queue[:0] = follows  # queued first: a death below keeps them (``kept_after_death``)
            if gambling:
                self.op_travel_check({"seat": seat})
            return
        if gambling:
            self.op_travel_check({"seat": seat})
            if not self.s["alive"][seat]:
                return
        self.queue[:0] = follows

    def kept_after_death(self, seat: int) -> list[dict]:
        """From rules level 2 on, a survivor dying in its own turn still has its allies follow the
        move it made: the ``follow`` ops of ``seat`` and every op of another seat stay queued
        (level 1: none)."""
        if self.level < 2:
            return []
        return [op for op in self.queue if op.get("seat") not in (None, seat) or
                (op["op"] == "follow" and op["seat"] == seat)]

    def kept_at_turn_end(self, op: dict) -> bool:
        """The pending travel death check, and from rules level 2 on the allies' follow of the
        mover's last move, still run when the turn ends at once (a death at the chopper)."""
        return op["op"] == "travel_check" or (self.level >= 2 and op["op"] == "follow")

    def op_wasteland(self, op):
        """Op ``wasteland``: resolve the Wasteland card just placed behind ``seat``.

        Settlement draws 1; Shopping Mall rolls and draws that many; Bandits rolls and discards that
        many (the survivor picks, all if fewer); Zombies! discards 2 of a 6+ hand; Cut Through A
        Sewer pays 1 Supplies; Twisted Ankle loses the next turn; You've Been Bitten kills; Secret
        Passageway moves on; Blank does nothing (docs/rules/selfish-zombie.md, "A survivor's turn")."""
        seat, s = op["seat"], self.s
        if not s["alive"][seat]:
            return
        card = s["tracks"][seat][-1]
        if card in ("settlement", "shopping_mall") and self.level >= 2:
            self.ask(seat, card)  # "may draw", "may roll": the survivor accepts or declines
        elif card == "settlement":
            self.draw(seat, 1)
        elif card == "shopping_mall":
            self.draw(seat, self.roll(seat, card))
        elif card == "bandits":
            self.lose_cards(seat, self.roll(seat, card), card)
        elif card == "zombies":
            if len(s["hands"][seat]) >= ZOMBIES_HAND:
                self.lose_cards(seat, ZOMBIES_DISCARD, card)
        elif card == "cut_through_a_sewer":
            self.pay_one(seat, card)
            self.check_death(seat)
        elif card == "twisted_ankle":
            self.emit("AnkleTwisted", {"seat": seat})
        elif card == "youve_been_bitten":
            self.die(seat)
        elif card == "secret_passageway":
            self.queue.insert(0, {"op": "move", "seat": seat})

    def lose_cards(self, seat: int, n: int, reason: str) -> None:
        """``seat`` discards ``n`` Game cards of its choice: all at once if it holds no more, else
        one ``discard`` pick at a time (the death check follows each)."""
        hand = self.s["hands"][seat]
        if n <= 0 or not hand:
            return
        if n >= len(hand):
            self.emit("CardsDiscarded", {"seat": seat, "cards": list(hand), "reason": reason})
            self.check_death(seat)
        else:
            self.ask(seat, "discard", left=n, reason=reason)

    # -- Action cards and attacks ----------------------------------------------
    def scout(self, seat: int, card: str) -> None:
        """Scout (1 card) or Zombie Trap (``TRAP_LOOK``): ``seat`` looks at the top Wasteland cards
        (reshuffling an empty deck first) and must put them back (docs/rules/selfish-zombie.md)."""
        s, board = self.s, self.BOARD
        if not s[board.deck] and s[board.discard]:
            order = list(s[board.discard])
            self.rng.shuffle(order)
            self.emit(board.reshuffled, {"order": order})
        seen = s[board.deck][:1 if card == "scout" else TRAP_LOOK]
        if seen:
            self.ask(seat, card, cards=list(seen))

    def op_strike(self, op):
        """Op ``strike``: the living target ``seat`` gets a reaction window against ``attacker``'s
        ``card`` (an Action card or ``ATTACK``); the rest of the queue waits in the window. A
        zombie target (Horde, Alliance: rules level 2) holds no card to answer with: the card takes
        effect at once. A seat that resigned is struck by nothing."""
        if op["card"] != ATTACK and not self.s["alive"][op["attacker"]]:
            return
        if is_out(self.s, op["seat"]):
            return
        if not self.s["alive"][op["seat"]]:
            if op["card"] in ON_ZOMBIES and self.level >= 2:
                self.queue.insert(0, {"op": "effect", "seat": op["seat"], "attacker": op["attacker"],
                                      "card": op["card"]})
            return
        self.emit("ReactionWindowOpened", {"seat": op["seat"], "attacker": op["attacker"], "card": op["card"],
                                           "reflected": op.get("reflected", False), "then": list(self.queue)})
        self.queue = []

    def op_effect(self, op):
        """Op ``effect``: ``attacker``'s ``card`` takes effect on ``seat``. Alliance lies before
        the target; Horde knocks it back; Rampage takes a random card; Steal Supplies takes two
        random Supplies cards; a zombie attack discards a random card. Losing Supplies may kill
        (docs/rules/selfish-zombie.md, 'Action cards', 'A zombie's turn')."""
        card, seat, attacker, s = op["card"], op["seat"], op["attacker"], self.s
        if is_out(s, seat):
            return
        if not s["alive"][seat] and not (card in ON_ZOMBIES and self.level >= 2):
            return
        hand = s["hands"][seat]
        if card == "alliance":
            if s["alive"][attacker]:
                self.emit("AllianceFormed", {"ally": attacker, "target": seat})
        elif card == "horde":
            self.queue.insert(0, {"op": "back", "seat": seat})
        elif card == "rampage" and hand:
            taken = [hand[self.rng.randrange(len(hand))]]
            self.emit("CardsTaken", {"from": seat, "to": attacker, "cards": taken, "how": card})
            self.check_death(seat)
        elif card == "steal_supplies":
            pool = [c for c in hand if c in SUPPLY_KINDS]
            taken = [pool[i] for i in sorted(self.rng.sample(range(len(pool)), min(2, len(pool))))]
            if taken:
                self.emit("CardsTaken", {"from": seat, "to": attacker, "cards": taken, "how": card})
            self.check_death(seat)
        elif card == ATTACK and hand:
            lost = hand[self.rng.randrange(len(hand))]
            self.emit("CardsDiscarded", {"seat": seat, "cards": [lost], "reason": ATTACK})
            self.check_death(seat)

    def op_zombie_next(self, _op):
        """Op ``zombie_next``: a zombie with no action points left ends its turn."""
        if not self.s["over"] and self.s["points"] <= 0:
            self.end_turn()


Table.OPS.update({
    "move": Table.op_move,
    "drive": Table.op_drive,
    "back": Table.op_back,
    "follow": Table.op_follow,
    "wasteland": Table.op_wasteland,
    "strike": Table.op_strike,
    "effect": Table.op_effect,
    "zombie_next": Table.op_zombie_next,
    "arrive": SelfishTable.op_arrive,
    "travel_check": SelfishTable.op_travel_check,
    "end_turn": SelfishTable.op_end_turn,
})
