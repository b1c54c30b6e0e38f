"""Starting the table window: display check, Qt application, logging, crash reporting, settings.

``uth-trainer`` with no arguments calls :func:`run_app`. Before Qt is touched it checks that there is a
display to open a window on, and says so in one line when there is none (``settle`` and ``quiz`` work
without one).
Everything unexpected afterwards is written with its traceback to the log file in the user's log folder and
shown as a one-line message, never as a traceback on the console.
"""

from __future__ import annotations

import contextlib
import gc
import logging
import logging.handlers
import os
import socket
import sys
import threading
import traceback
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any

from trainer.i18n.translation import N_, _
from trainer.settings import Settings, SettingsStore

if TYPE_CHECKING:
    from trainer.gui.sound import SoundPlayer

APP_NAME = "UTH Dealer Trainer"
ORGANISATION = "UTH Dealer Trainer"
DESKTOP_FILE = "uth-trainer"
"""The name of the ``.desktop`` file (packaging/uth-trainer.desktop), so a Wayland shell finds the icon."""

NO_DISPLAY_MESSAGE = N_(
    "uth-trainer: no display found (set DISPLAY, or use `uth-trainer settle` / `uth-trainer quiz`, "
    "which work without one)"
)
PLATFORM_FAILED_MESSAGE = N_(
    "uth-trainer: the window system could not be started ({detail}); "
    "`uth-trainer settle` / `uth-trainer quiz` work without one"
)
EXIT_NO_DISPLAY = 2

PIXMAP_CACHE_KB = 128 * 1024
"""Qt's pixmap cache, where the table's items keep their drawn images. Qt's default (10 MB) is smaller than
the felt alone at 1920x1080, so every frame would draw the whole table again."""

SERIAL_PAINTING = {"QT_NO_GUI_THREADPOOL": "1"}
"""Set before the application starts: Qt's raster engine hands every fill or image of more than 96 rows to a
pool of threads and waits for them. A frame of the table is a few hundred such small fills; with one core busy
elsewhere the waits made a frame three to five times slower than painting in one thread (bench gui)."""

STOP_SIGNALS = ("SIGTERM", "SIGINT")
"""Signals that close the window as Quit does (settings saved), then end the program with status 0."""
NO_SDL_SIGNAL_HANDLERS = {"SDL_NO_SIGNAL_HANDLERS": "1"}
"""Set before pygame starts: SDL would otherwise turn SIGTERM and SIGINT into its own quit events, which nobody
reads, and the program would ignore them."""

HEADLESS_PLATFORMS = frozenset(
    {"offscreen", "minimal", "minimalegl", "vnc", "eglfs", "linuxfb", "vkkhrdisplay"}
)
"""Qt platform plugins that draw without a desktop display server."""

log = logging.getLogger("trainer.gui")

Notify = Callable[[str], None]
"""Shows the user one line (a message box in the app, a list's ``append`` in tests)."""


# --- is there a display? ----------------------------------------------------------------------------------


def display_problem(env: Mapping[str, str] | None = None, platform: str | None = None) -> str | None:
    """``None`` when a window can be opened, else the one line to print.

    Only X11 / Wayland systems are checked (Windows and macOS always have a display). A ``DISPLAY`` naming
    an X server that does not answer counts as no display: Qt would otherwise abort.

    >>> display_problem({}, "linux") == NO_DISPLAY_MESSAGE
    True
    >>> display_problem({"QT_QPA_PLATFORM": "offscreen"}, "linux") is None
    True
    >>> display_problem({}, "win32") is None
    True
    """
    env = os.environ if env is None else env
    platform = sys.platform if platform is None else platform
    if platform.startswith(("win", "darwin", "cygwin")):
        return None
    requested = env.get("QT_QPA_PLATFORM", "").split(":", 1)[0].split(";", 1)[0].strip().lower()
    if requested in HEADLESS_PLATFORMS:
        return None
    wayland = env.get("WAYLAND_DISPLAY", "")
    x_display = env.get("DISPLAY", "")
    if requested == "wayland":
        return None if wayland else NO_DISPLAY_MESSAGE
    if requested == "xcb" or (x_display and not wayland):
        if not x_display or not x_server_answers(x_display):
            return NO_DISPLAY_MESSAGE
        return None
    if wayland or requested:
        return None  # another plugin was asked for: Qt reports its own failure, caught in _catch_fatal
    return NO_DISPLAY_MESSAGE


