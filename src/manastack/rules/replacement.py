"""Replacement and prevention effects (CR 614-616).

Replacement effects watch for an event and replace it before it happens.
They come from resolved spells and abilities (``game.replacements``) and
from static abilities (``StaticAbility.replacements``).  Each applies at most
once to an event (614.5); when several apply, the affected object's
controller (or the affected player) chooses the order (616.1), self-
replacement effects first (614.15).  Prevention shields (615) are replacement
effects on damage, used by :mod:`manastack.rules.damage`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from manastack.copying import deepcopy_fields
from manastack.game.abilities import StaticAbility
from manastack.game.objects import GameObject, Ref
from manastack.lines import NOTHING, Line, Raw, Word, say
from manastack.rules.layers import Duration

if TYPE_CHECKING:
    from manastack.game.state import GameState


@dataclass(eq=False)
class DamageFields:
    """What damage one source deals, or would deal, to one recipient (119.4a): the
    fields a damage item (:class:`~manastack.rules.damage.DamageItem`) and a
    :class:`ProposedDamage` share, declared once.  It compares by identity (a damage
    item by value)."""

    source: int
    #: The recipient: a permanent's id or a player.
    target: Ref
    amount: int
    #: Combat damage (119.2a).
    combat: bool = False
    #: It can't be prevented (615.12).
    unpreventable: bool = False

    def __init__(self, source: int, target: Ref, amount: int, combat: bool = False,
                 unpreventable: bool = False) -> None:
        # (written out: compiled, a dataclass's generated __init__ would run interpreted)
        self.source = source
        self.target = target
        self.amount = amount
        self.combat = combat
        self.unpreventable = unpreventable


@dataclass(eq=False)
class ProposedDamage(DamageFields):
    """Damage a source would deal to one recipient (119.4a), as prevention and
    replacement effects modify it (615, 614.1a): they return a changed copy
    (``dataclasses.replace``) or None.  Its first fields are those of the
    :class:`~manastack.rules.damage.DamageItem` it is made from (:class:`DamageFields`);
    the others say which event it belongs to and what effects did to it."""

    def __deepcopy__(self, memo: dict[int, Any]) -> ProposedDamage:
        return deepcopy_fields(self, memo)

    #: Which damage event it belongs to (an effect preventing one event's damage).
    event_id: int = 0
    #: Life gained because of the prevention (player, amount, what the effect is), 615.1.
    gains: tuple[tuple[int, int, Any], ...] = ()
    #: How much has been prevented so far.
    prevented: int = 0
    summary: str = ""

    def __init__(self, source: int, target: Ref, amount: int, combat: bool = False,
                 unpreventable: bool = False, event_id: int = 0,
                 gains: tuple[tuple[int, int, Any], ...] = (), prevented: int = 0,
                 summary: str = "") -> None:
        # (written out: compiled, a dataclass's generated __init__ would run interpreted)
        DamageFields.__init__(self, source, target, amount, combat, unpreventable)
        self.event_id = event_id
        self.gains = gains
        self.prevented = prevented
        self.summary = summary


@dataclass(eq=False)
class ProposedZoneChange:
    """An object that would move to another zone (``to``), as replacement effects modify
    it ("exile it instead", 614.6; 903.9)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> ProposedZoneChange:
        return deepcopy_fields(self, memo)

    object: int
    from_zone: str
    to: str
    summary: str = ""
    #: It is discarded (701.8a), by ``player``, made to by ``cause`` (the controller of
    #: the spell or ability, 701.8c).
    discard: bool = False
    player: int | None = None
    cause: int | None = None


@dataclass(eq=False)
class ProposedLifeGain:
    """A player who would gain life (118.3), as replacement effects modify it."""

    def __deepcopy__(self, memo: dict[int, Any]) -> ProposedLifeGain:
        return deepcopy_fields(self, memo)

    player: int
    amount: int
    summary: str = ""


