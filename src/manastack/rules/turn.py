"""The turn structure (CR 500-514, seed 000): turns, phases, steps and their order.

A turn is planned as a list of steps (a main phase is a step of its own
phase).  Steps begin, run their turn-based actions (CR 703), give priority
where players get it, and end; then the next step of the plan begins.
Extra turns, phases and steps are inserted into the plan; skipped ones are
ignored as if they did not exist (CR 500.7-500.10).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from manastack.events import ManaChanged, PhaseBegan, PhaseEnded, StepBegan, StepEnded, TurnBegan
from manastack.game.turn import DISPLAY, NO_PRIORITY, StepInfo
from manastack.lines import TERMS, Items, Line, Raw, Term, Who, Word, keep, say
from manastack.rules import (
    priority,  # (a cycle: priority imports this module)
    tba,
)
from manastack.rules.board import board
from manastack.rules.combat import begin_combat_phase, end_combat_phase
from manastack.rules.effects_end import (
    end_effects_at_begin,
    end_effects_at_end,
    end_effects_at_turn_start,
    end_effects_of_departed_turn,
)
from manastack.rules.static import skip_step_by_static
from manastack.rules.variant import variant_of

if TYPE_CHECKING:
    from manastack.game.state import GameState

#: Step name -> phase name.
PHASE_OF: Final = {
    "untap": "beginning", "upkeep": "beginning", "draw": "beginning",
    "main": "main", "precombat_main": "main", "postcombat_main": "main",
    "beginning_of_combat": "combat", "declare_attackers": "combat",
    "declare_blockers": "combat", "combat_damage": "combat", "combat_damage_2": "combat",
    "end_of_combat": "combat", "end": "ending", "cleanup": "ending",
}
STEP_RULES: Final = {
    "untap": "502", "upkeep": "503", "draw": "504", "precombat_main": "505",
    "postcombat_main": "505", "beginning_of_combat": "507", "declare_attackers": "508",
    "declare_blockers": "509", "combat_damage": "510", "combat_damage_2": "510.4",
    "end_of_combat": "511", "end": "513", "cleanup": "514",
}
PHASE_RULES: Final = {"beginning": "501", "main": "505", "combat": "506", "ending": "512"}
#: How the phases other than a main phase are named as they begin and end.
_PHASE_DISPLAY: Final = {"beginning": "Beginning phase", "combat": "Combat phase",
                         "ending": "Ending phase"}
#: The steps of each phase, in order (CR 501.1, 505, 506.1, 512.1).
_PHASE_STEP_NAMES: Final = {
    "beginning": ("untap", "upkeep", "draw"),
    "main": ("main",),
    "combat": ("beginning_of_combat", "declare_attackers", "declare_blockers",
               "combat_damage", "end_of_combat"),
    "ending": ("end", "cleanup"),
}


def turn_limit_reached(limit: int) -> Line:
    """Why a game that reached ``GameOptions.max_turns`` stopped (no rule ends it: it is
    stopped unfinished, neither won nor drawn, ``Game.stopped``)."""
    return say("the turn limit ({limit}) was reached", "la limite de {limit} tours est atteinte",
               limit=limit)


def step_term(name: str) -> Term | Raw:
    """The step (or main phase) ``name`` as an argument of a line: its rule term ("upkeep
    step" / "étape d'entretien"); a name that is no step's, as it is."""
    return Term(name) if name in DISPLAY else Raw(name)


def _heading(key: str, en: str) -> Word:
    """The step or phase ``key`` at the start of a line: ``en`` in English ("Upkeep step":
    capitalised, which a :class:`~manastack.lines.Term` isn't) and, in French, its term
    after "de" ("de l'étape d'entretien", for "Fin de l'étape d'entretien")."""
    return Word(en, Term(key).text("fr", "de") if key in TERMS else f"de {key}")


class _StepEvents:
    """What the events of a step's beginning and end hold, made once per step name: the
    step's rule and lines (those of its beginning for each active player), and the phase's
    lines.  A line is immutable: one is shared by every event it is the line of."""

    def __init__(self, name: str, phase: str) -> None:
        self.rule = STEP_RULES.get(name, "500")
        self.name = name
        self.phase = phase
        self.term = step_term(name)
        #: "Upkeep step ends" (a main phase's too, 505.2: it has no steps).
        self.ends = say("{step} ends", "Fin {step}",
                        step=_heading(name, DISPLAY.get(name, name).capitalize()))
        heading = _heading(phase, _PHASE_DISPLAY.get(phase, phase))
        self.phase_begins = say("{phase} begins", "Début {phase}", phase=heading)
        self.phase_ends = say("{phase} ends", "Fin {phase}", phase=heading)
        self._begins: dict[int, tuple[str, Line]] = {}

    def begins(self, game: GameState, player: int) -> Line:
        """"Alice's upkeep step begins", ``player`` being the active player (made once per
        player and name)."""
        name = game.players[player].name
        made = self._begins.get(player)
        if made is None or made[0] != name:
            made = self._begins[player] = (name, say(
                "{who}'s {step} begins", "Début {step:de} {who:de}", who=Who(player, name),
                step=self.term))
        return made[1]


#: Step name -> its :class:`_StepEvents` (made when the step first begins: every turn
#: begins and ends most steps).
_STEP_EVENTS: Final[dict[str, _StepEvents]] = {}


def _step_events(name: str, phase: str) -> _StepEvents:
    """The :class:`_StepEvents` of step ``name`` of ``phase``."""
    ex = _STEP_EVENTS.get(name)
    if ex is None or ex.phase != phase:
        ex = _STEP_EVENTS[name] = _StepEvents(name, phase)
    return ex


def phase_steps(phase: str, phase_id: int, extra: bool = False) -> list[StepInfo]:
    """The steps of one phase, in order (CR 501.1, 505, 506.1, 512.1)."""
    return [StepInfo(n, phase, phase_id, extra) for n in _PHASE_STEP_NAMES[phase]]


#: The steps of a normal turn (CR 500.1): (name, phase, which of the five phases it is in).
_NORMAL_TURN: Final = tuple((name, phase, i) for i, phase in enumerate(
    ("beginning", "main", "combat", "main", "ending"), 1) for name in _PHASE_STEP_NAMES[phase])


def normal_turn_plan(game: GameState) -> list[StepInfo]:
    """The five phases in order (CR 500.1), each with a new phase id (the next five)."""
    flags = game.turn_flags
    last: int = flags.get("_phase_ids", 0)
    flags["_phase_ids"] = last + 5
    return [StepInfo(name, phase, last + i) for name, phase, i in _NORMAL_TURN]


def _new_phase_id(game: GameState) -> int:
    n: int = game.turn_flags.get("_phase_ids", 0) + 1
    game.turn_flags["_phase_ids"] = n
    return n


# ------------------------------------------------------------ turns


def begin_next_turn(game: GameState) -> None:
    """Start the next turn: the most recent extra turn first (CR 500.7), else turn order."""
    if game.over:
        return
    if game.turn_number >= game.options.max_turns:
        from manastack.rules.sba import stop_game
        stop_game(game, turn_limit_reached(game.options.max_turns))
        return
    if game.extra_turns:
        player = variant_of(game).extra_turn_player(game, game.extra_turns.pop())  # 805.8
        extra = True
        if not game.players[player].in_game:
            # 800.4j: a player who has left the game doesn't begin a turn, extra ones too
            game.note("800.4j", say("{who}'s extra turn doesn't begin: they have left the "
                                    "game", "Le tour supplémentaire {who:de} ne commence pas : "
                                    "ce joueur a quitté la partie", who=game.who(player)))
            end_effects_of_departed_turn(game, player)  # 800.4k
            game.push(begin_next_turn)
            return
    else:
        player = game.next_normal_player
        while not game.players[player].in_game:  # 800.4j
            player = game.next_player(player)
        variant = variant_of(game)
        if not all(p.in_game for p in game.players):  # 800.4k: turns that would have begun
            last = game.last_normal_player
            for p in variant.departed_turn_players(
                    game, game.active_player if last is None else last, player):
                end_effects_of_departed_turn(game, p)
        game.last_normal_player = player
        game.next_normal_player = variant.next_turn_player(game, player)
        extra = False
    if _consume_skip_team(game, "turn", "turn", player):
        game.note("500.10", say("{who} skips a turn", "{who} passe un tour",
                                who=game.who(player)))
        game.push(begin_next_turn)
        return
    start_turn(game, player, extra)


def start_turn(game: GameState, player: int, extra: bool = False) -> None:
    game.settle_control()  # changes of control belong to the turn that ends (302.6)
    game.turn_number += 1
    game.active_player = player
    game.turn_flags = {}
    game.combat_phases_this_turn = 0
    for p in game.players:
        p.lands_played = 0
        p.life_gained_this_turn = 0
        p.life_lost_this_turn = 0
        p.damaged_this_turn = False
    game.turn_plan = normal_turn_plan(game)
    taken = game.turns_taken.get(player, 0)
    game.turns_taken[player] = taken + 1
    if game.first_turn_skips_draw and taken == 0 and player == game.starting_player:
        # CR 103.7a: the starting player of a two-player game skips the draw
        # step of their first turn.
        game.turn_plan = [s for s in game.turn_plan if s.name != "draw"]
        team = variant_of(game).active_players(game)
        if len(team) > 1:  # 103.7b: the team who plays first
            game.note("103.7b", say("{team} skip the {step} of their first turn",
                                    "{team} passent {step:le} de leur premier tour",
                                    team=_team(game, team), step=Term("draw")))
        else:
            game.note("103.7a", say("{who} skips the {step} of their first turn",
                                    "{who} passe {step:le} de son premier tour",
                                    who=game.who(player), step=Term("draw")))
    variant_of(game).turn_started(game)  # range of influence (801.2c), planar controller (901.6)
    team = game.active_players()
    for mate in team:  # 805.4a: with shared team turns, each player of the team takes it
        if mate != player:
            game.turns_taken[mate] = game.turns_taken.get(mate, 0) + 1
        game.turn_began[mate] = game.turn_number  # 302.6: "their most recent turn"
    # (an extra turn says so, 500.7)
    if len(team) > 1:  # 805.4a: shared team turns
        line = say("Turn {n} (extra turn) begins: {team} are the active team",
                   "Début du tour {n} (tour supplémentaire) : {team} forment l'équipe "
                   "active", n=game.turn_number, team=_team(game, team)) if extra else \
            say("Turn {n} begins: {team} are the active team",
                "Début du tour {n} : {team} forment l'équipe active",
                n=game.turn_number, team=_team(game, team))
        game.emit_event(TurnBegan("805.4a", line, game.turn_number, player=player,
                                  extra=extra, team=team, board=board(game)))
    else:
        line = say("Turn {n} (extra turn) begins: {who} is the active player",
                   "Début du tour {n} (tour supplémentaire) : {who} est le joueur actif",
                   n=game.turn_number, who=game.who(player)) if extra else \
            say("Turn {n} begins: {who} is the active player",
                "Début du tour {n} : {who} est le joueur actif",
                n=game.turn_number, who=game.who(player))
        game.emit_event(TurnBegan("500.1", line, game.turn_number, player=player,
                                  extra=extra, board=board(game)))
    # only the turn's state changed (a variant's hook says otherwise); the turn of
    # ``player`` alone, or of a team (805.4a: anyone's, as far as it is told)
    game.changed("turn", player if len(team) == 1 else None)
    end_effects_at_turn_start(game)
    game.push(next_step)


def _team(game: GameState, team: list[int]) -> Items:
    """The players ``team``, "Alice and Carol" / "Alice et Carol"."""
    return Items([game.who(p) for p in team], sep=(" and ", " et "))


def end_turn(game: GameState) -> None:
    game.step = None
    game.push(begin_next_turn)


# ------------------------------------------------------------ steps


def next_step(game: GameState) -> None:
    """Begin the next step of the plan, skipping skipped ones (CR 500.10)."""
    if game.over:
        return
    while game.turn_plan:
        step = game.turn_plan.pop(0)
        if step.name == "main":
            main_count = game.turn_flags.get("main_phases", 0)
            step.name = "precombat_main" if main_count == 0 else "postcombat_main"
        if skipped(game, step):
            continue
        begin_step(game, step)
        return
    end_turn(game)


def skipped(game: GameState, step: StepInfo) -> bool:
    """Skip effects (CR 614.1b): "skip your next draw step", Stasis, Fatigue..."""
    ap = game.active_player
    if not game.skips:
        return skip_step_by_static(game, step.name, ap)
    # a whole phase is skipped when its first step would begin
    if step.phase in ("combat", "beginning", "ending") and step.name in (
            "beginning_of_combat", "untap", "end"):
        if _consume_skip_team(game, "phase", step.phase, ap):
            game.note("500.10", say("{who} skips the {phase}", "{who} passe {phase:le}",
                                    who=game.who(ap), phase=Term(step.phase)))
            game.turn_plan = [s for s in game.turn_plan if s.phase_id != step.phase_id]
            return True
    if step.name in ("precombat_main", "postcombat_main") and \
            _consume_skip_team(game, "phase", "main", ap):
        game.note("500.10", say("{who} skips the {phase}", "{who} passe {phase:le}",
                                who=game.who(ap), phase=Term("main")))
        game.turn_flags["main_phases"] = game.turn_flags.get("main_phases", 0) + 1
        return True
    if _consume_skip_team(game, "step", step.name, ap):
        game.note("500.10", say("{who} skips the {step}", "{who} passe {step:le}",
                                who=game.who(ap), step=step_term(step.name)))
        return True
    if skip_step_by_static(game, step.name, ap):
        return True
    return False


def _consume_skip_team(game: GameState, kind: str, what: str, player: int) -> bool:
    """A skip of ``player``, or with shared team turns of any player of the team whose
    turn it is (805.8: that player's team skips it; one skip per team)."""
    if player != game.active_player:
        if kind != "turn":
            return _consume_skip(game, kind, what, player)
        current, game.active_player = game.active_player, player  # the team that would
        team = game.active_players()                              # take the turn (805.8)
        game.active_player = current
        return any(_consume_skip(game, kind, what, p) for p in team)
    return any(_consume_skip(game, kind, what, p) for p in game.active_players())


def _consume_skip(game: GameState, kind: str, what: str, player: int) -> bool:
    for s in game.skips:
        if s["kind"] == kind and s["what"] == what and s["player"] == player:
            s["count"] -= 1
            if s["count"] <= 0:
                game.skips.remove(s)
            return True
    return False


def set_turn_flag(game: GameState, key: str, value: Any) -> None:
    """Record ``value`` under ``key`` for this turn (``game.turn_flags``, cleared as the turn
    ends, CR 500.1): a wide change, as what is legal may read it (a variant's special
    action taken this turn, 901.9)."""
    game.turn_flags[key] = value
    game.changed()


def add_skip(game: GameState, kind: str, what: str, player: int, count: int = 1) -> None:
    """"Skip your next [step/phase/turn]" (CR 500.10, 614.1b)."""
    game.skips.append({"kind": kind, "what": what, "player": player, "count": count})


def begin_step(game: GameState, step: StepInfo) -> None:
    """A step or phase begins: "until" effects end, turn-based actions, triggers (703.3)."""
    flags = game.turn_flags
    name = step.name
    if game.breakpoint is not None and game.breakpoint == (game.turn_number, name) \
            and not flags.get("_bp_hit"):
        # pause at the very beginning of the step (before its turn-based actions)
        flags["_bp_hit"] = True
        flags["_bp_prev"] = game.step
        game.paused = True
        game.step = step
        game.push(begin_step, step)
        return
    if "_bp_hit" in flags and flags.pop("_bp_hit"):
        game.step = flags.pop("_bp_prev", None)
    prev = game.step
    phase = step.phase
    new_phase = prev is None or prev.phase_id != step.phase_id
    game.step = step
    game.passes = 0
    if name == "precombat_main" or name == "postcombat_main":
        flags["main_phases"] = flags.get("main_phases", 0) + 1
    elif name == "upkeep":
        flags["_upkeeps_begun"] = flags.get("_upkeeps_begun", 0) + 1
    ex = _step_events(name, phase)
    rule = ex.rule
    if new_phase:
        if phase == "combat":
            game.combat_phases_this_turn += 1
            begin_combat_phase(game)
        ap = game.active_player
        game.emit_event(PhaseBegan(PHASE_RULES[phase],
                                   ex.begins(game, ap) if phase == "main"
                                   else ex.phase_begins, game.turn_number, phase, name, ap))
    if phase != "main":  # a main phase has no steps (505.2): one event
        ap = game.active_player
        game.emit_event(StepBegan(rule, ex.begins(game, ap), game.turn_number, name, phase,
                                  ap))
    end_effects_at_begin(game, step)
    # (A new step changes no object; what depends on the step, such as the legal
    # actions, is keyed by it.)
    # Turn-based actions first (703.3), then priority (or the end of the step).
    if name not in NO_PRIORITY:
        game.push(priority.start_priority, game.active_player)
    else:
        game.push(end_step)
    tba.turn_based_actions(game, step)


#: (Seat, player's name, mana lost) -> the line of a mana pool emptying
#: (:func:`~manastack.lines.keep`).
_EMPTIED_LINES: Final[dict[tuple[int, str, str], Line]] = {}


def end_step(game: GameState) -> None:
    """The step ends: mana empties (500.4), "until end of" effects end, then the next step."""
    step = game.step
    assert step is not None
    for p in game.players:
        if not p.mana_pool.size:  # (has_mana(), without a call: most steps end without)
            continue
        lost = p.mana_pool.empty()
        game.changed("mana", p.index)
        key = (p.index, p.name, "".join(k * v for k, v in lost.items()))
        line = _EMPTIED_LINES.get(key) or keep(_EMPTIED_LINES, key, say(
            "{who}'s mana pool empties ({lost} lost; no mana burn)",
            "La réserve de mana {who:de} se vide (mana perdu : {lost} ; pas de brûlure de "
            "mana)", who=game.who(p.index), lost=Raw(key[2])))
        game.emit_event(ManaChanged("500.4", line, game.turn_number, player=p.index,
                                    lost=lost))
    phase_ends = not game.turn_plan or game.turn_plan[0].phase_id != step.phase_id
    if step.name == "cleanup" and step.had_priority:
        # CR 514.3a: another cleanup step follows.
        game.turn_plan.insert(0, StepInfo("cleanup", "ending", step.phase_id, extra=True))
        phase_ends = False
        game.note("514.3a", say("Players received priority during cleanup: a new cleanup "
                                "step follows", "Des joueurs ont reçu la priorité pendant "
                                "l'étape de nettoyage : une nouvelle étape de nettoyage "
                                "suit"))
    name, phase = step.name, step.phase
    ex = _step_events(name, phase)
    rule, ends = ex.rule, ex.ends
    if phase != "main":
        game.emit_event(StepEnded(rule, ends, game.turn_number, name, phase))
    end_effects_at_end(game, step, phase_ends)
    if phase_ends:
        if phase == "combat":
            end_combat_phase(game)
        game.emit_event(PhaseEnded(PHASE_RULES[phase],
                                   ends if phase == "main" else ex.phase_ends,
                                   game.turn_number, phase))
    game.push(next_step)


# ------------------------------------------------------------ extra turns, phases, steps


def add_extra_turn(game: GameState, player: int) -> None:
    """CR 500.7: an extra turn directly after this one; most recently created first."""
    game.extra_turns.append(player)
    game.note("500.7", say("{who} will take an extra turn after this one",
                           "{who} jouera un tour supplémentaire après celui-ci",
                           who=game.who(player)))


def add_phase_after_current(game: GameState, phases: list[str]) -> None:
    """CR 500.8: phases added directly after the current phase (most recent first)."""
    cur = game.step
    assert cur is not None
    pos = 0
    while pos < len(game.turn_plan) and game.turn_plan[pos].phase_id == cur.phase_id:
        pos += 1
    new: list[StepInfo] = []
    for ph in phases:
        new.extend(phase_steps(ph, _new_phase_id(game), extra=True))
    game.turn_plan[pos:pos] = new
    game.note("500.8", say("Additional phase(s) added after this phase: {phases}",
                           "Phase(s) supplémentaire(s) ajoutée(s) après cette phase : "
                           "{phases}", phases=Items(Word(ph, TERMS[ph][1]) if ph in TERMS
                                                    else Raw(ph) for ph in phases)))


def add_step(game: GameState, name: str, after: str | None = None,
             before: str | None = None) -> None:
    """CR 500.9: an additional step directly after (or before) the named step.

    With ``after`` equal to the current step, the new step comes next.
    """
    cur = game.step
    assert cur is not None
    phase = PHASE_OF[name]
    if after is not None and cur.name == after:
        game.turn_plan.insert(0, StepInfo(name, phase, cur.phase_id, extra=True))
    else:
        anchor = after or before
        for i, s in enumerate(game.turn_plan):
            if s.name == anchor:
                pos = i + 1 if after else i
                game.turn_plan.insert(pos, StepInfo(name, phase, s.phase_id, extra=True))
                break
        else:
            return
    game.note("500.9", say("An additional {step} is added",
                           "Une {step} supplémentaire est ajoutée", step=step_term(name)))


def add_step_after_phase(game: GameState, name: str, created_by: int | None = None) -> None:
    """"After this phase, there is an additional [step]" (Untap, Upkeep, Draw): the step
    comes directly after the current phase, on its own (CR 500.9).  Steps one effect
    creates together keep the effect's order; a later effect's steps come first."""
    cur = game.step
    assert cur is not None
    pos = 0
    while pos < len(game.turn_plan) and game.turn_plan[pos].phase_id == cur.phase_id:
        pos += 1
    key = f"_after_phase:{cur.phase_id}:{created_by}"
    if created_by is not None and key in game.turn_flags:
        pos += game.turn_flags[key]
        game.turn_flags[key] += 1
    elif created_by is not None:
        game.turn_flags[key] = 1
    game.turn_plan.insert(pos, StepInfo(name, PHASE_OF[name], _new_phase_id(game),
                                        extra=True))
    game.note("500.9", say("After this phase, there is an additional {step}",
                           "Après cette phase, il y a {step:un} supplémentaire",
                           step=step_term(name)))


def remove_steps_of_current_phase(game: GameState, names: tuple[str, ...]) -> None:
    cur = game.step
    assert cur is not None
    game.turn_plan = [s for s in game.turn_plan
                      if not (s.phase_id == cur.phase_id and s.name in names)]


def describe_plan(game: GameState) -> list[str]:
    return [s.name for s in game.turn_plan]


def step_state(game: GameState) -> dict[str, Any]:
    st = game.step
    return {"turn": game.turn_number, "active": game.active_player,
            "step": st.name if st else None}
