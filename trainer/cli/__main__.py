"""``python -m trainer.cli`` does what the ``uth-trainer`` command does."""

from trainer.cli import main

raise SystemExit(main())
