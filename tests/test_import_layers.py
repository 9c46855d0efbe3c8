"""Floors, not loops: every import in ``src/manastack`` points down the layers.

The layers, lowest first (``docs/contributing.md``, "Where things go"):

0. helpers with no knowledge of the rules (errors, input limits, sealing, reprs, copying,
   picking, the shipped deck lists);
1. ``game/``: the nouns (ids, objects, abilities and effect base types, mana, combat and
   step data, actions and decisions, the state) and the events (``log``);
2. ``rules/``: the Comprehensive Rules, including the variant hook base (800-810);
3. ``cards/``: card behaviour and the card database;
4. ``variants/``: the variants (CR 800-904), each with its own cards;
5. ``engine/``: the ``Game`` façade (apply, run, copy, observe) and games' set-up;
6. front ends: agents, play, match, sim, env, decks, replays, scenarios, the auto-pass, the
   table and the terminal game;
7. the game server (``server/``), on the front ends;
8. the command line.

Every import is walked: at module level, inside functions and under ``TYPE_CHECKING``.
An import of a module of a higher layer fails, and so does importing a ``_private`` name
from another package.  A loop inside one package (turn, priority and turn-based actions)
is allowed.
"""

from __future__ import annotations

import ast
from pathlib import Path

import manastack

SOURCE = Path(manastack.__file__).parent

#: Package or top-level module (under ``manastack.``) -> its layer.
LAYERS: dict[str, int] = {
    "errors": 0, "limits": 0, "sealing": 0, "reprs": 0, "copying": 0, "picking": 0,
    "lines": 0,
    "sameness": 0,
    "data": 0,
    "game": 1, "log": 1, "events": 1,
    "rules": 2,
    "cards": 3,
    "variants": 4,
    "engine": 5,
    "agents": 6, "play": 6, "match": 6, "decks": 6, "replays": 6, "scenario": 6,
    "narrative": 6, "stops": 6, "table": 6, "terminal": 6, "sim": 6, "env": 6,
    "server": 7,
    "cli": 8, "__main__": 8, "": 8,
}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SOURCE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _top(module: str) -> str:
    """The package or top-level module of ``manastack.x.y``: ``x`` ("" for manastack)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def _imports(path: Path, module: str | None = None) -> list[tuple[int, str, list[str]]]:
    """(line, imported module, names imported from it) for every import of manastack in
    ``path``, the file of ``module`` (by default the one it is in the package)."""
    module = module or _module_name(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target == "manastack" or target.startswith("manastack."):
                out.append((node.lineno, target, [a.name for a in node.names]))
        elif isinstance(node, ast.Import):
            out.extend((node.lineno, a.name, []) for a in node.names
                       if a.name == "manastack" or a.name.startswith("manastack."))
    return out


def _modules() -> list[Path]:
    return sorted(SOURCE.rglob("*.py"))


def _submodule(target: str, name: str) -> str:
    """``from target import name``: the module imported when ``name`` is one."""
    candidate = f"{target}.{name}"
    rel = candidate.split(".")[1:]
    if (SOURCE.joinpath(*rel).with_suffix(".py")).exists() or \
            SOURCE.joinpath(*rel, "__init__.py").exists():
        return candidate
    return target


def upward_imports() -> list[str]:
    """Every import against the order of the layers, as ``file:line: a -> b``."""
    found = []
    for path in _modules():
        module = _module_name(path)
        here = LAYERS[_top(module)]
        for line, target, names in _imports(path):
            for imported in {_submodule(target, n) for n in names} or {target}:
                if LAYERS[_top(imported)] > here:
                    rel = path.relative_to(SOURCE.parent)
                    found.append(f"{rel}:{line}: {module} -> {imported}")
    return found


def private_imports() -> list[str]:
    """Every ``_private`` name imported from another package, as ``file:line: name``."""
    found = []
    for path in _modules():
        module = _module_name(path)
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        for line, target, names in _imports(path):
            for name in names:
                if name.startswith("_") and not name.startswith("__"):
                    source = _submodule(target, name)
                    source_package = source.rpartition(".")[0] \
                        if source != target or not SOURCE.joinpath(
                            *target.split(".")[1:], "__init__.py").exists() else source
                    if source_package != package:
                        rel = path.relative_to(SOURCE.parent)
                        found.append(f"{rel}:{line}: {target}.{name}")
    return found


def test_every_module_has_a_layer() -> None:
    """Each package and top-level module is placed in a layer (a new one must be)."""
    assert sorted({_top(_module_name(p)) for p in _modules()} - set(LAYERS)) == []


def test_every_import_points_down() -> None:
    """No module imports one of a higher layer, even inside a function or for typing."""
    assert upward_imports() == []


def test_no_private_name_crosses_packages() -> None:
    """A ``_private`` name is used only inside its own package."""
    assert private_imports() == []


def _state_privates() -> set[str]:
    """The names of the game state's private attributes (``_tasks``, ``_next_id``...)."""
    from manastack.engine import Game
    game = Game(["A", "B"], 0)
    names = getattr(game, "__dict__", None) or getattr(type(game), "__mypyc_attrs__", ())
    return {n for n in names if n.startswith("_") and not n.startswith("__")}


