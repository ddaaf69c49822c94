"""The envelope codec: stream layout 2 (batches, one field set, the chain), layout 1 still
read, errors, upcasting."""
from __future__ import annotations

import hashlib
import hmac

import pytest

from events.log import chain, codec
from events.log.codec import (
    FIELDS,
    BatchHeader,
    CodecError,
    Envelope,
    decode,
    decode_entries,
    encode,
    encode_batch,
    register_upcaster,
)

HEADER = BatchHeader(2, "seat", 1_714_564_800_000, {"type": "DrawCard"})
EVENTS = [{"type": "CardDrawn", "data": {"card": "oxygen", "nested": {"list": [1, "é"]}}},
          {"type": "TurnEnded", "data": {"seat": 2}},
          {"type": "TurnStarted", "data": {"seat": 0}}]


def batch(first=7, header=HEADER, events=EVENTS, prev=None):
    return encode_batch("g-1", first, events, header, prev or chain.genesis("g-1"))


def stream(encoded, first=7, as_bytes=False):
    entries = [(f"{first + i}-0", dict(zip(FIELDS, e))) for i, e in enumerate(encoded.entries)]
    if as_bytes:
        entries = [(i.encode(), {k.encode(): v.encode() for k, v in f.items()}) for i, f in entries]
    return entries


@pytest.mark.parametrize("as_bytes", [False, True], ids=["str", "bytes"])
def test_a_batch_round_trips_through_its_stream_entries(as_bytes):
    encoded = batch()
    assert decode_entries("g-1", stream(encoded, as_bytes=as_bytes)) == encoded.envelopes
    first, middle, last = encoded.envelopes
    assert (first.seat, first.command_id, first.cause, first.ts) == (2, "7", "seat", "2024-05-01T12:00:00.000Z")
    assert first.command == {"type": "DrawCard"} and middle.command is None and last.command is None
    assert all(e.seat == 2 and e.command_id == "7" for e in encoded.envelopes)


def test_every_entry_has_the_same_two_fields_so_redis_shares_their_names():
    for _, fields in stream(batch()):
        assert list(fields) == ["e", "b"]


def test_the_type_and_data_share_one_field():
    (e0, _), _, _ = batch().entries
    assert e0 == 'CardDrawn {"card":"oxygen","nested":{"list":[1,"é"]}}'


def test_the_header_is_on_the_first_entry_and_the_others_name_their_position():
    (_, b0), (_, b1), (_, b2) = batch().entries
    assert BatchHeader.from_json(b0) == HEADER
    assert b1 == "1" and b2.startswith("2 ") and len(b2) == 2 + 43


def test_the_head_ends_the_last_entry_and_is_the_chain_over_every_entry_of_the_batch():
    encoded = batch()
    head = chain.genesis("g-1")
    for offset, (e, b) in enumerate(encoded.entries):
        head = chain.link(head, 7 + offset, e, b.split(" ")[0] if offset else b)
    assert encoded.entries[-1][1].split(" ")[1] == chain.text_head(head) == encoded.envelopes[-1].head
    assert chain.parse_head(encoded.envelopes[-1].head) == head


def test_a_one_event_batch_holds_its_header_and_its_head():
    encoded = batch(events=EVENTS[:1])
    (_, b), = encoded.entries
    header, head = b.rsplit(" ", 1)
    assert BatchHeader.from_json(header) == HEADER and head == encoded.envelopes[0].head


@pytest.mark.parametrize("edit", ["data", "type", "order", "header"])
def test_any_edit_to_a_batch_changes_the_head(edit):
    original = batch().head
    events = [dict(e) for e in EVENTS]
    header = HEADER
    if edit == "data":
        events[0] = {**events[0], "data": {"card": "shield"}}
    elif edit == "type":
        events[1] = {**events[1], "type": "TurnSkipped"}
    elif edit == "order":
        events[1], events[2] = events[2], events[1]
    else:
        header = BatchHeader(1, "seat", HEADER.ts_ms, HEADER.command)
    assert batch(events=events, header=header).head != original


def test_a_chain_is_bound_to_its_game():
    assert chain.genesis("g-1") != chain.genesis("g-2")


def test_an_entry_in_the_middle_of_a_batch_reads_its_header_from_the_batch_start():
    entries = stream(batch())
    asked = []

    def header_at(version):
        asked.append(version)
        return BatchHeader.from_json(entries[version - 7][1]["b"])  # the first entry: no head

    decoded = decode_entries("g-1", entries[1:], header_at)
    assert asked == [7] and [e.version for e in decoded] == [8, 9]
    assert decoded[0].command_id == "7" and decoded[0].command is None
    with pytest.raises(CodecError):
        decode_entries("g-1", entries[1:])


