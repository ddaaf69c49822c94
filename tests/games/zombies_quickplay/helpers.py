"""Helpers for the Zombies!!! Quickplay tests: a stacked-game driver and invariants."""
from __future__ import annotations

from collections import Counter

from events.games.zombies_quickplay import RULESET as R
from events.games.zombies_quickplay.cards import ZOMBIES, full_deck
from events.games.zombies_quickplay.decide import stage
from events.games.zombies_quickplay.state import zombie_count
from events.games.zombies_quickplay.tiles import tile_deck_counts

from ..invariants import Driver, assert_json_state  # noqa: F401  (assert_json_state: re-exported)


#: Cards nobody can play outside their own turn or a building: with only these in the hands and
#: on top of the deck nobody has a card to play unless a test wants one.
QUIET = ["fire_axe", "chainsaw", "first_aid_kit", "lots_of_ammo", "skateboard", "grenade", "molotov_cocktail",
         "adrenaline_rush", "much_needed_rest"] * 2


class Game(Driver):
    """A game driven command by command; ``state`` is the live state.

    ``Game(seats, tiles=[...], hands=[...], deck=[...], dice=[...])`` stacks the game (``base=True``:
    the base game's 50 Event cards); seat 0 plays first. ``tiles=[]`` (the default) starts with no
    tile to draw, so seat 0 is at its movement roll at once.

    Reaction windows: like seats that set the service's ``auto_pass``, every seat not in ``listen``
    (default: none) passes every window at once; a test about a window names the seats it asks.
    ``rules_version`` plays the game under an older rules version (``"zombies-quickplay/3"``).
    """

    def __init__(self, seats: int = 2, seed: int = 0, base: bool = False, listen=(), rules_version=None,
                 first_seat=0, **stack):
        stack.setdefault("tiles", [])
        quiet = list(QUIET)
        hands = list(stack.get("hands") or []) + [None] * seats
        for seat in range(seats):
            for c in hands[seat] or []:
                if c in quiet:
                    quiet.remove(c)
        for seat in range(seats):
            if hands[seat] is None:
                hands[seat], quiet = quiet[:3], quiet[3:]
        stack["hands"] = hands[:seats]
        if "deck" not in stack:
            stack["deck"] = [c for c in quiet if c not in stack.get("deck", [])]
        options = {"stack": stack, "base_event_deck": base}
        if rules_version is not None:
            options["rules_version"] = rules_version
        if first_seat is not None and rules_version != "zombies-quickplay/3":
            options["first_seat"] = first_seat
        self.listen = set(listen)
        super().__init__(R, seats, options, seed)
        self.auto_pass()

    def do(self, seat: int, command: dict | str, **args) -> list[dict]:
        """Send ``command`` from ``seat`` (see ``Driver.do``); then every window question of a seat not in
        ``listen`` is passed at once (those events are in ``events``, not in the batch returned)."""
        batch = super().do(seat, command, **args)
        self.auto_pass()
        return batch

    def auto_pass(self) -> None:
        """Pass every open window question of a seat not in ``listen``."""
        while True:
            asked = [d.seat for d in R.pending(self.state) if d.kind == "reaction" and d.seat not in self.listen]
            if not asked:
                return
            Driver.do(self, asked[0], {"type": "Pass"})

    # -- arranging the table (tests only: changes the live state directly) --------
    def lay(self, tile: str, tx: int, ty: int, rotation: int = 0) -> None:
        """Put ``tile`` on the map at cell ``(tx, ty)`` with nothing on it."""
        self.state["tiles"][f"{tx},{ty}"] = {"tile": tile, "rotation": rotation}

    def zombie(self, *spaces: str) -> None:
        """Put a zombie (from the pool) on each space."""
        for k in spaces:
            self.state["zombies"][k] = 1
            self.state["pool"] -= 1

    def put(self, seat: int, space: str) -> None:
        """Stand ``seat``'s pawn on ``space``."""
        self.state["pawns"][seat] = space

    def dice(self, *rolls: int) -> None:
        """Set the stacked dice to come."""
        self.state["dice"] = list(rolls)

    # -- shortcuts --------------------------------------------------------------
    @property
    def stage(self) -> str:
        """What the seats the game waits on are deciding (``decide.stage``)."""
        return stage(self.state)

    @property
    def actor(self) -> int:
        return R.pending(self.state)[0].seat

    def into_fight(self, *rolls: int, at: str = "2,1") -> None:
        """Seat 0 rolls a 1 for movement (3 spaces with 3 life) and steps onto a zombie waiting next
        to it at ``at`` (default: the Town Square's east road); ``rolls`` are the rolls that follow."""
        self.zombie(at)
        self.dice(1, *rolls)
        self.do(0, "RollMovement")
        x, y = map(int, at.split(","))
        self.do(0, "Move", x=x, y=y)

    def finish_turn(self, seat: int) -> None:
        """Move ``seat`` on to the end of its turn with defaults (no move, no zombie moves, no discard)."""
        turn_no = self.state["turn_no"]
        while not self.state["over"] and self.state["turn"] == seat and self.state["turn_no"] == turn_no:
            pend = R.pending(self.state)[0]
            self.do(pend.seat, pend.default)


def assert_everything_accounted(state) -> None:
    """Every tile, Event card and zombie is somewhere, exactly once."""
    tiles = Counter(state["tile_deck"]) + Counter(state["tile_discard"])
    tiles += Counter(p["tile"] for k, p in state["tiles"].items() if k != "0,0")
    if state["drawn"]:
        tiles[state["drawn"]] += 1
    assert all(tiles[t] <= n for t, n in tile_deck_counts().items()), "tiles duplicated"
    if not state["stacked"]:
        assert sum(tiles.values()) == sum(tile_deck_counts().values()) == 29, "tiles lost"
    cards = Counter(state["deck"]) + Counter(state["discard"])
    for h in state["hands"] + state["items"]:
        cards += Counter(h)
    assert cards == Counter(full_deck(state["base_event_deck"])), "Event cards lost or duplicated"
    assert zombie_count(state) == ZOMBIES, "zombies lost or duplicated"
    assert all(len(h) <= 3 for h in state["hands"]), "a hand above the limit"
    assert all(0 <= life <= 5 for life in state["life"]), "life out of 0-5"
    assert all(v in ("life", "bullet") for v in state["tokens"].values())


def at_move(g: Game, roll: int, *later: int) -> None:
    """Seat 0 (at its movement roll) rolls ``roll``; ``later`` rolls follow."""
    g.dice(roll, *later)
    g.do(0, "RollMovement")


def zombie_phase(g: Game, roll: int) -> None:
    """Seat 0 rolls 1 for its movement, ends the move at once, and rolls ``roll`` for the zombie moves."""
    at_move(g, 1, roll)
    g.do(0, "EndMove")


def zombie_game(roll: int, *zombies: str) -> Game:
    """Seat 0 stands on the Town Square's north road, zombies on ``zombies``; it has just rolled
    ``roll`` for the zombie moves."""
    g = Game()
    g.put(0, "1,0")
    g.zombie(*zombies)
    zombie_phase(g, roll)
    return g
