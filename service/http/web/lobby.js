// The lobby: the rulesets, a form to create a game, open seats to join,
// games to watch and replay, and the games this browser holds seats in.

import { useEffect, useState } from "preact/hooks";
import { api } from "./api.js";
import { rulesets as loadRulesets, loadRules } from "./rules.js";
import { inviteOf, myGames, remember, rememberInvites } from "./seats.js";
import { counted, ErrorLine, html, words } from "./ui.js";

const HUMAN = "human";
const OPEN = "open";
const INVITED = "invite";

function defaultSeats(ruleset) {
  const n = Math.min(Math.max(ruleset.min_seats, 2), ruleset.max_seats);
  const bot = ruleset.bots.includes("strong") ? "strong" : ruleset.bots[0];
  return Array.from({ length: n }, (_, i) => ({ role: i === 0 ? HUMAN : "bot:" + bot, name: "" }));
}

/** Whether an option is for tests, tutorials and bug reports (a seed, a stacked deal), shown under "Advanced". */
function isAdvanced(name, spec) {
  return /\btests\b/.test(spec.description || "") || (spec.type === "object" && !spec.fields);
}

/** Whether a number option counts seconds (its name ends in "_s"): asked in minutes. */
const inSeconds = (name, spec) => /_s$/.test(name) && (spec.type === "number" || spec.type === "integer");

/** An option's name in words: "allow_reclaim" -> "Allow reclaim", "turn_timeout_s" -> "Turn timeout (minutes)". */
function optionLabel(name, spec) {
  return inSeconds(name, spec) ? `${words(name.replace(/_s$/, ""))} (minutes)` : words(name);
}

/** The server's default of an option in words, for its help line. */
function defaultText(name, spec) {
  if (spec.default === null || spec.default === undefined) return "";
  if (spec.type === "boolean") return ` Default: ${spec.default ? "on" : "off"}.`;
  if (inSeconds(name, spec)) return ` Default: ${spec.default / 60} minutes.`;
  return ` Default: ${typeof spec.default === "object" ? JSON.stringify(spec.default) : spec.default}.`;
}

/**
 * One option of the ruleset as a control drawn from its schema in the listing: a checkbox
 * starting at the server's default, a time in minutes, the seat clock as minutes plus an
 * increment, a choice of the ruleset's bots, or a text (JSON for an object such as the stack).
 * `value` is what the person set (undefined: the server's default).
 */
