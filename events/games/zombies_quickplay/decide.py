"""decide(state, seat, command, rng) -> events: guard clauses, then resolution.

Every command but ``PlayCard``/``UseItem``/``Pass`` answers one phase of the turn
(see ``PHASE``). Guards raise :class:`RuleViolation` with a stable code; the
state given is never mutated (resolution runs on a copy, see ``table.py``).
From rules level 4 on, ``PlayCard`` is also accepted from a seat the game is not
waiting on, when the card may be played now (``cardplay.card_plays``); from level 5 on,
so is ``ClaimToken`` (a pawn alone with a token may claim it at any point).
"""
from __future__ import annotations

from events.games.contract import RuleViolation, bad_arguments, command_type, not_your_turn

from .cardplay import card_plays, item_uses, play_card, use_item
from .choices import close_choice, is_choice_space, pick_space
from .cards import CARDS, MAX_LIFE, NAMES
from .movement import token_to_claim
from .state import V4, V5, copy_state, level, steps_from, waiting_seats
from .table import Table, street_spaces, street_zombies_left
from .tiles import key, kind, parse, step_table
from .placement import rotations, spots
from .zombies import can_choose, current_can_stop, current_steps

#: command type -> the phase it answers (``None``: any phase, checked by its handler).
PHASE = {
    "PickTileSpot": "tile_spot", "PlaceTile": "tile_rotation", "PlaceZombie": "place_zombies",
    "Bid": "auction", "PassBid": "auction", "Fight": "combat", "SpendBullets": "combat_loss",
    "LoseLife": "combat_loss", "RollMovement": "move_roll", "Move": "move", "EndMove": "move",
    "ChooseZombie": "zombies", "MoveZombie": "zombies", "EndZombieMoves": "zombies",
    "Discard": "discard", "EndTurn": "discard",
    "PlayCard": None, "UseItem": None, "Pass": "window", "PickSpace": "choice", "StopChoice": "choice",
    "ClaimToken": None,
}
#: Commands any seat may send while the game waits on another, from the rules level given.
OUT_OF_TURN = {"PlayCard": V4, "ClaimToken": V5}


_bad = bad_arguments


def _int(command, name):
    v = command.get(name)
    if isinstance(v, bool) or not isinstance(v, int):
        raise _bad(f"'{name}' must be an integer.")
    return v


def _space(command) -> str:
    return key(_int(command, "x"), _int(command, "y"))


def stage(state) -> str:
    """What the seats the game waits on are deciding: ``"choice"``, ``"window"`` or the turn's phase."""
    if state["over"]:
        return "over"
    if state["choice"] is not None:
        return "choice"
    window = state["window"]
    if window is not None and window["queue"]:     # window_open
        return "window"
    return state["phase"]


def decide(state, seat, command, rng):
    """Check ``command`` from ``seat`` and return its events (a list of ``{"type", "data"}``).

    Raises ``RuleViolation``: ``game_over`` (409), ``bad_arguments``, ``unknown_command``,
    ``not_your_turn`` (409), ``wrong_phase``, then the handler's own codes.
    """
    return _resolve(copy_state(state), seat, command, rng).events


def decide_evolved(state, seat, command, rng):
    """``(events, new_state)``: ``decide``'s events and the state they fold to (the table's copy of
    ``state``, into which each event was folded as it was emitted). ``state`` is not modified."""
    t = _resolve(copy_state(state), seat, command, rng)
    return t.events, t.s


def in_place(state, seat, command, rng):
    """``decide_evolved`` resolving on ``state`` itself (mutated, half-way if it raises) for a caller
    that gives ``state`` up (self-play)."""
    t = _resolve(state, seat, command, rng)
    return t.events, t.s


