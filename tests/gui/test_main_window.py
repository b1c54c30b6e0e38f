"""The table window: opens, plays rounds on request, obeys its keys, remembers its settings, survives no sound
and missing artwork. Offscreen, with one-millisecond animations and signal waits (never sleeps)."""

from __future__ import annotations

import random
import shutil
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QLabel

from tests.gui.table_support import FakeSound
from trainer.gui.main_window import MIN_HEIGHT, MIN_WIDTH, MainWindow, layout_config
from trainer.gui.settings_dialog import SettingsDialog
from trainer.gui.status_bar import table_summary
from trainer.gui.table.director import Durations
from trainer.gui.table.view import TableView
from trainer.resources import assets_dir
from trainer.settings import DEFAULTS, Settings, SettingsStore

pytestmark = pytest.mark.gui

WAIT = 10_000  # ms: generous for a slow machine; a round with tiny durations takes well under a second










@pytest.fixture
def store(tmp_path: Path) -> SettingsStore:
    return SettingsStore(tmp_path / "config" / "settings.json")


class Messages(list[str]):
    """A ``notify`` that remembers what the window would have shown."""


@pytest.fixture
def messages() -> Messages:
    return Messages()


@pytest.fixture
def open_window(qtbot: Any, store: SettingsStore, messages: Messages) -> Any:
    """Make, show and activate a window (keys reach shortcuts only in the active window)."""

    def make(settings: Settings = DEFAULTS, **kwargs: Any) -> MainWindow:
        kwargs.setdefault("store", store)
        kwargs.setdefault("notify", messages.append)
        kwargs.setdefault("durations", Durations.tiny())
        kwargs.setdefault("rng", random.Random(7))
        window = MainWindow(settings, **kwargs)
        qtbot.addWidget(window)
        window.show()
        window.activateWindow()
        qtbot.waitExposed(window)
        qtbot.waitUntil(window.isActiveWindow, timeout=WAIT)
        return window

    return make


def play_round(qtbot: Any, window: MainWindow) -> None:
    with qtbot.waitSignal(window.roundFinished, timeout=WAIT):
        assert window.new_round()


# --- the window -------------------------------------------------------------------------------------------


def test_the_window_opens_with_the_table_the_round_log_and_the_status_bar(open_window: Any) -> None:
    window = open_window()
    assert window.isVisible()
    assert window.windowTitle() == "UTH Dealer Trainer"
    assert (window.minimumWidth(), window.minimumHeight()) == (MIN_WIDTH, MIN_HEIGHT)
    assert isinstance(window.centralWidget(), TableView)
    assert window.dock.isVisible()
    assert window.phase_label.text() == "Phase: waiting for a new round (N)"
    assert window.speed_label.text() == "1x"
    assert window.table_label.text() == table_summary(DEFAULTS)
    assert "Trips UTH-01 · Bad Beat BBB-02" in window.table_label.text()
    assert window.new_round_action.isEnabled()
    assert not window.pause_action.isEnabled()
    assert window.step_action.isEnabled()  # Step with no round deals one, phase by phase
    assert not window.skip_action.isEnabled()
    menus = [action.text() for action in window.menuBar().actions()]
    assert menus == ["&File", "&Table", "S&ound", "T&rain", "Too&ls", "&Help"]


def test_the_commands_have_their_keys(open_window: Any) -> None:
    window = open_window()
    keys = {action.objectName(): [k.toString() for k in action.shortcuts()] for action in window.actions()}
    assert keys["newRound"] == ["N"]
    assert keys["pause"] == ["P"]
    assert keys["space"] == ["Space"]
    assert keys["step"] == ["Right"]  # S is the settlement's next seat only: one key, one meaning
    assert keys["skipToEnd"] == ["E", "End"]
    assert keys["slower"] == ["["] and keys["faster"] == ["]"]
    assert keys["settings"] == ["Ctrl+,"]
    assert keys["quit"] == ["Ctrl+Q"]
    assert keys["mute"] == ["M"]
    assert keys["continuous"] == ["C"]


