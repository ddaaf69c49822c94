"""service.http.record_cache: records kept by game and fingerprint, bounded by bytes."""
from __future__ import annotations

from service.http.record_cache import ServedRecords


def test_a_record_is_built_once_per_fingerprint():
    # given a cache and a builder that counts its calls
    cache, built = ServedRecords(max_bytes=100), []

    def build(text):
        return lambda: built.append(text) or text.encode()
    # when one game's record is asked for twice at one fingerprint, then at another
    first = cache.body("g1", "f1", build("old"))[0]
    again = cache.body("g1", "f1", build("never built"))[0]
    changed = cache.body("g1", "f2", build("new"))[0]
    # then it was built once per fingerprint, and the kept body replaced
    assert (first, again, changed) == (b"old", b"old", b"new") and built == ["old", "new"]
    assert cache.size == 3


def test_the_least_recently_served_records_leave_first_and_the_bytes_stay_bounded():
    # given a cache of 10 bytes holding two 4-byte records, the first served again since
    cache = ServedRecords(max_bytes=10)
    cache.body("a", "f", lambda: b"aaaa")
    cache.body("b", "f", lambda: b"bbbb")
    cache.body("a", "f", lambda: b"rebuilt")
    # when a third arrives
    cache.body("c", "f", lambda: b"cccc")
    # then b (least recently served) left, and no more than 10 bytes are kept
    assert cache.body("a", "f", lambda: b"rebuilt")[0] == b"aaaa"
    assert cache.body("b", "f", lambda: b"BBBB")[0] == b"BBBB"
    assert cache.size <= 10


def test_a_record_larger_than_the_whole_cache_is_served_but_not_kept():
    cache = ServedRecords(max_bytes=3)
    assert cache.body("big", "f", lambda: b"four")[0] == b"four"
    assert cache.size == 0 and cache.body("big", "f", lambda: b"again")[0] == b"again"


def test_the_etag_is_the_digest_of_the_bytes_served_not_the_private_fingerprint():
    from werkzeug.http import generate_etag

    body, etag = ServedRecords().body("g", "a-fingerprint-of-private-fields", lambda: b'{"x":1}')
    assert etag == generate_etag(b'{"x":1}') and "fingerprint" not in etag