def _resolve(state, seat, command, rng):
    """The table after ``command`` from ``seat`` was resolved on ``state`` (mutated), or the
    ``RuleViolation`` that ``decide`` raises."""
    if state is None or state["over"]:
        raise RuleViolation("game_over", "The game is not running.", status=409)
    ctype = command_type(command, PHASE)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state["seats"]:
        raise not_your_turn()
    if ctype == "ClaimToken" and level(state) < V5:
        raise RuleViolation("unknown_command", "ClaimToken is not a command of this game's rules version: "
                                               "a token is taken when a pawn arrives on it.")
    since = OUT_OF_TURN.get(ctype)
    out_of_turn = since is not None and level(state) >= since
    if seat not in waiting_seats(state) and not out_of_turn:
        raise not_your_turn()
    want = PHASE[ctype]
    if want is not None and want != stage(state):
        raise RuleViolation("wrong_phase", f"{ctype} cannot be sent now.")
    t = Table(state, rng)
    COMMANDS[ctype](t, seat, command)
    return t


# -- tiles ---------------------------------------------------------------------
def pick_tile_spot(t, seat, command):
    """PickTileSpot ``{x, y}``: the tile cell for the drawn tile. Raises ``no_fit``."""
    x, y = _int(command, "x"), _int(command, "y")
    if (x, y) not in spots(t.s["tiles"], t.s["drawn"]):
        raise RuleViolation("no_fit", "The drawn tile cannot be placed there in any rotation.")
    t.emit("TileSpotChosen", {"seat": seat, "x": x, "y": y})


def place_tile(t, seat, command):
    """PlaceTile ``{rotation}``: turn the tile (0-3 quarter turns clockwise) and lay it. Raises ``no_fit``."""
    r = _int(command, "rotation")
    tx, ty = t.s["spot"]
    if r not in rotations(t.s["tiles"], t.s["drawn"], tx, ty):
        raise RuleViolation("no_fit", "In that rotation a road would meet a building side or no road.")
    t.place_tile(r)


def place_zombie(t, seat, command):
    """PlaceZombie ``{x, y}``: one of a new street tile's zombies on one of its empty road spaces.

    Raises ``illegal_space``."""
    k = _space(command)
    if k not in street_spaces(t.s):
        raise RuleViolation("illegal_space", "Street zombies go on empty road spaces of the new tile.")
    t.emit("ZombiesPlaced", {"spaces": [k], "how": "street"})
    if not street_zombies_left(t.s):
        t.after_placement()


# -- the Helipad auction -------------------------------------------------------
def bid(t, seat, command):
    """Bid ``{kills}``: more than the last bid, at most your kills. Raises ``bad_bid``."""
    kills = _int(command, "kills")
    a = t.s["auction"]
    if not a["high"] < kills <= t.s["kills"][seat]:
        raise RuleViolation("bad_bid", f"Bid more than {a['high']} kills and no more than you have.")
    t.emit("BidMade", {"seat": seat, "kills": kills})
    t.settle_auction()


def pass_bid(t, seat, command):
    """PassBid ``{}``: leave the bidding for good."""
    t.emit("BidPassed", {"seat": seat})
    t.settle_auction()


# -- combat --------------------------------------------------------------------
def fight(t, seat, command):
    """Fight ``{}``: roll the combat die."""
    t.fight(seat)


def spend_bullets(t, seat, command):
    """SpendBullets ``{}``: raise the lost roll to 4 with bullets; the zombie dies. Raises ``no_bullets``."""
    need = 4 - t.s["combat"]["total"]
    if t.s["bullets"][seat] < need:
        raise RuleViolation("no_bullets", f"You need {need} bullets to raise this roll to 4.")
    t.emit("CombatLost", {"seat": seat, "pay": "bullets", "amount": need})
    t.kill_here(seat)


def lose_life(t, seat, command):
    """LoseLife ``{}``: pay a life for the lost roll and fight on; paying the last one ends the fight
    and the movement (rules level 4). Raises ``no_life``."""
    if t.s["life"][seat] <= 0:
        raise RuleViolation("no_life", "You have no life token to lose.")
    t.pay_loss(seat, "life")


# -- movement ------------------------------------------------------------------
def roll_movement(t, seat, command):
    """RollMovement ``{}``: roll for movement (step 4)."""
    t.roll_movement(seat)


