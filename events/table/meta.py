"""A game's meta hash: who sits where, the secret seed, options, status and result.

The meta lives in the game's slot (``stranded:{<id>}:meta``) beside its stream
and is written by the same atomic append as the events that change it. The
seed and the secret options (a stacked deal) never leave it until the game
ends and ``SeedRevealed`` publishes them.

The server's own options (:data:`SERVER_OPTIONS`) and their bounds live here,
with the deadlines they give each decision (:func:`decision_timeout_s`): the
dispatcher schedules by them and the summary shows them, so the deadline a
front end reads is the one the workers keep.
"""
from __future__ import annotations

from dataclasses import dataclass

from events.table.randomness import game_seed

#: A reaction window's deadline when no option sets one (seconds): a silent
#: seat never stalls a game for ever, even with no ``turn_timeout_s``.
DEFAULT_REACTION_TIMEOUT_S = 30.0
#: A turn's (or a choice's) deadline when the game leaves ``turn_timeout_s`` out: a day.
DEFAULT_TURN_TIMEOUT_S = 86400.0
#: Bounds of the timeouts (seconds): at least one second, at most a week.
MIN_TIMEOUT_S = 1.0
MAX_TIMEOUT_S = 7 * 24 * 3600.0

#: Options every ruleset accepts, beside the game's own (``Ruleset.options``).
#: Each is ``{"type", "default", "description", "nullable"}`` plus its bounds
#: (``minimum``/``maximum``/``maxLength``); ``events.table.checks.check_options``
#: holds every created game to them before anything is written.
SERVER_OPTIONS = {
    "seed": {"type": ["string", "integer"], "default": None, "nullable": False, "maxLength": 200, "minimum": 0,
             "description": "Fixed seed (tests, tutorials, bug reports): a string of 16 to 200 characters, or a "
                            "whole number of at least 16 digits; a shorter one (but not an empty one) only in a "
                            "stacked game (with 'stack'). The game is marked seeded, and anyone who knows or "
                            "guesses the seed can work out its deal: leave it out to keep the game secret. "
                            "Default: a fresh secret seed."},
    "turn_timeout_s": {"type": "number", "default": DEFAULT_TURN_TIMEOUT_S, "nullable": True,
                       "minimum": MIN_TIMEOUT_S, "maximum": MAX_TIMEOUT_S,
                       "description": "Seconds a human seat has for a turn or a choice inside it (1 to 604800); "
                                      "when it passes the decision's default is sent for the seat (a missed "
                                      "deadline). Default 86400 (a day), so no game waits for ever on a silent "
                                      "seat; null: turns wait for ever (a table that wants that says so)."},
    "reaction_timeout_s": {"type": "number", "default": None, "nullable": True,
                           "minimum": MIN_TIMEOUT_S, "maximum": MAX_TIMEOUT_S,
                           "description": "Seconds a human seat has to answer a reaction window (1 to 604800). "
                                          "Default (null): a quarter of turn_timeout_s (at least 1), or 30 "
                                          "when the game has no turn timeout, so a window always ends."},
    "clock": {"type": "object", "default": None, "nullable": True,
              "fields": {"initial_s": {"type": "number", "minimum": MIN_TIMEOUT_S, "maximum": 86400,
                                       "required": True},
                         "increment_s": {"type": "number", "minimum": 0, "maximum": 3600, "required": False}},
              "description": "A time bank per human seat, Fischer style: {\"initial_s\": seconds to start with "
                             "(1 to 86400), \"increment_s\": seconds added after each command the seat sends "
                             "itself (0 to 3600, default 0)}. It runs only while the game waits on the seat for a "
                             "turn or a choice; when it runs out the decision's default is sent for the seat (a "
                             "missed deadline). Default (null): no clock."},
    "takeover_after": {"type": "integer", "default": 3, "nullable": False, "minimum": 0, "maximum": 100,
                       "description": "Missed deadlines in a row after which a bot plays the seat (0 to 100; 0: "
                                      "never). Default 3."},
    "takeover_policy": {"type": "string", "default": None, "nullable": True, "maxLength": 40,
                        "description": "The bot that plays a seat that left or went silent (one of the ruleset's "
                                       "bots); default (null): the ruleset's 'strong'."},
    "allow_reclaim": {"type": "boolean", "default": True, "nullable": False,
                      "description": "Whether a seat a bot took over may be taken back with its token while the "
                                     "game runs. Default true."},
    "unlisted": {"type": "boolean", "default": False, "nullable": False,
                 "description": "Keep the game out of the lobby's lists (GET /v1/games): only someone given its "
                               "id (its link) finds it; everything else about it is as public as any game's. "
                               "Default false."},
}
SECRET_OPTIONS = ("seed", "stack")
#: The shortest seed a game may choose unless it is stacked (characters, or digits of a whole number):
#: a seed short enough to enumerate would let anyone re-run the deal (docs/audit.md, 'Chosen seeds').
MIN_SEED_LENGTH = 16
#: Every status a game can have, in the order a game goes through them: ``cancelled`` is the end of a
#: game its creator closed while it waited (``GameCancelled``; it was never dealt).
STATUSES = ("waiting", "active", "finished", "cancelled")
#: The statuses of a game that is over: nothing follows its ``SeedRevealed``, its whole log is public.
OVER = frozenset({"finished", "cancelled"})


