"""Every event a person reads in a log has a sentence that can always be filled.

The API serves, per event type, a ``sentence`` template (``"{seat:seat} played {card:card}."``)
that front ends fill from the event's data: a seat by its player's name, a card by its name in
the catalogue. These tests pin that for every event type of every ruleset the template exists,
that each placeholder names a field every form of the event (stored, or redacted for a seat or a
spectator) carries and never leaves null, with a kind the contract allows and, for a card, only
ids the catalogue lists; and that filling the sentence of every event of seeded self-play games,
as every seat and a spectator see it, leaves no placeholder unfilled.
"""
from __future__ import annotations

import random
import re

import pytest

from events.games import RULESETS
from events.games import schema as S
from events.table.randomness import rng_for

SPECTATOR = None
GAMES_PER_TABLE_SIZE = 3


def _forms(data: dict) -> list[dict]:
    """The object forms an event's data may take (a ``oneOf``/``anyOf`` of objects, or one object)."""
    for key in ("oneOf", "anyOf"):
        if key in data:
            return list(data[key])
    return [data]


def _admits_null(schema: dict) -> bool:
    types = schema.get("type")
    if types == "null" or (isinstance(types, list) and "null" in types):
        return True
    if None in schema.get("enum", []):
        return True
    return any(_admits_null(sub) for sub in schema.get("anyOf", []) + schema.get("oneOf", []))


def _card_ids(schema: dict) -> list | None:
    """The card ids a card-kind field may hold (its enum, or its items' enum), or None if unbounded."""
    if schema.get("type") == "array":
        schema = schema.get("items", {})
    return schema.get("enum")


def _placeholders():
    for ruleset in RULESETS.values():
        for event_type, spec in ruleset.events.items():
            for name, kind in S.sentence_fields(spec.get("sentence") or ""):
                yield pytest.param(ruleset, event_type, name, kind, id=f"{ruleset.id}-{event_type}-{name}")


@pytest.mark.parametrize("ruleset", RULESETS.values(), ids=lambda r: r.id)
def test_every_event_type_has_a_sentence_a_person_reads(ruleset):
    # given every event type the ruleset publishes, when we read its spec, then it has a sentence
    # that ends like one and whose placeholders are well formed
    for event_type, spec in ruleset.events.items():
        sentence = spec.get("sentence")
        assert sentence, f"{ruleset.id}: event {event_type} has no sentence"
        assert sentence[0].isupper() or sentence.startswith("{"), f"{event_type}: {sentence!r}"
        assert sentence.endswith("."), f"{ruleset.id}: {event_type}'s sentence does not end with a full stop"
        S.sentence_fields(sentence)  # raises on a malformed placeholder


@pytest.mark.parametrize("ruleset,event_type,name,kind", list(_placeholders()))
def test_a_placeholder_names_a_field_every_form_of_the_event_carries(ruleset, event_type, name, kind):
    # given one placeholder of an event type's sentence
    forms = _forms(ruleset.events[event_type]["data"])
    catalogue = {card["id"] for card in ruleset.catalogue["cards"]}
    # then every form of the data (stored or redacted) declares and requires the field, never null
    for form in forms:
        field = form.get("properties", {}).get(name)
        assert field is not None, f"{event_type}: a form of its data has no field {name!r}"
        assert name in form.get("required", []), f"{event_type}: {name!r} may be left out of a form"
        assert not _admits_null(field), f"{event_type}: {name!r} may be null (hidden from a reader)"
        assert kind in S.SENTENCE_KINDS
        if kind == "seat":
            item = field.get("items", {}) if field.get("type") == "array" else field
            assert item.get("type") == "integer" and item.get("maximum") == ruleset.max_seats - 1, \
                f"{event_type}: {name!r} is shown as a seat but is no seat number"
        if kind == "card":
            ids = _card_ids(field)
            assert ids, f"{event_type}: {name!r} is shown as a card but lists no card ids"
            assert set(ids) <= catalogue, \
                f"{event_type}: {name!r} may hold ids the catalogue does not list: {sorted(set(ids) - catalogue)}"


def _play(ruleset, seats: int, seed: str):
    """The raw events of one seeded self-play game of random bots, from setup to the end."""
    bot = ruleset.bots["random"]
    events = list(ruleset.setup({}, seats, rng_for(seed, 0)))
    state = None
    for event in events:
        state = ruleset.evolve(state, event)
    step = 0
    while ruleset.pending(state):
        seat = ruleset.pending(state)[0].seat
        command = bot(ruleset.view(state, seat), ruleset.legal_commands(state, seat), random.Random(f"{seed}-{step}"))
        for event in ruleset.decide(state, seat, command, rng_for(seed, len(events))):
            events.append(event)
            state = ruleset.evolve(state, event)
        step += 1
        assert step < 20_000, f"game {seed} did not end"
    return events


