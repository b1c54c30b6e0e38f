"""A run round on the felt: every card dealt one at a time where the trainee puts it, and what the table shows
at each act (the fee dropped, COIN IN, the players deciding, the folded hands spread, counted and racked, the
showdown, each wager settled, the cards racked, a void returning every wager, the shuffler failing).

Built from the table's own pieces (:class:`~trainer.gui.table.stage.Stage`, the :mod:`~trainer.gui.table.opening`,
:mod:`~trainer.gui.table.closing` and :mod:`~trainer.gui.table.chipwork` builders, :class:`Timeline`), so cards and
chips move as in a round the table plays, at the table's speed. Animations run one after another in a queue
(:attr:`RunTable.busy` until it is empty, then :attr:`RunTable.idle`). The places a card can go carry a
:class:`PlaceMarker`: clicked, it names the place; lit, it is guided mode's "the next card goes here".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from decimal import Decimal
from functools import partial

from PySide6.QtCore import QAbstractAnimation, QObject, QRectF, QSequentialAnimationGroup, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from trainer.engine.dealing import Procedure, Target
from trainer.engine.settlement import Step
from trainer.engine.strategy import Street
from trainer.engine.wagers import Action, Wager
from trainer.gui.table import closing, opening, style
from trainer.gui.table.chipwork import settle_step
from trainer.gui.table.items import CardItem, ChipStack, TableItem
from trainer.gui.table.layout import CARD_HEIGHT, CARD_WIDTH, DECK_EDGE, Point
from trainer.gui.table.phases import Phase
from trainer.gui.table.plan import PlannedPhase, SettledKey, step_key
from trainer.gui.table.scene import Z_CARDS, Z_EQUIPMENT, Z_MOVING, Z_PROMPT, TableScene
from trainer.gui.table.stage import Durations, Stage
from trainer.gui.table.timeline import Timeline
from trainer.i18n.translation import _
from trainer.quiz.round_script import left_after_fold, tucked_under_pairs

Z_MARKER = Z_CARDS - 2
SHUFFLER_ERROR = "ERROR"
"""What the shuffler's display reads when it fails mid-deal."""


class PlaceMarker(TableItem):
    """The outline of a card's place on the felt (``target``): clicked, it names the place; lit, the next
    card goes there."""

    def __init__(self, target: Target, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self.target = target
        self._rect = QRectF(-CARD_WIDTH / 2, -CARD_HEIGHT / 2, CARD_WIDTH, CARD_HEIGHT)
        self.setCacheMode(QGraphicsItem.CacheMode.NoCache)
        self.set_clickable(True)

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self._rect.adjusted(-8, -8, 8, 8)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self.highlighted:
            painter.setBrush(QColor(255, 216, 77, 60))
            painter.setPen(QPen(style.HIGHLIGHT_GLOW, 10))
            painter.drawRoundedRect(self._rect, 7, 7)
            painter.setPen(QPen(style.HIGHLIGHT, 3, Qt.PenStyle.DashLine))
        else:
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(style.PRINT_SOFT, 1.2, Qt.PenStyle.DashLine))
        painter.drawRoundedRect(self._rect, 7, 7)


class ShufflerFault(TableItem):
    """The shuffler's display when the machine has failed: red, with its error."""

    def __init__(self, display: QRectF, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self._rect = display
        self._font = style.font(10, bold=True, spacing=0.6)
        self.setCacheMode(QGraphicsItem.CacheMode.NoCache)

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self._rect.adjusted(-10, -10, 10, 10)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(QColor(255, 60, 60, 110), 8))
        painter.setBrush(QColor("#5a0a0a"))
        painter.drawRoundedRect(self._rect, 3, 3)
        painter.setPen(QColor("#ff6b6b"))
        painter.setFont(self._font)
        painter.drawText(self._rect, Qt.AlignmentFlag.AlignCenter, SHUFFLER_ERROR)


