"""The event-sourced core of Stranded: games (pure rules), the codec, the store and command handling."""
