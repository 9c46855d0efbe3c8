"""Every rule number the engine can cite (in the log, in a rejection message, in a
decision) names a rule of the 2017 Comprehensive Rules, or of a seed where the seeds
number it (the seeds win where they speak: docs/rules.md)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
REFERENCE = SHARED / "reference" / "MagicCompRules-20170825.txt"

#: a string literal that is exactly a rule number: "116.3d", '704.5g'
_LITERAL = re.compile(r"""["'](\d{3}\.\d+[a-z]?)["']""")


def _rules(text: str, indented: bool) -> set[str]:
    """Rule numbers defined in ``text`` (a rule starts a line, after spaces in the CR)."""
    lead = r"^\s*" if indented else r"^"
    out = set()
    for m in re.finditer(lead + r"(\d{3}\.\d+)([a-z]?)\.?(?:\s|$)", text, re.M):
        out.add(m[1] + m[2])
        out.add(m[1])
    return out


def _known() -> set[str]:
    known = _rules(REFERENCE.read_text(encoding="utf-8", errors="replace"), True)
    for seed in (SHARED / "seeds").glob("*.txt"):
        known |= _rules(seed.read_text(encoding="utf-8", errors="replace"), False)
    return known


def _cited() -> dict[str, list[str]]:
    """Rule-number literals in the package's code, with the places citing them."""
    cited: dict[str, list[str]] = {}
    for path in sorted((REPO / "src" / "manastack").rglob("*.py")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for m in _LITERAL.finditer(line):
                cited.setdefault(m[1], []).append(f"{path.relative_to(REPO)}:{n}")
    return cited


@pytest.mark.skipif(not REFERENCE.is_file(), reason="../shared/reference is not beside the "
                    "repository")
def test_cr_100_1_cited_rule_numbers_exist_in_the_2017_rules_or_the_seeds() -> None:
    """100.1 (the rules are these Comprehensive Rules): a cited number that the 2017 text
    and the seeds don't define comes from another edition's numbering."""
    known = _known()
    cited = _cited()
    assert len(cited) > 250  # the scan sees the engine's citations
    unknown = {rule: places[:3] for rule, places in cited.items() if rule not in known}
    assert unknown == {}
