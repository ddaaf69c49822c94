# Declarations Cython compiles ``paying.py`` with (``events/accelerated.py``): the resource is an
# extension type with two read-only string slots, its questions called without a Python call.
cimport cython

cdef class Supplies:
    cdef readonly str single
    cdef readonly str double
    @cython.locals(single=str, double=str, units=cython.Py_ssize_t, card=str)
    cpdef count(self, hand)
    cpdef lose_two(self, hand)
    @cython.locals(single=str, found=cython.Py_ssize_t, card=str)
    cpdef two_singles(self, state)
    cpdef can_split(self, state, seat)
    cpdef swapped_event(self, state, seat, auto)
