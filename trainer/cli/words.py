"""The command line's own words: the epilog of ``--help`` and the words argparse says, for the catalogue."""

from __future__ import annotations

import argparse

from trainer.i18n.translation import N_, _, ngettext

__all__ = ["ARGPARSE_TEXTS", "FILES_EPILOG", "argparse_speaks_the_catalogue"]

FILES_EPILOG = N_("""\
where your files are kept (Linux; on Windows under %LOCALAPPDATA%\\uth-dealer-trainer, on macOS under
~/Library/Application Support/uth-dealer-trainer and ~/Library/Logs/uth-dealer-trainer):
  settings  ~/.config/uth-dealer-trainer/settings.json
  progress  ~/.local/share/uth-dealer-trainer/progress.sqlite3 (profiles, scored items, exams)
  logs      ~/.cache/uth-dealer-trainer/log/trainer.log
--data-dir DIR keeps the progress in DIR instead (a local folder).
Back up the progress with `uth-trainer backup FILE` (safe while the table is open) and the
settings by copying settings.json; restore by copying them back while the trainer is closed.
""")
"""Where a trainee's files are: the epilog of ``uth-trainer --help`` (shown translated)."""
ARGPARSE_TEXTS = (
    N_("usage: "), N_("positional arguments"), N_("options"), N_("show this help message and exit"),
    N_("argument %(argument_name)s: %(message)s"), N_("%(prog)s: error: %(message)s\n"),
    N_("unrecognized arguments: %s"), N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"), N_("not allowed with argument %s"), N_("expected one argument"),
    N_("expected at most one argument"), N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"), N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"), N_("ignored explicit argument %r"),
    N_("unexpected option string: %s"), N_("can't open '%(filename)s': %(error)s"),
    lambda count: ngettext("expected %s argument", "expected %s arguments", count),
)
"""The words argparse says (its help headings and errors), for the catalogue: argparse asks for them with ``_``."""


def argparse_speaks_the_catalogue() -> None:
    """argparse words its own help and errors with gettext's ``_``: have it say them from the trainer's catalogue,
    in the language spoken when they are said."""
    argparse._ = _  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]
