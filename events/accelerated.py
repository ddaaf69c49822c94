"""The modules an install compiles with Cython, and the import rule that keeps them honest.

The games' engines and the audit's reading of a log spend their time in the Python
interpreter's dispatch of small steps (dict and list operations); compiled by Cython from the
*same source files*, unchanged, they run the same steps without it: 23 % fewer instructions per
four-seat Selfish: Space self-play game and 11 % fewer per audited event (``python
bench/instructions.py --modes selfplay,verify``), and some 1.5 times the random games of Zombies!!!
Quickplay and One Against the Dead per CPU second. There is no second copy of a rule:
``setup.py`` compiles the modules :data:`COMPILED` names, each next to its ``.py`` file, and
``tests/test_accelerated.py`` plays and audits the same seeded games both ways and asserts
the same events, states and verdicts.

A compiled module (``name.cpython-311-x86_64-linux-gnu.so`` beside ``name.py``) would shadow its
source for Python's import system, so an edit of the ``.py`` would not take effect until the
next install. :func:`install` (run when ``events`` is imported, before any of these modules)
puts a finder first on ``sys.meta_path`` that loads a listed module from its source instead when

* the source file is newer than the compiled one (edited since the install), or
* the environment sets ``STRANDED_PURE_PYTHON`` to a non-empty value (every module from source:
  what a machine without a C compiler runs anyway, and what the parity test compares with).

An install without Cython or a C compiler builds nothing (``setup.py``: the extensions are
optional) and runs every module from source. :func:`compiled` tells which are compiled now.
"""
from __future__ import annotations

import importlib.machinery
import importlib.util
import os
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


class _SourceWhenStale:
    """A meta path finder for the modules of :data:`COMPILED`: the spec the normal path finder
    gives, but the source file's when the compiled file is older than it or
    ``STRANDED_PURE_PYTHON`` is set (``events.settings.pure_python``)."""

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
        if not os.path.exists(source):
            return spec
        if pure_python() or os.stat(source).st_mtime > os.stat(origin).st_mtime:
            return importlib.util.spec_from_file_location(fullname, source)
        return spec


_LISTED = frozenset(COMPILED)
_FINDER = _SourceWhenStale()


def install() -> None:
    """Put the finder first on ``sys.meta_path`` (once per process)."""
    if _FINDER not in sys.meta_path:
        sys.meta_path.insert(0, _FINDER)


def compiled() -> list[str]:
    """The modules of :data:`COMPILED` that this process runs compiled (imports them all)."""
    return [name for name in COMPILED
            if not (importlib.import_module(name).__file__ or "").endswith(".py")]
