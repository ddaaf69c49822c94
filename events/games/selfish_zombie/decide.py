"""decide(state, seat, command, rng) -> events: guard clauses, then resolution.

Guards raise :class:`RuleViolation` with a stable code; ``decide`` never
mutates the state it is given (it resolves on a ``Table`` copy, see
``resolve.py``). The guard order and the argument checks are the Selfish
ones (``events.games.selfish.commands``).
"""
from __future__ import annotations

from collections import Counter

from events.games.contract import RuleViolation
from events.games.selfish.commands import bad, card_arg, cards_arg, make_decide, seat_arg, travel_payment

from .cards import ATTACK, DOUBLE, GAME_DECK, NAMES, PLAYABLE, REACTIONS, SINGLE, TARGETED, WASTELAND_DECK, supplies
from .resolve import Table
from .state import copy_state, phase_of, prey, targets, zombie_steps

#: command type -> the phase it answers (``state.phase_of``).
PHASE = {
    "PlayAction": "turn", "Rest": "turn", "Travel": "turn",
    "PlayBodyArmor": "reaction", "PlayUnderestimate": "reaction", "Pass": "reaction",
    "DiscardCard": "discard", "PlaceScouted": "scout", "OrderWasteland": "zombie_trap",
    "Accept": ("settlement", "shopping_mall"), "Decline": ("settlement", "shopping_mall"),
    "ZombieMove": "zombie", "Attack": "zombie", "EndTurn": "zombie",
}


def _holding(t: Table, seat: int, card: str) -> None:
    if card not in t.s["hands"][seat]:
        raise RuleViolation("card_not_in_hand", f"You hold no {NAMES[card]}.")


# -- a survivor's turn -------------------------------------------------------
def play_action(t: Table, seat: int, command: dict) -> None:
    """PlayAction ``{"card", "target"?, "second_target"?}``: play an Action card on your turn.

    A card played on other survivors opens a reaction window for each (Rampage: two of them, or
    one if only one is left); Scout and Zombie Trap ask where the seen cards go; Abandoned Vehicle
    moves you. Raises ``RuleViolation``: ``bad_arguments``, ``wrong_phase`` (a reaction card),
    ``not_an_action``, ``card_not_in_hand``, ``no_target``, ``illegal_target``
    (docs/rules/selfish-zombie.md, "A survivor's turn").
    """
    card = card_arg(command, GAME_DECK, "horde")
    if card in REACTIONS:
        raise RuleViolation("wrong_phase", f"{NAMES[card]} can only be played when a card or a zombie targets you.")
    if card not in PLAYABLE:
        raise RuleViolation("not_an_action", "Supplies are not an Action card.")
    _holding(t, seat, card)
    chosen = _targets_of(t, seat, card, command)
    t.emit("ActionPlayed", {"seat": seat, "card": card, "targets": chosen})
    if card == "abandoned_vehicle":
        t.run([{"op": "drive", "seat": seat}])
    elif card in ("scout", "zombie_trap"):
        t.scout(seat, card)
    else:
        t.run([{"op": "strike", "seat": target, "attacker": seat, "card": card} for target in chosen])


def _targets_of(t: Table, seat: int, card: str, command: dict) -> list[int]:
    if card not in TARGETED:
        if command.get("target") is not None or command.get("second_target") is not None:
            raise bad(f"{NAMES[card]} takes no target.")
        return []
    options = targets(t.s, seat, card)
    if not options:
        raise RuleViolation("no_target", f"No survivor can be targeted by {NAMES[card]} now.")
    chosen = [seat_arg(t.s, command, required=True)]
    wants_two = card == "rampage" and len(options) >= 2
    second = seat_arg(t.s, command, required=wants_two, name="second_target")
    if second is not None:
        if not wants_two:
            raise bad(f"{NAMES[card]} takes one target here.")
        chosen.append(second)
    if any(c not in options for c in chosen) or len(set(chosen)) != len(chosen):
        raise RuleViolation("illegal_target", f"{NAMES[card]} cannot be played on that survivor.")
    return chosen


def rest(t: Table, seat: int, command: dict) -> None:
    """Rest ``{}``: pay 1 Supplies (splitting a Double if needed) and stay; paying the last one
    kills. The turn ends (docs/rules/selfish-zombie.md, "A survivor's turn")."""
    t.pay_one(seat, "rest")
    if not t.check_death(seat):
        t.end_turn()


