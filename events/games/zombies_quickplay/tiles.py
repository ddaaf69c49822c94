"""Map tile data and map geometry (docs/rules/zombies-quickplay.md, 'Components').

A tile is 3x3 spaces, rows top (north) to bottom: ``R`` road, ``B`` building
interior, ``D`` door (a building space entered from the adjacent road), ``x``
blocked. Tiles sit on a grid of tile cells ``(tx, ty)``; the Town Square is at
``(0, 0)``. A space has global coordinates ``(x, y) = (3*tx + col, 3*ty + row)``,
``y`` growing southwards. Rotations are quarter turns clockwise, 0-3.

Keys in the state are strings: a tile cell ``"tx,ty"``, a space ``"x,y"``.
"""
from __future__ import annotations

from functools import lru_cache

TOWN_SQUARE = "town_square"
HELIPAD = "helipad"

#: tile id -> printed name, unrotated layout (3 rows), zombies, life and bullet tokens,
#: copies, and whether the tile is in the Quickplay "last 10" (per copy: how many).
#: Street tiles have ``z=None``: one zombie per road exit, placed by the player.
TILES = {
    "town_square": {"name": "Town Square", "layout": ["xRx", "RRR", "xRx"], "z": 0, "l": 0, "b": 0, "count": 1,
                    "last": 0},
    "helipad": {"name": "Helipad", "layout": ["RRR", "RRR", "RRR"], "z": 1, "l": 0, "b": 0, "count": 1, "last": 1},
    "hospital": {"name": "Hospital", "layout": ["BBB", "BDB", "BRB"], "z": 8, "l": 4, "b": 0, "count": 1, "last": 0},
    "lawn_and_garden": {"name": "Lawn and Garden", "layout": ["BBB", "BDB", "BRB"], "z": 6, "l": 2, "b": 3,
                        "count": 1, "last": 0},
    "police_station": {"name": "Police Station", "layout": ["BBB", "BDB", "xRx"], "z": 6, "l": 2, "b": 4,
                       "count": 1, "last": 0},
    "sporting_goods": {"name": "Sporting Goods", "layout": ["BBB", "BDB", "BRx"], "z": 6, "l": 2, "b": 4,
                       "count": 1, "last": 0},
    "fire_station": {"name": "Fire Station", "layout": ["BBB", "BDB", "xRB"], "z": 6, "l": 4, "b": 2, "count": 1,
                     "last": 0},
    "army_surplus": {"name": "Army Surplus", "layout": ["BDB", "RRR", "xxx"], "z": 2, "l": 0, "b": 2, "count": 1,
                     "last": 0},
    "drug_store": {"name": "Drug Store", "layout": ["BDB", "RRR", "xxx"], "z": 3, "l": 3, "b": 0, "count": 1,
                   "last": 0},
    "gas_station": {"name": "Gas Station", "layout": ["BDB", "RRR", "xRx"], "z": 3, "l": 1, "b": 2, "count": 1,
                    "last": 0},
    "skate_shop": {"name": "Skate Shop", "layout": ["BDB", "RRR", "xRx"], "z": 3, "l": 0, "b": 1, "count": 1,
                   "last": 0},
    "florist": {"name": "Florist", "layout": ["BDB", "RRR", "xRx"], "z": 3, "l": 1, "b": 1, "count": 1, "last": 0},
    "hardware_store": {"name": "Hardware Store", "layout": ["BDB", "DRR", "BRx"], "z": 3, "l": 1, "b": 2,
                       "count": 1, "last": 0},
    "toy_store": {"name": "Toy Store", "layout": ["BBD", "BRR", "DRx"], "z": 3, "l": 1, "b": 1, "count": 1,
                  "last": 1},
    "straight": {"name": "Straight street (Theater 6)", "layout": ["xRx", "xRx", "xRx"], "z": None, "l": 0, "b": 0,
                 "count": 4, "last": 2},
    "bend": {"name": "Bend street (The Warehouse)", "layout": ["xRx", "xRR", "xxx"], "z": None, "l": 0, "b": 0,
             "count": 4, "last": 2},
    "t_junction": {"name": "T-junction (Media Buy)", "layout": ["xxx", "RRR", "xRx"], "z": None, "l": 0, "b": 0,
                   "count": 4, "last": 2},
    "crossroads": {"name": "Crossroads", "layout": ["xRx", "RRR", "xRx"], "z": None, "l": 0, "b": 0, "count": 4,
                   "last": 2},
}
#: Layouts of rules version 3 that later versions corrected: layout id -> (tile, unrotated layout). A
#: tile placed in a game of that version records its layout id (``{"tile", "rotation", "layout"}``).
#: The Sporting Goods had 6 building spaces; the source gives it 7 and 1 road space.
OLD_LAYOUTS = {"sporting_goods@3": ("sporting_goods", ["BBB", "BDB", "xRx"])}
#: tile id -> the layout id games of rules version 3 used for it.
OLD_LAYOUT_OF = {tile: layout_id for layout_id, (tile, _) in OLD_LAYOUTS.items()}
#: Named tiles: a building entered through doors, with Z/L/B (not the Town Square or Helipad).
NAMED = frozenset(t for t, d in TILES.items() if "B" in "".join(d["layout"]))
STREETS = frozenset(t for t, d in TILES.items() if d["z"] is None)
#: Directions: name -> (dx, dy); sides in the order N E S W.
DIRS = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
SIDES = ("N", "E", "S", "W")
OPPOSITE = {"N": "S", "E": "W", "S": "N", "W": "E"}
#: The Town Square centre: every pawn's start, and the refill space.
TOWN_CENTRE = "1,1"


