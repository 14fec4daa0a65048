"""The optional parts of studpoker and the extra that brings each one.

``pip install studpoker`` installs no third-party package: cards, evaluation,
the games, the hand engine, tables, PHH, the describer, bots, simulations and
the pure-Python equity run on the standard library alone. Everything else is
an extra (``pip install 'studpoker[cli]'``); a module that needs a missing one
raises :class:`MissingExtra`, an ``ImportError`` whose message names the extra.

>>> err = missing_extra(ModuleNotFoundError("No module named 'numba'", name="numba"), what="studpoker.fast")
>>> str(err)
"studpoker.fast needs numba: install studpoker[fast] (pip install 'studpoker[fast]')"
>>> err.extra
'fast'
"""

from __future__ import annotations

from typing import Final

__all__ = ["EXTRAS", "MissingExtra", "extra_of", "missing_extra"]

EXTRAS: Final[dict[str, tuple[str, ...]]] = {
    "cli": ("typer", "rich", "PIL"),
    "fast": ("numpy", "numba"),
    "server": ("fastapi", "uvicorn", "sqlalchemy", "alembic", "argon2", "psycopg", "websockets", "httpx",
               "pydantic", "redis"),
    "ai": ("numpy", "gymnasium", "pettingzoo", "pyspiel", "open_spiel"),
    "rl": ("ray", "torch", "matplotlib"),
}
"""Each extra and the modules (import names) it brings."""

_FIRST_EXTRA: Final[dict[str, str]] = {}
for _extra, _modules in EXTRAS.items():
    for _module in _modules:
        _FIRST_EXTRA.setdefault(_module, _extra)


class MissingExtra(ImportError):
    """A part of studpoker whose optional dependencies are not installed; ``extra`` names them."""

    def __init__(self, message: str, *, extra: str, name: str | None = None) -> None:
        super().__init__(message, name=name)
        self.extra = extra


def extra_of(module: str | None) -> str | None:
    """The extra that brings ``module`` (an import name, e.g. ``"numba.core"``), or None."""
    if not module:
        return None
    return _FIRST_EXTRA.get(module.split(".")[0])


def missing_extra(exc: ImportError, *, what: str, extra: str | None = None) -> MissingExtra:
    """The :class:`MissingExtra` for ``exc`` (an import that failed) in ``what`` (who needs it).

    ``extra`` defaults to the extra that brings the missing module.
    """
    if isinstance(exc, MissingExtra):
        return exc
    name = exc.name or "a module"
    extra = extra or extra_of(exc.name) or "all"
    return MissingExtra(
        f"{what} needs {name.split('.')[0]}: install studpoker[{extra}] (pip install 'studpoker[{extra}]')",
        extra=extra, name=exc.name,
    )
