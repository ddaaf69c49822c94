"""The rulesets Stranded hosts, by id.

``RULESETS`` maps a ruleset id (``"selfish-space"``) to its
:class:`events.games.contract.Ruleset`. Adding a game is one import and one
entry here.
"""
from events.games.contract import Decision, Ruleset, RuleViolation  # noqa: F401
from events.games.selfish_space import RULESET as _SELFISH_SPACE
from events.games.one_against_the_dead import RULESET as _ONE_AGAINST_THE_DEAD
from events.games.selfish_zombie import RULESET as _SELFISH_ZOMBIE
from events.games.zombies_quickplay import RULESET as _ZOMBIES_QUICKPLAY
# (one import per game, above this line)

RULESETS: dict[str, Ruleset] = {r.id: r for r in (
    _SELFISH_SPACE,
    _ONE_AGAINST_THE_DEAD,
    _SELFISH_ZOMBIE,
    _ZOMBIES_QUICKPLAY,
    # (one entry per game, above this line)
)}


def get_ruleset(ruleset_id: str) -> Ruleset:
    """Return the ruleset with this id; raises ``KeyError`` for an unknown id."""
    return RULESETS[ruleset_id]
