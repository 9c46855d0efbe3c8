"""Build script: pure Python by default; compiled with mypyc when MANASTACK_COMPILE=1.

    pip install -e '.[test]'                 # pure Python (development: edit and run)
    MANASTACK_COMPILE=1 pip install .        # the engine compiled to C extensions

The compiled build is about 2.5 times as fast (README, "Compiled engine"); its logs are identical
to the pure package's (scripts/check_compiled.py checks that).  MANASTACK_OPT sets the C
optimisation level (default 3; 0 builds faster, for trying things).  An editable install
is never compiled: its extension modules would shadow the sources being edited.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from setuptools import setup

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


setup(ext_modules=ext_modules(),
      options={"build_ext": {"parallel": os.cpu_count() or 1}})
