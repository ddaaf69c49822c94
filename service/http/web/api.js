// The REST API and its Server-Sent Events, as any outside front end calls them.
//
// Every request goes to the documented /v1 endpoints. A seat token travels
// only in the Authorization header, never in a URL: the event stream is read
// with fetch() (EventSource cannot send headers) and parsed here.

/**
 * An error answered by the API: HTTP status, the stable code and the sentence; `retryAfter`: the
 * seconds a 429 or 503 asks to wait before trying again (its Retry-After header), else null.
 */
export class ApiError extends Error {
  constructor(status, code, message, retryAfter = null) {
    super(message);
    this.status = status;
    this.code = code;
    this.retryAfter = retryAfter;
  }
}

/**
 * The seconds an error asks to wait before the same request is tried again: a 429 (a rate limit)
 * or a 503 (not now) that carries Retry-After, at least 1; null for any other error.
 */
export function waitAsked(error) {
  if (!(error instanceof ApiError) || (error.status !== 429 && error.status !== 503) || error.retryAfter === null) {
    return null;
  }
  return Math.max(1, error.retryAfter);
}

/**
 * Milliseconds to add to this device's clock to read the server's: deadlines (`deadline_at`,
 * a clock's `running_since`) are the server's time, and a device clock that runs fast or slow
 * would count them down wrongly. Set from the Date header of each answer (whole seconds, so a
 * difference of up to 2 s is taken for the header's rounding and the round trip, and ignored).
 */
let serverOffsetMs = 0;

function noteServerTime(response, sentAt) {
  const served = Date.parse(response.headers.get("Date") || "");
  if (!Number.isFinite(served)) return;
  const offset = served + 500 - (sentAt + Date.now()) / 2;   // the header's second, at its middle
  serverOffsetMs = Math.abs(offset) > 2000 ? offset : 0;
}

/** The server's time now, in milliseconds since the epoch (this device's clock, corrected). */
export function serverNow() {
  return Date.now() + serverOffsetMs;
}

function headers(token, extra = {}) {
  const out = { Accept: "application/json", ...extra };
  if (token) out.Authorization = `Bearer ${token}`;
  return out;
}

/**
 * Call the API. `path` starts with "/v1/"; `body` (an object) is sent as JSON.
 * Resolves to the parsed JSON answer; rejects with an ApiError (or a network error).
 */
export async function call(path, { method = "GET", body, token, idempotencyKey } = {}) {
  const extra = {};
  if (body !== undefined) extra["Content-Type"] = "application/json";
  if (idempotencyKey) extra["Idempotency-Key"] = idempotencyKey;
  const sentAt = Date.now();
  const response = await fetch(path, {
    method,
    headers: headers(token, extra),
    body: body === undefined ? undefined : JSON.stringify(body),
    cache: "no-store",
  });
  noteServerTime(response, sentAt);
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const error = (data && data.error) || {};
    const wait = parseInt(response.headers.get("Retry-After") || "", 10);
    throw new ApiError(response.status, error.code || "http_" + response.status,
      error.message || `The server answered ${response.status}.`, Number.isFinite(wait) ? wait : null);
  }
  return data;
}

const enc = encodeURIComponent;

