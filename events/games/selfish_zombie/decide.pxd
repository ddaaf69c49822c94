# Declarations Cython compiles ``decide.py`` with (``events/accelerated.py``): each command's
# handler takes Zombie Edition's table as the extension type it is, so its steps are C calls.
from events.games.selfish_zombie.resolve cimport Table

cpdef play_action(Table t, seat, command)
cpdef rest(Table t, seat, command)
cpdef travel(Table t, seat, command)
cpdef play_body_armor(Table t, seat, command)
cpdef play_underestimate(Table t, seat, command)
cpdef pass_(Table t, seat, command)
cpdef discard_card(Table t, seat, command)
cpdef place_scouted(Table t, seat, command)
cpdef order_wasteland(Table t, seat, command)
cpdef accept(Table t, seat, command)
cpdef decline(Table t, seat, command)
cpdef zombie_move(Table t, seat, command)
cpdef attack(Table t, seat, command)
cpdef end_zombie_turn(Table t, seat, command)
