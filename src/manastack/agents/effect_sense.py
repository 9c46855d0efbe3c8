"""What an effect does to its targets, read from the card definitions: is it good or bad
for the target's controller, and by how much (a crude number an agent ranks targets by).

Effects are data (:mod:`manastack.cards.effects`): ``DealDamage(3, T(0))`` harms its
first target word's target, ``Pump(3, 3, T(0))`` helps it, ``Seq`` runs several (Sign in
Blood: draw two, lose 2 life, a net gain for the target player).  An effect the vocabulary
can't say (``Custom``) is judged by its target word's text ("target opponent": harmful;
"you control": helpful), and so is an Aura spell, which has no effect of its own (CR
303.4a: its target is what it will enchant) but a static ability whose text says what
it does to the enchanted permanent.

:class:`TargetEffect` sums, for one target word (CR 115.1, 601.2c), the damage dealt,
whether the target is destroyed, exiled or bounced, the life it loses or gains, the
cards it draws or discards, and a residual "benefit" for what the rest does.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Final

from manastack.cards.effects import (
    ATTACHED,
    SELF,
    AddCounters,
    Attach,
    CounterSpell,
    CounterUnlessPays,
    DealDamage,
    DealDividedDamage,
    Destroy,
    Discard,
    DoesntUntapNext,
    Draw,
    GainLife,
    Grant,
    LoseLife,
    Mill,
    MoveTo,
    PreventNext,
    Pump,
    Regenerate,
    Sacrifice,
    Seq,
    T,
    Tap,
)
from manastack.game.abilities import Ability, SpellAbility, StaticAbility, TargetSpec

#: The words of an Aura's static text that make it bad for the enchanted permanent's
#: controller (Pacifism: "can't attack or block").
_HARMFUL_WORDS: Final = ("can't", "doesn't untap", "gets -", "loses all", "gain control",
                         "you control enchanted")


@dataclass
class TargetEffect:
    """What an effect does to the target(s) of one target word.

    ``damage``: damage dealt (CR 120.3); ``kills``: destroyed (701.7) or sacrificed;
    ``removes``: exiled or put into a library (a permanent leaves for good);
    ``bounces``: returned to its owner's hand; ``counters``: the spell is countered
    (701.5); ``life``: life gained (+) or lost (-); ``cards``: cards drawn (+) or
    discarded/milled (-); ``pump``: +P/+T (summed); ``benefit``: everything else, good (+)
    or bad (-) for the target's controller; ``known``: some effect was understood."""

    damage: int = 0
    kills: bool = False
    removes: bool = False
    bounces: bool = False
    counters: bool = False
    #: with ``counters``: countered unless its controller pays this much (Mana Leak)
    unless_paid: int = 0
    life: int = 0
    cards: float = 0.0
    pump: int = 0
    #: with ``pump``: the power part (a double striker deals it twice, 702.4b)
    power: int = 0
    #: a regeneration shield (701.12a): saves it from destruction, not from exile
    regenerates: bool = False
    #: protection, indestructibility or hexproof granted (702.16, 702.12, 702.11): saves
    #: it from a spell aimed at it
    protects: bool = False
    #: its destruction can't be replaced by regeneration (701.12c)
    no_regen: bool = False
    #: keywords granted (702: haste lets a creature just cast attack, 702.10b)
    keywords: tuple[str, ...] = ()
    #: base power and toughness set ("becomes a 0/8 Plant", a layer 7b effect, 613.3b)
    base: tuple[int, int] | None = None
    benefit: float = 0.0
    known: bool = False

    @property
    def harmful(self) -> bool:
        """Bad for the target's controller on the whole."""
        return self.score() < 0

    def score(self) -> float:
        """A rough sign-and-size: negative harms the target's controller."""
        s = self.benefit + self.cards * 1.5 + self.life * 0.4 + self.pump * 0.8
        s -= self.damage * 1.0
        if self.kills or self.removes:
            s -= 6.0
        if self.bounces:
            s -= 3.0
        if self.counters:
            s -= 5.0
        return s


def _amount(n: Any, x: int) -> int:
    """A printed amount, or one computed when the spell resolves: X (CR 107.3) for a
    spell with X (``x`` >= 0), else a guess (``x`` is -1)."""
    if isinstance(n, int):
        return n
    return x if x >= 0 else 2


#: The target word index standing for the source itself or what it is attached to
#: ("{B}: Nantuko Shade gets +1/+1", "enchanted creature gets +1/+0").
SELF_WORD: Final = -1


def _aims_at(ref: Any, index: int) -> bool:
    if index == SELF_WORD:
        return ref is SELF or ref is ATTACHED
    return isinstance(ref, T) and ref.index == index


