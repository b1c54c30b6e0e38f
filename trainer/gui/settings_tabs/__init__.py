"""The Settings dialog's six tabs, one module each: *Table* (:mod:`.table`), *Pay tables* with the house rules
(:mod:`.paytables`), *Limits* (:mod:`.limits`), *Animation & sound* (:mod:`.animation`), *Cards*
(:mod:`.cards`) and *Class store* (:mod:`.classroom`), built on the shared form pieces of :mod:`.form`.

Each tab is a page that builds its own fields and keeps them as attributes; the dialog
(:mod:`trainer.gui.settings_dialog`) loads them, reads them back and reacts to their changes.
"""