function OptionInput({ name, spec, value, onChange, bots }) {
  const id = "opt-" + name;
  const label = html`<label for=${id}>${optionLabel(name, spec)}</label>`;
  const help = html`<small id=${id + "-help"}>${spec.description}${defaultText(name, spec)}</small>`;
  if (spec.type === "boolean") {
    const checked = value === undefined ? spec.default === true : value;
    return html`<div class="option">${label}<input id=${id} type="checkbox" aria-describedby=${id + "-help"} checked=${checked}
      onChange=${(e) => onChange(e.target.checked === (spec.default === true) ? undefined : e.target.checked)} />${help}</div>`;
  }
  if (spec.type === "object" && spec.fields && spec.fields.initial_s) {
    const clock = value || {};
    const set = (patch) => {
      const next = { ...clock, ...patch };
      onChange(next.minutes === "" || next.minutes === undefined ? undefined : next);
    };
    return html`<fieldset class="option clock" aria-describedby=${id + "-help"}><legend>${words(name)}: a time bank per person</legend>
      <label>Minutes <input id=${id} name=${id + "-minutes"} type="number" min="1" max=${spec.fields.initial_s.maximum / 60} step="1"
        placeholder="none" value=${clock.minutes ?? ""} onInput=${(e) => set({ minutes: e.target.value })} /></label>
      <label>+ seconds a move <input id=${id + "-increment"} name=${id + "-increment"} type="number" min="0"
        max=${(spec.fields.increment_s || {}).maximum} step="1" placeholder="0" value=${clock.increment ?? ""}
        onInput=${(e) => set({ increment: e.target.value })} /></label>${help}</fieldset>`;
  }
  if (spec.type === "object" || spec.type === "array") {
    return html`<div class="option">${label}<textarea id=${id} rows="2" aria-describedby=${id + "-help"} placeholder="JSON"
      value=${value || ""} onInput=${(e) => onChange(e.target.value || undefined)}></textarea>${help}</div>`;
  }
  const choices = spec.enum || (/ruleset's bots/.test(spec.description || "") ? bots : null);
  if (choices) {
    return html`<div class="option">${label}<select id=${id} aria-describedby=${id + "-help"} value=${value || ""} onChange=${(e) => onChange(e.target.value || undefined)}>
      <option value="">(default)</option>${choices.map((v) => html`<option value=${v}>${v}</option>`)}</select>${help}</div>`;
  }
  const types = [].concat(spec.type);
  const numeric = !types.includes("string") && (types.includes("number") || types.includes("integer"));
  const minutes = inSeconds(name, spec);
  return html`<div class="option">${label}<input id=${id} type=${numeric ? "number" : "text"} aria-describedby=${id + "-help"}
    min=${minutes ? undefined : spec.minimum} max=${minutes ? spec.maximum / 60 : spec.maximum} step=${minutes || spec.type === "number" ? "any" : 1}
    value=${value ?? ""} onInput=${(e) => onChange(e.target.value === "" ? undefined : e.target.value)} />${help}</div>`;
}

/** What the API takes for an option from what the person set in its control. */
function optionValue(name, spec, raw) {
  if (spec.type === "boolean") return raw;
  if (spec.type === "object" && spec.fields && spec.fields.initial_s) {
    const out = { initial_s: Number(raw.minutes) * 60 };
    if (raw.increment !== undefined && raw.increment !== "") out.increment_s = Number(raw.increment);
    return out;
  }
  if (inSeconds(name, spec)) return Number(raw) * 60;
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
    let current = true;   // a game chosen since makes this answer stale: it must not show
    loadRules(ruleset.id).then((r) => {
      if (current) { setSummary(r.catalogue.summary || null); setRulesUrl(r.entry.rules || null); }
    }, () => null);
    return () => { current = false; };
  }, [ruleset.id]);

  const optionList = (advanced) => Object.entries(ruleset.options || {}).filter(([name, spec]) => isAdvanced(name, spec) === advanced)
    .map(([name, spec]) => html`<${OptionInput} key=${ruleset.id + "/" + name} name=${name} spec=${spec} bots=${ruleset.bots}
      value=${options[name]} onChange=${(v) => setOptions({ ...options, [name]: v })} />`);
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
          : s.role === INVITED ? { name: s.name || null, open: true, invite: true } : { name: s.name || null, bot: s.role.slice(4) }),
        options: Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)
          .map(([k, v]) => [k, optionValue(k, ruleset.options[k], v)])),
      };
      const game = await api.create(body);
      for (const t of game.tokens) remember(game.id, t.seat, t.token, game.seats[t.seat].name, game.ruleset, true);
      rememberInvites(game.id, game.invites);
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
          <option value=${INVITED}>a friend I invite with a link</option>
          <option value=${OPEN}>open: anyone joins</option>
          ${ruleset.bots.map((b) => html`<option value=${"bot:" + b}>bot: ${b}</option>`)}
        </select>
        <input aria-label=${"Seat " + i + " name"} name=${"name-" + i} placeholder=${"Seat " + i} maxlength="60" value=${s.name}
          onInput=${(e) => setSeat(i, { name: e.target.value })} />
      </li>`)}
    </ol>
    <details class="options" open=${showOptions} onToggle=${(e) => setShowOptions(e.currentTarget.open)}><summary>Options</summary>
      ${optionList(false)}
      <details class="advanced"><summary>Advanced: seeds and stacked deals (tests, tutorials, bug reports)</summary>
        ${optionList(true)}
      </details>
    </details>
    <${ErrorLine} error=${error} />
    <button type="submit" class="primary" disabled=${busy}>Create the game</button>
  </form>`;
}

