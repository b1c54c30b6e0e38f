"""The pay-table lab: what each pay table costs the player, computed exactly, and the whole game solved.

Qt-free, like the engine. :mod:`trainer.odds.sidebets` gives the Trips, Pairs, Bad Beat and Progressive figures
for any pay table; :mod:`trainer.odds.game` the return of Ante + Blind + Play under optimal or simple strategy;
:mod:`trainer.cli.odds` is ``uth-trainer odds``.
"""