def legal_moves(state) -> list[str]:
    """Spaces the turn's pawn may step to now (Claustrophobia keeps it out of or drives it out of
    buildings: inside one, only steps that bring it nearer a road)."""
    seat = state["turn"]
    here = state["pawns"][seat]
    out = steps_from(state, here)
    if state["fx"]["claustro"][seat]:
        tiles = state["tiles"]
        if kind(tiles, *parse(here)) in ("B", "D"):
            now = steps_to_road(tiles, here)
            out = [k for k in out if steps_to_road(tiles, k) < now]
        else:
            out = [k for k in out if kind(tiles, *parse(k)) == "R"]
    return out


def steps_to_road(tiles, k: str, limit: int = 9) -> int:
    """Steps from the space ``k`` to the nearest road space of the map ``tiles`` if there is one
    within ``limit`` steps (``tiles.distances``), else 99: a breadth-first walk of the map's
    ``tiles.step_table`` that stops at the first ring holding a road space."""
    table = step_table(tiles)
    seen, ring = {k}, [k]
    for d in range(limit + 1):
        for p in ring:
            if kind(tiles, *parse(p)) == "R":
                return d
        nxt = []
        for p in ring:
            for q in table.get(p, ()):
                if q not in seen:
                    seen.add(q)
                    nxt.append(q)
        if not nxt:
            break
        ring = nxt
    return 99


def move(t, seat, command):
    """Move ``{x, y}``: one step of the turn's pawn to an adjacent space. Raises ``illegal_step``."""
    k = _space(command)
    if k not in legal_moves(t.s):
        raise RuleViolation("illegal_step", "You can only step to an adjacent open space (doors into buildings).")
    x, y = command["x"], command["y"]
    t.walk(t.s["turn"], x, y)


def end_move(t, seat, command):
    """EndMove ``{}``: stop moving (the rest of the allowance is lost)."""
    t.end_movement()


# -- zombie moves --------------------------------------------------------------
def choose_zombie(t, seat, command):
    """ChooseZombie ``{x, y}``: the zombie to move next (the one moved so far stops). Raises
    ``illegal_zombie``."""
    k = _space(command)
    if not can_choose(t.s, k):
        raise RuleViolation("illegal_zombie", "That zombie cannot move now (or the moving one cannot stop here).")
    t.emit("ZombieChosen", {"x": command["x"], "y": command["y"]})


def move_zombie(t, seat, command):
    """MoveZombie ``{x, y}``: one step of the chosen zombie. Raises ``illegal_step``."""
    k = _space(command)
    if k not in current_steps(t.s):
        raise RuleViolation("illegal_step", "The chosen zombie cannot step there.")
    at = t.s["zm"]["current"]["at"].split(",")
    t.emit("ZombieMoved", {"x": int(at[0]), "y": int(at[1]), "to_x": command["x"], "to_y": command["y"]})
    t.settle_zombies()


def end_zombie_moves(t, seat, command):
    """EndZombieMoves ``{}``: stop moving zombies. Raises ``must_step`` (a zombie was just chosen),
    ``zombie_on_zombie``."""
    cur = t.s["zm"]["current"]
    if cur is not None and cur["fresh"]:
        raise RuleViolation("must_step", "The chosen zombie must take a step first.")
    if not current_can_stop(t.s):
        raise RuleViolation("zombie_on_zombie", "The moving zombie cannot stop on another zombie.")
    t.emit("ZombieMovesEnded", {})
    t.phase("discard")


# -- the end of the turn ---------------------------------------------------------
def _card(command, where):
    card = command.get("card")
    if not isinstance(card, str) or card not in CARDS:
        raise _bad("'card' must name an Event card, such as \"fire_axe\".")
    if card not in where:
        raise RuleViolation("card_not_in_hand", f"You hold no {NAMES[card]}.")
    return card


def discard(t, seat, command):
    """Discard ``{card}``: discard one Event card; the turn ends."""
    card = _card(command, t.s["hands"][seat])
    t.emit("CardDiscarded", {"seat": seat, "card": card})
    t.end_turn()


def end_turn(t, seat, command):
    """EndTurn ``{}``: end the turn without discarding."""
    t.end_turn()


