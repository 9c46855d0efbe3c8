"""The creature tokens several cards create: their characteristics (CR 111.4, 111.10), made
once and shared by the sets and the variants' cards.  A token only one card creates is made
next to that card."""

from __future__ import annotations

from manastack.cards.dsl import make_card

#: A 3/3 green Beast (Garruk Wildspeaker, Garruk, Primal Hunter).
BEAST = make_card("Beast", types=("Creature",), subtypes=("Beast",), power=3, toughness=3,
                  colors=("G",), is_token=True)
#: A 1/1 green Saproling (Flash Foliage, the M12 Saproling makers, Roots of All Evil).
SAPROLING = make_card("Saproling", types=("Creature",), subtypes=("Saproling",), power=1,
                      toughness=1, colors=("G",), is_token=True)
#: A 2/2 black Zombie (Grave Titan, the M12 Zombie makers, the schemes).
ZOMBIE = make_card("Zombie", types=("Creature",), subtypes=("Zombie",), power=2, toughness=2,
                   colors=("B",), is_token=True)
