"""OpenSpiel games ``python_studpoker_stud``, ``python_studpoker_stud8``,
``python_studpoker_razz``, ``python_studpoker_wallstreet`` and the home games
``python_studpoker_baseball``, ``python_studpoker_follow_the_queen``,
``python_studpoker_high_chicago``, ``python_studpoker_low_chicago`` and
``python_studpoker_kings_and_little_ones``.

Importing this module registers them with ``pyspiel.register_game``:

>>> import pyspiel
>>> import studpoker.env.openspiel
>>> game = pyspiel.load_game("python_studpoker_wallstreet", {"players": 4})
>>> state = game.new_initial_state()
>>> state.is_chance_node()
True

The deal is made of chance nodes, one per card, in the order the engine
deals them (antes; third street round-robin from the dealer's left: first
down card, second down card, door card; Wall Street's four market cards;
later a card per player or a community card, the free card or refill of a
card round, Baseball's extra card for a face-up 4). A chance outcome is a card
code (2c = 0 ... As = 51, joker 52), uniform over the cards not yet dealt. In
Baseball and Follow the Queen, whose face-up cards act as they fall (R8.2,
R8.3), the cards of a deal come one chance node at a time, so an extra card
is a chance node of its own exactly when a 4 was dealt face up. Player actions
are the 12 ids of :class:`studpoker.env.ActionId` (``PAY``: Baseball's
payment for a face-up 3); showdown is automatic (every player shows).

Parameters (defaults): ``players`` (3), ``stacks`` (200, every seat),
``dealer`` (-1: the last seat, so seat 0 acts first from the dealer's
left), ``joker`` (False), ``ante`` (1), ``max_raises`` (3),
``heads_up_uncapped`` (True), ``double_ace_flush`` (False); stud:
``bring_in`` (2), ``small_bet`` (5), ``big_bet`` (10), ``open_pair_big_bet``
(True), ``showdown_muck`` (True); stud8: stud's but ``open_pair_big_bet``
(R5.3); razz: stud8's but ``joker`` and ``double_ace_flush`` (R6.1); Wall
Street: ``limits`` ("2 2 4 4 4", five numbers), ``market_unit`` (0: the first
limit), ``showdown_muck`` (False); baseball: razz's and ``three_price`` (-1:
the big bet, R8.2); follow_the_queen: razz's and ``open_pair_big_bet`` (True);
high_chicago, low_chicago: stud's; kings_and_little_ones: razz's (R8.5: no
open pair, no joker; a player's private wild rank is in no observation but the
player's own down cards).
``showdown_muck`` is the game's option (R1.9, R3.10); the showdown here is
automatic and every player shows either way.

Observation and information-state tensors and strings come from
:mod:`studpoker.env._encode` (layouts documented there); they read only the
seat's view, so they never depend on a card the seat has not seen. Each
state keeps a :class:`~studpoker.env.Tracker` of its hand: a tensor read
applies the records since the last read, and ``information_state_tensor`` /
``observation_tensor`` (overridden here, for Python callers) return a new
float32 numpy array (:class:`Tensor`) with the values OpenSpiel's C++
games return as a list, without going through pyspiel's observer and a
list of the whole tensor; C++ callers and ``make_py_observer`` (the
observer's ``tensor``, updated in place) get the same values.
"""

from __future__ import annotations

import random
from typing import Any

from studpoker._extras import missing_extra

try:
    import numpy as np
    import pyspiel
    from numpy.typing import NDArray
except ImportError as _exc:
    raise missing_extra(_exc, what="the OpenSpiel games", extra="ai") from _exc

from studpoker.describe import describe_operation
from studpoker.engine.actions import Action, ActionKind
from studpoker.engine.cards import Card, CardError
from studpoker.engine.games import GAMES, from_options, to_options
from studpoker.engine.hand import Hand, Phase
from studpoker.env._encode import Encoder, Tracker
from studpoker.env._spec import ACTION_NAMES, NUM_ACTIONS, EnvConfig, auto_show, legal_table, make_config

__all__ = ["GAME_NAMES", "StudPokerGame", "StudPokerObserver", "StudPokerState", "Tensor"]

