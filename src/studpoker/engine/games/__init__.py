"""The games: their base (:mod:`~studpoker.engine.games.base`) and one module per game.

Every module of this package but ``base`` holds one game: a :class:`Game`
subclass that registers itself when it is defined. The package imports each of
them, in the order of their names, so a new game is one new module file here;
:data:`GAMES` lists the games in their classes' ``order`` whatever the order
the modules load in. The classes of the games that came first can be imported
from here as well as from their modules; a new game's class is imported from
its own module (``from studpoker.engine.games.razz import Razz``).

>>> list(GAMES)[:4]
['stud', 'wallstreet', 'stud8', 'razz']
>>> from_options("Follow the Queen").phh_code
'FFQ'
"""

from __future__ import annotations

import importlib
import pkgutil

from studpoker.engine.games.base import (
    DEFAULT_OPTIONS,
    GAMES,
    HIGH_HALF,
    WILD_HIGH_HALF,
    DoorCard,
    Game,
    GameError,
    OddChip,
    Opener,
    PotHalf,
    Ranking,
    Street,
    canonical_name,
    check_options,
    check_positive,
    fold_text,
    from_options,
    game_for_phh_code,
    game_info,
    option_names,
    phh_order,
    rules_sections,
    scale_stakes,
    showdown_section,
    stakes_text,
    to_options,
)


def _load_games() -> None:
    """Import every game module of the package (each registers its game), sorted by name."""
    for module in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if module.name != "base" and not module.name.startswith("_"):
            importlib.import_module(f"{__name__}.{module.name}")


_load_games()

# the classes of the first games, importable from the package as before
from studpoker.engine.games.baseball import Baseball  # noqa: E402
from studpoker.engine.games.follow_the_queen import FollowTheQueen  # noqa: E402
from studpoker.engine.games.high_chicago import HighChicago  # noqa: E402
from studpoker.engine.games.low_chicago import LowChicago  # noqa: E402
from studpoker.engine.games.razz import Razz  # noqa: E402
from studpoker.engine.games.stud import SevenCardStud  # noqa: E402
from studpoker.engine.games.stud8 import SevenCardStudHiLo, StudHiLo  # noqa: E402
from studpoker.engine.games.wallstreet import WallStreet  # noqa: E402

__all__ = [
    "DEFAULT_OPTIONS",
    "GAMES",
    "HIGH_HALF",
    "WILD_HIGH_HALF",
    "Baseball",
    "DoorCard",
    "FollowTheQueen",
    "Game",
    "GameError",
    "HighChicago",
    "LowChicago",
    "OddChip",
    "Opener",
    "PotHalf",
    "Ranking",
    "Razz",
    "SevenCardStud",
    "SevenCardStudHiLo",
    "Street",
    "StudHiLo",
    "WallStreet",
    "canonical_name",
    "check_options",
    "check_positive",
    "fold_text",
    "from_options",
    "game_for_phh_code",
    "game_info",
    "option_names",
    "phh_order",
    "rules_sections",
    "scale_stakes",
    "showdown_section",
    "stakes_text",
    "to_options",
]
