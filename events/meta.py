"""A game's meta hash: who sits where, the secret seed, options, status and result.

The meta lives in the game's slot (``stranded:{<id>}:meta``) beside its stream
and is written by the same atomic append as the events that change it. The
seed and the secret options (a stacked deal) never leave it until the game
ends and ``SeedRevealed`` publishes them.
"""
from __future__ import annotations

import json
from dataclasses import dataclass

from events.randomness import game_seed
from events.store import GameNotFound

#: Options every ruleset accepts, beside the game's own (``Ruleset.options``).
SERVER_OPTIONS = {
    "seed": {"type": "string", "default": None,
             "description": "Fixed seed (tests, tutorials, bug reports); the game is marked seeded."},
    "turn_timeout_s": {"type": "number", "default": None,
                       "description": "Seconds a human seat has for a turn or a choice; none by default."},
    "reaction_timeout_s": {"type": "number", "default": None,
                           "description": "Seconds for a reaction window; defaults to a quarter of turn_timeout_s, at least 1."},
    "clock": {"type": "object", "default": None,
              "description": "A time bank per human seat, Fischer style: {\"initial_s\": seconds (1 to 86400), "
                             "\"increment_s\": seconds added after each of the seat's own commands (0 to 3600)}. "
                             "It runs only while the game waits on the seat for a turn or a choice; when it runs "
                             "out the decision's default is sent (a missed deadline). Default: none."},
    "takeover_after": {"type": "integer", "default": 3, "minimum": 0, "maximum": 100,
                       "description": "Missed deadlines in a row after which a bot plays the seat (0: never)."},
    "takeover_policy": {"type": "string", "default": None, "maxLength": 40,
                        "description": "The bot that plays a seat that left or went silent (a bot policy of the "
                                       "ruleset); default: the ruleset's 'strong'."},
    "allow_reclaim": {"type": "boolean", "default": True,
                      "description": "Whether a seat a bot took over may be taken back with its token."},
}
SECRET_OPTIONS = ("seed", "stack")
#: Every status a game can have, in the order a game goes through them.
STATUSES = ("waiting", "active", "finished")


@dataclass
class GameMeta:
    """The game's meta hash, parsed: kept in the game's slot, updated with each append.

    ``seats`` is a list of ``{"name", "bot", "open", "token_sha256", "auto_pass",
    "client_seed"}``.
    ``options`` holds every option including the secret ones (seed, stack).
    ``rules_version`` is the version the game was created with ("" in games
    created before it was kept: the ruleset's version then).
    """

    game_id: str
    ruleset: str
    status: str
    created: str
    seed: str
    seats: list[dict]
    options: dict
    result: dict | None = None
    rules_version: str = ""

    @classmethod
    def from_hash(cls, game_id: str, raw: dict) -> "GameMeta":
        """Parse a meta hash (bytes or str keys); raises GameNotFound if empty."""
        if not raw:
            raise GameNotFound(game_id)
        h = {(k.decode() if isinstance(k, bytes) else k): (v.decode() if isinstance(v, bytes) else v)
             for k, v in raw.items()}
        return cls(game_id, h["ruleset"], h["status"], h.get("created", ""), h["seed"],
                   json.loads(h["seats"]), json.loads(h.get("options", "{}")),
                   json.loads(h["result"]) if h.get("result") else None, h.get("rules_version", ""))

    def to_hash(self) -> dict[str, str]:
        """The fields as stored in Redis."""
        return {"ruleset": self.ruleset, "status": self.status, "created": self.created,
                "seed": self.seed, "seats": json.dumps(self.seats), "options": json.dumps(self.options),
                "result": json.dumps(self.result) if self.result is not None else "",
                "rules_version": self.rules_version}

    @property
    def game_seed(self) -> str:
        """The seed every random draw of the rules comes from: the server seed combined
        with the seats' client seeds (``events.randomness.game_seed``)."""
        return game_seed(self.seed, [seat.get("client_seed") for seat in self.seats])

    @property
    def public_options(self) -> dict:
        """Options without the secrets (seed, stacked deck)."""
        return {k: v for k, v in self.options.items() if k not in SECRET_OPTIONS}

    def timeout_for(self, kind: str) -> float | None:
        """Deadline in seconds for a decision ``kind`` of a human seat, or None."""
        turn = self.options.get("turn_timeout_s")
        if kind == "reaction":
            react = self.options.get("reaction_timeout_s")
            if react is not None:
                return float(react)
            return None if turn is None else max(1.0, float(turn) / 4)
        return None if turn is None else float(turn)
