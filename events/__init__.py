"""The event-sourced core of Stranded: games (pure rules), the codec, the store and command handling."""
from events.accelerated import install as _install_compiled_module_finder

_install_compiled_module_finder()    # before any compiled module is imported (events/accelerated.py)