def travel(t: Table, seat: int, command: dict) -> None:
    """Travel ``{"pay": "singles" | "double"}``: pay 2 Supplies, move forward and resolve the
    Wasteland card; paying the last ones kills only if the card gives none back. The turn ends.
    Raises ``RuleViolation``: ``cannot_pay``, ``bad_arguments`` (docs/rules/selfish-zombie.md)."""
    cards = travel_payment(command, t.s["hands"][seat], SINGLE, DOUBLE, "Supplies")
    t.emit("CardsDiscarded", {"seat": seat, "cards": cards, "reason": "travel"})
    ops = [{"op": "move", "seat": seat}] + t.travel_ops(seat, paid_last=supplies(t.s["hands"][seat]) == 0)
    t.run(ops + [{"op": "end_turn"}])


# -- reaction windows ----------------------------------------------------------
def _close(t: Table) -> dict:
    w = t.s["window"]
    t.queue = [dict(op) for op in w["then"]]
    return w


def play_body_armor(t: Table, seat: int, command: dict) -> None:
    """PlayBodyArmor ``{}``: block the card or zombie attack in the window (both discarded).

    Raises ``RuleViolation``: ``card_not_in_hand`` (docs/rules/selfish-zombie.md: Body Armor)."""
    _holding(t, seat, "body_armor")
    w = _close(t)
    t.emit("BodyArmorPlayed", {"seat": seat, "attacker": w["attacker"], "card": w["card"]})
    t.run()


def play_underestimate(t: Table, seat: int, command: dict) -> None:
    """PlayUnderestimate ``{}``: turn the Action card back on its player, who gets a window to
    block it with Body Armor. Raises ``RuleViolation``: ``card_not_in_hand``, ``cannot_reflect``
    (a zombie attack, or a card already reflected) (docs/rules/selfish-zombie.md: Underestimate)."""
    _holding(t, seat, "underestimate")
    w = t.s["window"]
    if w["card"] == ATTACK or w["reflected"]:
        raise RuleViolation("cannot_reflect", "Underestimate only turns back an Action card played on you.")
    _close(t)
    t.emit("UnderestimatePlayed", {"seat": seat, "attacker": w["attacker"], "card": w["card"]})
    t.run([{"op": "strike", "seat": w["attacker"], "attacker": seat, "card": w["card"], "reflected": True}])


def pass_(t: Table, seat: int, command: dict) -> None:
    """Pass ``{}``: close the window and let the card (or attack) take effect on you."""
    w = _close(t)
    t.emit("ReactionPassed", {"seat": seat, "attacker": w["attacker"], "card": w["card"]})
    t.run([{"op": "effect", "seat": seat, "attacker": w["attacker"], "card": w["card"]}])


# -- choices -----------------------------------------------------------------
def discard_card(t: Table, seat: int, command: dict) -> None:
    """DiscardCard ``{"card": kind}``: one of the cards Bandits or Zombies! make you discard.

    Raises ``RuleViolation``: ``bad_arguments``, ``card_not_in_hand``."""
    card = card_arg(command, GAME_DECK, "supplies")
    _holding(t, seat, card)
    choice = t.resume(seat)
    t.emit("CardsDiscarded", {"seat": seat, "cards": [card], "reason": choice["reason"]})
    if not t.check_death(seat):
        t.lose_cards(seat, choice["left"] - 1, choice["reason"])
    t.run()


def place_scouted(t: Table, seat: int, command: dict) -> None:
    """PlaceScouted ``{"where": "top" | "bottom"}``: the Scout's card goes back on top of the
    Wasteland deck or under it. Raises ``RuleViolation``: ``bad_arguments``."""
    where = command.get("where")
    if where not in ("top", "bottom"):
        raise bad("'where' must be \"top\" or \"bottom\".")
    cards = t.resume(seat)["cards"]
    t.emit("WastelandArranged", {"seat": seat, "top": cards if where == "top" else [],
                                 "bottom": cards if where == "bottom" else []})
    t.run()


