# Declarations Cython compiles ``randomness.py`` with (``events/accelerated.py``): the lazy
# generator is an extension type (an instance dict still caches the generator's methods), and
# the draws of ``shuffle`` and ``choice`` count in C integers (every count here is far below 2**62).
cimport cython

cdef class LazyRandom:
    cdef tuple _stream
    cdef object _rng
    cdef dict __dict__

    cpdef _generator(self)

    @cython.locals(n=cython.Py_ssize_t, k=cython.int, low=cython.Py_ssize_t, i=cython.Py_ssize_t,
                   j=cython.Py_ssize_t)
    cpdef shuffle(self, x)

    @cython.locals(n=cython.Py_ssize_t, k=cython.int, j=cython.Py_ssize_t)
    cpdef choice(self, seq)
