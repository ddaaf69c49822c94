// The lobby: the rulesets, a form to create a game, open seats to join,
// games to watch and replay, and the games this browser holds seats in.

import { useEffect, useState } from "preact/hooks";
import { api } from "./api.js";
import { rulesets as loadRulesets, loadRules } from "./rules.js";
import { myGames, remember } from "./seats.js";
import { ErrorLine, html } from "./ui.js";

const HUMAN = "human";
const OPEN = "open";

function defaultSeats(ruleset) {
  const n = Math.min(Math.max(ruleset.min_seats, 2), ruleset.max_seats);
  const bot = ruleset.bots.includes("strong") ? "strong" : ruleset.bots[0];
  return Array.from({ length: n }, (_, i) => ({ role: i === 0 ? HUMAN : "bot:" + bot, name: "" }));
}

function OptionInput({ name, spec, value, onChange }) {
  const id = "opt-" + name;
  const label = html`<label for=${id}>${name}</label>`;
  const help = html`<small id=${id + "-help"}>${spec.description}${spec.default !== null && spec.default !== undefined ? ` Default: ${JSON.stringify(spec.default)}.` : ""}</small>`;
  if (spec.type === "boolean") {
    return html`<div class="option">${label}<input id=${id} type="checkbox" aria-describedby=${id + "-help"} checked=${value === true}
      onChange=${(e) => onChange(e.target.checked ? true : undefined)} />${help}</div>`;
  }
  if (spec.type === "object" || spec.type === "array") {
    return html`<div class="option">${label}<textarea id=${id} rows="2" aria-describedby=${id + "-help"} placeholder="JSON"
      value=${value || ""} onInput=${(e) => onChange(e.target.value || undefined)}></textarea>${help}</div>`;
  }
  if (spec.enum) {
    return html`<div class="option">${label}<select id=${id} aria-describedby=${id + "-help"} value=${value || ""} onChange=${(e) => onChange(e.target.value || undefined)}>
      <option value="">(default)</option>${spec.enum.map((v) => html`<option value=${v}>${v}</option>`)}</select>${help}</div>`;
  }
  const numeric = spec.type === "number" || spec.type === "integer";
  return html`<div class="option">${label}<input id=${id} type=${numeric ? "number" : "text"} aria-describedby=${id + "-help"}
    min=${spec.minimum} max=${spec.maximum} step=${spec.type === "integer" ? 1 : "any"} value=${value ?? ""}
    onInput=${(e) => onChange(e.target.value === "" ? undefined : e.target.value)} />${help}</div>`;
}

function optionValue(spec, raw) {
  if (spec.type === "number") return Number(raw);
  if (spec.type === "integer") return parseInt(raw, 10);
  if (spec.type === "object" || spec.type === "array") {
    try {
      return JSON.parse(raw);
    } catch {
      throw new Error(`That is not JSON: ${raw}`);
    }
  }
  return raw;
}

function CreateForm({ rulesets, chosen, onChoose }) {
  const ruleset = rulesets.find((r) => r.id === chosen) || rulesets[0];
  const [seats, setSeats] = useState(() => defaultSeats(ruleset));
  const [options, setOptions] = useState({});
  const [error, setError] = useState(null);
  const [busy, setBusy] = useState(false);
  const [summary, setSummary] = useState(null);
  const [rulesUrl, setRulesUrl] = useState(null);
  const [showOptions, setShowOptions] = useState(false);

  useEffect(() => {
    setSeats(defaultSeats(ruleset));
    setOptions({});
    setSummary(null);
    setRulesUrl(null);
    loadRules(ruleset.id).then((r) => { setSummary(r.catalogue.summary || null); setRulesUrl(r.entry.rules || null); }, () => null);
  }, [ruleset.id]);

  const setSeat = (i, patch) => setSeats(seats.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  const resize = (n) => setSeats(Array.from({ length: n }, (_, i) => seats[i] || { role: "bot:" + ruleset.bots[0], name: "" }));

  async function create(event) {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const body = {
        ruleset: ruleset.id,
        seats: seats.map((s) => s.role === HUMAN ? { name: s.name || null } : s.role === OPEN ? { name: s.name || null, open: true }
          : { name: s.name || null, bot: s.role.slice(4) }),
        options: Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)
          .map(([k, v]) => [k, optionValue(ruleset.options[k], v)])),
      };
      const game = await api.create(body);
      for (const t of game.tokens) remember(game.id, t.seat, t.token, game.seats[t.seat].name, game.ruleset);
      location.hash = (game.tokens.length ? "#/game/" : "#/watch/") + game.id;
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  }

  return html`<form class="create" onSubmit=${create} aria-label="Create a game">
    <h2>New game</h2>
    <label>Game <select name="ruleset" value=${ruleset.id} onChange=${(e) => onChoose(e.target.value)}>
      ${rulesets.map((r) => html`<option value=${r.id}>${r.name}</option>`)}</select></label>
    ${summary ? html`<p class="muted">${summary}${rulesUrl ? html` <a href=${rulesUrl} target="_blank" rel="noopener">Read the rules</a>` : ""}</p>` : ""}
    <label>Seats <input name="seat-count" type="number" min=${ruleset.min_seats} max=${ruleset.max_seats} value=${seats.length}
      onInput=${(e) => { const n = parseInt(e.target.value, 10); if (n >= ruleset.min_seats && n <= ruleset.max_seats) resize(n); }} /></label>
    <ol class="seat-rows">
      ${seats.map((s, i) => html`<li>
        <select aria-label=${"Seat " + i + " is"} name=${"seat-" + i} value=${s.role} onChange=${(e) => setSeat(i, { role: e.target.value })}>
          <option value=${HUMAN}>a person at this browser</option>
          <option value=${OPEN}>open: someone joins</option>
          ${ruleset.bots.map((b) => html`<option value=${"bot:" + b}>bot: ${b}</option>`)}
        </select>
        <input aria-label=${"Seat " + i + " name"} name=${"name-" + i} placeholder=${"Seat " + i} maxlength="60" value=${s.name}
          onInput=${(e) => setSeat(i, { name: e.target.value })} />
      </li>`)}
    </ol>
    <details class="options" open=${showOptions} onToggle=${(e) => setShowOptions(e.currentTarget.open)}><summary>Options</summary>
      ${Object.entries(ruleset.options || {}).map(([name, spec]) => html`<${OptionInput} key=${ruleset.id + "/" + name} name=${name} spec=${spec}
        value=${options[name]} onChange=${(v) => setOptions({ ...options, [name]: v })} />`)}
    </details>
    <${ErrorLine} error=${error} />
    <button type="submit" class="primary" disabled=${busy}>Create the game</button>
  </form>`;
}

