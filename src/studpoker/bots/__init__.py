"""Bots: players programs for simulations and for playing against.

Every bot speaks the :class:`~studpoker.bots.base.Bot` protocol: a ``name``
and ``act(view) -> Action``, where ``view`` is the
:class:`~studpoker.engine.hand.SeatView` of its seat (so it sees only what that seat
may see) and the action is one of ``view.legal_actions``.

========  ==============================================================
name      what it does
========  ==============================================================
random    a uniformly random legal action (seeded)
station   calls everything down: check, call, bring in, free card, show
rule      hand-strength thresholds per street; market buys by value
equity    Monte Carlo equity against unseen cards, by pot odds
search    a belief over the opponents' down cards from their actions, and
          decisions on rollouts against it
========  ==============================================================

A name may carry options after a colon: ``"search:think=2"`` plays the
search bot with twice the rollouts (see :mod:`studpoker.bots.search`).

Difficulty levels for people (:data:`LEVELS`): easy is ``rule``, medium
``equity``, hard ``search``.

>>> from studpoker.bots import BOT_NAMES, make_bot
>>> BOT_NAMES
('random', 'station', 'rule', 'equity', 'search')
>>> make_bot("search:think=2", seed=1).rollouts
2000
>>> LEVELS["hard"]
'search'
>>> make_bot("equity", seed=1).name
'equity'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from studpoker._extras import missing_extra
from studpoker.bots.base import Bot
from studpoker.bots.equity import EquityBot
from studpoker.bots.randombot import RandomBot
from studpoker.bots.rule import RuleBot
from studpoker.bots.station import StationBot

if TYPE_CHECKING:
    from studpoker.bots.search import SearchBot

__all__ = [
    "BOT_NAMES",
    "DEFAULT_BOT",
    "LEVELS",
    "Bot",
    "EquityBot",
    "RandomBot",
    "RuleBot",
    "SearchBot",
    "StationBot",
    "UnknownBot",
    "bot_kinds",
    "check_bot_name",
    "make_bot",
]


class UnknownBot(ValueError):
    """No bot has this name; the message lists the names there are."""


_FACTORIES: dict[str, Callable[[int | None], Bot]] = {
    "random": lambda seed: RandomBot(seed=seed),
    "station": lambda seed: StationBot(seed=seed),
    "rule": lambda seed: RuleBot(seed=seed),
    "equity": lambda seed: EquityBot(seed=seed),
    "search": lambda seed: _search_bot(seed),
}

BOT_NAMES: tuple[str, ...] = tuple(_FACTORIES)
"""The names :func:`make_bot` knows, weakest first."""

DEFAULT_BOT = "rule"
"""The bot offered first (a fair opponent that decides quickly)."""

LEVELS: dict[str, str] = {"easy": "rule", "medium": "equity", "hard": "search"}
"""Difficulty levels for people and the bot each one plays."""

def bot_kinds() -> list[dict[str, str | None]]:
    """The bots a person can seat, for menus: the levels first (easy, medium, hard),
    then the other bots; each ``{"bot", "level", "label"}`` (``level`` None if none).

    >>> [k["label"] for k in bot_kinds()][:3]
    ['Easy (rule)', 'Medium (equity)', 'Hard (search)']
    """
    out: list[dict[str, str | None]] = [
        {"bot": bot, "level": level, "label": f"{level.capitalize()} ({bot})"}
        for level, bot in LEVELS.items()
    ]
    out += [{"bot": b, "level": None, "label": b.capitalize()} for b in BOT_NAMES
            if b not in LEVELS.values()]
    return out


_OPTIONS = {"search"}  # bots whose names take options after a colon


def _split(name: object) -> tuple[str, dict[str, float]]:
    if not isinstance(name, str):
        raise UnknownBot(f"unknown bot {name!r}; choose from {', '.join(BOT_NAMES)}")
    base, _, rest = name.strip().lower().partition(":")
    base = LEVELS.get(base, base)
    if base not in _FACTORIES:
        raise UnknownBot(f"unknown bot {name!r}; choose from {', '.join(BOT_NAMES)} "
                         f"(or a level: {', '.join(LEVELS)})")
    if rest and base not in _OPTIONS:
        raise UnknownBot(f"bot {base!r} takes no options, got {name!r}")
    if not rest:
        return base, {}
    try:
        options = parse_options(rest)
    except ValueError as exc:
        raise UnknownBot(str(exc)) from None
    return base, options


def parse_options(text: str) -> dict[str, float]:
    """``"think=2,rollouts=800"`` -> ``{"think": 2.0, "rollouts": 800.0}`` (bot name options;
    ``:`` separates them too)."""
    out: dict[str, float] = {}
    for part in text.replace(":", ",").split(","):
        if not part.strip():
            continue
        key, sep, value = part.partition("=")
        if not sep:
            raise ValueError(f"bot option {part!r} must look like name=value")
        try:
            out[key.strip().lower()] = float(value)
        except ValueError:
            raise ValueError(f"bot option {key.strip()!r} needs a number, got {value!r}") from None
    return out

def _search_bot(seed: int | None, options: dict[str, float] | None = None) -> Bot:
    try:
        from studpoker.bots.search import SearchBot, from_options
    except ImportError as exc:  # the search bot evaluates in batches with numpy/numba
        raise missing_extra(exc, what="the search bot", extra="fast") from exc
    if options:
        return from_options(seed, list(options.items()))
    return SearchBot(seed=seed)


def __getattr__(name: str) -> Any:
    if name == "SearchBot":  # imported on first use: it needs the [fast] extra
        from studpoker.bots.search import SearchBot

        return SearchBot
    raise AttributeError(f"module 'studpoker.bots' has no attribute {name!r}")


def check_bot_name(name: str) -> str:
    """The canonical form of a bot name (a level becomes its bot, options are checked).

    Raises :class:`UnknownBot` (a ``ValueError``) for an unknown name or bad options.

    >>> check_bot_name("Hard"), check_bot_name("search:think=2")
    ('search', 'search:think=2')
    """
    make_bot(name, seed=0)
    base, options = _split(name)
    if not options:
        return base
    return base + ":" + ",".join(f"{k}={v:g}" for k, v in options.items())


def make_bot(name: str, *, seed: int | None = None) -> Bot:
    """A new bot by name (see :data:`BOT_NAMES`; a level of :data:`LEVELS` works too);
    ``seed`` fixes its random choices. ``"search:think=2"`` passes options.

    Raises :class:`UnknownBot` (a ``ValueError``) for an unknown name.
    """
    base, options = _split(name)
    if options:
        try:
            return _search_bot(seed, options)
        except UnknownBot:
            raise
        except ValueError as exc:
            raise UnknownBot(str(exc)) from None
    return _FACTORIES[base](seed)
