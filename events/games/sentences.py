"""The sentences of a game's log: each event type's template and how it is filled.

An event type's spec (:func:`event`) carries the schema of its ``data`` and a ``sentence`` template
a person reads in the log (``"{seat:seat} played {card:card} on {target:seat}"``); a front end or
the reference client fills it from the event's data (:func:`render_sentence`), with plurals in
agreement (:func:`counted`). Standard library only, like every game; ``events.games.schema``
re-exports these names, where the games find them with the other builders.
"""
from __future__ import annotations

from typing import Any

Schema = dict[str, Any]


#: The kinds of value a sentence placeholder names: a seat (shown by its player's name), a
#: card (by its name in the catalogue), a count of something (``{kills:count:kill}``: "1 kill",
#: "2 kills"; ``{n:count:die/dice}`` names an irregular plural), or anything else (shown as it is).
#: A list of seats may name a leading word (``{targets:seat:on}``): " on Ann, Bob", and nothing at
#: all when the list is empty.
SENTENCE_KINDS = ("seat", "card", "value", "count")


def counted(n, noun: str) -> str:
    """``n`` and ``noun`` in agreement: ``counted(1, "kill")`` is "1 kill", ``counted(2, "kill")``
    "2 kills"; ``noun`` may spell its plural after a slash ("die/dice")."""
    one, _, many = noun.partition("/")
    return f"{n} {one if n == 1 else (many or one + 's')}"


def _placeholder(text: str) -> tuple[str, str, str]:
    """``(field, kind, word)`` of one placeholder's text (``"kills:count:kill"``)."""
    name, _, rest = text.partition(":")
    kind, _, word = rest.partition(":")
    return name, kind, word


def event(description: str, data: Schema, sentence: str | None = None) -> dict:
    """One event type's spec: what it records, the schema of its ``data`` and, for the log a
    person reads, a ``sentence`` template such as ``"{seat:seat} played {card:card} on
    {target:seat}"``: each ``{field:kind}`` names a field of ``data`` and how to show it
    (:data:`SENTENCE_KINDS`). A template names only fields every form of the event carries and
    never leaves null -- stored, or redacted for any seat or a spectator (a hidden draw reads
    "{seat:seat} drew a card.") -- and a ``card`` only catalogue card ids, so it always fills
    (:func:`render_sentence`; tests/games/test_sentences.py holds every ruleset to it). A front
    end shows the description where there is no sentence or one cannot be filled."""
    spec = {"description": description, "data": data}
    if sentence is not None:
        spec["sentence"] = sentence
    return spec


def sentence_fields(sentence: str) -> list[tuple[str, str]]:
    """The ``(field, kind)`` placeholders of a sentence template, in order; raises
    ``ValueError`` for a malformed one."""
    import re

    out = []
    for match in re.finditer(r"\{([^{}]*)\}", sentence):
        name, kind, word = _placeholder(match.group(1))
        wordless = kind in ("card", "value")
        if not name or kind not in SENTENCE_KINDS or (kind == "count" and not word) or (wordless and word):
            raise ValueError(f"placeholder {match.group(0)!r}: write {{field:kind}} (a count: {{field:count:noun}}), "
                             f"kind one of {SENTENCE_KINDS}")
        out.append((name, kind))
    return out


def render_sentence(sentence: str, data: dict, seat_name, card_name) -> str:
    """``sentence`` with every placeholder filled from ``data``, as the reference web client
    shows it: a ``seat`` by ``seat_name(n)``, a ``card`` by ``card_name(id)`` (the catalogue's
    name), a ``value`` as it is (``_`` read as a space, booleans as yes/no); a list is joined with
    commas (an empty one reads "nobody" for seats, "nothing" otherwise). Raises ``ValueError``
    for a placeholder whose field is missing or null (the sentence would be left unfilled);
    whatever ``seat_name``/``card_name`` raise for an unknown seat or card passes through."""
    import re

    def shown(value, kind, name):
        if value is None:
            raise ValueError(f"the field {name!r} is null")
        if isinstance(value, list):
            if not value:
                return "nobody" if kind == "seat" else "nothing"
            return ", ".join(shown(item, kind, name) for item in value)
        if kind == "seat":
            return seat_name(value)
        if kind == "card":
            return card_name(value)
        if isinstance(value, bool):
            return "yes" if value else "no"
        return str(value).replace("_", " ")

    def fill(match):
        name, kind, word = _placeholder(match.group(1))
        if name not in data:
            raise ValueError(f"the field {name!r} is missing")
        value = data[name]
        if kind == "count":
            if value is None:
                raise ValueError(f"the field {name!r} is null")
            return counted(value, word)
        if kind == "seat" and word:
            return f" {word} {shown(value, kind, name)}" if value else ""
        return shown(value, kind, name)

    sentence_fields(sentence)
    return re.sub(r"\{([^{}]*)\}", fill, sentence)


# -- checking -----------------------------------------------------------------
