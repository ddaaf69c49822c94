// Shared pieces of the client: htm bound to Preact, names from the catalogue,
// small components (countdown, error line, card).

import { h } from "preact";
import { useEffect, useState } from "preact/hooks";
import htm from "htm";
import { serverNow } from "./api.js";

export const html = htm.bind(h);

/**
 * What the API says about one game's ruleset: GET /v1/rulesets/{id} (seats,
 * options, bots, command and event types with their descriptions, and the
 * catalogue: cards, decks, dice, resources, decisions, results, board).
 * Every name the client shows comes from here or from the view.
 */
export class Rules {
  constructor(entry, detail) {
    this.entry = { ...(entry || {}), ...(detail || {}) };
    this.catalogue = (detail && detail.catalogue) || {};
    this.cards = new Map((this.catalogue.cards || []).map((c) => [c.id, c]));
    this.decisions = new Map((this.catalogue.decisions || []).map((d) => [d.code, d]));
    this.results = new Map((this.catalogue.results || []).map((r) => [r.code, r]));
    this.resources = new Map((this.catalogue.resources || []).map((r) => [r.id, r]));
    this.decks = new Map((this.catalogue.decks || []).map((d) => [d.id, d]));
  }

  get id() { return this.entry.id; }
  get name() { return this.entry.name || this.entry.id; }
  get board() { return this.catalogue.board || null; }

  /** A card's printed name (its id when the catalogue does not list it). */
  cardName(id) {
    if (id === null || id === undefined) return "a hidden card";
    const card = this.cards.get(id);
    return card ? card.name : String(id);
  }

  card(id) { return this.cards.get(id) || null; }

  /** A board tile's name from the catalogue (board.tiles), or null when it lists no such tile. */
  tileName(id) {
    if (!this.tiles) this.tiles = new Map(((this.board || {}).tiles || []).map((t) => [t.id, t.name]));
    return this.tiles.get(id) || null;
  }

  resourceName(id) {
    const resource = this.resources.get(id);
    return resource ? resource.name : String(id).replaceAll("_", " ");
  }

  /** The spec of an event type: {description} (GET /v1/rulesets/{id} "events"), or null. */
  eventSpec(type) {
    return (this.entry.events || {})[type] || null;
  }

  /** The spec of a command type: {description, arguments, required}, or null. */
  commandSpec(type) {
    return (this.entry.commands || {})[type] || null;
  }
}

/** A seat's display name: its name in the summary, else "Seat N". */
export function seatName(summary, seat) {
  if (seat === null || seat === undefined) return "the game";
  const entry = summary && summary.seats && summary.seats[seat];
  return (entry && entry.name) || `Seat ${seat}`;
}

/** The heading of the hand a board shows: "Your hand" for a seat this browser holds (`mine`),
 * else its player's ("Bob's hand": a finished game's replay seen as another seat). */
export function handTitle(summary, seat, mine) {
  return mine ? "Your hand" : `${seatName(summary, seat)}'s hand`;
}

/** "Ann", "Bot 1 (strong)", "Seat 2 (open)". */
export function seatLabel(summary, seat) {
  const entry = summary && summary.seats && summary.seats[seat];
  if (!entry) return `Seat ${seat}`;
  const name = entry.name || `Seat ${seat}`;
  if (entry.open) return `${name} (open)`;
  if (entry.bot) return `${name} (bot: ${entry.bot})`;
  return name;
}

/** `n` and `noun` in agreement: "1 kill", "2 kills"; a noun may spell its plural after a slash ("die/dice"). */
export function counted(n, noun) {
  const [one, many] = String(noun).split("/");
  return `${n} ${n === 1 ? one : many || one + "s"}`;
}

/**
 * An amount of a resource named in the plural ("Action cards", "Life tokens", "Kills"): "1 Action
 * card", "2 Action cards". A name that is not a plain plural is left as it is ("3 AP", "1 Oxygen",
 * "1 Supplies": the card's own name).
 */
export function amountOf(n, pluralName) {
  const name = String(pluralName);
  if (n !== 1) return `${n} ${name}`;
  const plain = (word) => /[^s]s$/.test(word) && !/ies$/.test(word);
  const parts = name.split(" ");
  // the noun counted is the last word ("Action cards") or, before a participle, the first ("cards seen")
  const at = plain(parts[parts.length - 1]) ? parts.length - 1 : plain(parts[0]) ? 0 : -1;
  if (at >= 0) parts[at] = parts[at].slice(0, -1);
  return `${n} ${parts.join(" ")}`;
}

/**
 * A sentence from the API that names seats by number ("Seat 1 plays its turn.", "Play Tractor
 * Beam on seat 1.") with the players' names instead ("Bob plays their turn.").
 */
export function withNames(summary, text) {
  if (!text || !summary) return text;
  let named = false;
  const out = String(text).replace(/\b[Ss]eat (\d+)('s)?/g, (whole, n, owner) => {
    const entry = (summary.seats || [])[Number(n)];
    if (!entry || !entry.name) return whole;
    named = true;
    return entry.name + (owner || "");
  });
  return named ? out.replace(/\bits (turn|pawn|space|next|own|movement|hand|choice)\b/g, "their $1")
    .replace(/\bit (looked|drew|holds|played)\b/g, "they $1") : out;
}

/**
 * A text that names a place of the board by its coordinates ("Choose the zombie at (3, -2) to
 * move next.") with the name of what lies there added, where `nameAt(x, y)` knows it ("... at
 * (3, -2) on the Hospital tile ..."). `places` are the [x, y] the text is about; each is named
 * once, at its first "(x, y)"; coordinates the text calls a cell's ("tile cell (0, -1)") are left alone.
 */
