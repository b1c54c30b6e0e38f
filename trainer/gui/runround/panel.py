"""The run round's side of the side panel: every act of the round as a button with its key, the answers to an
irregularity, the feedback with the document and section, and the settlement panel for the announcement and the
settlement (the same one settle-it-yourself uses).

The panel only shows and asks; :class:`~trainer.gui.runround.controller.RunRoundController` connects its
buttons (and the window keys of :data:`ACT_KEYS`) to the round.
"""

from __future__ import annotations

from PySide6.QtCore import QRegularExpression, Qt
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from trainer.engine.evaluator import Category
from trainer.gui.quiz.controls import FeedbackShown
from trainer.gui.quiz.panel import SettlementPanel
from trainer.gui.widgets import BAD, form_label, score_clock_keys

ACT_KEYS: dict[str, tuple[str, str, str]] = {
    "fee": ("Fee", "T", "Take the collection fee typed beside it from the player-dealer, into the drop "
                                 "box, before any card is dealt"),
    "no_more_bets": ("No more bets", "B", "Call \"No more bets\" (wave your hand over the layout)"),
    "coin_in": ("COIN IN", "I", "Press COIN IN on the Progressive controller and take every Progressive wager "
                                "off the layout"),
    "deal_next": ("Deal next", "D", "Deal the next card to the place it is due (guided and practice "
                                             "modes); or click the place on the felt"),
    "unload": ("Unload", "U", "The cards left after the deal go into the discard rack unseen"),
    "take_play": ("Play", "A", "Take the Play wager the player puts out now: 3x or 4x the Ante before the "
                                    "flop, 2x on the flop, 1x on the river (seed 001 Dealing Procedures 9-13)"),
    "refuse_play": ("Refuse", "X", "Refuse a Play wager the player may not make: once players bet they cannot bet "
                                   "again or change their bet (seed 001 Dealing Procedures 9)"),
    "reveal": ("Turn", "O", "Turn over the next community cards: the flop, then the turn and the river "
                                 "(seed 001 Dealing Procedures 10, 12)"),
    "hand_button": ("Hand", "H", "A Progressive wins: press the winning hand's button on the controller for "
                                        "its seat, then call a supervisor (seed 002 Progressive rule 9 d-e)"),
    "game_over": ("Game Over", "E", "Every wager reconciled after a Progressive win: press Game Over on the "
                                    "controller (seed 002 Progressive rule 9 h)"),
    "fold_1": ("1", "1", "The folded hand chosen counts one card"),
    "fold_2": ("2", "2", "The folded hand chosen counts two cards: into the rack"),
    "fold_3": ("3", "3", "The folded hand chosen counts three cards"),
    "rack": ("Rack", "R", "Every card of the round into the discard rack"),
    "count": ("Count", "K", "The rack holds the count typed beside it"),
    "void": ("Void", "V", "Void every hand of the round and return every wager"),
    "floor": ("Floor", "F", "Stop and call the floor supervisor"),
    "carry_on": ("Carry on", "G", "Nothing to stop for: go on with the round as it is"),
}
"""Each act's button: (text, key, what it does). The keys work in the window while a run round is on."""
HAND_RESULTS = {"win": "Wins", "lose": "Loses", "push": "Ties"}
"""The buttons that announce a player's hand: its result against the dealer's."""


KEYS_HELP = (
    "Run the round — T take the fee (type it first), B no more bets, I COIN IN, click a place on the felt to deal "
    "it a card (D: the next in order, guided and practice), U unload, A take the Play wager put out, X refuse "
    "one the player may not make, O turn over the flop, then the turn and river, H the Progressive hand button, E "
    "Game Over, click a folded hand then "
    "1 / 2 / 3 its count, R rack, K confirm the count (type it first), V void the round, F call the floor, "
    "G carry on; the announcement and the settlement as in settle it yourself; N the next round."
)