def test_a_full_round_plays_to_the_end_and_the_log_follows_it(qtbot: Any, open_window: Any) -> None:
    window = open_window(DEFAULTS.replace(seats=7))
    phases: list[str] = []
    window.phaseChanged.connect(phases.append)
    play_round(qtbot, window)
    assert phases[:3] == ["bets", "deal", "preflop"]
    assert phases[-1] == "cleanup"
    assert not window.playing
    assert window.phase == "idle"
    lines = window.round_log.lines()
    played = window.played
    assert lines[0].startswith(f"Round 1 · {played.deck_colour} deck")
    assert any(line.startswith("Flop: ") for line in lines)
    assert any(line.startswith("Dealer ") for line in lines)
    for seat in played.settlement.seats:
        assert any(line.startswith(f"Seat {seat.seat}: {seat.hand.describe()} — ") for line in lines)
    steps = [line.strip() for line in lines if line.startswith("  ")]
    assert steps == [step.describe() for step in _in_phase_order(played.settlement.procedure)]
    assert lines[-1] == "Round over."
    assert window.new_round_action.isEnabled()


def _in_phase_order(procedure: Any) -> list[Any]:
    """The log shows the folds, then the refunds, then each seat's settlement (the animation's order)."""
    rank = {"fold": 0, "refund": 1, "settle": 2}
    return sorted(procedure, key=lambda step: rank[step.phase])


def test_the_log_reaches_the_settlement_seat_by_seat(qtbot: Any, open_window: Any) -> None:
    window = open_window(DEFAULTS.replace(seats=7))
    seen: dict[str, list[str]] = {}
    window.phaseChanged.connect(lambda phase: seen.setdefault(phase, window.round_log.lines()))
    play_round(qtbot, window)
    first_settle = next(phase for phase in seen if phase.startswith("settle:"))
    seat = int(first_settle.split(":")[1])
    shown = [line for line in seen[first_settle] if line.startswith("  ")]
    assert shown and all(f"Seat {seat}:" in line for line in shown if "take" in line or "pay" in line)
    assert not any(line.startswith("Dealer ") for line in seen["deal"])


def test_skip_to_end_finishes_the_round_at_once(qtbot: Any, open_window: Any) -> None:
    window = open_window(durations=Durations())  # real durations: only skipping can finish it quickly
    assert window.new_round()
    assert window.playing
    with qtbot.waitSignal(window.roundFinished, timeout=WAIT):
        window.skip_to_end()
    assert not window.playing
    assert window.round_log.lines()[-1] == "Round over."


def test_pause_step_and_resume(qtbot: Any, open_window: Any) -> None:
    window = open_window(durations=Durations(deal=20, flip=20, chips=20, pause=20))
    window.new_round()
    window.toggle_pause()
    assert window.paused and window.director.state == "paused"
    assert window.pause_action.text() == "&Resume"
    phases: list[str] = []
    window.phaseChanged.connect(phases.append)
    window.step()  # the rest of the current phase, then a pause
    qtbot.waitUntil(lambda: window.director.state == "paused", timeout=WAIT)
    assert phases == []
    with qtbot.waitSignal(window.phaseChanged, timeout=WAIT):
        window.step()  # the next phase
    qtbot.waitUntil(lambda: window.director.state == "paused", timeout=WAIT)
    assert len(phases) == 1
    assert window.paused
    window.toggle_pause()
    assert not window.paused and window.director.state == "running"
    with qtbot.waitSignal(window.roundFinished, timeout=WAIT):
        window.skip_to_end()


def test_step_with_no_round_deals_one_and_pauses_after_its_first_phase(qtbot: Any, open_window: Any) -> None:
    window = open_window(durations=Durations(deal=20, flip=20, chips=20, pause=20))
    with qtbot.waitSignal(window.roundStarted, timeout=WAIT):
        qtbot.keyClick(window, Qt.Key.Key_Right)
    qtbot.waitUntil(lambda: window.director.state == "paused", timeout=WAIT)
    assert window.director.phases_run == ["bets"]
    assert window.paused and window.pause_action.text() == "&Resume"
    with qtbot.waitSignal(window.roundFinished, timeout=WAIT):
        window.skip_to_end()


