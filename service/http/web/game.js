// Play and watch: one game, live. A seat held in this browser plays (its
// view, its legal commands); without one the page is the spectator view.

import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { api, ApiError, follow, waitAsked } from "./api.js";
import { Board, placeNamer } from "./boards/index.js";
import { useChangeMarks } from "./changes.js";
import { CommandPanel, entriesOf } from "./commands.js";
import { EventLog } from "./log.js";
import { seatsOf } from "./seats.js";
import { Receipt, SeatActions, Verification } from "./table.js";
import { CardHelp, counted, Countdown, durationText, ErrorLine, html, seatName, useSecondsLeft, withNames, withPlaceNames } from "./ui.js";
import { Invitations } from "./lobby.js";
import { loadRules } from "./rules.js";
import { beep, setSound, soundOn } from "./sound.js";

/** Whether two command bodies are the same command (same type and arguments). */
function sameCommand(a, b) {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => JSON.stringify(a[k]) === JSON.stringify(b[k]));
}

/** How fast others' moves are shown: milliseconds per command, and its words. */
const PACES = [[0, "at once"], [500, "one every ½ s"], [1000, "one a second"], [2000, "one every 2 s"]];

/** Words for a decision's kind, after "Your" or a player's name. */
const KIND_WORDS = { turn: "turn", choice: "choice", reaction: "chance to react" };

