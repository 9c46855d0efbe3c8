"""Card behaviour, by set.  Importing this package registers every definition (the
variants' own cards, schemes, planes and avatars, live with their variant:
:mod:`manastack.variants`)."""

from manastack.cards.sets import (
    copies,  # noqa: F401
    core,  # noqa: F401
    m11,  # noqa: F401
    m12,  # noqa: F401
    planeswalkers,  # noqa: F401
    showcase,  # noqa: F401
)

from manastack.cards.sets import round3  # noqa: F401  # isort: skip
from manastack.cards.sets import round4a  # noqa: F401  # isort: skip
from manastack.cards.sets import round4b  # noqa: F401  # isort: skip