def order_wasteland(t: Table, seat: int, command: dict) -> None:
    """OrderWasteland ``{"cards": [kind, ...]}``: the Zombie Trap's cards go back in this order,
    top first. Raises ``RuleViolation``: ``bad_arguments``, ``not_those_cards``."""
    cards = cards_arg(command, WASTELAND_DECK)
    if Counter(cards) != Counter(t.s["choice"]["cards"]):
        raise RuleViolation("not_those_cards", "Put back exactly the Wasteland cards you looked at.")
    t.resume(seat)
    t.emit("WastelandArranged", {"seat": seat, "top": list(cards), "bottom": []})
    t.run()


def accept(t: Table, seat: int, command: dict) -> None:
    """Accept ``{}``: take what the Wasteland card offers: Settlement draws one Game card; Shopping
    Mall rolls the die and draws that many (docs/rules/selfish-zombie.md, 'Wasteland cards')."""
    offer = t.resume(seat)["choice"]
    if offer == "settlement":
        t.draw(seat, 1)
    else:
        t.draw(seat, t.roll(seat, offer))
    t.run()


def decline(t: Table, seat: int, command: dict) -> None:
    """Decline ``{}``: leave the Settlement's card or the Shopping Mall's roll; nothing is drawn."""
    t.resume(seat)
    t.run()


# -- a zombie's turn -----------------------------------------------------------
def zombie_move(t: Table, seat: int, command: dict) -> None:
    """ZombieMove ``{"direction": "forward" | "back"}``: one action point, one space. Forward onto
    an empty space places the top Wasteland card face down behind; back leaves the card in place.
    Raises ``RuleViolation``: ``bad_arguments``, ``cannot_move`` (at the start, or at the chopper's
    edge) (docs/rules/selfish-zombie.md, "A zombie's turn")."""
    direction = command.get("direction")
    if direction not in ("forward", "back"):
        raise bad("'direction' must be \"forward\" or \"back\".")
    if direction not in zombie_steps(t.s, seat):
        raise RuleViolation("cannot_move", f"Your zombie cannot move {direction} from here.")
    s, board = t.s, t.BOARD
    card = None
    if direction == "forward" and not s["ahead"][seat]:
        if not s[board.deck]:
            order = list(s[board.discard])
            t.rng.shuffle(order)
            t.emit(board.reshuffled, {"order": order})
        card = s[board.deck][0] if s[board.deck] else None
    t.emit("ZombieMoved", {"seat": seat, "direction": direction, "card": card})
    follow = [{"op": "follow", "seat": seat, "dir": direction}] if t.level >= 2 else []
    t.run(follow + [{"op": "zombie_next"}])


def attack(t: Table, seat: int, command: dict) -> None:
    """Attack ``{"target": seat}``: one action point; the survivor on your level may block with
    Body Armor, else discards a random card. Raises ``RuleViolation``: ``bad_arguments``,
    ``illegal_target`` (docs/rules/selfish-zombie.md, "A zombie's turn")."""
    target = seat_arg(t.s, command, required=True)
    if target not in prey(t.s, seat):
        raise RuleViolation("illegal_target", "You can only attack a living survivor on your level.")
    t.emit("ZombieAttacked", {"seat": seat, "target": target})
    t.run([{"op": "strike", "seat": target, "attacker": seat, "card": ATTACK}, {"op": "zombie_next"}])


def end_zombie_turn(t: Table, seat: int, command: dict) -> None:
    """EndTurn ``{}``: a zombie gives up its remaining action points."""
    t.end_turn()


COMMANDS = {
    "PlayAction": play_action, "Rest": rest, "Travel": travel,
    "PlayBodyArmor": play_body_armor, "PlayUnderestimate": play_underestimate, "Pass": pass_,
    "DiscardCard": discard_card, "PlaceScouted": place_scouted, "OrderWasteland": order_wasteland,
    "Accept": accept, "Decline": decline,
    "ZombieMove": zombie_move, "Attack": attack, "EndTurn": end_zombie_turn,
}

decide = make_decide(PHASE, COMMANDS, Table, copy_state, phase_of)
decide.__doc__ = """Check ``command`` (a dict with a ``"type"``) from ``seat`` and return its events.

``state`` is never mutated; ``rng`` (``random.Random``) gives reshuffles, die rolls and random
picks, all written into the events. Raises ``RuleViolation``: ``game_over`` (409),
``bad_arguments``, ``unknown_command``, ``not_your_turn`` (409), ``wrong_phase``, then the
command's own codes (docs/rules/selfish-zombie.md).
"""
