"""The rulesets Stranded hosts, by id.

``RULESETS`` maps a ruleset id (``"selfish-space"``) to its
:class:`events.games.contract.Ruleset`. Adding a game is one import and one
entry here.
"""
from events.games.contract import Decision, Ruleset, RuleViolation  # noqa: F401
from events.games.selfish_space import RULESET as _SELFISH_SPACE
# (one import per game, above this line)

RULESETS: dict[str, Ruleset] = {r.id: r for r in (
    _SELFISH_SPACE,
    # (one entry per game, above this line)
)}


def get_ruleset(ruleset_id: str) -> Ruleset:
    """Return the ruleset with this id; raises ``KeyError`` for an unknown id."""
    return RULESETS[ruleset_id]
