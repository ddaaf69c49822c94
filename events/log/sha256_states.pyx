# distutils: libraries = crypto
# distutils: define_macros = OPENSSL_API_COMPAT=0x10101000L
# cython: language_level=3
"""Chain 2's link (``events.log.chain``) on OpenSSL's SHA-256 states kept as C structs.

``hashlib``'s SHA-256 objects go through OpenSSL's EVP layer: every ``copy()`` and ``digest()``
allocates, copies and frees a context, some 300 ns each, while the hashing itself (SHA
extensions) costs some 50 ns a 64-byte block. A link of chain 2 makes three copies and three
digests for six blocks: about 1.7 us, against 0.6 us here, where the keyed states are plain
``SHA256_CTX`` structs copied by assignment and fed with OpenSSL's ``SHA256_Update`` and
``SHA256_Final`` (deprecated names in OpenSSL 3, still built; the macro above declares them
without the warning).

This module is optional: ``setup.py`` builds it where OpenSSL's headers are (Debian's
``libssl-dev``); without it, or with ``STRANDED_PURE_PYTHON`` set, ``events.log.chain`` links
with ``hashlib`` (the same heads: ``tests/events/test_codec.py`` holds both to the chain's
definition, written with the standard library's ``hmac``). It holds no rule of the chain of its
own: the prefixes come from ``events.log.chain``.
"""
from cpython.unicode cimport PyUnicode_AsUTF8AndSize

cdef extern from "openssl/sha.h":
    ctypedef struct SHA256_CTX:
        pass
    int SHA256_Init(SHA256_CTX *c)
    int SHA256_Update(SHA256_CTX *c, const void *data, size_t length)
    int SHA256_Final(unsigned char *md, SHA256_CTX *c)


cdef void _feed(SHA256_CTX *state, bytes data):
    SHA256_Update(state, <const char *>data, len(data))


cdef void _feed_text(SHA256_CTX *state, str text) except *:
    # the text's UTF-8 bytes (Python keeps them with an ASCII string; raises UnicodeEncodeError for a
    # lone surrogate, as str.encode does)
    cdef Py_ssize_t size
    cdef const char *utf8 = PyUnicode_AsUTF8AndSize(text, &size)
    SHA256_Update(state, utf8, <size_t>size)


cdef class KeyedLinker:
    """``link_one(prev, version, e, b) -> head`` of chain 2 for one audit key.

    Made with the three prefixes ``events.log.chain.linker`` computes: ``inner`` (the key XOR
    HMAC's inner pad, then the leaf tag), ``outer`` (the key XOR the outer pad) and ``node`` (the
    node tag); each is hashed once into a state that every call copies. ``prev``: the previous
    head (raw bytes); ``version``: an int; ``e``, ``b``: the entry's stored fields (text).
    Returns the head, 32 raw bytes."""

    cdef SHA256_CTX inner, outer, node

    def __init__(self, bytes inner not None, bytes outer not None, bytes node not None):
        SHA256_Init(&self.inner)
        _feed(&self.inner, inner)
        SHA256_Init(&self.outer)
        _feed(&self.outer, outer)
        SHA256_Init(&self.node)
        _feed(&self.node, node)

    def __call__(self, bytes prev not None, version, str e not None, str b not None):
        # (anything but bytes and str is a TypeError, None included: C never reads through a None)
        cdef SHA256_CTX state = self.inner
        cdef unsigned char digest[32]
        # leaf = HMAC(key, leaf tag + "<version>\x1f<e>\x1f<b>"): the inner hash, then the outer
        _feed(&state, str(version).encode("ascii") + b"\x1f")
        _feed_text(&state, e)
        SHA256_Update(&state, b"\x1f", 1)
        _feed_text(&state, b)
        SHA256_Final(digest, &state)
        state = self.outer
        SHA256_Update(&state, digest, 32)
        SHA256_Final(digest, &state)
        # head = SHA-256(node tag + prev + leaf)
        state = self.node
        _feed(&state, prev)
        SHA256_Update(&state, digest, 32)
        SHA256_Final(digest, &state)
        return digest[:32]
