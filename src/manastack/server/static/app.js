// The page of `manastack serve` (docs/server.md): the lobby form, and the table of one
// seat (or of the spectators) over the WebSocket of docs/protocol.md.  No build step.
//
// Every decision is answered with one of its listed legal actions (their JSON names the
// objects: a click on a card or a player narrows them) or, when the server couldn't list
// them, with the notation the page composes from the clicks (or the one typed).
"use strict";

const $ = (id) => document.getElementById(id);
// Every frame received, for the page's tests (no card the seat may not see).
// (and the last state frame: the tests' scripted players read what the page shows,
// and the number of the decision last answered)
window.manastack = { frames: [], state: null, sent: -1 };

// ------------------------------------------------------------------ language
const FR = {
  "New game": "Nouvelle partie", "Variant": "Variante", "Players": "Joueurs",
  "Seed": "Graine", "Create the game": "Créer la partie", "Seat links": "Liens des sièges",
  "Finished games": "Parties terminées", "Stack": "Pile", "Hand": "Main",
  "Legal answers": "Réponses légales", "Answer": "Répondre",
  "Pass until end of turn (F6)": "Passer jusqu'à la fin du tour (F6)", "Undo": "Annuler",
  "Stops": "Arrêts", "Save the stops": "Enregistrer les arrêts", "Log": "Journal",
  "You": "Vous", "human": "humain", "Deck": "Deck", "pasted list": "liste collée",
  "budget ms": "budget ms", "Seat": "Siège", "open": "ouvrir", "spectators": "spectateurs",
  "life": "vie", "poison": "poison", "hand": "main", "library": "bibliothèque",
  "graveyard": "cimetière", "Turn": "Tour", "turn of": "tour de",
  "Waiting for": "En attente de", "Pass": "Passer", "Cancel": "Annuler le choix",
  "Attack": "Attaquer", "Block": "Bloquer", "Choose": "Choisir", "connected": "connecté",
  "disconnected": "déconnecté", "attacking": "attaque", "blocking": "bloque",
  "damage": "blessures", "attached to": "attaché à", "The game is over": "La partie est finie",
  "Click a highlighted card or player": "Cliquez une carte ou un joueur en surbrillance",
  "Choose a target": "Choisissez une cible", "Choose one": "Choisissez",
  "own turn": "mon tour", "others' turns": "tours des autres", "spectator": "spectateur",
  "empty": "vide", "Your decision": "Votre décision", "decides": "décide", "Assign": "Attribuer",
};
const KINDS = {
  priority: ["Priority", "Priorité"], mulligan: ["Mulligan", "Mulligan"],
  declare_attackers: ["Declare attackers", "Déclarer les attaquants"],
  declare_blockers: ["Declare blockers", "Déclarer les bloqueurs"],
  order_blockers: ["Order the blockers (damage assignment)", "Ordonner les bloqueurs (attribution des blessures)"],
  order_attackers: ["Order the attackers (damage assignment)", "Ordonner les attaquants (attribution des blessures)"],
  assign_damage: ["Assign combat damage", "Attribuer les blessures de combat"],
  scry: ["Scry", "Regard"], choose: ["Choose", "Choisir"], targets: ["Choose targets", "Choisir les cibles"],
  x: ["Choose X", "Choisir X"], mode: ["Choose the mode", "Choisir le mode"],
  discard: ["Discard", "Défausser"], london_bottom: ["Cards to the bottom", "Cartes au-dessous"],
};
const STEPS = {
  upkeep: ["upkeep", "entretien"], draw: ["draw step", "pioche"],
  precombat_main: ["precombat main phase", "première phase principale"],
  beginning_of_combat: ["beginning of combat", "début du combat"],
  declare_attackers: ["declare attackers", "déclaration des attaquants"],
  declare_blockers: ["declare blockers", "déclaration des bloqueurs"],
  combat_damage: ["combat damage", "blessures de combat"],
  combat_damage_2: ["combat damage (second)", "blessures de combat (secondes)"],
  end_of_combat: ["end of combat", "fin du combat"],
  postcombat_main: ["postcombat main phase", "seconde phase principale"],
  end: ["end step", "étape de fin"], cleanup: ["cleanup", "nettoyage"],
  untap: ["untap", "dégagement"],
};
let lang = localStorage.getItem("manastack-lang") || "en";
const t = (s) => (lang === "fr" && FR[s]) || s;
const colon = () => (lang === "fr" ? " : " : ": ");
const pair = (table, key) => (table[key] ? table[key][lang === "fr" ? 1 : 0] : key);
function translatePage() {
  document.documentElement.lang = lang;
  for (const el of document.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t);
  for (const b of document.querySelectorAll("#langs button")) b.classList.toggle("on", b.dataset.lang === lang);
}

