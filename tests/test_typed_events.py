"""Typed events (issue 36): every event is an immutable value of its kind's class
(:mod:`manastack.events`), its fields typed, its ``data`` those fields, its JSON
described per kind by ``docs/events.schema.json``."""

from __future__ import annotations

import copy
import json
import pickle
from collections import defaultdict
from pathlib import Path

import jsonschema
import pytest

from manastack import COMPILED, events
from manastack import log as ev
from manastack.engine.setup import setup_game
from manastack.events import EVENT_CLASSES, EVENT_FIELDS, VARIANT_KINDS
from manastack.lines import say
from manastack.log import Event
from manastack.scenario.model import load_scenarios
from manastack.scenario.runner import run_scenario

ROOT = Path(__file__).resolve().parents[1]
SCHEMA = json.loads((ROOT / "docs" / "events.schema.json").read_text(encoding="utf-8"))

#: A scenario of the corpus (file, index) that produces each class of event (the ones a
#: game rarely shows: phasing, countering, the variants' events...).  ``PlayerWon`` and
#: ``GameStopped`` come from :func:`_ending_events`.
SCENARIO_OF = {
    "AbilityActivated": ("hunt6b_wagic", 34),
    "AbilityTriggered": ("hunt8c_parts_of_a_card", 3),
    "AttackerBlocked": ("hunt6a_pool_cards", 10),
    "AttackerDeclared": ("hunt8c_201_3_card_name", 2),
    "AttackerUnblocked": ("hunt13a_m11_rulings", 67),
    "BecameTarget": ("hunt13a_m11_rulings", 23),
    "BlockedByCreature": ("hunt6a_pool_cards", 10),
    "BlockerDeclared": ("hunt6a_pool_cards", 10),
    "BlocksCreature": ("hunt6a_pool_cards", 10),
    "Countered": ("hunt3b_titans", 18),
    "CountersAdded": ("hunt11f_m12_rulings", 54),
    "CountersRemoved": ("sba", 18),
    "DamageDealt": ("hunt3a_showcase", 8),
    "Discarded": ("hunt6d_replacement", 11),
    "Drew": ("hunt6b_wagic", 34),
    "EffectEnded": ("hunt3c_rules", 31),
    "GameOver": ("sweep3_703", 4),
    "Info": ("hunt12b_skipped_start", 1),
    "LandPlayed": ("hunt4c_stack_triggers", 30),
    "LifeGained": ("hunt6b_wagic", 43),
    "LifeLost": ("hunt8c_parts_of_a_card", 2),
    "ManaChanged": ("sweep3_concepts", 6),
    "MulliganTaken": ("hunt11d_contract", 20),
    "PhaseBegan": ("sweep3_703", 4),
    "PhaseEnded": ("hunt11d_contract", 50),
    "Phased": ("hunt3a_showcase", 2),
    "PlanarDieRolled": ("variant_planechase", 5),
    "Planeswalked": ("hunt6c_planechase_leave", 1),
    "PlaneswalkedAway": ("variant_planechase", 4),
    "PlayerLost": ("sweep3_703", 4),
    "PriorityPassed": ("sweep3_703", 4),
    "Resolved": ("hunt6b_wagic", 34),
    "SchemeAbandoned": ("variant_archenemy", 5),
    "SchemeSetInMotion": ("hunt9d_pay_x", 3),
    "Shuffled": ("hunt9d_costs_turns", 8),
    "SpellCast": ("hunt13a_m11_rulings", 23),
    "StepBegan": ("sweep3_703", 4),
    "StepEnded": ("sweep3_703", 4),
    "Tapped": ("hunt6b_wagic", 34),
    "TurnBegan": ("hunt9d_costs_turns", 8),
    "Untapped": ("hunt11d_contract", 7),
    "ZoneChange": ("hunt8c_parts_of_a_card", 3),
}


def _ending_events() -> list[Event]:
    """A win by an effect (104.2b: ``win``, ``lose``, ``game_over``) and a game the engine
    stops (``game_stopped``)."""
    from manastack.rules.sba import stop_game, win_game

    won = setup_game()
    win_game(won, 0, say("a test", "un test"))
    stopped = setup_game()
    stop_game(stopped, say("a test", "un test"))
    return [*won.log, *stopped.log]


@pytest.fixture(scope="module")
def produced() -> dict[type, list[Event]]:
    """The events of the scenarios above and of the ending events, by class."""
    out: dict[type, list[Event]] = defaultdict(list)
    corpus = {p.stem: p for p in (ROOT / "tests" / "scenarios").rglob("*.yaml")}
    for stem, index in sorted(set(SCENARIO_OF.values())):
        sc = next(s for s in load_scenarios(corpus[stem]) if s.index == index)
        res = run_scenario(sc)
        assert res.passed and res.game is not None, (stem, index, res.message)
        for e in res.game.log:
            out[EVENT_CLASSES[e.kind]].append(e)
    for e in _ending_events():
        out[EVENT_CLASSES[e.kind]].append(e)
    return out


