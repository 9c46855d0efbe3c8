"""Card behaviour, by set.  Importing this package registers every definition."""

from manastack.cards.sets import core  # noqa: F401
from manastack.cards.sets import showcase  # noqa: F401
