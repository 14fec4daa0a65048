"""The rule book, docs/rules.md: every rule id the code and the tests cite is in
it, every rule of it is cited by a test, and every house option of the games
in the registry is listed there with its default."""

from __future__ import annotations

import ast
import dataclasses
import re
from collections import defaultdict
from pathlib import Path

from studpoker.engine.games import GAMES

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "docs" / "rules.md"
TEXT = BOOK.read_text(encoding="utf-8")

# A rule id: R<section>.<rule>, or a whole section R<section>; "R1.5-R1.12" cites both ends.
CITED = re.compile(r"\bR(\d+)(?:\.(\d+))?\b(?!\.\d)")
RULE = re.compile(r"^\*\*R(\d+)\.(\d+)\*\*", re.M)  # a rule's paragraph starts with its bold id
SECTION = re.compile(r"^## R(\d+) ", re.M)
TEST_NAME_ID = re.compile(r"(?:^|_)r(\d+)_(\d+)(?=_|$)")  # test_r2_6_open_pair cites R2.6

# Rules of games still being built, not yet cited by a test: none now (R5-R8 have all
# landed). The list only shrinks: an id leaves it as soon as a test cites it.
NOT_YET_TESTED: frozenset[str] = frozenset()


def book_rules() -> list[str]:
    return [f"R{a}.{b}" for a, b in RULE.findall(TEXT)]


def book_sections() -> set[str]:
    return {f"R{a}" for a in SECTION.findall(TEXT)}


def source_files() -> list[Path]:
    files = []
    for top in ("src", "tests"):
        for path in sorted((ROOT / top).rglob("*")):
            if path.is_file() and path.suffix in {".py", ".js", ".html", ".css", ".md", ".toml"}:
                files.append(path)
    return files


def citing_tests() -> dict[str, set[str]]:
    """Each rule id -> the tests citing it in their name (``test_r2_6_...``) or docstring."""
    out: dict[str, set[str]] = defaultdict(set)
    for path in sorted((ROOT / "tests").glob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test_"):
                ids = {f"R{a}.{b}" for a, b in TEST_NAME_ID.findall(node.name)}
                ids |= {f"R{a}.{b}" for a, b in CITED.findall(ast.get_docstring(node) or "") if b}
                for rule in ids:
                    out[rule].add(f"{path.name}::{node.name}")
    return out


def test_the_book_numbers_its_rules_in_order() -> None:
    """Sections R1-R8, each with rules numbered 1, 2, ... without a gap or a repeat."""
    sections = [int(a) for a in SECTION.findall(TEXT)]
    assert sections == list(range(1, 9))
    numbers: dict[int, list[int]] = defaultdict(list)
    for a, b in RULE.findall(TEXT):
        numbers[int(a)].append(int(b))
    for section in sections:
        assert numbers[section] == list(range(1, len(numbers[section]) + 1)), section
        assert numbers[section], f"section R{section} has no rule"


def test_every_cited_rule_id_is_in_the_book() -> None:
    """A rule id cited in a comment, docstring, test or asset of src/ or tests/ exists."""
    rules, sections = set(book_rules()), book_sections()
    missing = []
    for path in source_files():
        text = path.read_text(encoding="utf-8")
        for number, line in enumerate(text.splitlines(), 1):
            for a, b in CITED.findall(line):
                rule = f"R{a}.{b}" if b else f"R{a}"
                if rule not in (rules if b else sections):
                    missing.append(f"{path.relative_to(ROOT)}:{number}: {rule}")
    assert not missing, "rule ids not in docs/rules.md:\n" + "\n".join(missing)


def test_every_rule_of_the_book_is_cited_by_a_test() -> None:
    """Each rule is named by at least one test (in its name or docstring), except the
    rules of games still being built; a rule on that list must not be tested yet."""
    citing = citing_tests()
    untested = [rule for rule in book_rules() if not citing[rule] and rule not in NOT_YET_TESTED]
    assert not untested, f"rules of docs/rules.md no test cites: {untested}"
    tested_now = sorted(rule for rule in NOT_YET_TESTED if citing[rule])
    assert not tested_now, f"tested now, remove from NOT_YET_TESTED: {tested_now}"
    assert set(book_rules()) >= NOT_YET_TESTED


def option_rows() -> dict[str, tuple[str, str]]:
    """The house options table: option -> (games, default)."""
    table = TEXT[TEXT.index("## House options"):TEXT.index("## R1 ")]
    rows = {}
    for line in table.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 5 and cells[0].startswith("`"):
            rows[cells[0].strip("`")] = (cells[1], cells[2])
    return rows


def documented_default(text: str, game: str) -> str:
    """``on (wallstreet: off)`` -> ``off`` for wallstreet, ``on`` for the others."""
    m = re.fullmatch(r"(.*?)\s*\((.*)\)", text)
    if m is None:
        return text
    for part in m.group(2).split(","):
        name, _, value = part.partition(":")
        if name.strip() == game:
            return value.strip()
    return m.group(1)


def test_every_house_option_is_in_the_book_with_its_default() -> None:
    """R1.2, R1.5, R1.9, R2.6, R3.2, R3.10: each option of each game of the registry is
    in the options table of docs/rules.md, with the game's default where it is a number
    or a yes/no; the stakes (fields without a default) are not options."""
    rows = option_rows()
    for name, cls in GAMES.items():
        for f in dataclasses.fields(cls):
            if not f.init or (f.default is dataclasses.MISSING and f.name != "limits"):
                continue  # a stake, or not a constructor field
            assert f.name in rows, f"option {f.name} of {name} is not in docs/rules.md"
            games, text = rows[f.name]
            assert games == "every game" or name in games.replace(",", " ").split(), (f.name, name)
            default = documented_default(text, name)
            if isinstance(f.default, bool):
                assert default == ("on" if f.default else "off"), (name, f.name, default)
            elif isinstance(f.default, int):
                assert default == str(f.default), (name, f.name, default)


def test_rule_book_points_to_the_rulings() -> None:
    """The rulings the book leaves open live in docs/rules-decisions.md, which points back."""
    assert "(rules-decisions.md)" in TEXT
    decisions = (ROOT / "docs" / "rules-decisions.md").read_text(encoding="utf-8")
    assert "(rules.md)" in decisions
    old = "RULES" + ".md"  # the rule book outside the repository, cited before docs/rules.md
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), *source_files()]:
        assert old not in path.read_text(encoding="utf-8"), path
