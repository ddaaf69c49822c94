"""What the Selfish games (Space Edition, Zombie Edition) really share.

Both editions are the same machine with other cards: every player has a
column of board cards behind them, pays a resource (Oxygen, Supplies) that
comes as Singles and Doubles, answers Action cards in reaction windows and
resolves each move through a copy of the state that folds its own events.
This package holds that machine; each edition keeps its cards, its state
shape and its rules in its own package (``events.games.selfish_space``,
``events.games.selfish_zombie``).

* ``stack``     -- checking a stacked deal (``options["stack"]``).
* ``paying``    -- :class:`Supplies`: counting, paying one, splitting a Double.
* ``board``     -- :class:`Board`: the columns, moving forward and back.
* ``reactions`` -- the reaction window's events.
* ``evolve``    -- the event handlers both editions fold the same way.
* ``table``     -- :class:`Table`, the copy-and-emit resolver with its queue.
* ``commands``  -- argument checks and the guard-then-dispatch ``decide``.
* ``redaction`` -- hiding the deal, deck orders, other seats' draws and the queue.
* ``versions``  -- rules levels and the first seat.
* ``published`` -- JSON Schema builders for the events and views both show.

The rules of each edition: ``docs/rules/selfish-space.md`` and
``docs/rules/selfish-zombie.md``.
"""
