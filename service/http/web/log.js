// Events in words: one line per event. An event type with a sentence template
// (GET /v1/rulesets/{id} "events": "{seat:seat} played {card:card}.") is told by
// it: a seat by its player's name (the summary), a card by its catalogue name, a
// value as it is. Without one, or when a field it names is hidden from this
// reader (null), the line falls back to the type, its description and its data.

import { counted, html, isSeatSchema, seatName, valueText, words } from "./ui.js";

/** A pair of placeholders a template writes as coordinates: "({x:value}, {y:value})". */
const PLACE_PAIR = /\(\{(\w+):value\}, \{(\w+):value\}\)/g;

/**
 * A template with the name of what lies at each place it writes as "(x, y)" added after it
 * ("moved to (3, 4) on the Hospital tile"), where `places(type, x, y)` (boards/index.js
 * placeNamer) knows it; a name already given in the sentence is not repeated.
 */
function withPlaces(template, data, type, places) {
  if (!places) return template;
  const named = new Set();
  return template.replace(PLACE_PAIR, (pair, a, b, offset) => {
    if (/\bcell $/.test(template.slice(0, offset))) return pair; // a tile cell's coordinates, not a space's
    const x = (data || {})[a], y = (data || {})[b];
    const name = typeof x === "number" && typeof y === "number" ? places(type, x, y) : null;
    if (!name || named.has(name) || /[{}]/.test(name)) return pair;
    named.add(name);
    return `${pair} on the ${name} tile`;
  });
}

/** Batch causes worth a word in the log (a seat's own move and a bot's need none). */
const CAUSES = { deadline: "sent when the deadline passed" };

function fieldSchema(spec, name) {
  const data = spec && spec.data;
  return (data && data.properties && data.properties[name]) || null;
}

/** The seat an event is about: a seat field of its data named "seat", else the envelope's seat. */
function actorOf(envelope, spec) {
  const data = envelope.data || {};
  if (typeof data.seat === "number" && (!spec || isSeatSchema(fieldSchema(spec, "seat")) || !fieldSchema(spec, "seat"))) {
    return data.seat;
  }
  return typeof envelope.seat === "number" && envelope.cause !== "system" ? envelope.seat : null;
}

/** Longest a field's text may be in the log (the whole event stays in GET /events). */
const LONGEST = 90;

function detail(rules, summary, spec, name, value) {
  const schema = fieldSchema(spec, name);
  if (Array.isArray(value) && value.length > 8) return `${words(name).toLowerCase()}: ${value.length} items`;
  const text = valueText(rules, summary, value, schema);
  return `${words(name).toLowerCase()}: ${text.length > LONGEST ? text.slice(0, LONGEST - 1) + "…" : text}`;
}

const PLACEHOLDER = /\{([^{}]*)\}/g;

/** One placeholder's value in words, or null when it cannot be filled (missing, null, hidden). */
function filled(rules, summary, value, kind, name = null) {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) {
    if (!value.length) return kind === "seat" ? "nobody" : "nothing";
    const parts = value.map((v) => filled(rules, summary, v, kind));
    return parts.includes(null) ? null : parts.join(", ");
  }
  if (kind === "seat") return typeof value === "number" ? seatName(summary, value) : null;
  if (kind === "card") return typeof value === "string" ? rules.cardName(value) : null;
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "object") return null;
  // a tile of the board by the catalogue's name ("the T-junction (Media Buy) tile")
  if (name === "tile" && typeof value === "string" && rules.tileName(value)) return rules.tileName(value);
  return String(value).replaceAll("_", " ");
}

/**
 * A sentence template filled from an event's data: a list of parts, each {text, kind}
 * (kind null for the template's own words), or null when a placeholder cannot be filled.
 */
export function sentenceParts(rules, summary, template, data) {
  const parts = [];
  let at = 0;
  for (const match of String(template).matchAll(PLACEHOLDER)) {
    const [name, kind, word] = match[1].split(":");
    const value = (data || {})[name];
    if (match.index > at) parts.push({ text: template.slice(at, match.index), kind: null });
    at = match.index + match[0].length;
    if (kind === "count") {
      if (typeof value !== "number") return null;
      parts.push({ text: counted(value, word), kind: "value" });
      continue;
    }
    if (kind === "seat" && word && Array.isArray(value)) {
      // a seat list with a leading word: " on Ann, Bob", or nothing when it is empty
      if (!value.length) continue;
      parts.push({ text: ` ${word} `, kind: null });
    }
    const text = filled(rules, summary, value, kind, name);
    if (text === null) return null;
    parts.push({ text, kind: kind || "value" });
  }
  if (at < template.length) parts.push({ text: template.slice(at), kind: null });
  return parts;
}

/**
 * One event as a sentence: {who, text, details, cause, sentence}.
 * `who` is the seat's name (or null), `text` the event's type in words,
 * `description` what the API says the type means, `details` its data fields (a null
 * field, hidden from this reader or empty, is left out); `sentence` the type's template
 * filled ({parts, text}), or null when it has none or a field it names is hidden.
 */
