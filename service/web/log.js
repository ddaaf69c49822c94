// Events in words: one line per event, built from the event type's
// description and data schema that the API publishes, and the event's data
// (seat numbers become seat names, card ids card names, from the catalogue).

import { html, isSeatSchema, seatName, valueText, words } from "./ui.js";

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

/**
 * One event as a sentence: {who, text, details, cause}.
 * `who` is the seat's name (or null), `text` the event's type in words,
 * `description` what the API says the type means, `details` its data fields (a null
 * field, hidden from this reader or empty, is left out).
 */
export function describeEvent(rules, summary, envelope) {
  const spec = rules.eventSpec(envelope.type);
  const actor = actorOf(envelope, spec);
  const data = envelope.data || {};
  const text = words(envelope.type);
  const details = Object.entries(data)
    .filter(([name, value]) => !(name === "seat" && value === actor) && value !== null && value !== undefined)
    .map(([name, value]) => detail(rules, summary, spec, name, value));
  return {
    who: actor === null ? null : seatName(summary, actor),
    text,
    description: (spec && spec.description) || null,
    details,
    cause: envelope.cause ? CAUSES[envelope.cause] || null : null,
  };
}

export function EventLine({ rules, summary, envelope }) {
  const line = describeEvent(rules, summary, envelope);
  return html`<li class="event" data-version=${envelope.version}>
    <span class="version" title="version">${envelope.version}</span>
    ${line.who ? html`<strong>${line.who}</strong> ` : ""}<span class="what" title=${line.description || ""}>${line.text.toLowerCase()}</span>
    ${line.details.length ? html`<span class="details"> — ${line.details.join("; ")}</span>` : ""}
    ${line.cause ? html` <em class="cause">(${line.cause})</em>` : ""}
  </li>`;
}

/** The live log, newest first. */
export function EventLog({ rules, summary, events, limit = 200 }) {
  const shown = events.slice(-limit).reverse();
  return html`<section class="log" aria-label="Event log">
    <h2>Log</h2>
    <ol class="events" aria-live="polite" reversed>
      ${shown.map((e) => html`<${EventLine} key=${e.version} rules=${rules} summary=${summary} envelope=${e} />`)}
    </ol>
  </section>`;
}