/** Who must act now, with the decision's label (players by name) and its deadline counting down. */
export function ToAct({ rules, summary, mine }) {
  if (!summary || summary.status !== "active") return null;
  const list = summary.to_act || [];
  if (!list.length) return html`<p class="to-act muted">Nobody is being waited on.</p>`;
  return html`<ul class="to-act" aria-label="Waiting for">
    ${list.map((d) => {
      const decision = d.code ? rules.decisions.get(d.code) : null;
      const text = withNames(summary, d.label || (decision ? decision.description : `${seatName(summary, d.seat)} must act.`));
      const kind = KIND_WORDS[d.kind] || String(d.kind || "move").replaceAll("_", " ");
      const botPlays = ((summary.seats || [])[d.seat] || {}).replaced_by;
      const who = mine.includes(d.seat) && !botPlays ? `Your ${kind}` :
        `${seatName(summary, d.seat)}'s ${kind}${botPlays ? ` (a bot plays it)` : ""}`;
      return html`<li class=${mine.includes(d.seat) ? "mine" : ""} data-seat=${d.seat} data-kind=${d.kind}>
        <strong class="who">${who}:</strong> ${text} <${Countdown} deadline=${d.deadline_at} />
      </li>`;
    })}
  </ul>`;
}

/**
 * The result of a finished game: who won (or that it was lost), how it ended, scores. The box
 * is green for a seat of `mine` that won, red for one that lost, and plain for a spectator;
 * a game nobody won reads as lost ("Ann lost" alone at the table, else "Nobody won").
 */
export function Outcome({ rules, summary, mine = [] }) {
  const result = summary && summary.result;
  if (!result) return null;
  const winners = result.winners || [];
  const seats = summary.seats || [];
  const described = result.result && rules.results.get(result.result);
  const names = (list) => list.map((s) => seatName(summary, s)).join(" and ");
  const headline = winners.length ? `${names(winners)} won` :
    seats.length === 1 ? `${seatName(summary, 0)} lost` : "Nobody won";
  const mood = mine.length ? (mine.some((s) => winners.includes(s)) ? "won" : "lost") : winners.length ? "over" : "lost";
  return html`<section class=${"outcome " + mood} aria-label="Result" data-outcome=${mood}>
    <h2>${headline}${mood === "lost" && mine.length && winners.length ? html` <span class="muted">— you lost</span>` : ""}</h2>
    ${result.reason ? html`<p>${withNames(summary, result.reason)}</p>` : ""}
    ${described ? html`<p class="muted">${described.description}</p>` : ""}
    ${result.scores ? html`<table class="scores"><thead><tr><th>Player</th><th>Score</th></tr></thead><tbody>
      ${Object.entries(result.scores).map(([seat, score]) => html`<tr><td>${seatName(summary, Number(seat))}</td><td>${score}</td></tr>`)}
    </tbody></table>` : ""}
    ${typeof result.turns === "number" ? html`<p class="muted">${counted(result.turns, "turn")}.</p>` : ""}
  </section>`;
}

/** What became of a seat over the game, in words (null: nothing to say). */
function seatFate(s) {
  if (s.resigned) return "resigned";
  if (s.left) return `left: a bot (${s.replaced_by || s.bot}) plays on`;
  if (s.replaced_by) return `taken over by a bot (${s.replaced_by})`;
  if (s.open && s.reserved) return "kept for an invited player";
  if (s.open) return "open";
  return null;
}

/** A seat's time bank (option clock): the time left, counting down while it runs. */
function SeatClock({ clock }) {
  const running = clock.running_since ? Date.parse(clock.running_since) : null;
  const end = running === null ? null : new Date(running + clock.remaining_s * 1000).toISOString();
  const left = useSecondsLeft(end);
  const seconds = left === null ? clock.remaining_s : left;
  return html`<span class=${"clock" + (running === null ? "" : " running")} role="timer" data-seconds=${Math.round(seconds)}
    aria-label=${`time bank: ${durationText(seconds)} left${running === null ? "" : ", running"}`}>⏱ ${durationText(seconds)}</span>`;
}

export function Seats({ summary, mine, current }) {
  const due = new Set((summary.status === "active" ? summary.to_act || [] : []).map((d) => d.seat));
  return html`<ul class="seats" aria-label="Seats">
    ${(summary.seats || []).map((s) => {
      const fate = seatFate(s);
      return html`<li class=${(mine.includes(s.seat) ? "mine " : "") + (s.seat === current ? "current " : "") + (fate ? "away" : "")}
          data-seat=${s.seat}>
        <span class=${"dot seat-" + s.seat} aria-hidden="true"></span>${seatName(summary, s.seat)}${s.bot && !s.replaced_by ? html` <span class="muted">(bot: ${s.bot})</span>` : ""}${mine.includes(s.seat) ? " — you" : ""}
        ${fate ? html` <span class="fate" data-fate=${fate.split(":")[0].split(" ")[0]}>${fate}</span>` : ""}
        ${due.has(s.seat) ? html` <span class="due" title="the game waits on this seat">to act</span>` : ""}
        ${summary.clocks && summary.clocks[String(s.seat)] ? html` <${SeatClock} clock=${summary.clocks[String(s.seat)]} />` : ""}
      </li>`;
    })}
  </ul>`;
}

/**
 * The summary as of the version the view shows, so the header, the seats, the board and the log
 * all tell the same moment: the view's response carries its own seats and who must act, and a
 * game that ended after that version is shown as still running until its view catches up.
 */
export function atViewVersion(latest, view) {
  if (!latest || !view) return latest;
  const ahead = latest.version > view.version;
  return {
    ...latest,
    version: view.version,
    seats: view.seats || latest.seats,
    to_act: view.to_act || latest.to_act,
    clocks: "clocks" in view ? view.clocks : latest.clocks,
    status: ahead && latest.status === "finished" ? "active" : latest.status,
    result: ahead ? null : latest.result,
  };
}

/**
 * The last version of each command batch after `from` and before `to` that another seat's
 * command (a bot's, another person's, the server's) made, ascending: the moments a paced page
 * stops at. The page's own commands are shown at once.
 */
function othersBatchEnds(events, from, to, mySeat) {
  const ends = [];
  for (let i = 0; i < events.length; i += 1) {
    const e = events[i];
    if (e.version <= from || e.version >= to) continue;
    const next = events[i + 1];
    const last = !next || !e.command_id || next.command_id !== e.command_id;
    if (last && (mySeat === null || e.seat !== mySeat)) ends.push(e.version);
  }
  return ends;
}

/** The seat a token holds, from the seats kept in this browser (null when none). */
function summarySeatOf(summary, token) {
  const held = seatsOf(summary.id).find((s) => s.token === token);
  return held ? held.seat : null;
}

/**
 * The live state of one game for the holder of `token` (null: a spectator): summary, view,
 * legal commands and the log, kept fresh from the event stream. Each refresh reads the summary,
 * the view and the legal commands, and reads the log up to the view's version before it shows
 * anything, so the log never lags the board (the stream only says that something happened).
 */
function useLiveGame(id, token, pace = 0) {
  const [state, setState] = useState({ summary: null, view: null, legal: null, events: [], error: null });
  const refreshing = useRef(null);
  const again = useRef(false);
  const log = useRef([]);   // every event read so far, in order, without a gap
  const shown = useRef(0);  // the version the page shows
  const paced = useRef(pace);
  paced.current = pace;

  const lastRead = () => (log.current.length ? log.current[log.current.length - 1].version : 0);
  const append = (list) => {
    const fresh = list.filter((e) => e.version > lastRead());
    if (fresh.length) log.current = log.current.concat(fresh);
  };
  // Read the log on from the last event read until it reaches `version`.
  const readUpTo = async (version) => {
    while (lastRead() < version) {
      const page = await api.events(id, token, lastRead(), 1000);
      if (!page.events.length) break;
      append(page.events);
    }
  };

  // Fetch summary, view and legal commands. Asked while a fetch is under way (new events came
  // meanwhile), it fetches once more when that one ends, so the page never stays behind.
  const refresh = useCallback(async () => {
    if (refreshing.current) {
      again.current = true;
      return refreshing.current;
    }
    refreshing.current = (async () => {
      do {
        again.current = false;
        try {
          const summary = await api.summary(id);
          const [view, legal] = await Promise.all([
            api.view(id, token),
            token && summary.status === "active" ? api.legal(id, token) : Promise.resolve(null),
          ]);
          await readUpTo(view.version);
          // Others' moves at a readable pace (when asked): each command's board in turn, `pace` ms apart.
          if (paced.current > 0 && shown.current > 0) {
            for (const end of othersBatchEnds(log.current, shown.current, view.version, token ? summarySeatOf(summary, token) : null)) {
              // A past view is a costly read the server may refuse (429: its per-address limit; 503): the
              // pace is a courtesy, so a refusal shows the game as it is now instead of an error.
              const step = await api.view(id, token, end).catch((e) => {
                if (waitAsked(e) !== null) return null;
                throw e;
              });
              if (!step) break;
              shown.current = end;
              setState((s) => ({ ...s, summary, view: step, legal: null, events: log.current, error: null }));
              await new Promise((resolve) => setTimeout(resolve, paced.current));
            }
          }
          shown.current = view.version;
          setState((s) => ({ ...s, summary, view, legal, events: log.current, error: null }));
          // Read at different versions (the game moved between the calls): read again.
          if (view.version !== summary.version || (legal && legal.version !== view.version)) again.current = true;
        } catch (error) {
          setState((s) => ({ ...s, error }));
        }
      } while (again.current);
      refreshing.current = null;
    })();
    return refreshing.current;
  }, [id, token]);

  useEffect(() => {
    let stream = null;
    let timer = null;
    let stopped = false;
    log.current = [];
    shown.current = 0;
    setState({ summary: null, view: null, legal: null, events: [], error: null });
    (async () => {
      try {
        await refresh();
        if (stopped) return;
        stream = follow(id, token, lastRead(), {
          onEvent(envelope) {
            append([envelope]);
            clearTimeout(timer);
            timer = setTimeout(refresh, 60);
          },
          onEnd() { refresh(); },
        });
      } catch (error) {
        setState((s) => ({ ...s, error }));
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      if (stream) stream.stop();
    };
  }, [id, token]);

  return [state, refresh];
}

export function GamePage({ id, spectate }) {
  const held = spectate ? [] : seatsOf(id);
  const [chosen, setChosen] = useState(null);
  const [rules, setRules] = useState(null);
  const [focus, setFocus] = useState(null);
  const [busy, setBusy] = useState(false);
  const [sendError, setSendError] = useState(null);

  const mine = held.map((s) => s.seat);
  const active = held.find((s) => s.seat === chosen) || held[0] || null;
  const token = active ? active.token : null;
  const [pace, setPace] = useState(() => Number(localStorage.getItem("stranded.pace") || 0));
  const [game, refresh] = useLiveGame(id, token, pace);
  const { view, legal, error } = game;
  const summary = atViewVersion(game.summary, view);
  const boardFrame = useRef(null);
  useChangeMarks(boardFrame, view ? view.version : null, game.events, spectate ? [] : mine, Boolean(rules && view));
  // The log tells what the board shows: events past the view's version wait for it.
  const events = view ? game.events.filter((e) => e.version <= view.version) : game.events;

  useEffect(() => {
    if (summary && !rules) loadRules(summary.ruleset).then(setRules, () => setRules(null));
  }, [summary && summary.ruleset]);

  // Holding several seats (a table shared on one screen): follow the one that must act.
  useEffect(() => {
    if (!summary || held.length < 2) return;
    const due = (summary.to_act || []).find((d) => mine.includes(d.seat));
    if (due && due.seat !== (active && active.seat)) setChosen(due.seat);
  }, [summary && summary.version]);

  useEffect(() => setFocus(null), [legal && legal.version]);

  // The tab's title tells a player whose move it is, even while another tab is in front.
  const myTurn = Boolean(summary && summary.status === "active" && !spectate &&
    (summary.to_act || []).some((d) => mine.includes(d.seat) && !((summary.seats || [])[d.seat] || {}).replaced_by));
  useEffect(() => {
    const name = rules ? rules.name : "Stranded";
    document.title = (myTurn ? "▶ Your turn — " : "") + `${name} — Stranded`;
    return () => { document.title = "Stranded"; };
  }, [myTurn, rules]);

  // Opt-in: a notification when the game comes to this player while the page is not in front.
  const [notify, setNotify] = useState(() => localStorage.getItem("stranded.notify") === "on");
  const chooseNotify = async (on) => {
    if (on && typeof Notification !== "undefined" && Notification.permission !== "granted") {
      on = (await Notification.requestPermission()) === "granted";
    }
    localStorage.setItem("stranded.notify", on ? "on" : "off");
    setNotify(on);
  };
  useEffect(() => {
    if (!myTurn || !notify || !document.hidden || typeof Notification === "undefined") return;
    if (Notification.permission === "granted") {
      new Notification(`Your turn — ${rules ? rules.name : "Stranded"}`, { body: `Game ${id}`, tag: `stranded-${id}` });
    }
  }, [myTurn, notify]);

  // Opt-in: a beep when the game comes (back) to this player: it waits on them now, and it did
  // not at the version shown before, or another seat moved since (a bot's whole turn may fall
  // between two versions shown). Not for the turn the page opens on.
  const [sound, setSoundState] = useState(soundOn);
  const before = useRef(null); // {version, myTurn} last shown
  useEffect(() => {
    if (!summary || !view) return;
    const last = before.current;
    before.current = { version: view.version, myTurn };
    if (!last || !myTurn || !sound || view.version <= last.version) return;
    const othersMoved = game.events.some((e) => e.version > last.version && e.version <= view.version &&
      typeof e.seat === "number" && !mine.includes(e.seat));
    if (!last.myTurn || othersMoved) beep();
  }, [view && view.version, myTurn]);
  const chooseSound = (on) => {
    setSound(on);
    setSoundState(on);
    if (on) beep(); // what it sounds like, and the gesture a browser asks for before a page makes sound
  };

  // Auto-pass, decided here from this seat's own legal moves (the server learns nothing from it):
  // a reaction window where the one thing this seat may do is the window's single move is answered at once.
  const [autoPass, setAutoPass] = useState(() => localStorage.getItem("stranded.autopass") !== "off");
  const soleReaction = Boolean(legal && summary && active && legal.version === summary.version &&
    (summary.to_act || []).some((d) => d.seat === active.seat && d.kind === "reaction") &&
    legal.commands.length === 1);

  const send = useCallback(async (entry) => {
    setBusy(true);
    setSendError(null);
    setFocus(null);
    try {
      await api.send(id, token, { ...entry.command, expected_version: legal ? legal.version : undefined });
    } catch (e) {
      setSendError(e);
    } finally {
      setBusy(false);
      refresh();
    }
  }, [id, token, legal]);

  // One gesture on the board standing for several commands (a walk of several steps): each is
  // sent only while it is among this seat's legal commands, read afresh before it; the first
  // one that is not (a fight began, the allowance ran out) ends the gesture. An item may be a
  // function of the legal entries giving the command to send (or null: stop).
  const walk = useCallback(async (commands) => {
    setBusy(true);
    setSendError(null);
    setFocus(null);
    try {
      walking: for (const item of commands) {
        for (let attempt = 0; ; attempt += 1) {
          const now = await api.legal(id, token);
          const offered = entriesOf(now);
          const command = typeof item === "function" ? item(offered) : item;
          const entry = command && offered.find((e) => sameCommand(e.command, command));
          if (!entry) break walking;
          try {
            await api.send(id, token, { ...entry.command, expected_version: now.version });
            break;
          } catch (e) {
            // the game moved between the read and the send (another seat's answer): read again, once
            if (!(e instanceof ApiError && e.status === 409 && attempt === 0)) throw e;
          }
        }
      }
    } catch (e) {
      setSendError(e);
    } finally {
      setBusy(false);
      refresh();
    }
  }, [id, token]);

  useEffect(() => {
    if (!autoPass || !soleReaction || busy) return;
    const mine = (summary.seats || [])[active.seat] || {};
    if (!mine.resigned && !mine.replaced_by) send(entriesOf(legal)[0]);
  }, [autoPass, soleReaction, legal && legal.version]);

  if (error && !summary) return html`<main><${ErrorLine} error=${error} /><p><a href="#/">Back to the lobby</a></p></main>`;
  if (!summary || !rules || !view) return html`<main><p class="loading">Loading the game…</p></main>`;

  const playing = Boolean(token);
  // A resigned seat sends nothing more (its rule took it out, or a bot plays it on).
  const mySeat = playing ? (summary.seats || [])[active.seat] || {} : {};
  const resigned = playing && Boolean(mySeat.resigned);
  const away = playing && !resigned && Boolean(mySeat.replaced_by);
  // Places on the board by what lies there (a Quickplay space by its tile's name), in the log and the moves.
  const places = placeNamer(rules, view.view);
  const named = (e) => withPlaceNames(withNames(summary, e.label), [[e.command.x, e.command.y]],
    places && ((x, y) => places(e.command.type, x, y)));
  const entries = resigned || away || !legal || legal.version !== view.version ? [] : entriesOf(legal).map((e) => (e.label ? { ...e, label: named(e) } : e));
  // Over: nothing more can happen (finished, or cancelled before the start).
  const over = summary.status === "finished" || summary.status === "cancelled";
  const waitingFor = summary.status === "waiting" ? "The game starts when every open seat is taken." :
    summary.status === "finished" ? "The game is over." :
    summary.status === "cancelled" ? "The game was cancelled before it started." : resigned ? "You resigned: the others play on." :
    away ? "A bot plays your seat: take it back to play." :
    playing ? "Waiting for the others." : null;

  return html`<main class="game" data-ruleset=${summary.ruleset} data-version=${view.version} data-status=${summary.status}>
    <header class="game-head">
      <h1>${rules.name}</h1>
      <p class="meta">
        <span class=${"status " + summary.status}>${summary.status}</span>
        <span>version <output class="version-now">${view.version}</output></span>
        <span>${playing ? `playing as ${seatName(summary, active.seat)}` : "watching as a spectator"}</span>
        ${summary.seeded ? html`<span title="created with a fixed seed">seeded</span>` : ""}
        ${summary.stacked ? html`<span title="created with a stacked deal">stacked</span>` : ""}
        <${Receipt} head=${view.head} />
      </p>
      <nav class="game-links">
        <a href="#/">Lobby</a>
        <a href=${"#/replay/" + id}>Replay</a>
        ${rules.entry.rules ? html`<a href=${rules.entry.rules} target="_blank" rel="noopener">Rules</a>` : ""}
        ${playing ? html`<a href=${"#/watch/" + id}>Spectator view</a>` : held.length || seatsOf(id).length ? html`<a href=${"#/game/" + id}>Play my seat</a>` : ""}
      </nav>
      ${held.length > 1 ? html`<label class="seat-pick">Seat <select value=${active.seat} onChange=${(e) => setChosen(Number(e.target.value))}>
        ${held.map((s) => html`<option value=${s.seat}>${seatName(summary, s.seat)}</option>`)}</select></label>` : ""}
    </header>
    <${ToAct} rules=${rules} summary=${summary} mine=${playing ? [active.seat] : []} />
    <${CardHelp} />
    <${Outcome} rules=${rules} summary=${summary} mine=${playing ? mine : []} />
    <div class="table">
      <section class="board-wrap" aria-label="Board" ref=${boardFrame}>
        <${Board} rules=${rules} summary=${summary} view=${view.view} seat=${playing ? active.seat : null} mine=${playing}
          entries=${entries} onPick=${(list) => (list.length === 1 ? send(list[0]) : setFocus(list))}
          onWalk=${playing && !resigned && !away ? walk : null} busy=${busy} />
      </section>
      <aside class="side">
        <${Seats} summary=${summary} mine=${mine} current=${playing ? active.seat : null} />
        <${Invitations} summary=${summary} />
        ${playing ? html`<${SeatActions} id=${id} summary=${summary} active=${active} onDone=${refresh} />` : ""}
        ${playing && !over && typeof Notification !== "undefined" ? html`<label class="autopass"><input type="checkbox" name="notify"
          checked=${notify} onChange=${(e) => chooseNotify(e.target.checked)} /> Notify me when it is my turn and this page is not in front</label>` : ""}
        ${playing && !over ? html`<label class="autopass"><input type="checkbox" name="sound" checked=${sound}
          onChange=${(e) => chooseSound(e.target.checked)} /> Play a sound when it is my turn</label>` : ""}
        ${playing ? html`<label class="autopass"><input type="checkbox" checked=${autoPass} onChange=${(e) => {
            localStorage.setItem("stranded.autopass", e.target.checked ? "on" : "off");
            setAutoPass(e.target.checked);
          }} /> Answer a reaction window for me when I have nothing to play in it</label>
          <${ErrorLine} error=${sendError} />
          <${CommandPanel} rules=${rules} summary=${summary} entries=${entries} focus=${focus}
            onClearFocus=${() => setFocus(null)} onSend=${send} busy=${busy} waitingFor=${waitingFor} />` : ""}
        <label class="pace">Others' moves <select name="pace" value=${pace} onChange=${(e) => {
            localStorage.setItem("stranded.pace", e.target.value);
            setPace(Number(e.target.value));
          }}>${PACES.map(([ms, words]) => html`<option value=${ms}>${words}</option>`)}</select></label>
        <${ErrorLine} error=${error} />
        <${EventLog} rules=${rules} summary=${summary} events=${events} gameId=${id} places=${places} />
        <${Verification} id=${id} finished=${summary.status === "finished"} />
      </aside>
    </div>
  </main>`;
}