def x_server_answers(display: str, timeout: float = 0.5) -> bool:
    """True when the X server named by ``display`` (``:0``, ``host:10.0``) accepts a connection.

    A ``display`` this cannot parse is assumed to work (Qt will say otherwise).
    """
    if display.startswith("/"):
        return True  # a launchd socket path (XQuartz): let Qt try it
    host, _colon, rest = display.rpartition(":")
    number = rest.split(".", 1)[0]
    if not number.isdigit():
        return True
    if host in ("", "unix"):
        path = f"/tmp/.X11-unix/X{number}"
        return _unix_connects(path, timeout) or _unix_connects("\0" + path, timeout)
    try:
        with socket.create_connection((host, 6000 + int(number)), timeout=timeout):
            return True
    except OSError:
        return False


def _unix_connects(address: str, timeout: float) -> bool:
    if not hasattr(socket, "AF_UNIX"):
        return False
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.settimeout(timeout)
        try:
            sock.connect(address)
        except OSError:
            return False
    return True


# --- logging and crash reporting --------------------------------------------------------------------------


def log_dir() -> Path:
    """The user's log folder."""
    from trainer import userdirs

    return userdirs.log_dir()


def setup_logging(folder: Path | None = None) -> Path | None:
    """Log to ``trainer.log`` in ``folder`` (default :func:`log_dir`), rotated at 1 MB; returns the file.

    When the folder cannot be written, warnings go to stderr instead and ``None`` is returned.
    """
    root = logging.getLogger("trainer")
    root.setLevel(logging.INFO)
    for old in list(root.handlers):
        if getattr(old, "_trainer_handler", False):
            root.removeHandler(old)
            old.close()
    path: Path | None = (folder or log_dir()) / "trainer.log"
    handler: logging.Handler
    try:
        assert path is not None
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = QuietFileHandler(path, maxBytes=1_000_000, backupCount=3, encoding="utf-8")
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    except OSError:
        path = None
        handler = logging.StreamHandler(sys.stderr)
        handler.setLevel(logging.WARNING)
        handler.setFormatter(logging.Formatter("uth-trainer: %(message)s"))
    setattr(handler, "_trainer_handler", True)  # noqa: B010 (marks the handlers this module added)
    root.addHandler(handler)
    root.propagate = False
    return path


class QuietFileHandler(logging.handlers.RotatingFileHandler):
    """The log file; when it cannot be written (a full disk), one line on stderr and logging to it stops, instead
    of logging's "--- Logging error ---" traceback on every record."""

    failed = False

    def handleError(self, record: logging.LogRecord) -> None:  # noqa: N802 (logging's name)
        if self.failed:
            return
        self.failed = True
        reason = sys.exc_info()[1]
        detail = getattr(reason, "strerror", None) or reason or "unknown error"
        with contextlib.suppress(OSError, ValueError):
            print(_("uth-trainer: the log file {path} cannot be written ({detail}); logging to it stops").format(
                path=self.baseFilename, detail=detail), file=sys.stderr)

    def emit(self, record: logging.LogRecord) -> None:
        if not self.failed:
            super().emit(record)

    def flush(self) -> None:
        try:
            super().flush()
        except OSError:
            self.handleError(logging.makeLogRecord({}))

    def close(self) -> None:
        try:
            super().close()
        except OSError:
            self.handleError(logging.makeLogRecord({}))