#: A proposed event (614.1: what replacement and prevention effects modify): damage
#: (:class:`ProposedDamage`), a zone change, a life gain, or the results of a damage
#: event (:class:`~manastack.rules.damage.DamageResults`, 119.4b).
Proposed = Any


def summary_of(event: Proposed) -> str:
    """What a proposed event is, in a few words, for the log ("" if it doesn't say)."""
    return str(getattr(event, "summary", ""))


@dataclass(eq=False)
class Replacement:
    """A replacement or prevention effect.

    ``event`` is the kind of event it watches (``zone_change``, ``damage``,
    ``life_gain``, ``damage_results``...).  ``applies(game, event)`` tests a proposed
    event (:data:`Proposed`); ``replace(game, event)`` returns the modified event (or
    None when the event no longer happens).  ``uses`` counts down shields
    ("the next 2 damage", 615.7) when not None.
    """

    def __deepcopy__(self, memo: dict[int, Any]) -> Replacement:
        return deepcopy_fields(self, memo)

    event: str
    applies: Callable[[GameState, Any], bool]
    replace: Callable[[GameState, Any], Any]
    controller: int
    source: int | None = None
    #: What the log calls it: a line, or English text shown as it is in every language.
    text: str | Line = ""
    duration: Duration = field(default_factory=Duration)
    self_replacement: bool = False
    is_prevention: bool = False
    timestamp: int = 0
    #: Identity of a static ability's effect across re-generation (614.5 "once").
    static_key: tuple[Any, ...] | None = None
    #: Key of this effect's mutable state in ``game.effect_state`` (shields, "next time").
    state_id: int | None = None
    #: For a prevention effect, what it specifies (801.13b): ``"source"`` (damage dealt
    #: by a source), ``"recipient"`` (damage dealt to a permanent or player), or ``""``
    #: (neither: both must be within its controller's range of influence).
    prevents: str = ""
    #: May apply again to the same event once another effect modified it (903.9: an
    #: exception to 614.5).
    repeatable: bool = False
    #: The effect logs what it did itself (no generic 614.6 note).
    quiet: bool = False

    def key(self) -> Any:
        return self.static_key if self.static_key is not None else id(self)


def active_replacements(game: GameState, event: str) -> list[Replacement]:
    """Replacement effects of this kind from resolved effects and static abilities."""
    out = [r for r in game.replacements if r.event == event]
    if not game.derived.replacements_may_exist(game):
        return out  # no permanent or command-zone object can have a static one
    for oid in game.battlefield + [o.id for o in game.command_sources()]:
        o = game.objects[oid]
        if not isinstance(o, GameObject) or o.phased_out:
            continue
        for ab in game.chars(o).abilities:
            if isinstance(ab, StaticAbility) and ab.replacements is not None and \
                    o.zone in ab.zones:
                for r in ab.replacements(game, o):
                    if r.event == event:
                        if r.source is None:
                            r.source = o.id
                        r.static_key = (o.id, r.text)
                        out.append(r)
    return out


