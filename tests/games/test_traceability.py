"""Every sentence of every rule document a game implements is traced (docs/rules/<ruleset>-trace.md):
to the tests that pin it, to a numbered choice of the game's rules page, or marked flavour -- and
every test and choice a trace names exists. The documents are the repository's own word-for-word
copies in docs/rules/sources/; the tests named are found by reading the test files with ``ast``,
not by running pytest."""
from __future__ import annotations

import pytest

from events.games import RULESETS

from .seed_sentences import (
    ROOT,
    SOURCE_DIR,
    SOURCES,
    rule_choices,
    sentences,
    source_sentences,
    defined_tests,
    trace_path,
    trace_rows,
    traced_choices,
    traced_tests,
)

RULESET_IDS = sorted(SOURCES)


def test_every_ruleset_names_its_source_documents_and_each_is_in_the_repository():
    # given the rulesets the service hosts, then each has source documents kept in docs/rules/sources/
    assert set(SOURCES) == set(RULESETS)
    for names in SOURCES.values():
        for name in names:
            text = (SOURCE_DIR / name).read_text(encoding="utf-8")
            assert len(sentences(text)) > 50, name


@pytest.mark.parametrize("ruleset", RULESET_IDS)
def test_every_sentence_of_the_source_documents_is_in_the_traceability_table(ruleset):
    # given the sentences of the ruleset's source documents and the rows of its table
    wanted = source_sentences(ruleset)
    rows = trace_rows(trace_path(ruleset))
    listed = [sentence for sentence, _ in rows]
    # then every sentence is listed, once, and the table lists nothing else
    missing = [s for s in wanted if s not in listed]
    assert not missing, f"{len(missing)} sentences untraced, the first: {missing[:3]}"
    assert sorted(listed) == sorted(set(listed)), "a sentence listed twice"
    assert not set(listed) - set(wanted), f"rows quoting no source sentence: {sorted(set(listed) - set(wanted))[:3]}"


@pytest.mark.parametrize("ruleset", RULESET_IDS)
def test_every_trace_names_a_test_a_choice_or_flavour_and_each_one_exists(ruleset):
    # given the table's rows, the game's numbered choices and the test files' test functions
    choices = rule_choices(ruleset)
    names: dict[str, set[str]] = {}
    for sentence, trace in trace_rows(trace_path(ruleset)):
        tests, picked = traced_tests(trace), traced_choices(trace)
        # then each trace says something: a test, a choice, or flavour
        assert tests or picked or "flavour" in trace, f"no trace for {sentence!r}"
        # and every choice it names is a numbered choice of docs/rules/<ruleset>.md
        assert set(picked) <= choices, f"{sentence!r} names choices {sorted(set(picked) - choices)}"
        # and every test it names is a test function of that file
        for path, name in tests:
            if path not in names:
                assert (ROOT / path).is_file(), f"{sentence!r} names a missing file {path}"
                names[path] = defined_tests(ROOT / path)
            assert name in names[path], f"{sentence!r} names {path}::{name}, which does not exist"


def test_the_sentence_cutter_ends_sentences_list_items_and_headings_and_keeps_each_once():
    # given a text with a heading line, a hard-wrapped paragraph, a numbered item, a footnote mark,
    # and a sentence met twice
    text = ("TURN SEQUENCE\nDuring a turn each player must do the\nfollowing, in order:\n- Draw a tile. Place it.(1)\n"
            "2. Combat a zombie on your space.\n\nPlace it.(1)\n")
    # then each piece is a sentence, whitespace is one space, and the repeat is kept once
    assert sentences(text) == ["TURN SEQUENCE", "During a turn each player must do the following, in order:",
                               "- Draw a tile.", "Place it.(1)", "2. Combat a zombie on your space."]


def test_a_trace_names_tests_and_choices_the_table_checker_reads():
    # given a trace naming two tests, choices in a list and flavour
    trace = "`tests/games/a_test.py::test_one`; `tests/games/b_test.py::test_two`; choices 2, 26 and 30; flavour"
    # then the checker reads both tests and all three choices
    assert traced_tests(trace) == [("tests/games/a_test.py", "test_one"), ("tests/games/b_test.py", "test_two")]
    assert traced_choices(trace) == [2, 26, 30]
