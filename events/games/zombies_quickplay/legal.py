"""Whom the game waits on (``pending``) and every command a seat may send (``legal_commands``).

Both are total: a state that only exists inside a command's batch (the replay slider shows
those) has no pending decision rather than an error. Decision codes, kinds and labels are
listed in the catalogue (``catalogue.DECISIONS``); labels are public sentences.
"""
from __future__ import annotations

from events.games.contract import Decision

from .cardplay import card_plays, item_uses
from .choices import choice_spaces, has_choice_space
from .cards import NAMES
from .decide import legal_moves, stage
from .movement import token_to_claim
from .state import V5, level, waiting_seats
from .table import Table, street_spaces, street_zombies_left
from .tiles import TILES, parse
from .placement import rotations, spots
from .windows import MOMENTS_NOW, MOMENTS_OLD
from .zombies import choosable, current_can_stop, current_steps

#: The default command for a stage when its deadline passes (the first legal command otherwise).
DEFAULTS = {
    "window": {"type": "Pass"}, "auction": {"type": "PassBid"}, "combat": {"type": "Fight"},
    "move_roll": {"type": "RollMovement"}, "move": {"type": "EndMove"}, "discard": {"type": "EndTurn"},
}
#: stage -> (decision code, kind); a choice's code is its card's kind (``CHOICE_CODES``).
CODES = {
    "tile_spot": ("tile_spot", "turn"), "tile_rotation": ("tile_rotation", "choice"),
    "place_zombies": ("street_zombies", "choice"), "auction": ("helipad_bid", "choice"),
    "combat": ("fight", "turn"), "combat_loss": ("pay_for_lost_roll", "choice"),
    "move_roll": ("movement_roll", "turn"), "move": ("move", "turn"), "zombies": ("zombie_moves", "turn"),
    "discard": ("discard", "turn"), "window": ("reaction", "reaction"),
}
CHOICE_CODES = {"zombie_master": "place_zombies_for_card", "so_bad": "move_zombies_for_card",
                "push": "move_opponent_for_card"}


def _xy(k, type_):
    x, y = parse(k)
    return {"type": type_, "x": x, "y": y}


def pawn_steps(state) -> list[dict]:
    """The ``Move`` commands of the pawn being moved (``legal_moves``), in their order."""
    return [{"type": "Move", "x": x, "y": y} for x, y in map(parse, legal_moves(state))]


def zombie_steps_now(state) -> list[dict]:
    """The ``MoveZombie`` commands of the zombie being moved (``zombies.current_steps``)."""
    return [_xy(k, "MoveZombie") for k in current_steps(state)]


def pick_space_command(k: str) -> dict:
    """The ``PickSpace`` command of the space ``k``."""
    return _xy(k, "PickSpace")


def zombie_choice(k: str) -> dict:
    """The ``ChooseZombie`` command of the zombie at space ``k``."""
    x, y = parse(k)
    return {"type": "ChooseZombie", "x": x, "y": y}


def zombie_choices(state) -> list[dict]:
    """The ``ChooseZombie`` commands (``zombies.choosable``), in reading order."""
    return list(map(zombie_choice, choosable(state)))


