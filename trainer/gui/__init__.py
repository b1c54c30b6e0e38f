"""The PySide6 table: a view of the Qt-free table session (:mod:`trainer.session`).

One round, from the N key to the last chip and the score::

    N ─▶ MainWindow.new_round ─▶ session.deal() ─▶ RoundDealt ─▶ RoundDirector animates the round
         (each phase: session.reach(TablePhase))                                 │
                                               settlementDue ─▶ session.begin_settlement()
         no quiz mode: TableSettles ◀────────────────────────────────────────────┤
         quiz mode: SettlementBegun ─▶ QuizController opens the panel ◀──────────┘
             panel / felt clicks ─▶ session.announce(), session.submit_step()
             StepAccepted ─▶ host.play_step() moves the chips as given
             last step ─▶ HandFinished (scored into the book) ─▶ TableSettles
         TableSettles ─▶ director.finish_settlement(): the rest settled, the felt cleared
         director finished ─▶ session.finish_round() ─▶ RoundOver ─▶ the next round when it is due

The window (:mod:`.main_window`) owns the settings, the felt and the menus; its part
:class:`~trainer.gui.round_playback.RoundPlayback` drives the director from the session's events. The features
(the quiz panel, a drill on the table, run the round, the training menus, the progress room) are given a
:class:`~trainer.gui.host.TableHost` and the menu they fill; they change the settings through
``host.change_settings`` and find another feature's action through ``host.action``. Running the round is a state
of the session too (``session.run_rounds``): the run-round panel only asks it.
"""