def test_a_schema_other_than_one_is_kept_in_the_type_field(clean_registry):
    register_upcaster("TestOnlyMoved", 1)(lambda data: {**data, "z": 0})
    (e, _), = batch(events=[{"type": "TestOnlyMoved", "data": {"x": 1}}],
                    header=BatchHeader(0, "seat", 0, {})).entries
    assert e == 'TestOnlyMoved/2 {"x":1}'


def test_a_layout_1_entry_is_still_read():
    fields = {b"type": b"CardDrawn", b"schema": b"1", b"data": b'{"card":"oxygen"}', b"ts": b"2024-05-01T12:00:00.000Z",
              b"seat": b"0", b"command_id": b"c-9", b"command": b'{"type":"Travel"}'}
    env = decode("g-1", b"3-0", fields)
    assert env == Envelope("g-1", 3, "CardDrawn", {"card": "oxygen"}, 1, 0, "c-9", {"type": "Travel"},
                           "2024-05-01T12:00:00.000Z", None, None)


def test_encode_writes_one_event_as_a_one_event_batch():
    env = Envelope("g-1", 1, "CardDrawn", {"card": "oxygen"}, seat=0, command_id="c", command={"type": "X"},
                   ts="2024-05-01T12:00:00.000Z", cause="seat")
    back = decode("g-1", "1-0", encode(env))
    assert (back.type, back.data, back.seat, back.command, back.ts, back.cause) == \
        ("CardDrawn", {"card": "oxygen"}, 0, {"type": "X"}, "2024-05-01T12:00:00.000Z", "seat")


