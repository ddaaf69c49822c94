// A table over time: the receipt of the version shown, the audit of the log
// (GET /v1/games/{id}/verification), and a seat's own actions on it: resign
// while the game runs, play again once it is over (POST .../rematch).

import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { api, waitAsked } from "./api.js";
import { forgetSeat, remember, seatsOf } from "./seats.js";
import { ErrorLine, html, seatName } from "./ui.js";

/** The receipt of the version shown: the chain head the server served with the view (null: none). */
export function Receipt({ head }) {
  if (!head) return null;
  return html`<span class="receipt" title=${`Receipt: keep version ${head.version} and head ${head.head}; ` +
    "`stranded verify --file record.json --receipt VERSION:HEAD` shows whether the log still gives it."}>
    receipt <code class="head" data-version=${head.version}>${head.version}:${head.head.slice(0, 10)}…</code></span>`;
}

/** Words for each verification status (GET /v1/games/{id}/verification). */
const VERDICTS = { verified: "Verified", tampered: "Does not verify", consistent_so_far: "Consistent so far",
  pending: "Being checked" };
/** How often, and how many times, a verdict still being computed is asked for again (ms, times). */
const RECHECK_MS = 1000;
const RECHECKS = 30;

/**
 * The audit of the game as the server holds it: asked for at once when the game is over, on a
 * click while it runs. The server's workers compute the verdict once per version; while it is
 * being computed (status "pending", or an earlier version's verdict that is not "current") the
 * client asks again every second, a bounded number of times.
 */
export function Verification({ id, finished }) {
  const [result, setResult] = useState(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(null);
  const shown = useRef(true);   // false once the page has left: a recheck loop then stops asking
  useEffect(() => () => { shown.current = false; }, []);
  const check = useCallback(async () => {
    setBusy(true);
    setError(null);
    try {
      for (let attempt = 0; attempt <= RECHECKS && shown.current; attempt++) {
        let found = null;
        try {
          found = await api.verification(id);
        } catch (e) {
          // The verdict is a costly read the server rate-limits per address (429) and may be
          // unable to serve for a moment (503): wait as it asks (Retry-After), then ask again.
          const seconds = waitAsked(e);
          if (seconds === null) throw e;
          await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
          continue;
        }
        if (!shown.current) return;
        setResult(found);
        if (found.current) break;
        await new Promise((resolve) => setTimeout(resolve, RECHECK_MS));
      }
    } catch (e) {
      if (shown.current) setError(e);
    } finally {
      if (shown.current) setBusy(false);
    }
  }, [id]);
  useEffect(() => { if (finished) check(); }, [id, finished]);
  return html`<section class="verification" aria-label="Verification">
    <h2>Audit</h2>
    ${result ? html`<p class=${"verdict " + result.status} data-status=${result.status} role="status"
        aria-label=${VERDICTS[result.status] || result.status}><strong>${result.message}</strong></p>
      <p class="muted">Checked up to version ${result.version}${result.head ? html`, head${" "}<code class="head"
        title=${result.head.head}>${result.head.head.slice(0, 10)}…</code>` : ""}.</p>
      ${result.problems.length ? html`<ul class="problems">${result.problems.map((p) => html`<li>${p}</li>`)}</ul>` : ""}` :
      html`<p class="muted">${busy ? "Re-running the rules over the log…" : "Re-run the rules over the log to check nothing was changed."}</p>`}
    <${ErrorLine} error=${error} />
    <button type="button" class="verify" onClick=${check} disabled=${busy}>${result ? "Verify again" : "Verify the log"}</button>
  </section>`;
}

/**
 * A seat's own actions on its table: before the start, cancel the game (the browser that created it:
 * POST .../cancel) or leave the table (a seat joined: its place is open again); resign (with a
 * confirmation) or leave (a bot plays on) while the game runs, take the seat back from the bot once
 * left (POST .../reclaim, when the game's allow_reclaim option, true by default, allows it), play
 * again once it is over.
 */
export function SeatActions({ id, summary, active, onDone }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(null);
  const seat = (summary.seats || [])[active.seat] || {};
  const running = summary.status === "active";
  const away = Boolean(seat.replaced_by) && !seat.resigned;
  const reclaimable = running && away && (summary.options || {}).allow_reclaim !== false;
  const run = async (action) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
      onDone();
    }
  };
  const resign = () => {
    if (!confirm(`Resign as ${seatName(summary, active.seat)}? You are out of this game for good and can no longer win.`)) return;
    run(() => api.resign(id, active.seat, active.token));
  };
  const leave = () => {
    if (!confirm(`Leave the game? A bot plays ${seatName(summary, active.seat)} from now on` +
      ((summary.options || {}).allow_reclaim !== false ? "; you may take the seat back while the game runs." : "."))) return;
    run(() => api.leave(id, active.seat, active.token));
  };
  const reclaim = () => run(() => api.reclaim(id, active.seat, active.token));
  const waiting = summary.status === "waiting";
  const cancel = () => {
    if (!confirm("Cancel this game? Nobody can join it any more and it leaves the lobby.")) return;
    run(() => api.cancel(id, active.token));
  };
  const leaveTable = () => {
    if (!confirm(`Leave the table? ${seatName(summary, active.seat)}'s seat is open again for someone else.`)) return;
    run(async () => {
      await api.leave(id, active.seat, active.token);
      forgetSeat(id, active.seat);
      location.hash = "#/";
    });
  };
  const rematch = () => run(async () => {
    try {
      const next = await api.rematch(id, active.token, active.name || seat.name || undefined);
      remember(next.game_id, next.seat, next.token, active.name || seat.name || null, summary.ruleset);
      location.hash = `#/game/${next.game_id}`;
    } catch (e) {
      // Already called: the seat is held here if this browser made the call.
      if (e.code === "seat_taken" && summary.rematch && seatsOf(summary.rematch).length) location.hash = `#/game/${summary.rematch}`;
      else throw e;
    }
  });
  const rematchHeld = summary.rematch && seatsOf(summary.rematch).length;
  return html`<div class="seat-actions">
    ${waiting && active.created ? html`<button type="button" class="cancel danger" onClick=${cancel} disabled=${busy}>Cancel the game</button>` : ""}
    ${waiting && !active.created ? html`<button type="button" class="leave" onClick=${leaveTable} disabled=${busy}>Leave the table</button>` : ""}
    ${summary.status === "cancelled" ? html`<p class="muted">The game was cancelled before it started.</p>` : ""}
    ${running && !seat.resigned ? html`<button type="button" class="resign danger" onClick=${resign} disabled=${busy}>Resign</button>` : ""}
    ${running && !seat.resigned && !away ? html`<button type="button" class="leave" onClick=${leave} disabled=${busy}>Leave</button>` : ""}
    ${away ? html`<p class="muted away" role="status">A bot (${seat.replaced_by}) plays your seat${seat.left ? " since you left" : ""}.</p>` : ""}
    ${reclaimable ? html`<button type="button" class="reclaim primary" onClick=${reclaim} disabled=${busy}>Take my seat back</button>` : ""}
    ${seat.resigned ? html`<p class="muted">You resigned.</p>` : ""}
    ${summary.status === "finished" ? rematchHeld ?
      html`<a class="button rematch" href=${"#/game/" + summary.rematch}>Go to the rematch</a>` :
      html`<button type="button" class="rematch" onClick=${rematch} disabled=${busy}>Play again</button>
        ${summary.rematch ? html`<span class="muted"> Your table is waiting for you in the rematch.</span>` : ""}` : ""}
    <${ErrorLine} error=${error} />
  </div>`;
}
