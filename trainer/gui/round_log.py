"""The round log: the panel beside the table that tells the round so far in dealer English, phase by phase."""

from __future__ import annotations

from decimal import Decimal

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QFrame, QListWidget, QListWidgetItem, QScrollArea, QVBoxLayout, QWidget

from trainer.engine.round import PlayedRound
from trainer.engine.settlement import Step, format_money
from trainer.engine.strategy import Street
from trainer.engine.wagers import HandResult
from trainer.gui.status_bar import DECK_COLOURS
from trainer.i18n.translation import N_, _, ngettext

_SECTION_PHASES = {"folds": "fold", "refund": "refund"}
"""The steps a section of the log lists: the folds section the folded hands collected, the refund section the
Antes pushed."""


LOG_MIN_HEIGHT = 90
"""The round log keeps a few lines below the settlement panel, whatever the window's height."""


class RoundLog(QWidget):
    """The panel on the right: what happened in the round so far, in dealer English.

    It follows the round's animation phase by phase (the names :class:`RoundDirector` reports): the bets,
    the decisions street by street, the board, the folds, the dealer's hand and each seat's result, and the
    settlement procedure as the dealer reaches each seat. Each settlement line's tooltip is the rule applied.
    Quizzes later put their questions in :attr:`prompt_area` above the log.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.prompt_area = QWidget()
        self.prompt_area.setObjectName("promptArea")
        prompt_layout = QVBoxLayout()
        prompt_layout.setContentsMargins(2, 2, 2, 2)  # the panel fits beside the scroll bar in a 244 px column
        self.prompt_area.setLayout(prompt_layout)
        self.prompt_scroll = QScrollArea()
        """The prompt area scrolls when a low window leaves it less than its height: its buttons keep their size
        and nothing is pushed past the window's edge."""
        self.prompt_scroll.setObjectName("promptScroll")
        self.prompt_scroll.setWidgetResizable(True)
        self.prompt_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.prompt_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.prompt_scroll.setWidget(self.prompt_area)
        self.prompt_scroll.hide()
        self.prompt_area.installEventFilter(self)
        self.prompt_area.hide()  # after setWidget, which shows it
        self.list = QListWidget()
        self.list.setObjectName("roundLog")
        self.list.setWordWrap(True)
        self.list.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.list.setMinimumHeight(LOG_MIN_HEIGHT)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.prompt_scroll, 4)
        layout.addWidget(self.list, 1)
        self._played: PlayedRound | None = None
        self._sections: list[str] = []
        self._shown = 0
        self._last: tuple[PlayedRound, str, bool] | None = None
        """The round shown last, its procedure's label (English) and whether it is over: shown again in another
        language by :meth:`retranslate`."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        """The scroll area around the prompt area is shown and hidden with it (quizzes show and hide the area)."""
        if watched is self.prompt_area and event.type() in (QEvent.Type.ShowToParent, QEvent.Type.HideToParent):
            self.prompt_scroll.setVisible(event.type() == QEvent.Type.ShowToParent)
        return super().eventFilter(watched, event)

    def lines(self) -> list[str]:
        """The text of every line, top to bottom (for tests and for copying)."""
        return [self.list.item(i).text() for i in range(self.list.count())]

    def add(self, text: str, *, heading: bool = False, tip: str = "") -> None:
        """Append one line (a heading in bold) and keep it in view."""
        item = QListWidgetItem(text)
        if heading:
            font = QFont(self.list.font())
            font.setBold(True)
            item.setFont(font)
        if tip:
            item.setToolTip(tip)
            item.setStatusTip(tip)
        self.list.addItem(item)
        self.list.scrollToBottom()

    def retranslate(self) -> None:
        """The round shown, as far as it was shown, again in the language spoken now."""
        if self._last is None:
            return
        played, procedure_label, over = self._last
        shown = self._shown if not over else len(self._sections)
        self.start(played, procedure_label)
        self._show_through(shown)
        if over:
            self.finish()

    def start(self, played: PlayedRound, procedure_label: str) -> None:
        """A new round: clear, then the round's header and the bets (``procedure_label``: the dealing procedure's
        name in English, shown in the language spoken)."""
        self._last = (played, procedure_label, False)
        self.list.clear()
        self._played, self._shown = played, 0
        steps = played.settlement.procedure
        settled = list(dict.fromkeys(step.seat for step in steps if step.phase == "settle"))
        self._sections = ["coin-in", "preflop", "flop", "turn-river", "river-decisions", "folds", "reveal", "refund",
                          *(f"settle:{seat}" for seat in settled)]
        table = played.table
        colour = _(DECK_COLOURS.get(played.deck_colour, played.deck_colour))
        self.add(_("Round {number} · {colour} deck · {procedure}").format(
            number=played.number, colour=colour, procedure=_(procedure_label)), heading=True)
        if table.player_dealer_seat is not None:
            fee = played.collection_fee
            bank = format_money(table.player_dealer_bank or Decimal(0))
            if fee is not None:
                self.add(_("Player-dealer: seat {seat} (bank {bank}, collection {fee})").format(
                    seat=table.player_dealer_seat, bank=bank, fee=format_money(fee)))
            else:
                self.add(_("Player-dealer: seat {seat} (bank {bank})").format(seat=table.player_dealer_seat,
                                                                              bank=bank))
        for bets in played.bets:
            side = [f"{_(name)} {format_money(getattr(bets, key))}" for key, name in _SIDE_BET_NAMES
                    if getattr(bets, key)]
            extra = f", {', '.join(side)}" if side else ""
            ante = format_money(bets.ante)
            self.add(_("Seat {seat}: Ante {ante}, Blind {ante}").format(seat=bets.seat, ante=ante) + extra)

    def reach(self, phase: str) -> None:
        """Show everything the round has revealed once ``phase`` begins (unknown phases show nothing)."""
        if self._played is None or phase not in self._sections:
            return
        self._show_through(self._sections.index(phase) + 1)

    def finish(self) -> None:
        """The round is over: whatever was not shown yet, then the totals."""
        if self._played is None:
            return
        self._show_through(len(self._sections))
        net = self._played.settlement.player_dealer_net
        if net is not None:
            self.add(_("Player-dealer's result: {net}").format(net=_money(net)))
        self.add(_("Round over."), heading=True)
        if self._last is not None:
            self._last = (self._last[0], self._last[1], True)
        self._played = None

    def _show_through(self, count: int) -> None:
        while self._shown < count:
            section = self._sections[self._shown]
            self._shown += 1
            self._show(section)

    def _show(self, section: str) -> None:
        played = self._played
        if played is None:
            return
        board = played.deal.board
        steps = played.settlement.procedure
        if section == "coin-in":
            coined = [bets.seat for bets in played.bets if bets.progressive > 0]
            if coined:
                listed = ", ".join(str(seat) for seat in coined)
                # Every stake leaves at COIN IN, before the deal: which ones lost is known only at the showdown.
                self.add(ngettext("COIN IN: the Progressive of seat {seats} off the layout",
                                  "COIN IN: the Progressive of seats {seats} off the layout",
                                  len(coined)).format(seats=listed), heading=True)
        elif section == "preflop":
            self._decisions("preflop", _("Before the flop"))
        elif section == "flop":
            self.add(_("Flop: {cards}").format(cards=" ".join(map(str, board[:3]))), heading=True)
            self._decisions("flop", _("On the flop"))
        elif section == "turn-river":
            self.add(_("Turn {turn}, river {river}").format(turn=board[3], river=board[4]), heading=True)
        elif section == "river-decisions":
            self._decisions("river", _("On the river"))
        elif section in ("folds", "refund"):
            chosen = [step for step in steps if step.phase == _SECTION_PHASES[section]]
            if chosen:
                self.add(_("Folded hands collected") if section == "folds" else _(
                    "Antes pushed: the dealer does not qualify"), heading=True)
            self._steps(chosen)
        elif section == "reveal":
            self._reveal()
        elif section.startswith("settle:"):
            seat = int(section.split(":", 1)[1])
            self._steps([step for step in steps if step.phase == "settle" and step.seat == seat])

    def _reveal(self) -> None:
        played = self._played
        if played is None:
            return
        settlement = played.settlement
        cards = " ".join(map(str, played.deal.dealer))
        qualifies = _("qualifies") if settlement.dealer_qualifies else _("does not qualify")
        who = _("Player-dealer") if played.table.player_dealer_seat is not None else _("Dealer")
        self.add(_("{who} {cards}: {hand}, {qualifies}").format(who=who, cards=cards,
                                                                hand=settlement.dealer.describe(),
                                                                qualifies=qualifies), heading=True)
        for seat in sorted(settlement.seats, key=lambda s: s.seat):
            result = _(RESULT_WORDS.get(seat.result, str(seat.result)))
            self.add(_("Seat {seat}: {hand} — {result}, {net}").format(
                seat=seat.seat, hand=seat.hand.describe(), result=result, net=_money(seat.net)))
        if any(step.phase in ("refund", "settle") for step in settlement.procedure):
            self.add(_("Settlement"), heading=True)

    def _steps(self, steps: list[Step]) -> None:
        for step in steps:
            self.add(f"  {step.describe()}", tip=step.rule)

    def _decisions(self, street: Street, title: str) -> None:
        if self._played is None:
            return
        words = []
        for decision in self._played.decisions_on(street):
            if decision.multiple:
                words.append(_("seat {seat} bets {multiple}x").format(seat=decision.seat,
                                                                     multiple=decision.multiple))
            elif decision.is_fold:
                words.append(_("seat {seat} folds").format(seat=decision.seat))
            else:
                words.append(_("seat {seat} checks").format(seat=decision.seat))
        if words:
            self.add(_("{title}: {decisions}").format(title=title, decisions=", ".join(words)))


RESULT_WORDS: dict[str, str] = {HandResult.WIN: N_("win"), HandResult.LOSE: N_("lose"), HandResult.PUSH: N_("push"),
                                HandResult.FOLD: N_("fold")}
"""A seat's result against the dealer, as the log says it."""

_SIDE_BET_NAMES = (
    ("trips", "Trips"), ("bad_beat", "Bad Beat"), ("pairs", N_("Pairs")), ("progressive", N_("Progressive")),
)


def _money(amount: Decimal) -> str:
    """A player's result: ``+$30``, ``−$115``, ``even``."""
    return format_money(amount, signed=True, minus="−") if amount else _("even")