def _walk(effect: Any, index: int, x: int, out: TargetEffect) -> None:
    """Add what ``effect`` does to the targets of target word ``index`` to ``out``."""
    if effect is None:
        return
    if isinstance(effect, Seq):
        for e in effect.effects:
            _walk(e, index, x, out)
        return
    if isinstance(effect, DealDividedDamage):
        out.damage += max(1, x)
        out.known = True
        return
    sub = getattr(effect, "effect", None)  # UnlessPay and similar wrappers
    if sub is not None and not isinstance(effect, (Seq,)):
        _walk(sub, index, x, out)
    if index == SELF_WORD:
        base = becomes_base(custom_text(effect))
        if base is not None:  # ("this creature becomes a Plant 0/8")
            out.known = True
            out.base = base
            out.benefit += 1.0
            return
    refs = [getattr(effect, name, None) for name in ("to", "what", "who")]
    if not any(_aims_at(r, index) for r in refs):
        return
    out.known = True
    if isinstance(effect, DealDamage):
        out.damage += _amount(effect.n, x)
    elif isinstance(effect, (Destroy, Sacrifice)):
        out.kills = True
        out.no_regen = out.no_regen or isinstance(effect, Sacrifice) or effect.no_regen
    elif isinstance(effect, MoveTo):
        if effect.zone == "hand":
            out.bounces = True
        elif effect.zone != "battlefield":
            out.removes = True
        else:
            out.benefit += 2.0
    elif isinstance(effect, CounterSpell):
        out.counters = True
    elif isinstance(effect, CounterUnlessPays):
        out.counters = True
        out.unless_paid = effect.amount
    elif isinstance(effect, GainLife):
        out.life += _amount(effect.n, x)
    elif isinstance(effect, LoseLife):
        out.life -= _amount(effect.n, x)
    elif isinstance(effect, Draw):
        out.cards += _amount(effect.n, x)
    elif isinstance(effect, Discard):
        out.cards -= _amount(effect.n, x)
    elif isinstance(effect, Mill):
        out.cards -= 0.3 * _amount(effect.n, x)
    elif isinstance(effect, Pump):
        out.pump += _amount(effect.power, x) + _amount(effect.toughness, x)
        out.power += _amount(effect.power, x)
    elif isinstance(effect, Regenerate):
        out.regenerates = True
        out.benefit += 2.0
    elif isinstance(effect, Grant):
        out.keywords += tuple(effect.keywords)
        out.protects = out.protects or any(k.startswith(_PROTECTING) for k in effect.keywords)
        out.benefit += 2.0
    elif isinstance(effect, (PreventNext, Attach)):
        out.benefit += 2.0
    elif isinstance(effect, AddCounters):
        n = _amount(effect.n, x)
        out.benefit += {"+1/+1": 2.0 * n, "-1/-1": -2.5 * n, "poison": -3.0 * n}.get(
            effect.kind, 0.5 * n)
    elif isinstance(effect, Tap):
        out.benefit += 1.0 if effect.untap else -1.0
    elif isinstance(effect, DoesntUntapNext):
        out.benefit -= 1.5
    else:
        out.known = False


#: The keywords that save a creature from a spell aimed at it.
_PROTECTING: Final = ("protection", "indestructible", "hexproof", "shroud")
#: The words of a card-specific effect's text that make it good for its target.
_HELPFUL_WORDS: Final = ("gains protection", "gains indestructible", "gains hexproof",
                         "gets +", "regenerate", "untap target")


def effects_in(effect: Any) -> list[Any]:
    """``effect`` and, for a sequence, each effect it runs (CR 608.2c: in order)."""
    if isinstance(effect, Seq):
        return [x for e in effect.effects for x in effects_in(e)]
    return [effect]


def custom_text(effect: Any) -> str:
    """The text of a card-specific effect (``Custom``) in ``effect``, lowercased."""
    if isinstance(effect, Seq):
        return " ".join(custom_text(e) for e in effect.effects)
    return str(getattr(effect, "text", "") or "").lower() if type(effect).__name__ == \
        "Custom" else ""


_BECOMES: Final = re.compile(r"becomes an? [a-z' -]*?(\d+)/(\d+)")


def becomes_base(text: str) -> tuple[int, int] | None:
    """The base power and toughness a card-specific effect's text (lowercased) gives its
    source, "becomes a Plant 0/8" (613.3b), or None."""
    m = _BECOMES.search(text)
    return (int(m.group(1)), int(m.group(2))) if m else None


def prevents_combat_damage(effect: Any) -> bool:
    """Does ``effect`` prevent all combat damage this turn (Fog, CR 615)?"""
    return "prevent all combat damage" in custom_text(effect)


def _from_text(spec: TargetSpec | None, static_text: str, effect_text: str = ""
               ) -> TargetEffect:
    """An effect the vocabulary can't say, judged by its own text (a card-specific
    effect's), the words of its target (and, for an Aura, of its static ability)."""
    words = ((spec.text if spec is not None else "") + " " + static_text).lower()
    out = TargetEffect(known=False)
    if effect_text and any(w in effect_text for w in _HELPFUL_WORDS):
        out.benefit = 2.0
        out.protects = any(k in effect_text for k in _PROTECTING)
        out.regenerates = "regenerate" in effect_text
        return out
    if static_text:
        out.benefit = -5.0 if any(w in words for w in _HARMFUL_WORDS) else 3.0
    elif "opponent" in words or "don't control" in words:
        out.benefit = -3.0
    elif "you control" in words or "your" in words:
        out.benefit = 2.0
    else:
        out.benefit = -3.0  # most targeted effects of the card pool harm their target
    return out


