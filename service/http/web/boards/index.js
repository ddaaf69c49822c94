// The board of each ruleset, drawn from its catalogue and a view. A ruleset
// the client has no drawing for is shown as its view's data, still playable
// with the command buttons.

import { html, words } from "../ui.js";
import { SelfishBoard } from "./selfish.js";
import { CityBoard } from "./city.js";
import { TileMapBoard, tileNamer } from "./tilemap.js";

const BOARDS = {
  "selfish-space": SelfishBoard,
  "selfish-zombie": SelfishBoard,
  "one-against-the-dead": CityBoard,
  "zombies-quickplay": TileMapBoard,
};

/** Per ruleset: what names a place of its board, as namer(rules, view) -> (type, x, y) -> name or null. */
const PLACE_NAMERS = { "zombies-quickplay": tileNamer };

/**
 * What lies at a place of the board, for the words of the log and the moves: a function
 * (type, x, y) -> a name or null, where `type` is the command or event naming (x, y); null for
 * a ruleset whose board names no places (or before the view is known).
 */
export function placeNamer(rules, view) {
  const namer = rules && view && PLACE_NAMERS[rules.id];
  return namer ? namer(rules, view) : null;
}

function DataTree({ value }) {
  if (value === null || value === undefined) return html`<span class="muted">—</span>`;
  if (Array.isArray(value)) {
    if (!value.some((v) => v && typeof v === "object")) return html`<span>${value.join(", ") || "none"}</span>`;
    return html`<ol>${value.map((v) => html`<li><${DataTree} value=${v} /></li>`)}</ol>`;
  }
  if (typeof value === "object") {
    return html`<dl class="tree">${Object.entries(value).map(([k, v]) => html`<dt>${words(k)}</dt><dd><${DataTree} value=${v} /></dd>`)}</dl>`;
  }
  return html`<span>${String(value)}</span>`;
}

export function GenericBoard({ view }) {
  return html`<div class="board generic"><${DataTree} value=${view} /></div>`;
}

/**
 * The board for `rules.id`. Props: rules, summary, view (the view's body),
 * seat (the seat the view is seen as, or null), mine (that seat is one this browser holds: "Your
 * hand", "(you)"; else the seat's name: a finished game's replay seen as another seat),
 * entries (legal commands), onPick(entries)
 * (a click on the board that matches one or more commands), busy.
 */
export function Board(props) {
  if (!props.view || props.view.started === false || !Object.keys(props.view).length) {
    return html`<div class="board empty"><p>${props.summary && props.summary.status === "cancelled"
      ? "The game was cancelled before it started: nothing was dealt."
      : "The game has not started: it is waiting for players."}</p></div>`;
  }
  const Drawing = BOARDS[props.rules.id] || GenericBoard;
  return html`<${Drawing} ...${props} />`;
}
