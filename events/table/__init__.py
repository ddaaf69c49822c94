"""The server's pure rules around a game: its meta (seats, options, secret seed), seats over time,
clocks, randomness, the server's own events and the checks of every input. No I/O: nothing here
knows Redis or the stored format (``events.log`` does)."""