def target_effect(effect: Any, specs: tuple[TargetSpec, ...], index: int, x: int = 0,
                  static_text: str = "") -> TargetEffect:
    """What ``effect`` does to the target(s) of target word ``index`` (of ``specs``), X
    being ``x``.  ``static_text``: an Aura's static ability text, for an Aura spell."""
    out = TargetEffect()
    _walk(effect, index, x, out)
    if out.known:
        out.no_regen = out.no_regen or "can't be regenerated" in custom_text(effect)
        return out
    spec = specs[index] if 0 <= index < len(specs) else None
    return _from_text(spec, static_text, custom_text(effect))


def aura_text(abilities: tuple[Ability, ...]) -> str:
    """The text of the static abilities of an Aura (what it does to what it enchants)."""
    return " ".join(a.text for a in abilities if isinstance(a, StaticAbility))


def spell_effect(sp: SpellAbility, modes: tuple[int, ...]) -> tuple[Any, tuple[TargetSpec, ...]]:
    """The effect and target words of a spell ability with the chosen ``modes`` (CR 700.2):
    a modal spell's chosen modes' effects run in order, their targets numbered on."""
    if not sp.modes:
        return sp.effect, sp.targets
    effects: list[Any] = []
    specs: list[TargetSpec] = []
    for m in modes:
        if 0 <= m < len(sp.modes):
            _name, eff, sps = sp.modes[m]
            # (a mode's T(i) counts from its own first target word)
            effects.append(_Shifted(eff, len(specs)))
            specs.extend(sps)
    return _Modes(tuple(effects)), tuple(specs)


@dataclass(frozen=True)
class _Shifted:
    """A mode's effect whose target words start at ``offset`` in the whole spell."""

    effect: Any
    offset: int


@dataclass(frozen=True)
class _Modes:
    parts: tuple[_Shifted, ...]


def _walk_modes(effect: Any, index: int, x: int, out: TargetEffect) -> bool:
    if not isinstance(effect, _Modes):
        return False
    for part in effect.parts:
        if index >= part.offset:
            _walk(part.effect, index - part.offset, x, out)
    return True


def effect_on(effect: Any, specs: tuple[TargetSpec, ...], index: int, x: int = 0,
              static_text: str = "") -> TargetEffect:
    """:func:`target_effect`, also for the effect of chosen modes (:func:`spell_effect`)."""
    if isinstance(effect, _Modes):
        out = TargetEffect()
        _walk_modes(effect, index, x, out)
        if out.known:
            return out
        spec = specs[index] if index < len(specs) else None
        return _from_text(spec, static_text,
                          " ".join(custom_text(p.effect) for p in effect.parts))
    return target_effect(effect, specs, index, x, static_text)


def self_subject(effect: Any) -> str:
    """Whom ``effect`` does something to besides its targets: ``"self"`` (the source,
    ``SELF``), ``"attached"`` (what the source is attached to, ``ATTACHED``) or ``""``."""
    if effect is None:
        return ""
    if isinstance(effect, Seq):
        for e in effect.effects:
            got = self_subject(e)
            if got:
                return got
        return ""
    if becomes_base(custom_text(effect)) is not None:
        return "self"  # (a card-specific "this creature becomes ...")
    for name in ("to", "what", "who"):
        r = getattr(effect, name, None)
        if r is SELF:
            return "self"
        if r is ATTACHED:
            return "attached"
    sub = getattr(effect, "effect", None)
    return self_subject(sub) if sub is not None else ""


def untargeted_value(effect: Any, x: int = 0) -> float:
    """A rough value, for its controller, of what an effect does to no target: drawing
    cards, gaining life, searching, scrying, making tokens (CR 111)."""
    if effect is None:
        return 0.0
    if isinstance(effect, Seq):
        v = 0.0
        for e in effect.effects:
            v += untargeted_value(e, x)
        return v
    refs = [getattr(effect, name, None) for name in ("to", "what", "who")]
    if any(isinstance(r, T) for r in refs):
        return 0.0
    name = type(effect).__name__
    if isinstance(effect, Draw):
        return 1.5 * _amount(effect.n, x)
    if isinstance(effect, GainLife):
        return 0.4 * _amount(effect.n, x)
    if name == "CreateTokens":
        return 2.5 * _amount(getattr(effect, "n", 1), x)
    if name in ("SearchTo", "Scry"):
        return 1.0
    if isinstance(effect, Discard):
        return -1.5 * _amount(effect.n, x)
    if isinstance(effect, (Pump, Grant)):
        return 0.5
    if puts_land_onto_battlefield(effect):
        return 2.0  # a land more: the spells that need its mana (Rampant Growth, 701.17)
    return 0.3


def puts_land_onto_battlefield(effect: Any) -> bool:
    """Does a card-specific effect put a land card from the library onto the
    battlefield (a search for a land, 701.17: Rampant Growth)?  Read from its text."""
    text = custom_text(effect)
    return "land card" in text and "onto the battlefield" in text