// ------------------------------------------------------------------ helpers
function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v;
    else if (k === "onclick") e.onclick = v;
    else e.setAttribute(k, v);
  }
  for (const c of children) if (c !== null && c !== undefined) e.append(c);
  return e;
}
const key = (r) => JSON.stringify(r);
const sameList = (a, b) => key(a) === key(b);
function button(text, onclick, attrs) { return el("button", { type: "button", onclick, ...(attrs || {}) }, text); }

// ------------------------------------------------------------------ connection
let ws = null, state = null, info = null, sel = null, selFor = -1;
function send(msg) { if (ws && ws.readyState === 1) ws.send(JSON.stringify(msg)); }
function connect(token) {
  $("lobby").hidden = !$("made").hidden ? false : true;
  $("create").hidden = true;
  $("table").hidden = false;
  const proto = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${proto}://${location.host}/ws/${encodeURIComponent(token)}?lang=${lang}`);
  ws.onmessage = (ev) => {
    window.manastack.frames.push(ev.data);
    const f = JSON.parse(ev.data);
    if (f.type === "error") { $("error").textContent = f.error; window.manastack.sent = -1; return; }
    if (f.type === "pong") return;
    $("error").textContent = "";
    if (f.type === "welcome") { info = f; $("log").textContent = ""; }
    for (const e of f.events || []) $("log").append(e.text + "\n");
    $("log").scrollTop = $("log").scrollHeight;
    if (f.observation) { state = f; window.manastack.state = f; draw(); }
  };
  ws.onopen = () => { $("status").textContent = t("connected"); };
  ws.onclose = () => { $("status").textContent = t("disconnected"); };
}

