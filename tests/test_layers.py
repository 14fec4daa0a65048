"""The house shows the layers (issue 21): the rules core, :mod:`studpoker.engine`, imports
nothing above it and nothing outside the standard library, its modules import one another
without a circle, and the old module paths (``studpoker.cards``, ``studpoker.hand``, ...)
give the engine's own objects.

The check reads the source (ast), so it sees every import statement: at module level,
inside functions and methods, and under ``if TYPE_CHECKING:``. Imports for annotations only
(under ``if TYPE_CHECKING:``) never run; they must stay inside the engine too, but they are
not edges of the run-time import graph that must have no circle (``games`` names ``Hand``
in the return type of ``Game.deal``, and the hand engine sets ``Game.hand_class``).
"""

from __future__ import annotations

import ast
import importlib
import sys
from pathlib import Path

import pytest

import studpoker
import studpoker.engine.cards
import studpoker.engine.games
import studpoker.engine.hand
import studpoker.engine.operations
import studpoker.engine.table

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "src" / "studpoker" / "engine"
PACKAGE = "studpoker.engine"
STDLIB = frozenset(sys.stdlib_module_names)

# the modules that moved into the engine, each still importable from its old path
MOVED = ("actions", "betting", "cards", "evaluation", "games", "hand", "memo", "operations", "pots",
         "settlement", "table", "wild")


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _is_package(module: str) -> bool:
    """Whether ``module`` is the engine package or one of its subpackages (e.g. ``games``)."""
    if module == PACKAGE:
        return True
    return module.startswith(PACKAGE + ".") and ENGINE.joinpath(*module.split(".")[2:]).is_dir()


def imports_of(source: str, module: str) -> list[tuple[str, bool, int]]:
    """Every module ``source`` (the text of module ``module``) imports: ``(name, runs, line)``.

    ``runs`` is False for an import under ``if TYPE_CHECKING:``. ``from package import name``
    yields ``package.name``, so a submodule imported that way is named in full; a relative
    import is resolved against ``module``.
    """
    found: list[tuple[str, bool, int]] = []

    def visit(node: ast.AST, runs: bool) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.body:
                visit(child, False)
            for child in node.orelse:
                visit(child, runs)
            return
        if isinstance(node, ast.Import):
            found.extend((alias.name, runs, node.lineno) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = module.split(".")
                anchor = parts[: len(parts) - node.level + (1 if _is_package(module) else 0)]
                base = ".".join([*anchor, *([base] if base else [])])
            found.extend((f"{base}.{alias.name}", runs, node.lineno) for alias in node.names)
        for inner in ast.iter_child_nodes(node):
            visit(inner, runs)

    visit(ast.parse(source), True)
    return found


def outside_imports(source: str, module: str) -> list[str]:
    """The imports of ``source`` that leave the engine: studpoker outside it, or third-party."""
    bad = []
    for name, _, line in imports_of(source, module):
        top = name.split(".")[0]
        if name == PACKAGE or name.startswith(PACKAGE + "."):
            continue
        if top in STDLIB:
            continue
        bad.append(f"{module}:{line} imports {name}")
    return bad


def engine_modules() -> dict[str, str]:
    """Every module of the engine package (and its subpackages) by full name, with its source."""
    out = {}
    for path in sorted(ENGINE.rglob("*.py")):
        parts = path.relative_to(ENGINE).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join((PACKAGE, *parts))] = path.read_text()
    return out


def runtime_graph(modules: dict[str, str]) -> dict[str, set[str]]:
    """Engine module -> the engine modules it imports when it runs (module or function level)."""
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, source in modules.items():
        for imported, runs, _ in imports_of(source, name):
            if not runs:
                continue
            # the longest engine module the import names: a submodule, else the package itself
            target = next((m for m in sorted(modules, key=len, reverse=True)
                           if imported == m or imported.startswith(m + ".")), None)
            if target is not None and target != name:
                graph[name].add(target)
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One circle of ``graph`` (its modules in order, the first repeated at the end), or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def walk(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt):], nxt]
            if nxt not in state and (cycle := walk(nxt)) is not None:
                return cycle
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (cycle := walk(node)) is not None:
            return cycle
    return None


def test_the_engine_holds_the_rules_core() -> None:
    modules = engine_modules()
    assert {f"{PACKAGE}.{m}" for m in MOVED} <= set(modules)
    assert f"{PACKAGE}.results" in modules and PACKAGE in modules


@pytest.mark.parametrize("module", sorted(engine_modules()))
def test_an_engine_module_imports_only_the_engine_and_the_standard_library(module: str) -> None:
    """No display, application, web, db or CLI module, and no third-party package, at any level."""
    assert outside_imports(engine_modules()[module], module) == []


