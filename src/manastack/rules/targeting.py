"""Targets (CR 114): legal targets, hexproof/shroud/protection, re-checks on resolution."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from manastack.events import BecameTarget
from manastack.game.abilities import TargetSpec
from manastack.game.objects import GameObject, PlayerRef, Ref, player_ref
from manastack.lines import say

if TYPE_CHECKING:
    from manastack.game.state import GameState


def candidate_refs(game: GameState, zones: tuple[str, ...] = ()) -> list[Ref]:
    """Everything that might be a target: players, permanents, spells on the stack, and
    cards in the extra ``zones`` a target word names (graveyards, exile)."""
    out: list[Ref] = [player_ref(p.index) for p in game.players if p.in_game]
    out.extend(oid for oid in game.battlefield if not game.obj(oid).phased_out)
    out.extend(oid for oid in game.stack)
    for zone in zones:
        if zone in ("graveyard", "hand", "library"):
            for p in game.players:
                out.extend(game.zone_list(zone, p.index))
        else:
            out.extend(game.zone_list(zone, 0))
    return out


def can_target(game: GameState, ref: Ref, controller: int, source: int | None,
               spell: bool | None = None) -> str | None:
    """Why ``ref`` can't be the target of something from ``source``, or None (CR 114, 702).

    ``spell`` says whether the targeting object is a spell or an ability (None: a spell
    if ``source`` is an object on the stack); "can't be the target of" effects read it
    with the source's colours (the ``cant_be_targeted`` hook, 101.2)."""
    why = _out_of_range(game, ref, controller)
    if why:
        return why
    if isinstance(ref, PlayerRef):
        if game.is_opponent(ref.index, controller):  # 702.11c: "your opponents" (102.3)
            from manastack.rules.static import forbids
            src = forbids(game, "player_hexproof", ref.index)
            if src:
                return f"{game.players[ref.index].name} has hexproof ({src}, 702.11c)"
        return None
    o = game.objects.get(ref)
    if o is None:
        return "it no longer exists"
    if not isinstance(o, GameObject):
        return None
    if o.zone == "battlefield":
        if o.phased_out:
            return "it is phased out (702.25b)"
        c = game.chars(o)
        kws = c.keywords
        if "shroud" in kws:
            return f"{o.name} has shroud (702.18a)"
        if "hexproof" in kws and game.is_opponent(game.controller(o), controller):  # 102.3
            return f"{o.name} has hexproof (702.11b)"
        if source is not None and protection_from(game, o, source):
            return f"{o.name} has protection from that source (702.16b)"
        if source is not None:
            from manastack.rules.static import forbids
            if spell is None:
                by = game.objects.get(source)
                spell = isinstance(by, GameObject) and by.zone == "stack"
            who = forbids(game, "cant_be_targeted", o, controller, source, spell)
            if who:
                return f"{o.name} can't be the target of that {'spell' if spell else 'ability'}" \
                       f" ({who}, 101.2)"
    return None


def source_characteristics(game: GameState, source: int | None) -> Any:
    """The characteristics of a spell or of an ability's source: current ones, or its last
    known information if it left its zone (608.2b, 112.7a); None if unknown."""
    if source is None:
        return None
    src = game.objects.get(source)
    if isinstance(src, GameObject):
        return game.chars(src)
    if source in game.lki:
        return game.lki[source][1]
    return None


def _out_of_range(game: GameState, ref: Ref, controller: int) -> str | None:
    """801.4: objects and players outside the controller's range of influence can't be
    targeted (an object is within range when its controller is, 801.2d)."""
    if not game.options.extra.get("range") or not 0 <= controller < len(game.players):
        return None
    from manastack.rules.variant import variant_of

    if isinstance(ref, PlayerRef):
        who = ref.index
    else:
        o = game.objects.get(ref)
        if o is None:
            return None
        who = game.controller(o)
    if who < 0 or variant_of(game).in_range(game, controller, who):
        return None
    return (f"{game.players[who].name if not isinstance(ref, PlayerRef) else 'that player'}"
            f" is outside {game.players[controller].name}'s range of influence (801.4)")


