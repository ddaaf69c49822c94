"""The event log: the only package that knows how a game is stored (the stream layout, the codec,
the chain, snapshots and checkpoints, the Lua scripts, the cache and the index). Its door is
``events.log.repository.GameRepository``: ``get`` a game whole, ``save`` one batch."""
