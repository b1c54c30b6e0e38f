"""The whole game solved: the exact return of Ante + Blind + Play under optimal strategy and under the simple
strategy of rules-notes §9.

Every deal is the player's two cards, the flop, the turn and river, and the dealer's two. Optimal strategy takes,
at each decision, the best expectation given what the player has seen: 1x or fold on the river, 2x or check on
the flop (against the average river value over the turn and river), 4x, 3x or check before the flop (against the
average over the flops). :mod:`trainer.odds.game_counts` counts the boards; this module spreads the sums over
suit renamings, takes the maxima and adds everything up. Whole numbers throughout, so the result is exact.

Money is in Antes per hand: the Ante and the Blind are 1 each, a Play of P is P.
"""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from math import comb, lcm
from multiprocessing import TimeoutError as WaitedTooLong
from typing import Any

import numpy as np
import numpy.typing as npt

from trainer.engine.evaluator import Category
from trainer.engine.paytables import Paytable
from trainer.engine.processes import worker_context, worker_pool
from trainer.odds.game_counts import HOLDINGS, SUMS, CountSetup, count_boards
from trainer.odds.symmetry import (
    HOLDING_FIRST,
    HOLDING_INDEX,
    HOLDING_PERMUTATION,
    HOLDING_SECOND,
    SUIT_PERMUTATIONS,
    Deck,
    stabilizer,
)

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]
Progress = Callable[[int, int], None]
IsCancelled = Callable[[], bool]

FULL_DECK_RANKS = tuple(range(13))
PUBLISHED_OPTIMAL = Fraction(2185, 100_000)
PUBLISHED_SIMPLE = Fraction(243, 10_000)


class Cancelled(Exception):  # noqa: N818  # not an error: the user asked to stop
    """The computation was cancelled before it finished."""


@dataclass(frozen=True)
class StrategyFigures:
    """The game's figures under one strategy, per hand, in Antes."""

    strategy: str
    player_result: Fraction
    wins: Fraction
    """The share of hands where the player beats the dealer (and has not folded)."""
    average_play: Fraction
    raise_4x: Fraction
    raise_3x: Fraction
    raise_2x: Fraction
    raise_1x: Fraction
    fold: Fraction

    @property
    def house_edge(self) -> Fraction:
        """Per Ante: what the player loses on average, as a fraction of the Ante."""
        return -self.player_result

    @property
    def average_wager(self) -> Fraction:
        """Ante + Blind + the average Play, in Antes."""
        return 2 + self.average_play

    @property
    def element_of_risk(self) -> Fraction:
        """The loss as a fraction of everything wagered (Ante, Blind and Play)."""
        return self.house_edge / self.average_wager

    def as_json(self) -> dict[str, object]:
        return {
            "strategy": self.strategy, "house_edge": float(self.house_edge),
            "element_of_risk": float(self.element_of_risk), "return": float(1 + self.player_result / 2),
            "average_wager": float(self.average_wager), "hit_frequency": float(self.wins),
            "decisions": {"4x": float(self.raise_4x), "3x": float(self.raise_3x), "2x": float(self.raise_2x),
                          "1x": float(self.raise_1x), "fold": float(self.fold)},
        }


@dataclass(frozen=True)
class PreflopChoice:
    """One starting hand's expectations (Antes per hand) for 4x, 3x and checking, under optimal play after."""

    hand: str
    raise_4x: Fraction
    raise_3x: Fraction
    check: Fraction

    @property
    def best(self) -> str:
        best = max(self.raise_4x, self.raise_3x, self.check)
        return "4x" if best == self.raise_4x else "3x" if best == self.raise_3x else "check"


@dataclass(frozen=True)
class GameSolution:
    """Both strategies' figures, and the optimal pre-flop choice of every starting hand."""

    optimal: StrategyFigures
    simple: StrategyFigures
    preflop: tuple[PreflopChoice, ...]
    flop_rules: tuple[dict[str, object], ...]
    seconds: float

    def as_json(self) -> dict[str, object]:
        return {"optimal": self.optimal.as_json(), "simple": self.simple.as_json(), "seconds": self.seconds,
                "preflop": [{"hand": c.hand, "4x": float(c.raise_4x), "3x": float(c.raise_3x),
                             "check": float(c.check), "best": c.best} for c in self.preflop],
                "flop_rules": list(self.flop_rules)}


