"""Build step of ``pip install``: compile the modules ``events/accelerated.py`` lists with Cython.

The project's metadata is in ``pyproject.toml``; this file only adds the compiled modules, each
built next to its source from the same ``.py`` file (``events/accelerated.py`` says why and how
an edited source still wins). They are optional: without Cython or a C compiler (or with
``STRANDED_PURE_PYTHON`` set) the install builds none and every module runs from source.
"""
import ast
import os
import runpy

from setuptools import Extension, setup


def _compiled_list(name: str = "COMPILED") -> tuple:
    """``events.accelerated.COMPILED`` (or another tuple of names it assigns): its assignment alone, run
    from the file (importing ``events`` would import what is being built)."""
    path = os.path.join("events", "accelerated.py")
    with open(path, encoding="utf-8") as source:
        tree = ast.parse(source.read())
    assignment = next(node for node in tree.body
                      if isinstance(node, ast.Assign) and [t.id for t in node.targets] == [name])
    namespace: dict = {}
    exec(compile(ast.Module(body=[assignment], type_ignores=[]), path, "exec"), namespace)
    return namespace[name]


#: ``events.settings.pure_python`` (its module imports only the standard library)
PURE_PYTHON = runpy.run_path(os.path.join("events", "settings.py"))["pure_python"]
COMPILED = _compiled_list()
#: ``events.accelerated.EXTENSIONS``: modules written in Cython (``.pyx``), each an optional fast path
#: whose plain path the source keeps (``events/log/sha256_states.pyx`` links OpenSSL's libcrypto, and
#: is built only where OpenSSL's headers are: Debian's ``libssl-dev``)
EXTENSIONS = _compiled_list("EXTENSIONS")


def extensions() -> list:
    """The compiled modules, or none where they cannot or should not be built."""
    if PURE_PYTHON():
        return []
    try:
        from Cython.Build import cythonize
    except ImportError:
        return []
    modules = [Extension(name, [name.replace(".", "/") + ext], optional=True)
               for names, ext in ((COMPILED, ".py"), (EXTENSIONS, ".pyx")) for name in names]
    try:
        return cythonize(modules, nthreads=os.cpu_count() or 1, quiet=True,
                         compiler_directives={"language_level": 3, "binding": True, "annotation_typing": False})
    except Exception as exc:  # noqa: BLE001 -- a module Cython cannot translate: run all from source
        print(f"stranded: not compiling the engine ({exc}); every module runs from source")
        return []


# the C compiles run side by side, one per core (each module is its own compile)
setup(ext_modules=extensions(), options={"build_ext": {"parallel": os.cpu_count() or 1}})
