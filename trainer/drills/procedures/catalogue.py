"""The procedures of the documents as data (``procedures.toml``), read once into frozen records.

Each procedure is a list of :class:`DocStep` in order, each with the document and section it comes from; the two
Progressive controller systems of seed 002 are :class:`Controller` s; irregularities and acts of game protection
are :class:`Irregularity` and :class:`Protection` records. A file that does not fit is refused with a message
naming the entry and the problem.

>>> [step.citation for step in procedure_named("before-the-deal-house").steps][1]
'seed 002 Progressive rule 6'
>>> controller_named("start-game").steps[-1].text
'Once every wager is reconciled, press END GAME'
>>> irregularities()["shuffler-malfunction"].response
<Response.VOID: 'void'>
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from pathlib import Path
from typing import Any

from trainer.engine.dealing import Procedure
from trainer.i18n.translation import N_

DATA_FILE = Path(__file__).resolve().parent / "procedures.toml"


class CatalogueError(ValueError):
    """The procedures file does not fit: the message names the entry and the problem."""


class Response(StrEnum):
    """What a dealer does about something that happens at the table."""

    VOID = "void"
    """Every hand of the round is void and every wager returned (shuffler malfunction, seeds 002 and 004)."""
    FLOOR = "floor"
    """Stop and call the floor supervisor; fix nothing yourself (rules-notes §7)."""
    CARRY_ON = "carry-on"
    """Nothing is wrong: rack the cards, deal on."""

    @property
    def label(self) -> str:
        return _RESPONSE_LABELS[self]


_RESPONSE_LABELS = {
    Response.VOID: N_("void the round and return every wager"),
    Response.FLOOR: N_("stop and call the floor supervisor"),
    Response.CARRY_ON: N_("carry on (rack the cards, deal on)"),
}


@dataclass(frozen=True)
class DocStep:
    """One step of a procedure: what the dealer does, and the document and section it comes from."""

    text: str
    citation: str


@dataclass(frozen=True)
class DocProcedure:
    """A procedure of the documents: its steps in order."""

    name: str
    title: str
    banking: str
    steps: tuple[DocStep, ...]
    either_order: tuple[frozenset[int], ...] = ()
    """Groups of steps (indexes into ``steps``, next to each other) that may come in any order among themselves."""

    def interchangeable(self, index: int) -> frozenset[int]:
        """The steps that may stand at ``index``'s place: its group, or itself alone.

        >>> sorted(procedure_named("before-the-deal-player-dealer").interchangeable(1))
        [1, 2]
        """
        return next((group for group in self.either_order if index in group), frozenset({index}))


@dataclass(frozen=True)
class SpecialCase:
    """A controller situation outside the usual order and what the dealer does about it."""

    situation: str
    action: str
    citation: str


@dataclass(frozen=True)
class Controller:
    """One Progressive controller system (seed 002): the steps of a round, in order.

    ``steps[winner_from:-1]`` happen only when a Progressive wins; the last step always ends the round.
    """

    name: str
    title: str
    steps: tuple[DocStep, ...]
    winner_from: int
    special: tuple[SpecialCase, ...]
    meter_step: int
    """The index of the step that adjusts the meter for a royal paid from it (100 % or 5 %)."""
    tray_step: DocStep
    """That step when the winner is a fixed "for 1" pay: from the tray, the meter left alone (rules-notes §4)."""

    def round_steps(self, winner: bool, from_meter: bool = True) -> tuple[DocStep, ...]:
        """The steps of one round, with or without a Progressive winner; ``from_meter``: the winner is a royal
        paid as a percentage of the meter (else a fixed pay from the tray, which leaves the meter alone).

        >>> len(controller_named("coin-in").round_steps(False)), len(controller_named("coin-in").round_steps(True))
        (5, 9)
        >>> controller_named("coin-in").round_steps(True, from_meter=False)[7].text.split(", ")[1]
        "the meter left as it is (a fixed 'for 1' pay comes from the tray)"
        """
        if not winner:
            return (*self.steps[:self.winner_from], self.steps[-1])
        if from_meter:
            return self.steps
        return (*self.steps[:self.meter_step], self.tray_step, *self.steps[self.meter_step + 1:])


@dataclass(frozen=True)
class Irregularity:
    """Something that happens at the table and the documents' (or the rules notes') response to it."""

    name: str
    happens: str
    response: Response
    citation: str


@dataclass(frozen=True)
class Protection:
    """An act at the table (a text with ``{seat}``, ``{other}``, ``{amount}`` to fill) and whether it is allowed."""

    name: str
    act: str
    allowed: bool
    citation: str


@dataclass(frozen=True)
class Catalogue:
    procedures: Mapping[str, DocProcedure]
    controllers: Mapping[str, Controller]
    irregularities: Mapping[str, Irregularity]
    protection: Mapping[str, Protection]
    deal_citations: Mapping[str, str]


def _text(raw: Any, where: str) -> str:
    if not isinstance(raw, str) or not raw.strip():
        raise CatalogueError(f"{DATA_FILE.name}: {where}: must be a text")
    return raw


def _steps(raw: Any, where: str) -> tuple[DocStep, ...]:
    if not isinstance(raw, list) or len(raw) < 2:
        raise CatalogueError(f"{DATA_FILE.name}: {where}.steps: must list at least two steps")
    return tuple(_step(pair, f"{where}.steps[{index}]") for index, pair in enumerate(raw))


def _step(pair: Any, where: str) -> DocStep:
    if not isinstance(pair, list) or len(pair) != 2:
        raise CatalogueError(f"{DATA_FILE.name}: {where}: must be [text, citation]")
    return DocStep(_text(pair[0], where), _text(pair[1], where))


def _either_order(raw: Any, count: int, where: str) -> tuple[frozenset[int], ...]:
    """``[[2, 3]]`` (steps counted from 1) as groups of step indexes; each group two or more steps in a row."""
    if not isinstance(raw, list):
        raise CatalogueError(f"{DATA_FILE.name}: {where}.either_order: must be a list of lists of step numbers")
    groups: list[frozenset[int]] = []
    for index, group in enumerate(raw):
        numbers = sorted(group) if isinstance(group, list) and all(type(n) is int for n in group) else []
        if len(numbers) < 2 or numbers != list(range(numbers[0], numbers[0] + len(numbers))) \
                or not 1 <= numbers[0] <= numbers[-1] <= count:
            raise CatalogueError(f"{DATA_FILE.name}: {where}.either_order[{index}]: must be two or more step "
                                 f"numbers in a row, 1 to {count}")
        groups.append(frozenset(number - 1 for number in numbers))
    return tuple(groups)


def read_catalogue(data: Mapping[str, Any]) -> Catalogue:
    """Check and read the parsed procedures file."""
    procedures = {}
    for name, body in data.get("procedures", {}).items():
        where = f"procedures.{name}"
        banking = _text(body.get("banking"), f"{where}.banking")
        if banking not in ("house", "player-dealer", "any"):
            raise CatalogueError(f"{DATA_FILE.name}: {where}.banking: {banking!r} is not house, player-dealer or any")
        steps = _steps(body.get("steps"), where)
        procedures[name] = DocProcedure(name, _text(body.get("title"), f"{where}.title"), banking, steps,
                                        _either_order(body.get("either_order", []), len(steps), where))
    controllers = {}
    for name, body in data.get("controllers", {}).items():
        where = f"controllers.{name}"
        steps = _steps(body.get("steps"), where)
        winner_from = body.get("winner_from")
        if not isinstance(winner_from, int) or not 1 <= winner_from < len(steps) - 1:
            raise CatalogueError(f"{DATA_FILE.name}: {where}.winner_from: must be a step index before the last")
        special = tuple(SpecialCase(*(_text(part, f"{where}.special") for part in case))
                        for case in body.get("special", ()))
        meter_step = body.get("meter_step")
        if not isinstance(meter_step, int) or not winner_from < meter_step <= len(steps) - 1:
            raise CatalogueError(f"{DATA_FILE.name}: {where}.meter_step: must be the number of a winner's step")
        tray = _step(body.get("tray_step"), f"{where}.tray_step")
        controllers[name] = Controller(name, _text(body.get("title"), f"{where}.title"), steps, winner_from, special,
                                       meter_step - 1, tray)
    found = {}
    for name, body in data.get("irregularities", {}).items():
        where = f"irregularities.{name}"
        try:
            response = Response(body.get("response"))
        except ValueError:
            raise CatalogueError(f"{DATA_FILE.name}: {where}.response: must be void, floor or carry-on") from None
        found[name] = Irregularity(name, _text(body.get("happens"), where), response,
                                   _text(body.get("citation"), where))
    protection = {}
    for name, body in data.get("protection", {}).items():
        where = f"protection.{name}"
        if not isinstance(body.get("allowed"), bool):
            raise CatalogueError(f"{DATA_FILE.name}: {where}.allowed: must be true or false")
        protection[name] = Protection(name, _text(body.get("act"), where), body["allowed"],
                                      _text(body.get("citation"), where))
    if not procedures or len(controllers) != 2 or not found or not protection:
        raise CatalogueError(f"{DATA_FILE.name}: needs procedures, the two controllers, irregularities and protection")
    citations = {str(name): _text(text, f"deal_citations.{name}")
                 for name, text in data.get("deal_citations", {}).items()}
    missing = sorted({procedure.value for procedure in Procedure} - set(citations))
    if missing:
        raise CatalogueError(f"{DATA_FILE.name}: deal_citations: no citation for the dealing procedure {missing[0]!r}")
    return Catalogue(procedures, controllers, found, protection, citations)


@cache
def catalogue() -> Catalogue:
    """The shipped procedures, read once."""
    return read_catalogue(tomllib.loads(DATA_FILE.read_text(encoding="utf-8")))


def procedure_named(name: str) -> DocProcedure:
    return catalogue().procedures[name]


def controller_named(name: str) -> Controller:
    return catalogue().controllers[name]


def irregularities() -> Mapping[str, Irregularity]:
    return catalogue().irregularities


def deal_citation(procedure: str) -> str:
    """Where the documents give a dealing procedure (the engine's :class:`~trainer.engine.dealing.Procedure`).

    >>> deal_citation("shuffler")
    'seed 001 Dealing Procedures 7, 8; seed 003 Dealing procedures 4, 5'
    """
    return catalogue().deal_citations[procedure]
