"""A program that plays one game of a ruleset to the end through the generated Python client only.

Run with the generated package (``stranded_client``, from openapi-python-client) on the path::

    python play_with_python_client.py BASE_URL RULESET SEED [OPTIONS_JSON]

It reads the rulesets, creates a game whose every seat is a human it plays itself, and until the
game is over reads the summary, the spectator's view and the acting seat's view, takes that
seat's legal commands and sends one of them (picked by a generator seeded with SEED); at the end
it reads the log and the record. Every call must answer with the status the spec documents and a
body the client parses into its model: anything else stops the program with exit status 1. The
last line it prints is a JSON summary (``calls``, ``views``, ``commands``, ``status``...).
"""
from __future__ import annotations

import json
import random
import sys

from stranded_client import AuthenticatedClient, Client
from stranded_client.api.games import (create_game, get_events, get_game, get_legal_commands, get_view,
                                       list_rulesets, send_command)
from stranded_client.api.tables import get_record
from stranded_client.models import Command, CreatedGame, GameSummary, Problem, RulesetList, SeatRequest
from stranded_client.models.game_summary_status import GameSummaryStatus
from stranded_client.types import Response

#: The most commands one game may take before the program gives up (a random game ends long before).
MAX_COMMANDS = 20000


class Failed(Exception):
    """A call did not answer as the spec says."""


class Player:
    """Counts calls and fails on the first one that did not answer as documented."""

    def __init__(self, base_url: str):
        self.spectator = Client(base_url=base_url, raise_on_unexpected_status=True, timeout=30)
        self.base_url = base_url
        self.calls = 0
        self.views = 0

    def seat_client(self, token: str) -> AuthenticatedClient:
        """A client that sends ``token`` as the seat's bearer token."""
        return AuthenticatedClient(base_url=self.base_url, token=token, raise_on_unexpected_status=True, timeout=30)

    def call(self, what: str, response: Response, status: int, model=None):
        """``response.parsed``, after checking its status and model."""
        self.calls += 1
        parsed = response.parsed
        if response.status_code != status or parsed is None or isinstance(parsed, Problem):
            raise Failed(f"{what}: {response.status_code} {response.content[:300]!r}")
        if model is not None and not isinstance(parsed, model):
            raise Failed(f"{what}: parsed as {type(parsed).__name__}, not {model.__name__}")
        return parsed


def create_body(ruleset: str, seats: int, options: dict, models):
    """The ruleset's own create model (``<Ruleset>CreateGame``) with its own options model, every seat
    a human."""
    prefix = "".join(part.capitalize() for part in ruleset.split("-"))
    return getattr(models, prefix + "CreateGame")(
        ruleset=ruleset, seats=[SeatRequest(name=f"Player {i}") for i in range(seats)],
        options=getattr(models, prefix + "Options").from_dict(options))


def play(base_url: str, ruleset: str, seed: int, options: dict) -> dict:
    """Play one game of ``ruleset`` (created with ``options``) to the end; the summary of what was done."""
    import stranded_client.models as models

    player, rng = Player(base_url), random.Random(seed)
    rulesets = player.call("listRulesets", list_rulesets.sync_detailed(client=player.spectator), 200, RulesetList)
    entry = next(r for r in rulesets.rulesets if r.id == ruleset)
    seats = min(max(2, entry.min_seats), entry.max_seats)
    created = player.call("createGame", create_game.sync_detailed(
        client=player.spectator, body=create_body(ruleset, seats, options, models)), 201, CreatedGame)
    game_id = created.id
    seat_clients = {token.seat: player.seat_client(token.token) for token in created.tokens}
    view_model = getattr(models, "".join(p.capitalize() for p in ruleset.split("-")) + "ViewResponse")
    commands = 0
    while True:
        summary = player.call("getGame", get_game.sync_detailed(game_id, client=player.spectator), 200, GameSummary)
        player.call("getView (spectator)", get_view.sync_detailed(game_id, client=player.spectator), 200, view_model)
        player.views += 1
        if summary.status == GameSummaryStatus.FINISHED:
            break
        if commands >= MAX_COMMANDS:
            raise Failed(f"the game did not end in {MAX_COMMANDS} commands")
        if not summary.to_act:
            raise Failed(f"version {summary.version}: the game waits for nobody and is not over")
        seat = summary.to_act[0].seat
        client = seat_clients[seat]
        view = player.call(f"getView (seat {seat})", get_view.sync_detailed(game_id, client=client), 200, view_model)
        player.views += 1
        if view.seat != seat:
            raise Failed(f"seat {seat}'s view says seat {view.seat}")
        legal = player.call("getLegalCommands", get_legal_commands.sync_detailed(game_id, client=client), 200)
        choice = rng.choice(legal.commands).command
        player.call(f"sendCommand {choice.type_}", send_command.sync_detailed(
            game_id, client=client, body=Command.from_dict(choice.to_dict())), 200)
        commands += 1
    page = player.call("getEvents", get_events.sync_detailed(game_id, client=player.spectator, limit=1000), 200)
    if not page.complete:
        raise Failed("the finished game's log is not complete")
    player.call("getRecord", get_record.sync_detailed(game_id, client=player.spectator), 200)
    return {"game_id": game_id, "ruleset": ruleset, "status": summary.status.value, "version": summary.version,
            "commands": commands, "views": player.views, "calls": player.calls, "failed": 0}


def main(argv: list[str]) -> int:
    """``BASE_URL RULESET SEED [OPTIONS_JSON]``: play; print the JSON summary; 0, or 1 on the first
    failed call."""
    base_url, ruleset, seed = argv[1], argv[2], int(argv[3])
    options = json.loads(argv[4]) if len(argv) > 4 else {}
    try:
        print(json.dumps(play(base_url, ruleset, seed, options)))
    except Failed as exc:
        print(f"FAILED: {exc}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
