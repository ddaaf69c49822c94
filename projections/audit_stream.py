"""Step 1 of the audit (``projections.audit``) on its usual input, in one tight pass.

Almost every log an audit reads is regular: stream layout 2, entry ids ``1-0``, ``2-0``... in
order, both fields text, every batch a header then positions ``1``, ``2``... and a head on its
last event. :func:`regular_batches` reads such a log into the audit's batches with less work
per event than the general reader (``_Audit.read_entry``): no call per entry, one ``str`` for a
batch's command id, the positions compared as text. It makes no judgement of its own: on
anything else -- another layout, an id, field, position, head, header or schema out of the
usual, data that is not a JSON object -- it gives up and returns ``None``, and the general
reader reads the log (and names the departure). What it returns is what the general reader
builds (``tests/projections/test_audit_stream.py`` holds the two equal).
"""
from __future__ import annotations

import orjson

from events.log.chain import HEAD_LENGTH
from events.log.codec import CAUSES, CURRENT_SCHEMA, BatchHeader, Envelope, iso, upcast

#: ``"0-0"``, ``"1-0"``...: the entry ids of a regular stream, and ``"0"``, ``"1"``...: the positions
#: of events in a batch as its ``b`` field writes them; made once, grown as longer logs come.
_IDS: list[str] = []
_POSITIONS: list[str] = []


def _texts(count: int) -> tuple[list[str], list[str]]:
    """:data:`_IDS` and :data:`_POSITIONS`, each at least ``count + 1`` long."""
    if len(_IDS) <= count:
        more = range(len(_IDS), count + 1025)
        _IDS.extend(f"{n}-0" for n in more)
        _POSITIONS.extend(str(n) for n in more)
    return _IDS, _POSITIONS


def regular_batches(game_id: str, entries: list, make_batch) -> list | None:
    """The batches of a regular log (see the module doc) as ``make_batch(first, header, envelopes,
    raw, ts)`` builds each (``projections.audit._Batch``), or ``None`` when ``entries`` are not
    all regular (the caller then reads them one by one)."""
    try:
        ids, positions = _texts(len(entries))
        loads, current_schema, new_tuple = orjson.loads, CURRENT_SCHEMA, tuple.__new__
        kinds: dict[str, tuple[str, int, bool]] = {}    # the e field's type part -> (type, schema, to upcast)
        batches: list = []
        envelopes: list = []
        raw: list = []
        closed, first, header, ts, command_id, version, seat, cause = True, 0, None, "", "", 0, None, None
        for entry_id, fields in entries:
            version += 1
            if entry_id != ids[version]:
                return None
            e, b = fields["e"], fields["b"]
            # e and b that are not text fail below (no str.partition, a str in bytes, a header that
            # does not load): the except clause gives up then, and so does an e with no space
            # (its data, "", is no JSON)
            t, _, d = e.partition(" ")
            data = loads(d)
            if type(data) is not dict:
                return None
            h = ""
            if b[0] == "{":                             # a batch's first event: its header
                if not closed:
                    return None
                if b[-1] != "}":
                    b, _, h = b.rpartition(" ")
                    if len(h) != HEAD_LENGTH:
                        return None
                parsed = loads(b)                       # as BatchHeader.from_json reads it, where it is as written
                seat, cause, ms, command = parsed["s"], parsed["k"], parsed["t"], parsed["c"]
                if (seat is not None and type(seat) is not int) or type(cause) is not str or type(ms) is not int \
                        or type(command) is not dict or cause not in CAUSES:
                    return None
                header = new_tuple(BatchHeader, (seat, cause, ms, dict(command)))   # seat, cause: every event's
                first, ts, command_id = version, iso(ms), str(version)
                envelopes, raw = [], []
                batches.append(make_batch(first, header, envelopes, raw, ts))
                command = header.command
            else:
                if " " in b:
                    b, _, h = b.rpartition(" ")
                    if len(h) != HEAD_LENGTH:
                        return None
                if closed or b != positions[version - first]:
                    return None
                command = None
            closed = bool(h)
            kind = kinds.get(t)
            if kind is None:
                name, _, schema = t.partition("/")
                number = int(schema) if schema else 1
                if number > current_schema.get(name, 1):
                    return None
                kind = kinds[t] = (name, number, number < current_schema.get(name, 1))
            name, number, old = kind
            env = Envelope(game_id, version, name, data, number, seat, command_id, command, ts, cause, h or None)
            envelopes.append(upcast(env) if old else env)
            raw.append((version, e, b, h))
        if not closed:
            return None
        return batches
    except Exception:       # noqa: BLE001 -- whatever it is, the general reader reads it and says what
        return None