def blind_pays(blind: Paytable) -> tuple[tuple[int, ...], int]:
    """The Blind's net win per Ante for each category, as whole numbers, and the scale they were multiplied by.

    >>> from trainer.engine.paytables import load_paytables
    >>> blind_pays(load_paytables().blind())
    ((0, 0, 0, 0, 2, 3, 6, 20, 100, 1000), 2)
    """
    ratios = []
    for category in Category:
        line = blind.line_for(category.label)
        if line is not None and line.odds.kind != "to":
            raise ValueError(f"a Blind line pays 'N to M', not {line.odds.text!r}")
        ratios.append(Fraction(line.odds.numerator) / Fraction(line.odds.denominator) if line else Fraction(0))
    scale = lcm(*(ratio.denominator for ratio in ratios))
    return tuple(int(ratio * scale) for ratio in ratios), scale


# -- Counting, in one process or several ---------------------------------------------------------------------

_worker_counter: Any = None


def _init_worker(counter: Any) -> None:
    global _worker_counter
    _worker_counter = counter


def _tick(boards: int) -> None:
    with _worker_counter.get_lock():
        _worker_counter.value += boards


def _board_classes(deck: Deck) -> tuple[IntArray, IntArray]:
    """One board of each class of boards the same up to the suits, and the class's size. The full deck's come
    from the Bad Beat counting's enumeration of the classes (well under a second), a small deck's from its every
    board. Any board of a class stands for it: the sums are completed over the renamings of each flop after."""
    if deck.ranks == FULL_DECK_RANKS:
        from trainer.engine.bad_beat_odds import board_classes

        classes = board_classes()
        return classes.cards, classes.weights
    boards = deck.classes(5)
    return boards.cards, boards.sizes


def _count_part(job: tuple[CountSetup, IntArray, IntArray, str]) -> str:
    """Count a part of the boards in a worker; the sums go to the file named (raw float64, row after row), so
    that the parent reads them a row at a time instead of receiving them whole."""
    setup, boards, sizes, path = job
    count_boards(setup, boards, sizes, tick=_tick).tofile(path)
    return path


def _add_from_file(summed: FloatArray, path: str) -> None:
    with open(path, "rb") as source:
        for row in summed:
            row += np.fromfile(source, dtype=np.float64, count=row.size)
    os.remove(path)


def _count_all(setup: CountSetup, boards: IntArray, sizes: IntArray, workers: int, progress: Progress | None,
               cancelled: IsCancelled | None) -> FloatArray:
    total = len(boards)
    if workers <= 1:
        done = [0]

        def tick(count: int) -> None:
            if cancelled is not None and cancelled():
                raise Cancelled
            done[0] += count
            if progress is not None:
                progress(done[0], total)

        return count_boards(setup, boards, sizes, tick=tick)
    counter = worker_context().Value("q", 0)
    parts = np.array_split(np.arange(total), workers)
    summed: FloatArray = np.zeros((len(SUMS), setup.flop_classes * HOLDINGS), dtype=np.float64)
    with tempfile.TemporaryDirectory(prefix="uth-odds-") as folder, \
            worker_pool(workers, initializer=_init_worker, initargs=(counter,)) as pool:
        jobs = [(setup, boards[part], sizes[part], os.path.join(folder, f"part-{number}.sums"))
                for number, part in enumerate(parts)]
        results = pool.imap_unordered(_count_part, jobs)
        for _ in jobs:  # each part's sums added as it comes, a row at a time
            while True:
                try:
                    path = results.next(0.2)
                    break
                except WaitedTooLong:
                    if cancelled is not None and cancelled():
                        raise Cancelled from None
                    if progress is not None:
                        progress(int(counter.value), total)
            _add_from_file(summed, path)
    if progress is not None:
        progress(total, total)
    return summed


# -- From the sums to the figures ----------------------------------------------------------------------------


def _decode(mask: int) -> list[int]:
    return [card for card in range(52) if mask >> card & 1]


def _symmetrize(sums: FloatArray, canonical: IntArray) -> IntArray:
    """Each flop class's sums completed over the renamings that keep its canonical flop (see symmetry), as whole
    numbers, written over ``sums`` itself one sum at a time (the result shares its memory; ``sums`` is used up)."""
    whole: IntArray = sums.view(np.int64)
    renamings = [stabilizer(_decode(mask)) for mask in canonical.tolist()]
    for index, part in enumerate(sums):
        full = np.zeros_like(part)
        for klass, kept in enumerate(renamings):
            for renaming in kept:
                full[klass] += part[klass][HOLDING_PERMUTATION[renaming]]
        whole[index] = np.rint(full)  # the row's sums are read: its memory takes the whole numbers
    return whole