def test_rounds_play_only_on_request(qtbot: Any, open_window: Any) -> None:
    window = open_window()
    play_round(qtbot, window)
    with qtbot.assertNotEmitted(window.roundStarted, wait=200):
        pass  # no next round by itself
    assert not window.playing


def test_dealing_continuously_plays_round_after_round_until_switched_off(
    qtbot: Any, open_window: Any
) -> None:
    window = open_window()
    started: list[int] = []
    window.roundStarted.connect(lambda: started.append(window.played.number))
    qtbot.keyClick(window, Qt.Key.Key_C)
    assert window.continuous_action.isChecked()
    qtbot.waitUntil(lambda: len(started) >= 3, timeout=WAIT)
    qtbot.keyClick(window, Qt.Key.Key_C)
    assert not window.continuous_action.isChecked()
    if window.playing:
        with qtbot.waitSignal(window.roundFinished, timeout=WAIT):
            window.skip_to_end()
    count = len(started)
    with qtbot.assertNotEmitted(window.roundStarted, wait=200):
        pass
    assert len(started) == count
    assert started[:3] == [1, 2, 3]


def test_new_round_is_refused_while_a_round_plays(open_window: Any) -> None:
    window = open_window(durations=Durations())
    assert window.new_round()
    assert not window.new_round()
    assert not window.new_round_action.isEnabled()
    window.skip_to_end()


def test_the_deck_in_play_alternates_and_shows_in_the_status_bar(qtbot: Any, open_window: Any) -> None:
    window = open_window()
    colours = []
    for _ in range(3):
        play_round(qtbot, window)
        colours.append(window.played.deck_colour)
        assert window.deck_label.text() == f"Deck in play: {window.played.deck_colour}"
    assert colours[0] != colours[1] and colours[0] == colours[2]


# --- keys -------------------------------------------------------------------------------------------------


def test_keys_drive_the_round(qtbot: Any, open_window: Any) -> None:
    window = open_window(durations=Durations())
    with qtbot.waitSignal(window.roundStarted, timeout=WAIT):
        qtbot.keyClick(window, Qt.Key.Key_N)
    assert window.playing
    qtbot.keyClick(window, Qt.Key.Key_P)
    assert window.paused
    qtbot.keyClick(window, Qt.Key.Key_P)
    assert not window.paused
    qtbot.keyClick(window, Qt.Key.Key_Space)
    assert window.paused
    qtbot.keyClick(window, Qt.Key.Key_Space)
    assert not window.paused
    qtbot.keyClick(window, Qt.Key.Key_Right)
    assert window.paused
    qtbot.keyClick(window, Qt.Key.Key_Right)
    assert window.paused
    with qtbot.waitSignal(window.roundFinished, timeout=WAIT):
        qtbot.keyClick(window, Qt.Key.Key_E)
    assert not window.playing
    with qtbot.waitSignal(window.roundStarted, timeout=WAIT):
        qtbot.keyClick(window, Qt.Key.Key_Space)  # idle: Space deals
    with qtbot.waitSignal(window.roundFinished, timeout=WAIT):
        qtbot.keyClick(window, Qt.Key.Key_End)


def test_bracket_keys_change_the_speed_between_a_quarter_and_four_times(qtbot: Any, open_window: Any) -> None:
    window = open_window(durations=Durations())
    window.new_round()
    qtbot.keyClick(window, Qt.Key.Key_BracketLeft)
    assert window.speed_label.text() == "0.75x"
    assert window.director.speed == 0.75
    for _ in range(10):
        qtbot.keyClick(window, Qt.Key.Key_BracketLeft)
    assert window.speed_label.text() == "0.25x"
    assert not window.slower_action.isEnabled()
    for _ in range(10):
        qtbot.keyClick(window, Qt.Key.Key_BracketRight)
    assert window.speed_label.text() == "4x"
    assert window.director.speed == 4.0
    assert not window.faster_action.isEnabled()
    window.skip_to_end()