function OpenSeat({ game, seat, rulesetName }) {
  const [name, setName] = useState("");
  const [error, setError] = useState(null);
  async function join(event) {
    event.preventDefault();
    try {
      const taken = await api.join(game.id, seat.seat, name || "Guest");
      remember(game.id, taken.seat, taken.token, name || "Guest", game.ruleset);
      location.hash = "#/game/" + game.id;
    } catch (e) {
      setError(e);
    }
  }
  return html`<form class="join" onSubmit=${join}>
    <span>${rulesetName}: seat ${seat.seat}</span>
    <input aria-label="Your name" placeholder="Your name" required maxlength="60" value=${name} onInput=${(e) => setName(e.target.value)} />
    <button type="submit">Join</button><${ErrorLine} error=${error} />
  </form>`;
}

function GameList({ title, games, rulesetName, action }) {
  return html`<section class="list" aria-label=${title}><h2>${title}</h2>
    ${games.length ? html`<ul>${games.map((g) => html`<li>${action(g, rulesetName(g.ruleset))}
      ${g.damaged ? html` <strong class="damaged" title=${g.damage || ""}>damaged log: ${g.damage}</strong>` : ""}</li>`)}</ul>`
      : html`<p class="muted">None.</p>`}
  </section>`;
}

function seatsText(g) {
  return (g.seats || []).map((s) => s.name || (s.bot ? `bot ${s.bot}` : s.open ? "open" : `seat ${s.seat}`)).join(", ");
}

export function Lobby() {
  const [rulesets, setRulesets] = useState(null);
  const [chosen, setChosen] = useState(null);
  const [lists, setLists] = useState({ waiting: [], active: [], finished: [] });
  const [error, setError] = useState(null);

  useEffect(() => {
    loadRulesets().then(setRulesets, setError);
    const load = () => Promise.all(["waiting", "active", "finished"].map((status) => api.games({ status, limit: 15 })))
      .then(([w, a, f]) => setLists({ waiting: w.games, active: a.games, finished: f.games }), setError);
    load();
    const timer = setInterval(load, 5000);
    return () => clearInterval(timer);
  }, []);

  if (!rulesets) return html`<main><${ErrorLine} error=${error} /><p class="loading">Loading…</p></main>`;
  const rulesetName = (id) => (rulesets.find((r) => r.id === id) || { name: id }).name;
  const mine = myGames();

  return html`<main class="lobby">
    <h1>Stranded</h1>
    <p class="lead">Survival board games against bots and friends. Every move is kept; every finished game can be replayed and checked.</p>
    <section class="rulesets" aria-label="Games">
      <h2>Games</h2>
      <ul>${rulesets.map((r) => html`<li>
        <button type="button" class=${"ruleset" + (r.id === (chosen || rulesets[0].id) ? " chosen" : "")} onClick=${() => setChosen(r.id)}>
          <strong>${r.name}</strong>
          <span>${r.min_seats === r.max_seats ? `${r.min_seats} seat` : `${r.min_seats}–${r.max_seats} seats`}</span>
          <span class="muted">bots: ${r.bots.join(", ")}</span>
        </button></li>`)}</ul>
    </section>
    <${CreateForm} rulesets=${rulesets} chosen=${chosen || rulesets[0].id} onChoose=${setChosen} />
    <${ErrorLine} error=${error} />
    ${mine.length ? html`<${GameList} title="Your games" games=${mine} rulesetName=${rulesetName}
      action=${(g, name) => html`<a href=${"#/game/" + g.id}>${name}</a> <span class="muted">as ${g.seats.map((s) => s.name || "seat " + s.seat).join(", ")}</span> <a href=${"#/replay/" + g.id}>replay</a>`} />` : ""}
    <${GameList} title="Open seats" games=${lists.waiting} rulesetName=${rulesetName}
      action=${(g, name) => html`${g.seats.filter((s) => s.open).map((s) => html`<${OpenSeat} game=${g} seat=${s} rulesetName=${name} />`)}
        <span class="muted">${seatsText(g)}</span>`} />
    <${GameList} title="Playing now" games=${lists.active} rulesetName=${rulesetName}
      action=${(g, name) => html`<a href=${"#/watch/" + g.id}>Watch ${name}</a> <span class="muted">${seatsText(g)} · version ${g.version}</span>`} />
    <${GameList} title="Finished" games=${lists.finished} rulesetName=${rulesetName}
      action=${(g, name) => html`<a href=${"#/replay/" + g.id}>Replay ${name}</a> <span class="muted">${seatsText(g)} · ${g.version} events</span>`} />
  </main>`;
}