def apply_replacements(game: GameState, kind: str, event: Proposed,
                       chooser: Callable[[list[Replacement]], Replacement] | None = None,
                       extra: Sequence[Replacement] = ()) -> Proposed | None:
    """Apply each applicable replacement once (614.5); self-replacements first (614.15).

    When several apply, the affected player chooses (616.1): ``chooser``
    receives the candidates (the damage pipeline asks through it); without one
    the choice is asked with :func:`_choose_order`.  ``extra``: more candidates,
    e.g. those of a card working from its hand (112.6b) or the game's rules (903.9).
    A ``repeatable`` effect may apply again once another effect modified the event.
    """
    used: set[Any] = set()
    repeatable: set[Any] = set()
    cur: Proposed | None = event
    while cur is not None:
        event = cur
        if isinstance(event, ProposedDamage) and event.amount <= 0:
            break  # 615.6, 119.8: all of it prevented, no damage is left to replace
        cands = [r for r in [*active_replacements(game, kind), *extra]
                 if r.key() not in used and r.applies(game, event)]
        if cands and isinstance(event, ProposedDamage) and game.options.extra.get("range"):
            cands = [r for r in cands if not r.is_prevention
                     or prevention_in_range(game, r, event)]
        if not cands:
            break
        selfs = [r for r in cands if r.self_replacement]
        pool = selfs or cands
        if len(pool) == 1:
            r = pool[0]
        elif chooser is not None:
            r = chooser(pool)
        else:
            r = pool[_choose_order(game, kind, event, pool)]
        if not r.repeatable:  # 903.9 may apply again to the event another effect modified
            used = {k for k in used if k not in repeatable}
        used.add(r.key())
        if r.repeatable:
            repeatable.add(r.key())
        cur = r.replace(game, event)
        if isinstance(cur, ProposedDamage) and isinstance(event, ProposedDamage) and \
                cur.target != event.target and not _redirect_possible(game, cur.target):
            game.note("614.9", say("{effect} does nothing: {target} can't be dealt the damage",
                                   "Sans effet : {effect} (les blessures ne peuvent pas être "
                                   "infligées à {target})",
                                   effect=effect_arg(r.text, Word("A redirection effect",
                                                                  "un effet de redirection")),
                                   target=game.named(cur.target)),
                      before=summary_of(event))
            cur = event
            continue
        if not r.quiet:
            game.note("614.6" if not r.is_prevention else "615.1",
                      say("{effect} applies{none}", "Effet appliqué : {effect}{none}",
                          effect=effect_arg(r.text, Word("A replacement effect",
                                                         "un effet de remplacement")),
                          none=NOTHING if cur is not None else
                          say(" (the event does not happen)", " (l'événement n'a pas lieu)")),
                      before=summary_of(event))
    return cur


def _redirect_possible(game: GameState, to: Any) -> bool:
    """614.9: a redirection effect does nothing if the creature or planeswalker the damage
    would be redirected to is no longer on the battlefield (or phased out, 702.25b) or no
    longer a creature or planeswalker, or if that player has left the game."""
    from manastack.game.objects import PlayerRef
    if isinstance(to, PlayerRef):
        return not game.players[to.index].left_game
    o = game.get(to)
    if o is None or o.zone != "battlefield" or o.phased_out:
        return False
    c = game.chars(o)
    return c.is_creature or c.is_planeswalker


def prevention_in_range(game: GameState, r: Replacement, event: ProposedDamage) -> bool:
    """801.13b: a prevention effect affects only sources (if it names the source), or
    recipients (if it names the recipient), or else damage whose source and recipient
    are both within its controller's range of influence."""
    from manastack.rules.triggers import ref_controller
    from manastack.rules.variant import variant_of

    v = variant_of(game)
    refs = {"source": (event.source,), "recipient": (event.target,)}.get(
        r.prevents, (event.source, event.target))
    for ref in refs:
        who = ref_controller(game, ref)
        if who is not None and not v.in_range(game, r.controller, who):
            return False
    return True


def own_zone_replacements(game: GameState, obj: GameObject, event: str) -> list[Replacement]:
    """Replacement effects of ``obj``'s own static abilities that work in the zone it is in
    (not the battlefield), e.g. from a hand (112.6b: Obstinate Baloth)."""
    if obj.zone == "battlefield":
        return []
    out = []
    for ab in obj.card.abilities:
        if isinstance(ab, StaticAbility) and ab.replacements is not None and \
                obj.zone in ab.zones:
            for r in ab.replacements(game, obj):
                if r.event == event:
                    r.source = obj.id
                    r.static_key = (obj.id, r.text)
                    out.append(r)
    return out


