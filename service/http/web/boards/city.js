// The One Against the Dead board: the city as a grid of location cards (north
// at the top), each with its zombies and its die; the player, the start and
// the end; the card waiting to be placed; Strength, AP, the weapon and score.
// A place a legal command names (place the card, move, lower a die) is a
// button on the grid.
//
// On a narrow screen (a phone) a city wider than the frame shows a window of
// the columns that fit, never scrolled sideways: it holds the pawn and every
// place a legal command names (all lie around the pawn), and "West"/"East"
// buttons show the rest of the city.

import { useEffect, useRef, useState } from "preact/hooks";
import { Card, html, seatName, words } from "../ui.js";
import { clickable, namingPlace } from "./pick.js";

const key = (x, y) => `${x},${y}`;
const NARROW = "(max-width: 860px)"; // the style sheet's phone layout
const CELL_PX = 58; // a cell's least width there (3.6rem), and the gap between cells
const GAP_PX = 3;

/** How many columns fit the frame on a narrow screen (null on a wide one: the whole city). */
function useFittingColumns(ref) {
  const [fit, setFit] = useState(null);
  useEffect(() => {
    const frame = ref.current;
    if (!frame) return undefined;
    const query = matchMedia(NARROW);
    const measure = () => {
      const width = frame.clientWidth - parseFloat(getComputedStyle(frame).paddingLeft) - parseFloat(getComputedStyle(frame).paddingRight);
      setFit(query.matches ? Math.max(3, Math.floor((width + GAP_PX) / (CELL_PX + GAP_PX))) : null);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(frame);
    query.addEventListener("change", measure);
    return () => { observer.disconnect(); query.removeEventListener("change", measure); };
  }, []);
  return fit;
}

/** The first column shown: the window of `fit` columns holds the pawn and the places in
 * `must` when they fit in it (the pawn in the middle when it can be), inside the city's
 * columns `minX`..`maxX`. */
function windowStart(fit, minX, maxX, playerX, must) {
  const lo = Math.min(playerX, ...must);
  const hi = Math.max(playerX, ...must);
  const start = Math.max(Math.min(playerX - Math.floor(fit / 2), lo), hi - fit + 1);
  return Math.min(Math.max(start, minX), maxX - fit + 1);
}

/** The parts of a One Against the Dead view the board draws. */
function read(view) {
  return {
    spots: view.city,
    player: view.player,
    start: view.start,
    end: view.end,
    drawn: view.drawn_card,
    stats: [["Round", view.round], ["Strength", view.strength], ["AP", view.action_points],
      ["AP on dice", view.action_points_on_dice], ["Joker zombies due", view.joker_zombies_due], ["Deck", view.deck_size]],
    weapon: view.weapon,
    found: view.found_weapon,
    stack: view.weapon_stack,
    score: view.score,
    cutOff: view.cut_off,
  };
}

function Zombies({ rules, zombies }) {
  if (!zombies) return null;
  const kinds = new Map(((rules.board && rules.board.zombies) || []).map((z) => [z.id, z.name]));
  return html`<span class="zombies">${Object.entries(zombies).filter(([, n]) => n).map(([kind, n]) =>
    html`<span class="zombie" title=${kinds.get(kind) || kind}>${n}× ${kinds.get(kind) || kind}</span>`)}</span>`;
}

export function CityBoard({ rules, summary, view, mine, entries, onPick, busy }) {
  const frame = useRef(null);
  const fit = useFittingColumns(frame);
  const [pan, setPan] = useState({ anchor: "", by: 0 });
  const b = read(view);
  const at = new Map(b.spots.map((s) => [key(s.x, s.y), s]));
  const places = [...b.spots.map((s) => [s.x, s.y]), [b.player.x, b.player.y], [b.start.x, b.start.y], [b.end.x, b.end.y],
    ...entries.filter((e) => typeof e.command.x === "number" && typeof e.command.y === "number").map((e) => [e.command.x, e.command.y])];
  const xs = places.map((p) => p[0]);
  const ys = places.map((p) => p[1]);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const picked = entries.filter((e) => typeof e.command.x === "number").map((e) => e.command.x);
  // The window moves back to the pawn whenever the pawn or the moves on offer change.
  const anchor = `${key(b.player.x, b.player.y)}|${[...new Set(picked)].sort().join(",")}`;
  const by = pan.anchor === anchor ? pan.by : 0;
  const windowed = fit !== null && maxX - minX + 1 > fit;
  const base = windowed ? windowStart(fit, minX, maxX, b.player.x, picked) : minX;
  const first = windowed ? Math.min(Math.max(base + by, minX), maxX - fit + 1) : minX;
  const last = windowed ? first + fit - 1 : maxX;
  const panTo = (x) => setPan({ anchor, by: x - base });
  const cells = [];
  for (let y = maxY; y >= minY; y -= 1) {
    for (let x = first; x <= last; x += 1) {
      const spot = at.get(key(x, y));
      const list = namingPlace(entries, x, y);
      const isPlayer = b.player.x === x && b.player.y === y;
      const isEnd = b.end.x === x && b.end.y === y;
      const isStart = b.start.x === x && b.start.y === y;
      const cls = ["cell", spot ? (spot.face_up ? "location" : "face-down") : "empty", isPlayer && "player-here",
        isEnd && "end", isStart && "start", list.length && "pickable"].filter(Boolean).join(" ");
      cells.push(html`<div class=${cls} data-x=${x} data-y=${y} style=${`grid-column: ${x - first + 1}; grid-row: ${maxY - y + 1}`}
          ...${clickable(list, onPick, busy, list.map((e) => e.label || e.command.type).join(" / "))}>
        ${spot && spot.face_up ? html`<${Card} rules=${rules} id=${spot.card} small=${true} plain=${list.length > 0} />` : ""}
        ${spot && !spot.face_up ? html`<span class="muted">face down</span>` : ""}
        ${isEnd ? html`<span class="tag">end</span>` : ""}${isStart ? html`<span class="tag">start</span>` : ""}
        <${Zombies} rules=${rules} zombies=${spot && spot.zombies} />
        ${spot && spot.die ? html`<span class="die" title="die">${spot.die}</span>` : ""}
        ${isPlayer ? (mine ? html`<span class="pawn seat-0" role="img" aria-label="You are here">You</span>`
          : html`<span class="pawn seat-0" role="img" aria-label=${seatName(summary, 0) + " is here"}>${seatName(summary, 0).slice(0, 2)}</span>`) : ""}
        ${list.length ? html`<span class="hint">${list.length === 1 ? words(list[0].command.type) : list.length + " moves"}</span>` : ""}
      </div>`);
    }
  }
  return html`<div class="board city" ref=${frame}>
    <dl class="stats">${b.stats.map(([name, value]) => html`<div><dt>${name}</dt><dd>${value}</dd></div>`)}
      ${b.score ? Object.entries(b.score).map(([name, value]) => html`<div><dt>${name.replaceAll("_", " ")}</dt><dd>${value}</dd></div>`) : ""}</dl>
    ${b.drawn ? html`<p class="drawn">Card to place: <${Card} rules=${rules} id=${b.drawn} /></p>` : ""}
    ${b.cutOff ? html`<p class="window">Cut off: no way on to the end.</p>` : ""}
    <p class="weapon">Weapon: <strong>${rules.cardName(b.weapon ? b.weapon.kind : "fists")}</strong>${b.weapon && b.weapon.die ? ` (die ${b.weapon.die})` : ""}
      ${b.found ? html` · found: <strong>${rules.cardName(b.found.kind)}</strong>` : ""}
      ${b.stack ? html` · stack: ${Object.entries(b.stack).map(([k, n]) => `${n} ${rules.cardName(k)}`).join(", ")}` : ""}</p>
    ${windowed ? html`<${Pan} first=${first} last=${last} minX=${minX} maxX=${maxX} picked=${picked} panTo=${panTo} />` : ""}
    <div class=${"city-grid" + (windowed ? " windowed" : "")} style=${`--cols: ${last - first + 1}; --rows: ${maxY - minY + 1}`}>${cells}</div>
  </div>`;
}

/** West and East of a windowed city: which columns show, buttons that move the window by
 * a column or two, each telling how many moves on offer lie that way. */
function Pan({ first, last, minX, maxX, picked, panTo }) {
  const step = Math.max(1, Math.floor((last - first) / 2));
  const west = picked.filter((x) => x < first).length;
  const east = picked.filter((x) => x > last).length;
  const more = (n) => (n ? ` (${n} ${n === 1 ? "move" : "moves"})` : "");
  return html`<div class="city-pan" role="group" aria-label="City columns">
    <button type="button" class="west" disabled=${first <= minX} onClick=${() => panTo(Math.max(minX, first - step))}
      aria-label=${"Show the city further west" + more(west)}>◀ West${more(west)}</button>
    <span class="muted" aria-live="polite">columns ${first - minX + 1}–${last - minX + 1} of ${maxX - minX + 1}</span>
    <button type="button" class="east" disabled=${last >= maxX} onClick=${() => panTo(Math.min(maxX - (last - first), first + step))}
      aria-label=${"Show the city further east" + more(east)}>East${more(east)} ▶</button>
  </div>`;
}