def _phase_commands(state, seat, st) -> list[dict]:
    """The commands of the step ``st`` for the seat deciding it (``[]`` in a state inside a batch)."""
    if st == "window":
        return [{"type": "Pass"}]
    if st == "choice":
        out = [pick_space_command(k) for k in choice_spaces(state)]
        if state["choice"]["kind"] == "push":
            out.append({"type": "StopChoice"})
        return out
    if st == "tile_spot":
        if state["drawn"] is None:
            return []
        return [{"type": "PickTileSpot", "x": x, "y": y} for x, y in spots(state["tiles"], state["drawn"])]
    if st == "tile_rotation":
        if state["drawn"] is None or state["spot"] is None:
            return []
        tx, ty = state["spot"]
        return [{"type": "PlaceTile", "rotation": r} for r in rotations(state["tiles"], state["drawn"], tx, ty)]
    if st == "place_zombies":
        if not street_zombies_left(state):
            return []
        return [_xy(k, "PlaceZombie") for k in street_spaces(state)]
    if st == "auction":
        if state["auction"] is None:
            return []
        high = state["auction"]["high"]
        return [{"type": "PassBid"}] + [{"type": "Bid", "kills": k} for k in range(high + 1, state["kills"][seat] + 1)]
    if st == "combat":
        return [{"type": "Fight"}] if state["combat"] is not None else []
    if st == "combat_loss":
        if state["combat"] is None or state["combat"]["total"] is None:
            return []
        names = {"bullets": "SpendBullets", "life": "LoseLife"}
        return [{"type": names[o]} if o in names else {"type": "UseItem", "card": o}
                for o in Table(state, None).loss_options(seat)]
    if st == "move_roll":
        return [{"type": "RollMovement"}] if state["move"] is None else []
    if st == "move":
        if state["move"] is None or state["move"]["left"] <= 0:
            return []
        return [{"type": "EndMove"}] + pawn_steps(state)
    if st == "zombies":
        if state["zm"] is None:
            return []
        out = [{"type": "EndZombieMoves"}] if current_can_stop(state) else []
        return out + zombie_steps_now(state) + zombie_choices(state)
    if st == "discard":
        return [{"type": "EndTurn"}] + [{"type": "Discard", "card": c} for c in sorted(set(state["hands"][seat]))]
    return []


def _default(state, seat, st, commands) -> dict:
    if st == "zombies" and current_can_stop(state):
        return {"type": "EndZombieMoves"}
    if st == "choice" and state["choice"]["kind"] == "push":
        return {"type": "StopChoice"}
    return dict(DEFAULTS.get(st) or commands[0])


def _tile_name(tile) -> str:
    return TILES[tile]["name"] if tile in TILES else "tile"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def label(state, seat, st) -> str:
    """The decision of ``seat`` at stage ``st`` in one public sentence."""
    turn = state["turn"]
    if st == "window":
        moment = state["window"]["at"]
        when = {**MOMENTS_NOW, **MOMENTS_OLD}.get(moment, "now")
        return f"Seat {seat} may play an Event card in seat {turn}'s turn, {when}, or pass."
    if st == "choice":
        c = state["choice"]
        card = NAMES.get(c["card"], "a card")
        if c["kind"] == "push":
            return (f"Seat {seat} moves seat {c['target']} for {card}, {_plural(c['left'], 'space')} left, "
                    f"or stops.")
        if c["kind"] == "so_bad":
            what = "where the lifted zombie goes" if c["picked"] else "a zombie to move"
            return f"Seat {seat} picks {what} for {card} ({_plural(c['left'], 'zombie')} left to move)."
        return f"Seat {seat} places {_plural(c['left'], 'more zombie')} for {card}."
    if st == "tile_spot":
        return f"Seat {seat} picks where to lay the drawn {_tile_name(state['drawn'])}."
    if st == "tile_rotation":
        x, y = state["spot"]
        return f"Seat {seat} picks how to turn the {_tile_name(state['drawn'])} at tile cell ({x}, {y})."
    if st == "place_zombies":
        return f"Seat {seat} places {_plural(state['to_place'], 'more street zombie')} on the new tile."
    if st == "auction":
        return f"Seat {seat} may bid more than {_plural(state['auction']['high'], 'kill')} for the Helipad, " \
               f"or pass for good."
    if st == "combat":
        return f"Seat {seat} must fight the zombie on its space."
    if st == "combat_loss":
        return f"Seat {seat} lost a combat roll of {state['combat']['total']} and must pay for it."
    if st == "move_roll":
        return f"Seat {seat} rolls for movement, or plays a card instead."
    if st == "move":
        mover = state["move"]["mover"]
        whose = "its pawn" if mover == turn else f"seat {turn}'s pawn (Brain Cramp)"
        return f"Seat {seat} moves {whose}, {_plural(state['move']['left'], 'step')} left, or stops."
    if st == "zombies":
        zm = state["zm"]
        return f"Seat {seat} moves zombies: {_plural(zm['left'], 'step')} left, at most {zm['cap']} for one zombie."
    if st == "discard":
        return f"Seat {seat} may discard one Event card; either way its turn ends."
    return f"Seat {seat} must act."


