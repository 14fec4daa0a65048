"""The house shows the layers (issue 21): the rules core, :mod:`studpoker.engine`, imports
nothing above it and nothing outside the standard library, its modules import one another
without a circle; each engine module has one path (the old re-export modules
``studpoker.cards``, ``studpoker.hand``, ... are gone) and ``import studpoker.engine`` loads
the engine alone.

The check reads the source (ast), so it sees every import statement: at module level,
inside functions and methods, and under ``if TYPE_CHECKING:``. Imports for annotations only
(under ``if TYPE_CHECKING:``) never run; they must stay inside the engine too, but they are
not edges of the run-time import graph that must have no circle (``games`` names ``Hand``
in the return type of ``Game.deal``, and the hand engine sets ``Game.hand_class``).
"""

from __future__ import annotations

import ast
import importlib
import subprocess
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


def test_the_phh_package_import_graph_has_no_circle() -> None:
    """studpoker.phh (reading, writing, the deck planner, the variants) is layered: variants
    at the bottom, the hand history on it, reading and writing on that, the planner on those
    and the reports on the planner; no module imports one above it."""
    package = ROOT / "src" / "studpoker" / "phh"
    modules = {("studpoker.phh" if p.stem == "__init__" else f"studpoker.phh.{p.stem}"): p.read_text()
               for p in sorted(package.glob("*.py"))}
    assert {"studpoker.phh.reading", "studpoker.phh.writing", "studpoker.phh.planner",
            "studpoker.phh.variants"} <= set(modules)
    graph = runtime_graph(modules)
    assert find_cycle(graph) is None, find_cycle(graph)
    assert graph["studpoker.phh.variants"] == set()
    assert "studpoker.phh.planner" not in graph["studpoker.phh.reading"] | graph["studpoker.phh.writing"]


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


@pytest.mark.parametrize("name", MOVED)
def test_an_engine_module_has_one_path(name: str) -> None:
    """The old re-export modules (``studpoker.cards``, ...) are gone: nothing to keep in step."""
    assert not (ROOT / "src" / "studpoker" / f"{name}.py").exists()
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module(f"studpoker.{name}")
    assert importlib.import_module(f"{PACKAGE}.{name}").__name__ == f"{PACKAGE}.{name}"


def test_the_project_imports_the_engine_by_its_own_path() -> None:
    """No module, test, benchmark or example imports an old path or an engine name from the package."""
    old = {f"studpoker.{name}" for name in MOVED}
    engine_names = set(studpoker.engine.__all__)
    bad = []
    for folder in ("src", "tests", "benchmarks", "examples"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path == Path(__file__).resolve():
                continue  # the examples above are old paths on purpose
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, ast.Import):
                    bad += [f"{path}:{node.lineno} {a.name}" for a in node.names
                            if any(a.name == o or a.name.startswith(o + ".") for o in old)]
                elif isinstance(node, ast.ImportFrom) and node.level == 0:
                    module = node.module or ""
                    if any(module == o or module.startswith(o + ".") for o in old):
                        bad.append(f"{path}:{node.lineno} {module}")
                    elif module == "studpoker":
                        bad += [f"{path}:{node.lineno} studpoker.{a.name}" for a in node.names
                                if a.name in engine_names or a.name in MOVED]
    assert bad == []


def test_importing_the_engine_loads_the_engine_alone() -> None:
    """``import studpoker.engine`` runs the light ``studpoker/__init__.py`` and no display module."""
    code = ("import sys, studpoker.engine, studpoker.engine.games\n"
            "print(sorted(m for m in sys.modules if m.startswith('studpoker') "
            "and not m.startswith('studpoker.engine')))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "['studpoker']"


def test_the_package_gives_the_engine_names_with_their_words() -> None:
    """``from studpoker import SevenCardStud`` still works: the package loads the engine's public
    names on first use, and the display layer with them, so an action reads in words."""
    code = ("import sys\nfrom studpoker import Action, ActionKind, SevenCardStud\n"
            "import studpoker.engine\n"
            "assert SevenCardStud is studpoker.engine.SevenCardStud\n"
            "print('studpoker.describe' in sys.modules, 'studpoker.svg' in sys.modules)\n"
            "print(Action(seat=2, kind=ActionKind.RAISE, amount=10))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.splitlines() == ["True True", "seat 2 raises to 10"]
    for name in studpoker.engine.__all__:
        assert getattr(studpoker, name) is getattr(studpoker.engine, name), name
    with pytest.raises(AttributeError, match="no attribute 'NoSuchGame'"):
        studpoker.NoSuchGame  # noqa: B018
    assert set(studpoker.engine.__all__) <= set(dir(studpoker))


# ------------------------------------------------------------------ no game named outside the engine

SRC = ROOT / "src" / "studpoker"
# the packages left out of the check while they are rewritten (none: studpoker/history/ reads
# the rules a refusal cites from the game's class too)
NOT_YET_CHECKED: tuple[str, ...] = ()


def _game_names() -> tuple[frozenset[str], frozenset[str]]:
    """The registry's game names, and every name the game classes go by in the games package."""
    import studpoker.engine.games as games

    classes = set(games.GAMES.values())
    class_names = {name for name, value in vars(games).items() if isinstance(value, type) and value in classes}
    class_names |= {cls.__name__ for cls in classes}
    return frozenset(games.GAMES), frozenset(class_names)


def _named_games(source: str, names: frozenset[str], classes: frozenset[str]) -> list[tuple[int, str]]:
    """Where ``source`` compares a value with a game's name (``==``, ``!=``, ``in``, ``is``,
    against a string or a tuple, list or set of strings) or checks a value against a game class
    (``isinstance``/``issubclass``)."""
    found: list[tuple[int, str]] = []

    def strings(node: ast.expr) -> list[str]:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return [node.value]
        if isinstance(node, ast.Tuple | ast.List | ast.Set):
            return [s for elt in node.elts for s in strings(elt)]
        return []

    def class_refs(node: ast.expr) -> list[str]:
        if isinstance(node, ast.Name):
            return [node.id] if node.id in classes else []
        if isinstance(node, ast.Attribute):
            return [node.attr] if node.attr in classes else []
        if isinstance(node, ast.Tuple):
            return [s for elt in node.elts for s in class_refs(elt)]
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
            return class_refs(node.left) + class_refs(node.right)
        return []

    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare) and any(
                isinstance(op, ast.Eq | ast.NotEq | ast.In | ast.NotIn | ast.Is | ast.IsNot) for op in node.ops):
            named = [s for side in (node.left, *node.comparators) for s in strings(side) if s in names]
            found += [(node.lineno, f"compares with the game name {s!r}") for s in named]
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id in ("isinstance", "issubclass") and len(node.args) == 2):
            found += [(node.lineno, f"{node.func.id}(..., {c})") for c in class_refs(node.args[1])]
    return found


