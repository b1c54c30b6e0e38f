"""Imported by the fork server of ``odds bad-beat`` (its preload, :func:`trainer.cli.odds._shared_pool`): the
Bad Beat's counting tables are built there once, so every worker forked from it starts with them, their memory
shared, instead of each building its own before its first batch."""

from __future__ import annotations

from trainer.engine.bad_beat_odds import prepare_tables

prepare_tables()
