"""The order of a whole round on each of the documents' games, as data: the one script the run round is built on
and the ordering drill asks, so the two cannot disagree.

A round is a list of :class:`OrderStage` s, each what the dealer does at that point (in dealer English, marked for
the catalogue) and the document and section it comes from. :func:`round_order` gives the list of a game and a
dealing procedure; :func:`~trainer.quiz.round_script.round_script` walks it stage by stage, each stage giving
the round's tasks (none when the round has nothing to do there: no fold, a dealer who qualifies); the ordering
drill (:mod:`trainer.drills.procedures.ordering`) shows the same stages shuffled.

Two parts of the round repeat: each fold in turn (:data:`FOLD_CYCLE`: its losing wagers at once, then its cards),
and each player at the showdown in turn (:data:`SEAT_CYCLE`: reveal and announce, a Progressive winner's button,
settle, collect, count and rack; seed 001 "When player-dealer qualifies" 1, 3-5; seed 003 Round of Play 10-14).

>>> [stage.key.value for stage in round_order("wa", "ace")][:4]
['bets', 'no-more-bets', 'coin-in', 'deal']
>>> Stage.UNLOAD in {stage.key for stage in round_order("wa", "deck-mate")}
False
>>> [stage.key.value for stage in round_order("ca", "shuffler")][1:3]
['no-more-bets', 'fee']
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from trainer.i18n.translation import N_, _

__all__ = ["BEFORE_DEAL_STAGES", "FOLD_CYCLE", "GAME_TITLES", "SEAT_CYCLE", "OrderStage", "Stage", "order_games",
           "round_order"]


class Stage(StrEnum):
    """A point in the round."""

    BETS = "bets"
    NO_MORE_BETS = "no-more-bets"
    FEE = "fee"
    COIN_IN = "coin-in"
    DEAL = "deal"
    UNLOAD = "unload"
    PREFLOP = "preflop"
    FLOP = "flop"
    FLOP_PLAY = "flop-play"
    TURN_RIVER = "turn-river"
    RIVER_PLAY = "river-play"
    FOLD_WAGERS = "fold-wagers"
    FOLD_CARDS = "fold-cards"
    ANNOUNCE = "announce"
    REFUND = "refund"
    SEAT_HAND = "seat-hand"
    SEAT_PROGRESSIVE = "seat-progressive"
    SEAT_SETTLE = "seat-settle"
    SEAT_RACK = "seat-rack"
    GAME_OVER = "game-over"
    RACK = "rack"
    COUNT = "count"


FOLD_CYCLE = (Stage.FOLD_WAGERS, Stage.FOLD_CARDS)
"""Done for each folded hand in turn."""
SEAT_CYCLE = (Stage.SEAT_HAND, Stage.SEAT_PROGRESSIVE, Stage.SEAT_SETTLE, Stage.SEAT_RACK)
"""Done for each player in turn at the showdown, in settlement order."""
BEFORE_DEAL_STAGES = frozenset({Stage.NO_MORE_BETS, Stage.FEE, Stage.COIN_IN})
"""The stages a dealer may do in any order among themselves (rules-notes §2)."""


@dataclass(frozen=True)
class OrderStage:
    """One point of the round: what the dealer does (``text``) and where the documents say so (``citation``),
    both marked for the catalogue (shown with ``_``)."""

    key: Stage
    text: str
    citation: str
    says: str = ""
    """What the paragraph cited asks, when the citation alone does not say it (marked too)."""

    @property
    def rule(self) -> str:
        """The citation as a trainee reads it, in the language spoken: ``seed 003 Round of Play 2 (turn over the
        first three community cards)``."""
        if not self.says:
            return _(self.citation)
        return _("{citation} ({says})").format(citation=_(self.citation), says=_(self.says))


# -- Washington (seed 002, and seed 004 for the ACE) -------------------------------------------------------------

_WA_BETS = OrderStage(Stage.BETS, N_(
    "Players make equal Ante and Blind wagers and any bonus wagers, and put Progressive wagers on the sensors"),
    N_("seed 002 ACE/iDeal 2, Deck Mate 2, Progressive rule 5; seed 004 Recommended Dealing Procedures 2"))
_WA_CALL = OrderStage(Stage.NO_MORE_BETS, N_('Call "No more bets"'), N_(
    "rules-notes §2 (every table calls it before the deal; the Washington documents name no call)"))
_WA_COIN_IN = OrderStage(Stage.COIN_IN, N_(
    "Once all bets are placed, press COIN IN and remove every Progressive wager from the layout"),
    N_("seed 002 Progressive rule 6 (once all players place their bets, press COIN IN, then remove every "
       "Progressive wager from the table)"))
_WA_FOLD_WAGERS = OrderStage(Stage.FOLD_WAGERS, N_(
    "At each fold, at once: remove the losing wagers (the Ante, the Blind, a Trips below three of a kind and a "
    "Bad Beat that cannot win)"), N_("seed 002 Ultimate Pairs Bonus rule 4 (the dealer will remove the losing "
                                     "wagers); rules-notes §4 (a fold's Ante and Blind are collected at once)"))
_WA_FOLD_CARDS = OrderStage(Stage.FOLD_CARDS, N_(
    "The folded cards: with a Pairs wager, tuck them under it; with three of a kind or better, leave them face "
    "up; else spread them face down, count them and rack them"),
    N_("seed 002 Ultimate Pairs Bonus rule 4 (tuck the two hole cards under the Ultimate Pairs Bonus wager); "
       "rules-notes §4, §7"))
_WA_PROGRESSIVE = OrderStage(Stage.SEAT_PROGRESSIVE, N_(
    "A Progressive winner: press its hand button on the controller and call a supervisor"),
    N_("seed 002 Progressive rule 9 c-f (the player farthest on the dealer's right first)"))
_WA_RACK_SEAT = OrderStage(Stage.SEAT_RACK, N_("Collect, count and rack the player's cards; then the next player"),
                           N_("rules-notes §7 (every hand collected, counted and racked)"))
_WA_GAME_OVER = OrderStage(Stage.GAME_OVER, N_("Once every wager is reconciled, press Game Over"), N_(
    "seed 002 Progressive rule 9 h (Game Over resets the system to begin the next hand, every round)"))
_COUNT = OrderStage(Stage.COUNT, N_("Confirm the rack holds the round's 52 cards"),
                    N_("rules-notes §7 (every card of the round's deck is in the rack: 52)"))

WASHINGTON_ACE = (
    _WA_BETS, _WA_CALL, _WA_COIN_IN,
    OrderStage(Stage.DEAL, N_("The shuffler dispenses the five community cards: spread them face down; then two "
                              "cards to each player, left to right, and two to yourself"),
               N_("seed 002 ACE/iDeal 3-4; seed 004 Recommended Dealing Procedures 3-4")),
    OrderStage(Stage.UNLOAD, N_("Press the green button: the remaining cards go to the discard rack unseen"),
               N_("seed 002 ACE/iDeal 5; seed 004 Recommended Dealing Procedures 5")),
    OrderStage(Stage.PREFLOP, N_("Take each Play wager of 3x or 4x the Ante (once players bet, they cannot bet "
                                 "again or change their bet)"),
               N_("seed 002 ACE/iDeal 6; seed 004 Recommended Dealing Procedures 6 "
                  "(once players bet, they cannot bet again and they cannot change their bet)")),
    OrderStage(Stage.FLOP, N_("Turn over the flop"), N_("seed 002 ACE/iDeal 7; seed 004 Recommended Dealing "
                                                        "Procedures 7")),
    OrderStage(Stage.FLOP_PLAY, N_("Take each Play wager of 2x the Ante"),
               N_("seed 002 ACE/iDeal 8; seed 004 Recommended Dealing Procedures 8")),
    OrderStage(Stage.TURN_RIVER, N_("Turn over the turn and the river"),
               N_("seed 002 ACE/iDeal 9; seed 004 Recommended Dealing Procedures 9")),
    OrderStage(Stage.RIVER_PLAY, N_("Take each Play wager of 1x the Ante; the other players fold"),
               N_("seed 002 ACE/iDeal 10; seed 004 Recommended Dealing Procedures 10")),
    _WA_FOLD_WAGERS, _WA_FOLD_CARDS,
    OrderStage(Stage.ANNOUNCE, N_("Reveal your two hole cards and announce your hand and whether you qualify (a "
                                  "pair or better)"),
               N_("seed 002 ACE/iDeal 11-12; seed 004 Recommended Dealing Procedures 11-12")),
    OrderStage(Stage.REFUND, N_("If you do not qualify: refund every Ante, right to left, before looking at any "
                                "player's hand"),
               N_("seed 002 ACE/iDeal 14; seed 004 Recommended Dealing Procedures 14 (he does this before looking "
                  "at any of the player's hands)")),
    OrderStage(Stage.SEAT_HAND, N_("Right to left, one player at a time: turn up the hand and announce its value "
                                   "and whether it wins, loses or ties"),
               N_("seed 002 ACE/iDeal 13, 15; seed 004 Recommended Dealing Procedures 13, 15")),
    _WA_PROGRESSIVE,
    OrderStage(Stage.SEAT_SETTLE, N_("Settle the player's wagers by the pay tables on the layout"),
               N_("seed 002 ACE/iDeal 13 a-f, 15; seed 004 Recommended Dealing Procedures 13 a-f, 15 (see layout "
                  "for odds)")),
    _WA_RACK_SEAT, _WA_GAME_OVER,
    OrderStage(Stage.RACK, N_("Rack the community cards and your own two cards"),
               N_("rules-notes §7 (every card of the round's deck ends in the rack)")),
    _COUNT,
)
"""A Washington round dealt by an ACE or iDeal shuffler."""

WASHINGTON_DECK_MATE = (
    _WA_BETS, _WA_CALL, _WA_COIN_IN,
    OrderStage(Stage.DEAL, N_("Take the whole deck from the Deck Mate; working left to right, two cards face down "
                              "to each player, then two to yourself"), N_("seed 002 Deck Mate 1, 3")),
    OrderStage(Stage.PREFLOP, N_("Take each Play wager of 3x or 4x the Ante (once players bet, they cannot bet "
                                 "again or change their bet)"), N_("seed 002 Deck Mate 4 "
                  "(once players bet, they cannot bet again and they cannot change their bet)")),
    OrderStage(Stage.FLOP, N_("Deal the flop face up from the hand-held deck"), N_("seed 002 Deck Mate 5")),
    OrderStage(Stage.FLOP_PLAY, N_("Take each Play wager of 2x the Ante"), N_("seed 002 Deck Mate 6")),
    OrderStage(Stage.TURN_RIVER, N_("Deal the turn and the river face up from the hand-held deck"),
               N_("seed 002 Deck Mate 7")),
    OrderStage(Stage.RIVER_PLAY, N_("Take each Play wager of 1x the Ante; the other players fold"),
               N_("seed 002 Deck Mate 8")),
    _WA_FOLD_WAGERS, _WA_FOLD_CARDS,
    OrderStage(Stage.ANNOUNCE, N_("Reveal your two hole cards and announce your hand and whether you qualify (a "
                                  "pair or better)"), N_("seed 002 Deck Mate 9-10")),
    OrderStage(Stage.REFUND, N_("If you do not qualify: refund every Ante, right to left, before looking at any "
                                "player's hand"),
               N_("seed 002 Deck Mate 12 (he does this before looking at any of the player's hands)")),
    OrderStage(Stage.SEAT_HAND, N_("Right to left, one player at a time: turn up the hand and announce its value "
                                   "and whether it wins, loses or ties"), N_("seed 002 Deck Mate 11, 13")),
    _WA_PROGRESSIVE,
    OrderStage(Stage.SEAT_SETTLE, N_("Settle the player's wagers by the pay tables on the layout"),
               N_("seed 002 Deck Mate 11 a-f, 13 (see layout for odds)")),
    _WA_RACK_SEAT, _WA_GAME_OVER,
    OrderStage(Stage.RACK, N_("Rack the community cards, your own two cards and the stub of the hand-held deck"),
               N_("rules-notes §6 (the Deck Mate stub goes to the rack with the round), §7")),
    _COUNT,
)
"""A Washington round dealt by hand from a Deck Mate."""

# -- California (seed 003, and seed 001 for the Bad Beat Bonus game) ---------------------------------------------


def _california(bad_beat: bool) -> tuple[OrderStage, ...]:
    if bad_beat:
        bets = OrderStage(Stage.BETS, N_("Each player makes an equal Ante and Blind wager (and Trips, and Bad Beat "
                                         "with Trips, if they wish)"), N_("seed 001 Dealing Procedures 3"))
        cite = {
            Stage.NO_MORE_BETS: N_("seed 001 Dealing Procedures 4 a (no bets shall be made, increased or withdrawn "
                                   "after it)"),
            Stage.FEE: N_("seed 001 Collection Rates (taken from the player-dealer after every wager is placed, "
                          "before any card is dealt); rules-notes §2 (on the total, final once \"No more bets\" is "
                          "called)"),
            Stage.DEAL: N_("seed 001 Dealing Procedures 4 b-7"), Stage.UNLOAD: N_("seed 001 Dealing Procedures 8"),
            Stage.PREFLOP: N_("seed 001 Dealing Procedures 9 "
                  "(once players bet, they cannot bet again and they cannot change their bet)"),
            Stage.FLOP: N_("seed 001 Dealing Procedures 10"),
            Stage.FLOP_PLAY: N_("seed 001 Dealing Procedures 11"),
            Stage.TURN_RIVER: N_("seed 001 Dealing Procedures 12"),
            Stage.RIVER_PLAY: N_("seed 001 Dealing Procedures 13"),
            Stage.FOLD_WAGERS: N_("seed 001 Dealing Procedures 14 a (collect the Ante wager, Blind wager, any Trips "
                                  "bonus wager if the hand is not a three of a kind or better); rules-notes §4 (the "
                                  "Bad Beat of a hand below three of a kind with it)"),
            Stage.FOLD_CARDS: N_("seed 001 Dealing Procedures 14 b-c; When player-dealer qualifies 8"),
            Stage.ANNOUNCE: N_("seed 001 Dealing Procedures 15; When player-dealer does not qualify; When "
                               "player-dealer qualifies"),
            Stage.SEAT_HAND: N_("seed 001 When player-dealer qualifies 1 a-c; When player-dealer does not qualify "
                                "1 a"),
            Stage.SEAT_SETTLE: N_("seed 001 When player-dealer qualifies 3 a-c, 4 a-d, 5 a; When player-dealer "
                                  "does not qualify 1 a-b"),
            Stage.SEAT_RACK: N_("seed 001 When player-dealer qualifies 3 d, 4 e, 5 b; When player-dealer does not "
                                "qualify 1 c"),
        }
        fold = N_("At each fold: collect the Ante, the Blind, a Trips below three of a kind and its Bad Beat for "
                  "the player-dealer")
    else:
        bets = OrderStage(Stage.BETS, N_("Each player makes an equal Ante and Blind wager, and a Trips wager if "
                                         "they wish"), N_("seed 003 Betting scheme 3"))
        cite = {
            Stage.NO_MORE_BETS: N_("seed 003 Dealing procedures 1 a; Betting scheme 2 (no bets shall be made, "
                                   "increased or withdrawn after it)"),
            Stage.FEE: N_("seed 003 Collection Rates (taken from the player-dealer after every wager is placed, "
                          "before any card is dealt); rules-notes §2 (on the total, final once \"No more bets\" is "
                          "called)"),
            Stage.DEAL: N_("seed 003 Dealing procedures 1 b-4"), Stage.UNLOAD: N_("seed 003 Dealing procedures 5"),
            Stage.PREFLOP: N_("seed 003 Round of Play 1 "
                  "(once players bet, they cannot bet again and they cannot change their bet)"),
            Stage.FLOP: N_("seed 003 Round of Play 2"),
            Stage.FLOP_PLAY: N_("seed 003 Round of Play 3"), Stage.TURN_RIVER: N_("seed 003 Round of Play 4"),
            Stage.RIVER_PLAY: N_("seed 003 Round of Play 5"),
            Stage.FOLD_WAGERS: N_("seed 003 Round of Play 6 a (collect the ante wager, blind wager, any trips bonus "
                                  "wager if the hand is not a 3 of a Kind or better)"),
            Stage.FOLD_CARDS: N_("seed 003 Round of Play 6 b-c, 17"),
            Stage.ANNOUNCE: N_("seed 003 Round of Play 7, 9, 10"),
            Stage.SEAT_HAND: N_("seed 003 Round of Play 9 a, 10 a-d"),
            Stage.SEAT_SETTLE: N_("seed 003 Round of Play 9 a-b, 12 a-b, 13 a-c, 14 a"),
            Stage.SEAT_RACK: N_("seed 003 Round of Play 9 c, 12 c, 13 d, 14 b"),
        }
        fold = N_("At each fold: collect the Ante, the Blind and a Trips below three of a kind for the "
                  "player-dealer")
    says = {
        Stage.DEAL: N_("all cards face down, starting on the dealer's left"),
        Stage.UNLOAD: N_("unload the remaining cards into the discard rack without exposing them"),
        Stage.FLOP: N_("when the Play wagers are made, turn over the first three community cards"),
        Stage.FLOP_PLAY: N_("a Play wager of two times the Ante"),
        Stage.TURN_RIVER: N_("turn over the remaining two community cards, the turn and the river"),
        Stage.RIVER_PLAY: N_("fold, or a Play wager equal to the Ante"),
        Stage.FOLD_CARDS: N_("spread the cards face down, count them, place them in the discard rack; a three of "
                             "a kind or better stays face up until its Trips is paid"),
        Stage.ANNOUNCE: N_("turn over the player-dealer's two cards; a pair or higher qualifies"),
        Stage.SEAT_HAND: N_("expose or reveal the player's cards, announce the value of the player's hand and "
                            "whether it wins or loses"),
        Stage.SEAT_SETTLE: N_("a losing hand: Play, Ante, Blind, then Trips; a win: Ante and Play, Blind, Trips; "
                              "a push: Trips"),
        Stage.SEAT_RACK: N_("collect, count and place the player's cards in the discard holder"),
    }

    def stage(key: Stage, text: str) -> OrderStage:
        return OrderStage(key, text, cite[key], says.get(key, ""))

    return (
        bets,
        stage(Stage.NO_MORE_BETS, N_('Call "No more bets"')),
        stage(Stage.FEE, N_("Take the collection fee from the player-dealer on the total table action and drop it "
                            "into the drop box")),
        stage(Stage.DEAL, N_("Deal every card face down, starting on your left: each seat with an Ante and a Blind, "
                             "then the player-dealer, then the five community cards")),
        stage(Stage.UNLOAD, N_("Unload the remaining cards into the discard rack without exposing them")),
        stage(Stage.PREFLOP, N_("Take each Play wager of 3x or 4x the Ante (once players bet, they cannot bet again "
                                "or change their bet)")),
        stage(Stage.FLOP, N_("Turn over the flop")),
        stage(Stage.FLOP_PLAY, N_("Take each Play wager of 2x the Ante")),
        stage(Stage.TURN_RIVER, N_("Turn over the turn and the river")),
        stage(Stage.RIVER_PLAY, N_("Take each Play wager of 1x the Ante; the other players fold")),
        stage(Stage.FOLD_WAGERS, fold),
        stage(Stage.FOLD_CARDS, N_("The folded cards: with three of a kind or better, leave them face up; else "
                                   "spread them face down, count them and place them in the discard rack")),
        stage(Stage.ANNOUNCE, N_("Turn over the player-dealer's two cards and announce the hand and whether it "
                                 "qualifies (a pair or better)")),
        stage(Stage.SEAT_HAND, N_("Starting with the player on the player-dealer's left, one player at a time: "
                                  "reveal the hand and announce its value and whether it wins, loses or ties")),
        stage(Stage.SEAT_SETTLE, N_("Settle the player's wagers in the documents' order (the Ante pushed and "
                                    "returned first when the player-dealer does not qualify)")),
        stage(Stage.SEAT_RACK, N_("Collect, count and place the player's cards in the discard holder; then the next "
                                  "player clockwise")),
        OrderStage(Stage.RACK, N_("Rack the community cards and the player-dealer's two cards"),
                   N_("rules-notes §7 (every card of the round's deck ends in the rack)")),
        _COUNT,
    )


CALIFORNIA = _california(bad_beat=False)
"""A California UTH round (seed 003), by card shoe or shuffler."""
CALIFORNIA_BAD_BEAT = _california(bad_beat=True)
"""A California UTH Bad Beat Bonus round (seed 001), by card shoe or shuffler."""

GAME_TITLES = {
    ("wa", "ace"): N_("A whole round: Washington UTH on an ACE or iDeal shuffler"),
    ("wa", "deck-mate"): N_("A whole round: Washington UTH dealt from a Deck Mate"),
    ("ca", ""): N_("A whole round: California UTH"),
    ("ca-bad-beat", ""): N_("A whole round: California UTH Bad Beat Bonus"),
}
"""The orders the ordering drill asks, one a game (and the Washington game's two dealing procedures)."""


def round_order(game: str, procedure: str) -> tuple[OrderStage, ...]:
    """The stages of a round of ``game`` ("wa", "ca", "ca-bad-beat"; a room's own table: "house" or
    "player-dealer", by its banking) dealt by ``procedure`` (a :class:`~trainer.engine.dealing.Procedure` value).

    >>> round_order("player-dealer", "card-shoe") == round_order("ca", "card-shoe")
    True
    """
    if game in ("wa", "house"):
        return WASHINGTON_DECK_MATE if procedure == "deck-mate" else WASHINGTON_ACE
    return CALIFORNIA_BAD_BEAT if game == "ca-bad-beat" else CALIFORNIA


def order_games() -> list[tuple[str, str, str]]:
    """Each order the ordering drill asks: the game, a dealing procedure that deals it, and its title (marked)."""
    return [(game, procedure or "shuffler", title) for (game, procedure), title in GAME_TITLES.items()]