/** A form to take an open seat with a name: `seat` (a summary's seat), or the seat `invite` keeps. */
function OpenSeat({ game, seat, rulesetName, invite = null }) {
  const [name, setName] = useState("");
  const [error, setError] = useState(null);
  async function join(event) {
    event.preventDefault();
    try {
      const taken = invite ? await api.joinInvited(game.id, invite, name || "Guest")
        : await api.join(game.id, seat.seat, name || "Guest");
      remember(game.id, taken.seat, taken.token, name || "Guest", game.ruleset);
      location.hash = "#/game/" + game.id;
    } catch (e) {
      setError(e);
    }
  }
  return html`<form class="join" onSubmit=${join}>
    <span>${rulesetName}: ${invite ? "the seat kept for you" : `seat ${seat.seat}`}</span>
    <input aria-label="Your name" placeholder="Your name" required maxlength="60" value=${name} onInput=${(e) => setName(e.target.value)} />
    <button type="submit">Join</button><${ErrorLine} error=${error} />
  </form>`;
}

function GameList({ title, games, rulesetName, action }) {
  return html`<section class="list" aria-label=${title}><h2>${title}</h2>
    ${games.length ? html`<ul>${games.map((g) => html`<li data-game=${g.id}>${action(g, rulesetName(g.ruleset))}
      ${g.damaged ? html` <strong class="damaged" title=${g.damage || ""}>damaged log: ${g.damage}</strong>` : ""}</li>`)}</ul>`
      : html`<p class="muted">None.</p>`}
  </section>`;
}

function seatsText(g) {
  return (g.seats || []).map((s) => s.name || (s.bot ? `bot ${s.bot}` : s.open ? "open" : `seat ${s.seat}`)).join(", ");
}

/** How many of this browser's games the lobby asks the state of (newest first). */
const MY_GAMES_SHOWN = 12;

/** Whose turn it is in one of this browser's games: "your turn" first, or whom it waits on, or its end. */
function WhoseTurn({ summary, held }) {
  if (!summary) return null;
  if (summary.status === "finished") return html`<span class="whose finished">finished</span>`;
  if (summary.status === "cancelled") return html`<span class="whose finished">cancelled</span>`;
  if (summary.status === "waiting") return html`<span class="whose waiting">waiting for players</span>`;
  const due = (summary.to_act || []).map((d) => d.seat);
  if (due.some((s) => held.includes(s))) return html`<strong class="whose mine">your turn</strong>`;
  const names = [...new Set(due)].map((s) => ((summary.seats || [])[s] || {}).name || `seat ${s}`);
  return html`<span class="whose">${names.length ? `waiting for ${names.join(", ")}` : "running"}</span>`;
}