@pytest.mark.parametrize("ruleset", RULESETS.values(), ids=lambda r: r.id)
def test_every_sentence_of_a_played_game_fills_for_every_reader(ruleset):
    # given seeded self-play games at every table size, and names for seats and catalogue cards
    names = {card["id"]: card["name"] for card in ruleset.catalogue["cards"]}
    met = set()
    for seats in range(ruleset.min_seats, ruleset.max_seats + 1):
        def seat_name(n, seats=seats):
            assert isinstance(n, int) and 0 <= n < seats, f"{n!r} is not a seat of this game"
            return f"Player {n}"

        def card_name(card_id):
            assert card_id in names, f"{card_id!r} is not a card of the catalogue"
            return names[card_id]

        for game in range(GAMES_PER_TABLE_SIZE):
            for event in _play(ruleset, seats, f"sentences-{seats}-{game}"):
                met.add(event["type"])
                sentence = ruleset.events[event["type"]]["sentence"]
                # when each reader's redaction of each event is put in words
                for reader in [*range(seats), SPECTATOR]:
                    shown = ruleset.redact(event, reader)
                    text = S.render_sentence(sentence, shown["data"], seat_name, card_name)
                    # then no placeholder is left unfilled
                    assert "{" not in text and "}" not in text, f"{event['type']}: {text!r}"
    assert len(met) >= len(ruleset.events) // 2, f"the games met only {sorted(met)}"


def test_a_sentence_fills_seats_cards_values_and_lists():
    # given a sentence with every kind of placeholder, when filled, then each is shown in words
    text = S.render_sentence("{seat:seat} played {cards:card} on {targets:seat} ({why:value}, {auto:value}).",
                             {"seat": 0, "cards": ["shield", "oxygen"], "targets": [], "why": "hole_in_suit",
                              "auto": True},
                             lambda n: ["Ann", "Bob"][n], lambda c: c.title())
    assert text == "Ann played Shield, Oxygen on nobody (hole in suit, yes)."


#: A number and a noun that disagree: "1 kills", "2 kill" (for the nouns the sentences count).
ONE_OF_MANY = re.compile(r"(?<![\d,(] )(?<![\d,(])\b1 (kills|steps|spaces|seats|zombies|bullets|cards|Greater Zombies|tokens)\b")
MANY_OF_ONE = re.compile(r"\b(0|[2-9]|\d\d+) (kill|step|space|seat|zombie|bullet|card|Greater Zombie|token)\b(?!s)")


@pytest.mark.parametrize("ruleset", RULESETS.values(), ids=lambda r: r.id)
def test_every_sentence_of_every_event_type_agrees_in_number(ruleset):
    # given a seeded self-play game at every table size, each event told to every reader
    names = {card["id"]: card["name"] for card in ruleset.catalogue["cards"]}
    for seats in range(ruleset.min_seats, ruleset.max_seats + 1):
        for event in _play(ruleset, seats, f"agreement-{seats}"):
            sentence = ruleset.events[event["type"]]["sentence"]
            for reader in [*range(seats), SPECTATOR]:
                text = S.render_sentence(sentence, ruleset.redact(event, reader)["data"], lambda n: f"Player {n}",
                                         names.__getitem__)
                # then a count agrees with its noun, and no target list reads "on nobody"
                assert not ONE_OF_MANY.search(text) and not MANY_OF_ONE.search(text), f"{event['type']}: {text!r}"
                assert "on nobody" not in text, f"{event['type']}: {text!r}"
    # and every template that counts something says so with a count placeholder
    for event_type, spec in ruleset.events.items():
        assert not re.search(r"\{\w+:value\} (kills|steps|spaces|seats|zombies|bullets|cards)\b", spec["sentence"]), \
            f"{event_type}: {spec['sentence']!r} counts with a plain value"


def test_a_count_agrees_with_its_noun_and_a_seat_list_may_lead_with_a_word():
    # given counts of one and of several, and a seat list with a leading word, empty or not
    fill = lambda sentence, data: S.render_sentence(sentence, data, lambda n: ["Ann", "Bob"][n], str)  # noqa: E731
    # then each reads as a person writes it
    assert fill("{seat:seat} lost {n:count:kill}.", {"seat": 0, "n": 1}) == "Ann lost 1 kill."
    assert fill("{seat:seat} lost {n:count:kill}.", {"seat": 0, "n": 0}) == "Ann lost 0 kills."
    assert fill("{n:count:die/dice} rolled.", {"n": 2}) == "2 dice rolled."
    assert fill("{seat:seat} played Scout{targets:seat:on}.", {"seat": 1, "targets": []}) == "Bob played Scout."
    assert fill("{seat:seat} played Scout{targets:seat:on}.", {"seat": 1, "targets": [0]}) == "Bob played Scout on Ann."


def test_a_sentence_whose_field_is_null_is_refused():
    # given a card hidden from the reader (null), when its sentence names it, then it cannot be filled
    with pytest.raises(ValueError, match="'card' is null"):
        S.render_sentence("{seat:seat} drew {card:card}.", {"seat": 0, "card": None}, str, str)
