"""The page's language switch (issue 39): FR sends the protocol's ``lang`` message; the
log (the server's rendered text, ``normal`` detail, rule citations) and the prompt come
back in French, and the game goes on in French; EN brings English back."""

from __future__ import annotations

import json

import pytest

from .pagekit import POLL_MS, Seat

pytestmark = pytest.mark.browser


def _welcomed(seat: Seat, lang: str) -> dict:
    seat.page.wait_for_function(
        "lang => { const w = window.manastack.frames.map((f) => JSON.parse(f))"
        ".filter((j) => j.type === 'welcome'); return w[w.length - 1].lang === lang; }",
        arg=lang, polling=POLL_MS)
    return [json.loads(f) for f in seat.frames() if '"welcome"' in f][-1]


def test_the_french_switch_applies_live_to_log_and_prompts(server, context):
    """After FR: a French welcome, the log is its events' French text (with their rule
    citations), the prompt and the buttons French; an answer then adds French lines;
    after EN, all of it English again."""
    page = context.new_page()
    seat = Seat(page)
    page.goto(server.url + "/")
    page.wait_for_selector("#seats select")
    page.fill("#seed", "4")
    page.click("#create-go")
    page.wait_for_selector("#compose button.act")
    page.click("#compose button.act >> text=keep")
    page.wait_for_function("() => { const s = window.manastack.state; return s && "
                           "s.decision && s.decision.kind === 'priority'; }", polling=POLL_MS)
    assert "Turn 1 begins" in page.inner_text("#log")
    page.click("#lang-fr")
    welcome = _welcomed(seat, "fr")
    log = page.inner_text("#log")
    assert log.strip() == "\n".join(e["text"] for e in welcome["events"]).strip()
    assert "[500.1] Début du tour 1" in log and "Turn 1 begins" not in log
    assert page.inner_text("#prompt").startswith("Votre décision : Priorité")
    assert page.inner_text("#pass") == "Passer"
    assert "Journal" in page.inner_text("#table")
    lines = len(log.splitlines())
    number = seat.state()["decision"]["number"]
    page.click("#pass")
    seat.wait_answered(number)
    page.wait_for_function("n => document.getElementById('log').innerText.split('\\n')"
                           ".length > n", arg=lines + 1, polling=POLL_MS)
    new = page.inner_text("#log").splitlines()[lines:]
    assert new and any("Fin de" in line or "Début de" in line for line in new), new
    page.click("#lang-en")
    _welcomed(seat, "en")
    page.wait_for_function("() => document.getElementById('log').innerText"
                           ".includes('Turn 1 begins')", polling=POLL_MS)
    assert "Début du tour" not in page.inner_text("#log")
    assert page.inner_text("#prompt").startswith(("Your decision: ", "Waiting for "))
    assert not seat.errors, seat.errors
