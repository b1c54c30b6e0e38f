"""The rules engine: the answer key for everything the trainer scores. Pure Python, no Qt, no pygame.

>>> from trainer.engine import evaluate
>>> hand = evaluate(["Ah", "Kh", "Qh", "Jh", "Th", "2c", "3d"])
>>> hand.category.label, hand > evaluate("Ks Kd Kc 2h 2d 7s 9c")
('royal flush', True)
"""

from trainer.engine.cards import FULL_DECK, Card, CardError, format_cards, parse_card, parse_cards
from trainer.engine.dealing import Deal, DeckPair, Procedure, Target, deal, deal_order, shuffled_deck
from trainer.engine.evaluator import Category, HandValue, category_of_strength, evaluate
from trainer.engine.paytables import Paytable, PaytableError, PaytableRegistry, load_paytables
from trainer.engine.round import Bets, Decision, PlayedRound, RoundDealer, play_round
from trainer.engine.settlement import Settlement, Step, settle
from trainer.engine.strategy import BasicStrategy, CarelessStrategy, Strategy
from trainer.engine.table import Banking, TableRules
from trainer.engine.validation import RoundError
from trainer.engine.wagers import Action, Outcome, SeatHand, Wager

__all__ = [
    "FULL_DECK", "Action", "Banking", "BasicStrategy", "Bets", "Card", "CardError", "CarelessStrategy", "Category",
    "Deal", "Decision", "DeckPair", "HandValue", "Outcome", "Paytable", "PaytableError", "PaytableRegistry",
    "PlayedRound", "Procedure", "RoundDealer", "RoundError", "SeatHand", "Settlement", "Step", "Strategy", "TableRules",
    "Target", "Wager", "category_of_strength", "deal", "deal_order", "evaluate", "format_cards",
    "load_paytables", "parse_card", "parse_cards", "play_round", "settle", "shuffled_deck",
]
