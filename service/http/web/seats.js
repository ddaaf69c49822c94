// The seat tokens this browser holds, kept in localStorage per game.
//
// A token is a secret: it never goes into a URL, a log line or the page's
// text; it leaves the browser only in the Authorization header.

const KEY = "stranded.seats";

function load() {
  try {
    return JSON.parse(localStorage.getItem(KEY) || "{}");
  } catch {
    return {};
  }
}

function save(all) {
  localStorage.setItem(KEY, JSON.stringify(all));
}

/** The seats held for game `id`: [{seat, token, name, ruleset}], by seat number. */
export function seatsOf(id) {
  return (load()[id] || []).slice().sort((a, b) => a.seat - b.seat);
}

/**
 * Remember a seat token for game `id`. `created`: the token came with the game's create answer (this
 * browser created the game, so it may cancel it before the start).
 */
export function remember(id, seat, token, name, ruleset, created = false) {
  const all = load();
  const held = (all[id] || []).filter((s) => s.seat !== seat);
  held.push({ seat, token, name, ruleset, created, at: new Date().toISOString() });
  all[id] = held;
  save(all);
}

/** Forget seat `seat` of game `id` (its player left the table before the start). */
export function forgetSeat(id, seat) {
  const all = load();
  all[id] = (all[id] || []).filter((s) => s.seat !== seat);
  if (!all[id].length) delete all[id];
  save(all);
}

/** Forget every seat of game `id`. */
export function forget(id) {
  const all = load();
  delete all[id];
  save(all);
}

/** Every game this browser holds a seat in: [{id, seats, ruleset, at}], newest first. */
export function myGames() {
  return Object.entries(load())
    .map(([id, seats]) => ({ id, seats, ruleset: seats[0] && seats[0].ruleset, at: seats[0] && seats[0].at }))
    .sort((a, b) => String(b.at).localeCompare(String(a.at)));
}

// The invite codes of the seats this browser created kept for invited players (the API shows
// each code once, in the create answer): kept per game, so the game page can show the links.
const INVITES = "stranded.invites";

function loadInvites() {
  try {
    return JSON.parse(localStorage.getItem(INVITES) || "{}");
  } catch {
    return {};
  }
}

/** Remember the create answer's `invites` ([{seat, code}]) for game `id`. */
export function rememberInvites(id, invites) {
  if (!invites || !invites.length) return;
  const all = loadInvites();
  all[id] = invites.map(({ seat, code }) => ({ seat, code }));
  localStorage.setItem(INVITES, JSON.stringify(all));
}

/** The invite code this browser keeps for seat `seat` of game `id`, or null. */
export function inviteOf(id, seat) {
  const found = (loadInvites()[id] || []).find((i) => i.seat === seat);
  return found ? found.code : null;
}