def test_the_engine_import_graph_has_no_circle() -> None:
    graph = runtime_graph(engine_modules())
    assert find_cycle(graph) is None, find_cycle(graph)
    # the circles of old, each broken
    assert f"{PACKAGE}.hand" not in graph[f"{PACKAGE}.games"]
    assert f"{PACKAGE}.settlement" not in graph[f"{PACKAGE}.memo"]
    assert graph[f"{PACKAGE}.cards"] == {f"{PACKAGE}.words"}  # the display layer's picture, registered
    assert graph[f"{PACKAGE}.actions"] == {f"{PACKAGE}.words"}  # the display layer's words, registered
    assert graph[f"{PACKAGE}.words"] == set()


def test_annotation_only_imports_point_upward_and_stay_inside() -> None:
    """Imports under TYPE_CHECKING are the only way a module names one above it."""
    for module, source in engine_modules().items():
        for name, runs, line in imports_of(source, module):
            if not runs:
                assert name.startswith(PACKAGE + "."), f"{module}:{line} {name}"


@pytest.mark.parametrize(("source", "where"), [
    ("import studpoker.svg\n", "module level"),
    ("from studpoker import svg\n", "module level, from the package"),
    ("from studpoker.describe import describe_action\n", "a display module"),
    ("def f():\n    from studpoker.hand import Hand\n", "inside a function, an old path"),
    ("class C:\n    def m(self):\n        import studpoker.server.app\n", "inside a method"),
    ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from studpoker.bots import Bot\n",
     "for annotations"),
    ("import numpy as np\n", "a third-party package"),
    ("from .. import phh\n", "a relative import out of the package"),
])
def test_the_check_catches_an_import_from_above(source: str, where: str) -> None:
    assert outside_imports(source, f"{PACKAGE}.cards"), where


def test_the_check_passes_the_standard_library_and_the_engine() -> None:
    source = ("from __future__ import annotations\nimport _random\nfrom collections.abc import Sequence\n"
              "from studpoker.engine.cards import Card\nfrom studpoker.engine import games\n"
              "from . import pots\n")
    assert outside_imports(source, f"{PACKAGE}.hand") == []
    assert {n for n, _, _ in imports_of(source, f"{PACKAGE}.hand")} >= {
        f"{PACKAGE}.games", f"{PACKAGE}.pots", f"{PACKAGE}.cards.Card"}


def test_the_cycle_check_finds_a_circle_through_a_function_level_import() -> None:
    modules = {
        PACKAGE: "from studpoker.engine.games import Game\n",
        f"{PACKAGE}.games": "from studpoker.engine.memo import GameMemo\n",
        f"{PACKAGE}.memo": "def f():\n    from studpoker.engine.games import Game\n",
    }
    assert find_cycle(runtime_graph(modules)) == [f"{PACKAGE}.games", f"{PACKAGE}.memo", f"{PACKAGE}.games"]
    modules[f"{PACKAGE}.memo"] = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n" \
                                 "    from studpoker.engine.games import Game\n"
    assert find_cycle(runtime_graph(modules)) is None


def _public(module: object) -> set[str]:
    return {n for n in vars(module) if not n.startswith("_")}


@pytest.mark.parametrize("name", MOVED)
def test_the_old_path_gives_the_engine_objects(name: str) -> None:
    old = importlib.import_module(f"studpoker.{name}")
    new = importlib.import_module(f"{PACKAGE}.{name}")
    assert old.__all__ == new.__all__
    for attr in old.__all__:
        assert getattr(old, attr) is getattr(new, attr), attr
    # everything public the old module holds is the engine's object, and nothing else lives there
    for attr in _public(old):
        assert getattr(old, attr) is getattr(new, attr), attr
    # every public class, function or constant the engine module defines is there as before
    path = ENGINE / f"{name}.py"
    tree = ast.parse((path if path.exists() else ENGINE / name / "__init__.py").read_text())
    top = {t.id for node in tree.body if isinstance(node, ast.Assign) for t in node.targets
           if isinstance(t, ast.Name)}
    top |= {node.name for node in tree.body if isinstance(node, ast.FunctionDef | ast.ClassDef)}
    top |= {node.target.id for node in tree.body
            if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)}
    missing = {n for n in top if not n.startswith("_")} - _public(old)
    assert missing == set()


def test_familiar_imports_are_the_engine_objects() -> None:
    from studpoker.cards import Card
    from studpoker.games import from_options
    from studpoker.hand import Hand
    from studpoker.operations import ActionTaken
    from studpoker.table import Table

    assert Card is studpoker.engine.cards.Card
    assert Hand is studpoker.engine.hand.Hand
    assert from_options is studpoker.engine.games.from_options
    assert ActionTaken is studpoker.engine.operations.ActionTaken
    assert Table is studpoker.engine.table.Table
    for attr in studpoker.__all__:
        if attr != "__version__":
            assert getattr(studpoker, attr) is getattr(studpoker.engine, attr), attr
    assert set(studpoker.__all__) - {"__version__"} == set(studpoker.engine.__all__)
    game = from_options("stud", ante=1, bring_in=2, small_bet=5, big_bet=10)
    assert type(game.deal(stacks=[20, 20], seed=1)) is Hand
