"""The run round's side of the side panel: every act of the round as a button with its key, the answers to an
irregularity, the feedback with the document and section, and the settlement panel for the announcement and the
settlement (the same one settle-it-yourself uses).

The panel only shows and asks; :class:`~trainer.gui.runround.controller.RunRoundController` connects its
buttons (and the window keys of :data:`ACT_KEYS`) to the round.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QRegularExpression, Qt
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import (
    QBoxLayout,
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
from trainer.engine.words import hand_name
from trainer.gui.quiz.controls import FeedbackShown
from trainer.gui.quiz.panel import SettlementPanel
from trainer.gui.widgets import BAD, form_label, score_clock_keys
from trainer.i18n.translation import N_, _, pgettext

ACT_KEYS: dict[str, tuple[str, str, str]] = {
    "fee": (N_("Fee"), "T", N_("Take the collection fee typed beside it from the player-dealer, into the drop box, "
                               "before any card is dealt")),
    "no_more_bets": (N_("No more bets"), "B", N_("Call \"No more bets\" (wave your hand over the layout)")),
    "coin_in": (N_("COIN IN"), "I", N_("Press COIN IN on the Progressive controller and take every Progressive "
                                       "wager off the layout")),
    "deal_next": (N_("Deal next"), "D", N_("Deal the next card to the place it is due (guided and practice modes); "
                                           "or click the place on the felt")),
    "unload": (N_("Unload"), "U", N_("The cards left after the deal go into the discard rack unseen")),
    "take_play": (N_("Play"), "A", N_("Take the Play wager the player puts out now: 3x or 4x the Ante before the "
                                      "flop, 2x on the flop, 1x on the river (seed 001 Dealing Procedures 9-13)")),
    "refuse_play": (N_("Refuse"), "X", N_("Refuse a Play wager the player may not make: once players bet they "
                                          "cannot bet again or change their bet (seed 001 Dealing Procedures 9)")),
    "reveal": (N_("Turn"), "O", N_("Turn over the next community cards: the flop, then the turn and the river "
                                   "(seed 001 Dealing Procedures 10, 12)")),
    "hand_button": (N_("Hand"), "H", N_("A Progressive wins: press the winning hand's button on the controller for "
                                        "its seat, then call a supervisor (seed 002 Progressive rule 9 d-e)")),
    "game_over": (N_("Game Over"), "E", N_("Every wager reconciled after a Progressive win: press Game Over on the "
                                           "controller (seed 002 Progressive rule 9 h)")),
    "fold_1": ("1", "1", N_("The folded hand chosen counts one card")),
    "fold_2": ("2", "2", N_("The folded hand chosen counts two cards: into the rack")),
    "fold_3": ("3", "3", N_("The folded hand chosen counts three cards")),
    "rack": (N_("Rack"), "R", N_("Every card of the round into the discard rack")),
    "count": (N_("Count"), "K", N_("The rack holds the count typed beside it")),
    "void": (N_("Void"), "V", N_("Void every hand of the round and return every wager")),
    "floor": (N_("Floor"), "F", N_("Stop and call the floor supervisor")),
    "carry_on": (N_("Carry on"), "G", N_("Nothing to stop for: go on with the round as it is")),
    "stop_late": (N_("Late bet"), "Shift+L", N_("Refuse a wager made after \"No more bets\" and hand the chips "
                                                  "back")),
    "stop_back_line": (N_("Back line"), "Shift+B", N_("Refuse a spectator's wager behind a seat and hand the chips "
                                                      "back")),
    "stop_side_bet": (N_("Side bet"), "Shift+S", N_("Stop a bet on another player's or the house's hand, or between "
                                                    "players")),
    "stop_cards": (N_("Cards down"), "Shift+C", N_("Ask the player to keep the cards on the table, above the "
                                                       "layout")),
}
"""Each act's button: (text, key, what it does), the texts marked (shown with ``_``). The keys work in the window
while a run round is on, whatever the language."""
STOPS = {"stop_late": "refuse-late-wager", "stop_back_line": "refuse-back-line", "stop_side_bet": "stop-side-bet",
         "stop_cards": "cards-on-table"}
"""The buttons that stop a prohibited act, and the stop each one is (:class:`~trainer.quiz.protection.Stop`)."""
HAND_RESULTS = {"win": N_("Wins"), "lose": N_("Loses"), "push": N_("Ties")}
"""The buttons that announce a player's hand: its result against the dealer's (marked; shown with ``_``)."""
HAND_RESULT_TIPS = {
    "win": N_("Announce the hand chosen and that it wins against the dealer's"),
    "lose": N_("Announce the hand chosen and that it loses against the dealer's"),
    "push": N_("Announce the hand chosen and that it ties against the dealer's"),
}


KEYS_HELP = N_(
    "Run the round — T take the fee (type it first), B no more bets, I COIN IN, click a place on the felt to deal "
    "it a card (D: the next in order, guided and practice), U unload, A take the Play wager put out, X refuse "
    "one the player may not make, O turn over the flop, then the turn and river, H the Progressive hand button, E "
    "Game Over, click a folded hand then "
    "1 / 2 / 3 its count, R rack, K confirm the count (type it first), V void the round, F call the floor, "
    "G carry on; Shift+L, Shift+B, Shift+S, Shift+C stop a late wager, a back-line wager, a side bet, cards off "
    "the table; the announcement and the settlement as in settle it yourself; N the next round."
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
        self.acts = QGroupBox()
        self.acts.setObjectName("runRoundActs")
        self.fee_amount = self._number_box("feeAmount", r"\$?[0-9.,]{0,12}")  # read by the quiz's amount reader
        self.count_box = self._number_box("countBox", r"[0-9]{0,3}")
        self.fold_seat = form_label("foldSeat")
        self._fold_seat: int | None = None
        self._hand_due: int | None = None
        self._build_acts()
        self.responses = QGroupBox()
        self.responses.setObjectName("runRoundResponses")
        grid = QGridLayout(self.responses)
        grid.setSpacing(3)
        for column, name in enumerate(("void", "floor", "carry_on")):
            grid.addWidget(self._button(name), 0, 2 * column, 1, 2)
        for index, name in enumerate(STOPS):  # a prohibited act a player attempts (seed 001 §2, 4 a, 16; seed 002)
            grid.addWidget(self._button(name), 1 + index // 2, 3 * (index % 2), 1, 3)
        self._build_hands()
        self._settlement: SettlementPanel | None = None
        self._settlement_made: list[Callable[[SettlementPanel], object]] = []
        self.feedback = form_label("feedback")
        self.feedback.setTextFormat(Qt.TextFormat.RichText)
        self.feedback.hide()
        self.lesson_button = QPushButton()
        self.lesson_button.setObjectName("runRoundLesson")
        self.lesson_button.hide()
        self.lesson_topic: str | None = None
        self.score, self.clock, self.keys_help = score_clock_keys(
            ("runRoundScore", "runRoundClock", "runRoundKeys"), "", "")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 4)
        layout.setSpacing(5)
        for widget in (self.title, self.progress, self.seen, self.hint, self.acts, self.responses, self.hands,
                       self.feedback, self.lesson_button, self.score, self.clock, self.keys_help):
            layout.addWidget(widget)
        self.show_seen("")
        self.show_hint("")
        self.retranslate()

    def retranslate(self) -> None:
        """Every text of the panel in the current language (at start, and when the language changes); what the
        controller shows for the round on the table it shows again itself."""
        for name, button in self.buttons.items():
            text, key, tip = ACT_KEYS[name]
            button.setText(f"{_(text)} ({key.replace('Shift+', '⇧')})")
            button.setToolTip(f"{_(tip)} ({key})")
        self.acts.setTitle(_("The round"))
        self.responses.setTitle(_("Something wrong?"))
        self.hands.setTitle(_("Each player's hand"))
        self.fee_amount.setPlaceholderText(_("fee $"))
        self.count_box.setPlaceholderText(pgettext("placeholder", "count"))
        self.lesson_button.setText(_("Open lesson"))
        self.keys_help.setText(_("Keys: hover here, or Help ▸ Keys."))
        self.keys_help.setToolTip(_(KEYS_HELP))
        self.hand_category.setToolTip(_("The player's best five-card hand of the seven cards"))
        chosen = self.hand_category.currentIndex()
        for index, category in enumerate(Category):
            name = _(category.label)  # the engine's hand names are in the catalogue (read as the label's key)
            self.hand_category.setItemText(index, name[:1].upper() + name[1:])

        self.hand_category.setCurrentIndex(chosen)
        for result, button in self.hand_buttons.items():
            button.setText(_(HAND_RESULTS[result]))
            button.setToolTip(_(HAND_RESULT_TIPS[result]))
        self.show_fold_seat(self._fold_seat)
        self.show_hand_due(self._hand_due)
        if self._settlement is not None:
            self._settlement.retranslate()

    @property
    def settlement(self) -> SettlementPanel:
        """The announcement and settlement at the round's end, made when first asked for: the window shows its
        first frame without it (and makes it just after)."""
        return self._settlement if self._settlement is not None else self.make_settlement()

    def make_settlement(self) -> SettlementPanel:
        """Make the settlement part now (below each player's hand); it is hidden until the round is settled."""
        if self._settlement is not None:
            return self._settlement
        panel = self._settlement = SettlementPanel()
        panel.hide()
        layout = self.layout()
        assert isinstance(layout, QBoxLayout)
        layout.insertWidget(layout.indexOf(self.hands) + 1, panel)
        for made in self._settlement_made:
            made(panel)
        return panel

    def when_settlement_made(self, connect: Callable[[SettlementPanel], object]) -> None:
        """Call ``connect`` with the settlement panel once it is made (at once if it is)."""
        if self._settlement is not None:
            connect(self._settlement)
        else:
            self._settlement_made.append(connect)

    def _button(self, name: str) -> QPushButton:
        button = QPushButton()
        button.setObjectName(f"act_{name}")
        self.buttons[name] = button
        return button

    def _number_box(self, name: str, pattern: str) -> QLineEdit:
        box = QLineEdit()
        box.setObjectName(name)
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
        # the refusal under Unload: the two longest words of some languages share a column
        for column, name in enumerate(("take_play", "reveal", "refuse_play")):
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
        self.hands = QGroupBox()
        self.hands.setObjectName("runRoundHands")
        self.hand_seat = form_label("handSeat")
        self.hand_category = QComboBox()
        self.hand_category.setObjectName("handCategory")
        for category in Category:
            self.hand_category.addItem(hand_name(category.label), category)
        self.hand_buttons: dict[str, QPushButton] = {}
        row = QHBoxLayout()
        row.setSpacing(3)
        for result in HAND_RESULTS:
            button = QPushButton()
            button.setObjectName(f"hand_{result}")
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
        self.seen.setText(_("At the table: {what}.").format(what=text) if text else "")
        self.seen.setVisible(bool(text))

    def show_hint(self, text: str) -> None:
        self.hint.setText(text)
        self.hint.setVisible(bool(text))

    def show_fold_seat(self, seat: int | None) -> None:
        self._fold_seat = seat
        self.fold_seat.setText(_("Seat {seat}'s fold: how many cards?").format(seat=seat) if seat is not None
                               else _("A fold: click it, then its count"))

    def show_hand_due(self, seat: int | None) -> None:
        """Seat ``seat``'s hand is to be announced (None: no hand is due; the box goes)."""
        if seat is not None and self.hands.isHidden():
            self.hand_category.setCurrentIndex(-1)
        self._hand_due = seat
        self.hand_seat.setText(_("Seat {seat}: announce its hand and whether it wins").format(seat=seat)
                               if seat is not None else "")
        self.hands.setVisible(seat is not None)

    def set_settling(self, settling: bool) -> None:
        """The announcement and the settlement take the panel (the acts give way), or give it back."""
        if settling or self._settlement is not None:
            self.settlement.setVisible(settling)
        self.acts.setVisible(not settling)


__all__ = ["ACT_KEYS", "KEYS_HELP", "RunRoundPanel"]
