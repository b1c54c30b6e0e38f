"""The round director: turns an engine :class:`~trainer.engine.round.PlayedRound` into animation on the table.

A round plays as a list of phases, each built (when it begins) into one :class:`QSequentialAnimationGroup` of
parallel and sequential groups of property animations:

``bets`` · ``fee`` (player-dealer tables) · ``deal`` · ``preflop`` · ``flop`` · ``turn-river`` ·
``river-decisions`` · ``folds`` (when someone folded) · ``reveal`` · ``refund`` (house table, dealer does not
qualify) · ``settle:<seat>`` for each seat in the engine's settlement order · ``cleanup``.

Cards come out of the shuffler (card shoe, two at a time, ACE: the community cards first, spread face down;
the rest unloaded to the rack). With Deck Mate the whole deck goes to the dealer's hand, the hands are dealt
from it, the flop, turn and river come off it street by street, and its stub goes to the rack at the end.

Everything shown comes from the engine's records: the deal's ``sequence`` (every card in the order it leaves
the deck), the players' ``decisions`` and the settlement ``procedure`` (every wager once, in the order a
dealer handles it). The director decides nothing about the game.

Control: :meth:`start`, :meth:`pause`, :meth:`resume`, :meth:`step` (while paused, play the next phase and
pause again), :meth:`skip_to_end` (every item straight to its final place) and :meth:`set_speed` (0.25x to
4x, applied to the running animation at once).

Settled by the trainee (``settle_by_trainee=True``, the settlement quiz): the round plays up to a ``showdown``
phase (the dealer's cards and every hand still in action turned face up; a folded hand below trips stays face
down and its chips stay on their spots, for the trainee to take), then the director waits in the state
``settling`` and emits ``settlementDue``. :meth:`play_step` shows each step the trainee settles as chips; once a
folded hand has nothing left to settle, its cards are spread, counted and go to the rack, as in ``folds``;
:meth:`finish_settlement` (or :meth:`skip_to_end`) plays the steps nobody settled as the engine has them,
clears the table and finishes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from functools import partial
from typing import Any, Protocol

from PySide6.QtCore import QAbstractAnimation, QObject, QSequentialAnimationGroup, Signal

from trainer.gui.table.items import CardItem, ChipStack
from trainer.gui.table.layout import Point
from trainer.gui.table.money import chip_breakdown, format_amount
from trainer.gui.table.scene import Z_MOVING, TableScene
from trainer.gui.table.timeline import Timeline, rescale

MIN_SPEED = 0.25
MAX_SPEED = 4.0
SIDE_WAGERS = ("ante", "blind", "trips", "bad_beat", "pairs", "progressive")
"""The wagers placed before the deal, in the order chips go down (the Blind equals the Ante)."""
_PROCEDURE_LABELS = {"card-shoe": "SHOE", "shuffler": "SHUFFLER", "ace": "ACE", "deck-mate": "DECK MATE"}


class Sound(Protocol):
    """What the director needs of a sound player: ``play("deal" | "flip" | "chips" | "shuffle")``."""

    def play(self, name: str) -> Any: ...


@dataclass(frozen=True)
class Durations:
    """Base durations in milliseconds at speed 1 (tests pass tiny ones).

    ``deal``: a card sliding from the shuffler to its place; ``flip``: a card turning over; ``chips``: a stack
    of chips sliding; ``pause``: the breath between two phases. Cards and chips follow one another at
    ``overlap`` × their duration.
    """

    deal: int = 300
    flip: int = 280
    chips: int = 380
    pause: int = 450
    overlap: float = 0.42

    def __post_init__(self) -> None:
        for name in ("deal", "flip", "chips", "pause"):
            if getattr(self, name) < 0:
                raise ValueError(f"the {name} duration cannot be negative")
        if not 0 < self.overlap <= 1:
            raise ValueError("overlap is a fraction of a duration, more than 0 and at most 1")

    @classmethod
    def tiny(cls) -> Durations:
        """One millisecond each: for tests."""
        return cls(deal=1, flip=1, chips=1, pause=1)

    def gap(self, base: int) -> int:
        return max(1, round(base * self.overlap))


Phase = tuple[str, Callable[[Timeline], list[QAbstractAnimation]]]


class RoundDirector(QObject):
    """Plays ``played_round`` on ``scene``. ``sound`` (optional) has ``play(name)``.

    With ``annotate`` (the default) the players' decisions and the dealer's hand are written in small labels;
    a quiz that asks about them passes ``annotate=False``.
    """

    phaseStarted = Signal(str)  # noqa: N815 (Qt signal names)
    finished = Signal()
    settlementDue = Signal()  # noqa: N815
    """``settle_by_trainee``: the hands are shown and the table waits for the trainee to settle them."""

    def __init__(
        self,
        scene: TableScene,
        played_round: Any,
        durations: Durations | None = None,
        sound: Sound | None = None,
        *,
        annotate: bool = True,
        settle_by_trainee: bool = False,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.scene = scene
        self.round = played_round
        self.durations = durations or Durations()
        self._sound = sound
        self._annotate = annotate
        self._speed = 1.0
        self._phases: list[Phase] = []
        self._index = -1
        self._group: QSequentialAnimationGroup | None = None
        self._timeline: Timeline | None = None
        self._state = "ready"
        self._stop_after_phase = False
        self._skipping = False
        self._held_board: dict[int, tuple[Any, CardItem]] = {}
        self._stub: list[CardItem] = []
        self.settle_by_trainee = settle_by_trainee
        self._plan_completed = not settle_by_trainee
        self._settled: set[tuple[int, str]] = set()
        self._trainee_moves: list[tuple[QSequentialAnimationGroup, Timeline]] = []
        self._racking = 0
        """Cards of folded hands the trainee settled on their way to the rack (their slots are taken)."""
        self._waiting_for_moves = False
        self.phases_run: list[str] = []
        """The names of the phases started so far, in order."""

    # -- control --------------------------------------------------------------------------------------------

    @property
    def state(self) -> str:
        """``ready``, ``running``, ``paused``, ``settling`` (waiting for the trainee), ``finished`` or
        ``stopped``."""
        return self._state

    @property
    def speed(self) -> float:
        return self._speed

    def phase_names(self) -> list[str]:
        """The phases this round will play, in order."""
        return [name for name, _ in self._plan()]

    def start(self) -> None:
        """Clear the layout (:meth:`TableScene.reset_round`) and play the round from the first phase."""
        if self._state != "ready":
            return
        self.scene.reset_round()
        self._prepare_table()
        self._phases = self._plan()
        self._state = "running"
        self._run_next()

    def pause(self) -> None:
        if self._state == "running":
            self._state = "paused"
            if self._group is not None and self._group.state() == QAbstractAnimation.State.Running:
                self._group.pause()

    def resume(self) -> None:
        if self._state == "paused":
            self._stop_after_phase = False
            self._continue()

    def step(self) -> None:
        """Play one phase and pause: while paused, the rest of the current phase (or the next phase); while
        running, the current phase to its end; before the start, the first phase."""
        if self._state == "ready":
            self._stop_after_phase = True
            self.start()
        elif self._state == "paused":
            self._stop_after_phase = True
            self._continue()
        elif self._state == "running":
            self._stop_after_phase = True

    def skip_to_end(self) -> None:
        """Put every card and chip where the round leaves them, at once (no sounds)."""
        if self._state in ("finished", "stopped"):
            return
        if self._state == "ready":
            self.scene.reset_round()
            self._prepare_table()
            self._phases = self._plan()
        self._end_trainee_moves()
        self._complete_plan()
        self._skipping = True
        self._state = "running"
        group = self._group
        if group is not None and group.state() != QAbstractAnimation.State.Stopped:
            self._jump_to_end(group)
            self._index_done()
        while self._index + 1 < len(self._phases):
            self._index += 1
            group = self._build(self._index)
            group.start()
            self._jump_to_end(group)
        self._skipping = False
        self._finish()

    def play_step(self, step: Any, payout: ChipStack | None = None) -> QAbstractAnimation | None:
        """While ``settling``: show one settlement step (a record like the engine's ``Step``: ``seat``,
        ``wager``, ``action``, ``amount``, ``net``) as chips, now. ``payout``: chips already cut for a pay and
        standing by the wager (they become the payout). A folded hand with nothing left to settle is then
        spread, counted and racked. None when the round is not waiting for a settlement."""
        if self._state != "settling":
            return None
        self._settled.add((step.seat, str(step.wager)))
        timeline = Timeline(self._speed)
        group = QSequentialAnimationGroup(self)
        group.addAnimation(self._step(timeline, step, payout))
        for animation in self._clear_folded_hand(timeline, step.seat):
            group.addAnimation(animation)
        entry = (group, timeline)
        self._trainee_moves.append(entry)
        group.finished.connect(partial(self._trainee_move_done, entry))
        group.start()
        return group

    def finish_settlement(self) -> None:
        """While ``settling``: the trainee is done (or gives up). The steps not settled yet play as the engine
        has them, then the table is cleared and :attr:`finished` follows."""
        if self._state != "settling":
            return
        self._complete_plan()
        self._state = "running"
        self._run_next()

    def _trainee_move_done(self, entry: tuple[QSequentialAnimationGroup, Timeline]) -> None:
        if entry in self._trainee_moves:
            self._trainee_moves.remove(entry)
            entry[0].deleteLater()
        if self._waiting_for_moves and not self._trainee_moves:
            self._waiting_for_moves = False
            if self._state == "running":
                self._run_next()

    def _end_trainee_moves(self) -> None:
        """Every chip the trainee moved goes straight to where it was going."""
        for group, _ in list(self._trainee_moves):
            if group.state() != QAbstractAnimation.State.Stopped:
                self._jump_to_end(group)

    def _complete_plan(self) -> None:
        """After a trainee's settlement: the steps left (as the engine has them), then the cleanup."""
        if self._plan_completed:
            return
        self._plan_completed = True
        steps = self.round.settlement.procedure
        rest = [step for step in steps if (step.seat, str(step.wager)) not in self._settled]
        if rest:
            self._phases.append(("settle-rest", lambda t: [self._step(t, step) for step in rest]))
        self._phases.append(("cleanup", self._cleanup))

    def stop(self) -> None:
        """Stop where things are (the scene stays as it is; :meth:`TableScene.reset_round` clears it)."""
        if self._group is not None:
            self._group.stop()
        self._state = "stopped"

    def set_speed(self, factor: float) -> None:
        """Play at ``factor`` × normal speed (clamped to 0.25..4), from this moment on."""
        factor = min(MAX_SPEED, max(MIN_SPEED, float(factor)))
        if factor == self._speed:
            return
        old, self._speed = self._speed, factor
        group, timeline = self._group, self._timeline
        if group is None or timeline is None or group.state() == QAbstractAnimation.State.Stopped:
            return
        index = group.indexOfAnimation(group.currentAnimation()) if group.currentAnimation() else 0
        before_old = sum(group.animationAt(i).totalDuration() for i in range(max(index, 0)))
        local = group.currentTime() - before_old
        timeline.speed = factor
        rescale(timeline.timed, factor)
        before_new = sum(group.animationAt(i).totalDuration() for i in range(max(index, 0)))
        paused = group.state() == QAbstractAnimation.State.Paused
        if paused:  # a paused group would pause a zero-length cue it lands on, which Qt warns about
            group.resume()
        group.setCurrentTime(before_new + round(local * old / factor))
        if paused and group.state() == QAbstractAnimation.State.Running:
            group.pause()

    # -- running phases -------------------------------------------------------------------------------------

    def _continue(self) -> None:
        self._state = "running"
        group = self._group
        if group is not None and group.state() == QAbstractAnimation.State.Paused:
            group.resume()
        elif group is None or group.state() == QAbstractAnimation.State.Stopped:
            self._run_next()

    def _run_next(self) -> None:
        if self._trainee_moves:  # the trainee's last chips are still moving: the table waits for them
            self._waiting_for_moves = True
            return
        if self._index + 1 >= len(self._phases):
            self._finish_or_wait()
            return
        self._index += 1
        group = self._build(self._index)
        group.finished.connect(self._on_phase_finished)
        group.start()

    def _build(self, index: int) -> QSequentialAnimationGroup:
        name, build = self._phases[index]
        timeline = Timeline(self._speed)
        group = QSequentialAnimationGroup(self)
        for animation in build(timeline):
            group.addAnimation(animation)
        group.addAnimation(timeline.wait(self.durations.pause))
        if self._group is not None:
            self._group.deleteLater()
        self._group, self._timeline = group, timeline
        self.phases_run.append(name)
        self.phaseStarted.emit(name)
        return group

    def _jump_to_end(self, group: QSequentialAnimationGroup) -> None:
        if group.state() == QAbstractAnimation.State.Paused:
            group.resume()
        group.setCurrentTime(group.totalDuration())

    def _on_phase_finished(self) -> None:
        if self._skipping:
            return
        self._index_done()

    def _index_done(self) -> None:
        if self._skipping:
            return
        if self._index + 1 >= len(self._phases):
            self._finish_or_wait()
        elif self._stop_after_phase or self._state == "paused":
            self._state = "paused"
        else:
            self._run_next()

    def _finish_or_wait(self) -> None:
        """The last phase planned is over: the round is finished, or waits for the trainee's settlement."""
        if self._plan_completed:
            self._finish()
        else:
            self._state = "settling"
            self.settlementDue.emit()

    def _finish(self) -> None:
        if self._state != "finished":
            self._state = "finished"
            self.finished.emit()

    def _sound_cue(self, timeline: Timeline, name: str) -> QAbstractAnimation:
        return timeline.cue(lambda: self._play(name))

    def _play(self, name: str) -> None:
        if self._sound is not None and not self._skipping:
            self._sound.play(name)

    # -- the plan -------------------------------------------------------------------------------------------

    def _prepare_table(self) -> None:
        pd_seat = self._player_dealer_seat()
        if pd_seat is None or self.scene.player_dealer_seat is None:
            self.scene.set_player_dealer_seat(pd_seat)
        label = _PROCEDURE_LABELS.get(str(self.round.procedure), str(self.round.procedure).upper())
        self.scene.shuffler.set_label(label)

    def _player_dealer_seat(self) -> int | None:
        table = self.round.table
        return None if str(table.banking) == "house" else table.player_dealer_seat

    def _plan(self) -> list[Phase]:
        steps = tuple(self.round.settlement.procedure)
        phases: list[Phase] = [("bets", self._bets)]
        if self._player_dealer_seat() is not None:
            phases.append(("fee", self._fee))
        phases += [
            ("deal", self._deal),
            ("preflop", lambda t: self._decisions(t, "preflop")),
            ("flop", lambda t: [*self._turn_board(t, range(3)), *self._decisions(t, "flop")]),
            ("turn-river", lambda t: self._turn_board(t, range(3, 5))),
            ("river-decisions", lambda t: self._decisions(t, "river")),
        ]
        coin_in = [step for step in steps if step.phase == "coin-in"]
        if coin_in:  # the losing Progressives, gone at COIN IN: taken here until the table animates COIN IN
            phases.append(("coin-in", lambda t: [self._step(t, step) for step in coin_in]))
        if self.settle_by_trainee:
            phases.append(("showdown", self._showdown))
            return phases
        if any(step.phase == "fold" for step in steps) or self.round.folded:
            phases.append(("folds", self._folds))
        phases.append(("reveal", self._reveal))
        refunds = [step for step in steps if step.phase == "refund"]
        if refunds:
            phases.append(("refund", lambda t: [self._step(t, step) for step in refunds]))
        for seat, group in _seat_groups([step for step in steps if step.phase == "settle"]):
            phases.append((f"settle:{seat}", partial(self._settle_seat, seat=seat, steps=group)))
        phases.append(("cleanup", self._cleanup))
        return phases

    # -- bets, fee ------------------------------------------------------------------------------------------

    def _bets(self, t: Timeline) -> list[QAbstractAnimation]:
        d = self.durations
        out: list[QAbstractAnimation] = []
        pd_seat = self._player_dealer_seat()
        if pd_seat is not None and self.scene.player_dealer_seat not in (None, pd_seat):
            to = self.scene.button_place(pd_seat)
            out.append(t.slide(self.scene.button, to, d.chips * 2))
            out.append(t.cue(lambda: self.scene.set_player_dealer_seat(pd_seat)))
        seats = []
        for bets in sorted(self.round.bets, key=lambda b: b.seat):
            moves = [
                self._chips_to_spot(t, bets.seat, wager, _wager_amount(bets, wager))
                for wager in SIDE_WAGERS
                if _wager_amount(bets, wager) > 0
            ]
            seats.append(t.together([self._sound_cue(t, "chips"), t.staggered(moves, d.gap(d.chips) // 2)]))
        if seats:
            out.append(t.staggered(seats, d.gap(d.chips)))
        return out

    def _chips_to_spot(self, t: Timeline, seat: int, wager: str, amount: Decimal) -> QAbstractAnimation:
        """A stack of ``amount`` from the player's place to the wagering area (where it then belongs)."""
        stack = self.scene.new_chips(amount, self.scene.player_position(seat))
        stack.setOpacity(0.0)
        to = self.scene.geometry.spot(seat, wager).center
        return t.one_after_another(
            [
                t.show(stack),
                t.slide(stack, to, self.durations.chips),
                t.cue(lambda: self.scene.set_wager_chips(seat, wager, stack)),
            ]
        )

    def _fee(self, t: Timeline) -> list[QAbstractAnimation]:
        d = self.durations
        seat = self._player_dealer_seat()
        assert seat is not None
        start = self.scene.player_position(seat)
        out: list[QAbstractAnimation] = []
        bank_amount = Decimal(self.round.table.player_dealer_bank or 0)
        if bank_amount > 0:
            bank = self.scene.new_chips(bank_amount, start)
            bank.setOpacity(0.0)
            out.append(
                t.one_after_another(
                    [
                        self._sound_cue(t, "chips"),
                        t.show(bank),
                        t.slide(bank, self.scene.bank_place(), d.chips),
                        t.cue(lambda: self.scene.set_bank(bank)),
                    ]
                )
            )
        fee_amount = Decimal(self.round.collection_fee or 0)
        if fee_amount > 0:
            fee = self.scene.new_chips(fee_amount, start)
            fee.setOpacity(0.0)
            slot = self.scene.drop_box.slot
            out.append(
                t.one_after_another(
                    [
                        self._sound_cue(t, "chips"),
                        t.show(fee),
                        t.slide(fee, Point(slot.x, slot.y - 4), d.chips),
                        t.wait(d.chips // 2),
                        t.fade(fee, 0.0, d.chips // 2),
                        t.cue(lambda: self.scene.retire(fee)),
                    ]
                )
            )
        return out

    # -- the deal -------------------------------------------------------------------------------------------

    def _deal(self, t: Timeline) -> list[QAbstractAnimation]:
        d = self.durations
        scene = self.scene
        out: list[QAbstractAnimation] = [self._sound_cue(t, "shuffle")]
        out += self._swap_decks(t)
        colour = str(self.round.deck_colour)
        hand_held = str(self.round.procedure) == "deck-mate"
        source = scene.geometry.hand_deck if hand_held else scene.shuffler.output
        sequence = list(self.round.deal.sequence)
        cards: list[tuple[Any, CardItem]] = []
        for index, (target, card) in enumerate(sequence):
            item = scene.new_card(card, colour, scene.shuffler.output)
            item.setZValue(Z_MOVING + (len(sequence) - index) * 0.01)
            item.setOpacity(0.0)
            cards.append((target, item))
        if hand_held:
            deck = [item for _, item in cards]
            out.append(t.together([t.show(item) for item in deck]))
            # The deck in the dealer's hand: the top card (dealt first) on top, the others showing an edge.
            out.append(
                t.together(
                    [
                        t.slide(item, Point(source.x + i * 0.12, source.y + i * 0.22), d.deal * 2)
                        for i, item in enumerate(deck)
                    ]
                )
            )
        # Dealing by hand (Deck Mate), the board comes off the deck street by street and the stub goes to
        # the rack at the end of the round; a machine's cards all come out now and its rest is unloaded.
        self._held_board = {
            target.slot: (target, item) for target, item in cards if hand_held and target.kind == "board"
        }
        held = {id(item) for _, item in self._held_board.values()}
        dealt = [(target, item) for target, item in cards if target.kind != "rack" and id(item) not in held]
        unloaded = [item for target, item in cards if target.kind == "rack"]
        moves = [self._deal_card(t, target, item, show=not hand_held) for target, item in dealt]
        out.append(t.staggered(moves, d.gap(d.deal)))
        if hand_held:
            self._stub = unloaded
        elif unloaded:
            out.append(self._unload(t, unloaded, show=True))
        return out

    def _swap_decks(self, t: Timeline) -> list[QAbstractAnimation]:
        """The rack's deck (last round's) goes into the shuffler before this round's deck comes out."""
        scene = self.scene
        previous = scene.rack.previous_deck
        if previous is None:
            return []
        colour, _ = previous
        pile = scene.new_card("As", colour, scene.rack.rect.center)
        pile.kind = None
        into = scene.shuffler.rect.center
        return [
            t.one_after_another(
                [
                    t.cue(lambda: scene.rack.set_previous_deck(None)),
                    t.slide(pile, Point(into.x, into.y), self.durations.deal * 2),
                    t.fade(pile, 0.0, self.durations.deal // 2),
                    t.cue(partial(scene.retire, pile)),
                    t.cue(partial(scene.shuffler.set_loaded, colour)),
                ]
            )
        ]

    def _deal_card(self, t: Timeline, target: Any, item: CardItem, *, show: bool) -> QAbstractAnimation:
        place, angle = self.scene.card_place(target.kind, target.seat, target.slot)
        blocks: list[QAbstractAnimation] = []
        if show:
            blocks.append(t.show(item))
        blocks += [
            self._sound_cue(t, "deal"),
            t.slide(item, place, self.durations.deal, rotation=angle),
            t.cue(lambda: self.scene.place_card(item, target.kind, target.seat, target.slot)),
        ]
        return t.one_after_another(blocks)

    def _unload(
        self, t: Timeline, items: Sequence[CardItem], *, show: bool, first: int | None = None
    ) -> QAbstractAnimation:
        """The cards left after the deal go to the rack together, unseen, in deck order."""
        first = self.scene.next_rack_slot() if first is None else first
        slides = [
            t.slide(item, self.scene.rack.slot(first + i), self.durations.deal * 2, rotation=0.0)
            for i, item in enumerate(items)
        ]
        slides += [t.flip(item, False, self.durations.flip) for item in items if t.face(item) >= 0.5]
        blocks: list[QAbstractAnimation] = []
        if show:
            blocks.append(t.together([t.show(item) for item in items]))
        blocks += [t.together(slides), t.cue(lambda: self._rack(items))]
        return t.one_after_another(blocks)

    def _rack(self, items: Sequence[CardItem]) -> None:
        for item in items:
            self.scene.place_card(item, "rack")

    # -- decisions and streets ------------------------------------------------------------------------------

    def _decisions(self, t: Timeline, street: str) -> list[QAbstractAnimation]:
        d = self.durations
        moves: list[QAbstractAnimation] = []
        antes = {bets.seat: Decimal(bets.ante) for bets in self.round.bets}
        for decision in self.round.decisions_on(street):
            seat, multiple = decision.seat, int(decision.multiple)
            text = f"{multiple}x" if multiple else ("FOLD" if decision.is_fold else "CHECK")
            blocks: list[QAbstractAnimation] = []
            if self._annotate:
                blocks.append(t.cue(partial(self.scene.set_badge, seat, text)))
            if multiple:
                blocks += [
                    self._sound_cue(t, "chips"),
                    self._chips_to_spot(t, seat, "play", antes[seat] * multiple),
                ]
            else:
                blocks.append(t.wait(d.chips // 2))
            moves.append(t.one_after_another(blocks))
        return [t.staggered(moves, d.gap(d.chips))] if moves else []

    def _turn_board(self, t: Timeline, slots: range) -> list[QAbstractAnimation]:
        """Turn the community cards of ``slots`` face up; from a hand-held deck, deal them first."""
        out: list[QAbstractAnimation] = []
        held = [self._held_board.pop(slot) for slot in slots if slot in self._held_board]
        if held:
            moves = [self._deal_card(t, target, item, show=False) for target, item in held]
            out.append(t.staggered(moves, self.durations.gap(self.durations.deal)))
        board = {card.slot: card for card in self.scene.cards_at("board")}
        board.update({target.slot: item for target, item in held})
        flips = [
            t.one_after_another([self._sound_cue(t, "flip"), t.flip(board[slot], True, self.durations.flip)])
            for slot in slots
            if slot in board
        ]
        if flips:
            out.append(t.staggered(flips, self.durations.gap(self.durations.flip)))
        return out

    # -- folds and the reveal -------------------------------------------------------------------------------

    def _folds(self, t: Timeline) -> list[QAbstractAnimation]:
        steps = [step for step in self.round.settlement.procedure if step.phase == "fold"]
        seats = list(dict.fromkeys([step.seat for step in steps] + sorted(self.round.folded)))
        later = {step.seat for step in self.round.settlement.procedure if step.phase != "fold"}
        out: list[QAbstractAnimation] = []
        rack_slot = self.scene.next_rack_slot()
        for seat in seats:
            cards = self.scene.cards_at("seat", seat)
            blocks = self._spread_and_count(t, seat, cards)
            blocks += [self._step(t, step) for step in steps if step.seat == seat]
            if seat in later:
                blocks.append(t.together([t.flip(card, True, self.durations.flip) for card in cards]))
            else:
                blocks += self._rack_folded_hand(t, cards, rack_slot)
                rack_slot += len(cards)
            out.append(t.one_after_another(blocks))
        return out

    def _spread_and_count(self, t: Timeline, seat: int, cards: Sequence[CardItem]) -> list[QAbstractAnimation]:
        """A folded hand spread on the felt and counted (``FOLD · 2 CARDS`` by the seat)."""
        spread = self.scene.geometry.seat(seat).spread()
        blocks: list[QAbstractAnimation] = [
            t.together([t.slide(card, spread[i], self.durations.deal) for i, card in enumerate(cards)]),
        ]
        if self._annotate:
            count = f"FOLD · {len(cards)} CARDS"
            blocks.append(t.cue(partial(self.scene.set_badge, seat, count)))
        blocks.append(t.wait(self.durations.pause // 2))
        return blocks

    def _rack_folded_hand(self, t: Timeline, cards: Sequence[CardItem], first: int) -> list[QAbstractAnimation]:
        """A counted hand into the discard rack from slot ``first``, face down."""
        slides = [self._to_rack(t, card, first + i) for i, card in enumerate(cards)]
        return [t.together(slides), t.cue(partial(self._rack, cards))]

    def _clear_folded_hand(self, t: Timeline, seat: int) -> list[QAbstractAnimation]:
        """The trainee's settlement: once every wager of a folded hand is settled (its Ante and Blind, and a
        trips on a fold's Trips, Pairs or Progressive still in action), the hand is spread, counted and racked
        (rules-notes §7), as the table's own ``folds`` phase does. Nothing while something of it is left."""
        if seat not in self.round.folded:
            return []
        steps = self.round.settlement.procedure
        if any((step.seat, str(step.wager)) not in self._settled for step in steps if step.seat == seat):
            return []
        cards = self.scene.cards_at("seat", seat)
        if not cards:
            return []
        first = self.scene.next_rack_slot() + self._racking  # after the cards still on their way to the rack
        self._racking += len(cards)

        def arrived() -> None:
            self._racking -= len(cards)

        blocks = self._spread_and_count(t, seat, cards)
        blocks += self._rack_folded_hand(t, cards, first)
        blocks.append(t.cue(arrived))
        return blocks

    def _reveal(self, t: Timeline) -> list[QAbstractAnimation]:
        cards = self.scene.cards_at("dealer")
        out: list[QAbstractAnimation] = [self._sound_cue(t, "flip")]
        out.append(
            t.staggered(
                [t.flip(card, True, self.durations.flip) for card in cards],
                self.durations.gap(self.durations.flip),
            )
        )
        if self._annotate:
            settlement = self.round.settlement
            text = _hand_text(settlement.dealer)
            text += " · qualifies" if settlement.dealer_qualifies else " · does not qualify"
            out.append(t.cue(lambda: self.scene.set_dealer_badge(text)))
        return out

    def _showdown(self, t: Timeline) -> list[QAbstractAnimation]:
        """For a trainee's settlement: the dealer's cards and every hand still in action turned face up (a
        folded hand stays face down unless something of it is still to settle, as trips on a fold), and no
        label saying what anyone holds."""
        steps = self.round.settlement.procedure
        in_action = {step.seat for step in steps if step.phase != "fold"}
        shown = [seat for seat in sorted({bets.seat for bets in self.round.bets})
                 if seat not in self.round.folded or seat in in_action]
        dealer = [t.flip(card, True, self.durations.flip) for card in self.scene.cards_at("dealer")]
        hands = [t.flip(card, True, self.durations.flip) for seat in shown
                 for card in self.scene.cards_at("seat", seat) if t.face(card) < 0.5]
        out: list[QAbstractAnimation] = [self._sound_cue(t, "flip")]
        out.append(t.staggered(dealer, self.durations.gap(self.durations.flip)))
        if hands:
            out.append(t.together(hands))
        return out

    # -- settlement -----------------------------------------------------------------------------------------

    def _settle_seat(self, t: Timeline, *, seat: int, steps: Sequence[Any]) -> list[QAbstractAnimation]:
        out: list[QAbstractAnimation] = []
        down = [card for card in self.scene.cards_at("seat", seat) if t.face(card) < 0.5]
        if down:
            out.append(
                t.together(
                    [self._sound_cue(t, "flip"), *[t.flip(card, True, self.durations.flip) for card in down]]
                )
            )
        if self._annotate:
            result = _seat_result(self.round.settlement, seat)
            if result:
                out.append(t.cue(lambda: self.scene.set_badge(seat, result)))
        out += [self._step(t, step) for step in steps]
        return out

    def _step(self, t: Timeline, step: Any, payout: ChipStack | None = None) -> QAbstractAnimation:
        """One settlement record as chip movements: pay, take, push or return (``payout``: chips already
        cut for a pay)."""
        action = str(step.action)
        seat, wager, amount = step.seat, str(step.wager), Decimal(step.amount)
        stack = self.scene.wager_chips(seat, wager)
        if stack is None:
            stack = self.scene.new_chips(amount, self.scene.geometry.spot(seat, wager).center)
            self.scene.set_wager_chips(seat, wager, stack)
        blocks: list[QAbstractAnimation] = [self._sound_cue(t, "chips")]
        if action == "pay":
            stake_taken = amount - Decimal(step.net)
            if stake_taken > 0:
                blocks.append(self._take(t, seat, wager, stack, stake_taken))
            blocks.append(self._pay(t, seat, wager, amount, payout))
        elif action == "take":
            blocks.append(self._take(t, seat, wager, stack, amount))
        elif action == "return":
            blocks.append(self._return(t, seat, wager, stack))
        else:
            blocks.append(t.pulse(stack, self.durations.chips))
        return t.one_after_another(blocks)

    def _house_or_bank(self) -> Point:
        return (
            self.scene.bank_place()
            if self._player_dealer_seat() is not None
            else self.scene.geometry.tray.center
        )

    def _take(
        self, t: Timeline, seat: int, wager: str, stack: ChipStack, amount: Decimal
    ) -> QAbstractAnimation:
        """``amount`` of the wager goes to the tray (or the player-dealer's bank); the rest goes back to the
        player."""
        scene = self.scene
        d = self.durations
        banked = self._player_dealer_seat() is not None
        rest = stack.amount - amount
        if rest > 0:
            moving = scene.new_chips(amount, Point(stack.pos().x(), stack.pos().y()))
            moving.setOpacity(0.0)
            split = [t.cue(lambda: stack.set_amount(rest)), t.show(moving)]
        else:
            moving, split = stack, [t.cue(lambda: scene.set_wager_chips(seat, wager, None, keep=True))]
        to = scene.bank_place() if banked else scene.tray.tube(_top_chip(amount))
        blocks: list[QAbstractAnimation] = [
            *split,
            t.slide(moving, to, d.chips),
            t.fade(moving, 0.0, d.chips // 3),
            t.cue(lambda: self._into_house(moving, amount)),
        ]
        if rest > 0:
            blocks.append(self._return(t, seat, wager, stack))
        return t.one_after_another(blocks)

    def _into_house(self, moving: ChipStack, amount: Decimal) -> None:
        self.scene.retire(moving)
        bank = self.scene.bank
        if bank is not None and self._player_dealer_seat() is not None:
            bank.set_amount(bank.amount + amount)

    def _pay(
        self, t: Timeline, seat: int, wager: str, amount: Decimal, cut: ChipStack | None = None
    ) -> QAbstractAnimation:
        scene = self.scene
        banked = self._player_dealer_seat() is not None
        start = scene.bank_place() if banked else scene.tray.tube(_top_chip(amount))
        if cut is not None:  # the trainee has cut the payout already
            payout = cut
            payout.set_amount(amount)
        else:
            payout = scene.new_chips(amount, start)
            payout.setOpacity(0.0)
        bank = scene.bank

        def from_bank() -> None:
            if banked and bank is not None:
                bank.set_amount(max(Decimal(0), bank.amount - amount))

        return t.one_after_another(
            [
                t.cue(from_bank),
                t.show(payout),
                t.slide(payout, scene.payout_place(seat, wager), self.durations.chips),
                t.cue(lambda: scene.set_payout_chips(seat, wager, payout)),
            ]
        )

    def _return(self, t: Timeline, seat: int, wager: str, stack: ChipStack) -> QAbstractAnimation:
        """The wager goes back to the player untouched."""
        scene = self.scene
        return t.one_after_another(
            [
                t.slide(stack, scene.player_position(seat), self.durations.chips),
                t.fade(stack, 0.0, self.durations.chips // 3),
                t.cue(partial(scene.set_wager_chips, seat, wager, None, keep=True)),
                t.cue(partial(scene.retire, stack)),
            ]
        )

    def _to_rack(self, t: Timeline, card: CardItem, slot: int) -> QAbstractAnimation:
        """Slide ``card`` into the rack at ``slot``, turning it face down on the way."""
        moves = [t.slide(card, self.scene.rack.slot(slot), self.durations.deal, rotation=0.0)]
        if t.face(card) >= 0.5:
            moves.append(t.flip(card, False, self.durations.deal))
        return t.together(moves)

    # -- cleanup --------------------------------------------------------------------------------------------

    def _cleanup(self, t: Timeline) -> list[QAbstractAnimation]:
        scene = self.scene
        out: list[QAbstractAnimation] = []
        if self._stub:  # the rest of a hand-held deck, first
            out.append(self._unload(t, self._stub, show=False, first=scene.next_rack_slot()))
        cards = [*scene.cards_at("seat"), *scene.cards_at("dealer"), *scene.cards_at("board")]
        first = scene.next_rack_slot() + len(self._stub)
        moves = [
            t.one_after_another(
                [
                    self._to_rack(t, card, first + i),
                    t.cue(partial(scene.place_card, card, "rack")),
                ]
            )
            for i, card in enumerate(cards)
        ]
        if moves:
            out.append(t.staggered(moves, max(1, self.durations.gap(self.durations.deal) // 2)))
        return out


def _wager_amount(bets: Any, wager: str) -> Decimal:
    return Decimal(bets.ante if wager == "blind" else getattr(bets, wager, 0) or 0)


def _top_chip(amount: Decimal) -> Decimal:
    chips = chip_breakdown(amount)
    return chips[0] if chips else Decimal(1)


def _seat_groups(steps: Sequence[Any]) -> list[tuple[int, list[Any]]]:
    """Consecutive steps of the same seat, in the procedure's order."""
    groups: list[tuple[int, list[Any]]] = []
    for step in steps:
        if groups and groups[-1][0] == step.seat:
            groups[-1][1].append(step)
        else:
            groups.append((step.seat, [step]))
    return groups


def _hand_text(hand: Any) -> str:
    describe = getattr(hand, "describe", None)
    text = describe() if callable(describe) else str(hand)
    return text[:1].upper() + text[1:]


def _seat_result(settlement: Any, seat: int) -> str:
    try:
        result = settlement.seat(seat)
    except KeyError:
        return ""
    net = Decimal(result.net)
    if net == 0:
        return f"{str(result.result).upper()} · EVEN"
    sign = "+" if net > 0 else "−"
    return f"{str(result.result).upper()} · NET {sign}{format_amount(abs(net))}"
