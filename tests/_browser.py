"""What the browser tests share: Debian's Chromium, its flags, and the screenshot gallery.

The browser tests never skip: without Chromium (or Playwright) they fail and name the command
that installs it. ``make test`` installs Chromium itself when run as root.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic"]
DOCS_IMAGES = Path(__file__).resolve().parent.parent / "docs" / "images"
INSTALL = "sudo apt-get update && sudo apt-get install -y chromium"


def require_chromium() -> None:
    """Fail (never skip) the calling test module when Chromium or Playwright is missing."""
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing: the browser tests need Debian's Chromium. Run: {INSTALL} "
                    "(make test does this itself when run as root)", pytrace=False)
    if importlib.util.find_spec("playwright") is None:
        pytest.fail("Playwright is missing: pip install -e '.[dev]' (make test does this)", pytrace=False)


def keep_screenshot(path: Path) -> None:
    """With ``STUDPOKER_SCREENSHOTS=1``, copy a screenshot into docs/images (the README's gallery)."""
    if os.environ.get("STUDPOKER_SCREENSHOTS"):
        DOCS_IMAGES.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, DOCS_IMAGES / path.name)