// ------------------------------------------------------------------ the table
function nameOf(ref) {
  const o = state.observation;
  if (typeof ref === "string" && /^P\d+$/.test(ref)) return info.players[Number(ref.slice(1))];
  for (const c of o.battlefield.concat(o.stack)) if (c.id === ref) return c.name;
  for (const p of o.players) for (const c of (p.hand || []).concat(p.graveyard)) if (c.id === ref) return c.name;
  for (const c of o.exile) if (c.id === ref) return c.name;
  return String(ref);
}
// The objects and players an action names, in order: its source or card, then its targets.
function refsOf(a) {
  const j = a.action;
  const head = j.card !== undefined ? [j.card] : j.source !== undefined ? [j.source] : [];
  return head.concat((j.targets || []).flat(Infinity));
}
function cardEl(c, extra) {
  const o = state.observation;
  const notes = [];
  if (c.counters) for (const [k, v] of Object.entries(c.counters)) notes.push(`${v} ${k}`);
  if (c.damage) notes.push(el("span", { class: "dmg" }, `${c.damage} ${t("damage")}`));
  if (c.attached_to !== undefined) notes.push(`${t("attached to")} ${nameOf(c.attached_to)}`);
  const combat = o.combat || {};
  let cls = "card" + (c.tapped ? " tapped" : "") + (extra || "");
  if (combat.attackers && combat.attackers[c.id] !== undefined) {
    cls += " attacking";
    notes.push(`${t("attacking")} \u2192 ${nameOf(combat.attackers[c.id])}`);
  }
  if (combat.blockers && combat.blockers[c.id] !== undefined) {
    cls += " blocking";
    const a = combat.blockers[c.id];
    notes.push(`${t("blocking")} ${[].concat(a).map(nameOf).join(", ")}`);
  }
  if (sel && sel.combat && sel.combat.has(c.id)) {
    const to = sel.combat.get(c.id);
    notes.push(`\u2192 ${to === null ? "?" : nameOf(to)}`);
  }
  const pt = c.power !== undefined ? el("span", { class: "pt" }, `${c.power}/${c.toughness}`) : null;
  const e = el("div", { class: cls, "data-ref": key(c.id), title: (c.keywords || []).join(", ") },
    pt, c.name);
  for (const n of notes) e.append(el("span", { class: "note" }, n));
  if (c.keywords) e.append(el("span", { class: "note" }, c.keywords.join(", ")));
  return e;
}
function draw() {
  const f = state, o = f.observation;
  const d = f.decision;
  if (!d || d.number !== selFor) { sel = newSelection(d); selFor = d ? d.number : -1; }
  const active = info.players[o.active_player];
  $("where").textContent = o.turn ? `${t("Turn")} ${o.turn}, ${t("turn of")} ${active}` +
    (o.step ? ` \u2014 ${pair(STEPS, o.step)}` : "") : "";
  const sides = $("sides");
  sides.textContent = "";
  const order = o.players.map((p) => p.index);
  if (info.seat !== null) order.push(...order.splice(0, info.seat)), order.reverse();
  const deciding = o.decision ? o.decision.decider : null;
  for (const i of order) {
    const p = o.players[i];
    const side = el("div", { class: "side" + (deciding === i ? " priority" : ""), "data-player": i });
    const who = el("span", { class: "who", "data-ref": key(`P${i}`) }, p.name + (i === info.seat ? ` (${t("You")})` : ""));
    const counts = el("span", { class: "counts" },
      `${p.life} ${t("life")}` + (p.poison ? `, ${p.poison} ${t("poison")}` : "") +
      ` \u00b7 ${t("hand")} ${p.hand_size} \u00b7 ${t("library")} ${p.library_size}` +
      ` \u00b7 ${t("graveyard")} ${p.graveyard.length}` + (p.mana_pool ? ` \u00b7 ${p.mana_pool}` : "") +
      (p.lost ? " \u2620" : ""));
    side.append(who);
    if (deciding === i) side.append(el("span", { class: "deciding" }, ` ◀ ${t("decides")}`));
    side.append(counts);
    if (p.graveyard.length) side.append(el("div", { class: "counts" }, `${t("graveyard")}: ` + p.graveyard.map((c) => c.name).join(", ")));
    const bf = el("div", { class: "cards" });
    for (const c of o.battlefield) if (c.controller === i) bf.append(cardEl(c));
    side.append(bf);
    sides.append(side);
  }
  const stack = $("stack");
  stack.textContent = "";
  for (const s of o.stack.slice().reverse()) {
    const li = el("li", { "data-ref": key(s.id), class: "card" },
      `${s.name} (${info.players[s.controller]})` + (s.targets.length ? " \u2192 " + s.targets.map(nameOf).join(", ") : ""));
    stack.append(li);
  }
  const me = info.seat !== null ? o.players[info.seat] : null;
  $("hand-box").hidden = !me || !me.hand;
  const hand = $("hand");
  hand.textContent = "";
  if (me && me.hand) for (const c of me.hand) hand.append(cardEl(c));
  drawDecision();
  drawStops();
}

