"""Log lines name an object that left the battlefield by its last known information."""
from __future__ import annotations

import textwrap

from manastack.log import render_text
from manastack.scenario.model import load_scenarios
from manastack.scenario.runner import Runner


def test_cr_608_2g_sacrificed_target_named_in_log(tmp_path) -> None:
    """CR 601.2c/601.2h, 608.2g: Fling targets the creature sacrificed to pay for it; the
    cast line names that creature by its last known name, not by an object id."""
    f = tmp_path / "fling.yaml"
    f.write_text(textwrap.dedent("""\
        name: fling
        players: [A, B]
        start: {active: A, step: precombat_main}
        state:
          A: {battlefield: [Mountain, Mountain, Grizzly Bears], hand: [Fling]}
        script:
          - {turn: 1, step: precombat_main, player: A, cast: Fling, targets: [Grizzly Bears]}
        expect:
          A: {graveyard: [Fling, Grizzly Bears]}
        """))
    (sc,) = load_scenarios(f)
    r = Runner(sc)
    assert r.run().passed
    text = render_text(r.game.log)
    assert "casts Fling targeting Grizzly Bears" in text
    assert "targeting #" not in text
