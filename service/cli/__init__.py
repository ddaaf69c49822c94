"""The ``stranded`` command line: serve (and its supervision), worker, rebuild, verify, export, import,
archive, simulate, openapi. Nothing is imported here, so the command line starts at once."""