class RunRoundPanel(FeedbackShown, QWidget):
    """The acts of a run round, the answers to an irregularity, the feedback, and the settlement panel."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("runRoundPanel")
        self.buttons: dict[str, QPushButton] = {}
        self.title = form_label("runRoundTitle", bold=True, size=15)
        self.progress = form_label("runRoundProgress")
        self.seen = form_label("runRoundSeen", bold=True)
        self.seen.setStyleSheet(f"color: {BAD};")
        self.hint = form_label("runRoundHint")
        self.hint.setStyleSheet("QLabel#runRoundHint { color: #6b4e00; background: #fff6d6; border: 1px solid "
                                "#d9b45c; border-radius: 5px; padding: 5px; }")
        self.acts = QGroupBox("The round")
        self.acts.setObjectName("runRoundActs")
        self.fee_amount = self._number_box("feeAmount", "fee $", r"\$?[0-9]{0,5}(\.[0-9]{0,2})?")
        self.count_box = self._number_box("countBox", "count", r"[0-9]{0,3}")
        self.fold_seat = form_label("foldSeat")
        self._build_acts()
        self.responses = QGroupBox("Something wrong?")
        self.responses.setObjectName("runRoundResponses")
        row = QHBoxLayout(self.responses)
        row.setSpacing(3)
        for name in ("void", "floor", "carry_on"):
            row.addWidget(self._button(name))
        self._build_hands()
        self.settlement = SettlementPanel()
        self.settlement.hide()
        self.feedback = form_label("feedback")
        self.feedback.setTextFormat(Qt.TextFormat.RichText)
        self.feedback.hide()
        self.lesson_button = QPushButton("Open lesson")
        self.lesson_button.setObjectName("runRoundLesson")
        self.lesson_button.hide()
        self.lesson_topic: str | None = None
        self.score, self.clock, self.keys_help = score_clock_keys(
            ("runRoundScore", "runRoundClock", "runRoundKeys"), "Keys: hover here, or Help ▸ Keys.", KEYS_HELP)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 4)
        layout.setSpacing(5)
        for widget in (self.title, self.progress, self.seen, self.hint, self.acts, self.responses, self.hands,
                       self.settlement,
                       self.feedback, self.lesson_button, self.score, self.clock, self.keys_help):
            layout.addWidget(widget)
        self.show_seen("")
        self.show_hint("")

    def _button(self, name: str) -> QPushButton:
        text, key, tip = ACT_KEYS[name]
        button = QPushButton(f"{text} ({key})")
        button.setObjectName(f"act_{name}")
        button.setToolTip(f"{tip} ({key})")
        self.buttons[name] = button
        return button

    def _number_box(self, name: str, placeholder: str, pattern: str) -> QLineEdit:
        box = QLineEdit()
        box.setObjectName(name)
        box.setPlaceholderText(placeholder)
        box.setMaximumWidth(74)
        box.setValidator(QRegularExpressionValidator(QRegularExpression(pattern), box))
        return box

    def _build_acts(self) -> None:
        grid = QGridLayout(self.acts)
        grid.setSpacing(3)
        grid.addWidget(self.fee_amount, 0, 0)
        grid.addWidget(self._button("fee"), 0, 1, 1, 2)
        grid.addWidget(self._button("no_more_bets"), 1, 0, 1, 2)
        grid.addWidget(self._button("coin_in"), 1, 2)
        grid.addWidget(self._button("deal_next"), 2, 0, 1, 2)
        grid.addWidget(self._button("unload"), 2, 2)
        for column, name in enumerate(("take_play", "refuse_play", "reveal")):
            grid.addWidget(self._button(name), 3, column)
        grid.addWidget(self.fold_seat, 4, 0, 1, 3)
        grid.setRowMinimumHeight(4, 22)
        for column, name in enumerate(("fold_1", "fold_2", "fold_3")):
            grid.addWidget(self._button(name), 5, column)
        grid.addWidget(self._button("rack"), 6, 0)
        grid.addWidget(self.count_box, 6, 1)
        grid.addWidget(self._button("count"), 6, 2)
        grid.addWidget(self._button("hand_button"), 7, 0)
        grid.addWidget(self._button("game_over"), 7, 1, 1, 2)
        self.show_fold_seat(None)

    def _build_hands(self) -> None:
        """Each player's hand announced after the dealer's: the hand, then Wins, Loses or Ties (seed 001 When
        player-dealer qualifies 1 c; seed 003 Round of Play 10 d)."""
        self.hands = QGroupBox("Each player's hand")
        self.hands.setObjectName("runRoundHands")
        self.hand_seat = form_label("handSeat")
        self.hand_category = QComboBox()
        self.hand_category.setObjectName("handCategory")
        self.hand_category.setToolTip("The player's best five-card hand of the seven cards")
        for category in Category:
            self.hand_category.addItem(category.label[:1].upper() + category.label[1:], category)
        self.hand_buttons: dict[str, QPushButton] = {}
        row = QHBoxLayout()
        row.setSpacing(3)
        for result, text in HAND_RESULTS.items():
            button = QPushButton(text)
            button.setObjectName(f"hand_{result}")
            button.setToolTip(f"Announce the hand chosen and that it {text.lower()} against the dealer's")
            self.hand_buttons[result] = button
            row.addWidget(button)
        layout = QVBoxLayout(self.hands)
        layout.setSpacing(3)
        layout.addWidget(self.hand_seat)
        layout.addWidget(self.hand_category)
        layout.addLayout(row)
        self.hands.hide()

    # -- what the controller shows -------------------------------------------------------------------------

    def show_seen(self, text: str) -> None:
        """What the table shows that a dealer must stop for (empty: nothing)."""
        self.seen.setText(f"At the table: {text}." if text else "")
        self.seen.setVisible(bool(text))

    def show_hint(self, text: str) -> None:
        self.hint.setText(text)
        self.hint.setVisible(bool(text))

    def show_fold_seat(self, seat: int | None) -> None:
        self.fold_seat.setText(f"Seat {seat}'s fold: how many cards?" if seat is not None
                               else "A fold: click it, then its count")

    def show_hand_due(self, seat: int | None) -> None:
        """Seat ``seat``'s hand is to be announced (None: no hand is due; the box goes)."""
        if seat is not None and self.hands.isHidden():
            self.hand_category.setCurrentIndex(-1)
        self.hand_seat.setText(f"Seat {seat}: announce its hand and whether it wins" if seat is not None else "")
        self.hands.setVisible(seat is not None)

    def set_settling(self, settling: bool) -> None:
        """The announcement and the settlement take the panel (the acts give way), or give it back."""
        self.settlement.setVisible(settling)
        self.acts.setVisible(not settling)

    def set_acts_enabled(self, enabled: bool) -> None:
        """While the table is busy (the players deciding, chips moving) the acts wait."""
        self.acts.setEnabled(enabled)
        self.responses.setEnabled(enabled)


__all__ = ["ACT_KEYS", "KEYS_HELP", "RunRoundPanel"]
