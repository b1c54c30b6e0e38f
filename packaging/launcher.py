"""The frozen application's entry point: what ``uth-trainer`` (the installed command) runs.

PyInstaller freezes this script (``packaging/uth-trainer.spec``); the package's own ``trainer.cli.main`` does
the rest, so the frozen app and the installed package take the same arguments and give the same answers.
"""

import multiprocessing

from trainer.cli import main

if __name__ == "__main__":
    multiprocessing.freeze_support()  # a frozen child process (a pool worker) runs its task, not the app
    raise SystemExit(main())
