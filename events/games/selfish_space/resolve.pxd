# Declarations Cython compiles ``resolve.py`` with (``events/accelerated.py``): the Space
# Edition's table is an extension type too, so its steps reach the shared table's slots directly.
from events.games.selfish.table cimport Table as SelfishTable

cdef class Table(SelfishTable):
    cpdef end_turn(self)
    cpdef resolve_action(self, seat, card, target)
