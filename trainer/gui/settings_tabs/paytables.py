"""The Settings dialog's *Pay tables* tab: each side bet offered or not with its pay table, then the house rules
(Bad Beat and Progressive on a fold, payout rounding), each with a line that says what it does."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QCheckBox, QComboBox, QFormLayout, QGroupBox, QHBoxLayout, QLabel, QWidget

from trainer.gui.game_choices import narrowable
from trainer.gui.settings_tabs.form import ErrorRows, combo, form_of
from trainer.i18n.translation import N_, _
from trainer.settings import PAYOUT_ROUNDING_LABELS, paytable_choices, paytable_title

SIDE_BETS = (
    ("trips", "offer_trips", "trips_paytable", "Trips"),
    ("bad_beat", "offer_bad_beat", "bad_beat_paytable", "Bad Beat"),
    ("pairs", "offer_pairs", "pairs_paytable", "Ultimate Pairs"),
    ("progressive", "offer_progressive", "progressive_paytable", N_("Progressive")),
)
"""The side bets: pay-table kind, the settings names of its offer and its pay table, and its label."""
ON_FOLD_LABELS = {"action": N_("Stays in action"), "lose": N_("Lost with the hand")}
HOUSE_RULES = (
    ("bad_beat_on_fold", N_("Bad Beat on a &fold:"), [(text, key) for key, text in ON_FOLD_LABELS.items()],
     N_("A folded hand of three of a kind or better keeps its Bad Beat in action (rules notes); "
        "'Lost with the hand' collects it at the fold.")),
    ("progressive_on_fold", N_("Progressive on a f&old:"), [(text, key) for key, text in ON_FOLD_LABELS.items()],
     N_("A folded hand's Progressive is still paid on its seven cards (rules notes); "
        "'Lost with the hand' collects it at the fold.")),
    ("round_payouts_to", N_("&Round payouts:"), [(text, key) for key, text in PAYOUT_ROUNDING_LABELS.items()],
     N_("Exact pays every cent (3 to 2 on $5 is $7.50); a chip rounds every payout down to it.")),
)
"""The house-rule fields: settings name, label, choices (shown text, value) and the line that explains it."""


class PaytablesTab(QWidget):
    """Each side bet's *offered* box and pay table, by settings name (:attr:`offer`, :attr:`paytable`), and the
    house rules' boxes (:attr:`house_rules`). :attr:`items` holds every pay table choice (shown text, value), by
    settings name."""

    def __init__(self, rows: ErrorRows) -> None:
        super().__init__()
        form = form_of(self)
        self.items: dict[str, list[tuple[str, Any]]] = {}
        self.offer: dict[str, QCheckBox] = {}
        self.paytable: dict[str, QComboBox] = {}
        for kind, offer_key, table_key, label in SIDE_BETS:
            # Pairs tables are numbered (1..6) in the settings, named in the engine's data
            items: list[tuple[str, Any]] = [
                (paytable_title(kind, i), int(i) if kind == "pairs" else i) for i in paytable_choices(kind)
            ]
            self.items[table_key] = items
            box = narrowable(combo(items, table_key))
            check = QCheckBox(_("offered"))
            check.setObjectName(offer_key)
            row = QWidget()
            row_layout = QHBoxLayout(row)
            row_layout.setContentsMargins(0, 0, 0, 0)
            row_layout.addWidget(check)
            row_layout.addWidget(box, 1)
            self.offer[offer_key] = check
            self.paytable[table_key] = box
            rows.add(form, _("{side_bet}:").format(side_bet=_(label)), row, offer_key, table_key)
        self.hint = hint = QLabel()
        hint.setObjectName("sideBetsHint")
        hint.setWordWrap(True)
        self.show_banking("house")
        form.addRow(hint)
        form.addRow(self._house_rules_group(rows))

    def show_banking(self, banking: str) -> None:
        """The side bets the table's banking offers, said under them (rules-notes §3)."""
        self.hint.setText(_("A player-dealer table offers Trips and Bad Beat only; Bad Beat is offered with Trips.")
                          if banking == "player-dealer" else
                          _("A house-banked table offers Trips, Bad Beat, Pairs and Progressive; Bad Beat is offered "
                            "with Trips."))

    def _house_rules_group(self, rows: ErrorRows) -> QGroupBox:
        group = QGroupBox(_("House rules"))
        group.setObjectName("houseRules")
        form = QFormLayout(group)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.FieldsStayAtSizeHint)
        self.house_rules: dict[str, QComboBox] = {}
        for key, label, items, explanation in HOUSE_RULES:
            box = combo([(_(text), value) for text, value in items], key)
            self.house_rules[key] = box
            rows.add(form, _(label), box, key)
            line = QLabel(_(explanation))
            line.setObjectName(f"explain_{key}")
            line.setWordWrap(True)
            line.setStyleSheet("color: #555555;")
            form.addRow(line)
        return group
