"""The rule documents' sentences, and the traceability tables that trace each one.

The documents each game implements are kept verbatim in ``docs/rules/sources/`` (``SOURCES``
names them by ruleset). ``sentences(text)`` cuts one into the sentences the tables quote: a
blank line, a list item, a heading line in capitals and the end of a sentence ('.', '!' or '?',
with a closing quote, bracket or footnote mark, before a capital, a digit or an opening mark;
not a numbered item's number) each end one; whitespace inside a sentence becomes one space;
a sentence met again is kept once.

``docs/rules/<ruleset>-trace.md`` holds one table row per sentence: ``| n | sentence | trace |``,
the sentence quoted with ``|`` written ``\\|``; ``trace_rows(path)`` reads them back. A trace
names test node ids in backticks (``tests/...py::test_name``), ``choice N`` (the numbered choice
of ``docs/rules/<ruleset>.md``) and/or ``flavour``.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "rules"
SOURCE_DIR = RULES / "sources"

#: ruleset id -> its source documents in ``docs/rules/sources/`` (the first wins where they differ).
SOURCES = {
    "selfish-space": ["selfish-space-rules-sheet.txt", "selfish-space-wikibooks.txt"],
    "selfish-zombie": ["selfish-zombie-wikibooks.txt"],
    "one-against-the-dead": ["one-against-the-dead.txt"],
    "zombies-quickplay": ["zombies-quickplay-rulebook.txt"],
}

_ITEM = re.compile(r"^\s*(?:[-•*]\s+|\d+\.\s+|#+\s+)")
_END = re.compile(r"[.!?][\"'”’)\]*]*(?:\(\d+\))?(?=\s+[\"'“(*\[<#A-Z0-9])")


def _heading(line: str) -> bool:
    letters = [c for c in line if c.isalpha()]
    return len(letters) >= 3 and all(c.isupper() for c in letters)


def _blocks(text: str) -> list[str]:
    """Paragraphs, list items and heading lines, each with its lines joined by one space."""
    blocks, current = [], []
    for line in text.splitlines():
        if not line.strip():
            blocks.append(current)
            current = []
        elif _ITEM.match(line) or _heading(line):
            blocks.append(current)
            blocks.append([line])
            current = [] if _heading(line) else blocks.pop()
        else:
            current.append(line)
    blocks.append(current)
    return [" ".join(" ".join(b).split()) for b in blocks if " ".join(b).strip()]


def sentences(text: str) -> list[str]:
    """The sentences of ``text`` in order, each once (see the module docstring)."""
    out: list[str] = []
    for block in _blocks(text):
        start = 0
        for m in _END.finditer(block):
            if re.fullmatch(r"\d+\.", block[start:m.end()].strip()):
                continue                    # a numbered list item's number, not a sentence
            out.append(block[start:m.end()].strip())
            start = m.end()
        out.append(block[start:].strip())
    seen: set[str] = set()
    return [s for s in out if s and not (s in seen or seen.add(s))]


def source_sentences(ruleset: str) -> list[str]:
    """Every sentence of ``ruleset``'s source documents, each once, in document order."""
    out: list[str] = []
    for name in SOURCES[ruleset]:
        out += [s for s in sentences((SOURCE_DIR / name).read_text(encoding="utf-8")) if s not in out]
    return out


def trace_path(ruleset: str) -> Path:
    """The traceability table of ``ruleset``."""
    return RULES / f"{ruleset}-trace.md"


def _cells(line: str) -> list[str]:
    cells = re.split(r"(?<!\\)\|", line.strip())[1:-1]
    return [c.strip().replace("\\|", "|") for c in cells]


def trace_rows(path: Path) -> list[tuple[str, str]]:
    """``(sentence, trace)`` for every row of the traceability tables in ``path``."""
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("|"):
            continue
        cells = _cells(line)
        if len(cells) != 3 or not cells[0].isdigit():
            continue
        rows.append((cells[1], cells[2]))
    return rows


TEST_ID = re.compile(r"`(tests/[\w/]+\.py)::(\w+)`")
CHOICE = re.compile(r"\bchoices? (\d+(?:(?:, | and | or )\d+)*)")


def traced_tests(trace: str) -> list[tuple[str, str]]:
    """The ``(file, test name)`` pairs a trace names."""
    return TEST_ID.findall(trace)


def traced_choices(trace: str) -> list[int]:
    """The choice numbers a trace names."""
    return [int(n) for group in CHOICE.findall(trace) for n in re.findall(r"\d+", group)]


def defined_tests(path: Path) -> set[str]:
    """The test functions of a test file, read with ``ast`` (not collected by pytest): module-level
    ``test_*`` functions and ``Class::test_*`` methods."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test_"):
            names.add(node.name)
        elif isinstance(node, ast.ClassDef):
            names |= {f"{node.name}::{f.name}" for f in node.body
                      if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef)) and f.name.startswith("test_")}
    return names


def rule_choices(ruleset: str) -> set[int]:
    """The numbers of the choices listed under 'Choices where the sources are silent' in
    ``docs/rules/<ruleset>.md``."""
    text = (RULES / f"{ruleset}.md").read_text(encoding="utf-8")
    section = text.split("## Choices where the sources are silent", 1)[1].split("\n## ", 1)[0]
    return {int(n) for n in re.findall(r"^(\d+)\. ", section, flags=re.M)}