/** The endpoints the client uses, one function each. */
export const api = {
  rulesets: () => call("/v1/rulesets"),
  catalogue: (ruleset) => call(`/v1/rulesets/${enc(ruleset)}`),
  games: (query = {}) => call("/v1/games?" + new URLSearchParams(query)),
  create: (body) => call("/v1/games", { method: "POST", body }),
  join: (id, seat, name) => call(`/v1/games/${enc(id)}/seats/${seat}/join`, { method: "POST", body: { name } }),
  // the seat an invite code keeps (POST /v1/games/{id}/join with the code): answers {seat, token}
  joinInvited: (id, invite, name) => call(`/v1/games/${enc(id)}/join`, { method: "POST", body: { name, invite } }),
  summary: (id) => call(`/v1/games/${enc(id)}`),
  // `seat`: once the game is finished, any seat's view (the API opens them all then).
  view: (id, token, at, seat) => {
    const query = [at ? `at=${at}` : "", seat !== undefined && seat !== null ? `seat=${seat}` : ""].filter(Boolean);
    return call(`/v1/games/${enc(id)}/view` + (query.length ? `?${query.join("&")}` : ""), { token });
  },
  legal: (id, token) => call(`/v1/games/${enc(id)}/legal-commands`, { token }),
  send: (id, token, command) => call(`/v1/games/${enc(id)}/commands`, {
    method: "POST", body: command, token, idempotencyKey: crypto.randomUUID ? crypto.randomUUID() : String(Math.random()),
  }),
  events: (id, token, after = 0, limit = 1000) =>
    call(`/v1/games/${enc(id)}/events?after=${after}&limit=${limit}`, { token }),
  cancel: (id, token) => call(`/v1/games/${enc(id)}/cancel`, { method: "POST", token }),
  leave: (id, seat, token) => call(`/v1/games/${enc(id)}/seats/${seat}/leave`, { method: "POST", token }),
  reclaim: (id, seat, token) => call(`/v1/games/${enc(id)}/seats/${seat}/reclaim`, { method: "POST", token }),
  resign: (id, seat, token) => call(`/v1/games/${enc(id)}/seats/${seat}/resign`, { method: "POST", token }),
  rematch: (id, token, name) => call(`/v1/games/${enc(id)}/rematch`, { method: "POST", token, body: name ? { name } : {} }),
  verification: (id) => call(`/v1/games/${enc(id)}/verification`),
};

/** Every event of a game after `after` the caller may see, reading the log page by page. */
export async function allEvents(id, token, after = 0) {
  const out = [];
  for (;;) {
    const page = await api.events(id, token, after, 1000);
    out.push(...page.events);
    if (page.events.length < 1000) return { events: out, complete: page.complete, version: page.version };
    after = page.events[page.events.length - 1].version;
  }
}

/**
 * Follow a game's event stream (GET /v1/games/{id}/stream) from version `after`.
 *
 * Calls onEvent(envelope) for each event, in order, with no gap: the stream is
 * reopened after `lastVersion` whenever the server closes it (its timeout) or
 * the network drops, until the game is finished and drained or stop() is
 * called. Returns { stop }.
 */
export function follow(id, token, after, { onEvent, onOpen, onEnd }) {
  const controller = new AbortController();
  let last = after;
  let stopped = false;

  async function once() {
    const response = await fetch(`/v1/games/${enc(id)}/stream?after=${last}`, {
      headers: headers(token, { Accept: "text/event-stream" }),
      signal: controller.signal,
      cache: "no-store",
      // Long-lived: it must not hold up what the page loads, nor count as the page still loading.
      priority: "low",
    });
    if (!response.ok) throw new ApiError(response.status, "stream_failed", "The event stream could not be opened.");
    onOpen && onOpen();
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    let finished = false;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let cut;
      while ((cut = buffer.indexOf("\n\n")) >= 0) {
        const frame = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const data = frame.split("\n").filter((l) => l.startsWith("data:")).map((l) => l.slice(5).trimStart());
        if (!data.length) continue; // a comment: keep-alive
        const envelope = JSON.parse(data.join("\n"));
        if (envelope.version <= last) continue;
        last = envelope.version;
        if (envelope.type === "SeedRevealed") finished = true;
        onEvent(envelope);
      }
    }
    return finished;
  }

  (async () => {
    let delay = 500;
    while (!stopped) {
      try {
        const finished = await once();
        delay = 500;
        if (finished) break;
        // The server closed an idle stream: is the game over meanwhile?
        const summary = await api.summary(id);
        if ((summary.status === "finished" || summary.status === "cancelled") && summary.version <= last) break;
      } catch (error) {
        if (stopped) return;
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) break;
        await new Promise((resolve) => setTimeout(resolve, delay));
        delay = Math.min(delay * 2, 8000);
      }
    }
    if (!stopped) onEnd && onEnd();
  })();

  return {
    stop() {
      stopped = true;
      controller.abort();
    },
  };
}