def replace_zone_change(game: GameState, obj: GameObject, to: str,
                        cause: tuple[bool, int, int | None] | None = None) -> str:
    """Zone-change replacements ("exile it instead", CR 614.6); returns the destination.
    ``cause``: a discard's (discarded, the player, the controller making them discard:
    :attr:`ProposedZoneChange.discard`...).
    The variant's rule replacements (903.9) take part like the others (616.1)."""
    own = own_zone_replacements(game, obj, "zone_change")
    if game.variant_state and to != obj.zone:
        from manastack.rules.variant import variant_of
        own += variant_of(game).zone_change_replacements(game, obj, to)  # 903.9
    if not game.replacements and not own and not has_static_replacements(game):
        return to
    event = apply_replacements(game, "zone_change", ProposedZoneChange(
        obj.id, obj.zone, to, obj.name, *(cause or ())), extra=own)
    if not isinstance(event, ProposedZoneChange):
        return to
    return event.to


def has_static_replacements(game: GameState) -> bool:
    """Does a permanent (or command-zone object) have a static replacement ability?"""
    if not game.derived.replacements_may_exist(game):
        return False
    return game.derived.cached_wide(  # type: ignore[no-any-return]
        "static_replacements", lambda: _find_static_replacements(game))


def _find_static_replacements(game: GameState) -> bool:
    for oid in game.battlefield + [o.id for o in game.command_sources()]:
        o = game.objects[oid]
        if isinstance(o, GameObject) and not o.phased_out:
            for ab in game.chars(o).abilities:
                if isinstance(ab, StaticAbility) and ab.replacements is not None and \
                        o.zone in ab.zones:
                    return True
    return False


# ------------------------------------------------------------ 616.1 choices

def replacement_choice_possible(game: GameState) -> bool:
    """Whether any replacement effect outside the damage pipeline exists, so that a 616.1
    choice could come up while an answer runs (the game then keeps a re-run point)."""
    # a card's own replacement (from its hand, 112.6b) only meets another one, so a
    # choice needs at least one of these
    if game.replacements and any(r.event not in _STAGED for r in game.replacements):
        return True
    return has_static_replacements(game)


#: Events whose replacement order the damage pipeline asks itself (119.4, 616.1).
_STAGED: Final = ("damage", "damage_results")


def _affected_player(game: GameState, kind: str, event: Proposed) -> int:
    """616.1: the affected player, or the controller of the affected object (its owner
    when it has no controller)."""
    player = getattr(event, "player", None)
    if isinstance(player, int):
        return player
    o = game.objects.get(getattr(event, "object", -1))
    if isinstance(o, GameObject):
        return game.controller(o)
    return game.active_player


def _choose_order(game: GameState, kind: str, event: Proposed,
                  pool: list[Replacement]) -> int:
    """616.1: which of ``pool`` the affected player applies first (a decision asked in the
    middle of the event, :func:`manastack.rules.midrun.choose_during_run`)."""
    from manastack.rules.midrun import choose_during_run

    who = _affected_player(game, kind, event)
    texts = [str(r.text) if r.text else f"replacement effect {i + 1}"
             for i, r in enumerate(pool)]
    labels = tuple(t if texts.count(t) == 1 else f"{t} [{i + 1}]"
                   for i, t in enumerate(texts))
    i = choose_during_run(
        game, who, "choose_replacement",
        f"Several replacement effects would apply to {summary_of(event) or kind}: choose "
        "the one to apply first (CR 616.1)", labels, "616.1",
        "replacement effect to apply first", sources=tuple(r.source for r in pool))
    # while answers are supplied every choice comes from them (an unanswered one stops
    # the run); without any, this is the default order of a game set up by hand
    if game.midrun_answers:
        game.note("616.1", say("{who} chooses to apply {effect} first",
                               "{who} choisit d'appliquer en premier : {effect}",
                               who=game.who(who), effect=effect_arg(pool[i].text, Word(
                                   "a replacement effect", "un effet de remplacement"))))
    return i


def effect_arg(text: str | Line, default: Word) -> Line | Raw | Word:
    """The text of a replacement effect (:attr:`Replacement.text`) as an argument of a line:
    its line, or its English text as it is (like a card's rules text), or ``default``."""
    if isinstance(text, Line):
        return text
    return Raw(text) if text else default
