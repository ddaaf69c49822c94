# Declarations Cython compiles ``legal.py`` with (``events/accelerated.py``): the state's questions
# are C calls, and the random pick counts in C integers.
cimport cython
from events.games.selfish.commands cimport travel_options
from events.games.selfish_space.decide cimport phase_of
from events.games.selfish_space.state cimport flared, target_seats

@cython.locals(n_plays=cython.Py_ssize_t)
cpdef _turn_parts(state, seat, hand)

@cython.locals(n_plays=cython.Py_ssize_t, k=cython.Py_ssize_t, n_pairs=cython.Py_ssize_t, j=cython.Py_ssize_t,
               i=cython.Py_ssize_t, rest=cython.Py_ssize_t)
cpdef random_command(state, seat, rng)