_CARDS = tuple(Card.from_code(c) for c in range(53))
# _OUTCOME_ROWS[k][code] = (code, 1 / k): a chance outcome when k cards are left
_OUTCOME_ROWS: tuple[tuple[tuple[int, float], ...], ...] = (
    (), *(tuple((c, 1.0 / k) for c in range(53)) for k in range(1, 54))
)
_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)

GAME_NAMES = tuple(f"python_studpoker_{name}" for name in GAMES)

# the game options an OpenSpiel game takes as parameters (the house rules _config reads)
_OPTION_PARAMS = ("joker", "double_ace_flush", "ante", "max_raises", "heads_up_uncapped", "bring_in",
                  "small_bet", "big_bet", "open_pair_big_bet", "showdown_muck", "three_price", "limits",
                  "market_unit")


def _parameters(name: str) -> dict[str, Any]:
    """The OpenSpiel parameters of game ``name`` and their defaults: the seats, stacks and
    dealer, then its house game's options (:func:`studpoker.engine.games.from_options`), with
    limits as one string of five numbers and 0 / -1 for a market unit / price of a 3 that
    follows the stakes."""
    params: dict[str, Any] = {"players": 3, "stacks": 200, "dealer": -1}
    for key, value in to_options(from_options(name)).items():
        if key not in _OPTION_PARAMS:
            continue
        if key == "limits":
            assert isinstance(value, list)
            value = " ".join(map(str, value))
        elif key == "market_unit":
            value = 0  # the first limit
        elif key == "three_price":
            value = -1  # the big bet
        params[key] = value
    return params


_PARAMS: dict[str, dict[str, Any]] = {name: _parameters(name) for name in GAMES}


def _game_type(name: str) -> Any:
    kind = GAMES[name]
    lo, hi = kind.min_players, kind.max_players
    return pyspiel.GameType(
        short_name=f"python_studpoker_{name}",
        long_name=f"{kind.title} (studpoker)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=hi,
        min_num_players=lo,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=_PARAMS[name],
    )


def _config(name: str, params: dict[str, Any]) -> EnvConfig:
    unknown = set(params) - set(_PARAMS[name])
    if unknown:
        raise ValueError(f"unknown parameter(s) {sorted(unknown)}; known: {sorted(_PARAMS[name])}")
    p = _PARAMS[name] | params
    players = int(p["players"])
    dealer = int(p["dealer"])
    options: dict[str, object] = {
        "ante": int(p["ante"]), "max_raises": int(p["max_raises"]),
        "heads_up_uncapped": bool(p["heads_up_uncapped"]),
        "showdown_muck": bool(p["showdown_muck"]),
    }
    if "double_ace_flush" in p:
        options["double_ace_flush"] = bool(p["double_ace_flush"])
    if "bring_in" in p:  # the stud games
        options |= {"bring_in": int(p["bring_in"]), "small_bet": int(p["small_bet"]),
                    "big_bet": int(p["big_bet"])}
        if "open_pair_big_bet" in p:
            options["open_pair_big_bet"] = bool(p["open_pair_big_bet"])
        if "three_price" in p and int(p["three_price"]) >= 0:
            options["three_price"] = int(p["three_price"])
    else:
        limits = tuple(int(x) for x in str(p["limits"]).split())
        if len(limits) != 5:
            # one number would not survive OpenSpiel's game strings (read back as an int)
            raise ValueError(f"limits must be five numbers separated by spaces, got {p['limits']!r}")
        options["limits"] = limits
        if int(p["market_unit"]):
            options["market_unit"] = int(p["market_unit"])
    return make_config(
        name, players, joker=bool(p.get("joker", False)), stacks=int(p["stacks"]),
        dealer=players - 1 if dealer < 0 else dealer, **options,
    )


