// Replay: any game, version by version. A slider and step buttons move over
// the versions (one event, or one whole command: the events of one batch); the board is the spectator view at that version
// (GET /view?at=N) and the event that made it is told in words. The address
// (#/replay/<game>/<version>) can be shared: it holds no secret.
//
// Hands: a spectator's view holds none, so the replay shows the hands the API gives: a seat this
// browser holds is seen as that seat (its view at each version, with its token: its own hand),
// by default once the game is finished; and a finished game's log is whole, so each line tells
// the cards its sentence does not name (drawn, taken, dealt: log.js revealedCards).

import { useEffect, useRef, useState } from "preact/hooks";
import { allEvents, api, follow, waitAsked } from "./api.js";
import { Board, placeNamer } from "./boards/index.js";
import { useChangeMarks } from "./changes.js";
import { Outcome } from "./game.js";
import { Receipt } from "./table.js";
import { describeEvent, EventLine, Sentence } from "./log.js";
import { loadRules } from "./rules.js";
import { seatsOf } from "./seats.js";
import { CardHelp, ErrorLine, html, seatName } from "./ui.js";

/** The last version of each command batch (events sharing a command id), ascending. */
function batchEnds(events) {
  const ends = [];
  events.forEach((e, i) => {
    const next = events[i + 1];
    if (!next || !e.command_id || next.command_id !== e.command_id) ends.push(e.version);
  });
  return ends;
}

/** The events of the command batch that holds version `at` (same command id). */
function batchOf(events, at) {
  const event = events[at - 1];
  if (!event || !event.command_id) return event ? [event] : [];
  return events.filter((e) => e.command_id === event.command_id);
}

/** Milliseconds between two versions when the replay plays at speed 1. */
const STEP_MS = 600;
/** The replay speeds offered. */
const SPEEDS = [0.25, 0.5, 1, 2, 4];
/** How many lines of the whole log the replay shows around the version shown. */
const AROUND = 30;

