"""The ``studpoker`` command (``python -m studpoker`` and the console script).

The command needs the ``[cli]`` extra (typer, rich); without it this entry
point says so and exits with status 2 instead of showing a traceback.
"""

from __future__ import annotations

import sys

from studpoker._extras import MissingExtra

__all__ = ["main"]


def main() -> None:
    """Run the command line of :mod:`studpoker.cli`."""
    try:
        from studpoker.cli import main as run
    except MissingExtra as exc:
        print(f"studpoker: {exc}", file=sys.stderr)
        raise SystemExit(2) from None
    run()


if __name__ == "__main__":
    main()
