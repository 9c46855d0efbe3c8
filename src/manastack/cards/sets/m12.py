"""Behaviour of Magic 2012 cards (M12), following current Oracle text.

Cards whose Oracle text is only keywords the rules implement need no entry.
"""

from __future__ import annotations