@pytest.mark.parametrize(
    "entry_id, fields",
    [
        ("1-0", {}),
        ("1-0", {"e": "X {}"}),
        ("1-0", {"e": "X {}", "b": "{not json"}),
        ("1-0", {"e": "X {not json", "b": HEADER.to_json()}),
        ("1-0", {"e": "X/one {}", "b": HEADER.to_json()}),
        ("1-0", {"e": "X {}", "b": '{"c":{}}'}),
        ("1-0", {"e": "X {}", "b": '{"c":{},"k":"magic","s":0,"t":0}'}),
        ("1-0", {"e": "X", "b": HEADER.to_json()}),
        ("1-0", {"e": "X {}", "b": HEADER.to_json() + " short"}),
        ("1-0", {"type": "X"}),
        ("1-0", {"type": "X", "data": "{not json"}),
        ("1-0", {"type": "X", "data": "{}", "schema": "one"}),
        ("1-0", {"type": "X", "data": "{}", "seat": "north"}),
        ("abc", {"type": "X", "data": "{}"}),
        (b"1-0", {b"type": b"X", b"data": b"\xff\xfe"}),
        (b"\xff-0", {b"type": b"X", b"data": b"{}"}),
    ],
    ids=["empty", "layout2-no-data", "bad-header", "bad-json", "bad-schema", "header-missing-keys", "unknown-cause", "no-data", "short-head", "layout1-no-data",
         "layout1-bad-json", "layout1-bad-schema", "bad-seat", "bad-id", "not-utf8", "id-not-utf8"],
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
    one = HEADER.to_json()
    old = {"e": kind + ' {"pos":"3,4"}', "b": one}
    env = decode("g-1", b"5-0", old)
    assert (env.schema, env.data) == (3, {"x": 3, "y": 4, "z": 0})
    middle = {"e": f'{kind}/2 {{"x":1,"y":2}}', "b": one}
    assert decode("g-1", "6-0", middle).data == {"x": 1, "y": 2, "z": 0}
    legacy = {"type": kind, "schema": "1", "data": '{"pos":"5,6"}', "ts": "t"}
    assert decode("g-1", "7-0", legacy).data == {"x": 5, "y": 6, "z": 0}
    assert decode("g-1", "8-0", {"e": "Other {}", "b": one}).schema == 1


def test_registry_is_clean_after_upcaster_test():
    assert "TestOnlyTileMoved" not in codec.CURRENT_SCHEMA
    assert not any(k[0] == "TestOnlyTileMoved" for k in codec.UPCASTERS)


@pytest.mark.parametrize("states", ["as built", "hashlib"])
@pytest.mark.parametrize("key", [None, bytes(range(32)), b"\xff" * 64, bytes(range(100))],
                         ids=["chain 1", "chain 2", "a 64-byte key", "a key longer than a SHA-256 block"])
def test_a_linker_and_link_give_the_heads_the_chain_defines(key, states, monkeypatch, request):
    # (both ways of linking: with the install's C states where it built them, and with hashlib alone;
    # no linker of this test's choice outlives it, even when an assertion fails)
    request.addfinalizer(chain._linker_of.cache_clear)
    if states == "hashlib":
        monkeypatch.setattr(chain, "_STATES", None)
        chain._linker_of.cache_clear()
    # given the chain as events.log.chain defines it, written out with the standard library's HMAC
    def defined(prev: bytes, version: int, e: str, b: str) -> bytes:
        text = f"{version}\x1f{e}\x1f{b}".encode()
        if key is None:
            return hashlib.sha256(prev + text).digest()
        leaf = hmac.new(key, b"stranded-leaf/2\x00" + text, "sha256").digest()
        return hashlib.sha256(b"\x01" + prev + leaf).digest()

    entries = [(1, "GameCreated {}", '{"s":null}'), (2, "CardDrawn {\"card\":\"Oxygen\"}", "1"), (3, "é ☃", "2")]
    head = fast = kept = chain.genesis("g1", key)
    link_one = chain.linker(key)
    for version, e, b in entries:
        # when the same entries are linked by the definition, by the linker made once for the game
        # and by link (which keeps the key's linker between calls)
        head, fast, kept = defined(head, version, e, b), link_one(fast, version, e, b), chain.link(kept, version, e, b, key)
        # then every head is the same
        assert fast == head and kept == head


@pytest.mark.parametrize("bad", [(None, 3, "E {}", "1"), (bytes(32), 3, None, "1"), (bytes(32), 3, "E {}", None),
                                 ("not bytes", 3, "E {}", "1")], ids=["prev", "e", "b", "prev as str"])
def test_the_c_states_take_only_bytes_and_text(bad):
    # given chain 2's link on the C states (events/log/sha256_states.pyx: every install CI runs builds
    # them, tests/test_accelerated.py); when it is handed None or a head that is not bytes, then it
    # raises TypeError, and reads nothing through it
    from events.log.sha256_states import KeyedLinker

    with pytest.raises(TypeError):
        KeyedLinker(b"inner", b"outer", b"\x01")(*bad)
    with pytest.raises(TypeError):
        KeyedLinker(None, b"outer", b"\x01")


def test_a_lone_surrogate_in_stored_text_fails_to_link_as_str_encode_does():
    # given an entry whose text holds a lone surrogate (a tampered byte, decoded with surrogateescape)
    link_one = chain.linker(bytes(range(32)))
    # when it is linked, then it raises UnicodeEncodeError, with the C states as with hashlib
    with pytest.raises(UnicodeEncodeError):
        link_one(bytes(32), 3, "CardDrawn {\"card\":\"\udcff\"}", "1")


def test_a_whole_stream_read_decodes_every_item_as_one_by_one_would():
    from events.log.reads import _decoded_entries
    from events.log.replies import lenient_text

    # given a flat XRANGE reply with text, a multibyte character and bytes that are not UTF-8
    # (and entries of other sizes: stream layout 1's, one field twice, none)
    reply = [[b"1-0", [b"e", "GameCreated {\"n\":\"Zoë\"}".encode(), b"b", b"{}"]],
             [b"2-0", [b"e", b"CardDrawn {\"x\":\"\xff\xe2\"}", b"b", b"1 \xc3"]],
             [b"3-0", [b"type", b"Old", b"schema", b"1", b"data", b"{}", b"ts", b"t"]],
             [b"4-0", [b"e", b"first", b"e", b"second"]], [b"5-0", []], [b"6-0", [b"b", b"1"]]]
    # when it is decoded in one call
    fast = _decoded_entries(reply)
    # then each item is what lenient_text gives it alone
    assert fast == [[lenient_text(i), {lenient_text(k): lenient_text(v) for k, v in zip(f[::2], f[1::2])}]
                    for i, f in reply]
    # and an item that holds a NUL byte itself, or an entry of another shape, is left to the slow path
    assert _decoded_entries([[b"1-0", [b"e", b"a\x00b", b"b", b"{}"]]]) is None
    assert _decoded_entries([[b"1-0", [b"e", b"x", b"b"]]]) is None


def test_the_e_and_b_of_entries_read_as_dicts_are_each_entrys_own():
    from events.log.implied import _entry_pair, _entry_pairs

    # given entries as dicts: layout 2 (text and bytes), one without a b field, layout 1, and a flat list
    regular = [{"e": "GameCreated {}", "b": "{}"}, {"e": "CardDrawn {}", "b": "1 " + "h" * 43}]
    odd = [{"e": "CardDrawn {}"}, {b"e": b"X {}", b"b": b"2"}, {"type": "Old", "data": "{}"}, [b"e", b"Y {}", b"b", b"3"]]
    for fields_list in (regular, regular + odd, odd + regular):
        # when their (e, b) pairs are taken at once
        # then each is what the entry alone gives
        assert _entry_pairs(fields_list) == [_entry_pair(fields) for fields in fields_list]
