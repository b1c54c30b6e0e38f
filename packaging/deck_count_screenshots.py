"""Screenshots of the deck-count drill: face-down spreads and a face-up deck check, as PNG files.

Run it on a real display or under Xvfb::

    xvfb-run -a -s "-screen 0 1280x900x24" python packaging/deck_count_screenshots.py --out build/screenshots

It opens the drill window, lays out each scene from a fixed seed, waits for the spread to slide out and saves
what the window shows (grabbed from the screen, or rendered when the platform has no screen). Files:

- ``deck-count-hand.png``: a folded hand spread face down, a third card stuck under the first;
- ``deck-count-face-down.png``: a deck spread face down in one ribbon for the count down, one card stuck;
- ``deck-count-deck-check.png``: a deck spread face up in suit rows, one card missing;
- ``deck-count-deck-check-turned.png``: a deck in random order with a duplicate from the other deck, the two
  copies turned over to show their backs.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parent.parent
if str(REPOSITORY) not in sys.path:
    sys.path.insert(0, str(REPOSITORY))

from PySide6.QtCore import QEventLoop, QTimer  # noqa: E402 (after the path set-up)
from PySide6.QtGui import QPixmap  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from trainer.drills.deck_count import (  # noqa: E402
    CountDownItem,
    DeckCheckItem,
    FoldedHand,
    HandCountItem,
    HandFault,
    count_down_spread,
    deck_spread,
)
from trainer.engine.cards import Card, parse_cards  # noqa: E402
from trainer.gui.deck_count import DeckCountWidget  # noqa: E402
from trainer.scoring import ScoreBook  # noqa: E402

SETTLE_MS = 900
"""Long enough for the spread to slide out and the window to be drawn."""


def wait(app: QApplication, ms: int) -> None:
    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec()
    app.processEvents()


def snap(app: QApplication, widget: DeckCountWidget, path: Path) -> Path:
    wait(app, SETTLE_MS)
    screen = widget.screen()
    pixmap: QPixmap = screen.grabWindow(widget.winId()) if screen is not None else QPixmap()
    if pixmap.isNull() or pixmap.toImage().allGray():  # no screen to grab (offscreen): render the widget
        pixmap = widget.grab()
    if not pixmap.save(str(path)):
        raise OSError(f"cannot write {path}")
    print(path)
    return path


def scenes() -> dict[str, list[object]]:
    """The items shown, each built from a fixed seed."""
    rng = random.Random(2024)
    hands = [
        FoldedHand.of(2, parse_cards("9s 4d"), "red"),
        FoldedHand.of(5, parse_cards("Kc 7h Qd"), "red", HandFault.STUCK_CARD, stuck_under=1),
    ]
    hand_item = HandCountItem(hands, "red", 2)
    ribbon = count_down_spread(rng, 52, "blue", "red", stuck=frozenset({31}))
    check = deck_spread(rng, "red", "blue", missing=Card("Jh"))
    mixed = deck_spread(rng, "red", "blue", missing=Card("4c"), extra=Card("Qs"), suit_order=False)
    return {
        "deck-count-hand.png": [hand_item],
        "deck-count-face-down.png": [CountDownItem(ribbon, "blue", 3)],
        "deck-count-deck-check.png": [DeckCheckItem(check, "red", "blue", 1)],
        "deck-count-deck-check-turned.png": [DeckCheckItem(mixed, "red", "blue", 3)],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=REPOSITORY / "build" / "screenshots")
    parser.add_argument("--width", type=int, default=1100)
    parser.add_argument("--height", type=int, default=780)
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    widget = DeckCountWidget(ScoreBook(), seed=1, confirm=lambda _window, _question: True)  # closes part-way
    widget.resize(args.width, args.height)
    widget.show()
    for name, items in scenes().items():
        widget.start(items=items)  # type: ignore[arg-type]
        if name == "deck-count-hand.png":
            widget.submit("y")  # seat 2's two cards go to the rack; seat 5's spread comes next
        if name == "deck-count-deck-check-turned.png":
            for answer in ("n", "4c", "Qs"):  # the trainee names the missing and the extra card
                widget.submit(answer)
        snap(app, widget, args.out / name)
    widget.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