def test_no_module_outside_the_engine_names_a_game() -> None:
    """Everything a module needs to know about a game is on its class (studpoker.engine.games):
    outside the engine no module compares a game's name or checks a game's class."""
    names, classes = _game_names()
    bad = []
    for path in sorted(SRC.rglob("*.py")):
        rel = path.relative_to(SRC)
        if rel.parts[0] == "engine" or rel.parts[0] in NOT_YET_CHECKED:
            continue
        bad += [f"{rel}:{line} {what}" for line, what in _named_games(path.read_text(), names, classes)]
    assert bad == []


@pytest.mark.parametrize("source", [
    'if game.name == "razz":\n    pass\n',
    'x = name != "wallstreet"\n',
    'x = g in ("stud", "stud8")\n',
    'x = "baseball" in {name}\n',
    'x = isinstance(game, WallStreet)\n',
    'x = isinstance(game, SevenCardStud | games.Razz)\n',
    'x = issubclass(GAMES[n], (StudHiLo, HighChicago))\n',
])
def test_the_game_name_check_catches(source: str) -> None:
    names, classes = _game_names()
    assert _named_games(source, names, classes)


def test_the_game_name_check_passes_data_and_other_words() -> None:
    names, classes = _game_names()
    source = ('x = game.has_market\ny = kind == "buy_in"\nz = isinstance(game, Game)\n'
              'w = GAMES["stud"]\nv = from_options("razz")\n')
    assert _named_games(source, names, classes) == []


# ------------------------------------------------------------------ one dispatch over the log

# every reader of the operation log, by the name it registers under, and its module
LOG_READERS = {
    "describe": "studpoker.describe",
    "codec": "studpoker.codec",
    "encoder": "studpoker.env._encode",
    "export": "studpoker.history.export",
    "fairness": "studpoker.fairness",
    "phh": "studpoker.phh",
    "stats": "studpoker.stats",
}


def test_every_record_type_is_in_the_one_list() -> None:
    """``OPERATION_TYPES`` lists every record class of the engine's log."""
    from studpoker.engine import operations

    defined = {value for value in vars(operations).values()
               if isinstance(value, type) and issubclass(value, operations.Operation)
               and value is not operations.Operation}
    assert set(operations.OPERATION_TYPES) == defined
    assert len(operations.OPERATION_TYPES) == len(defined)


@pytest.mark.parametrize(("reader", "module"), sorted(LOG_READERS.items()))
def test_every_log_reader_has_a_handler_for_every_record_type(reader: str, module: str) -> None:
    """A new record type (a new mechanic) fails here until each reader says what it does with it."""
    from studpoker.engine.operations import READERS

    if reader == "encoder":
        pytest.importorskip("numpy")  # the RL extra
    importlib.import_module(module)
    assert reader in READERS, f"{module} registers no LogReader named {reader!r}"
    assert READERS[reader].missing() == (), f"{reader} has no handler for {READERS[reader].missing()}"


def test_a_reader_missing_a_record_type_is_caught() -> None:
    from studpoker.engine.operations import OPERATION_TYPES, READERS, HandEnded, LogReader

    partial = LogReader("partial", {t: LogReader.skip for t in OPERATION_TYPES if t is not HandEnded})
    try:
        assert partial.missing() == ("HandEnded",)
        with pytest.raises(TypeError, match="'partial' has no handler for HandEnded"):
            partial(HandEnded(stacks=(1, 2)))
    finally:
        del READERS["partial"]
