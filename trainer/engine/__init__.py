"""The rules engine: the answer key for everything the trainer scores. Pure Python, no Qt, no pygame."""

from trainer.engine.cards import Card, CardError, parse_card, parse_cards

__all__ = ["Card", "CardError", "parse_card", "parse_cards"]