class Tensor(np.ndarray):
    """A tensor read from a state: a 1-D float32 numpy array, new at every read.

    ``information_state_tensor`` and ``observation_tensor`` of OpenSpiel's C++
    games give a list of floats; building one of 10,000 floats costs more than
    the whole read, and OpenSpiel's Python algorithms turn it into an array
    anyway (``np.array(..., np.float32)``, ``np.reshape``), which is a copy at
    C speed for this array. It behaves as a numpy array, except that ``==``
    and ``!=`` with a list or another tensor compare the whole tensor and
    give one bool, as they do for the lists a C++ game returns (with
    anything else, numpy's elementwise comparison).
    """

    def _same(self, other: object) -> bool | None:
        if isinstance(other, list):
            return bool(self.tolist() == other)
        if isinstance(other, Tensor):
            return bool(np.array_equal(self.view(np.ndarray), other.view(np.ndarray)))
        return None

    def __eq__(self, other: object) -> Any:
        same = self._same(other)
        return super().__eq__(other) if same is None else same

    def __ne__(self, other: object) -> Any:
        same = self._same(other)
        return super().__ne__(other) if same is None else not same


class StudPokerGame(pyspiel.Game):  # type: ignore[misc]
    """A studpoker game for OpenSpiel; ``variant`` is "stud", "stud8", "razz" or "wallstreet"."""

    variant = "stud"

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        config = _config(self.variant, dict(params or {}))
        self.config = config
        self.encoder = Encoder(config)
        total = config.total_chips
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=config.deck_size,
            num_players=config.players,
            min_utility=-float(max(config.stacks)),
            max_utility=float(total - min(config.stacks)),
            utility_sum=0.0,
            max_game_length=self.encoder.decisions + config.deck_size,
        )
        super().__init__(_game_type(self.variant), info, dict(params or {}))
        self.deck_codes = tuple(range(config.deck_size))
        # cards the engine deals before the first decision (the same for every deal), or
        # with face-up cards that act as they fall (R8.2, R8.3) one at a time
        self.one_by_one = config.game.deal_hooks
        probe = config.game.deal(stacks=config.stacks, dealer=config.dealer or 0, seed=0)
        self.initial_cards = 1 if self.one_by_one else config.deck_size - probe.stub_size

    def new_initial_state(self) -> StudPokerState:
        return StudPokerState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> StudPokerObserver:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        perfect_recall = iig_obs_type is not None and bool(iig_obs_type.perfect_recall)
        return StudPokerObserver(self, perfect_recall=perfect_recall)


class _StudGame(StudPokerGame):
    variant = "stud"


class _WallStreetGame(StudPokerGame):
    variant = "wallstreet"


class _StudHiLoGame(StudPokerGame):
    variant = "stud8"


class _RazzGame(StudPokerGame):
    variant = "razz"


class _BaseballGame(StudPokerGame):
    variant = "baseball"


class _FollowTheQueenGame(StudPokerGame):
    variant = "follow_the_queen"


class _HighChicagoGame(StudPokerGame):
    variant = "high_chicago"


class _LowChicagoGame(StudPokerGame):
    variant = "low_chicago"


class _KingsAndLittleOnesGame(StudPokerGame):
    variant = "kings_and_little_ones"


