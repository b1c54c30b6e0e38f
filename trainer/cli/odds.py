"""``uth-trainer odds``: what a pay table costs the player, exactly, and the game under optimal strategy.

``uth-trainer odds trips|pairs|bad-beat|progressive|game [--paytable NAME] [--paytable-file FILE] [--json]``.
Errors are one line on standard error naming the problem, exit status 2; Ctrl-C stops cleanly with status 130.
"""

from __future__ import annotations

import argparse
import contextlib
import json
from collections.abc import Callable, Iterator
from decimal import Decimal, InvalidOperation
from math import comb
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from trainer.engine.paytables import Paytable, PaytableError, PaytableRegistry, load_paytables
from trainer.engine.processes import most_workers
from trainer.jsonin import shown_text
from trainer.odds.cache import ResultCache, default_cache_dir
from trainer.odds.progress import TerminalProgress
from trainer.odds.report import OddsReport, report_json, report_text

if TYPE_CHECKING:
    from multiprocessing.pool import Pool

    from trainer.engine.bad_beat_odds import BadBeatCounts

EXIT_USAGE = 2
EXIT_INTERRUPTED = 130
BETS = ("trips", "pairs", "bad-beat", "progressive", "game")
KIND_OF_BET = {"trips": "trips", "pairs": "pairs", "bad-beat": "bad_beat", "progressive": "progressive",
               "game": "blind"}
DEFAULT_TABLE = {"trips": "UTH-01", "pairs": "1", "bad-beat": "BBB-02", "progressive": "01", "game": "blind"}
MOST_HANDS = 100_000_000
"""``--hands``: the most deals simulated (500,000 take about a second of a core)."""
MOST_SEED = 2**63 - 1
"""``--seed``: the largest seed (the store keeps seeds up to this too)."""


class UsageError(Exception):
    """Bad input: the message is the one line shown."""


def add_parser(commands: Any) -> argparse.ArgumentParser:
    """Add ``odds`` to the ``uth-trainer`` subcommands."""
    from trainer.i18n.translation import _

    odds: argparse.ArgumentParser = commands.add_parser(
        "odds", help=_("what a pay table costs the player, computed exactly"),
        description=_("Per line of a pay table: how often it pays, what it pays and its share of the return; then "
                      "the return, the house edge and the hit frequency. 'game' solves Ante + Blind + Play."),
    )
    odds.add_argument("bet", choices=BETS, help=_("the bet: trips, pairs, bad-beat, progressive or game"))
    odds.add_argument("--paytable", metavar="NAME", help=_("the pay table (default: UTH-01, 1, BBB-02, 01)"))
    odds.add_argument("--paytable-file", metavar="FILE", help=_("a pay-table file (TOML or JSON, the shipped format)"))
    odds.add_argument("--json", action="store_true", help=_("print one JSON object instead of a table"))
    odds.add_argument("--workers", type=int, default=most_workers(),
                      help=_("processes, 1 to the cores (default: every core, {cores} here)").format(
                          cores=most_workers()))
    odds.add_argument("--no-cache", action="store_true", help=_("compute again, ignoring the user's cache"))
    odds.add_argument("--meter", default="10000",
                      help=_("progressive: the meter, 0 to 1,000,000,000 in cents (default 10000)"))
    odds.add_argument("--wager", default="1",
                      help=_("progressive: the fixed wager, 0.01 to 1,000,000,000 (default 1)"))
    odds.add_argument("--hands", type=int, default=500_000,
                      help=_("bad-beat: deals simulated for the fold-loses rule, 1 to {most} (default 500,000)")
                      .format(most=f"{MOST_HANDS:,}"))
    odds.add_argument("--seed", type=int, default=2024,
                      help=_("bad-beat: the simulation's seed, 0 to 2**63 - 1 (default 2024)"))
    odds.add_argument("--strategy", choices=("optimal", "simple"), default="optimal",
                      help=_("game: optimal play (default) or the simple strategy of the simulated players"))
    odds.add_argument("--export-strategy", metavar="FILE", help=_("game: write the optimal strategy as JSON"))
    return odds