class CrashReporter:
    """``sys.excepthook`` for the GUI: log the traceback, show one line, keep running.

    A second error while the first message is still showing is only logged, so a failing paint cannot pile
    up message boxes.
    """

    def __init__(self, notify: Notify, log_path: Path | None) -> None:
        self.notify = notify
        self.log_path = log_path
        self._showing = False
        self.count = 0

    def __call__(
        self, exc_type: type[BaseException], exc: BaseException, tb: TracebackType | None
    ) -> None:
        if issubclass(exc_type, KeyboardInterrupt):
            sys.__excepthook__(exc_type, exc, tb)
            return
        self.count += 1
        log.error("Unexpected error\n%s", "".join(traceback.format_exception(exc_type, exc, tb)).rstrip())
        if self._showing:
            return
        self._showing = True
        try:
            self.notify(self.describe(exc))
        except Exception:  # the message itself failed: the log has the story
            log.exception("Could not show the error message")
        finally:
            self._showing = False

    def describe(self, exc: BaseException) -> str:
        """One line: what went wrong and where the details are."""
        first = (str(exc).strip().splitlines() or [""])[0]
        what = f"{type(exc).__name__}: {first}" if first else type(exc).__name__
        if self.log_path:
            return _("Something went wrong ({what}). Details are in {path}.").format(what=what, path=self.log_path)
        return _("Something went wrong ({what}).").format(what=what)

    def install(self) -> None:
        """Become ``sys.excepthook`` (slots' errors in PySide6 arrive there too); errors in other threads are
        logged only (a message box belongs to the GUI thread)."""
        sys.excepthook = self
        threading.excepthook = _log_thread_error


def _log_thread_error(args: threading.ExceptHookArgs) -> None:
    if args.exc_type is SystemExit:
        return
    name = args.thread.name if args.thread is not None else "a thread"
    trace = "".join(traceback.format_exception(args.exc_type, args.exc_value, args.exc_traceback)).rstrip()
    log.error("Unexpected error in %s\n%s", name, trace)


# --- Qt ---------------------------------------------------------------------------------------------------


def stop_on_signals(app: Any, window_getter: Callable[[], Any]) -> Callable[[], None]:
    """SIGTERM and SIGINT close the window as Quit does (the settings are saved), then the program ends with
    status 0, whatever dialog is open. Returns a function that puts the previous handlers back.

    Python runs a signal handler only between bytecodes, and Qt's event loop is C++: the signal's number is
    written to a socket (``signal.set_wakeup_fd``) that a ``QSocketNotifier`` watches, so it is acted on at once.
    """
    import signal

    from PySide6.QtCore import QSocketNotifier, QTimer

    if threading.current_thread() is not threading.main_thread():
        return lambda: None  # only the main thread may set signal handlers
    reader, writer = socket.socketpair()
    reader.setblocking(False)
    writer.setblocking(False)
    numbers = [getattr(signal, name) for name in STOP_SIGNALS if hasattr(signal, name)]
    previous = {number: signal.signal(number, lambda *_: None) for number in numbers}
    old_fd = signal.set_wakeup_fd(writer.fileno(), warn_on_full_buffer=False)
    notifier = QSocketNotifier(reader.fileno(), QSocketNotifier.Type.Read)

    def stop() -> None:
        try:
            received = reader.recv(64)
        except OSError:
            return
        if not any(byte in numbers for byte in received):
            return
        log.info("Stopping on signal %s", ", ".join(str(byte) for byte in received))
        QTimer.singleShot(0, lambda: app.exit(0))  # also ends a dialog's own loop, should one be open
        window = window_getter()
        if window is not None:
            window.close()

    notifier.activated.connect(stop)

    def restore() -> None:
        notifier.setEnabled(False)
        signal.set_wakeup_fd(old_fd)
        for number, handler in previous.items():
            signal.signal(number, handler)
        reader.close()
        writer.close()

    return restore


def _catch_fatal() -> None:
    """Before the application exists: turn Qt's fatal "no platform plugin" abort into one line and exit 2."""
    from PySide6.QtCore import QtMsgType, qInstallMessageHandler

    def handler(mode: QtMsgType, _context: object, message: str) -> None:
        if mode == QtMsgType.QtFatalMsg:
            detail = " ".join(message.split())[:160]
            log.critical("Qt could not start: %s", message)
            print(_(PLATFORM_FAILED_MESSAGE).format(detail=detail), file=sys.stderr, flush=True)
            logging.shutdown()
            os._exit(EXIT_NO_DISPLAY)
        log.info("Qt (starting): %s", message)

    qInstallMessageHandler(handler)