def state_private_reads(privates: set[str], paths: list[Path] | None = None) -> list[str]:
    """Every read or write of one of ``privates`` as an attribute (``game._tasks``) in a
    module outside ``game/`` (the state's package) and ``engine/`` (its subclass), as
    ``file:line: name``."""
    found = []
    for path in paths if paths is not None else _modules():
        if paths is None and _top(_module_name(path)) in ("game", "engine"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr in privates and not (
                    isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                found.append(f"{path.name}:{node.lineno}: {node.attr}")
    return found


def test_no_private_attribute_of_the_state_is_read_elsewhere(tmp_path: Path) -> None:
    """The rules, cards, variants and front ends use the state's public attributes and
    methods only (the change journal is public: ``version``, ``wide_version``...; derived
    values are the derived store's, ``game.derived``); its private attributes are its own
    and the engine's.  The walker sees such a read (else the test could not fail)."""
    privates = _state_privates()
    assert "_tasks" in privates
    assert state_private_reads(privates) == []
    sample = tmp_path / "sample.py"
    sample.write_text("def f(game):\n    game._tasks.clear()\n")
    assert state_private_reads(privates, [sample]) == ["sample.py:2: _tasks"]


def test_the_walker_sees_imports_in_functions_and_for_typing(tmp_path: Path) -> None:
    """The walker itself: an import inside a function, under ``TYPE_CHECKING``, or
    relative, is seen (else the tests above could not fail)."""
    sample = tmp_path / "sample.py"
    sample.write_text("from typing import TYPE_CHECKING\n"
                      "if TYPE_CHECKING:\n    from manastack.engine import Game\n"
                      "def f():\n    from manastack.cards import registry\n"
                      "    from .effects import Effect\n")
    found = [t for _, t, _ in _imports(sample, "manastack.cards.sample")]
    assert found == ["manastack.engine", "manastack.cards", "manastack.cards.effects"]


def set_to_set_imports() -> list[str]:
    """Every import, in a module under ``manastack/cards/sets/``, of another module of
    ``manastack.cards.sets`` or of ``manastack.variants``, as ``file:line: a -> b`` (the
    package's ``__init__`` importing its set modules, to register them, is its job)."""
    found = []
    sets_dir = SOURCE / "cards" / "sets"
    for path in sorted(sets_dir.rglob("*.py")):
        module = _module_name(path)
        if path == sets_dir / "__init__.py":
            continue
        for line, target, names in _imports(path):
            for imported in {_submodule(target, n) for n in names} or {target}:
                if imported.startswith(("manastack.cards.sets", "manastack.variants")) \
                        and imported != module:
                    rel = path.relative_to(SOURCE.parent)
                    found.append(f"{rel}:{line}: {module} -> {imported}")
    return found


def test_card_sets_import_no_other_set() -> None:
    """Each set module stands alone: no module of ``manastack.cards.sets`` imports another
    set module (nor a variant's cards).  What cards of two sets share is vocabulary
    (``cards/effects.py``, ``cards/vocab.py``, ``cards/tokens.py``), public and citing
    the rule it implements, so that a set can be read, moved or dropped on its own."""
    assert set_to_set_imports() == []


def test_the_set_walker_sees_an_import_of_another_set(tmp_path: Path) -> None:
    """The walker of the test above sees a set module importing another one."""
    sample = tmp_path / "sample.py"
    sample.write_text("def f():\n    from manastack.cards.sets.m12 import OPPONENT\n")
    found = [t for _, t, _ in _imports(sample, "manastack.cards.sets.m11")]
    assert found == ["manastack.cards.sets.m12"]


def test_cr_100_2_importing_the_package_registers_every_variant() -> None:
    """The variants register themselves when ``manastack.variants`` is imported; the
    engine imports it, so a program that imports only ``manastack`` can play any of them
    (and find their cards: schemes, planes, avatars)."""
    import subprocess
    import sys
    code = ("import manastack, sys\n"
            "from manastack.rules.variant import variant_names\n"
            "from manastack.cards.registry import is_implemented\n"
            "print(' '.join(variant_names()), is_implemented('Feed the Machine'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.split()
    assert {"two_player", "free_for_all", "two_headed_giant", "archenemy",
            "supervillain_rumble", "commander", "planechase", "vanguard"} <= set(out[:-1])
    assert out[-1] == "True"
