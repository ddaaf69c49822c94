# Declarations Cython compiles ``resolve.py`` with (``events/accelerated.py``): Zombie Edition's
# table is an extension type too, so its steps reach the shared table's slots directly.
from events.games.selfish.table cimport Table as SelfishTable

cdef class Table(SelfishTable):
    cpdef end_turn(self)