export function withPlaceNames(text, places, nameAt) {
  if (!text || !nameAt) return text;
  let out = String(text);
  for (const [x, y] of places) {
    const name = typeof x === "number" && typeof y === "number" ? nameAt(x, y) : null;
    const at = `(${x}, ${y})`;
    const i = out.indexOf(at);
    // "(x, y)" after "cell" are a tile cell's coordinates (where a tile lies), not a space's
    if (name && i >= 0 && !out.startsWith(" on the ", i + at.length) && !/\bcell $/.test(out.slice(0, i))) {
      out = out.slice(0, i + at.length) + ` on the ${name} tile` + out.slice(i + at.length);
    }
  }
  return out;
}

/** "CardPlayed" -> "Card played". */
export function words(identifier) {
  const text = String(identifier).replaceAll("_", " ").replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Seconds left until an ISO time of the server's, updated each second, counted on the server's
 * clock (`serverNow`: a device clock that is off does not move a deadline); null when there is none.
 */
export function useSecondsLeft(deadline) {
  const [now, setNow] = useState(serverNow());
  useEffect(() => {
    if (!deadline) return undefined;
    const timer = setInterval(() => setNow(serverNow()), 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  if (!deadline) return null;
  return Math.max(0, Math.round((Date.parse(deadline) - now) / 1000));
}

/** A span of time in words that fit it: "23 h 59 min", "4 min 05 s", "42 s". */
export function durationText(seconds) {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), rest = s % 60;
  if (h >= 1) return `${h} h ${String(m).padStart(2, "0")} min`;
  if (m >= 1) return `${m} min ${String(rest).padStart(2, "0")} s`;
  return `${rest} s`;
}

export function Countdown({ deadline }) {
  const left = useSecondsLeft(deadline);
  if (left === null) return null;
  return html`<span class=${"countdown" + (left <= 10 ? " urgent" : "")} role="timer" data-seconds=${left}
    aria-label=${`${durationText(left)} left`}
    title=${"Deadline " + new Date(deadline).toLocaleString()}>${durationText(left)}</span>`;
}

export function ErrorLine({ error }) {
  if (!error) return null;
  return html`<p class="error" role="alert">${error.message || String(error)}${error.code ? html` <code>${error.code}</code>` : ""}</p>`;
}

/** Tell the page's CardHelp which card was tapped or focused (its text is shown there). */
export function showCardText(card) {
  dispatchEvent(new CustomEvent("stranded:card", { detail: card }));
}

/**
 * A card face: its name, and its rules text from the catalogue on hover (title), and on tap or
 * keyboard focus in the page's CardHelp line, so a touch screen shows it too. A card that stands
 * for moves is a button (a click also picks them); any other card can still be focused and tapped.
 */
export function Card({ rules, id, onClick, selected, disabled, small, label, plain }) {
  const card = rules.card(id);
  const hidden = id === null || id === undefined;
  const name = hidden ? "?" : rules.cardName(id);
  const kind = card ? card.kind : id === null || id === undefined ? "hidden" : "unknown";
  const title = card ? `${card.name}${card.text ? ": " + card.text : ""}` : hidden ? "A card whose face is hidden from you" : name;
  const help = { name: card ? card.name : hidden ? "A hidden card" : name, text: card ? card.text || "" : hidden ? "Its face is hidden from you." : "" };
  const cls = `card kind-${String(kind).replace(/[^a-z0-9_-]/gi, "")}${selected ? " selected" : ""}${small ? " small" : ""}`;
  if (onClick) {
    return html`<button type="button" class=${cls} title=${title} disabled=${disabled}
      aria-pressed=${selected ? "true" : "false"} onFocus=${() => showCardText(help)}
      onClick=${(e) => { showCardText(help); onClick(e); }}>${label || name}</button>`;
  }
  // Named by its text, described by its title; `plain` inside a board button (nothing
  // focusable may sit inside a button: a tap there makes the button's move).
  if (plain) return html`<span class=${cls} title=${title}>${label || name}</span>`;
  return html`<span class=${cls} title=${title} tabIndex="0"
    onFocus=${() => showCardText(help)} onClick=${() => showCardText(help)}>${label || name}</span>`;
}

/** The text of the card last tapped or focused on the page (see Card), until closed. */
export function CardHelp() {
  const [shown, setShown] = useState(null);
  useEffect(() => {
    const onCard = (e) => setShown(e.detail);
    addEventListener("stranded:card", onCard);
    return () => removeEventListener("stranded:card", onCard);
  }, []);
  return html`<div class="card-help" role="status" aria-live="polite" hidden=${!shown}>
    ${shown ? html`<strong>${shown.name}</strong>${shown.text ? ": " + shown.text : ""}
      <button type="button" class="link" aria-label="Close the card's text" onClick=${() => setShown(null)}>×</button>` : ""}
  </div>`;
}

/** A value of a command argument or event field, in words. */
export function valueText(rules, summary, value, schema) {
  if (value === null || value === undefined) return "hidden";
  if (Array.isArray(value)) return value.map((v) => valueText(rules, summary, v, schema && schema.items)).join(", ");
  if (typeof value === "number" && schema && isSeatSchema(schema)) return seatName(summary, value);
  if (typeof value === "string" && rules.cards.has(value)) return rules.cardName(value);
  if (typeof value === "object") return Object.entries(value).map(([k, v]) => `${words(k).toLowerCase()} ${valueText(rules, summary, v)}`).join(", ");
  if (typeof value === "boolean") return value ? "yes" : "no";
  return String(value).replaceAll("_", " ");
}

/** Whether a JSON Schema (from the API) describes a seat number. */
export function isSeatSchema(schema) {
  if (!schema) return false;
  const types = [].concat(schema.type || []);
  return types.includes("integer") && /\bseat\b/i.test(schema.description || "");
}
