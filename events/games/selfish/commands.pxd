# Declarations Cython compiles ``commands.py`` with (``events/accelerated.py``): the seat to act and
# the ways to pay for a Travel are C calls for the compiled code that cimports them.
cpdef active_seat(state)
cpdef travel_options(object hand, object single, object double)