export function describeEvent(rules, summary, envelope, places = null) {
  const spec = rules.eventSpec(envelope.type);
  const actor = actorOf(envelope, spec);
  const data = envelope.data || {};
  const text = words(envelope.type);
  const details = Object.entries(data)
    .filter(([name, value]) => !(name === "seat" && value === actor) && value !== null && value !== undefined)
    .map(([name, value]) => detail(rules, summary, spec, name, value));
  const parts = spec && spec.sentence ? sentenceParts(rules, summary, withPlaces(spec.sentence, data, envelope.type, places), data) : null;
  return {
    who: actor === null ? null : seatName(summary, actor),
    text,
    sentence: parts ? { parts, text: parts.map((p) => p.text).join("") } : null,
    description: (spec && spec.description) || null,
    details,
    cause: envelope.cause ? CAUSES[envelope.cause] || null : null,
  };
}

/** The most cards a revealed field lists by name (a whole deck's order stays in the tooltip). */
const REVEAL_MOST = 12;

/**
 * What a finished game's whole log tells of an event beyond its sentence: the cards in its data
 * that the sentence does not name (hidden from other readers while the game ran: a card drawn,
 * cards taken, a deal), as [{label, cards}] with each card's catalogue name; a field holding a
 * list of card lists, one per seat (a deal), is told seat by seat. Only catalogue cards are told,
 * so nothing here knows a rule: it reads the data the API gives once the game is over.
 */
export function revealedCards(rules, summary, envelope) {
  const spec = rules.eventSpec(envelope.type);
  const template = (spec && spec.sentence) || "";
  const isCard = (v) => typeof v === "string" && rules.cards.has(v);
  const isCards = (v) => Array.isArray(v) && v.length > 0 && v.length <= REVEAL_MOST && v.every(isCard);
  const seats = (summary.seats || []).length;
  const out = [];
  for (const [name, value] of Object.entries(envelope.data || {})) {
    if (template.includes(`{${name}:`) || template.includes(`{${name}}`)) continue;
    if (isCard(value)) out.push({ label: words(name).toLowerCase(), cards: [value] });
    else if (isCards(value)) out.push({ label: words(name).toLowerCase(), cards: value });
    else if (Array.isArray(value) && value.length === seats && value.some((v) => v.length) &&
             value.every((v) => Array.isArray(v) && (!v.length || isCards(v)))) {
      value.forEach((cards, seat) => cards.length && out.push({ label: `${seatName(summary, seat)}'s ${words(name).toLowerCase().replace(/s$/, "")}`, cards }));
    }
  }
  return out;
}

/** A filled sentence, the seats' names in bold and the cards' names marked. */
export function Sentence({ sentence, title }) {
  return html`<span class="sentence" title=${title || ""}>${sentence.parts.map((p) =>
    p.kind === "seat" ? html`<strong>${p.text}</strong>` : p.kind === "card" ? html`<span class="card-name">${p.text}</span>` : p.text)}</span>`;
}

/**
 * One event as a line of the log; with `gameId`, its version links to the replay at that version.
 * With `reveal` (the whole log of a finished game), the cards its sentence does not name follow it.
 */
export function EventLine({ rules, summary, envelope, gameId, current, latest, reveal, places }) {
  const line = describeEvent(rules, summary, envelope, places);
  const shown = reveal ? revealedCards(rules, summary, envelope) : [];
  const title = [line.description, line.details.join("; ")].filter(Boolean).join(" — ");
  return html`<li class=${"event" + (current ? " current" : "") + (latest ? " latest" : "")} data-version=${envelope.version} data-type=${envelope.type}
      aria-current=${current ? "step" : undefined}>
    ${gameId ? html`<a class="version" href=${`#/replay/${gameId}/${envelope.version}`}
      title=${`Replay the game at version ${envelope.version}`}>${envelope.version}</a>` :
      html`<span class="version" title="version">${envelope.version}</span>`}
    ${line.sentence ? html`<${Sentence} sentence=${line.sentence} title=${title} />` : html`
      ${line.who ? html`<strong>${line.who}</strong> ` : ""}<span class="what" title=${line.description || ""}>${line.text.toLowerCase()}</span>
      ${line.details.length ? html`<span class="details"> — ${line.details.join("; ")}</span>` : ""}`}
    ${line.cause ? html` <em class="cause">(${line.cause})</em>` : ""}
    ${shown.length ? html`<span class="revealed"> —${shown.map((r) => html` <span>${/^cards?$/.test(r.label) ? "" : r.label + ": "}${r.cards.map((c, i) =>
      html`${i ? ", " : ""}<span class="card-name">${rules.cardName(c)}</span>`)}.</span>`)}</span>` : ""}
  </li>`;
}

/** The live log, newest first; with `gameId`, each line links to the replay at its version. */
export function EventLog({ rules, summary, events, gameId, limit = 200, places = null }) {
  const shown = events.slice(-limit).reverse();
  // the newest command's events are marked (a short highlight of what just happened)
  const newest = shown.length ? shown[0].command_id : null;
  return html`<section class="log" aria-label="Event log">
    <h2>Log</h2>
    <ol class="events" aria-live="polite" reversed>
      ${shown.map((e) => html`<${EventLine} key=${e.version} rules=${rules} summary=${summary} envelope=${e} gameId=${gameId} places=${places}
        latest=${newest !== null && newest !== undefined && e.command_id === newest} />`)}
    </ol>
  </section>`;
}
