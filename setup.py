"""Build script: pure Python by default; compiled with mypyc when MANASTACK_COMPILE=1.

    pip install -e '.[test]'                 # pure Python (development: edit and run)
    MANASTACK_COMPILE=1 pip install .        # the engine compiled to C extensions

The compiled build is about 2.5 times as fast (README, "Compiled engine"); its logs are identical
to the pure package's (scripts/check_compiled.py checks that).  MANASTACK_OPT sets the C
optimisation level (default 3; 0 builds faster, for trying things).  An editable install
is never compiled: its extension modules would shadow the sources being edited.

With GCC or Clang the library is linked with its functions hidden and link-time
optimised (:class:`BuildExt`): the compiled modules call each other directly instead of
through the procedure linkage table, and small functions are inlined across modules.
``MANASTACK_LTO=0`` leaves link-time optimisation out (a faster build).
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
#: scenario files), which gain nothing from compiling.
PURE = {"errors.py", "cli.py", "__main__.py", "scenario"}


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
    """"gcc", "clang" or "" (another compiler, or none that answers ``--version``)."""
    try:
        out = subprocess.run([*command[:1], "--version"], capture_output=True, text=True,
                             timeout=30).stdout
    except (OSError, subprocess.SubprocessError):
        return ""
    if "clang" in out:
        return "clang"
    return "gcc" if "Free Software Foundation" in out else ""


class BuildExt(build_ext):
    """build_ext that links the compiled engine as one optimised library.

    The mypyc library holds every compiled module; its functions call each other by
    their C names.  Left visible (the default), each such call goes through the
    procedure linkage table and can't be inlined, since another library could
    interpose the symbol.  Hidden, they are direct calls: only the module init
    functions must be exported, and Python marks those visible itself
    (``PyMODINIT_FUNC``); the per-module shims find the rest through capsules.  With
    link-time optimisation the compiler also inlines across the modules' C files.
    """

    def build_extensions(self) -> None:
        family = compiler_family(list(self.compiler.compiler_so)) \
            if self.compiler.compiler_type == "unix" else ""
        if family:
            compile_args = ["-fvisibility=hidden", "-fno-semantic-interposition"]
            link_args: list[str] = []
            if os.environ.get("MANASTACK_LTO", "1") != "0":
                lto = "-flto=auto" if family == "gcc" else "-flto=thin"
                compile_args.append(lto)
                link_args.append(lto)
            for ext in self.extensions:
                ext.extra_compile_args = [*(ext.extra_compile_args or []), *compile_args]
                ext.extra_link_args = [*(ext.extra_link_args or []), *link_args]
        super().build_extensions()


setup(ext_modules=ext_modules(), cmdclass={"build_ext": BuildExt},
      options={"build_ext": {"parallel": os.cpu_count() or 1}})
