# Declarations Cython compiles ``decide.py`` with (``events/accelerated.py``): each command's
# handler takes the Space Edition's table as the extension type it is, so its steps are C calls.
from events.games.selfish_space.resolve cimport Table

cpdef phase_of(state)

cpdef play_action(Table t, seat, command)
cpdef swap_double(Table t, seat, command)
cpdef breathe(Table t, seat, command)
cpdef travel(Table t, seat, command)
cpdef play_shield(Table t, seat, command)
cpdef pass_(Table t, seat, command)
cpdef take_card(Table t, seat, command)
cpdef discard_cards(Table t, seat, command)
cpdef swap_with(Table t, seat, command)