def key(x: int, y: int) -> str:
    """The state key ``"x,y"`` of a space or tile cell."""
    return f"{x},{y}"


@lru_cache(maxsize=1 << 14)
def parse(k: str) -> tuple[int, int]:
    """``"x,y"`` -> ``(x, y)`` ints (the last 16384 keys asked about are kept)."""
    a, b = k.split(",")
    return int(a), int(b)


def unrotated(layout_id: str) -> list[str]:
    """The unrotated layout (3 strings of 3) of a tile id or an old layout id (``OLD_LAYOUTS``)."""
    return OLD_LAYOUTS[layout_id][1] if layout_id in OLD_LAYOUTS else TILES[layout_id]["layout"]


def layout_id(placed: dict) -> str:
    """The layout a placed tile (``{"tile", "rotation"}``, plus ``"layout"`` in old games) is drawn with."""
    return placed.get("layout") or placed["tile"]


@lru_cache(maxsize=None)
def rotated(tile: str, rotation: int) -> tuple[str, ...]:
    """The layout of ``tile`` (a tile id or an old layout id) turned ``rotation`` quarter turns
    clockwise (3 strings of 3)."""
    rows = [list(r) for r in unrotated(tile)]
    for _ in range(rotation % 4):
        rows = [[rows[2 - c][r] for c in range(3)] for r in range(3)]
    return tuple("".join(r) for r in rows)


def local_after_rotation(row: int, col: int, rotation: int) -> tuple[int, int]:
    """Where the unrotated space ``(row, col)`` lands after ``rotation`` clockwise quarter turns."""
    for _ in range(rotation % 4):
        row, col = col, 2 - row
    return row, col


@lru_cache(maxsize=None)
def exits(tile: str, rotation: int) -> dict[str, bool]:
    """Side -> whether a road leaves the tile there (the middle space of that side is road)."""
    lay = rotated(tile, rotation)
    return {"N": lay[0][1] == "R", "E": lay[1][2] == "R", "S": lay[2][1] == "R", "W": lay[1][0] == "R"}


def exit_count(tile: str) -> int:
    """Road exits of ``tile`` (the same for every rotation)."""
    return sum(exits(tile, 0).values())


def tile_deck_counts() -> dict[str, int]:
    """Tile id -> copies in the tile stack (the Town Square excluded: it starts on the table)."""
    return {t: d["count"] for t, d in TILES.items() if t != TOWN_SQUARE}


def last_ten() -> list[str]:
    """The tiles the Quickplay puts at the bottom of the stack (docs/rules/zombies-quickplay.md, 'Setup and first player')."""
    return [t for t, d in TILES.items() for _ in range(d["last"])]


