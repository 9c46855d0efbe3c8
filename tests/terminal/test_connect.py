"""``manastack play --connect URL``: the terminal's screens playing a seat of a game on a
server over its protocol (docs/terminal.md, docs/protocol.md): a whole game at the plain
prompt driven by stdin against the heuristic agent (with an undo, CR 116), the
full-screen app answering by keys, and bad links in one line (exit 2)."""

from __future__ import annotations

import asyncio
import os
import queue
import re
import subprocess
import sys
import threading
import time

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("websockets")

from serverkit import SRC, ServerProcess, free_port  # noqa: E402
from terminal_keys import SIZE, screen_text, settle  # noqa: E402

from manastack.cli import main  # noqa: E402

GAME = {"seed": 3, "max_turns": 6, "seats": [{"kind": "human"},
                                             {"kind": "agent", "agent": "heuristic"}]}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = ServerProcess(str(tmp_path_factory.mktemp("srv") / "g.sqlite"), free_port())
    s.start()
    yield s
    s.kill()


class Player:
    """``manastack play --connect URL --plain`` in a subprocess, read up to each
    prompt."""

    def __init__(self, url: str) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "manastack", "play", "--connect", url, "--plain"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            env={**os.environ, "PYTHONPATH": SRC})
        self.chunks: queue.Queue[bytes] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.seen = ""

    def _read(self) -> None:
        assert self.proc.stdout is not None
        while True:
            b = os.read(self.proc.stdout.fileno(), 65536)
            self.chunks.put(b)
            if not b:
                return

    def until_prompt(self, timeout: float = 60) -> str | None:
        """The text up to the next ``Alice> `` prompt; None once the program ended."""
        text = ""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                b = self.chunks.get(timeout=1)
            except queue.Empty:
                continue
            if not b:
                self.seen += text
                return None
            text += b.decode()
            if text.endswith("Alice> "):
                self.seen += text
                return text
        raise AssertionError(f"no prompt: {text[-2000:]}")

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write((line + "\n").encode())
        self.proc.stdin.flush()


def _choices(text: str) -> dict[str, str]:
    """The numbered answers shown: text -> number."""
    return {m.group(2): m.group(1) for m in re.finditer(r"^ +(\d+)\. (.+)$", text, re.M)}


def test_connect_plain_plays_a_whole_game_by_stdin_against_the_heuristic(server):
    """A whole game on the server by lines typed at the plain prompt: keep, play lands,
    pass; a land play undone over the protocol (nobody else decided: CR 116) and played
    again; the game ends with its result line, and the server has it finished."""
    made = server.create(GAME)
    player = Player(f"{server.url}/?token={made['seats'][0]['token']}")
    undone = False
    try:
        for _ in range(600):
            text = player.until_prompt()
            if text is None:
                break
            choices = _choices(text)
            lands = [n for t, n in choices.items() if t.startswith("play ")]
            if "keep" in choices:
                player.send("keep")
            elif lands and not undone:
                player.send(lands[0])
                nxt = player.until_prompt()
                assert nxt is not None
                player.send("undo")
                after = player.until_prompt()
                assert after is not None and "(undone)" in after, after[-600:]
                assert lands[0] in _choices(after).values()
                player.send(lands[0])
                undone = True
            elif lands:
                player.send(lands[0])
            elif "pass" in choices:
                player.send("pass")
            elif choices:
                player.send("1")
            else:
                player.send("attack" if "attack" in text.rsplit("\n", 3)[0].lower()
                            else "block")
        assert player.proc.wait(timeout=60) == 0, player.proc.stderr.read().decode()
    finally:
        if player.proc.poll() is None:
            player.proc.kill()
    assert undone
    assert "Traceback" not in player.seen
    games = server.get("/games")["games"]
    assert made["game"] in [g["id"] for g in games]
    result = next(g["result"] for g in games if g["id"] == made["game"])
    assert result and result in player.seen


