"""A core with no runtime dependencies (issue 16): ``pip install studpoker`` installs no
third-party package, and cards, evaluation, both games, tables, PHH and the pure-Python
equity work with the standard library alone. Everything else is an extra whose absence
gives a clear message naming it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# Run in a Python that refuses every import outside the standard library and studpoker.
BLOCK = textwrap.dedent('''
    import importlib.abc, sys
    ALLOWED = set(sys.stdlib_module_names) | {"studpoker"}
    class NoThirdParty(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path, target=None):
            if name.split(".")[0] in ALLOWED:
                return None
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
    sys.meta_path.insert(0, NoThirdParty())
''')

CORE = ["studpoker", "studpoker.engine", "studpoker.engine.cards", "studpoker.engine.evaluation",
        "studpoker.engine.games", "studpoker.engine.hand", "studpoker.engine.table", "studpoker.engine.betting",
        "studpoker.engine.pots", "studpoker.engine.operations", "studpoker.engine.actions", "studpoker.phh", "studpoker.equity", "studpoker.describe",
        "studpoker.fairness", "studpoker.bots", "studpoker.sim", "studpoker.svg", "studpoker.__main__",
        "studpoker.tournament", "studpoker.stats", "studpoker.engine.wild", "studpoker.history",
        "studpoker.history.core", "studpoker.history.convert", "studpoker.history.reader",
        "studpoker.history.export", "studpoker.history.rooms", "studpoker.history.rooms.pokerstars",
        "studpoker.history.rooms.fulltilt", "studpoker.history.rooms.acr",
        "studpoker.perft", "studpoker.engine", "studpoker.engine.results", "studpoker.report"]

# What a user of the bare package does: both games to the end, evaluation, PHH, equity.
PLAY = textwrap.dedent('''
    import json, random, sys
    import studpoker
    from studpoker import phh
    from studpoker.engine import SevenCardStud, WallStreet, evaluate_high, evaluate_low
    from studpoker.describe import describe_operation
    from studpoker.equity import FAST_AVAILABLE, compute
    from studpoker.engine.games import from_options, game_info, to_options
    from studpoker.engine.table import Table
    out = {"fast": FAST_AVAILABLE, "games": {}}
    for game in (SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10),
                 WallStreet(ante=1, limits=(2, 2, 4, 4, 4))):
        rng = random.Random(5)
        hand = game.deal(stacks=[100] * 4, dealer=1, seed=9)
        while not hand.is_over:
            hand.apply(rng.choice(hand.legal_actions()))
        again = phh.replay(phh.read_one(phh.write(phh.from_hand(hand))))
        table = Table(game=from_options(**to_options(game)), seats=4)
        for s in range(4):
            table.sit(s, name=f"p{s}", chips=50)
        live = table.start_hand(seed=3)
        out["games"][game.name] = {
            "payoffs": list(hand.payoffs), "replayed": list(again.payoffs),
            "lines": len([describe_operation(op) for op in hand.log]),
            "min_players": game_info(game)["min_players"], "table_hand": live.n,
        }
    out["high"] = evaluate_high("As Ks Qs Js Ts 2d 3c").description
    out["low"] = evaluate_low("Ah 2c 3d 4s 7h Kd Qc").description
    r = compute("stud", ["Ah Kh 7h 2h 9c", "Qs Qd Jc Jd 4s"])
    out["equity"] = [r.exact, r.deals, round(r.players[0].equity, 12)]
    m = compute("wallstreet", ["As 2s 3s", "Kh Kd Ks", "7c 8c 9c"], samples=3000, seed=1)
    out["sampled"] = [m.exact, m.deals, round(sum(m.equities), 9)]
    try:
        import studpoker.fast
    except ImportError as exc:
        out["fast_error"] = str(exc)
    try:
        import studpoker.cli
    except ImportError as exc:
        out["cli_error"] = str(exc)
    out["modules"] = sorted(m.split(".")[0] for m in sys.modules)
    print(json.dumps(out))
''')


def _check_play(out: dict[str, object]) -> None:
    assert out["fast"] is False
    games = out["games"]
    assert isinstance(games, dict) and set(games) == {"stud", "wallstreet"}
    for name, g in games.items():
        assert sum(g["payoffs"]) == 0 and g["payoffs"] == g["replayed"], name
        assert g["lines"] > 10 and g["table_hand"] == 4
    assert games["stud"]["min_players"] == 2 and games["wallstreet"]["min_players"] == 3
    assert out["high"].lower().startswith("royal flush") or "royal" in str(out["high"]).lower()
    assert out["low"] is not None and "7" in str(out["low"])
    # the same exact answer as the compiled engine's doctest in studpoker.equity
    assert out["equity"] == [True, 671580, 0.381610530391]
    sampled = out["sampled"]
    assert isinstance(sampled, list) and sampled[0] is False and sampled[1] == 3000 and sampled[2] == 1.0
    assert "studpoker[fast]" in str(out["fast_error"])
    assert "studpoker[cli]" in str(out["cli_error"])


def test_core_imports_and_plays_with_the_standard_library_only() -> None:
    """Every core module imports, and both games play, with third-party imports refused."""
    script = BLOCK + "\nimport importlib\n" + "".join(f"importlib.import_module({m!r})\n" for m in CORE) + PLAY
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=300)
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    _check_play(out)
    stdlib = set(sys.stdlib_module_names) | {"studpoker", "__main__", "__mp_main__", "_distutils_hack"}
    assert set(out["modules"]) <= stdlib


@pytest.mark.parametrize(("module", "extra"), [
    ("studpoker.fast", "fast"), ("studpoker._perfect_hash", "fast"), ("studpoker.cli", "cli"),
    ("studpoker.play", "cli"), ("studpoker.server.app", "server"), ("studpoker.server.client", "server"),
    ("studpoker.server.pages", "server"), ("studpoker.env", "ai"), ("studpoker.env.rllib", "ai"), ("studpoker.bots.search", "fast"),
])
def test_a_missing_extra_is_named(module: str, extra: str) -> None:
    script = BLOCK + textwrap.dedent(f'''
        from studpoker._extras import MissingExtra
        try:
            import {module}
        except MissingExtra as exc:
            print(exc.extra, "|", exc)
        else:
            print("imported")
    ''')
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=120)
    assert result.returncode == 0, result.stderr
    got, _, message = result.stdout.partition(" | ")
    assert got == extra, result.stdout
    assert f"install studpoker[{extra}]" in message


def test_the_command_without_typer_says_which_extra_and_exits_2() -> None:
    script = BLOCK + "import sys\nsys.argv = ['studpoker', 'eval', 'As Ks Qs Js Ts']\n" \
        "from studpoker.__main__ import main\nmain()\n"
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=120)
    assert result.returncode == 2
    assert "install studpoker[cli]" in result.stderr and "Traceback" not in result.stderr
    as_module = BLOCK + "import runpy, sys\nsys.argv = ['studpoker', 'eval', 'As Ks Qs Js Ts']\n" \
        "runpy.run_module('studpoker.cli', run_name='__main__')\n"
    result = subprocess.run([sys.executable, "-c", as_module], capture_output=True, text=True, env=env, timeout=120)
    assert result.returncode == 2
    assert "install studpoker[cli]" in result.stderr and "Traceback" not in result.stderr


def test_pyproject_core_has_no_dependencies_and_every_extra() -> None:
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["dependencies"] == []
    extras = project["optional-dependencies"]
    assert {"cli", "fast", "server", "ai", "rl", "all", "dev", "bench"} <= set(extras)
    names = {extra: " ".join(reqs).lower() for extra, reqs in extras.items()}
    for package in ("typer", "rich", "pillow"):
        assert package in names["cli"]
    for package in ("numpy", "numba"):
        assert package in names["fast"]
    for package in ("fastapi", "uvicorn", "sqlalchemy", "alembic", "argon2", "psycopg", "websockets", "httpx",
                    "pydantic", "redis"):
        assert package in names["server"], package
    assert all(f"studpoker[{e}" in names["all"] or e in names["all"] for e in ("cli", "fast", "server", "ai", "rl"))
    assert project["scripts"]["studpoker"] == "studpoker.__main__:main"
    assert ".[all,dev,bench]" in (ROOT / "Makefile").read_text()


@pytest.mark.slow
def test_fresh_venv_installs_nothing_else_and_plays(tmp_path: Path) -> None:
    """``pip install studpoker`` from this repository into a new venv: no third-party package
    arrives, and the bare package plays both games, evaluates and computes equity."""
    src = tmp_path / "src"
    shutil.copytree(ROOT / "src" / "studpoker", src / "src" / "studpoker",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.so", "*.nbi", "*.nbc"))
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, src / name)
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    py = venv / "bin" / "python"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    install = subprocess.run([str(py), "-m", "pip", "install", "-q", str(src)], capture_output=True, text=True,
                             env=env, timeout=900)
    assert install.returncode == 0, install.stderr
    listed = subprocess.run([str(py), "-m", "pip", "list", "--format=json"], capture_output=True, text=True,
                            env=env, timeout=300, check=True)
    installed = {p["name"].lower() for p in json.loads(listed.stdout)}
    assert "studpoker" in installed
    assert installed <= {"pip", "setuptools", "wheel", "studpoker"}, installed
    played = subprocess.run([str(py), "-c", PLAY], capture_output=True, text=True, env=env, timeout=600,
                            cwd=tmp_path)
    assert played.returncode == 0, played.stderr
    out = json.loads(played.stdout)
    _check_play(out)
    assert set(out["modules"]) <= set(sys.stdlib_module_names) | {"studpoker", "__main__", "__mp_main__", "_distutils_hack"}
    command = subprocess.run([str(venv / "bin" / "studpoker"), "eval", "As Ks Qs Js Ts"], capture_output=True,
                             text=True, env=env, timeout=120)
    assert command.returncode == 2
    assert "install studpoker[cli]" in command.stderr and "Traceback" not in command.stderr


def test_a_command_whose_extra_is_missing_says_which_and_exits_2() -> None:
    """With [cli] but without [server], ``studpoker serve`` names the extra instead of a traceback."""
    blocked = {"fastapi", "sqlalchemy", "uvicorn", "starlette", "alembic", "argon2", "websockets", "httpx"}
    script = textwrap.dedent(f'''
        import importlib.abc, sys
        class NoServer(importlib.abc.MetaPathFinder):
            def find_spec(self, name, path, target=None):
                if name.split(".")[0] in {sorted(blocked)!r}:
                    raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
        sys.meta_path.insert(0, NoServer())
        sys.argv = ["studpoker"] + sys.argv[1:]
        from studpoker.__main__ import main
        main()
    ''')
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "COLUMNS": "200"}
    for args in (["serve", "--port", "1"], ["audit", "--db", "sqlite://"], ["backup", "x.bak", "--db", "sqlite://"],
                 ["restore", "x.bak", "--db", "sqlite://"]):
        result = subprocess.run([sys.executable, "-c", script, *args], capture_output=True, text=True, env=env,
                                timeout=120)
        assert result.returncode == 2, result.stderr
        assert "install studpoker[server]" in result.stderr and "Traceback" not in result.stderr
    ok = subprocess.run([sys.executable, "-c", script, "eval", "As Ks Qs Js Ts"], capture_output=True, text=True,
                        env=env, timeout=120)
    assert ok.returncode == 0 and "Royal flush" in ok.stdout
