"""The browser tests' fixtures: Debian's Chromium driven by Playwright for Python, and a
real ``manastack serve`` process on a free loopback port (its scenario folder: the public
seed scenarios).

They are part of the quick run, where they come first (tests/conftest.py), so that the
first tests sent to a worker hold them all and one Chromium and one server serve them;
``python -m pytest -m browser`` runs them alone.  Without
Playwright or without a Chromium binary they are skipped, saying why; with
``MANASTACK_REQUIRE_BROWSER=1`` (as ``.ci/run`` sets it) they fail instead.
``MANASTACK_CHROMIUM`` names another Chromium binary.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from typing import Any

import pytest
from serverkit import ServerProcess, free_port

from .pagekit import SHARED_SCENARIOS


def _unavailable(reason: str) -> None:
    if os.environ.get("MANASTACK_REQUIRE_BROWSER") == "1":
        pytest.fail(f"browser tests required (MANASTACK_REQUIRE_BROWSER=1) but {reason}",
                    pytrace=False)
    pytest.skip(f"browser tests skipped: {reason} (set MANASTACK_REQUIRE_BROWSER=1 to make "
                "this a failure)")


def chromium_path() -> str | None:
    given = os.environ.get("MANASTACK_CHROMIUM")
    if given:
        return given if os.access(given, os.X_OK) else None
    for name in ("/usr/bin/chromium", "chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return None


@pytest.fixture(scope="package")
def browser() -> Iterator[Any]:
    """Chromium for the browser tests.  (Package-wide, closed after the last of them, not
    session-wide: Playwright's sync API keeps an event loop running while it is open, and
    the server tests that share this process after the browser tests call
    ``asyncio.run``.)"""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("Playwright for Python is not installed (pip install "
                     "'manastack[browser]')")
    for module in ("starlette", "uvicorn", "websockets"):
        try:
            __import__(module)
        except ImportError:
            _unavailable(f"{module} is not installed (pip install 'manastack[web]')")
    path = chromium_path()
    if path is None:
        _unavailable("no Chromium binary (apt-get install chromium; or MANASTACK_CHROMIUM)")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=["--no-sandbox"])
        try:
            yield b
        finally:
            b.close()


@pytest.fixture(scope="package")
def server(browser: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One server for the browser tests (agents in threads), its scenario folder the seed
    scenarios'; each test makes its own games."""
    if not SHARED_SCENARIOS.is_dir():
        _unavailable(f"no seed scenarios at {SHARED_SCENARIOS}")
    db = str(tmp_path_factory.mktemp("server") / "games.sqlite")
    proc = ServerProcess(db, free_port(), extra=("--scenarios", str(SHARED_SCENARIOS)))
    proc.start()
    try:
        yield proc
    finally:
        proc.kill()


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        yield ctx
    finally:
        ctx.close()
