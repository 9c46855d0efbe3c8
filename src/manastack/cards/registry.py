"""The card registry: database characteristics + declared behaviour = :class:`CardDef`.

Cards get behaviour with :func:`define` (in the modules of
:mod:`manastack.cards.sets`).  A card whose Oracle text is only keywords the
rules implement (a vanilla or "French vanilla" creature, a basic land) needs
no declaration.  :func:`get_card` refuses cards without behaviour with a
clear :class:`~manastack.errors.CardError`.
"""

from __future__ import annotations

import gc
import os
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

from manastack.cards.database import CardData, UnknownCard, all_card_data, card_data
from manastack.cards.dsl import (
    Ability,
    ActivatedAbility,
    CardDef,
    ManaProduction,
    SpellAbility,
    cost,
)
from manastack.errors import CardError
from manastack.game.mana import ManaCost

if TYPE_CHECKING:
    from manastack.game.objects import GameObject
    from manastack.game.state import GameState

#: Keyword abilities implemented once, in the rules (lower case).
RULES_KEYWORDS = frozenset({
    "flying", "reach", "first strike", "double strike", "deathtouch", "lifelink", "trample",
    "vigilance", "haste", "defender", "hexproof", "shroud", "indestructible", "intimidate",
    "menace", "flash", "infect", "wither", "shadow", "phasing", "banding",
    "plainswalk", "islandwalk", "swampwalk", "mountainwalk", "forestwalk",
})

BASIC_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


@dataclass(frozen=True)
class Behaviour:
    abilities: tuple[Ability, ...] = ()
    spell: SpellAbility | None = None
    cda: Callable[[GameState, GameObject], tuple[int | None, int | None]] | None = None
    flags: frozenset[str] = frozenset()
    keywords: tuple[str, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict)


_BEHAVIOURS: dict[str, Behaviour] = {}
_TEST_CARDS: dict[str, CardDef] = {}


def define(name: str, *abilities: Ability, spell: SpellAbility | None = None,
           cda: Callable[[GameState, GameObject], tuple[int | None, int | None]] | None = None,
           flags: Sequence[str] = (), keywords: Sequence[str] = (),
           extra_abilities: Sequence[Ability] = (), **parts: Any) -> None:
    """Declare the behaviour of the card ``name`` (its characteristics come from the database).

    ``parts`` takes the dict of :func:`manastack.cards.vocab.aura` (``abilities``,
    ``spell``).  Defining a card twice is an error."""
    if name in _BEHAVIOURS:
        raise ValueError(f"card {name!r} is defined twice")
    abs_ = tuple(abilities) + tuple(parts.pop("abilities", ())) + tuple(extra_abilities)
    spell = spell or parts.pop("spell", None)
    if parts:
        raise TypeError(f"define({name!r}): unknown parts {sorted(parts)}")
    _BEHAVIOURS[name] = Behaviour(abs_, spell, cda, frozenset(flags), tuple(keywords))


def register_test_card(card: CardDef) -> CardDef:
    """Make a hand-built card available by name (tests and tokens)."""
    _TEST_CARDS[card.name] = card
    return card


_KW_PARAM = re.compile(r"^(bloodthirst|bushido|rampage|flanking|persist|banding)\s*(\d*)$")


def keywords_from_text(text: str) -> tuple[frozenset[str], bool]:
    """Keywords on keyword-only lines of Oracle text; also whether *every* line is keywords.

    ``"Flying, protection from red"`` -> {"flying", "protection from red"}.
    """
    kws: set[str] = set()
    only = True
    for line in text.split("\n"):
        line = re.sub(r"\([^)]*\)", "", line).strip()
        if not line:
            continue
        parts = [p.strip().lower() for p in line.split(",")]
        line_kws = []
        for p in parts:
            if p in RULES_KEYWORDS or p.startswith("protection from ") or _KW_PARAM.match(p) \
                    or p in ("persist", "banding", "enchant creature", "enchant player",
                             "enchant permanent"):
                line_kws.append(p)
            else:
                line_kws = []
                break
        if line_kws:
            for k in line_kws:
                if k.startswith("enchant "):
                    continue
                if k.startswith("protection from ") and " and from " in k:
                    # "protection from Demons and from Dragons" is two qualities (702.16g)
                    for part in k[len("protection from "):].split(" and from "):
                        kws.add("protection from " + part.strip())
                else:
                    kws.add(k)
        else:
            only = False
    return frozenset(kws), only