def test_m_mutes_and_unmutes_the_sound(qtbot: Any, open_window: Any) -> None:
    sound = FakeSound()
    window = open_window(sound=sound)
    qtbot.keyClick(window, Qt.Key.Key_M)
    assert window.mute_action.isChecked() and sound.muted and window.settings.muted
    qtbot.keyClick(window, Qt.Key.Key_M)
    assert not sound.muted and not window.settings.muted


def test_ctrl_comma_opens_the_settings_and_ctrl_q_quits(qtbot: Any, open_window: Any) -> None:
    window = open_window()
    qtbot.keyClick(window, Qt.Key.Key_Comma, Qt.KeyboardModifier.ControlModifier)
    dialog = window.findChild(SettingsDialog)
    assert dialog is not None and dialog.isVisible()
    dialog.reject()
    qtbot.waitUntil(lambda: window.findChild(SettingsDialog) is None, timeout=WAIT)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=WAIT)
    qtbot.keyClick(window, Qt.Key.Key_Q, Qt.KeyboardModifier.ControlModifier)
    assert not window.isVisible()


# --- settings ---------------------------------------------------------------------------------------------


def test_settings_survive_a_restart(qtbot: Any, open_window: Any, store: SettingsStore,
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    window = open_window(DEFAULTS.replace(seats=4, volume=0.4))
    window.change_speed(+1)
    window.resize(1300, 850)
    window.close()
    loaded, problem = SettingsStore(store.path).load()
    assert problem is None
    assert loaded == DEFAULTS.replace(seats=4, volume=0.4, animation_speed=1.5)
    assert loaded.window_geometry == window.settings.window_geometry
    restored: list[bool] = []
    original = MainWindow.restoreGeometry

    def spy(self: MainWindow, geometry: Any) -> bool:
        same = bytes(geometry.toBase64()).decode() == loaded.window_geometry
        restored.append(same and original(self, geometry))
        return restored[-1]

    monkeypatch.setattr(MainWindow, "restoreGeometry", spy)
    again = open_window(loaded)
    assert restored == [True]  # the offscreen screen is 800 x 800, so Qt fits the window to it
    assert again.speed_label.text() == "1.5x"
    assert again.settings == loaded


def test_settings_from_the_dialog_apply_to_the_next_round(qtbot: Any, open_window: Any,
                                                          store: SettingsStore) -> None:
    window = open_window()
    play_round(qtbot, window)
    dialog = window.open_settings()
    dialog.banking.setCurrentIndex(dialog.banking.findData("player-dealer"))
    dialog.seats.setCurrentIndex(dialog.seats.findData(8))
    dialog.speed.setCurrentIndex(dialog.speed.findData(2.0))
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    assert window.settings.banking == "player-dealer" and window.settings.seats == 8
    assert window.speed_label.text() == "2x"
    assert window.scene.config == layout_config(window.settings)
    assert window.table_label.text() == table_summary(window.settings)
    assert store.load()[0].seats == 8
    play_round(qtbot, window)
    assert window.played.table.player_dealer_seat is not None
    assert window.played.procedure == "shuffler"
    assert any(line.startswith("Player-dealer: seat") for line in window.round_log.lines())


def test_a_settings_change_during_a_round_waits_for_the_next(qtbot: Any, open_window: Any) -> None:
    window = open_window(durations=Durations())
    window.new_round()
    scene = window.scene
    window.apply_settings(window.settings.replace(seats=3))
    assert window.scene is scene  # the felt changes only when this round is over
    with qtbot.waitSignal(window.roundFinished, timeout=WAIT):
        window.skip_to_end()
    with qtbot.waitSignal(window.roundFinished, timeout=WAIT):
        assert window.new_round()
        window.skip_to_end()
    assert window.scene is not scene
    assert {bets.seat for bets in window.played.bets} <= {1, 2, 3}


def test_a_settings_file_that_cannot_be_written_is_reported_once(open_window: Any, messages: Messages,
                                                                tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    window = open_window(store=SettingsStore(blocker / "settings.json"))
    window.save_settings()
    window.save_settings()
    assert len(messages) == 1 and "could not be saved" in messages[0]


# --- sound and artwork ------------------------------------------------------------------------------------


def test_a_round_plays_its_sounds(qtbot: Any, open_window: Any) -> None:
    sound = FakeSound()
    window = open_window(sound=sound)
    play_round(qtbot, window)
    assert {"deal", "chips"} <= set(sound.played)


def test_no_audio_device_the_window_still_opens_and_plays(qtbot: Any, open_window: Any,
                                                        monkeypatch: pytest.MonkeyPatch,
                                                        caplog: pytest.LogCaptureFixture) -> None:
    import pygame

    from trainer.gui.sound import SoundPlayer

    def no_device(*args: Any, **kwargs: Any) -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    monkeypatch.setattr(pygame.mixer, "pre_init", lambda *a, **k: None, raising=False)
    sound = SoundPlayer(volume=0.5)
    try:
        sound.wait_until_ready(10)
        assert not sound.available
        window = open_window(sound=sound)
        play_round(qtbot, window)
        window.mute_action.trigger()
        assert not window.playing
    finally:
        sound.close()


def test_missing_artwork_is_named_once_and_the_window_still_opens(qtbot: Any, open_window: Any,
                                                                 messages: Messages, tmp_path: Path) -> None:
    art = tmp_path / "assets"
    shutil.copytree(assets_dir(), art)
    (art / "cards" / "classic" / "Qh.svg").unlink()
    window = open_window(assets=art)
    qtbot.waitUntil(lambda: bool(messages), timeout=WAIT)
    assert len(messages) == 1
    assert "Qh.svg" in messages[0] and "Traceback" not in messages[0]
    label = window.centralWidget()
    assert isinstance(label, QLabel) and "Qh.svg" in label.text()
    assert not window.new_round_action.isEnabled()
    assert not window.new_round()
    qtbot.keyClick(window, Qt.Key.Key_N)
    assert not window.playing


def test_unreadable_artwork_folder_is_named(qtbot: Any, open_window: Any, messages: Messages,
                                           tmp_path: Path) -> None:
    window = open_window(assets=tmp_path / "no-such-folder")
    qtbot.waitUntil(lambda: bool(messages), timeout=WAIT)
    assert "no-such-folder" in messages[0]
    assert not window.new_round()


def test_the_first_paint_is_signalled_once(qtbot: Any, store: SettingsStore) -> None:
    window = MainWindow(DEFAULTS, store=store, notify=lambda text: None)
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.firstPainted, timeout=WAIT):
        window.show()
    with qtbot.assertNotEmitted(window.firstPainted, wait=50):
        window.update()
    QApplication.processEvents()


def test_the_settlement_panels_are_made_just_after_the_first_frame(qtbot: Any, store: SettingsStore) -> None:
    window = MainWindow(DEFAULTS, store=store, notify=lambda text: None, durations=Durations.tiny())
    qtbot.addWidget(window)
    assert window.quiz._panel is None and window.run_round.panel._settlement is None
    with qtbot.waitSignal(window.firstPainted, timeout=WAIT):
        window.show()
    qtbot.waitUntil(lambda: window.quiz._panel is not None and window.run_round.panel._settlement is not None,
                    timeout=WAIT)
    prompt = window.round_log.prompt_area.layout()
    assert prompt is not None and prompt.indexOf(window.quiz.panel) == 0
    assert prompt.indexOf(window.run_round.panel) == 1
    inner = window.run_round.panel.layout()
    assert inner is not None
    assert inner.indexOf(window.run_round.panel.settlement) == inner.indexOf(window.run_round.panel.hands) + 1


def test_a_mode_chosen_before_the_first_frame_shows_its_panel(qtbot: Any, store: SettingsStore) -> None:
    from trainer.scoring import Mode

    window = MainWindow(DEFAULTS, store=store, notify=lambda text: None, durations=Durations.tiny())
    qtbot.addWidget(window)
    window.quiz.set_mode(Mode.PRACTICE)
    assert window.quiz._panel is not None and not window.quiz.panel.isHidden()
    assert window.quiz.panel.title.text().startswith("Settle it yourself")
    window.quiz.set_mode(None)
    assert window.quiz.panel.isHidden()
