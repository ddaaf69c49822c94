"""Placing a tile on the Quickplay map: where a tile fits, and in which rotations
(docs/rules/zombies-quickplay.md, 'Placing a tile').

``spots`` is the fast path (one answer per map and tile, from the map's frontier edges, kept for
the last 256); ``plain_spots`` is the rule as written, and tests hold the two equal.
"""
from __future__ import annotations

from functools import lru_cache

from .tiles import _SIGNATURES, DIRS, OPPOSITE, SIDES, _map_of, exits, key, parse


def fits(tiles: dict, tile: str, tx: int, ty: int, rotation: int) -> bool:
    """Whether ``tile`` may be placed at cell ``(tx, ty)`` turned ``rotation``.

    The cell is empty; at every touching edge a road meets a road and no road meets a
    building side; at least one road joins the map (docs/rules/zombies-quickplay.md, 'Placing a tile').
    """
    if key(tx, ty) in tiles:
        return False
    mine = exits(tile, rotation)
    joined = False
    for side in SIDES:
        dx, dy = DIRS[side]
        other = tiles.get(key(tx + dx, ty + dy))
        if other is None:
            continue
        theirs = exits(other["tile"], other["rotation"])[OPPOSITE[side]]
        if theirs != mine[side]:
            return False
        joined = joined or mine[side]
    return joined


def frontier(tiles: dict) -> list[tuple[int, int]]:
    """Empty cells beside a placed tile, sorted by (ty, tx)."""
    cells = set()
    for k in tiles:
        tx, ty = parse(k)
        for dx, dy in DIRS.values():
            if key(tx + dx, ty + dy) not in tiles:
                cells.add((tx + dx, ty + dy))
    return sorted(cells, key=lambda c: (c[1], c[0]))


def spots(tiles: dict, tile: str) -> list[tuple[int, int]]:
    """Cells where ``tile`` fits in at least one rotation (sorted by (ty, tx), as ``frontier``).

    Computed once per map and tile, kept by their values (``map_signature``) for the last 256."""
    return list(_spots(_SIGNATURES(tiles), tile))


@lru_cache(maxsize=256)
def _spots(signature: tuple, tile: str) -> tuple[tuple[int, int], ...]:
    """``plain_spots`` from the map's ``_edges``: a rotation fits a frontier cell when its exits
    match every touching side's and at least one of them is a road (``fits``)."""
    turns = [exits(tile, r) for r in range(4)]
    out = []
    for cell, edges in _edges(signature):
        for mine in turns:
            joined = False
            for side, theirs in edges:
                if mine[side] != theirs:
                    break
                joined = joined or theirs
            else:
                if joined:
                    out.append(cell)
                    break
    return tuple(out)


def _cell_edges(tiles: dict, tx: int, ty: int) -> tuple:
    """``((side, whether a road leaves the tile touching it there), ...)`` of the empty cell ``(tx, ty)``."""
    edges = []
    for side in SIDES:
        dx, dy = DIRS[side]
        other = tiles.get(key(tx + dx, ty + dy))
        if other is not None:
            edges.append((side, exits(other["tile"], other["rotation"])[OPPOSITE[side]]))
    return tuple(edges)


def _cell_order(item) -> tuple[int, int]:
    (tx, ty), _ = item
    return ty, tx


@lru_cache(maxsize=256)
def _edges(signature: tuple) -> tuple:
    """``(cell, _cell_edges(cell))`` for every cell of ``frontier`` of the map ``signature``, in its
    order: those of the map without its last tile (kept, as a map grows one tile at a time), without
    the last tile's cell, with the empty cells beside it worked out again (a frontier cell's edges
    depend only on the tiles beside it)."""
    tiles = _map_of(signature)
    if len(signature) == 1:
        return tuple((cell, _cell_edges(tiles, *cell)) for cell in frontier(tiles))
    out = dict(_edges(signature[:-1]))
    tx, ty = parse(signature[-1][0])
    out.pop((tx, ty), None)
    for dx, dy in DIRS.values():
        if key(tx + dx, ty + dy) not in tiles:
            out[(tx + dx, ty + dy)] = _cell_edges(tiles, tx + dx, ty + dy)
    return tuple(sorted(out.items(), key=_cell_order))


def plain_spots(tiles: dict, tile: str) -> list[tuple[int, int]]:
    """``spots`` worked out from the map itself (the rule: a frontier cell and some rotation that ``fits``)."""
    return [c for c in frontier(tiles) if any(fits(tiles, tile, c[0], c[1], r) for r in range(4))]


def rotations(tiles: dict, tile: str, tx: int, ty: int) -> list[int]:
    """The rotations (0-3) in which ``tile`` fits at ``(tx, ty)``."""
    return [r for r in range(4) if fits(tiles, tile, tx, ty, r)]