@pytest.mark.parametrize("link, words", [
    ("nonsense", "not a seat's link"),
    ("http://127.0.0.1:1/nothing", "not a seat's link"),
    ("ftp://127.0.0.1/ws/abc", "not a seat's link"),
])
def test_connect_bad_links_are_one_line_exit_2(link, words, capsys):
    assert main(["play", "--connect", link, "--plain"]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1 and "Traceback" not in err


def test_connect_unreachable_server_and_refused_tokens_are_one_line_exit_2(server, capsys):
    """No server at the address; a token the server doesn't know (or a finished game's);
    the spectators' link (it plays no seat)."""
    assert main(["play", "--connect", f"ws://127.0.0.1:{free_port()}/ws/abc"]) == 2
    err = capsys.readouterr().err
    assert "can't reach the server" in err and err.count("\n") == 1
    assert main(["play", "--connect", f"{server.url}/?token=not-a-token", "--plain"]) == 2
    err = capsys.readouterr().err
    assert "refused the link: unknown token" in err and err.count("\n") == 1
    made = server.create(GAME)
    assert main(["play", "--connect", f"{server.url}{made['spectator']['ws']}"]) == 2
    err = capsys.readouterr().err
    assert "spectators' link" in err and err.count("\n") == 1


async def until(pilot, app, condition, seconds: float = 30.0) -> None:  # type: ignore[no-untyped-def]
    """Settle, then wait (at most ``seconds``) until ``condition()``: the answer goes to
    the server and the next question comes back in a worker thread, which a loaded
    machine may start after the first settle."""
    import asyncio
    import time

    await settle(pilot, app)
    end = time.monotonic() + seconds
    while not condition() and time.monotonic() < end:
        await asyncio.sleep(0.01)
        await settle(pilot, app)


def test_connect_the_full_screen_app_answers_by_keys(server):
    """The Textual app on a seat of the server: the mulligan answered by its number, a
    land played by its typed notation, undone with Ctrl+Z (CR 116), in French."""
    from manastack.terminal.app import TableApp
    from manastack.terminal.remote import RemoteSeat

    made = server.create(GAME)
    seat = RemoteSeat(f"{server.url}{made['seats'][0]['ws']}", "fr")
    app = TableApp(seat)

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            for _ in range(40):
                q = app.question
                assert q is not None
                texts = [c.text for c in q.choices]
                if "keep" in texts:
                    await pilot.press(*str(texts.index("keep") + 1), "enter")
                elif any(t.startswith("play ") for t in texts):
                    break
                else:
                    await pilot.press(*str(texts.index("pass") + 1), "enter")
                await settle(pilot, app)
            q = app.question
            assert q is not None and "Main de Alice" in screen_text(app)
            hand = len(seat.state["observation"]["players"][0]["hand"])
            land = next(c for c in q.choices if c.text.startswith("play "))
            def in_hand() -> int:
                return len(seat.state["observation"]["players"][0]["hand"])

            await pilot.press(*str(land.number), "enter")
            await until(pilot, app, lambda: in_hand() == hand - 1)
            assert in_hand() == hand - 1
            await pilot.press("ctrl+z")
            await until(pilot, app, lambda: in_hand() == hand)
            assert in_hand() == hand
            assert "annulé" in screen_text(app)
            await pilot.press("ctrl+q")
            await settle(pilot, app)
        assert "serveur" in app.final_line

    try:
        asyncio.run(run())
    finally:
        seat.close()


def test_connect_sets_the_seats_stops_on_the_server(server, capsys):
    """``--stops SPEC`` with ``--connect``: the protocol's ``stops`` message (the server
    keeps them, docs/stops.md); a bad spec is one line before connecting."""
    from manastack.terminal.remote import RemoteSeat

    made = server.create(GAME)
    seat = RemoteSeat(f"{server.url}{made['seats'][0]['ws']}", stops="own=upkeep,"
                      "precombat_main;stack=off")
    try:
        assert seat.state["stops"]["own"] == ["precombat_main", "upkeep"]
        assert seat.state["stops"]["stack"] is False
    finally:
        seat.close()
    assert main(["play", "--connect", f"{server.url}{made['seats'][0]['ws']}",
                 "--stops", "own=nowhere"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "nowhere" in err


def test_connect_a_server_gone_during_the_game_is_one_line_exit_2(tmp_path):
    """The server killed while the person decides: their next answer can't be sent or
    answered; the prompt ends with one line and exit code 2 (no traceback)."""
    s = ServerProcess(str(tmp_path / "g.sqlite"), free_port())
    s.start()
    try:
        made = s.create(GAME)
        player = Player(f"{s.url}{made['seats'][0]['ws']}")
        assert player.until_prompt() is not None
    finally:
        s.kill()
    player.send("keep")
    assert player.until_prompt() is None
    assert player.proc.wait(timeout=30) == 2
    err = player.proc.stderr.read().decode()
    assert err.startswith("manastack: --connect: ") and err.count("\n") == 1, err