export function Lobby() {
  const [rulesets, setRulesets] = useState(null);
  const [chosen, setChosen] = useState(null);
  const [lists, setLists] = useState({ waiting: [], active: [], finished: [] });
  const [error, setError] = useState(null);
  const [summaries, setSummaries] = useState({});

  useEffect(() => {
    loadRulesets().then(setRulesets, setError);
    const mineNow = myGames().slice(0, MY_GAMES_SHOWN);
    const follow = () => Promise.all(mineNow.map((g) => api.summary(g.id).then((summary) => [g.id, summary], () => [g.id, null])))
      .then((pairs) => setSummaries(Object.fromEntries(pairs)));
    follow();
    const mineTimer = setInterval(follow, 10000);
    const load = () => Promise.all(["waiting", "active", "finished"].map((status) => api.games({ status, limit: 15 })))
      .then(([w, a, f]) => setLists({ waiting: w.games, active: a.games, finished: f.games }), setError);
    load();
    const timer = setInterval(load, 5000);
    return () => { clearInterval(timer); clearInterval(mineTimer); };
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
      action=${(g, name) => html`<a href=${"#/game/" + g.id}>${name}</a> <span class="muted">as ${g.seats.map((s) => s.name || "seat " + s.seat).join(", ")}</span>${" "}
        <${WhoseTurn} summary=${summaries[g.id]} held=${g.seats.map((s) => s.seat)} /> <a href=${"#/replay/" + g.id}>replay</a>`} />` : ""}
    <${GameList} title="Open seats" games=${lists.waiting} rulesetName=${rulesetName}
      action=${(g, name) => html`${g.seats.filter((s) => s.open && !s.reserved).map((s) => html`<${OpenSeat} game=${g} seat=${s} rulesetName=${name} />`)}
        ${g.seats.some((s) => s.open && s.reserved) ? html`<span class="muted">${name}: ${counted(g.seats.filter((s) => s.open && s.reserved).length, "seat")} kept for invited players</span> ` : ""}
        <span class="muted">${seatsText(g)}</span>`} />
    <${GameList} title="Playing now" games=${lists.active} rulesetName=${rulesetName}
      action=${(g, name) => html`<a href=${"#/watch/" + g.id}>Watch ${name}</a> <span class="muted">${seatsText(g)} · version ${g.version}</span>`} />
    <${GameList} title="Finished" games=${lists.finished} rulesetName=${rulesetName}
      action=${(g, name) => html`<a href=${"#/replay/" + g.id}>Replay ${name}</a> <span class="muted">${seatsText(g)} · ${g.version} events</span>`} />
  </main>`;
}

/**
 * An invitation (#/join/<game>/<seat>): the game it is for and a name to take the open seat
 * with (POST /v1/games/{id}/seats/{seat}/join); the seat's token is kept like any other. With an
 * invite code (#/invite/<game>/<code>), the seat kept for its holder (POST /v1/games/{id}/join).
 */
export function JoinPage({ id, seat, invite = null }) {
  const [summary, setSummary] = useState(null);
  const [rulesName, setRulesName] = useState(null);
  const [error, setError] = useState(null);
  useEffect(() => {
    let current = true;   // another invitation opened since makes these answers stale
    api.summary(id).then((found) => {
      if (!current) return;
      setSummary(found);
      loadRules(found.ruleset).then((r) => current && setRulesName(r.name), () => current && setRulesName(found.ruleset));
    }, (e) => current && setError(e));
    return () => { current = false; };
  }, [id]);
  if (!summary) return html`<main><${ErrorLine} error=${error} /><p class="loading">Loading the invitation…</p></main>`;
  const seatsNow = summary.seats || [];
  const entry = invite ? null : seatsNow[seat];
  const others = seatsNow.filter((s) => (invite ? !s.open : s.seat !== seat))
    .map((s) => (s.open ? "an open seat" : s.name || `seat ${s.seat}`));
  const kept = invite && summary.status === "waiting" && seatsNow.some((s) => s.open && s.reserved);
  const name = rulesName || summary.ruleset;
  return html`<main class="lobby join-page">
    <h1>Join a game of ${name}</h1>
    <p>${invite ? "You are invited to play with" : "With"} ${others.join(", ") || "nobody yet"}.</p>
    ${kept ? html`<p>A seat is kept for you: nobody else can take it.</p><${OpenSeat} game=${summary} rulesetName=${name} invite=${invite} />`
      : entry && entry.open && !entry.reserved ? html`<${OpenSeat} game=${summary} seat=${entry} rulesetName=${name} />`
      : html`<p class="muted">${summary.status === "waiting" ? "This seat is kept for someone else." : "This seat is taken."}
        <a href=${"#/watch/" + id}>Watch the game</a></p>`}
  </main>`;
}

/**
 * Links that invite a person to each open seat of a waiting game. A seat open to anyone: its
 * join page (nothing secret). A seat kept for one invited player: the API's invite code in the
 * link, when this browser created the game and so keeps the code; else only that it is kept.
 */
export function Invitations({ summary }) {
  const open = (summary.seats || []).filter((s) => s.open);
  if (summary.status !== "waiting" || !open.length) return null;
  return html`<section class="invitations" aria-label="Invitations"><h2>Invite players</h2>
    <p class="muted">Send a link to each person you want at the table.</p>
    <ul>${open.map((s) => {
      const code = s.reserved ? inviteOf(summary.id, s.seat) : null;
      const who = s.name || `Seat ${s.seat}`; // as the seat list names it
      if (s.reserved && !code) return html`<li class="kept">${who} is kept for an invited player.</li>`;
      const link = code ? `${location.origin}/#/invite/${summary.id}/${encodeURIComponent(code)}`
        : `${location.origin}/#/join/${summary.id}/${s.seat}`;
      const label = `Invitation link for ${who}`;
      return html`<li><span class="muted">${who}: ${code ? "kept for the one person you send this link to" : "for anyone who has the link"}</span>
        <input readonly aria-label=${label} value=${link} onFocus=${(e) => e.target.select()} />
        <button type="button" onClick=${() => navigator.clipboard && navigator.clipboard.writeText(link)}>Copy</button></li>`;
    })}</ul></section>`;
}
