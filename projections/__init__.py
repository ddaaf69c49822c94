"""Read models: views per seat, public summaries, the redacted log, replay, rebuild and audit."""
