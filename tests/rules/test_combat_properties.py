"""Property test (CR 509.1a-c): the engine's block checker agrees with a brute-force oracle.

Random boards of attackers and blockers with evasion (flying/reach, shadow, menace,
"can't be blocked", "can't be blocked by more than one"), blocking abilities ("can block
an additional creature") and requirements ("blocks each combat if able", Lure-style "all
creatures able to block it do so").  Every possible declaration is enumerated; the
oracle, written here from the CR independently of the engine, says which are legal.
"""

from __future__ import annotations

import itertools

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from manastack.engine.setup import put, setup_game, start_at
from manastack.errors import IllegalAction
from manastack.game.decisions import DeclareAttackers, DeclareBlockers
from manastack.game.objects import PlayerRef, Zone

ATTACKERS = ["Grizzly Bears", "Serra Angel", "Stormblood Berserker", "Stalking Tiger",
             "Soltari Foot Soldier", "Blighted Agent", "Prized Unicorn"]
BLOCKERS = ["Grizzly Bears", "Giant Spider", "Razorgrass Screen",
            "Two-Headed Giant of Foriys", "Wall of Wood", "Soltari Foot Soldier",
            "Serra Angel"]

# What the oracle knows about each card, from its Oracle text.
FLYING = {"Serra Angel"}
REACH = {"Giant Spider"}
SHADOW = {"Soltari Foot Soldier"}
MENACE = {"Stormblood Berserker"}
ONLY_ONE = {"Stalking Tiger"}
UNBLOCKABLE = {"Blighted Agent"}
LURE = {"Prized Unicorn"}
MUST_BLOCK = {"Razorgrass Screen"}
EXTRA_BLOCK = {"Two-Headed Giant of Foriys"}


def can_block(bname: str, aname: str) -> bool:
    """509.1b evasion between one blocker and one attacker."""
    if aname in UNBLOCKABLE:
        return False
    if aname in FLYING and not (bname in FLYING or bname in REACH):
        return False
    if (aname in SHADOW) != (bname in SHADOW):
        return False
    return True


def oracle(blockers: list[tuple[int, str]], attackers: list[tuple[int, str]],
           decl: dict[int, tuple[int, ...]]) -> bool:
    names = dict(blockers) | dict(attackers)

    def restrictions_ok(d: dict[int, tuple[int, ...]]) -> bool:
        count = {a: 0 for a, _ in attackers}
        for b, atks in d.items():
            limit = 2 if names[b] in EXTRA_BLOCK else 1
            if len(atks) > limit or len(set(atks)) != len(atks):
                return False
            for a in atks:
                if not can_block(names[b], names[a]):
                    return False
                count[a] += 1
        for a, n in count.items():
            if names[a] in MENACE and n == 1:
                return False
            if names[a] in ONLY_ONE and n > 1:
                return False
        return True

    def obeyed(d: dict[int, tuple[int, ...]]) -> int:
        n = sum(1 for b, nm in blockers if nm in MUST_BLOCK and b in d)
        for a, an in attackers:
            if an in LURE:
                n += sum(1 for b, _ in blockers if a in d.get(b, ()))
        return n

    if not restrictions_ok(decl):
        return False
    best = max(obeyed(d) for d in all_declarations(blockers, attackers)
               if restrictions_ok(d))
    return obeyed(decl) == best


def all_declarations(blockers: list[tuple[int, str]], attackers: list[tuple[int, str]]
                     ) -> list[dict[int, tuple[int, ...]]]:
    per = []
    atk_ids = [a for a, _ in attackers]
    for b, _ in blockers:
        opts: list[tuple[int, ...] | None] = [None]
        for k in (1, 2):
            opts.extend(itertools.combinations(atk_ids, k))
        per.append([(b, o) for o in opts])
    out = []
    for combo in itertools.product(*per):
        out.append({b: o for b, o in combo if o is not None})
    return out


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(atk=st.lists(st.sampled_from(ATTACKERS), min_size=1, max_size=3),
       blk=st.lists(st.sampled_from(BLOCKERS), min_size=1, max_size=3))
def test_cr_509_1_block_checker_agrees_with_brute_force(atk: list[str], blk: list[str]
                                                        ) -> None:
    """CR 509.1a-c: a declaration is legal iff it breaks no restriction and obeys as many
    requirements as possible; engine and oracle agree on every declaration."""
    g = setup_game()
    attackers = [(put(g, 0, Zone.BATTLEFIELD, n).id, n) for n in atk]
    blockers = [(put(g, 1, Zone.BATTLEFIELD, n).id, n) for n in blk]
    start_at(g, "declare_attackers", turn=1)
    g.apply(0, DeclareAttackers(tuple((a, PlayerRef(1)) for a, _ in attackers)))
    while g.decision is not None and g.decision.kind != "declare_blockers":
        g.apply(g.decision.player, g.decision.legal_actions(g)[0])
    assert g.decision is not None
    for decl in all_declarations(blockers, attackers):
        want = oracle(blockers, attackers, decl)
        try:
            g.decision.validate(g, DeclareBlockers(tuple(decl.items())))
            got = True
        except IllegalAction:
            got = False
        assert got == want, (decl, {i: n for i, n in blockers + attackers})