def test_every_kind_of_event_has_its_class() -> None:
    """Each kind (``manastack.log``'s constants, the variants' in ``manastack.events``)
    has one class, which makes events of that kind and declares its fields."""
    kinds = {v for k, v in vars(ev).items() if k.isupper() and isinstance(v, str)}
    kinds.discard(ev.STATE)  # (not an event: state triggers' "event", 603.8)
    kinds |= VARIANT_KINDS
    assert kinds == set(EVENT_CLASSES)
    assert len(set(EVENT_CLASSES.values())) == len(EVENT_CLASSES)
    assert set(EVENT_FIELDS) == set(EVENT_CLASSES.values()) - {events.Info}
    assert VARIANT_KINDS == {events.PLANAR_DIE, events.PLANESWALKED, events.PLANESWALK_AWAY,
                             events.SET_IN_MOTION, events.ABANDONED}


def test_every_class_of_event_is_produced(produced: dict[type, list[Event]]) -> None:
    """Each class is what some scenario of the corpus (or a game's end) logs, the
    variants' included (Planechase 901, Archenemy 904)."""
    assert set(produced) == set(EVENT_CLASSES.values())
    for kind, cls in EVENT_CLASSES.items():
        assert all(type(e).__name__ == cls.__name__ and e.kind == kind
                   for e in produced[cls])


def test_an_events_data_is_its_declared_fields(produced: dict[type, list[Event]]) -> None:
    """``data`` holds the class's fields: all the required ones, optional ones only when
    set, nothing else; each field is an attribute of the event."""
    for cls, evs in produced.items():
        if cls is events.Info:
            continue
        required, optional = EVENT_FIELDS[cls]
        for e in evs:
            data = dict(e.data)
            assert set(required) <= set(data) <= set(required) | set(optional), e
            assert all(getattr(e, k) == v for k, v in data.items())
            assert all(getattr(e, k) is None for k in optional if k not in data)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_kinds_json_follows_the_schema(produced: dict[type, list[Event]],
                                             lang: str) -> None:
    """``--json``: each kind's data is valid against its part of
    ``docs/events.schema.json`` (the required fields, their JSON types, no others)."""
    validator = jsonschema.Draft202012Validator(SCHEMA)
    shapes = set()
    for evs in produced.values():
        for e in evs:  # (one event per kind and shape of data: the same checks)
            shape = (e.kind, tuple((k, type(v).__name__) for k, v in e.fields().items()))
            if shape not in shapes:
                shapes.add(shape)
                validator.validate(json.loads(e.to_json(lang)))
    assert len(shapes) > len(EVENT_CLASSES)


def test_the_schema_rejects_a_missing_or_unknown_field() -> None:
    """The schema is per kind: a ``damage`` without ``amount``, or with a field its class
    hasn't, is not an event."""
    validator = jsonschema.Draft202012Validator(SCHEMA)
    e = events.LifeLost("118.3", say("Alice loses 1 life", "Alice perd 1 point de vie"), 3,
                        player=0, amount=1)
    good = json.loads(e.to_json())
    validator.validate(good)
    for data in ({"player": 0}, {"player": 0, "amount": 1, "object": 5}):
        with pytest.raises(jsonschema.ValidationError):
            validator.validate({**good, "data": data})


def _picklable(e: Event) -> bool:
    """Compiled, a zone change's last known information (``lki``, characteristics of the
    compiled game objects) can't be pickled: the events holding one are left out then."""
    return not (COMPILED and e.fields().get("lki") is not None)


def test_a_typed_event_is_an_immutable_value(produced: dict[type, list[Event]]) -> None:
    """No field can be set; a copy is the event itself; pickling gives an equal event of
    the same class (the log a copy of a game shares, replays)."""
    for evs in produced.values():
        e = next((x for x in evs if _picklable(x)), evs[0])
        for name in (*e.fields(), "kind", "rule", "line", "turn"):
            with pytest.raises(AttributeError):
                setattr(e, name, None)
        assert copy.copy(e) is e and copy.deepcopy(e) is e
        back = pickle.loads(pickle.dumps(e))
        assert back == e and type(back).__name__ == type(e).__name__
        assert back.to_json() == e.to_json() and str(back) == str(e)
    every = [e for evs in produced.values() for e in evs if _picklable(e)]  # (every line)
    assert pickle.loads(pickle.dumps(every)) == every
