"""Hot dataclasses write their ``__init__`` out (compiled with mypyc, a dataclass's
generated ``__init__`` runs interpreted, several times slower): each must take exactly
the fields, in order, with the same defaults, as the generated one would."""

from __future__ import annotations

import dataclasses
import inspect
from typing import Any

import pytest

import manastack
from manastack.cards.registry import get_card
from manastack.game.combat import Combat
from manastack.game.decisions import CombatDecision, PriorityDecision
from manastack.game.mana import ManaPool
from manastack.game.objects import Characteristics, GameObject, StackAbility
from manastack.game.turn import StepInfo
from manastack.rules.damage import DamageItem, DamageResult, _Plan
from manastack.rules.replacement import ProposedDamage
from manastack.rules.resolution import Ctx

WRITTEN_OUT = [PriorityDecision, CombatDecision, StepInfo, GameObject,
               StackAbility, Combat, Characteristics, DamageItem, DamageResult, _Plan, Ctx,
               ManaPool, ProposedDamage]


def _required_args(cls: type) -> list[Any]:
    """Values of the right types for the fields without a default (compiled, the
    constructors check them)."""
    return {PriorityDecision: [0, "priority", "Alice has priority", (print, ())],
            StepInfo: ["upkeep", "beginning", 1],
            CombatDecision: [1, "declare_blockers", "Bob declares blockers", (print, ())],
            GameObject: [7, get_card("Grizzly Bears"), 0, 1, "hand"],
            StackAbility: [8, get_card("Llanowar Elves").abilities[0], 7, "Llanowar Elves", 0],
            Combat: [0],
            Characteristics: ["Grizzly Bears", get_card("Grizzly Bears").mana_cost, frozenset("G"),
                              frozenset(), frozenset({"Creature"}), frozenset({"Bear"}), 2, 2,
                              None, frozenset(), (), 0],
            DamageItem: [7, 8, 3],
            DamageResult: ["marked", 3],
            ProposedDamage: [7, 8, 3],
            _Plan: [[]],
            Ctx: [7, "Shock", 0],
            ManaPool: []}[cls]


@pytest.mark.parametrize("cls", WRITTEN_OUT, ids=lambda c: c.__name__)
def test_written_out_init_takes_the_fields_with_their_defaults(cls: type) -> None:
    if manastack.COMPILED:
        pytest.skip("a compiled __init__ has no signature to inspect (checked in pure Python)")
    params = list(inspect.signature(cls.__init__).parameters.values())[1:]  # type: ignore[misc]
    fields = [f for f in dataclasses.fields(cls) if f.init]
    assert [p.name for p in params] == [f.name for f in fields]
    for p, f in zip(params, fields, strict=True):
        assert p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD, f.name
        if f.default is not dataclasses.MISSING:
            assert p.default == f.default and type(p.default) is type(f.default), f.name
        elif f.default_factory is not dataclasses.MISSING:
            assert p.default is None, f.name  # None stands for a new default value
        else:
            assert p.default is inspect.Parameter.empty, f.name


@pytest.mark.parametrize("cls", WRITTEN_OUT, ids=lambda c: c.__name__)
def test_written_out_init_sets_every_field(cls: type) -> None:
    """Built from its required fields only, every field holds its default; a field with a
    default factory gets a new value of its own in each instance."""
    fields = [f for f in dataclasses.fields(cls) if f.init]
    required = [f for f in fields if f.default is dataclasses.MISSING
                and f.default_factory is dataclasses.MISSING]
    args = _required_args(cls)
    a, b = cls(*args), cls(*args)
    for f in fields:
        value = getattr(a, f.name)
        if f in required:
            assert value == args[required.index(f)]  # (compiled, a tuple is rebuilt)
        elif f.default is not dataclasses.MISSING:
            assert value == f.default
        else:
            assert value == f.default_factory()  # type: ignore[misc]
            assert value is not getattr(b, f.name)


def test_object_key_is_its_id() -> None:
    """``GameObject.key`` (the id held as a Python int) is set by the constructor, also for
    the copies ``Game.copy()`` makes, and takes no part in comparisons."""
    import copy

    o = GameObject(7, get_card("Grizzly Bears"), 0, 1, "hand")
    assert o.key == 7 and copy.deepcopy(o).key == 7
    assert "key" not in repr(o)


def test_written_out_hash_and_eq_are_the_generated_ones() -> None:
    """``PlayerRef`` and ``ManaSymbol`` write out ``__hash__`` and ``__eq__`` (compiled, the
    generated ones run interpreted): the same hash as a frozen dataclass's (the order of
    sets holding them, so the logs, stay the same) and equality by fields, for the same
    class only."""
    from manastack.game.mana import ManaCost, ManaSymbol
    from manastack.game.objects import PlayerRef

    assert hash(PlayerRef(1)) == hash((1,))
    assert PlayerRef(1) == PlayerRef(1) and PlayerRef(1) != PlayerRef(2)
    assert PlayerRef(1) != 1 and PlayerRef(1) != (1,)
    assert {PlayerRef(0), PlayerRef(0), PlayerRef(1)} == {PlayerRef(1), PlayerRef(0)}
    hybrid = ManaCost.parse("{W/U}").symbols[0]
    assert hash(hybrid) == hash((hybrid.text, hybrid.options))
    assert hybrid == ManaSymbol(hybrid.text, hybrid.options)
    assert hybrid != ManaCost.parse("{W/B}").symbols[0] and hybrid != hybrid.text
