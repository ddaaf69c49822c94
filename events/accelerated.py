"""The modules an install compiles with Cython, and the import rule that keeps them honest.

The games' engines and the audit's reading of a log spend their time in the Python
interpreter's dispatch of small steps (dict and list operations); compiled by Cython from the
*same source files*, unchanged, they run the same steps without it: 42 % fewer instructions per
four-seat Selfish: Space self-play game, 36 % fewer per Zombie Edition game and 18 % fewer per
audited event (``python bench/instructions.py --modes selfplay,zombie,verify --requests 30``,
2026-11-28: 3,178k against 5,463k, 4,243k against 6,620k, 68.8k against 83.4k; 59.3k on 2026-11-28
evening with the chain's SHA-256 states in C, :data:`EXTENSIONS`), and some 1.5 times
the random games of Zombies!!! Quickplay and One Against the Dead per CPU second. There is no
second copy of a rule:
``setup.py`` compiles the modules :data:`COMPILED` names, each next to its ``.py`` file, and
``tests/test_accelerated.py`` plays and audits the same seeded games both ways and asserts
the same events, states and verdicts.

A few modules have a declarations file beside them (``name.pxd``, Cython's "augmenting" file):
it changes no step of the source, it tells the compiler which classes are extension types with
fixed slots (the Selfish tables, the resource, the board, the lazy generator), which functions other compiled
code calls in C, and which loop counters are C integers. The source still runs as it reads, and
from source nothing of it is used. A module whose declarations ``cimport`` another's is compiled
against that module's compiled form.

A compiled module (``name.cpython-311-x86_64-linux-gnu.so`` beside ``name.py``) would shadow its
source for Python's import system, so an edit of the ``.py`` would not take effect until the
next install. :func:`install` (run when ``events`` is imported, before any of these modules)
puts a finder first on ``sys.meta_path`` that loads a listed module from its source instead when

* the source file or its declarations file is newer than the compiled one (edited since the
  install),
* a module its declarations ``cimport`` from runs from source, or had its declarations edited
  since this module was compiled (the compiled code expects that module's compiled types), or
* the environment sets ``STRANDED_PURE_PYTHON`` to a non-empty value (every module from source:
  what a machine without a C compiler runs anyway, and what the parity test compares with).

An install without Cython or a C compiler builds nothing (``setup.py``: the extensions are
optional) and runs every module from source. :func:`compiled` tells which are compiled now.
"""
from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import re
import sys

from events.settings import pure_python

#: Dotted names of the modules ``setup.py`` compiles: every game's engine (rules, setup, legal
#: commands, views and bots, the expert's search among them; not the schemas, the catalogues
#: or the sentences that describe events, which no game loop runs), the seeded
#: randomness, self-play, and the audit's path through a log (read, meta, decode, chain,
#: re-run, compare).
COMPILED = (
    *(f"events.games.selfish.{m}" for m in ("board", "commands", "evolve", "paying", "reactions", "resigning",
                                            "searching", "stack", "table", "versions")),
    "events.games.search",
    *(f"events.games.selfish_space.{m}" for m in ("cards", "decide", "evolve", "legal", "resolve", "setup", "state",
                                                  "views", "bots", "planner", "values", "expert")),
    *(f"events.games.selfish_zombie.{m}" for m in ("cards", "decide", "evolve", "legal", "resolve", "setup", "state",
                                                   "views", "bots", "values", "expert")),
    *(f"events.games.zombies_quickplay.{m}" for m in (
        "bots", "cardplay", "cards", "choices", "combat", "decide", "evolve", "evolve_cards", "evolve_moves",
        "expert", "legal", "movement", "placement", "random_fast", "resigning", "seats_out", "setup", "state",
        "table", "tiles", "views", "windows", "zombies")),
    *(f"events.games.one_against_the_dead.{m}" for m in ("bots", "cards", "decide", "evolve", "expert", "legal",
                                                         "planner", "resolve", "setup", "state", "views")),
    "events.table.randomness", "events.commands.simulation",
    *(f"events.log.{m}" for m in ("chain", "codec", "reads", "implied", "metahash")),
    *(f"projections.{m}" for m in ("records", "audit", "audit_stream", "audit_rules", "audit_caches")),
)


