"""Playing the page by clicks (the browser tests): a seat's page, a click policy that
plays whole games with what the page shows, and the clicks that give a known answer
(a scenario's scripted decisions).

Everything goes through clicks on what the page draws: the cards and players it makes
clickable (class ``can``), its buttons (Pass, Attack/Block, Choose, the options, the
remaining answers of a card).  The numbered list of legal answers is the fallback of
:func:`give`, counted, for what the page can't build by clicks.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

#: The public seed scenarios (``../shared`` beside the checkout).
SHARED_SCENARIOS = Path(__file__).resolve().parents[2].parent / "shared" / "scenarios"

#: How long a test waits for the page to show the next thing (ms).
WAIT_MS = 60_000
#: How often a wait looks again (ms; not at each animation frame: a page in the
#: background gets few).
POLL_MS = 25


def ref_selector(ref: Any) -> str:
    """The CSS selector of a card or player drawn on the page (``data-ref``: its JSON)."""
    return f"[data-ref='{json.dumps(ref)}']"


@dataclass
class Seat:
    """One page: a seat's (or the spectators') view of a game."""

    page: Any
    errors: list[str] = field(default_factory=list)
    fallbacks: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.page.on("pageerror", lambda e: self.errors.append(f"page error: {e}"))

    def state(self) -> dict[str, Any] | None:
        return self.page.evaluate("window.manastack.state")  # type: ignore[no-any-return]

    def frames(self) -> list[str]:
        return self.page.evaluate("window.manastack.frames")  # type: ignore[no-any-return]

    def error_line(self) -> str:
        return self.page.inner_text("#error").strip()  # type: ignore[no-any-return]

    def wait_turn(self, after: int = -1, timeout: float = WAIT_MS) -> dict[str, Any]:
        """Wait until the game is over or this seat has a decision numbered above
        ``after``; the state frame."""
        self.page.wait_for_function(
            "n => { const s = window.manastack.state; return s && (s.over || "
            "(s.decision && s.decision.number > n)); }", arg=after, timeout=timeout,
            polling=POLL_MS)
        got = self.state()
        assert got is not None
        return got

    def wait_answered(self, number: int, timeout: float = WAIT_MS) -> None:
        """Wait until the decision ``number`` was answered (or an error is shown: the
        test fails with it)."""
        self.page.wait_for_function(
            "n => { const s = window.manastack.state; return (s && (s.over || "
            "s.answers > n)) || document.getElementById('error').textContent; }",
            arg=number, timeout=timeout, polling=POLL_MS)
        err = self.error_line()
        assert not err, f"the server refused an answer: {err}"

    def clickable(self, ref: Any) -> Any | None:
        loc = self.page.locator(ref_selector(ref) + ".can")
        return loc.first if loc.count() else None

    def buttons(self, css: str) -> tuple[Any, list[str]]:
        loc = self.page.locator(css)
        return loc, [t.strip() for t in loc.all_inner_texts()]

    def click_text(self, css: str, text: str) -> bool:
        loc, texts = self.buttons(css)
        if text not in texts:
            return False
        loc.nth(texts.index(text)).click()
        return True

    def pending(self, number: int) -> bool:
        """Is decision ``number`` shown and not answered yet by the page?"""
        return bool(self.page.evaluate(
            "n => { const m = window.manastack; return !!(m.state && m.state.decision && "
            "m.state.decision.number === n && m.sent !== n); }", number))


def _flat(v: Any) -> list[Any]:
    if isinstance(v, list):
        return [x for item in v for x in _flat(item)]
    return [v]


def give(seat: Seat, action: dict[str, Any], text: str) -> str:
    """Give the pending decision's answer ``action`` (its JSON) whose notation is
    ``text`` by clicks on the page; "click", or "list" when the numbered list had to be
    used (counted in ``seat.fallbacks``)."""
    s = seat.state()
    assert s is not None and s["decision"] is not None
    d = s["decision"]
    number, kind, verb = d["number"], d["kind"], action["verb"]
    page = seat.page
    page.bring_to_front()  # (a page in the background is drawn slowly: clicks wait)
    if kind == "priority" and verb == "pass":
        page.click("#pass")
    elif kind == "priority" and verb in ("cast", "play", "activate", "special"):
        refs = [action.get("card", action.get("source"))] + _flat(action.get("targets", []))
        for ref in refs:
            if not seat.pending(number):
                break
            loc = seat.clickable(ref)
            if loc is not None:  # (a single candidate is picked by the page itself)
                loc.click()
        if seat.pending(number) and not seat.click_text("#compose button.act", text):
            return _fallback(seat, text)
    elif kind in ("declare_attackers", "declare_blockers"):
        pairs = action["attacks"] if verb == "attack" else action["blocks"]
        for creature, to in pairs:
            tos = to if verb == "block" else [to]
            if len(tos) != 1 or seat.clickable(creature) is None:
                return _fallback(seat, text)
            seat.clickable(creature).click()
            loc = seat.clickable(tos[0])
            if loc is not None:
                loc.click()
        page.click("#combat-go")
    elif d.get("choice") and verb == "choose":
        values = [json.dumps(o["value"]) for o in d["choice"]["options"]]
        for item in action["items"]:
            if json.dumps(item) not in values:
                return _fallback(seat, text)
            page.click(f"#compose [data-option='{values.index(json.dumps(item))}']")
        if seat.pending(number):
            page.click("#choose-go")
    elif verb == "assign" and action["assignments"] and page.locator("#assign").count():
        for src, parts in action["assignments"]:  # (the amounts typed in, then Assign)
            for inp in page.locator(f"#assign input[data-src='{src}']").all():
                given = [n for to, n in parts if json.dumps(to) == inp.get_attribute("data-to")]
                inp.fill(str(given[0] if given else 0))
                inp.dispatch_event("change")
        page.click("#assign-go")
    elif not seat.click_text("#compose button.act", text):
        return _fallback(seat, text)
    seat.wait_answered(number)
    return "click"


def _fallback(seat: Seat, text: str) -> str:
    s = seat.state()
    assert s is not None and s["decision"] is not None
    number = s["decision"]["number"]
    if seat.pending(number) and seat.page.locator("#cancel").count():
        seat.page.click("#cancel")
    seat.fallbacks.append(text)
    if seat.click_text("#legal button", text):
        seat.wait_answered(number)
        return "list"
    # (an answer the server doesn't list, e.g. the default damage assignment: typed)
    seat.page.fill("#notation", text)
    seat.page.press("#notation", "Enter")
    seat.wait_answered(number)
    return "typed"


# ------------------------------------------------------------ the click policy


def play_one(seat: Seat, rng: random.Random) -> str:
    """Answer the pending decision of ``seat`` the way a person clicking around would:
    keep the hand, play a land, cast what can be cast (its targets on the other side
    first; the largest X), attack with every creature that can, block the first
    attacker with one creature, choose the first options; pass otherwise.  What it did
    (the decision's kind)."""
    s = seat.state()
    assert s is not None and s["decision"] is not None
    d = s["decision"]
    number, kind = d["number"], d["kind"]
    page = seat.page
    page.bring_to_front()
    me = s["seat"]
    if kind == "mulligan":
        page.click("#compose button.act >> text=keep")
    elif kind == "priority":
        _priority(seat, rng, number, me)
    elif kind == "declare_attackers":
        for c in d["candidates"]:
            loc = seat.clickable(c["id"])
            if loc is not None:
                loc.click()
                player = page.locator(".who.can")  # (what it attacks, when it may choose)
                if player.count():
                    player.nth(rng.randrange(player.count())).click()
        page.click("#combat-go")
    elif kind == "declare_blockers":
        cands = d["candidates"]
        if cands and rng.random() < 0.7:
            seat.clickable(cands[0]["id"]).click()
            attackers = page.locator(f".side:not([data-player='{me}']) .card.can")
            if attackers.count():
                attackers.first.click()
        page.click("#combat-go")
    elif d.get("choice"):
        need = max(1, d["choice"]["min"])
        for k in range(min(need, len(d["choice"]["options"]))):
            if not seat.pending(number):
                break
            page.click(f"#compose [data-option='{k}']")
        if seat.pending(number) and page.locator("#choose-go").count():
            page.click("#choose-go")
    else:
        loc = page.locator("#compose button.act")
        (loc if loc.count() else page.locator("#legal button")).first.click()
    seat.wait_answered(number)
    return kind


def _priority(seat: Seat, rng: random.Random, number: int, me: int) -> None:
    page = seat.page
    hand = page.locator("#hand .card.can")
    names = [n.strip() for n in hand.all_inner_texts()]
    legal = [t.strip() for t in page.locator("#legal button").all_inner_texts()]
    lands = [i for i, n in enumerate(names) if any(t.split(" #")[0] == f"play {n}"
                                                    for t in legal)]
    s = seat.state()
    opponents_turn = s is not None and s["observation"]["active_player"] != me
    if lands:
        hand.nth(lands[0]).click()
    elif names and (not opponents_turn or rng.random() < 0.5):
        hand.nth(rng.randrange(len(names))).click()
        for _ in range(8):  # its targets, X, modes
            if not seat.pending(number):
                return
            acts = page.locator("#compose button.act")
            if acts.count():
                acts.last.click()
                continue
            theirs = page.locator(f".side:not([data-player='{me}']) .can")
            anything = page.locator(".can")
            if theirs.count():
                theirs.first.click()
            elif anything.count():
                anything.first.click()
            else:
                break
        if seat.pending(number) and page.locator("#cancel").count():
            page.click("#cancel")
    if seat.pending(number):
        page.click("#pass")
