"""Read models: views per seat, public summaries, the redacted log, replay, rebuild and audit."""
import events as _events  # noqa: F401 -- its finder picks each compiled audit module or its source (events/accelerated.py)
