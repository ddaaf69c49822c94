// What another seat's move changed, marked on the board for a moment.
//
// When the page moves on from one version to a later one, the events in
// between that another seat made (a person or a bot; the reader's own seats
// left out) name places on the board: the seat that moved (its Selfish
// column, its Quickplay pawn), every seat-valued or place-valued field of
// their data (a city cell by its x and y, a map tile by its cell, a space by
// its key). Those elements get `data-changed` until the next version shown;
// the style sheet flashes them once (a short highlight, no motion).

import { useLayoutEffect, useRef } from "preact/hooks";

const attr = (name, value) => `[${name}="${CSS.escape(String(value))}"]`;

/** The elements under `root` that the events' seats and data name. */
export function namedOnBoard(root, events) {
  const found = new Set();
  const add = (selector) => root.querySelectorAll(selector).forEach((el) => found.add(el));
  const seat = (n) => add(`.column${attr("data-seat", n)}, g.pawn-g${attr("data-seat", n)}`);
  const visit = (value, key) => {
    if (Array.isArray(value)) value.forEach((v) => visit(v, key));
    else if (value && typeof value === "object") {
      if (Number.isInteger(value.x) && Number.isInteger(value.y)) add(`.cell${attr("data-x", value.x)}${attr("data-y", value.y)}`);
      Object.entries(value).forEach(([k, v]) => visit(v, k));
    } else if (typeof value === "string") {
      add(`g.tile${attr("data-cell", value)}, g${attr("data-space", value)}, [class^=token-]${attr("data-space", value)}`);
    } else if (Number.isInteger(value) && /seat|target|attacker|responder|victim|ally/i.test(key || "")) {
      seat(value);
    }
  };
  for (const e of events) {
    if (typeof e.seat === "number") seat(e.seat);
    visit(e.data, "");
  }
  return [...found];
}

/**
 * Marks on the board under `frame` what the events of other seats changed between the version
 * shown before and `version` (nothing on the first version shown, going back in time, or after
 * the reader's own moves alone). `mine`: the reader's seats (none for a spectator); `ready`:
 * whether the board is drawn.
 */
export function useChangeMarks(frame, version, events, mine, ready) {
  const last = useRef(null);
  useLayoutEffect(() => {
    if (!ready || version === null || version === undefined) return;
    const from = last.current;
    last.current = version;
    const root = frame.current;
    if (!root || from === null || version === from) return;
    root.querySelectorAll("[data-changed]").forEach((el) => el.removeAttribute("data-changed"));
    if (version < from) return;
    const theirs = events.filter((e) => e.version > from && e.version <= version && typeof e.seat === "number" && !mine.includes(e.seat));
    for (const el of namedOnBoard(root, theirs)) {
      el.getBoundingClientRect(); // a fresh start for the flash, when the same element was marked just before
      el.setAttribute("data-changed", String(version));
    }
  }, [version, ready]);
}