// ------------------------------------------------------------------ decisions
function newSelection(d) {
  if (!d) return null;
  return { refs: [], combat: new Map(), current: null, picks: [] };
}
function sendAction(a) { sendAnswer({ index: a.index }); }
function sendText(text) { sendAnswer({ text }); }
function sendAnswer(fields) {
  window.manastack.sent = state.decision.number;
  send({ type: "answer", ...fields, decision: state.decision.number });
}
// Make the objects and players of `refs` clickable (class "can"), calling onpick(ref).
function clickable(refs, onpick, picked) {
  const wanted = new Set(refs.map(key));
  const chosen = new Set((picked || []).map(key));
  for (const e of document.querySelectorAll("[data-ref]")) {
    const k = e.dataset.ref;
    if (chosen.has(k)) e.classList.add("picked");
    if (!wanted.has(k)) continue;
    e.classList.add("can");
    e.onclick = () => onpick(JSON.parse(k));
  }
}
function drawDecision() {
  const f = state, d = f.decision;
  const compose = $("compose"), legal = $("legal");
  compose.textContent = "";
  legal.textContent = "";
  $("decide").classList.toggle("mine", !!d);
  if (f.over) { $("prompt").textContent = `${t("The game is over")}${colon()}${f.result || ""}`; return; }
  if (!d) {
    $("prompt").textContent = f.waiting ? `${t("Waiting for")} ${f.waiting.name} (${pair(KINDS, f.waiting.kind)})` : "";
    return;
  }
  // (the engine's own prompt is English: shown in French only for a kind the page can't name)
  const what = KINDS[d.kind] ? pair(KINDS, d.kind) + (lang === "en" ? ` \u2014 ${d.prompt}` : "") : d.prompt;
  $("prompt").textContent = `${t("Your decision")}${colon()}${what} [${d.rule}]`;
  for (const a of d.actions) legal.append(el("li", {}, button(a.text, () => sendAction(a), { class: "legal" })));
  if (d.kind === "priority" && d.listed) return composePriority(d, compose);
  if (d.kind === "declare_attackers" || d.kind === "declare_blockers") return composeCombat(d, compose);
  if (d.choice) return composeChoice(d, compose);
  if (d.listed && d.actions.length <= 12) {
    for (const a of d.actions) compose.append(button(a.text, () => sendAction(a), { class: "act" }));
  }
  if (d.kind === "assign_damage") composeAssign(d, compose);
}
// Combat damage assignment (510.1): an amount per attacker and recipient (those of the
// listed answers), then Assign: the listed answer with those amounts, else the notation.
function composeAssign(d, box) {
  const rows = new Map();
  for (const a of d.actions) {
    for (const [src, parts] of a.action.assignments || []) {
      if (!rows.has(src)) rows.set(src, new Map());
      for (const [to] of parts) rows.get(src).set(key(to), to);
    }
  }
  if (!rows.size) return;
  if (!sel.amounts) {
    sel.amounts = new Map();
    const first = d.actions.find((a) => (a.action.assignments || []).length);
    for (const [src, parts] of first.action.assignments) for (const [to, n] of parts) sel.amounts.set(`${src}|${key(to)}`, n);
  }
  const canon = (assignments) => key(assignments.map(([src, parts]) => [src, parts.filter(([, n]) => n > 0)
    .map(([to, n]) => [key(to), n]).sort()]).filter(([, parts]) => parts.length).sort());
  const form = el("div", { class: "line", id: "assign" });
  for (const [src, tos] of rows) {
    const line = el("div", {}, `${nameOf(src)}: `);
    for (const [k, to] of tos) {
      const input = el("input", { type: "number", min: "0", size: "3", "data-src": String(src), "data-to": k });
      input.value = String(sel.amounts.get(`${src}|${k}`) || 0);
      input.style.width = "4em";
      input.onchange = () => sel.amounts.set(`${src}|${k}`, Number(input.value) || 0);
      line.append(input, ` \u2192 ${nameOf(to)}  `);
    }
    form.append(line);
  }
  const go = () => {
    const want = [...rows].map(([src, tos]) => [src, [...tos].map(([k, to]) => [to, sel.amounts.get(`${src}|${k}`) || 0])]);
    const a = d.actions.find((x) => canon(x.action.assignments || []) === canon(want));
    if (a) return sendAction(a);
    sendText("assign " + want.map(([src, parts]) => `${nameOf(src)}: ` + parts.filter(([, n]) => n > 0)
      .map(([to, n]) => `${n} -> ${nameOf(to)}`).join(", ")).join("; "));
  };
  form.append(button(t("Assign"), go, { id: "assign-go" }));
  box.append(form);
}
// Priority: click a card to play, cast or activate it, then its targets; the actions
// still possible after the clicks that differ otherwise (X, modes) are buttons.
function composePriority(d, box) {
  const pass = d.actions.find((a) => a.action.verb === "pass");
  if (pass) box.append(button(t("Pass"), () => sendAction(pass), { id: "pass" }));
  const picked = sel.refs;
  const fits = d.actions.filter((a) => a.action.verb !== "pass" && sameList(refsOf(a).slice(0, picked.length), picked));
  if (!picked.length) {
    clickable([...new Set(fits.map((a) => key(refsOf(a)[0])))].map((k) => JSON.parse(k)), pick);
    const nosource = fits.filter((a) => !refsOf(a).length);
    for (const a of nosource) box.append(button(a.text, () => sendAction(a), { class: "act" }));
    return;
  }
  box.append(button(t("Cancel"), () => { sel.refs = []; draw(); }, { id: "cancel" }));
  if (fits.length === 1 && refsOf(fits[0]).length === picked.length) return sendAction(fits[0]);
  const more = fits.filter((a) => refsOf(a).length > picked.length);
  const done = fits.filter((a) => refsOf(a).length === picked.length);
  const next = [...new Set(more.map((a) => key(refsOf(a)[picked.length])))].map((k) => JSON.parse(k));
  if (more.length && !done.length && next.length === 1) { sel.refs.push(next[0]); return draw(); }
  if (next.length) {
    box.append(el("span", { class: "line" }, ` ${t("Choose a target")}${colon()}`));
    clickable(next, pick, picked);
  } else clickable([], pick, picked);
  for (const a of done) box.append(button(a.text, () => sendAction(a), { class: "act" }));
}
function pick(ref) { sel.refs.push(ref); draw(); }
// Attackers: click a creature to make it attack (again: not), then a player or a
// planeswalker to choose what it attacks.  Blockers: click a creature, then the attacker
// it blocks.
function composeCombat(d, box) {
  const o = state.observation, attack = d.kind === "declare_attackers";
  const cands = d.candidates.map((c) => c.id);
  let defenders = [];
  if (attack) {
    const seen = new Set();
    for (const a of d.actions) for (const [, to] of a.action.attacks) seen.add(key(to));
    defenders = [...seen].map((k) => JSON.parse(k));
    if (!defenders.length) defenders = o.players.filter((p) => p.index !== d.player && !p.lost).map((p) => `P${p.index}`);
  } else defenders = Object.keys((o.combat || {}).attackers || {}).map(Number);
  // (listed: each creature's possible defenders or attackers, from the legal answers)
  const allowed = (c) => {
    if (!d.listed) return defenders;
    const seen = new Set();
    for (const a of d.actions) {
      for (const [x, to] of attack ? a.action.attacks : a.action.blocks) {
        if (x === c) for (const y of attack ? [to] : to) seen.add(key(y));
      }
    }
    return defenders.filter((x) => seen.has(key(x)));
  };
  const onpick = (ref) => {
    if (sel.current !== null && allowed(sel.current).some((x) => key(x) === key(ref))) {
      sel.combat.set(sel.current, ref);
      sel.current = null;
    } else if (cands.includes(ref)) {
      if (sel.combat.has(ref)) { sel.combat.delete(ref); sel.current = null; }
      else {
        const can = allowed(ref);
        sel.combat.set(ref, attack && can.length === 1 ? can[0] : null);
        sel.current = ref;
      }
    }
    draw();
  };
  clickable(sel.current !== null ? allowed(sel.current).concat(cands) : cands, onpick, [...sel.combat.keys()]);
  const verb = attack ? "attack" : "block";
  const chosen = [...sel.combat.entries()].filter(([, to]) => to !== null);
  const go = () => {
    const want = chosen.map(([c, to]) => key(attack ? [c, to] : [c, [to]])).sort();
    const a = d.actions.find((x) => key((attack ? x.action.attacks : x.action.blocks).map(key).sort()) === key(want));
    if (a) return sendAction(a);
    const named = d.candidates.concat(d.attackers || []);
    const label = (id) => (named.find((c) => c.id === id) || { label: nameOf(id) }).label;
    sendText(verb + " " + chosen.map(([c, to]) => `${label(c)} -> ${label(to)}`).join(", "));
  };
  box.append(button(`${t(attack ? "Attack" : "Block")} (${chosen.length})`, go, { id: "combat-go" }));
  if (sel.combat.size) box.append(button(t("Cancel"), () => { sel.combat.clear(); sel.current = null; draw(); }, { id: "cancel" }));
}
// A choice (targets of a trigger, modes, X, scry, discard, the variants' choices): click
// the options (on the board or as buttons) in order, then Choose.
function composeChoice(d, box) {
  const c = d.choice;
  const values = c.options.map((o) => o.value);
  const toggle = (v) => {
    const i = sel.picks.findIndex((x) => key(x) === key(v));
    if (i >= 0) sel.picks.splice(i, 1); else sel.picks.push(v);
    if (c.max === 1 && c.min === 1 && sel.picks.length === 1) return go();
    draw();
  };
  const go = () => {
    const want = sel.picks.map(key);
    const a = d.actions.find((x) => {
      const items = (x.action.items || []).map(key);
      return c.ordered ? key(items) === key(want) : key(items.slice().sort()) === key(want.slice().sort());
    });
    if (a) return sendAction(a);
    const labels = sel.picks.map((v) => c.options[values.findIndex((x) => key(x) === key(v))].label);
    sendText("choose " + labels.join(", "));
  };
  box.append(el("span", { class: "line" }, `${t("Choose one")} (${c.min}\u2013${c.max})${colon()}`));
  // (an option that is a card or a player shown on the board is clicked there too; a
  // number that only looks like an object's id, an X, isn't)
  const objs = c.options.filter((o) => (typeof o.value === "number" && nameOf(o.value) !== String(o.value) &&
    o.label.startsWith(nameOf(o.value))) || (typeof o.value === "string" && /^P\d+$/.test(o.value))).map((o) => o.value);
  clickable(objs, toggle, sel.picks);
  c.options.forEach((o, i) => {
    const on = sel.picks.some((x) => key(x) === key(o.value));
    const n = on ? ` [${sel.picks.findIndex((x) => key(x) === key(o.value)) + 1}]` : "";
    box.append(button(o.label + n, () => toggle(o.value), { class: "option" + (on ? " picked" : ""), "data-option": i }));
  });
  if (!(c.max === 1 && c.min === 1)) box.append(button(`${t("Choose")} (${sel.picks.length})`, go, { id: "choose-go" }));
}

