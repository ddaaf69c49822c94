# Declarations Cython compiles ``table.py`` with (``events/accelerated.py``): the table is an
# extension type, its four attributes slots, its hot methods called without a Python call.
cimport cython

cdef class Table:
    cdef public object s
    cdef public object rng
    cdef public list events
    cdef public list queue
    cpdef emit(self, type_, data)
    @cython.locals(_=cython.Py_ssize_t)
    cpdef draw(self, seat, Py_ssize_t n=*)
    cpdef pay_one(self, seat, reason)
    cpdef units(self, seat)
    cpdef check_death(self, seat)
    cpdef die(self, seat)
    cpdef end_turn(self)
    cpdef move_forward(self, seat)
    cpdef move_back(self, seat)
    cpdef run(self, ops=*)