def decision_timeout_s(options: dict, seat: dict, kind: str) -> float | None:
    """Seconds ``seat`` (a meta seat dict) has for a decision of ``kind``, or None (no deadline).

    Bot seats have none (their job acts at once). A human seat that chose
    ``auto_pass`` answers reaction windows at once (0). Reaction windows
    always have a deadline: ``reaction_timeout_s``, else a quarter of the
    ``turn_timeout_s`` the game set (at least 1 s), else
    :data:`DEFAULT_REACTION_TIMEOUT_S`. Turns and choices have
    ``turn_timeout_s``: :data:`DEFAULT_TURN_TIMEOUT_S` when the game left it
    out, None (no deadline) when it set it to null.
    """
    if seat.get("bot"):
        return None
    turn = options.get("turn_timeout_s")
    if kind == "reaction":
        if seat.get("auto_pass"):
            return 0.0
        react = options.get("reaction_timeout_s")
        if react is not None:
            return float(react)
        return DEFAULT_REACTION_TIMEOUT_S if turn is None else max(MIN_TIMEOUT_S, float(turn) / 4)
    if "turn_timeout_s" not in options:
        return DEFAULT_TURN_TIMEOUT_S
    return None if turn is None else float(turn)


@dataclass
class GameMeta:
    """The game's meta hash, parsed: kept in the game's slot, updated with each append.

    ``seats`` is a list of ``{"name", "bot", "open", "token_sha256", "auto_pass",
    "client_seed"}``.
    ``options`` holds every option including the secret ones (seed, stack).
    ``rules_version`` is the version the game was created with ("" in games
    created before it was kept: the ruleset's version then).
    ``audit_key`` is the game's secret audit key (64 hex digits; ``events.log.chain``): it keys
    the chain and the seed commitment and is published by ``SeedRevealed``; "" in games of
    proofs scheme 1 (created before it).
    ``imported``: the game was loaded from a record (``stranded import``): nobody plays it
    here, whatever token a seat of the log names.
    ``creator``: a digest of the address that created the game (``events.commands.fairness``; "" when
    unknown): the lane its bot jobs take turns in. Private, like the seed.
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
    audit_key: str = ""
    imported: bool = False
    creator: str = ""

    def copy(self) -> "GameMeta":
        """A shallow copy (seats and options shared): what ``save`` changes (status,
        result, a new seats list) it replaces rather than mutates."""
        return GameMeta(self.game_id, self.ruleset, self.status, self.created, self.seed, self.seats, self.options,
                        self.result, self.rules_version, self.audit_key, self.imported, self.creator)

    @property
    def chain_key(self) -> bytes | None:
        """The audit key as the chain uses it (32 raw bytes), or ``None`` for a game on chain 1."""
        return bytes.fromhex(self.audit_key) if self.audit_key else None

    @property
    def game_seed(self) -> str:
        """The seed every random draw of the rules comes from: the server seed combined
        with the seats' client seeds (``events.table.randomness.game_seed``)."""
        return game_seed(self.seed, [seat.get("client_seed") for seat in self.seats])

    @property
    def public_options(self) -> dict:
        """Options without the secrets (seed, stacked deck)."""
        return {k: v for k, v in self.options.items() if k not in SECRET_OPTIONS}

    def timeout_for(self, kind: str) -> float | None:
        """Deadline in seconds for a decision ``kind`` of a human seat without auto-pass, or None."""
        return decision_timeout_s(self.options, {}, kind)

    def seat_timeout(self, seat: int, kind: str) -> float | None:
        """Deadline in seconds for ``seat``'s decision of ``kind`` (:func:`decision_timeout_s`)."""
        return decision_timeout_s(self.options, self.seats[seat], kind)


#: The type each known field of a meta seat must have when present and not ``None``.
def check_seats(meta: GameMeta, min_seats: int, max_seats: int, bots) -> str | None:
    """What is wrong with ``meta``'s seats for its ruleset (``min_seats`` to ``max_seats`` of them, each
    bot one of ``bots``), in a few words, or None."""
    if not min_seats <= len(meta.seats) <= max_seats:
        return f"{len(meta.seats)} seats, where the ruleset seats {min_seats} to {max_seats}"
    for index, seat in enumerate(meta.seats):
        if seat.get("bot") is not None and seat["bot"] not in bots:
            return f"seat {index}'s bot {seat['bot'][:40]!r} is not one of the ruleset's"
    return None
