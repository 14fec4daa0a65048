"""Bots: players programs for simulations and for playing against.

Every bot speaks the :class:`~studpoker.bots.base.Bot` protocol: a ``name``
and ``act(view) -> Action``, where ``view`` is the
:class:`~studpoker.hand.SeatView` of its seat (so it sees only what that seat
may see) and the action is one of ``view.legal_actions``.

========  ==============================================================
name      what it does
========  ==============================================================
random    a uniformly random legal action (seeded)
station   calls everything down: check, call, bring in, free card, show
rule      hand-strength thresholds per street; market buys by value
equity    Monte Carlo equity against unseen cards, by pot odds
========  ==============================================================

>>> from studpoker.bots import BOT_NAMES, make_bot
>>> BOT_NAMES
('random', 'station', 'rule', 'equity')
>>> make_bot("equity", seed=1).name
'equity'
"""

from __future__ import annotations

from collections.abc import Callable

from studpoker.bots.base import Bot
from studpoker.bots.equity import EquityBot
from studpoker.bots.randombot import RandomBot
from studpoker.bots.rule import RuleBot
from studpoker.bots.station import StationBot

__all__ = [
    "BOT_NAMES",
    "DEFAULT_BOT",
    "Bot",
    "EquityBot",
    "RandomBot",
    "RuleBot",
    "StationBot",
    "UnknownBot",
    "make_bot",
]


class UnknownBot(ValueError):
    """No bot has this name; the message lists the names there are."""


_FACTORIES: dict[str, Callable[[int | None], Bot]] = {
    "random": lambda seed: RandomBot(seed=seed),
    "station": lambda seed: StationBot(seed=seed),
    "rule": lambda seed: RuleBot(seed=seed),
    "equity": lambda seed: EquityBot(seed=seed),
}

BOT_NAMES: tuple[str, ...] = tuple(_FACTORIES)
"""The names :func:`make_bot` knows, weakest first."""

DEFAULT_BOT = "rule"
"""The bot offered first (a fair opponent that decides quickly)."""


def make_bot(name: str, *, seed: int | None = None) -> Bot:
    """A new bot by name (see :data:`BOT_NAMES`); ``seed`` fixes its random choices.

    Raises :class:`UnknownBot` (a ``ValueError``) for an unknown name.
    """
    factory = _FACTORIES.get(name.strip().lower()) if isinstance(name, str) else None
    if factory is None:
        raise UnknownBot(f"unknown bot {name!r}; choose from {', '.join(BOT_NAMES)}")
    return factory(seed)
