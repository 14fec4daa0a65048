"""The PHH variant codes and the project's own ``_`` fields, every one derived from the game
classes of :mod:`studpoker.engine.games`.

Each game's class says its code (``phh_code``: the standard's ``F7S``, ``F7S/8`` and ``FR``,
the project's ``FWS``, ``FBB``, ``FFQ``, ``FHC``, ``FLC``, ...), its stakes (``stake_names``),
the options a rule leaves out of it (``left_out``) and the options only it has
(``own_options``). From them come the fields each variant requires, the house options it
takes as ``_``-prefixed fields, and the rule that says why an option does not apply.

>>> from studpoker.phh.variants import _NOT_APPLYING, GAME_VARIANTS, VARIANT_GAMES
>>> VARIANT_GAMES["F7S/8"], GAME_VARIANTS["razz"]
('stud8', 'FR')
>>> _NOT_APPLYING["FR", "_joker"]
'R6.1'
"""

from __future__ import annotations

from typing import Final

from studpoker.engine.games import GAMES, option_names

__all__ = [
    "BASEBALL",
    "FOLLOW_THE_QUEEN",
    "GAME_VARIANTS",
    "HIGH_CHICAGO",
    "LOW_CHICAGO",
    "RAZZ",
    "STUD",
    "STUD_HI_LO",
    "VARIANTS",
    "VARIANT_GAMES",
    "WALL_STREET",
]

STUD: Final = "F7S"
"""The standard's variant code for fixed-limit Seven Card Stud."""
STUD_HI_LO: Final = "F7S/8"
"""The standard's variant code for fixed-limit Seven Card Stud Hi-Lo, eight or better (R5)."""
RAZZ: Final = "FR"
"""The standard's variant code for fixed-limit Razz (R6)."""
WALL_STREET: Final = "FWS"
"""Our variant code for Wall Street (docs/phh-wall-street.md)."""
BASEBALL: Final = "FBB"
"""Our variant code for Baseball (R8.2, docs/phh-home-games.md)."""
FOLLOW_THE_QUEEN: Final = "FFQ"
"""Our variant code for Follow the Queen (R8.3, docs/phh-home-games.md)."""
HIGH_CHICAGO: Final = "FHC"
"""Our variant code for High Chicago (R8.4, docs/phh-home-games.md)."""
LOW_CHICAGO: Final = "FLC"
"""Our variant code for Low Chicago (R8.4, docs/phh-home-games.md)."""
VARIANT_GAMES: Final = {game.phh_code: name for name, game in GAMES.items()}
"""PHH variant -> game name (each game's class says its code, ``phh_code``; :data:`GAME_VARIANTS`
is the inverse)."""
GAME_VARIANTS: Final = {game: variant for variant, game in VARIANT_GAMES.items()}
"""Game name -> PHH variant."""
_VARIANT_GAMES: Final = VARIANT_GAMES
_GAME_VARIANTS: Final = GAME_VARIANTS
VARIANTS: Final = tuple(sorted(VARIANT_GAMES, key=lambda code: code not in (STUD, STUD_HI_LO, RAZZ)))
"""Every variant code a game of the registry plays: the standard's first, then ours."""
# the variants staked like stud: a bring-in, a small and a big bet (R2.2, R8)
_STUD_FAMILY: Final = frozenset(code for code, name in VARIANT_GAMES.items()
                                if "bring_in" in GAMES[name].stake_names)

_REQUIRED: Final[dict[str, tuple[str, ...]]] = {  # the game's stakes, the ante apart
    code: ("variant", "antes", *(s for s in GAMES[name].stake_names if s != "ante"), "starting_stacks",
           "actions")
    for code, name in VARIANT_GAMES.items()
}
_OPTIONS: Final[dict[str, tuple[str, ...]]] = {  # the game's house options, its stakes apart
    code: tuple(f"_{o}" for o in option_names(name) if o not in GAMES[name].stake_names)
    for code, name in VARIANT_GAMES.items()
}
# why an option does not apply to a variant: the rule that leaves it out
_NOT_APPLYING: Final[dict[tuple[str, str], str]] = {
    **{(GAMES[name].phh_code, f"_{option}"): rule for name in GAMES
       for option, rule in GAMES[name].left_out.items()},
    **{(GAMES[name].phh_code, f"_{option}"): rule for name in GAMES for other in GAMES.values()
       for option, rule in other.own_options.items() if option not in option_names(name)},
}
_FOREIGN: Final = ("blinds_or_straddles", "min_bet", "bring_in", "small_bet", "big_bet", "limits",
                   "market_unit")
