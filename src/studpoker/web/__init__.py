"""The browser client of ``studpoker serve``: static ES modules, card pictures, hand replays.

:func:`install` adds to a server app (``studpoker.server.create_app`` calls it):

- ``GET /svg/card/{name}.svg``: a card drawn by :mod:`studpoker.svg` (``As``, ``Jk``,
  ``back`` for a hidden card; ``?four_color=1`` for a four-colour deck), cached;
- ``GET /api/me/hands``: the caller's finished hands, newest first;
- ``GET /api/hands/{id}/replay``: a finished hand step by step, as the caller saw it
  (other players' down cards hidden unless shown);
- ``GET /api/hands/{id}/phh``: the same hand as a PHH file (the public history with
  the caller's own down cards filled in);
- ``/``: the single-page client in ``static/`` (``index.html``, ES modules, CSS).

:func:`studpoker.web.demo.enable_demo` adds the demo tables of ``studpoker serve --demo``.
See ``docs/web.md``.
"""

from __future__ import annotations

from studpoker._extras import missing_extra

try:
    from studpoker.web.routes import STATIC_DIR, install, router
except ImportError as _exc:
    raise missing_extra(_exc, what="the browser client", extra="server") from _exc

__all__ = ["STATIC_DIR", "install", "router"]