def _basic_abilities(data: CardData) -> tuple[Ability, ...]:
    """CR 305.6: basic land types have intrinsic mana abilities."""
    out: list[Ability] = []
    for sub in data.subtypes:
        if sub in BASIC_MANA:
            m = BASIC_MANA[sub]
            out.append(ActivatedAbility(cost(tap=True), mana=ManaProduction((m,)),
                                        text=f"{{T}}: Add {{{m}}}."))
    return tuple(out)


def _build(data: CardData, beh: Behaviour | None) -> CardDef:
    kws, only_keywords = keywords_from_text(data.oracle_text)
    kws = kws | {k.lower() for k in (beh.keywords if beh else ())}
    abilities = _basic_abilities(data) + (beh.abilities if beh else ())
    loyalty = int(data.loyalty) if data.loyalty and data.loyalty.isdigit() else None
    implemented = beh is not None or (only_keywords and all(
        k in RULES_KEYWORDS or k.startswith(("protection from", "bloodthirst"))
        or k == "persist" for k in kws))
    from manastack.rules.keywords import keyword_abilities
    abilities = abilities + keyword_abilities(kws)
    supertypes = frozenset(data.supertypes)
    if "Planeswalker" in data.types:
        # Under the 2017-08-25 rules these planeswalkers aren't legendary (Oracle made
        # every planeswalker legendary with the Ixalan update that removed the
        # planeswalker uniqueness rule): two Ajani Goldmanes fall under 704.5j only
        supertypes -= {"Legendary"}
    return CardDef(
        name=data.name, mana_cost=ManaCost.parse(data.mana_cost),
        colors=frozenset(data.colors), supertypes=supertypes,
        types=frozenset(data.types), subtypes=frozenset(data.subtypes),
        power=data.power, toughness=data.toughness, loyalty=loyalty, keywords=kws,
        abilities=abilities, spell=beh.spell if beh else None, text=data.oracle_text,
        cda=beh.cda if beh else None, implemented=implemented,
        flags=beh.flags if beh else frozenset())


#: Set to "0" to leave the cyclic garbage collector's generations as they are (see
#: :func:`_settle`).
FREEZE_ENV = "MANASTACK_GC_FREEZE"
_sets_loaded = False


def _load_sets() -> None:
    """Import the card behaviour (once), then :func:`_settle` what is loaded."""
    global _sets_loaded
    if _sets_loaded:
        return
    from manastack.cards import sets  # noqa: F401  (registers behaviour)
    all_card_data()
    _sets_loaded = True
    _settle()


def _settle() -> None:
    """Move what the process holds now out of the cyclic garbage collector's reach, after
    one collection (``gc.freeze``, once, when the card pool is first loaded).

    What it holds then is mostly what lives as long as the process: the card pool, the
    card behaviour and the modules, tens of thousands of objects that each full
    collection would otherwise walk again (8% of a running engine's time).  Objects made
    later are collected as before; the cost is that an object that exists now and later
    becomes garbage inside a reference cycle is not reclaimed.  Skipped when the
    environment variable ``MANASTACK_GC_FREEZE`` is "0" or the collector is disabled.
    """
    if os.environ.get(FREEZE_ENV, "1") != "0" and gc.isenabled():
        gc.collect()
        gc.freeze()


@cache
def get_card(name: str) -> CardDef:
    """The card named ``name`` with its behaviour; raises CardError if unknown or unimplemented."""
    card = lookup(name)
    if not card.implemented:
        raise CardError(f"card {card.name!r} has no implemented behaviour yet "
                        "(see `manastack cards list --implemented`)")
    return card


@cache
def lookup(name: str) -> CardDef:
    """The card named ``name`` (implemented or not); CardError if it isn't in the pool."""
    _load_sets()
    if name in _TEST_CARDS:
        return _TEST_CARDS[name]
    try:
        data = card_data(name)
    except UnknownCard as e:
        raise CardError(str(e)) from None
    return _build(data, _BEHAVIOURS.get(data.name))


def is_implemented(name: str) -> bool:
    try:
        return lookup(name).implemented
    except CardError:
        return False


def implemented_names() -> list[str]:
    _load_sets()
    return sorted(n for n in all_card_data() if is_implemented(n))


def canonical_name(name: str) -> str | None:
    try:
        return lookup(name).name
    except CardError:
        return None
