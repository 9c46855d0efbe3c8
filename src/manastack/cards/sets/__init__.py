"""Card behaviour, by set: one module per set, named after it (:mod:`.m11` Magic 2011,
:mod:`.m12` Magic 2012, :mod:`.showcase` the rules showcase cards outside them).  A card
printed in both M11 and M12 lives in :mod:`.m11`.  No set module imports another: what
several share is vocabulary (:mod:`manastack.cards.effects`, :mod:`manastack.cards.vocab`,
:mod:`manastack.cards.tokens`).  Importing this package registers every definition (the
variants' own cards, schemes, planes and avatars, live with their variant:
:mod:`manastack.variants`)."""

from manastack.cards.sets import (
    m11,  # noqa: F401
    m12,  # noqa: F401
    showcase,  # noqa: F401
)
