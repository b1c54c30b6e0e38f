"""``python -m trainer`` does what the ``uth-trainer`` command does."""

from trainer.cli import main

if __name__ == "__main__":  # a worker process started by spawn imports this module too
    raise SystemExit(main())