# -- the map ----------------------------------------------------------------
def tile_of(x: int, y: int) -> str:
    """The tile-cell key of the space ``(x, y)``."""
    return key(x // 3, y // 3)


def kind(tiles: dict, x: int, y: int) -> str | None:
    """The space kind at ``(x, y)`` on the map ``tiles`` ({"tx,ty": {"tile", "rotation"}}), or ``None``."""
    placed = tiles.get(f"{x // 3},{y // 3}")
    if placed is None:
        return None
    return rotated(layout_id(placed), placed["rotation"])[y % 3][x % 3]


def step_ok(tiles: dict, a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Whether a pawn or zombie may step from space ``a`` to the orthogonally adjacent ``b``.

    Road to road anywhere; a door to the road beside it on its own tile; inside one named
    building between its spaces (docs/rules/zombies-quickplay.md, 'Movement': through doors only).
    """
    if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
        return False
    ka, kb = kind(tiles, *a), kind(tiles, *b)
    if ka in (None, "x") or kb in (None, "x"):
        return False
    if ka == "R" and kb == "R":
        return True
    same = a[0] // 3 == b[0] // 3 and a[1] // 3 == b[1] // 3
    if "R" in (ka, kb):
        return same and "D" in (ka, kb)
    return same


_STEPS = ((0, -1), (1, 0), (0, 1), (-1, 0))


def neighbours(tiles: dict, x: int, y: int) -> list[tuple[int, int]]:
    """Spaces reachable in one step from ``(x, y)``, in N E S W order (the rule of ``step_ok``)."""
    cx, cy = x // 3, y // 3
    placed = tiles.get(f"{cx},{cy}")
    if placed is None:
        return []
    lay = rotated(layout_id(placed), placed["rotation"])
    r, c = y - 3 * cy, x - 3 * cx
    here = lay[r][c]
    if here == "x":
        return []
    out = []
    for dx, dy in _STEPS:
        nr, nc = r + dy, c + dx
        if 0 <= nr < 3 and 0 <= nc < 3:
            there = lay[nr][nc]
            if there == "x" or (here == "R" and there == "B") or (here == "B" and there == "R"):
                continue
            out.append((x + dx, y + dy))
        elif here == "R":
            other = tiles.get(f"{(x + dx) // 3},{(y + dy) // 3}")
            if other is not None and rotated(layout_id(other), other["rotation"])[(y + dy) % 3][(x + dx) % 3] == "R":
                out.append((x + dx, y + dy))
    return out


def map_signature(tiles: dict) -> tuple:
    """The map ``tiles`` as a hashable value: ``(cell, tile, old layout id or None, rotation)`` per
    placed tile, in the map's order (everything the map questions here read of it)."""
    return tuple((cell, placed["tile"], placed.get("layout"), placed["rotation"]) for cell, placed in tiles.items())


def _map_of(signature: tuple) -> dict:
    """The map a ``map_signature`` was taken of."""
    return {cell: ({"tile": tile, "rotation": rotation, "layout": layout} if layout else
                   {"tile": tile, "rotation": rotation}) for cell, tile, layout, rotation in signature}


@lru_cache(maxsize=256)
def _step_table(signature: tuple) -> dict[str, tuple[str, ...]]:
    """The step table of the map ``signature``: that of the map without its last tile (kept, as a map
    grows one tile at a time), with the spaces of the last tile's cell and those of the tiles beside it
    on the side facing it worked out again (a space's steps depend only on its own tile and, on a
    tile's edge, the tile across that edge)."""
    tiles = _map_of(signature)
    if len(signature) > 1:
        table = dict(_step_table(signature[:-1]))
        tx, ty = parse(signature[-1][0])
        spaces = [(3 * tx + c, 3 * ty + r) for r in range(3) for c in range(3)]
        for dx, dy in _STEPS:      # the side of each tile beside it that faces it
            if key(tx + dx, ty + dy) in tiles:
                x0, y0 = 3 * (tx + dx), 3 * (ty + dy)
                if dx:
                    c = 0 if dx > 0 else 2
                    spaces += [(x0 + c, y0 + r) for r in range(3)]
                else:
                    r = 0 if dy > 0 else 2
                    spaces += [(x0 + c, y0 + r) for c in range(3)]
    else:
        table = {}
        spaces = [(3 * tx + c, 3 * ty + r) for tx, ty in map(parse, tiles) for r in range(3) for c in range(3)]
    for x, y in spaces:
        table[f"{x},{y}"] = tuple(f"{qx},{qy}" for qx, qy in neighbours(tiles, x, y))
    return table


class _LastMap:
    """``of_signature(map_signature(tiles))`` for a map ``tiles`` (the signature itself when
    ``of_signature`` is ``None``), the map asked about last known
    again by its identity and size without taking its signature: a map only grows (a placed tile is
    never changed or taken away), so the same dict with the same number of tiles is the same map;
    the reference kept stops its ``id`` being reused. ``last`` is replaced whole, never changed in
    place, so a reader sees one consistent triple."""

    def __init__(self, of_signature):
        self.of_signature = of_signature
        self.last: tuple = (None, -1, None)

    def __call__(self, tiles: dict):
        last = self.last
        if last[0] is tiles and last[1] == len(tiles):
            return last[2]
        value = map_signature(tiles) if self.of_signature is None else self.of_signature(_SIGNATURES(tiles))
        self.last = (tiles, len(tiles), value)
        return value


#: The map's signature itself, for the functions kept by signature (``spots``, ``passable_spaces``)
#: and the other ``_LastMap`` ones when they miss.
_SIGNATURES = _LastMap(None)
_STEP_TABLES = _LastMap(_step_table)


def step_table(tiles: dict) -> dict[str, tuple[str, ...]]:
    """Space key -> the keys of the spaces one step from it (``neighbours``, in its N E S W order),
    for every space of the map ``tiles``; a space off the map is not in it.

    Computed once per map: kept by the map's value (``map_signature``) for the last 256 maps
    asked about, the last one also by its identity (``_LastMap``). The table is shared: never
    change it.
    """
    last = _STEP_TABLES.last          # the last map again: without calling the keeper
    return last[2] if last[0] is tiles and last[1] == len(tiles) else _STEP_TABLES(tiles)


@lru_cache(maxsize=256)
def _helipad_centre(signature: tuple) -> str | None:
    for cell, tile, _layout, _rotation in signature:
        if tile == HELIPAD:
            tx, ty = parse(cell)
            return f"{3 * tx + 1},{3 * ty + 1}"
    return None


_HELIPAD_CENTRES = _LastMap(_helipad_centre)


def helipad_centre_of(tiles: dict) -> str | None:
    """The key of the Helipad's centre space once the Helipad is on the map ``tiles``, else ``None``
    (kept per map as ``step_table`` is)."""
    last = _HELIPAD_CENTRES.last          # the last map again: without calling the keeper
    return last[2] if last[0] is tiles and last[1] == len(tiles) else _HELIPAD_CENTRES(tiles)


@lru_cache(maxsize=1024)
def building_spaces_of(cell: str, layout: str, rotation: int) -> tuple[str, ...]:
    """Keys of the building (B and D) spaces of the tile cell ``cell`` holding ``layout`` (a tile
    id or an old layout id) turned ``rotation``, in reading order."""
    tx, ty = parse(cell)
    lay = rotated(layout, rotation)
    return tuple(f"{3 * tx + c},{3 * ty + r}" for r in range(3) for c in range(3) if lay[r][c] in ("B", "D"))


@lru_cache(maxsize=256)
def _passable_spaces(signature: tuple) -> tuple[str, ...]:
    tiles = _map_of(signature)
    spaces = []
    for cell in tiles:
        tx, ty = parse(cell)
        for r in range(3):
            for c in range(3):
                if kind(tiles, 3 * tx + c, 3 * ty + r) in ("R", "B", "D"):
                    spaces.append((3 * ty + r, 3 * tx + c))
    return tuple(f"{x},{y}" for y, x in sorted(spaces))


def passable_spaces(tiles: dict) -> tuple[str, ...]:
    """Keys of the road, door and building spaces of the map ``tiles``, sorted by ``(y, x)``.

    Computed once per map, kept by the map's value (``map_signature``) for the last 256 maps."""
    return _passable_spaces(_SIGNATURES(tiles))


def spaces_of(tiles: dict, cell: str, kinds: str) -> list[tuple[int, int]]:
    """Spaces of the placed tile at ``cell`` whose kind is in ``kinds``, in reading order."""
    tx, ty = parse(cell)
    lay = rotated(layout_id(tiles[cell]), tiles[cell]["rotation"])
    return [(3 * tx + c, 3 * ty + r) for r in range(3) for c in range(3) if lay[r][c] in kinds]


@lru_cache(maxsize=256)
def _buildings(signature: tuple) -> dict[str, str]:
    """Space key -> tile cell for the named buildings' spaces of the map ``signature``: those of the map
    without its last tile (kept, as a map grows one tile at a time) and its last tile's (a space's
    kind depends on its own tile only)."""
    tiles = _map_of(signature)
    if len(signature) > 1:
        out, cells = dict(_buildings(signature[:-1])), [signature[-1][0]]
    else:
        out, cells = {}, list(tiles)
    for cell in cells:
        tx, ty = parse(cell)
        for r in range(3):
            for c in range(3):
                if kind(tiles, 3 * tx + c, 3 * ty + r) in ("B", "D"):
                    out[f"{3 * tx + c},{3 * ty + r}"] = cell
    return out


_BUILDINGS = _LastMap(_buildings)


def buildings_of(tiles: dict) -> dict[str, str]:
    """Space key -> ``building_of`` that space, for every space of a named building of the map
    ``tiles`` (kept per map as ``step_table`` is; shared: never change it)."""
    last = _BUILDINGS.last          # the last map again: without calling the keeper
    return last[2] if last[0] is tiles and last[1] == len(tiles) else _BUILDINGS(tiles)


def building_of(tiles: dict, x: int, y: int) -> str | None:
    """The tile-cell key of the named building the space ``(x, y)`` belongs to, else ``None``."""
    if kind(tiles, x, y) in ("B", "D"):
        return tile_of(x, y)
    return None


def distances(tiles: dict, start: tuple[int, int], limit: int = 10_000) -> dict[tuple[int, int], int]:
    """Steps from ``start`` to every space reachable on foot (breadth first, up to ``limit``)."""
    seen = {start: 0}
    frontier_ = [start]
    while frontier_:
        nxt = []
        for p in frontier_:
            if seen[p] >= limit:
                continue
            for q in neighbours(tiles, *p):
                if q not in seen:
                    seen[q] = seen[p] + 1
                    nxt.append(q)
        frontier_ = nxt
    return seen
