"""The planner's Dijkstra (``planner.Board.distances``) writes the step rule out with the deck's
looked-up answers, for speed (the ``expert``'s playouts are ``strong``'s, and ``strong`` asks it
for every placement it weighs). Here it is held to the plain search over ``Board.cost`` and
``Board.card``, one call per step, on every view of real games and with imagined cards anywhere,
Special Locations included."""
from __future__ import annotations

import dataclasses
import heapq
import random

from events.commands.simulation import play_game
from events.games.one_against_the_dead import RULESET as R
from events.games.one_against_the_dead.cards import DECK
from events.games.one_against_the_dead.planner import ORTHO, RESCUER, STRONG, Board, is_special


def plain_distances(board: Board, extra=None) -> dict:
    """Dijkstra from the board's goals, each step priced by ``Board.cost``, no walk across a Special
    Location but onto the player's place: the planner's rule as first written."""
    xs = [p[0] for p in board.spots] + [board.player[0]]
    ys = [p[1] for p in board.spots] + [board.player[1]]
    lo_x, hi_x, lo_y, hi_y = min(xs) - 2, max(xs) + 2, min(ys) - 2, max(ys) + 2
    dist = {goal: 0.0 for goal in board.goals}
    heap = [(0.0, goal) for goal in board.goals]
    while heap:
        d, here = heapq.heappop(heap)
        if d > dist.get(here, float("inf")):
            continue
        for dx, dy in ORTHO:
            nxt = (here[0] + dx, here[1] + dy)
            if not (lo_x <= nxt[0] <= hi_x and lo_y <= nxt[1] <= hi_y):
                continue
            step = board.cost(nxt, here, extra)
            card = (extra or {}).get(nxt) or board.card(nxt)
            if card is not None and is_special(card) and nxt != board.player:
                continue
            if d + step < dist.get(nxt, float("inf")):
                dist[nxt] = d + step
                heapq.heappush(heap, (d + step, nxt))
    return dist


def views_of_games(games: int) -> list[tuple[dict, list]]:
    """Every (view, legal commands) ``strong`` was asked about in ``games`` seeded games."""
    seen, strong = [], R.bots["strong"]

    def spy(view, legal, rng, **settings):
        seen.append((view, legal))
        return strong(view, legal, rng)

    ruleset = dataclasses.replace(R, bots={**R.bots, "spy": spy})
    for n in range(games):
        play_game(ruleset, ["spy"], f"planner-{n}")
    return seen


def test_the_planners_distances_are_the_plain_searchs_on_every_view_and_imagined_card():
    # given the views of real games, early and late (the late ones search towards the survivors)
    rng, compared = random.Random("planner"), 0
    for view, legal in views_of_games(12):
        for style in (STRONG, RESCUER):
            board = Board(view, style)
            # when the distances are asked as they are, with each placement weighed, and with any card
            # (a Special Location too) imagined on or beside the city
            extras = [None] + [{(c["x"], c["y"]): view["drawn_card"]} for c in legal if view["phase"] == "place"]
            place = rng.choice(list(board.spots))
            extras.append({(place[0] + rng.choice((-1, 0, 1)), place[1] + rng.choice((-1, 0, 1))): rng.choice(DECK)})
            for extra in extras:
                # then they are exactly the plain search's (the same floats: the same choices)
                assert board.distances(extra) == plain_distances(board, extra)
                compared += 1
    assert compared > 1000