# -- cards, windows and choices --------------------------------------------------
def play(t, seat, command):
    """PlayCard ``{card, target?, x?, y?, item?}``. Raises ``card_not_in_hand``, ``one_card_per_round``,
    ``not_now`` (the card's moment, target or building is wrong). In the zombie moves (rules level 4)
    the zombie being moved first stops where it is (``ZombieStopped``)."""
    card = _card(command, t.s["hands"][seat])
    if t.s["played"][seat]:
        raise RuleViolation("one_card_per_round", "You have already played an Event card this round.")
    if dict(command) not in card_plays(t.s, seat):
        raise RuleViolation("not_now", f"{NAMES[card]} cannot be played like that now.")
    stop_moving_zombie(t)
    play_card(t, seat, command)
    t.settle()


def stop_moving_zombie(t) -> None:
    """Rules level 4: before a card or an item in the zombie moves, the zombie being moved stops."""
    zm = t.s["zm"]
    if level(t.s) >= V4 and t.s["phase"] == "zombies" and zm is not None and zm["current"] is not None:
        x, y = parse(zm["current"]["at"])
        t.emit("ZombieStopped", {"x": x, "y": y})


def use(t, seat, command):
    """UseItem ``{card}``: discard an item in play for its effect (First Aid Kit: instead of a life
    when losing a combat). Raises ``card_not_in_hand``, ``not_now``."""
    card = _card(command, t.s["items"][seat])
    if stage(t.s) == "combat_loss" and card == "first_aid_kit":
        t.pay_loss(seat, "first_aid_kit")
        return
    if {"type": "UseItem", "card": card} not in item_uses(t.s, seat):
        raise RuleViolation("not_now", f"{NAMES[card]} cannot be used now.")
    stop_moving_zombie(t)
    use_item(t, seat, card)
    t.settle()


def pass_(t, seat, command):
    """Pass ``{}``: play nothing in this reaction window."""
    t.emit("WindowPassed", {"seat": seat, "played": False})
    t.settle()


def pick(t, seat, command):
    """PickSpace ``{x, y}``: a space for the card being resolved. Raises ``illegal_space``."""
    k = _space(command)
    if not is_choice_space(t.s, k):
        raise RuleViolation("illegal_space", "That space cannot be picked for this card.")
    pick_space(t, seat, k)
    t.settle()


def claim_token(t, seat, command):
    """ClaimToken ``{}``: take the life or bullet token on your pawn's space, at any point, whoever the
    game waits on (rules level 5; choice 34). Raises ``no_token``, ``not_alone`` (a zombie is in
    the space), ``life_full`` (a life token at 5 life)."""
    s = t.s
    k = s["pawns"][seat]
    token = s["tokens"].get(k) if k is not None else None
    if token is None:
        raise RuleViolation("no_token", "There is no life or bullet token on your pawn's space.")
    if token_to_claim(s, seat) is None:
        if token == "life" and s["life"][seat] >= MAX_LIFE:
            raise RuleViolation("life_full", f"You already hold {MAX_LIFE} life tokens, the most a player may hold.")
        raise RuleViolation("not_alone", "A zombie is in your space: you may claim its token once it is gone.")
    t.claim_token(seat)


def stop_choice(t, seat, command):
    """StopChoice ``{}``: stop moving the target early (Where Did Everybody Go?). Raises ``not_now``."""
    if t.s["choice"]["kind"] != "push":
        raise RuleViolation("not_now", "This card must be carried out in full.")
    close_choice(t)
    t.settle()


COMMANDS = {
    "PickTileSpot": pick_tile_spot, "PlaceTile": place_tile, "PlaceZombie": place_zombie,
    "Bid": bid, "PassBid": pass_bid, "Fight": fight, "SpendBullets": spend_bullets, "LoseLife": lose_life,
    "RollMovement": roll_movement, "Move": move, "EndMove": end_move,
    "ChooseZombie": choose_zombie, "MoveZombie": move_zombie, "EndZombieMoves": end_zombie_moves,
    "Discard": discard, "EndTurn": end_turn, "PlayCard": play, "UseItem": use, "Pass": pass_,
    "PickSpace": pick, "StopChoice": stop_choice, "ClaimToken": claim_token,
}
