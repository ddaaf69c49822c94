# Declarations Cython compiles ``state.py`` with (``events/accelerated.py``): seat loops count in
# C integers.
cimport cython

@cython.locals(n=cython.Py_ssize_t, step=cython.Py_ssize_t, s=cython.Py_ssize_t)
cpdef next_alive(state, Py_ssize_t seat)

@cython.locals(anyone=list, off_start=list, other=cython.Py_ssize_t)
cpdef target_seats(state, Py_ssize_t seat)

cpdef flared(state, seat)
