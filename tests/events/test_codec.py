"""The envelope codec: round trips, the command on the first event, errors, upcasting."""
from __future__ import annotations

import pytest

from events import codec
from events.codec import CodecError, Envelope, decode, encode, register_upcaster


def sample(**kw) -> Envelope:
    base = dict(
        game_id="g-1",
        version=7,
        type="CardDrawn",
        data={"card": "oxygen", "n": 2, "nested": {"list": [1, "é"]}},
        schema=1,
        seat=2,
        command_id="cmd-1",
        command={"type": "DrawCard", "seat": 2},
        ts="2024-05-01T12:00:00.000Z",
    )
    base.update(kw)
    return Envelope(**base)


def as_bytes(fields: dict[str, str]) -> dict[bytes, bytes]:
    return {k.encode(): v.encode() for k, v in fields.items()}


@pytest.mark.parametrize("form", ["str", "bytes"])
def test_round_trip(form):
    env = sample()
    fields = encode(env)
    assert all(isinstance(k, str) and isinstance(v, str) for k, v in fields.items())
    entry_id = "7-0"
    if form == "bytes":
        fields, entry_id = as_bytes(fields), b"7-0"
    assert decode("g-1", entry_id, fields) == env


def test_round_trip_of_a_system_event_without_optional_fields():
    env = sample(seat=None, command_id=None, command=None)
    fields = encode(env)
    assert set(fields) == {"type", "schema", "data", "ts"}
    assert decode("g-1", b"7-0", as_bytes(fields)) == env


def test_version_is_the_entry_id_not_a_field():
    fields = encode(sample(version=42))
    assert "version" not in fields
    assert decode("g-1", "42-0", fields).version == 42


def test_seat_zero_survives():
    env = sample(seat=0)
    assert decode("g-1", "7-0", encode(env)).seat == 0


def test_command_only_on_first_event_of_a_batch():
    command = {"type": "PlayCard", "card": "shield"}
    batch = [
        sample(version=v, command_id="c-9", command=command if i == 0 else None)
        for i, v in enumerate(range(3, 6))
    ]
    encoded = [encode(e) for e in batch]
    assert "command" in encoded[0]
    assert all("command" not in f for f in encoded[1:])
    assert all(f["command_id"] == "c-9" for f in encoded)
    decoded = [decode("g-1", f"{e.version}-0", f) for e, f in zip(batch, encoded)]
    assert decoded[0].command == command
    assert all(d.command is None for d in decoded[1:])
    assert "command" in decoded[0].to_dict() and "command" not in decoded[1].to_dict()


@pytest.mark.parametrize(
    "entry_id, fields",
    [
        ("1-0", {}),
        ("1-0", {"type": "X"}),
        ("1-0", {"data": "{}"}),
        ("1-0", {"type": "X", "data": "{not json"}),
        ("1-0", {"type": "X", "data": "{}", "schema": "one"}),
        ("1-0", {"type": "X", "data": "{}", "seat": "north"}),
        ("1-0", {"type": "X", "data": "{}", "command": "]["}),
        ("abc", {"type": "X", "data": "{}"}),
        (b"1-0", {b"type": b"X", b"data": b"\x00garbage"}),
        (b"1-0", {b"type": b"X", b"data": b"\xff\xfe"}),
        (b"\xff-0", {b"type": b"X", b"data": b"{}"}),
    ],
    ids=["empty", "no-data", "no-type", "bad-json", "bad-schema", "bad-seat", "bad-command", "bad-id", "bytes-garbage", "not-utf8", "id-not-utf8"],
)
def test_garbage_raises_codec_error(entry_id, fields):
    with pytest.raises(CodecError):
        decode("g-1", entry_id, fields)


def test_codec_error_is_a_value_error():
    assert issubclass(CodecError, ValueError)


@pytest.fixture
def clean_registry():
    """Restore the global upcaster registry after the test."""
    schema, upcasters = dict(codec.CURRENT_SCHEMA), dict(codec.UPCASTERS)
    yield
    codec.CURRENT_SCHEMA.clear()
    codec.CURRENT_SCHEMA.update(schema)
    codec.UPCASTERS.clear()
    codec.UPCASTERS.update(upcasters)


def test_upcasters_lift_old_schemas_step_by_step(clean_registry):
    kind = "TestOnlyTileMoved"

    @register_upcaster(kind, 1)
    def v1_to_v2(data):  # v1 {"pos": "x,y"} -> v2 {"x", "y"}
        x, y = data["pos"].split(",")
        return {"x": int(x), "y": int(y)}

    @register_upcaster(kind, 2)
    def v2_to_v3(data):  # v2 -> v3 adds "z"
        return {**data, "z": 0}

    assert codec.CURRENT_SCHEMA[kind] == 3

    old = {"type": kind, "schema": "1", "data": '{"pos":"3,4"}', "ts": "t"}
    env = decode("g-1", b"5-0", as_bytes(old))
    assert (env.schema, env.data) == (3, {"x": 3, "y": 4, "z": 0})

    middle = {"type": kind, "schema": "2", "data": '{"x":1,"y":2}', "ts": "t"}
    assert decode("g-1", "6-0", middle).data == {"x": 1, "y": 2, "z": 0}

    current = encode(sample(type=kind, schema=3, data={"x": 0, "y": 0, "z": 9}))
    assert decode("g-1", "7-0", current).data == {"x": 0, "y": 0, "z": 9}

    # other types are untouched
    assert decode("g-1", "8-0", encode(sample())).schema == 1


def test_registry_is_clean_after_upcaster_test():
    assert "TestOnlyTileMoved" not in codec.CURRENT_SCHEMA
    assert not any(k[0] == "TestOnlyTileMoved" for k in codec.UPCASTERS)
