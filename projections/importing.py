"""``stranded import``: a finished game's record loaded into this server, to replay it here.

A record comes from elsewhere, so it is held to what ``POST /v1/games`` holds a
new game to before anything is written (:func:`check_importable`): an id the
API can serve, at most :data:`MAX_ENTRIES` events, every display name and
client seed in the log as the API accepts them, a finished game (or one cancelled
before the start: its status stays ``cancelled``) of a ruleset this server hosts.
The caller verifies it first (``projections.audit``); the meta hash is then
built from the log alone -- the seats as the log's seat events leave them
(``events.table.seats.seats_from_log``, token hashes included, so
``stranded verify`` finds the meta the log's), the result the replay gives,
the creation time of the first batch -- and written with the entries and the
snapshot and checkpoints the log implies (``events.log.implied``) in one
MULTI/EXEC transaction, so a failure leaves nothing half-imported. The game is
marked imported: no token plays it here (``service.http.auth.seat_of``).
"""
from __future__ import annotations

from events.table.checks import GAME_ID, MalformedCommand, check_client_seed, name_problem
from events.log.codec import CodecError, decode_entries
from events.games import RULESETS
from events.table.meta import SECRET_OPTIONS, GameMeta
from events.table.seats import seats_from_log
from events.log.checkpoints import bucket, checkpoint_versions
from events.log.implied import batch_ends, implied
from events.log.store import EventStore
from projections.records import GameExists, RecordError
from events.log.metahash import meta_to_hash

#: The most events a record may hold to be imported: far beyond the longest game the rules allow
#: (a Quickplay game of 15,000 events is the longest the bench plays).
MAX_ENTRIES = 200_000


def check_importable(record: dict) -> list:
    """Check a parsed record (``projections.records.load_record``) against the bounds the API keeps
    and return its decoded events (``events.log.codec.Envelope``). Raises ``RecordError`` with a
    sentence naming what is wrong; reads and writes nothing."""
    game_id = record["game_id"]
    if not GAME_ID.match(game_id):
        raise RecordError("the record's game id is not one this server can serve (1 to 128 characters of "
                          "A-Z, a-z, 0-9, '_', '.', ':' and '-')")
    entries = record["entries"]
    if not 1 <= len(entries) <= MAX_ENTRIES:
        raise RecordError(f"the record holds {len(entries)} events; a game's record holds 1 to {MAX_ENTRIES:,}")
    try:
        envelopes = decode_entries(game_id, [tuple(entry) for entry in entries])
    except CodecError as exc:
        raise RecordError(f"the record's entries are not events ({exc})") from exc
    if envelopes[0].type != "GameCreated" or envelopes[-1].type != "SeedRevealed":
        raise RecordError("only a finished game's record (its seed revealed) can be imported")
    if envelopes[0].data.get("ruleset") not in RULESETS:
        raise RecordError(f"this server hosts no ruleset {envelopes[0].data.get('ruleset')!r}")
    seats = envelopes[0].data.get("seats") or []
    named = [(seat.get("name"), seat.get("client_seed")) for seat in seats if isinstance(seat, dict)]
    named += [(env.data.get("name"), env.data.get("client_seed")) for env in envelopes if env.type == "SeatJoined"]
    for name, client_seed in named:
        why = None if name is None else name_problem(name)      # no name: the API's default is shown
        if why is not None:
            raise RecordError(f"a seat's name in the record is not one the API accepts: {why}")
        try:
            check_client_seed(client_seed)
        except MalformedCommand as exc:
            raise RecordError(f"a seat's client seed in the record is not one the API accepts: {exc.message}") \
                from exc
    return envelopes


def import_record(store: EventStore, record: dict) -> str:
    """Load a verified, finished game's record into this server, marked as imported; return its id.

    The entries are written exactly as recorded (the chain stays intact); the meta hash is built
    from the log (see the module doc). Raises ``RecordError`` (:func:`check_importable`) or
    ``GameExists`` when the id is taken; writes nothing then."""
    envelopes = check_importable(record)
    game_id = record["game_id"]
    if store.exists(game_id):
        raise GameExists(f"this server already holds a game {game_id!r}")
    created, revealed = envelopes[0], envelopes[-1]
    ruleset = RULESETS[created.data["ruleset"]]
    seats = seats_from_log(created.data, ((env.type, env.data) for env in envelopes[1:]), ruleset.bots)
    secret = {k: v for k, v in (revealed.data.get("options") or {}).items() if k in SECRET_OPTIONS}
    entries = [tuple(entry) for entry in record["entries"]]
    found = implied(ruleset, game_id, entries, [len(entries)], checkpoint_versions(batch_ends(entries)))
    snapshots, state = found.snapshots, found.state
    status = "cancelled" if any(env.type == "GameCancelled" for env in envelopes) else "finished"
    meta = GameMeta(game_id, ruleset.id, status, created.ts, str(revealed.data.get("seed")),
                    [{**seat, "auto_pass": False} for seat in seats], {**created.data["options"], **secret},
                    ruleset.outcome(state) if state is not None else None, created.data.get("rules_version", ""),
                    revealed.data.get("audit_key") or "", imported=True)
    pipe = store.redis.pipeline(transaction=True)
    store.pipe_write_entries(pipe, game_id, record["entries"])
    pipe.hset(store.key(game_id, "meta"), mapping=meta_to_hash(meta))
    if len(entries) in snapshots:
        pipe.set(store.key(game_id, "snapshot"), snapshots[len(entries)])
    if found.checkpoints:
        pipe.hset(store.key(game_id, "checkpoints"),
                  mapping={str(bucket(v)): text for v, text in found.checkpoints.items()})
    pipe.execute()
    return game_id