// ------------------------------------------------------------------ stops
const PRIORITY_STEPS = ["upkeep", "draw", "precombat_main", "beginning_of_combat", "declare_attackers",
  "declare_blockers", "combat_damage", "end_of_combat", "postcombat_main", "end"];
const FLAGS = ["when_attacked", "end_step_with_instant", "stack", "ask_with_nothing_to_do", "f6_stops_for_spells"];
let stopsShown = "";
function drawStops() {
  const s = state.stops;
  $("tools").hidden = !s;
  if (!s || key(s) + lang === stopsShown) return;
  stopsShown = key(s) + lang;
  const box = $("stops");
  box.textContent = "";
  for (const side of ["own", "others"]) {
    const line = el("div", {}, t(side === "own" ? "own turn" : "others' turns") + ": ");
    for (const step of PRIORITY_STEPS) {
      const cb = el("input", { type: "checkbox", "data-side": side, "data-step": step });
      cb.checked = s[side].includes(step);
      line.append(el("label", {}, cb, pair(STEPS, step)));
    }
    box.append(line);
  }
  const line = el("div", {});
  for (const flag of FLAGS) {
    const cb = el("input", { type: "checkbox", "data-flag": flag });
    cb.checked = !!s[flag];
    line.append(el("label", {}, cb, flag.replace(/_/g, " ")));
  }
  box.append(line);
}
$("stops-save").onclick = () => {
  const msg = { type: "stops", own: [], others: [] };
  for (const cb of document.querySelectorAll("#stops input[data-step]")) if (cb.checked) msg[cb.dataset.side].push(cb.dataset.step);
  for (const cb of document.querySelectorAll("#stops input[data-flag]")) msg[cb.dataset.flag] = cb.checked;
  send(msg);
};
$("f6").onclick = () => send({ type: "pass_turn" });
$("undo").onclick = () => send({ type: "undo" });
$("typed").onsubmit = (ev) => {
  ev.preventDefault();
  const text = $("notation").value.trim();
  if (!text) return;
  if (state && state.decision) sendText(text); else send({ type: "answer", text });
  $("notation").value = "";
};
for (const b of document.querySelectorAll("#langs button")) {
  b.onclick = () => {
    lang = b.dataset.lang;
    localStorage.setItem("manastack-lang", lang);
    translatePage();
    if (ws) send({ type: "lang", lang }); else drawLobby();
  };
}

