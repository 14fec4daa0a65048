"""docs/server.md's map of the server ("How the server is cut") names every module of the
server package: a module added, moved or renamed is added to the map too."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SERVER = ROOT / "src" / "studpoker" / "server"


def _map_block() -> str:
    text = (ROOT / "docs" / "server.md").read_text(encoding="utf-8")
    section = text.split("## How the server is cut", 1)[1]
    block = re.search(r"```\n(.*?)```", section, re.S)
    assert block is not None, "the section has no map"
    return block.group(1)


def _mapped_paths(block: str) -> set[str]:
    """The paths the map names, relative to ``server/``: each entry's indentation tells its
    folder (``tables/`` then ``  room.py`` is ``tables/room.py``)."""
    out: set[str] = set()
    stack: list[tuple[int, str]] = []
    inside = None
    for line in block.splitlines():
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip())
        name = line.split()[0]
        if name == "server/":
            inside = indent
            stack = []
            continue
        if inside is None or indent <= inside:
            inside = None if inside is not None and indent <= inside else inside
            continue
        while stack and stack[-1][0] >= indent:
            stack.pop()
        prefix = "".join(folder for _, folder in stack)
        if name.endswith("/"):
            stack.append((indent, name))
        else:
            out.add(prefix + name)
    return out


def test_the_map_names_every_server_module() -> None:
    modules = sorted(str(path.relative_to(SERVER)) for path in SERVER.rglob("*.py")
                     if path.name != "__init__.py" and "versions" not in path.relative_to(SERVER).parts)
    assert len(modules) > 20
    mapped = _mapped_paths(_map_block())
    missing = [m for m in modules if m not in mapped]
    assert not missing, f"docs/server.md's map does not name {missing}"
    stale = sorted(m for m in mapped if m.endswith(".py") and not (SERVER / m).is_file())
    assert not stale, f"docs/server.md's map names modules that do not exist: {stale}"
