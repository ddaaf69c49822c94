// Legal commands as buttons: each with the label, cost and effect the API
// gives, grouped by command type under the type's description.

import { useEffect, useRef } from "preact/hooks";
import { amountOf, html, valueText, withNames, words } from "./ui.js";

/**
 * The legal-commands answer as entries {command, label, cost, effect}.
 * The API lists entries of that shape; a bare command body (an older server)
 * becomes an entry whose label is its type and arguments in words.
 */
export function entriesOf(legal) {
  return ((legal && legal.commands) || []).map((item) =>
    item && typeof item.command === "object" && item.command !== null ? item : { command: item, label: null, cost: null, effect: null });
}

/** The label of an entry: the API's, else the command in words. */
export function labelOf(rules, summary, entry) {
  if (entry.label) return withNames(summary, entry.label);
  const { type, ...args } = entry.command;
  const spec = rules.commandSpec(type);
  const parts = Object.entries(args).map(([name, value]) =>
    `${words(name).toLowerCase()} ${valueText(rules, summary, value, spec && spec.arguments && spec.arguments[name])}`);
  return words(type) + (parts.length ? ": " + parts.join(", ") : "");
}

function amounts(rules, map) {
  return Object.entries(map).map(([id, n]) => amountOf(n, rules.resourceName(id))).join(", ");
}

/** What is known of a move's result: counts as "2 zombies", flags by name, other values after a colon. */
function effects(rules, summary, map) {
  return Object.entries(map).filter(([, v]) => v !== false && v !== null && v !== undefined).map(([name, v]) =>
    v === true ? words(name).toLowerCase()
      : typeof v === "number" ? amountOf(v, rules.resourceName(name))
        : `${words(name).toLowerCase()}: ${valueText(rules, summary, v)}`).join(", ");
}

function Entry({ rules, summary, entry, onSend, busy }) {
  return html`<li><button type="button" class="command" disabled=${busy} onClick=${() => onSend(entry)}
      data-type=${entry.command.type}>
    <span class="label">${labelOf(rules, summary, entry)}</span>
    ${entry.cost ? html`<span class="cost" title="cost">costs ${amounts(rules, entry.cost)}</span>` : ""}
    ${entry.effect && effects(rules, summary, entry.effect) ? html`<span class="effect" title="known result">${effects(rules, summary, entry.effect)}</span>` : ""}
  </button></li>`;
}

/**
 * The command panel. `entries` are this seat's legal commands; `focus` (a
 * subset picked on the board) narrows the list until cleared.
 */
export function CommandPanel({ rules, summary, entries, focus, onClearFocus, onSend, busy, waitingFor }) {
  const shown = focus || entries;
  const groups = new Map();
  for (const entry of shown) {
    const type = entry.command.type;
    if (!groups.has(type)) groups.set(type, []);
    groups.get(type).push(entry);
  }
  // A pick on the board that stands for several moves brings them into sight (on a phone the
  // list is below the board) and puts the keyboard on the first of them.
  const panel = useRef(null);
  useEffect(() => {
    if (!focus || !panel.current) return;
    panel.current.scrollIntoView({ block: "nearest" });
    const first = panel.current.querySelector("button.command");
    if (first) first.focus({ preventScroll: true });
  }, [focus]);
  return html`<section class="commands" aria-label="Your moves" ref=${panel}>
    <h2>Your moves</h2>
    ${!entries.length ? html`<p class="muted">${waitingFor || "Nothing to do now."}</p>` : ""}
    ${focus ? html`<p class="focus">Choose one of these, or <button type="button" class="link" onClick=${onClearFocus}>show every move</button>.</p>` : ""}
    ${[...groups.entries()].map(([type, list]) => {
      const spec = rules.commandSpec(type);
      return html`<div class="group">
        <h3 title=${spec ? spec.description : ""}>${words(type)}${spec && spec.description && spec.description !== "TODO" ? html`<small> — ${spec.description}</small>` : ""}</h3>
        <ul>${list.map((entry, i) => html`<${Entry} key=${i} rules=${rules} summary=${summary} entry=${entry} onSend=${onSend} busy=${busy} />`)}</ul>
      </div>`;
    })}
  </section>`;
}
