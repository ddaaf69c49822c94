// Matching a click on the board with the legal commands it stands for.
// A card on the table stands for every command that names that card; a
// seat's column for every command with that seat as an argument (an
// argument whose schema, from the API, is a seat number); a place for every
// command with those coordinates.

import { isSeatSchema } from "../ui.js";

function args(entry) {
  const { type, ...rest } = entry.command;
  return Object.entries(rest);
}

/** The entries naming card `id` in any argument (a single card or a list of cards). */
export function namingCard(entries, id) {
  return entries.filter((e) => args(e).some(([, v]) => v === id || (Array.isArray(v) && v.includes(id))));
}

/** The entries with `seat` as a seat-valued argument. */
export function namingSeat(rules, entries, seat) {
  return entries.filter((e) => {
    const spec = rules.commandSpec(e.command.type);
    return args(e).some(([name, v]) => v === seat && isSeatSchema(spec && spec.arguments && spec.arguments[name]));
  });
}

/** The entries whose arguments include x and y equal to these (the other arguments free). */
export function namingPlace(entries, x, y, xKey = "x", yKey = "y") {
  return entries.filter((e) => e.command[xKey] === x && e.command[yKey] === y);
}

/** Props that make a board element a button for `list` (nothing when the list is empty);
 * the element gets data-pickable, which the style sheet outlines. */
export function clickable(list, onPick, busy, title) {
  if (!list.length) return {};
  return {
    role: "button",
    tabIndex: 0,
    "aria-disabled": busy ? "true" : "false",
    "data-pickable": "true",
    title: title || undefined,
    "aria-label": title || undefined,
    onClick: (event) => { event.stopPropagation(); if (!busy) onPick(list); },
    onKeyDown: (event) => {
      if ((event.key === "Enter" || event.key === " ") && !busy) { event.preventDefault(); onPick(list); }
    },
  };
}
