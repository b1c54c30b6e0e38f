"""The round log: the panel beside the table that tells the round so far in dealer English, phase by phase."""

from __future__ import annotations

from decimal import Decimal

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QFrame, QListWidget, QListWidgetItem, QScrollArea, QVBoxLayout, QWidget

from trainer.engine.round import PlayedRound
from trainer.engine.settlement import Step, format_money
from trainer.engine.strategy import Street

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

    def start(self, played: PlayedRound, procedure_label: str) -> None:
        """A new round: clear, then the round's header and the bets."""
        self.list.clear()
        self._played, self._shown = played, 0
        steps = played.settlement.procedure
        settled = list(dict.fromkeys(step.seat for step in steps if step.phase == "settle"))
        self._sections = ["coin-in", "preflop", "flop", "turn-river", "river-decisions", "folds", "reveal", "refund",
                          *(f"settle:{seat}" for seat in settled)]
        table = played.table
        self.add(f"Round {played.number} · {played.deck_colour} deck · {procedure_label}", heading=True)
        if table.player_dealer_seat is not None:
            fee = played.collection_fee
            fee_text = f", collection {format_money(fee)}" if fee is not None else ""
            bank = format_money(table.player_dealer_bank or Decimal(0))
            self.add(f"Player-dealer: seat {table.player_dealer_seat} (bank {bank}{fee_text})")
        for bets in played.bets:
            side = [f"{name} {format_money(getattr(bets, key))}" for key, name in _SIDE_BET_NAMES
                    if getattr(bets, key)]
            extra = f", {', '.join(side)}" if side else ""
            ante = format_money(bets.ante)
            self.add(f"Seat {bets.seat}: Ante {ante}, Blind {ante}{extra}")

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
            self.add(f"Player-dealer's result: {_money(net)}")
        self.add("Round over.", heading=True)
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
                seats = ("seats " if len(coined) > 1 else "seat ") + ", ".join(str(seat) for seat in coined)
                # Every stake leaves at COIN IN, before the deal: which ones lost is known only at the showdown.
                self.add(f"COIN IN: the Progressive of {seats} off the layout", heading=True)
        elif section == "preflop":
            self._decisions("preflop", "Before the flop")
        elif section == "flop":
            self.add(f"Flop: {' '.join(map(str, board[:3]))}", heading=True)
            self._decisions("flop", "On the flop")
        elif section == "turn-river":
            self.add(f"Turn {board[3]}, river {board[4]}", heading=True)
        elif section == "river-decisions":
            self._decisions("river", "On the river")
        elif section in ("folds", "refund"):
            chosen = [step for step in steps if step.phase == _SECTION_PHASES[section]]
            if chosen:
                self.add("Folded hands collected" if section == "folds" else "Antes pushed: the dealer does "
                         "not qualify", heading=True)
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
        qualifies = "qualifies" if settlement.dealer_qualifies else "does not qualify"
        who = "Player-dealer" if played.table.player_dealer_seat is not None else "Dealer"
        self.add(f"{who} {cards}: {settlement.dealer.describe()}, {qualifies}", heading=True)
        for seat in sorted(settlement.seats, key=lambda s: s.seat):
            self.add(f"Seat {seat.seat}: {seat.hand.describe()} — {seat.result}, {_money(seat.net)}")
        if any(step.phase in ("refund", "settle") for step in settlement.procedure):
            self.add("Settlement", heading=True)

    def _steps(self, steps: list[Step]) -> None:
        for step in steps:
            self.add(f"  {step.describe()}", tip=step.rule)

    def _decisions(self, street: Street, title: str) -> None:
        if self._played is None:
            return
        words = []
        for decision in self._played.decisions_on(street):
            if decision.multiple:
                words.append(f"seat {decision.seat} bets {decision.multiple}x")
            elif decision.is_fold:
                words.append(f"seat {decision.seat} folds")
            else:
                words.append(f"seat {decision.seat} checks")
        if words:
            self.add(f"{title}: {', '.join(words)}")


_SIDE_BET_NAMES = (
    ("trips", "Trips"), ("bad_beat", "Bad Beat"), ("pairs", "Pairs"), ("progressive", "Progressive"),
)


def _money(amount: Decimal) -> str:
    """A player's result: ``+$30``, ``−$115``, ``even``."""
    if not amount:
        return "even"
    return ("+" if amount > 0 else "−") + format_money(abs(amount))