class StudPokerState(pyspiel.State):  # type: ignore[misc]
    """A hand in progress: the chance outcomes so far drive an engine :class:`Hand`.

    Until the first decision, the dealt cards are collected; then the hand
    is dealt with exactly those cards (``deck=``: the outcomes, then the
    cards left). Later, a player action that makes the engine deal (found
    by trying it on a copy) is held back (``pending``) while chance chooses
    the cards it will deal, then played with those cards put next in the
    stub; should that ever not give exactly those cards, the hand is rebuilt
    by a replay of every chance outcome (as the deck) and every decision,
    which uses only the engine's public API.
    """

    def __init__(self, game: StudPokerGame) -> None:
        super().__init__(game)
        self._game = game
        # kept on the state: OpenSpiel's clone deep-copies each attribute, and the
        # game's copy is a bare pyspiel.Game without these
        self._config = game.config
        self._players = game.config.players
        self._encoder = game.encoder
        self.outcomes: list[int] = []
        self.hand: Hand | None = None
        self.pending: Action | None = None
        self.need = game.initial_cards
        self._legal_cache: tuple[Hand, int, dict[int, Action], list[int]] | None = None
        self._left = list(game.deck_codes)
        self._player = _CHANCE
        self.decisions: list[Action] = []
        self._pending_need = 0
        self._one_by_one = game.one_by_one
        self._tracker: Tracker | None = None

    # ------------------------------------------------------------ OpenSpiel API

    def current_player(self) -> int:
        return self._player

    def _update_player(self) -> None:
        if self.need:
            self._player = _CHANCE
            return
        hand = self.hand
        assert hand is not None
        self._player = _TERMINAL if hand.is_over else int(hand.to_act)  # type: ignore[arg-type]

    def _legal_actions(self, player: int) -> list[int]:
        hand = self.hand
        if hand is None or self.need or hand.is_over or hand.to_act != player:
            return []
        self._legal(hand)
        assert self._legal_cache is not None
        return self._legal_cache[3]

    # For Python callers, three of pyspiel.State's methods answered here with the same
    # values, without a round trip through C++ and back (C++ callers are unchanged).

    def is_chance_node(self) -> bool:
        return self._player == _CHANCE

    def is_player_node(self) -> bool:
        return self._player >= 0

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal actions of ``player`` (default: the player to act; at a chance
        node, the chance outcomes' actions), a new list, as pyspiel's own method gives it."""
        me = self._player
        if me == _CHANCE:  # pyspiel gives the chance outcomes whatever the player asked
            return list(self._left)
        if player is None:
            player = me
        elif not isinstance(player, int):
            raise TypeError(f"player must be an int, got {player!r}")
        if me == _TERMINAL:
            return []
        if player < 0:
            raise pyspiel.SpielError(f"Called LegalActions for pseudo-player {player}")
        return list(self._legal_actions(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        left = self._left
        # (code, 1 / len(left)) pairs, prebuilt per count of cards left
        return list(map(_OUTCOME_ROWS[len(left)].__getitem__, left))

    def _apply_action(self, action: int) -> None:
        if self.need:
            self._apply_chance(int(action))
        else:
            self._apply_decision(int(action))
        self._update_player()

    def _apply_decision(self, action: int) -> None:
        hand = self.hand
        assert hand is not None
        engine_action = self._legal(hand).get(action)
        if engine_action is None:
            raise ValueError(f"illegal action {action} at {hand!r}")
        left = hand.stub_size
        if not _may_deal(hand, engine_action):
            hand.apply(engine_action)
            auto_show(hand)
            drawn = left - hand.stub_size
            if drawn == 0:
                self.decisions.append(engine_action)
                return
            # (not expected) the engine dealt after all: rebuild the hand before the action
            self.hand = self._replay()
        else:
            trial = hand.copy()
            trial.apply(engine_action)
            auto_show(trial)
            drawn = left - trial.stub_size
            if drawn and self._one_by_one:
                drawn = 1  # the next card decides whether more follow (R8.2)
            if drawn == 0:
                self.hand = trial
                tracker = self._tracker
                if tracker is not None and tracker.hand is hand:
                    tracker.hand = trial  # a copy: the records read so far are the same
                self.decisions.append(engine_action)
                return
        self.pending = engine_action
        self.need = drawn
        self._pending_need = drawn

    def _replay(self) -> Hand:
        """The hand rebuilt from the chance outcomes (as its deck) and the decisions so far."""
        config = self._config
        assert config.dealer is not None
        order = self.outcomes + self._left  # the whole deck: the engine shuffles nothing
        hand = config.game.deal(
            stacks=config.stacks, dealer=config.dealer, deck=[_CARDS[c] for c in order], rng=_NO_RNG,
        )
        auto_show(hand)
        for a in self.decisions:
            hand.apply(a)
            auto_show(hand)
        return hand

    def _legal(self, hand: Hand) -> dict[int, Action]:
        cached = self._legal_cache
        if cached is not None and cached[0] is hand and cached[1] == len(hand.log):
            return cached[2]
        legal, ids = legal_table(hand)
        self._legal_cache = (hand, len(hand.log), legal, list(ids))
        return legal

    def _apply_chance(self, code: int) -> None:
        try:
            self._left.remove(code)
        except ValueError:
            raise ValueError(f"card {code} cannot be dealt now") from None
        self.outcomes.append(code)
        self.need -= 1
        if self.need:
            return
        if self.hand is None:
            if self._one_by_one and self._deals_more(None):
                self.need = 1
                return
            self.hand = self._replay()
            return
        hand, action = self.hand, self.pending
        assert action is not None
        if self._one_by_one and self._deals_more(action):
            self.need = 1
            self._pending_need += 1
            return
        self.pending = None
        self.decisions.append(action)
        cards = self.outcomes[len(self.outcomes) - self._pending_need:]
        if not _play_with_cards(hand, action, cards):
            self.hand = self._replay()

    def _deals_more(self, action: Action | None) -> bool:
        """Whether the deal now under way (the first one, or ``action``'s) draws more
        cards than the chance outcomes given for it so far: a copy plays it with those
        cards next and the rest of the stub at random."""
        if action is None:
            config = self._config
            assert config.dealer is not None
            trial = config.game.deal(stacks=config.stacks, dealer=config.dealer,
                                     deck=[_CARDS[c] for c in self.outcomes], rng=random.Random(0))
            return trial.stub_size < config.deck_size - len(self.outcomes)
        assert self.hand is not None
        trial = self.hand.copy()
        cards = self.outcomes[len(self.outcomes) - self._pending_need:]
        trial.stack_next([_CARDS[c] for c in cards])
        left = trial.stub_size
        trial.apply(action)
        auto_show(trial)
        return left - trial.stub_size > len(cards)

    # ------------------------------------------------------------ tensors

    def tracker(self) -> Tracker | None:
        """Every seat's tensors of the hand so far, brought up to date (None while dealing)."""
        hand = self.hand
        if hand is None:
            return None
        tracker = self._tracker
        if tracker is None or not tracker.follow(hand):
            tracker = self._tracker = self._encoder.tracker(hand, info=True)
        tracker.sync()
        return tracker

    def _tensor(self, player: int | None, *, info: bool) -> Tensor:
        players = self._config.players
        if player is None:
            player = self._player
        if not isinstance(player, int) or not 0 <= player < players:
            raise ValueError(f"player must be a seat 0..{players - 1}, got {player!r}")
        tracker = self._tracker
        if tracker is not None and tracker.hand is self.hand:
            tracker.sync()
        else:
            tracker = self.tracker()
        if tracker is None:
            encoder = self._encoder
            out = np.zeros(encoder.info_size if info else encoder.obs_size, dtype=np.float32)
        else:
            out = tracker.tensor(player, info=info)
        return out.view(Tensor)

    def information_state_tensor(self, player: int | None = None) -> Tensor:
        """The information-state tensor of ``player`` (default: the player to act).

        A new 1-D float32 :class:`Tensor` (a numpy array the caller may keep)
        with the values OpenSpiel's C++ games give as a list; updated from the
        new log records, not rebuilt."""
        tracker = self._tracker
        if (tracker is not None and tracker.hand is self.hand and type(player) is int
                and 0 <= player < self._players):  # the usual read, in fewer steps
            tracker.sync()
            return tracker.tensor(player, info=True).view(Tensor)
        return self._tensor(player, info=True)

    def observation_tensor(self, player: int | None = None) -> Tensor:
        """The observation tensor of ``player`` (default: the player to act), as
        :meth:`information_state_tensor`."""
        return self._tensor(player, info=False)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {Card.from_code(int(action))}"
        return ACTION_NAMES[int(action)]

    def is_terminal(self) -> bool:
        return not self.need and self.hand is not None and self.hand.is_over

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self._config.players
        assert self.hand is not None
        return [float(x) for x in self.hand.payoffs]

    def __str__(self) -> str:
        if self.hand is None:
            return "dealing: " + " ".join(str(Card.from_code(c)) for c in self.outcomes)
        return "\n".join(describe_operation(op) for op in self.hand.log)


def _may_deal(hand: Hand, action: Action) -> bool:
    """False only when ``action`` surely deals no card: a bet, raise, completion or
    bring-in, any action of the last betting round, a fold that leaves one
    player, or a passive action after which others still have to act.

    Reads the betting round's private ``pending`` set (if the engine no longer
    has it, every action may deal); a wrong answer is caught after the action
    and repaired by a replay (``_apply_decision``).
    """
    if hand.phase is not Phase.BETTING:
        return True
    kind = action.kind
    if kind is ActionKind.BRING_IN or kind.is_aggressive:
        return False
    if hand.street == len(hand.game.streets) - 1:
        return False  # the last betting round: only the showdown follows (R2.7, R3.6)
    if kind is ActionKind.FOLD and len(hand.active) == 2:
        return False  # the last opponent folds: the hand ends at once (R1.8)
    pending = getattr(getattr(hand, "_round", None), "pending", None)
    return not isinstance(pending, set) or not (pending - {action.seat})


def _play_with_cards(hand: Hand, action: Action, cards: list[int]) -> bool:
    """Play ``action`` so that the cards it deals are ``cards`` (codes, in order).

    The cards are stacked on the hand's stub (:meth:`Hand.stack_next`), so they
    are its next draws. False (the hand must be rebuilt by a replay) if a card
    is no longer in the stub or the action dealt another number of cards.
    """
    try:
        hand.stack_next([_CARDS[c] for c in cards])
    except CardError:
        return False
    left = hand.stub_size
    hand.apply(action)
    auto_show(hand)
    return left - hand.stub_size == len(cards)


class _NoRandom(random.Random):
    """The rng of hands dealt with a whole deck: never drawn from, so free to share and copy."""

    def __deepcopy__(self, memo: object) -> _NoRandom:
        return self

    def __copy__(self) -> _NoRandom:
        return self

    def __reduce__(self) -> tuple[type[_NoRandom], tuple[()]]:
        return (_NoRandom, ())


_NO_RNG = _NoRandom(0)


class StudPokerObserver:
    """OpenSpiel observer: the observation (or, with perfect recall, information state)."""

    def __init__(self, game: StudPokerGame, *, perfect_recall: bool) -> None:
        self.game = game
        self.perfect_recall = perfect_recall
        layout = game.encoder.layout
        self.tensor: NDArray[np.float32] = np.zeros(layout.size(info=perfect_recall), np.float32)
        self.dict: dict[str, NDArray[np.float32]] = {
            name: self.tensor[off:off + size].reshape(shape)
            for name, (off, size, shape) in layout.sections(info=perfect_recall).items()
        }
        self._last: tuple[Hand | None, int, int, int] | None = None

    def set_from(self, state: StudPokerState, player: int) -> None:
        hand = state.hand
        # OpenSpiel may ask twice in a row for the same tensor: keep the last one
        key = (hand, -1 if hand is None else len(hand.log), player, state.need)
        if self._last is not None and self._last[0] is key[0] and self._last[1:] == key[1:]:
            return
        self._last = key
        tracker = state.tracker()
        if tracker is None:
            self.tensor.fill(0.0)
        else:  # writes every entry
            tracker.write(player, self.tensor, info=self.perfect_recall)

    def string_from(self, state: StudPokerState, player: int) -> str:
        if state.hand is None:
            return f"seat {player}; dealing"
        view = state.hand.view(player)
        if self.perfect_recall:
            return self.game.encoder.information_state_string(view)
        return self.game.encoder.observation_string(view)


pyspiel.register_game(_game_type("stud"), _StudGame)
pyspiel.register_game(_game_type("wallstreet"), _WallStreetGame)
pyspiel.register_game(_game_type("stud8"), _StudHiLoGame)
pyspiel.register_game(_game_type("razz"), _RazzGame)
pyspiel.register_game(_game_type("baseball"), _BaseballGame)
pyspiel.register_game(_game_type("follow_the_queen"), _FollowTheQueenGame)
pyspiel.register_game(_game_type("high_chicago"), _HighChicagoGame)
pyspiel.register_game(_game_type("low_chicago"), _LowChicagoGame)
pyspiel.register_game(_game_type("kings_and_little_ones"), _KingsAndLittleOnesGame)
for _name in GAMES:  # every other game of the registry (R9, R10, ...): a class of its own
    if f"python_studpoker_{_name}" not in {t.short_name for t in pyspiel.registered_games()}:
        pyspiel.register_game(_game_type(_name), type(f"_Game_{_name}", (StudPokerGame,), {"variant": _name}))
