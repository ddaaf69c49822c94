"""The game state: a plain JSON-able dict, and the questions asked of it.

Shape (lists are indexed by seat)::

    {
      "seats": 3, "rules": 2, "stacked": False,   # rules: the level (1 in logs that recorded none)
      "hands": [[kind, ...], ...],          # hidden: only views redact them
      "alive": [True, ...],                 # False: the seat is a zombie
      "tracks": [[wasteland kind, ...]],    # cards behind; position = len(track)
      "ahead": [[wasteland kind, ...]],     # a zombie's column cards in front of it, nearest first
      "risen_at": [None | int, ...],        # where the seat died: its column cards from there on
                                            # were placed face down by the zombie
      "game_deck": [...], "game_discard": [...],          # draw piles: top first
      "wasteland_deck": [...], "wasteland_discard": [...],  # discard piles: top last
      "dice": [int, ...],        # stacked die rolls still to come (tests, demos)
      "turn": 0, "turns": 1,     # whose turn; turns started so far
      "points": 0,               # a zombie's action points left this turn
      "attacked": [seat, ...],   # the seats a zombie attacked this turn, in order
      "skip": [False, ...],      # Twisted Ankle: loses the next turn
      "alliances": [{"ally": seat, "target": seat}],   # Alliance cards on the table
      "peek": [[kind, ...], ...],  # hidden: the Wasteland cards a seat knows are on top
      "window": None | {"seat", "attacker", "card", "reflected", "then"},
      "choice": None | {"seat", "choice", "target", "then", ...},
      "over": False, "winner": None, "reason": None,
      "gambler": None | seat,    # hidden: paid its last Supplies to travel (never in a view)
    }
"""
from __future__ import annotations

from events.games.selfish.commands import active_seat  # noqa: F401 (the seat to act, shared)
from events.games.selfish.reactions import copy_window
from events.games.selfish.resigning import is_out
from events.games.selfish.versions import level_of

from .cards import BOARD, ON_ZOMBIES, SUPPLIES, TARGETED, ZOMBIE_LIMIT


def copy_state(state):
    """An independent copy (hand-written: every nested list copied once)."""
    if state is None:
        return None
    s = dict(state)
    for key in ("hands", "tracks", "ahead", "peek"):
        s[key] = [list(x) for x in state[key]]
    for key in ("alive", "risen_at", "skip", "dice", "attacked", "game_deck", "game_discard",
                "wasteland_deck", "wasteland_discard"):
        s[key] = list(state[key])
    s["alliances"] = [dict(a) for a in state["alliances"]]
    s["window"] = copy_window(state["window"])
    if state["choice"] is not None:
        c = dict(state["choice"])
        c["then"] = [dict(op) for op in c["then"]]
        if "cards" in c:
            c["cards"] = list(c["cards"])
        s["choice"] = c
    return s


def position(state, seat: int) -> int:
    """The space ``seat`` stands on: 0 (start) to 6 (the chopper) (docs/rules/selfish-zombie.md,
    'Components')."""
    return BOARD.position(state, seat)


def supplies_of(state, seat: int) -> int:
    """Supplies in ``seat``'s hand (Singles 1, Doubles 2)."""
    return SUPPLIES.count(state["hands"][seat])


def survivors(state) -> list[int]:
    """The living seats, in seat order."""
    alive, out = state["alive"], []
    for s in range(state["seats"]):
        if alive[s]:
            out.append(s)
    return out


def targets(state, seat: int, card: str) -> list[int]:
    """Seats ``seat`` may play ``card`` on: other living survivors, and from rules level 2 on any
    other player, zombies included, for the cards that can act on a zombie (``ON_ZOMBIES``:
    Alliance, Horde); Horde only on a player off the starting space (docs/rules/selfish-zombie.md,
    'Targets')."""
    if card not in TARGETED:
        return []
    horde, tracks, out = card == "horde", state["tracks"], []
    if card in ON_ZOMBIES and level_of(state) >= 2:
        for s in range(state["seats"]):
            if s != seat and not is_out(state, s) and (not horde or tracks[s]):
                out.append(s)
        return out
    alive = state["alive"]
    for s in range(state["seats"]):
        if s != seat and alive[s] and (not horde or tracks[s]):   # Horde: off the start (position > 0)
            out.append(s)
    return out


def prey(state, seat: int) -> list[int]:
    """The living survivors a zombie at ``seat`` may attack now: those on its level. From rules
    level 2 on, a turn's attacks go to one target several times or to several targets once each:
    after two attacks on one survivor only that one; after attacks on two survivors only the ones
    not yet attacked (docs/rules/selfish-zombie.md, 'A zombie's turn')."""
    tracks, alive, out = state["tracks"], state["alive"], []
    here = len(tracks[seat])                       # positions: track lengths (``Board.position``)
    for s in range(state["seats"]):
        if alive[s] and len(tracks[s]) == here:
            out.append(s)
    done = state["attacked"]
    if level_of(state) < 2 or len(done) < 2:
        return out
    if len(set(done)) == 1:
        return [s for s in out if s == done[0]]
    return [s for s in out if s not in done]


def zombie_steps(state, seat: int) -> list[str]:
    """The ways a zombie may move: ``"forward"`` below ``ZOMBIE_LIMIT``, ``"back"`` off the start."""
    here = position(state, seat)
    return (["forward"] if here < ZOMBIE_LIMIT else []) + (["back"] if here > 0 else [])




def phase_of(state) -> str:
    """What is pending: ``"reaction"``, the choice's name (``"discard"``, ``"scout"``,
    ``"zombie_trap"``, ``"settlement"``, ``"shopping_mall"``), ``"zombie"`` (a zombie's turn) or
    ``"turn"`` (a survivor's). Does not check for game over."""
    if state["window"] is not None:
        return "reaction"
    if state["choice"] is not None:
        return state["choice"]["choice"]
    return "turn" if state["alive"][state["turn"]] else "zombie"