class RunTable(QObject):
    """The run round of ``stage`` (its scene and engine round) on the felt. ``speed`` gives the table's speed
    now; ``other_back`` is the colour of the deck not in play (a card with the wrong back shows it)."""

    idle = Signal()
    """Every animation queued has played."""
    placeClicked = Signal(str, object, object)  # noqa: N815 (Qt signal names)
    """A card's place clicked: (kind, seat or None, board slot or None)."""

    def __init__(self, stage: Stage, speed: Callable[[], float], other_back: str,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.stage = stage
        self.scene: TableScene = stage.scene
        self.played = stage.round
        self._speed = speed
        self._other_back = other_back
        self._queue: list[Callable[[Timeline], list[QAbstractAnimation]]] = []
        self._running: QSequentialAnimationGroup | None = None
        self._extra: list[QGraphicsItem] = []
        self.markers: dict[tuple[str, int | None, int], PlaceMarker] = {}
        self.cards: dict[Target, CardItem] = {}
        """The card of each place, as the engine deals it."""
        self.unloaded: list[CardItem] = []
        self.dealt: list[CardItem] = []
        self.settled: set[SettledKey] = set()
        self.odd_card: CardItem | None = None
        self.stray: CardItem | None = None

    # -- the queue ------------------------------------------------------------------------------------------

    @property
    def durations(self) -> Durations:
        return self.stage.durations

    @property
    def busy(self) -> bool:
        """An animation is playing or waiting its turn."""
        return self._running is not None or bool(self._queue)

    def play(self, build: Callable[[Timeline], list[QAbstractAnimation]]) -> None:
        """Queue an animation: ``build`` makes its parts with the timeline it is given, when its turn comes."""
        self._queue.append(build)
        if self._running is None:
            self._next()

    def _next(self) -> None:
        if not self._queue:
            self._running = None
            self.idle.emit()
            return
        build = self._queue.pop(0)
        timeline = Timeline(self._speed())
        group = QSequentialAnimationGroup(self)
        for animation in build(timeline):
            group.addAnimation(animation)
        group.addAnimation(timeline.wait(1))
        self._running = group
        group.finished.connect(partial(self._done, group))
        group.start()

    def _done(self, group: QSequentialAnimationGroup) -> None:
        if self._running is group:
            self._running = None
            group.deleteLater()
            self._next()

    # -- setting up ---------------------------------------------------------------------------------------

    def set_up(self) -> None:
        """A clear felt, the button, last round's deck into the shuffler, the wagers down (and a
        player-dealer's bank), the cards waiting unseen in the machine, a marker on every place of the deal."""
        stage, scene = self.stage, self.scene
        scene.reset_round()
        opening.prepare_table(stage)
        stage.held_board = {}
        for target, card in self.played.deal.sequence:
            item = scene.new_card(card, str(self.played.deck_colour), scene.shuffler.output)
            item.setOpacity(0.0)
            if target.kind == "rack":
                self.unloaded.append(item)
            elif target.kind == "board" and self.hand_held:  # dealt face up off the deck as each street comes
                stage.held_board[target.slot] = (target, item)
            else:
                self.cards[target] = item
        deck = self._deck()
        for index, item in enumerate(deck):
            item.setZValue(Z_MOVING + (len(deck) - index) * 0.01)
        for target in self.cards:
            self._add_marker(target)
        self.play(lambda t: [*opening.swap_decks(stage, t), *opening.bets(stage, t), *self._bank(t)])

    def _add_marker(self, target: Target) -> None:
        place, angle = self.scene.card_place(target.kind, target.seat, target.slot)
        marker = PlaceMarker(target)
        marker.setPos(place.x, place.y)
        marker.setRotation(angle)
        marker.setZValue(Z_MARKER)
        slot = target.slot if target.kind == "board" else None
        marker.clicked.connect(lambda: self.placeClicked.emit(target.kind, target.seat, slot))
        self.scene.addItem(marker)
        self.markers[(target.kind, target.seat, target.slot)] = marker

    def _bank(self, t: Timeline) -> list[QAbstractAnimation]:
        seat, scene = self.stage.player_dealer_seat, self.scene
        bank_amount = Decimal(self.played.table.player_dealer_bank or 0)
        if seat is None or bank_amount <= 0:
            return []
        bank = scene.new_chips(bank_amount, scene.player_position(seat))
        bank.setOpacity(0.0)
        return [t.show(bank), t.slide(bank, scene.bank_place(), self.durations.chips),
                t.cue(lambda: scene.set_bank(bank))]

    def clear(self) -> None:
        """Take the run round's own items (the markers, the shuffler's error) off the felt."""
        self._queue.clear()
        if self._running is not None:
            self._running.stop()
            self._running = None
        for item in [*self.markers.values(), *self._extra]:
            if isinstance(item, CardItem):
                item.setOpacity(0.0)  # a card of the scene's: it goes with the scene's cards at the next reset
            elif item.scene() is self.scene:
                self.scene.removeItem(item)
        self.markers.clear()
        self._extra.clear()
        self.scene.shuffler.set_label(opening.PROCEDURE_LABELS.get(self.played.procedure, "SHUFFLER"))

    # -- guided mode --------------------------------------------------------------------------------------

    def light(self, target: Target | None) -> None:
        """Light the place of ``target`` (None: no place lit)."""
        for key, marker in self.markers.items():
            lit = target is not None and key == (target.kind, target.seat, target.slot)
            marker.set_highlighted(lit)
            marker.setZValue(Z_CARDS + 1 if lit else Z_MARKER)

    def hide_places(self) -> None:
        """The round is over: no place to deal to."""
        for marker in self.markers.values():
            marker.setVisible(False)

    # -- before the deal ----------------------------------------------------------------------------------

    def take_fee(self, amount: Decimal) -> None:
        """The collection fee from the player-dealer into the drop box."""
        seat, scene = self.stage.player_dealer_seat, self.scene
        if seat is None or amount <= 0:
            return

        def build(t: Timeline) -> list[QAbstractAnimation]:
            chips = scene.new_chips(amount, scene.player_position(seat))
            chips.setOpacity(0.0)
            slot = scene.drop_box.slot
            return [self.stage.sound(t, "chips"), t.show(chips), t.slide(chips, Point(slot.x, slot.y - 4),
                                                                         self.durations.chips),
                    t.fade(chips, 0.0, self.durations.chips // 2), t.cue(partial(scene.retire, chips))]

        self.play(build)

    def say(self, text: str) -> None:
        """``text`` on the banner in the middle of the felt (empty: none)."""
        self.scene.set_prompt(text)

    def coin_in(self) -> None:
        """COIN IN: every Progressive wager off the layout, into the tray (seed 002 rule 6)."""
        scene = self.scene
        seats = [bets.seat for bets in self.played.bets if bets.progressive > 0]

        def build(t: Timeline) -> list[QAbstractAnimation]:
            moves = []
            for seat in seats:
                stack = scene.wager_chips(seat, Wager.PROGRESSIVE.value)
                if stack is not None:
                    moves.append(self._to_tray(t, seat, stack))
            return [self.stage.sound(t, "chips"), t.staggered(moves, self.durations.gap(self.durations.chips))]

        self.play(build)

    def _to_tray(self, t: Timeline, seat: int, stack: ChipStack) -> QAbstractAnimation:
        scene = self.scene
        return t.one_after_another([
            t.cue(partial(scene.set_wager_chips, seat, Wager.PROGRESSIVE.value, None, keep=True)),
            t.slide(stack, scene.tray.tube(Decimal(1)), self.durations.chips),
            t.fade(stack, 0.0, self.durations.chips // 3),
            t.cue(partial(scene.retire, stack)),
        ])

    # -- the deal -----------------------------------------------------------------------------------------

    @property
    def hand_held(self) -> bool:
        return self.played.procedure is Procedure.DECK_MATE

    def deliver_deck(self) -> None:
        """Deck Mate: the whole deck into the dealer's hand before the first card is dealt."""
        source = self.scene.geometry.hand_deck
        deck = self._deck()

        def build(t: Timeline) -> list[QAbstractAnimation]:
            return [self.stage.sound(t, "shuffle"), t.together([t.show(item) for item in deck]),
                    t.together([t.slide(item, Point(source.x + i * DECK_EDGE.x, source.y + i * DECK_EDGE.y),
                                        self.durations.deal * 2) for i, item in enumerate(deck)])]

        self.play(build)

    def _deck(self) -> list[CardItem]:
        """Every card of the round in the deck's order (a Deck Mate's board still in the dealer's hand)."""
        held = {id(item) for _target, item in self.stage.held_board.values()}
        items = {target: item for target, item in [*self.cards.items(), *self.stage.held_board.values()]}
        ordered = [items[target] for target, _card in self.played.deal.sequence if target in items]
        return [*ordered, *(item for item in self.unloaded if id(item) not in held)]

    def deal(self, given: Target, due: Target | None) -> None:
        """The next card to ``given`` (the place the trainee named): that place's own card when it still has
        one to come, else the card due, else the next card of the deck."""
        item = self._card_for(given) or (self._card_for(due) if due is not None else None) or self._next_card()
        if item is None:
            return
        target = next(target for target, card in self.cards.items() if card is item)
        if item is self.stray:
            self.stray = None
        self.dealt.append(item)
        marker = self.markers.get((target.kind, target.seat, target.slot))
        self.play(lambda t: [self.stage.deal_card(t, target, item, show=True),
                             t.cue(lambda: marker.setVisible(False) if marker is not None else None)])

    def _card_for(self, target: Target | None) -> CardItem | None:
        if target is None:
            return None
        for place, item in self.cards.items():
            same = place.kind == target.kind and place.seat == target.seat and place.slot == target.slot
            if same and item not in self.dealt:
                return item
        return None

    def _next_card(self) -> CardItem | None:
        return next((item for item in self.cards.values() if item not in self.dealt), None)

    def complete_deal(self) -> None:
        """Every card not dealt yet to its place (after a deal where cards went astray)."""
        for target, item in self.cards.items():
            if item not in self.dealt:
                self.deal(target, None)

    def shuffler_fails(self) -> None:
        """The shuffler stops with an error on its display; no card comes out."""
        shuffler = self.scene.shuffler
        r = shuffler.rect
        fault = ShufflerFault(QRectF(r.x + 10, r.y + 10, r.width - 20, 20))
        fault.setZValue(Z_EQUIPMENT + 1)
        self.scene.addItem(fault)
        self._extra.append(fault)
        shuffler.set_label(SHUFFLER_ERROR)
        self.say(_("The shuffler has stopped"))

    def wrong_back(self) -> None:
        """The next card comes out showing the other deck's back."""
        scene = self.scene
        source = scene.geometry.hand_deck if self.hand_held else scene.shuffler.output
        item = self._next_card()
        card = item.card if item is not None else "As"
        self.odd_card = odd = scene.new_card(card, self._other_back, Point(source.x, source.y + 30))
        odd.setOpacity(0.0)
        odd.setZValue(Z_PROMPT - 1)
        self._extra.append(odd)
        odd.set_highlighted(True)
        self.play(lambda t: [t.show(odd), t.pulse(odd, self.durations.chips)])

    def take_odd_card(self) -> None:
        """The floor is called (or the round void): the other deck's card the shuffler gave leaves it, set
        aside for the supervisor."""
        odd, self.odd_card = self.odd_card, None
        if odd is not None and odd.scene() is self.scene:
            odd.set_highlighted(False)
            self.play(lambda t: [t.fade(odd, 0.0, self.durations.chips)])

    def unload(self) -> None:
        """The cards left after the deal into the rack, unseen."""
        items = list(self.unloaded)
        self.play(lambda t: [self.stage.unload(t, items, show=True)])

    # -- the players decide -------------------------------------------------------------------------------

    def street(self, street: Street) -> None:
        """The players' decisions on ``street``: a label, and the Play wager's chips put out for a bet."""
        self.play(lambda t: opening.decisions(self.stage, t, street))

    def turn_over(self, slots: range) -> None:
        """The community cards of ``slots`` turned face up (Deck Mate: dealt off the deck first)."""
        self.play(lambda t: opening.turn_board(self.stage, t, slots))

    def spread_folds(self, miscount: tuple[int, int] | None = None) -> None:
        """Each folded hand collected now spread face down to be counted; ``miscount`` (seat, cards): that
        hand spreads to one card, or three. A folded hand whose Pairs wager is still in action is tucked face
        down under it (seed 002 Pairs rule 4)."""
        seats = sorted(self.played.folded - left_after_fold(self.played))
        tucked = sorted(tucked_under_pairs(self.played))
        scene = self.scene

        def build(t: Timeline) -> list[QAbstractAnimation]:
            moves: list[QAbstractAnimation] = []
            for seat in tucked:
                moves += closing.tuck_under_pairs(self.stage, t, seat, scene.cards_at("seat", seat))
            for seat in seats:
                cards = scene.cards_at("seat", seat)
                places = list(scene.geometry.seat(seat).spread())
                if miscount is not None and miscount[0] == seat:
                    moves += self._miscount(t, seat, cards, places, miscount[1])
                    continue
                moves += [t.slide(card, places[i], self.durations.deal) for i, card in enumerate(cards[:2])]
            return [t.together(moves)] if moves else []

        self.play(build)

    def _miscount(self, t: Timeline, seat: int, cards: Sequence[CardItem], places: list[Point],
                  count: int) -> list[QAbstractAnimation]:
        if count < 2:
            self.stray = cards[-1] if cards else None
            hide = [t.fade(card, 0.0, self.durations.deal) for card in cards[1:]]
            return [t.slide(cards[0], places[0], self.durations.deal), *hide] if cards else []
        first, second = places
        third = Point(2 * second.x - first.x, 2 * second.y - first.y)
        extra = self.unloaded[0].card if self.unloaded else "2c"
        odd = self.scene.new_card(extra, str(self.played.deck_colour), self.scene.player_position(seat))
        odd.setOpacity(0.0)
        odd.setRotation(cards[0].rotation() if cards else 0.0)
        self.odd_card = odd
        self._extra.append(odd)
        moves = [t.slide(card, places[i], self.durations.deal) for i, card in enumerate(cards[:2])]
        return [*moves, t.one_after_another([t.show(odd), t.slide(odd, third, self.durations.deal)])]

    def collect_fold(self, seat: int) -> None:
        """A counted folded hand into the rack."""
        cards = self.scene.cards_at("seat", seat)
        self.play(lambda t: closing.rack_folded_hand(self.stage, t, cards, self.scene.next_rack_slot()))

    # -- the showdown and the settlement ------------------------------------------------------------------

    def showdown(self) -> None:
        """The dealer's two cards turned face up (each player's hand waits for its turn: :meth:`turn_up`)."""
        self.play(lambda t: closing.showdown(self.stage, t, PlannedPhase(Phase.SHOWDOWN)))

    def turn_up(self, seat: int) -> None:
        """``seat``'s turn at the showdown: its hand turned face up (taken from under its Pairs wager)."""
        def build(t: Timeline) -> list[QAbstractAnimation]:
            cards = self.scene.cards_at("seat", seat)
            out: list[QAbstractAnimation] = list(closing.untuck(self.stage, t, seat, cards))
            down = [t.flip(card, True, self.durations.flip) for card in cards if t.face(card) < 0.5]
            if down:
                out.append(t.together([self.stage.sound(t, "flip"), *down]))
            return out

        self.play(build)

    def settle(self, step: Step, payout: ChipStack | None = None) -> None:
        """One wager settled as the trainee gave it (``payout``: the chips cut); a folded hand kept face up is
        racked once nothing of it is left (a fold's wagers taken at the fold leave its cards for the count)."""
        self.settled.add(step_key(step))
        settled = frozenset(self.settled)
        if step.phase == "fold":
            self.play(lambda t: [settle_step(self.stage, t, step, payout)])
            return
        self.play(lambda t: closing.trainee_step(self.stage, t, step, settled, payout))

    def rack(self) -> None:
        """Every card on the felt (and a hand-held deck's stub) into the rack."""
        self.stage.stub = list(self.unloaded) if self.hand_held else []
        self.play(lambda t: closing.cleanup(self.stage, t, PlannedPhase(Phase.CLEANUP)))

    def void(self, steps: Iterable[Step]) -> None:
        """The round is void: every wager returned to its player, one after another; the cards to the rack."""
        returns = [step for step in steps if step.action is Action.RETURN]
        self.play(lambda t: [settle_step(self.stage, t, step) for step in returns])
        self.play(lambda t: closing.cleanup(self.stage, t, PlannedPhase(Phase.CLEANUP)))


__all__ = ["SHUFFLER_ERROR", "PlaceMarker", "RunTable", "ShufflerFault"]