def pending(state) -> list[Decision]:
    """One ``Decision`` per seat the game waits on, in turn order (``[]`` once over, and in a state
    inside a command's batch): kind ``reaction`` in a window, ``choice`` for a pick inside a step, else
    ``turn``; its default is listed in ``DEFAULTS`` or is the step's first legal command (a
    StopChoice for Where Did Everybody Go?, EndZombieMoves when the moving zombie may stop)."""
    if state is None:
        return []
    st = stage(state)
    out = []
    for seat in waiting_seats(state):
        commands = _phase_commands(state, seat, st)
        if not commands:
            return []
        code, kind = CODES.get(st, ("", "choice"))
        if st == "choice":
            code = CHOICE_CODES[state["choice"]["kind"]]
        out.append(Decision(seat, kind, _default(state, seat, st, commands), code, label(state, seat, st)))
    return out


def _has_commands(state, seat, st) -> bool:
    """Whether ``_phase_commands(state, seat, st)`` is not empty. In the zombie moves that is
    without listing the zombies one may choose: they are only listed when the moving zombie may
    stop, and then EndZombieMoves is a command anyway; in a pawn's move without listing its steps;
    in a card's choice and the street zombies' placement without listing their spaces."""
    if st == "zombies":
        return state["zm"] is not None and (current_can_stop(state) or bool(current_steps(state)))
    if st == "choice":  # StopChoice is a command of a push
        return state["choice"]["kind"] == "push" or has_choice_space(state)
    if st == "place_zombies":  # its spaces are listed when one is left
        return street_zombies_left(state)
    if st == "move":   # EndMove is a command whenever any is
        return state["move"] is not None and state["move"]["left"] > 0
    return bool(_phase_commands(state, seat, st))


def acting_seat(state) -> int | None:
    """The seat of ``pending(state)[0]`` (``None`` when nothing is pending), without building the
    decisions, their defaults and labels (self-play asks before every command)."""
    if state is None:
        return None
    st = stage(state)
    seats = waiting_seats(state)
    if len(seats) == 1:             # the usual case, without a generator
        return seats[0] if _has_commands(state, seats[0], st) else None
    if not seats or not all(_has_commands(state, seat, st) for seat in seats):
        return None
    return seats[0]


def token_claims(state, seat, waiting: list[int] | None = None) -> list[dict]:
    """``[{"type": "ClaimToken"}]`` when ``seat``'s pawn is alone with a token it may take and the game
    waits on someone (anyone), from rules level 5 (choice 34); else ``[]``. ``waiting``: the seats the
    game waits on (``waiting_seats(state)``) if the caller has them."""
    if level(state) < V5 or not (waiting_seats(state) if waiting is None else waiting) or \
            token_to_claim(state, seat) is None:
        return []
    return [{"type": "ClaimToken"}]


def legal_commands(state, seat) -> list[dict]:
    """Every complete command ``seat`` may send now: the step's own commands if the game waits on
    ``seat`` (its default among them), then ``ClaimToken`` (rules level 5, whoever the game waits on),
    ``PlayCard`` (rules level 4: also when the game waits on another seat) and ``UseItem``."""
    if state is None or seat is None or state["over"]:
        return []
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state["seats"]:
        return []
    own = []
    waiting = waiting_seats(state)
    if seat in waiting:
        own = _phase_commands(state, seat, stage(state))
        if not own:
            return []
    return own + token_claims(state, seat, waiting) + card_plays(state, seat, waiting) + \
        item_uses(state, seat, waiting)
