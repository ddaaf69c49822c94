# Declarations Cython compiles ``board.py`` with (``events/accelerated.py``): the board is an
# extension type with read-only slots, its questions and its evolve steps called without a Python call.
cdef class Board:
    cdef readonly str deck
    cdef readonly str discard
    cdef readonly str reshuffled
    cdef readonly Py_ssize_t goal
    cpdef position(self, state, seat)
    cpdef at_goal(self, state, seat)
    cpdef moved(self, s, d)
    cpdef moved_back(self, s, d)
    cpdef deck_reshuffled(self, s, d)
