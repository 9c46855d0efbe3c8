"""The terminal game (docs/terminal.md): a person plays manastack at a
:class:`~manastack.table.Table` in a full-screen Textual app (:mod:`.app`) or at the plain
line prompt (:mod:`.plain`); :mod:`.view` writes what a seat sees, in English or French.
"""