#: The folder the ``events`` and ``projections`` packages sit in (where an install put them).
_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_CIMPORT = re.compile(r"^\s*(?:from\s+([\w.]+)\s+cimport|cimport\s+([\w.]+))", re.MULTILINE)


def _mtime(path: str) -> float | None:
    """When ``path`` was last written (``None`` if there is no such file)."""
    try:
        return os.stat(path).st_mtime
    except OSError:
        return None


def _compiled_file(base: str) -> str | None:
    """The compiled module beside the source ``base + ".py"`` (``None`` if none was built)."""
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        if os.path.exists(base + suffix):
            return base + suffix
    return None


def _cimported(pxd: str) -> list[str]:
    """The listed modules the declarations file ``pxd`` cimports from (none without the file)."""
    try:
        with open(pxd, encoding="utf-8") as declarations:
            text = declarations.read()
    except OSError:
        return []
    return [name for pair in _CIMPORT.findall(text) for name in pair if name in _LISTED]


def runs_from_source(fullname: str) -> bool:
    """Whether the listed module ``fullname`` is loaded from its source rather than compiled: the rule
    of the module doc (no compiled file, ``STRANDED_PURE_PYTHON``, an edited source or
    declarations file, or a module it cimports from that runs from source or whose declarations
    changed since)."""
    base = os.path.join(_ROOT, *fullname.split("."))
    compiled = _compiled_file(base)
    if pure_python() or compiled is None:
        return True
    built = os.stat(compiled).st_mtime
    pxd = base + ".pxd"
    if any((_mtime(path) or 0) > built for path in (base + ".py", pxd)):
        return True
    for name in _cimported(pxd):
        if runs_from_source(name) or (_mtime(os.path.join(_ROOT, *name.split(".")) + ".pxd") or 0) > built:
            return True
    return False


class _SourceWhenStale:
    """A meta path finder for the modules of :data:`COMPILED`: the spec the normal path finder
    gives, but the source file's when :func:`runs_from_source` says so."""

    def find_spec(self, fullname: str, path=None, target=None):
        """The module spec of ``fullname`` (``None`` for a module not listed: the other finders
        look for it as usual)."""
        if fullname not in _LISTED:
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        origin = spec.origin if spec is not None else None
        if origin is None or not origin.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)):
            return spec
        source = os.path.join(os.path.dirname(origin), fullname.rpartition(".")[2] + ".py")
        if os.path.exists(source) and runs_from_source(fullname):
            return importlib.util.spec_from_file_location(fullname, source)
        return spec


_LISTED = frozenset(COMPILED)
_FINDER = _SourceWhenStale()


def install() -> None:
    """Put the finder first on ``sys.meta_path`` (once per process)."""
    if _FINDER not in sys.meta_path:
        sys.meta_path.insert(0, _FINDER)


#: Modules written in Cython itself (``name.pyx``, no ``.py``): optional fast paths that a module of the
#: plain source uses when :func:`extension` finds them built, and does without otherwise.
EXTENSIONS = ("events.log.sha256_states",)


def extension(fullname: str):
    """The module ``fullname`` of :data:`EXTENSIONS` when it is built and current (its compiled file
    not older than its ``.pyx``) and ``STRANDED_PURE_PYTHON`` is not set; else ``None`` (the caller
    takes its plain path)."""
    base = os.path.join(_ROOT, *fullname.split("."))
    built = _compiled_file(base)
    if fullname not in EXTENSIONS or pure_python() or built is None \
            or (_mtime(base + ".pyx") or 0) > os.stat(built).st_mtime:
        return None
    try:
        return importlib.import_module(fullname)
    except ImportError:         # built against a library this machine no longer has
        return None


def compiled() -> list[str]:
    """The modules of :data:`COMPILED` that this process runs compiled (imports them all)."""
    return [name for name in COMPILED
            if not (importlib.import_module(name).__file__ or "").endswith(".py")]