export function ReplayPage({ id, at: initial }) {
  const [summary, setSummary] = useState(null);
  const [rules, setRules] = useState(null);
  const [events, setEvents] = useState(null);
  const [at, setAt] = useState(initial || null);
  const [view, setView] = useState(null);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(1);
  const [error, setError] = useState(null);
  const [slowed, setSlowed] = useState(null);     // seconds the server asked the replay to wait, else null
  const [attempt, setAttempt] = useState(0);      // asks again for the view of `at` after such a wait
  const cache = useRef(new Map());
  const boardFrame = useRef(null);
  const held = seatsOf(id);
  // The seat the board is seen as (null: a spectator); undefined until chosen: a held seat once finished.
  const [chosenSeat, setChosenSeat] = useState(undefined);
  const finished = Boolean(summary && summary.status === "finished");
  const seenAs = chosenSeat !== undefined ? chosenSeat : finished && held.length ? held[0].seat : null;
  const seenToken = seenAs === null ? null : (held.find((s) => s.seat === seenAs) || {}).token || null;
  // Whom the board may be seen as: every seat once the game is over, else the seats this browser holds.
  const seatChoices = finished ? summary.seats.map((_, i) => i) : held.map((s) => s.seat);

  useEffect(() => {
    let stream = null;
    let stopped = false;   // the page left while a read was on its way: nothing more starts
    (async () => {
      try {
        const first = await api.summary(id);
        if (stopped) return;
        setSummary(first);
        setRules(await loadRules(first.ruleset));
        const log = await allEvents(id, null);
        if (stopped) return;
        setEvents(log.events);
        setAt((a) => Math.min(a || log.events.length, log.events.length) || 1);
        if (first.status !== "finished") {
          const last = log.events.length ? log.events[log.events.length - 1].version : 0;
          stream = follow(id, null, last, {
            onEvent: (e) => setEvents((list) => list.concat([e])),
            onEnd: () => api.summary(id).then(setSummary),
          });
        }
      } catch (e) {
        if (!stopped) setError(e);
      }
    })();
    return () => {
      stopped = true;
      if (stream) stream.stop();
    };
  }, [id]);

  // A link to another version of this replay (a line of the log) changes the address only.
  useEffect(() => { if (initial) setAt(initial); }, [initial]);

  // Show version `at`: fetch its view (the spectator's, or the seat's it is seen as; cached),
  // keep the address shareable.
  useEffect(() => {
    if (!at || !summary) return;
    history.replaceState(null, "", `#/replay/${id}/${at}`);
    let current = true;
    const key = `${seenAs}:${at}`;
    const known = cache.current.get(key);
    // A finished game opens every seat's view to anyone; while it runs only a held seat's token shows one.
    const load = known ? Promise.resolve(known)
      : finished && seenAs !== null ? api.view(id, null, at, seenAs) : api.view(id, seenToken, at);
    let retry = null;
    load.then((v) => {
      cache.current.set(key, v);
      if (current) { setView(v); setError(null); setSlowed(null); }
    }, (e) => {
      if (!current) return;
      // Past versions are a costly read the server rate-limits per address (429), and a long
      // game's may still be being prepared (503): wait as it asks (Retry-After), then ask again;
      // playing waits for this board meanwhile.
      const seconds = waitAsked(e);
      if (seconds !== null) {
        setSlowed(seconds);
        retry = setTimeout(() => setAttempt((n) => n + 1), seconds * 1000);
      } else {
        setError(e);
      }
    });
    return () => { current = false; clearTimeout(retry); };
  }, [id, at, seenAs, Boolean(summary), attempt]);

  const last = events ? events.length : 0;
  // Playing steps on only once the board of the version shown has arrived: a slow or rate-limited
  // server slows the replay down instead of leaving the board behind the scrubber.
  const shownAt = view ? view.version : null;
  useEffect(() => {
    if (!playing) return undefined;
    if (at >= last) { setPlaying(false); return undefined; }
    if (shownAt !== at) return undefined;
    const timer = setTimeout(() => setAt(Math.min(last, at + 1)), STEP_MS / speed);
    return () => clearTimeout(timer);
  }, [playing, at, last, speed, shownAt]);

  // Stepping forward marks on the board what the steps changed (every seat's: a replay holds none).
  useChangeMarks(boardFrame, view ? view.version : null, events || [], [], Boolean(rules && view));

  if (error && !events) return html`<main><${ErrorLine} error=${error} /><p><a href="#/">Back to the lobby</a></p></main>`;
  if (!summary || !rules || !events || !view) return html`<main><p class="loading">Loading the replay…</p></main>`;

  const go = (n) => setAt(Math.max(1, Math.min(last, n)));
  const ends = batchEnds(events);
  const nextEnd = ends.find((v) => v > at);
  const previousEnd = [...ends].reverse().find((v) => v < at);
  const event = events[at - 1];
  const batch = batchOf(events, at);
  const places = placeNamer(rules, view.view);
  const line = event ? describeEvent(rules, summary, event, places) : null;

  return html`<main class="replay game" data-ruleset=${summary.ruleset} data-version=${view.version}>
    <header class="game-head">
      <h1>${rules.name} — replay</h1>
      <p class="meta"><span class=${"status " + summary.status}>${summary.status}</span>
        <span>${last} versions</span><${Receipt} head=${view.head} /></p>
      <nav class="game-links"><a href="#/">Lobby</a>
        ${rules.entry.rules ? html`<a href=${rules.entry.rules} target="_blank" rel="noopener">Rules</a>` : ""}
        ${summary.status !== "finished" ? html`<a href=${"#/watch/" + id}>Watch live</a>` : ""}</nav>
    </header>
    <div class="scrubber" role="group" aria-label="Versions">
      <button type="button" onClick=${() => go(1)} disabled=${at <= 1} aria-label="First version">First</button>
      <button type="button" onClick=${() => go(previousEnd)} disabled=${!previousEnd} aria-label="Previous command">◀ command</button>
      <button type="button" onClick=${() => go(at - 1)} disabled=${at <= 1} aria-label="Previous version">◀ event</button>
      <button type="button" onClick=${() => setPlaying(!playing)} aria-label=${playing ? "Pause" : "Play"}>${playing ? "Pause" : "Play"}</button>
      <button type="button" onClick=${() => go(at + 1)} disabled=${at >= last} aria-label="Next version">event ▶</button>
      <button type="button" onClick=${() => go(nextEnd)} disabled=${!nextEnd} aria-label="Next command">command ▶</button>
      <button type="button" onClick=${() => go(last)} disabled=${at >= last} aria-label="Last version">Last</button>
      <input type="range" min="1" max=${last} value=${at} aria-label="Version" onInput=${(e) => go(Number(e.target.value))} />
      <output class="at">version ${at} of ${last}</output>
      <label class="speed">Speed <select value=${speed} onChange=${(e) => setSpeed(Number(e.target.value))}>
        ${SPEEDS.map((v) => html`<option value=${v}>${v}×</option>`)}</select></label>
      ${seatChoices.length ? html`<label class="seen-as">Seen as <select name="seen-as" value=${seenAs === null ? "" : seenAs}
          onChange=${(e) => setChosenSeat(e.target.value === "" ? null : Number(e.target.value))}>
        <option value="">a spectator (no hand)</option>
        ${seatChoices.map((s) => html`<option value=${s}>${seatName(summary, s)}'s hand${held.some((h) => h.seat === s) ? " (your seat)" : ""}</option>`)}</select></label>` : ""}
    </div>
    ${error ? html`<${ErrorLine} error=${error} />` : ""}
    ${slowed ? html`<p class="muted slowed" role="status">The server asks the replay to slow down: the board of
      version ${at} follows in ${slowed} s.</p>` : ""}
    ${line ? html`<p class="step" aria-live="polite">${line.sentence ? html`<${Sentence} sentence=${line.sentence} title=${line.details.join("; ")} />` :
      html`<strong>${line.who ? line.who + ": " : ""}</strong>${line.text}${line.details.length ? " — " + line.details.join("; ") : ""}`}</p>` : ""}
    ${at === last ? html`<${Outcome} rules=${rules} summary=${summary} />` : ""}
    <${CardHelp} />
    <div class="table">
      <section class="board-wrap" aria-label="Board" ref=${boardFrame}>
        <${Board} rules=${rules} summary=${summary} view=${view.view} seat=${view.seat ?? null}
          mine=${held.some((h) => h.seat === view.seat)} entries=${[]} onPick=${() => null} busy=${true} />
      </section>
      <aside class="side">
        <section class="log" aria-label="This command"><h2>This command</h2>
          <ol class="events">${batch.map((e) => html`<${EventLine} key=${e.version} rules=${rules} summary=${summary} envelope=${e}
            reveal=${finished} places=${places} />`)}</ol>
        </section>
        <section class="log whole" aria-label="The whole log"><h2>The log</h2>
          <p class="muted">Click a version to go there.${finished ? " The game is over: its whole log is open, the cards drawn, taken and dealt too." : ""}</p>
          <ol class="events">${events.slice(Math.max(0, at - AROUND), at + AROUND).map((e) => html`<${EventLine} key=${e.version}
            rules=${rules} summary=${summary} envelope=${e} gameId=${id} current=${e.version === at} reveal=${finished} places=${places} />`)}</ol>
        </section>
      </aside>
    </div>
  </main>`;
}
