"""UTH Dealer Trainer: deal and settle Ultimate Texas Hold'em the way the rule books say."""

__version__ = "0.1.0"