// ------------------------------------------------------------------ the lobby
let options = null;
async function drawLobby() {
  if (!options) options = await (await fetch("/api/options")).json();
  const variant = $("variant");
  if (!variant.options.length) for (const v of options.variants) variant.append(el("option", {}, v));
  const n = Math.max(2, Math.min(8, Number($("players").value) || 2));
  const seats = $("seats"), decks = $("decks");
  const keep = (sel) => [...document.querySelectorAll(sel)].map((e) => e.value);
  const kinds = keep("#seats select"), budgets = keep("#seats input"), chosen = keep("#decks select"), pasted = keep("#decks textarea");
  seats.textContent = "";
  decks.textContent = "";
  for (let i = 0; i < n; i++) {
    const row = el("div", {}, `${t("Seat")} ${i + 1}: `);
    if (i === 0) row.append(t("You"));
    else {
      const kind = el("select", { "data-seat": i });
      for (const k of ["heuristic", "search", "random", "human"]) kind.append(el("option", { value: k }, k === "human" ? t("human") : k));
      kind.value = kinds[i - 1] || "heuristic";
      row.append(kind, " ", el("input", { type: "number", min: "1", placeholder: t("budget ms"), value: budgets[i - 1] || "" }));
    }
    seats.append(row);
    const deck = el("select", { "data-seat": i });
    deck.append(el("option", { value: "" }, "-"));
    for (const name of options.decks) deck.append(el("option", { value: name }, name));
    deck.append(el("option", { value: "*" }, t("pasted list")));
    deck.value = chosen[i] || "";
    const area = el("textarea", { placeholder: "4 Grizzly Bears\n20 Forest ..." });
    area.value = pasted[i] || "";
    area.hidden = deck.value !== "*";
    deck.onchange = () => { area.hidden = deck.value !== "*"; };
    decks.append(el("div", {}, `${t("Deck")} ${i + 1}: `, deck, " ", area));
  }
}
$("players").onchange = drawLobby;
$("create").onsubmit = async (ev) => {
  ev.preventDefault();
  const seats = [{ kind: "human" }];
  const rows = [...document.querySelectorAll("#seats div")].slice(1);
  for (const row of rows) {
    const kind = row.querySelector("select").value, budget = Number(row.querySelector("input").value);
    seats.push(kind === "human" ? { kind } : { kind: "agent", agent: kind, ...(budget > 0 ? { budget_ms: budget } : {}) });
  }
  const spec = { variant: $("variant").value, players: seats.length, seats };
  const decks = [...document.querySelectorAll("#decks div")].map((row) => {
    const v = row.querySelector("select").value;
    return v === "*" ? row.querySelector("textarea").value : v;
  });
  if (decks.some((x) => x)) {
    if (decks.some((x) => !x)) { $("create-error").textContent = "decks: choose one for every seat, or none"; return; }
    spec.decks = decks;
  }
  if ($("seed").value !== "") spec.seed = Number($("seed").value);
  const r = await fetch("/api/games", { method: "POST", body: JSON.stringify(spec), headers: { "Content-Type": "application/json" } });
  const made = await r.json();
  if (made.error) { $("create-error").textContent = made.error; return; }
  showLinks(made);
  const own = made.seats.find((s) => s.token);
  history.replaceState(null, "", own.page);
  connect(own.token);
};
function showLinks(made) {
  const links = $("links");
  links.textContent = "";
  const abs = (p) => new URL(p, location.href).href;
  for (const s of made.seats) {
    links.append(el("li", {}, `${s.name} (${s.kind === "human" ? t("human") : s.kind})` + (s.page ? ": " : ""),
      s.page ? el("a", { href: s.page, target: "_blank", class: "seat-link" }, abs(s.page)) : ""));
  }
  links.append(el("li", {}, `${t("spectators")}: `, el("a", { href: made.spectator.page, target: "_blank" }, abs(made.spectator.page))));
  $("made").hidden = false;
}

translatePage();
$("create").append(el("div", { id: "create-error", class: "error" }));
const token = new URLSearchParams(location.search).get("token");
if (token) connect(token);
else { $("lobby").hidden = false; drawLobby(); }
