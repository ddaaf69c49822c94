"""Who must act now (``pending``) and every command they may send (``legal_commands``)."""
from __future__ import annotations

from events.games.contract import Decision

from .cardplay import card_plays, choice_spaces, item_uses
from .decide import legal_moves, stage, street_spaces
from .state import active_seat
from .table import Table
from .tiles import parse, rotations, spots
from .zombies import choosable, current_can_stop, current_steps

#: The default command for a phase when its deadline passes (first legal command otherwise).
DEFAULTS = {
    "window": {"type": "Pass"}, "auction": {"type": "PassBid"}, "combat": {"type": "Fight"},
    "move_roll": {"type": "RollMovement"}, "move": {"type": "EndMove"}, "discard": {"type": "EndTurn"},
}
KIND = {"window": "reaction", "choice": "choice", "auction": "choice", "tile_rotation": "choice",
        "place_zombies": "choice", "combat_loss": "choice"}


def pending(state) -> list[Decision]:
    """One ``Decision`` for the active seat (``[]`` once over): kind ``reaction`` for a window,
    ``choice`` inside a turn step, else ``turn``. The default is listed in ``DEFAULTS`` or is the first
    legal command (a StopChoice for Where Did Everybody Go?, EndZombieMoves when the moving zombie
    may stop)."""
    seat = active_seat(state)
    if seat is None:
        return []
    st = stage(state)
    default = DEFAULTS.get(st)
    if st == "zombies" and current_can_stop(state):
        default = {"type": "EndZombieMoves"}
    if st == "choice" and state["choice"]["kind"] == "push":
        default = {"type": "StopChoice"}
    if default is None:
        default = _phase_commands(state, seat, st)[0]
    return [Decision(seat, KIND.get(st, "turn"), dict(default))]


def _xy(k, type_):
    x, y = parse(k)
    return {"type": type_, "x": x, "y": y}


def _phase_commands(state, seat, st) -> list[dict]:
    if st == "window":
        return [{"type": "Pass"}]
    if st == "choice":
        out = [_xy(k, "PickSpace") for k in choice_spaces(state)]
        if state["choice"]["kind"] == "push":
            out.append({"type": "StopChoice"})
        return out
    if st == "tile_spot":
        return [{"type": "PickTileSpot", "x": x, "y": y} for x, y in spots(state["tiles"], state["drawn"])]
    if st == "tile_rotation":
        tx, ty = state["spot"]
        return [{"type": "PlaceTile", "rotation": r} for r in rotations(state["tiles"], state["drawn"], tx, ty)]
    if st == "place_zombies":
        return [_xy(k, "PlaceZombie") for k in street_spaces(state)]
    if st == "auction":
        high = state["auction"]["high"]
        return [{"type": "PassBid"}] + [{"type": "Bid", "kills": k} for k in range(high + 1, state["kills"][seat] + 1)]
    if st == "combat":
        return [{"type": "Fight"}]
    if st == "combat_loss":
        names = {"bullets": "SpendBullets", "life": "LoseLife"}
        return [{"type": names[o]} if o in names else {"type": "UseItem", "card": o}
                for o in Table(state, None).loss_options(seat)]
    if st == "move_roll":
        return [{"type": "RollMovement"}]
    if st == "move":
        return [{"type": "EndMove"}] + [_xy(k, "Move") for k in legal_moves(state)]
    if st == "zombies":
        out = [{"type": "EndZombieMoves"}] if current_can_stop(state) else []
        out += [_xy(k, "MoveZombie") for k in current_steps(state)]
        return out + [_xy(k, "ChooseZombie") for k in choosable(state)]
    if st == "discard":
        return [{"type": "EndTurn"}] + [{"type": "Discard", "card": c} for c in sorted(set(state["hands"][seat]))]
    return []


def legal_commands(state, seat) -> list[dict]:
    """Every complete command ``seat`` may send now (``[]`` unless it is ``seat``'s decision): the
    step's own commands first (its default among them), then ``PlayCard`` and ``UseItem``."""
    if state is None or seat is None or seat != active_seat(state):
        return []
    st = stage(state)
    return _phase_commands(state, seat, st) + card_plays(state, seat) + item_uses(state, seat)