def _log_qt_messages() -> None:
    """Once the application runs: Qt's own warnings go to the log file."""
    from PySide6.QtCore import QtMsgType, qInstallMessageHandler

    levels = {
        QtMsgType.QtDebugMsg: logging.DEBUG,
        QtMsgType.QtInfoMsg: logging.INFO,
        QtMsgType.QtWarningMsg: logging.WARNING,
        QtMsgType.QtCriticalMsg: logging.ERROR,
        QtMsgType.QtFatalMsg: logging.CRITICAL,
    }

    def handler(mode: QtMsgType, _context: object, message: str) -> None:
        logging.getLogger("trainer.qt").log(levels.get(mode, logging.WARNING), "%s", message)

    qInstallMessageHandler(handler)


def create_application(argv: Sequence[str]) -> object:
    """The ``QApplication`` (made once), with the trainer's names, fractional high-DPI scaling and a pixmap
    cache big enough for the whole table (:data:`PIXMAP_CACHE_KB`)."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QPixmapCache
    from PySide6.QtWidgets import QApplication

    for name, value in SERIAL_PAINTING.items():
        os.environ.setdefault(name, value)
    existing = QApplication.instance()
    if existing is not None:
        return existing
    QGuiApplication.setHighDpiScaleFactorRoundingPolicy(Qt.HighDpiScaleFactorRoundingPolicy.PassThrough)
    QApplication.setApplicationName(APP_NAME)
    QApplication.setOrganizationName(ORGANISATION)
    QApplication.setApplicationDisplayName(APP_NAME)
    QGuiApplication.setDesktopFileName(DESKTOP_FILE)
    from trainer import __version__

    QApplication.setApplicationVersion(__version__)
    application = QApplication([*argv] or ["uth-trainer"])
    QPixmapCache.setCacheLimit(max(QPixmapCache.cacheLimit(), PIXMAP_CACHE_KB))
    return application


def message_box_notify(parent_getter: Callable[[], object | None] = lambda: None) -> Notify:
    """A :data:`Notify` that shows a warning box over the window (modal to it, one at a time)."""

    def notify(text: str) -> None:
        from PySide6.QtWidgets import QMessageBox, QWidget

        parent = parent_getter()
        box = QMessageBox(parent if isinstance(parent, QWidget) else None)
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle(APP_NAME)
        box.setText(text)
        box.setStandardButtons(QMessageBox.StandardButton.Ok)
        box.exec()

    return notify


def choose_language(settings: Settings, asked: str | None = None,
                    environ: Mapping[str, str] | None = None) -> tuple[str, Settings]:
    """The language the window speaks, and the settings to keep: ``asked`` (``--lang``, for this run only: the
    settings keep their choice), else the one chosen in Settings, else the system's, which becomes the choice.

    >>> from trainer.settings import DEFAULTS
    >>> choose_language(DEFAULTS, None, {"LANG": "es_ES.UTF-8"})[0], choose_language(DEFAULTS, None, {})[1].language
    ('es', 'en')
    >>> chosen = DEFAULTS.replace(language="es")
    >>> choose_language(chosen, "en")[0], choose_language(chosen, "en")[1].language, choose_language(chosen)[0]
    ('en', 'es', 'es')
    """
    from trainer.i18n.translation import language_from_environment

    if asked:
        return asked, settings
    if settings.language:
        return settings.language, settings
    language = language_from_environment(environ)
    return language, settings.replace(language=language)


def run_app(argv: Sequence[str] | None = None, *, store: SettingsStore | None = None,
            notify: Notify | None = None, on_window: Callable[[Any], None] | None = None,
            data_dir: str | Path | None = None, class_url: str | None = None,
            language: str | None = None) -> int:
    """Open the table window and run until it is closed; the exit status of the ``uth-trainer`` command.

    Returns 2 (after one line on stderr) when there is no display. ``store`` and ``notify`` replace the
    user's settings file and the message box; ``on_window`` is called with the window before it is shown
    (the launch benchmark and the screenshot script hook in there). The progress store is opened in
    ``data_dir`` (``--data-dir``; None: the user's data folder): what it must tell (a damaged file moved aside)
    is shown once; when it cannot be opened, one line says so and the trainer opens without progress. The
    start page opens by itself unless the trainee turned that off. ``class_url`` (``--store``), else the class
    store of the settings (Settings ▸ Class store), opens the window on that class store.
    """
    argv = list(sys.argv[:1] if argv is None else argv)
    # Building the window makes many objects and few cycles: the cycle collector waits for the first paint
    # (about 30 ms sooner on the launch benchmark), then runs as usual.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _run_app(argv, store=store, notify=notify, on_window=on_window, data_dir=data_dir,
                        class_url=class_url, language=language, collect_again=collecting)
    finally:
        if collecting:
            gc.enable()


def _run_app(argv: list[str], *, store: SettingsStore | None, notify: Notify | None,
             on_window: Callable[[Any], None] | None, data_dir: str | Path | None, class_url: str | None,
             language: str | None, collect_again: bool) -> int:
    for name, value in NO_SDL_SIGNAL_HANDLERS.items():
        os.environ.setdefault(name, value)
    problem = display_problem()
    if problem:
        print(_(problem), file=sys.stderr)
        return EXIT_NO_DISPLAY
    log_path = setup_logging()
    log.info("Starting %s", APP_NAME)
    _catch_fatal()
    app = create_application(argv)
    _log_qt_messages()

    from trainer.gui.main_window import MainWindow

    window: MainWindow | None = None
    show = notify or message_box_notify(lambda: window)
    CrashReporter(show, log_path).install()
    restore_signals = stop_on_signals(app, lambda: window)
    store = store or SettingsStore()
    settings, settings_problem = store.load()
    if settings_problem:
        log.warning("%s", settings_problem)
    spoken, settings = choose_language(settings, language)
    from trainer.gui.language import speak

    speak(spoken)
    sound = _make_sound(settings, start=False)  # the sounds load once the window is up
    from trainer.gui.progress_wiring import open_progress_store
    from trainer.store.system import system_store_url

    progress, progress_problem = open_progress_store(
        data_dir, class_url or settings.class_store_url or (None if data_dir else system_store_url()))
    window = MainWindow(settings, store=store, notify=show, sound=sound, progress_store=progress,
                        progress_problem=progress_problem)
    if on_window is not None:
        on_window(window)
    if window.opens_maximized:
        window.showMaximized()
    else:
        window.show()
    if settings_problem:
        window.notify_later(settings_problem)
    if sound is not None:
        after_first_paint(window, sound.start)
    after_first_paint(window, window.progress_room.open_at_start)
    if collect_again:
        from PySide6.QtCore import QTimer

        window.firstPainted.connect(gc.enable)
        QTimer.singleShot(FIRST_PAINT_FALLBACK_MS, gc.enable)  # (a window that never paints: minimized)
    try:
        status = int(app.exec())  # type: ignore[attr-defined]
    finally:
        restore_signals()
        if sound is not None:
            sound.close()
        if progress is not None:
            progress.close()
    log.info("Closed with status %s", status)
    return status


FIRST_PAINT_FALLBACK_MS = 2000
"""When the window has not painted by then (it opened minimized, say), what waits for its first paint is done
anyway."""


def after_first_paint(window: Any, job: Callable[[], object]) -> None:
    """Do ``job`` once, just after ``window`` (a :class:`~trainer.gui.main_window.MainWindow`) painted its first
    frame: what opens over the table (the start page) does not hold the table up."""
    from PySide6.QtCore import QTimer

    done = False

    def run() -> None:
        nonlocal done
        if done or not window.isVisible():  # (closed before it painted: nothing to open over)
            return
        done = True
        job()

    window.firstPainted.connect(lambda: QTimer.singleShot(0, run))
    QTimer.singleShot(FIRST_PAINT_FALLBACK_MS, run)


def _make_sound(settings: Settings, *, start: bool = True) -> SoundPlayer | None:
    """The sound player, or ``None`` when the sound module is not available (the table then runs silently);
    its sounds start loading at once, or (``start=False``) at its :meth:`~SoundPlayer.start` or first sound."""
    try:
        from trainer.gui.sound import SoundPlayer
    except ImportError as exc:
        log.warning("Sound is off: %s", exc)
        return None
    return SoundPlayer(volume=settings.volume, muted=settings.muted, start=start)
