"""The server's own events: what a game's log records beside the rules' events.

``GameCreated`` (version 1: ruleset and its version, the seats, the public
options, the commitment to the server seed, the seeded/stacked flags),
``SeatJoined`` (an open seat taken), ``SeatVacated`` (a seat's player left a
game that had not started: the seat is open again, ``{seat, name}``),
``SeatTakenOver`` (a bot plays a seat
from now on: ``{seat, policy, reason}``, reason ``"left"`` or
``"missed_deadlines"``), ``SeatReclaimed`` (its owner plays it again:
``{seat}``), ``SeatResigned`` (``{seat, by_rule}``: out by the game's rule, or
played on by a bot when the game has none; ``events.commands.seating``),
``GameCancelled`` (``{seat}``: the creator, holding ``seat``, closed the game
while it waited; it was never dealt, and ``SeedRevealed`` follows it in the same
batch; ``events.commands.seating.cancel``) and
``SeedRevealed`` (the last event: the server seed and the secret options). A
game's ``evolve`` never sees them.

Schema 2 of ``GameCreated`` and ``SeatJoined`` adds, per seat, its
``client_seed`` (the entropy the seat added, ``events.table.randomness``) and its
``token_sha256`` (the SHA-256 of the seat's bearer token: the log commits to
who holds the seat, so a token swapped in the meta hash later is evident);
both are ``null`` where they do not apply; and ``GameCreated`` gains
``rematch_of``, the finished game it is the rematch of (``null`` for a new
table). Older events are upcast with nulls.

Schema 3 of ``GameCreated`` (proofs scheme 2, ``docs/audit.md``) publishes
``seed_commitment``, a hiding commitment to the server seed keyed by the game's
audit key (``events.table.randomness.seed_commitment``), where schema 2 had
``seed_sha256``, the seed's bare SHA-256; and ``proofs``, the scheme: 2 (the
keyed seed commitment and the keyed chain of ``events.log.chain``) or 1 (what an
older event is upcast to: ``seed_commitment`` is then the bare SHA-256 and the
chain is unkeyed). Schema 2 of ``SeedRevealed`` adds ``audit_key``, the key
that opens them (null in scheme 1).
"""
from __future__ import annotations


SYSTEM_EVENTS = frozenset({"GameCreated", "SeatJoined", "SeatVacated", "SeedRevealed",
                           "SeatTakenOver", "SeatReclaimed", "SeatResigned", "GameCancelled"})


def public_seat(spec: dict) -> dict:
    """A seat as the log records it: ``{"name", "bot", "open", "client_seed", "token_sha256"}``
    (``spec`` is a meta seat: the token's hash is public, the token never is)."""
    return {"name": spec.get("name"), "bot": spec.get("bot"), "open": bool(spec.get("open")),
            "client_seed": spec.get("client_seed"), "token_sha256": spec.get("token_sha256")}


def _game_created_v2(data: dict) -> dict:
    seats = [{"client_seed": None, "token_sha256": None, **seat} for seat in data.get("seats", [])]
    return {"rematch_of": None, **data, "seats": seats}


def _seat_joined_v2(data: dict) -> dict:
    return {"client_seed": None, "token_sha256": None, **data}


#: The proofs scheme of games created now (``docs/audit.md``): the keyed seed commitment and chain.
PROOFS_SCHEME = 2


def _game_created_v3(data: dict) -> dict:
    out = {k: v for k, v in data.items() if k != "seed_sha256"}
    return {**out, "seed_commitment": data.get("seed_sha256"), "proofs": 1}


def _seed_revealed_v2(data: dict) -> dict:
    return {"audit_key": None, **data}


#: The upcasters of the server's own events, by ``(event type, schema it reads)``: each returns the
#: data of the next schema. ``events.log.codec`` applies them (with the games' own) when it decodes.
UPCASTERS = {("GameCreated", 1): _game_created_v2, ("SeatJoined", 1): _seat_joined_v2,
             ("GameCreated", 2): _game_created_v3, ("SeedRevealed", 1): _seed_revealed_v2}