def _over_flops(values: IntArray, flop_sizes: IntArray) -> IntArray:
    """Per holding, the sum over every flop of a per-(canonical flop, holding) value."""
    weighted = (flop_sizes[:, None] * values).sum(axis=0)
    spread: IntArray = sum((weighted[HOLDING_PERMUTATION[p]] for p in range(len(SUIT_PERMUTATIONS))),
                           np.zeros(HOLDINGS, dtype=np.int64))
    return spread


def simple_flop_raises(flops: IntArray) -> npt.NDArray[np.bool_]:
    """Per flop (rows of three cards) and holding: whether the simple strategy raises 2x (rules-notes §9)."""
    from trainer.engine.bad_beat_odds import _tables

    tables = _tables()
    strengths, off = tables.strengths(flops)
    two_pair = tables.category[strengths] >= Category.TWO_PAIR
    low, high = HOLDING_FIRST // 4, HOLDING_SECOND // 4
    rank_bits = np.bitwise_or.reduce(np.int64(1) << (flops // 4), axis=1)[:, None]
    hidden_pair = ((low == high) | ((rank_bits >> low) & 1 == 1) | ((rank_bits >> high) & 1 == 1)) & ~(
        (low == 0) & (high == 0))
    suits = flops % 4
    four_flush = np.zeros_like(two_pair)
    for card in (HOLDING_FIRST, HOLDING_SECOND):
        suit = card % 4
        same = (suits[:, :, None] == suit[None, None, :]).sum(axis=1) + (suit == HOLDING_FIRST % 4) + (
            suit == HOLDING_SECOND % 4)
        four_flush |= (same >= 4) & (card // 4 >= 8)[None, :]
    result: npt.NDArray[np.bool_] = (two_pair | hidden_pair | four_flush) & off
    return result


def _holding_name(holding: int) -> str:
    ranks = "23456789TJQKA"
    low, high = int(HOLDING_FIRST[holding]), int(HOLDING_SECOND[holding])
    if low // 4 == high // 4:
        return ranks[low // 4] * 2
    return ranks[high // 4] + ranks[low // 4] + ("s" if low % 4 == high % 4 else "o")


def starting_hand_name(first: int, second: int) -> str:
    """A starting hand as the pre-flop table names it: ``AKs`` (suited), ``T9o`` (offsuit), ``QQ``.

    >>> starting_hand_name(51, 47), starting_hand_name(0, 1), starting_hand_name(4, 33)
    ('AKs', '22', 'T3o')
    """
    if first == second or not (0 <= first < 52 and 0 <= second < 52):
        raise ValueError("two different cards of the deck")
    return _holding_name(int(HOLDING_INDEX[first, second]))


def solve_game(blind: Paytable, ranks: tuple[int, ...] = FULL_DECK_RANKS, workers: int = 1,
               progress: Progress | None = None, cancelled: IsCancelled | None = None) -> GameSolution:
    """Solve the game on a deck of all four suits of ``ranks`` (the full deck by default)."""
    started = time.perf_counter()
    deck = Deck.of_ranks(ranks)
    if len(deck.cards) < 12:
        raise ValueError("a deck needs at least three ranks (twelve cards) for two hands and a board")
    net, scale = blind_pays(blind)
    flops = deck.classes(3)
    setup = CountSetup.build(deck, net, scale, flops)
    board_cards, board_sizes = _board_classes(deck)
    raw = _count_all(setup, board_cards, board_sizes, workers, progress, cancelled)
    sums = _symmetrize(raw.reshape(len(SUMS), setup.flop_classes, HOLDINGS), flops.canonical)
    raise2, play, river, river_raises, simple_river, simple_raises, wins, river_wins, simple_river_wins = sums
    canonical_flops = np.array([_decode(mask) for mask in flops.canonical.tolist()], dtype=np.int64)
    sizes = flops.sizes
    in_deck = deck.holdings
    cards = len(deck.cards)
    per_holding = comb(cards - 2, 3) * comb(cards - 5, 2) * setup.dealer_holdings * 24 * 24 * scale
    hands = int(in_deck.sum())

    def mean(values: IntArray) -> Fraction:
        return Fraction(int(values[in_deck].sum()), per_holding * hands)

    def share(values: IntArray, per: int) -> Fraction:
        return Fraction(int(values[in_deck].sum()), per * hands)

    flop_shares = comb(cards - 2, 3) * 24
    board_shares = comb(cards - 2, 3) * comb(cards - 5, 2) * 24 * 24
    # Optimal strategy.
    flop_raise = raise2 > river
    total_raise2 = _over_flops(raise2, sizes)
    total_play = _over_flops(play, sizes)
    checked = _over_flops(np.maximum(raise2, river), sizes)
    four, three = total_raise2 + 2 * total_play, total_raise2 + total_play
    best = np.maximum(np.maximum(four, three), checked)
    goes_4x = (four >= three) & (four >= checked)
    goes_3x = ~goes_4x & (three >= checked)
    checks = ~goes_4x & ~goes_3x
    flop_2x = _over_flops(flop_raise.astype(np.int64), sizes) * checks
    river_1x = _over_flops(np.where(flop_raise, 0, river_raises), sizes) * checks
    boards_per_hand = per_holding // scale
    won = np.where(checks, _over_flops(np.where(flop_raise, wins, river_wins), sizes), _over_flops(wins, sizes))
    optimal = _figures("optimal", mean(best), share(won, boards_per_hand), share(goes_4x.astype(np.int64), 1),
                       share(goes_3x.astype(np.int64), 1), share(flop_2x, flop_shares), share(river_1x, board_shares))
    # Simple strategy.
    from trainer.engine.cards import FULL_DECK
    from trainer.engine.strategy import preflop_raise

    simple_4x = np.array([preflop_raise((FULL_DECK[int(a)], FULL_DECK[int(b)]))
                          for a, b in zip(HOLDING_FIRST, HOLDING_SECOND, strict=True)])
    simple_2x = simple_flop_raises(canonical_flops)
    simple_checked = _over_flops(np.where(simple_2x, raise2, simple_river), sizes)
    simple_value = np.where(simple_4x, four, simple_checked)
    simple_won = np.where(simple_4x, _over_flops(wins, sizes),
                          _over_flops(np.where(simple_2x, wins, simple_river_wins), sizes))
    simple = _figures("simple", mean(simple_value), share(simple_won, boards_per_hand),
                      share(simple_4x.astype(np.int64), 1), Fraction(0),
                      share(_over_flops(simple_2x.astype(np.int64), sizes) * ~simple_4x, flop_shares),
                      share(_over_flops(np.where(simple_2x, 0, simple_raises), sizes) * ~simple_4x, board_shares))
    per_hand = per_holding
    preflop = _preflop_choices(four, three, checked, in_deck, per_hand)
    rules = flop_rules(canonical_flops, sizes, flop_raise, simple_2x)
    return GameSolution(optimal, simple, preflop, rules, time.perf_counter() - started)


def _figures(name: str, result: Fraction, wins: Fraction, four: Fraction, three: Fraction, two: Fraction,
             one: Fraction) -> StrategyFigures:
    play = 4 * four + 3 * three + 2 * two + one
    return StrategyFigures(name, result, wins, play, four, three, two, one, 1 - four - three - two - one)


def _preflop_choices(four: IntArray, three: IntArray, checked: IntArray, in_deck: npt.NDArray[np.bool_],
                     per_hand: int) -> tuple[PreflopChoice, ...]:
    """One choice per starting hand (169 with a full deck), strongest first."""
    seen: dict[str, PreflopChoice] = {}
    for holding in np.flatnonzero(in_deck).tolist():
        name = _holding_name(holding)
        if name not in seen:
            seen[name] = PreflopChoice(name, Fraction(int(four[holding]), per_hand),
                                       Fraction(int(three[holding]), per_hand),
                                       Fraction(int(checked[holding]), per_hand))
    return tuple(sorted(seen.values(), key=lambda choice: -max(choice.raise_4x, choice.check)))


def flop_rules(flops: IntArray, sizes: IntArray, optimal: npt.NDArray[np.bool_], simple: npt.NDArray[np.bool_]
               ) -> tuple[dict[str, object], ...]:
    """The optimal flop decision summarised by the simple strategy's reading of the hand: for each kind of hand,
    how often optimal play raises 2x, and the exceptions to the majority (weighted by how often the flop comes)."""
    from trainer.odds.strategy_rules import FLOP_KINDS, flop_kinds

    kinds = flop_kinds(flops)
    rules = []
    weights = np.broadcast_to(sizes[:, None], optimal.shape)
    for number, name in enumerate(FLOP_KINDS):
        here = kinds == number
        total = int(weights[here].sum())
        if not total:
            continue
        raised = int(weights[here & optimal].sum())
        majority = raised * 2 >= total
        rules.append({"when": name, "raise_2x": bool(majority), "share_raised": raised / total,
                      "exceptions": (total - raised) if majority else raised, "cases": total,
                      "simple_strategy_raises": int(weights[here & simple].sum()) / total})
    return tuple(rules)


# -- Kept in the cache ---------------------------------------------------------------------------------------


def solution_cache_key(blind: Paytable) -> str:
    """The name the solution for ``blind`` is kept under in the user's cache: the Blind's lines and odds."""
    return "game-" + "-".join(f"{line.hand}={line.odds.text}" for line in blind.lines).replace(" ", "")


def solution_to_cache(solution: GameSolution) -> dict[str, Any]:
    """The solution as JSON-ready data, fractions as exact ``"n/d"`` texts."""

    def figures(item: StrategyFigures) -> dict[str, str]:
        return {name: str(getattr(item, name)) for name in _FIGURE_FIELDS}

    return {
        "optimal": figures(solution.optimal), "simple": figures(solution.simple), "seconds": solution.seconds,
        "preflop": [[c.hand, str(c.raise_4x), str(c.raise_3x), str(c.check)] for c in solution.preflop],
        "flop_rules": list(solution.flop_rules),
    }


def solution_from_cache(data: Any, blind: Paytable | None = None) -> GameSolution | None:
    """The solution back from :func:`solution_to_cache` data, or None when it does not read or its figures are
    not sane (:func:`sane_figures`; with ``blind``, against that Blind's largest pay too)."""
    try:
        def figures(item: dict[str, str], name: str) -> StrategyFigures:
            if not all(isinstance(item[field], str) and len(item[field]) <= _MOST_FRACTION_CHARS
                       for field in _FIGURE_FIELDS[1:]):
                raise ValueError("not a fraction as written")
            return StrategyFigures(name, *(Fraction(item[field]) for field in _FIGURE_FIELDS[1:]))

        preflop = tuple(PreflopChoice(str(hand), Fraction(four), Fraction(three), Fraction(check))
                        for hand, four, three, check in data["preflop"])
        solution = GameSolution(figures(data["optimal"], "optimal"), figures(data["simple"], "simple"), preflop,
                                tuple(data["flop_rules"]), float(data["seconds"]))
    except (KeyError, TypeError, ValueError, ZeroDivisionError, OverflowError):
        return None
    most = None if blind is None else most_blind_return(blind)
    if not all(sane_figures(item, most) for item in (solution.optimal, solution.simple)):
        return None
    return solution


_MOST_FRACTION_CHARS = 200
"""A cached fraction is written with at most this many characters (the exact figures have about 40)."""


def most_blind_return(blind: Paytable) -> Fraction:
    """The most the Blind can return per hand, in Antes: every hand's seven-card category paid at ``blind``'s
    odds (the Blind pays less: only when the player wins, and some hands fold)."""
    from trainer.odds.seven_cards import category_counts

    counts = category_counts()
    total = sum(counts.values())
    most = Fraction(0)
    for category, count in counts.items():
        line = blind.line_for(category.label)
        if line is not None:
            most += Fraction(count, total) * Fraction(line.odds.numerator) / Fraction(line.odds.denominator)
    return most


def sane_figures(figures: StrategyFigures, most_blind: Fraction | None = None) -> bool:
    """Whether ``figures`` can be a game's: the decisions' shares in 0..1 adding up to 1, the average Play what
    they imply, the hands won at most those not folded, and the player's result per hand between losing all
    that was wagered and winning the Ante and the Play on every hand won plus ``most_blind`` (see
    :func:`most_blind_return`; without it, the largest odds a pay table may have)."""
    from trainer.engine.amounts import MAX_ODDS

    shares = (figures.raise_4x, figures.raise_3x, figures.raise_2x, figures.raise_1x, figures.fold)
    if any(not 0 <= share <= 1 for share in shares) or sum(shares) != 1:
        return False
    if not 0 <= figures.wins <= 1 - figures.fold:
        return False
    if figures.average_play != 4 * figures.raise_4x + 3 * figures.raise_3x + 2 * figures.raise_2x + figures.raise_1x:
        return False
    blind = Fraction(MAX_ODDS) if most_blind is None else most_blind
    return -(2 + figures.average_play) <= figures.player_result <= 5 * figures.wins + blind


_FIGURE_FIELDS = ("strategy", "player_result", "wins", "average_play", "raise_4x", "raise_3x", "raise_2x",
                  "raise_1x", "fold")