def protection_from(game: GameState, protected: GameObject, source: int | None) -> bool:
    """Does ``protected`` have protection from the object ``source`` (CR 702.16)?"""
    if source is None:
        return False
    kws = [k for k in game.chars(protected).keywords if k.startswith("protection from ")]
    if not kws:
        return False
    src_chars = source_characteristics(game, source)
    if src_chars is None:
        return False
    from manastack.game.mana import COLOR_NAMES
    for k in kws:
        quality = k[len("protection from "):]
        if quality == "everything":
            return True
        for sym, name in COLOR_NAMES.items():
            if quality == name and sym in src_chars.colors:
                return True
        if quality in ("artifacts", "creatures", "enchantments", "instants", "sorceries"):
            t = {"artifacts": "Artifact", "creatures": "Creature",
                 "enchantments": "Enchantment", "instants": "Instant",
                 "sorceries": "Sorcery"}[quality]
            if t in src_chars.types:
                return True
        if quality == src_chars.name.lower():
            return True
        # "protection from Dragons": a creature type, written in the plural
        for sub_ in src_chars.subtypes:
            if quality in (sub_.lower() + "s", sub_.lower(), sub_.lower() + "es"):
                return True
    return False


def legal_targets(game: GameState, spec: TargetSpec, controller: int, source: int | None,
                  data: dict[str, Any] | None = None, *, spell: bool | None = None,
                  chooser: int | None = None) -> list[Ref]:
    """All legal choices for one target spec (CR 114.1, 601.2c).  ``chooser``: the player
    choosing when it isn't the controller (603.3d); the target words are read from their
    side."""
    out = []
    side = controller if chooser is None else chooser
    for r in candidate_refs(game, spec.zones):
        if r == source and not isinstance(r, PlayerRef) and r in game.stack:
            continue  # a spell can't target itself (114.4)
        if spec.selector.test(game, r, side, source) and \
                can_target(game, r, controller, source, spell) is None:
            out.append(r)
    return out


def target_refusal(game: GameState, spec: TargetSpec, ref: Any, controller: int,
                   source: int | None, *, spell: bool | None = None,
                   chooser: int | None = None) -> str | None:
    """Why ``ref`` isn't a legal choice for ``spec`` (the rule cited), for rejection
    messages; None if it is (or if it is no player or object at all)."""
    if not isinstance(ref, PlayerRef) and ref not in game.objects:
        return None
    why = can_target(game, ref, controller, source, spell)
    if why:
        return f"{game.name_of(ref)} can't be targeted: {why}"
    side = controller if chooser is None else chooser
    if not spec.selector.test(game, ref, side, source):
        return f"{game.name_of(ref)} isn't a legal choice for {spec.text} (114.1, 601.2c)"
    return None


def still_legal(game: GameState, spec: TargetSpec, ref: Ref, controller: int,
                source: int | None, *, spell: bool | None = None,
                chooser: int | None = None) -> bool:
    """On resolution, is this target still legal (CR 608.2b)?"""
    if not isinstance(ref, PlayerRef) and ref not in game.objects:
        return False
    if isinstance(ref, PlayerRef) and not game.players[ref.index].in_game:
        return False
    side = controller if chooser is None else chooser
    return spec.selector.test(game, ref, side, source) and \
        can_target(game, ref, controller, source, spell) is None


def change_targets(game: GameState, obj: GameObject, targets: tuple[Ref, ...]) -> None:
    """The spell or ability ``obj`` now has ``targets`` (changed or new targets: CR 114.6,
    706.10c): a wide change. The caller announces the new ones (:func:`announce_targets`)."""
    obj.targets = targets
    game.changed()


def announce_targets(game: GameState, oid: int, targets: tuple[Ref, ...], controller: int) -> None:
    """Each target "becomes the target" of the spell or ability (CR 114, 603.2)."""
    for t in targets:
        game.emit_event(BecameTarget("114.1", say("{target} becomes the target of {source}",
                                                  "{target} devient la cible {source:de}",
                                                  target=game.named(t), source=game.named(oid)),
                                     game.turn_number, target=t, by=oid, controller=controller))
