"""Background work: bot turns, turn deadlines and the reconciler, as RQ jobs."""