def run(args: argparse.Namespace, stdout: TextIO, stderr: TextIO) -> int:
    """Run ``uth-trainer odds``; errors are one line on ``stderr``."""
    stdout.write("")  # a closed standard output is said now (inputs.ClosedStream), not after minutes of work
    try:
        text = _compute(args, stderr)
    except UsageError as exc:
        print(f"uth-trainer odds: {exc}", file=stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("\nuth-trainer odds: interrupted", file=stderr)
        return EXIT_INTERRUPTED
    print(text, file=stdout)  # a closed pipe or a full disk ends the command the conventional way (cli.run_guarded)
    return 0


def choose_table(bet: str, name: str | None, file: str | None) -> Paytable:
    """The pay table for ``bet``: a built-in one by name, or the one (or the one named) in ``file``."""
    kind = KIND_OF_BET[bet]
    if file is None:
        registry = load_paytables()
        try:
            return registry.get(kind, name or DEFAULT_TABLE[bet])
        except KeyError as exc:
            raise UsageError(str(exc.args[0])) from None
    try:
        added = PaytableRegistry()
        ids = added.add_file(Path(file))
    except PaytableError as exc:
        raise UsageError(str(exc)) from None
    own = [table_id for table_id in ids if table_id in added.ids(kind)]
    if name is not None:
        if name not in own:
            raise UsageError(f"{shown_name(file)}: holds no {kind.replace('_', ' ')} pay table named "
                             f"{shown_text(name)} (it holds: {', '.join(own) or 'none'})")
        return added.get(kind, name)
    if len(own) != 1:
        what = "no" if not own else f"{len(own)} ({', '.join(own)}); choose one with --paytable"
        raise UsageError(f"{shown_name(file)}: holds {what} {kind.replace('_', ' ')} pay tables" if own else
                         f"{shown_name(file)}: holds no {kind.replace('_', ' ')} pay table")
    return added.get(kind, own[0])


def _compute(args: argparse.Namespace, stderr: TextIO) -> str:
    if not 1 <= args.workers <= most_workers():
        raise UsageError(f"--workers must be 1 to {most_workers()} (the cores here), not {shown_int(args.workers)}")
    for option, value, least, most in (("--hands", args.hands, 1, MOST_HANDS), ("--seed", args.seed, 0, MOST_SEED)):
        if not least <= value <= most:
            from trainer.i18n.translation import _

            raise UsageError(_("{option} must be {least} to {most}, not {value}").format(
                option=option, least=f"{least:,}", most=f"{most:,}", value=shown_int(value)))
    table = choose_table(args.bet, args.paytable, args.paytable_file)
    cache = ResultCache(None if args.no_cache else default_cache_dir())
    if args.bet == "game":
        return _game(args, table, cache, stderr)
    report = _side_bet_report(args, table, cache, stderr)
    return report_json(report) if args.json else report_text(report)


def _side_bet_report(args: argparse.Namespace, table: Paytable, cache: ResultCache, stderr: TextIO) -> OddsReport:
    from trainer.odds import sidebets

    if args.bet == "trips":
        return sidebets.trips_report(table)
    if args.bet == "pairs":
        return sidebets.pairs_report(table)
    if args.bet == "progressive":
        meter, wager = _amount(args.meter, "--meter", zero=True), _amount(args.wager, "--wager")
        return sidebets.progressive_report(table, meter, wager)
    return _bad_beat(args, table, cache, stderr)


def _amount(text: str, option: str, zero: bool = False) -> Decimal:
    """An amount a table holds, as ``settle`` reads one (:func:`~trainer.engine.amounts.check_amount`: 0 to
    1,000,000,000 in cents); too long a text or too large an exponent is refused before any arithmetic."""
    from trainer.engine.amounts import check_amount
    from trainer.jsonin import MAX_NUMBER_CHARS, Unreadable, _parse_float

    if len(text) > MAX_NUMBER_CHARS:
        raise UsageError(f"{option}: {shown_text(text, quote=False)} has too many digits to be an amount")
    try:
        parsed: Decimal | Unreadable = _parse_float(text.strip())
    except (InvalidOperation, ValueError):
        raise UsageError(f"{option}: {shown_text(text)} is not a number") from None
    if isinstance(parsed, Unreadable):
        raise UsageError(f"{option}: {parsed.describe()}")
    problem = check_amount(parsed)
    if problem is None and parsed == 0 and not zero:
        problem = f"{shown_text(text, quote=False)} is not more than zero"
    if problem is not None:
        raise UsageError(f"{option}: {problem}")
    return parsed


def shown_int(value: int) -> str:
    """A whole number as a message shows it: with its digits when it has at most 30, else said to be huge."""
    if abs(value) < 10**30:
        return str(value)
    return "a number of more than 30 digits" if value > 0 else "a negative number of more than 30 digits"


def shown_name(text: str) -> str:
    """A file or table name as a message shows it: anything that could hide or move text escaped (one helper,
    :func:`~trainer.jsonin.shown_text`), not cut."""
    return shown_text(text, quote=False, limit=300)


def counts_from_cache(stored: Any) -> BadBeatCounts | None:
    """The Bad Beat counts kept in the cache, or None unless they read and are sane: every deal counted (the
    number of deals is known), no count negative, all of them together at most the deals, and no category beaten
    more often than two seven-card hands make it."""
    from trainer.engine.bad_beat_odds import _TRIPS_AND_UP, BadBeatCounts, deals_per_board
    from trainer.engine.evaluator import Category

    if not isinstance(stored, dict):
        return None
    try:
        deals = stored["deals"]
        beaten = {Category[name]: value for name, value in stored["beaten"].items()}
    except (KeyError, TypeError, AttributeError):
        return None
    every_deal = comb(52, 5) * deals_per_board()
    if type(deals) is not int or deals != every_deal or set(beaten) != set(_TRIPS_AND_UP):
        return None
    if any(type(count) is not int or count < 0 for count in beaten.values()) or sum(beaten.values()) > deals:
        return None
    from trainer.odds.seven_cards import category_counts

    seven = category_counts()
    hands = sum(seven.values())
    # the beaten hand is the player's or the dealer's seven cards: a category is beaten at most twice as often
    # as one seven-card hand makes it
    if any(count * hands > 2 * seven[category] * deals for category, count in beaten.items()):
        return None
    return BadBeatCounts(deals, beaten)


def _with_bar(label: str, stderr: TextIO, work: Callable[[TerminalProgress], Any]) -> Any:
    bar = TerminalProgress(label, stderr)
    try:
        return work(bar)
    finally:
        bar.close()


@contextlib.contextmanager
def _shared_pool(workers: int) -> Iterator[Pool | None]:
    """A pool of ``workers`` processes for the Bad Beat's counting and simulation, or None for one process.

    Its fork server imports both modules and builds the counting's tables before the workers start
    (:mod:`trainer.odds.counting_tables`), so each worker starts with them (and numpy) in memory shared with the
    others rather than importing and building them itself."""
    if workers <= 1:
        yield None
        return
    from trainer.engine.processes import keep_freed_memory, worker_pool

    with worker_pool(workers, initializer=keep_freed_memory,
                     preload=("trainer.odds.counting_tables", "trainer.odds.fold_effect")) as pool:
        yield pool


def _bad_beat(args: argparse.Namespace, table: Paytable, cache: ResultCache, stderr: TextIO) -> OddsReport:
    from dataclasses import replace

    from trainer.engine.bad_beat_odds import bad_beat_counts
    from trainer.odds.fold_effect import fold_effect
    from trainer.odds.sidebets import bad_beat_report

    key = "bad-beat-counts"
    counts = counts_from_cache(cache.load(key))
    with _shared_pool(args.workers) as pool:  # one pool for both: its workers start once
        if counts is None:
            counts = _with_bar("counting every deal", stderr,
                               lambda bar: bad_beat_counts(workers=args.workers, pool=pool))
            cache.store(key, {"deals": counts.deals, "beaten": {c.name: n for c, n in counts.beaten.items()}})
        report = bad_beat_report(table, counts)
        effect = _with_bar("simulating folds", stderr, lambda bar: fold_effect(
            [table], hands=args.hands, seed=args.seed, workers=args.workers, progress=bar, pool=pool))[table.id]
    note = (f"With bad_beat_on_fold = \"lose\", under the simple strategy: house edge "
            f"{(float(report.house_edge) + effect.extra_edge) * 100:.3f} % (+{effect.extra_edge * 100:.3f} ± "
            f"{effect.standard_error * 100:.3f} points, simulation of {effect.hands:,} deals, seed {effect.seed}).")
    return replace(report, notes=(*report.notes, note), extra={"on_fold_lose": effect.as_json()})


def _game(args: argparse.Namespace, blind: Paytable, cache: ResultCache, stderr: TextIO) -> str:
    from trainer.odds.game import (
        GameSolution,
        solution_cache_key,
        solution_from_cache,
        solution_to_cache,
        solve_game,
    )

    key = solution_cache_key(blind)
    solution: GameSolution | None = solution_from_cache(cache.load(key), blind)
    if solution is None:
        solution = _with_bar("solving the game", stderr,
                             lambda bar: solve_game(blind, workers=args.workers, progress=bar))
        assert solution is not None
        cache.store(key, solution_to_cache(solution))
    if args.export_strategy:
        _export(solution, args.export_strategy)
    figures = solution.optimal if args.strategy == "optimal" else solution.simple
    if args.json:
        return json.dumps(game_json(solution, args.strategy), indent=2)
    return game_text(solution, args.strategy, figures.strategy)


def _export(solution: Any, path: str) -> None:
    from trainer.odds.export import strategy_document

    try:
        Path(path).write_text(json.dumps(strategy_document(solution), indent=2) + "\n", encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"cannot write {path}: {exc.strerror or exc}") from None


def game_json(solution: Any, strategy: str) -> dict[str, object]:
    """The ``odds game --json`` object: the chosen strategy's figures, decisions as lines."""
    figures = solution.optimal if strategy == "optimal" else solution.simple
    data: dict[str, object] = figures.as_json()
    lines = []
    for hand, label, play in _DECISIONS:
        share = float(getattr(figures, hand))
        lines.append({"hand": label, "label": label, "frequency": share, "pays": f"Play {play} Antes" if play else
                      "folds: Ante and Blind lost", "contribution": share * play})
    data.update({"bet": "game", "method": "exact", "lines": lines,
                 "notes": ["Per hand, in Antes; house_edge per Ante, element_of_risk per unit wagered in all; "
                           "a line's contribution is its share of the average Play."]})
    if strategy == "optimal":
        data["simple_strategy_house_edge"] = float(solution.simple.house_edge)
    return data


_DECISIONS = (("raise_4x", "4x before the flop", 4), ("raise_3x", "3x before the flop", 3),
              ("raise_2x", "2x on the flop", 2), ("raise_1x", "1x on the river", 1), ("fold", "fold", 0))


def game_text(solution: Any, strategy: str, name: str) -> str:
    figures = solution.optimal if strategy == "optimal" else solution.simple
    published = "2.185 %" if strategy == "optimal" else "about 2.43 %"
    rows = [f"Ultimate Texas Hold'em, Ante + Blind + Play, {name} strategy, exact", ""]
    rows.append(f"{'decision':<22} {'share of hands':>15}")
    for hand, label, _play in _DECISIONS:
        rows.append(f"{label:<22} {float(getattr(figures, hand)) * 100:>13.4f} %")
    rows.append("")
    rows.append(f"{'house edge':<22} {float(figures.house_edge) * 100:.4f} % of the Ante (published {published})")
    rows.append(f"{'element of risk':<22} {float(figures.element_of_risk) * 100:.4f} % of all wagered")
    rows.append(f"{'average wager':<22} {float(figures.average_wager):.4f} Antes (Ante, Blind and Play)")
    rows.append(f"{'return':<22} {float(1 + figures.player_result / figures.average_wager) * 100:.4f} %")
    rows.append(f"{'hit frequency':<22} {float(figures.wins) * 100:.4f} % of hands won")
    return "\n".join(rows)
