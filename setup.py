"""Build script: pure Python by default; compiled with mypyc when MANASTACK_COMPILE=1.

    pip install -e '.[test]'                 # pure Python (development: edit and run)
    MANASTACK_COMPILE=1 pip install .        # the engine compiled to C extensions

The compiled build is about four times as fast (README, "Compiled engine"); its logs are identical
to the pure package's (scripts/check_compiled.py checks that).  MANASTACK_OPT sets the C
optimisation level (default 3; 0 builds faster, for trying things).  An editable install
is never compiled: its extension modules would shadow the sources being edited.

With GCC or Clang the library is linked with its functions hidden (:class:`BuildExt`):
the compiled modules call each other directly instead of through the procedure linkage
table.  With GCC (10 or later) it is also link-time optimised, small functions inlined
across modules, and optimised from a profile (PGO): built once instrumented, made to play
a few random games (:data:`TRAINING`), then built again from what those games measured.
``MANASTACK_PGO=0`` leaves the profile out, ``MANASTACK_LTO=0`` link-time optimisation
(faster builds).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
PACKAGE = ROOT / "src" / "manastack"

#: Modules left pure Python: errors.py (its exceptions subclass several builtin
#: exceptions, which compiled classes can't) and the cold tools (command line,
#: scenario files, the bounded readers of replay files), which gain nothing from
#: compiling, and sealing.py (what pure Python alone needs: compiled events are
#: read-only already), the game server (server/: I/O bound, its web dependencies
#: optional), sim (the simulation front end: its specs and records travel between
#: processes by pickle, and its games' time is the compiled engine's) and the
#: environments' classes (env/: subclasses of PettingZoo's and Gymnasium's classes, optional
#: dependencies; their configuration error, a builtin exception's subclass); what they
#: step at every env step (the game and its sub-decisions, the observation arrays, the
#: action trees) is compiled.
PURE = {"errors.py", "cli.py", "__main__.py", "scenario", "limits.py", "replays.py",
        "table.py", "terminal", "sealing.py", "server", "sim", "env/__init__.py",
        "env/aec.py", "env/config.py", "env/duel.py", "env/masking.py", "env/text.py"}


def compiled_modules() -> list[str]:
    """The source files to compile, relative to ROOT."""
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE)
        if rel.parts[0] in PURE or str(rel) in PURE:
            continue
        out.append(str(path.relative_to(ROOT)))
    return out


def ext_modules() -> list:  # type: ignore[type-arg]
    if os.environ.get("MANASTACK_COMPILE") != "1":
        return []
    if any(a in ("develop", "editable_wheel") for a in sys.argv):
        sys.exit("MANASTACK_COMPILE=1 is for regular installs (pip install .), not editable "
                 "ones: the compiled modules would shadow the sources")
    from mypyc.build import mypycify

    os.chdir(ROOT)
    os.environ["MYPYPATH"] = "src"  # module names from src/ (namespace packages)
    return mypycify(
        [*compiled_modules(), "--config-file", "pyproject.toml", "--explicit-package-bases"],
        opt_level=os.environ.get("MANASTACK_OPT", "3"),
        multi_file=True,
    )


def compiler_family(command: list[str]) -> str:
    """The family of the C compiler ``command``: "gcc" (GCC 10 or later: link-time
    optimisation with a job count, partial-training profiles), "cc" (an older GCC, or
    Clang: hidden symbols only) or "" (another compiler, or one that doesn't answer)."""
    def ask(option: str) -> str:
        try:
            return subprocess.run([*command[:1], option], capture_output=True, text=True,
                                  timeout=30).stdout
        except (OSError, subprocess.SubprocessError):
            return ""

    out = ask("--version")
    if "Free Software Foundation" in out:
        major = ask("-dumpversion").split(".")[0].strip()
        return "gcc" if major.isdigit() and int(major) >= 10 else "cc"
    return "cc" if "clang" in out else ""


#: The training run of a profile-guided build: random games between the default decks
#: (the main job and the benchmark's games, other seeds) and between random decks from
#: the whole pool, their logs rendered as ``manastack play`` does.
TRAINING = """
from manastack.agents import RandomAgent
from manastack.decks import random_pool_deck
from manastack.log import render_text
from manastack.play import default_deck, play_to_end
from manastack.engine import new_game

DECKS = [default_deck("red_green"), default_deck("white_black")]
for seed in range(10_000, 10_060):
    g = new_game(["Alice", "Bob"], DECKS, seed)
    play_to_end(g, [RandomAgent(2 * seed + 1), RandomAgent(2 * seed + 2)], 100_000)
    render_text(g.log)
for seed in range(10_000, 10_012):
    decks = [random_pool_deck(2 * seed), random_pool_deck(2 * seed + 1)]
    g = new_game(["Alice", "Bob"], decks, seed)
    play_to_end(g, [RandomAgent(3 * seed + 1), RandomAgent(3 * seed + 2)], 20_000)
    g.copy()
"""


class BuildExt(build_ext):
    """build_ext that links the compiled engine as one optimised library.

    The mypyc library holds every compiled module; its functions call each other by
    their C names.  Left visible (the default), each such call goes through the
    procedure linkage table and can't be inlined, since another library could
    interpose the symbol.  Hidden, they are direct calls: only the module init
    functions must be exported, and Python marks those visible itself
    (``PyMODINIT_FUNC``); the per-module shims find the rest through capsules.  With
    GCC, link-time optimisation also inlines across the modules' C files, and the
    profile lays the code out for the branches games take.
    """

    def build_extensions(self) -> None:
        family = compiler_family(list(self.compiler.compiler_so)) \
            if self.compiler.compiler_type == "unix" and self.extensions else ""
        if not family:
            super().build_extensions()
            return
        base = ["-fvisibility=hidden", "-fno-semantic-interposition"]
        link: list[str] = []
        if family == "gcc" and os.environ.get("MANASTACK_LTO", "1") != "0":
            base.append("-flto=auto")
            link.append("-flto=auto")
        original = [(list(e.extra_compile_args or []), list(e.extra_link_args or []))
                    for e in self.extensions]

        def build(extra: list[str]) -> None:
            for ext, (compile_args, link_args) in zip(self.extensions, original, strict=True):
                ext.extra_compile_args = [*compile_args, *base, *extra]
                ext.extra_link_args = [*link_args, *link, *extra]
            super(BuildExt, self).build_extensions()

        if family != "gcc" or os.environ.get("MANASTACK_PGO", "1") == "0":
            build([])
            return
        profile = Path(self.build_temp).resolve() / "pgo-profile"
        for old in profile.glob("*.gcda"):
            old.unlink()  # (a profile of an earlier build of other sources)
        build([f"-fprofile-generate={profile}"])
        self.train()
        self.force = self.compiler.force = True  # (everything again, from the profile)
        build([f"-fprofile-use={profile}", "-fprofile-partial-training",
               "-Wno-missing-profile"])

    def train(self) -> None:
        """Run :data:`TRAINING` on the instrumented build, imported from the directory
        that holds the built library: the build directory (an in-place build copies the
        extensions to the sources afterwards), where build_py puts the pure modules and
        the package data."""
        self.run_command("build_py")  # (done already by a wheel build; not by build_ext)
        lib = next((e for e in self.extensions if e.name.endswith("__mypyc")), None)
        if lib is None:
            raise RuntimeError("no mypyc library among the extensions to train")
        where = Path(self.get_ext_fullpath(lib.name)).resolve().parent
        print(f"training the profile-guided build ({where})", flush=True)
        # (kept: pip's isolated build finds its packages, mypy_extensions, through it)
        path = os.pathsep.join(p for p in (str(where), os.environ.get("PYTHONPATH")) if p)
        env = dict(os.environ, PYTHONPATH=path, PYTHONSAFEPATH="1")
        subprocess.run([sys.executable, "-c", TRAINING], env=env, cwd=where, check=True)


setup(ext_modules=ext_modules(), cmdclass={"build_ext": BuildExt},
      options={"build_ext": {"parallel": os.cpu_count() or 1}})
