// The One Against the Dead board: the city as a grid of location cards (north
// at the top), each with its zombies and its die; the player, the start and
// the end; the card waiting to be placed; Strength, AP, the weapon and score.
// A place a legal command names (place the card, move, lower a die) is a
// button on the grid.

import { Card, html, words } from "../ui.js";
import { clickable, namingPlace } from "./pick.js";

const key = (x, y) => `${x},${y}`;

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

export function CityBoard({ rules, view, entries, onPick, busy }) {
  const b = read(view);
  const at = new Map(b.spots.map((s) => [key(s.x, s.y), s]));
  const places = [...b.spots.map((s) => [s.x, s.y]), [b.player.x, b.player.y], [b.start.x, b.start.y], [b.end.x, b.end.y],
    ...entries.filter((e) => typeof e.command.x === "number" && typeof e.command.y === "number").map((e) => [e.command.x, e.command.y])];
  const xs = places.map((p) => p[0]);
  const ys = places.map((p) => p[1]);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const cells = [];
  for (let y = maxY; y >= minY; y -= 1) {
    for (let x = minX; x <= maxX; x += 1) {
      const spot = at.get(key(x, y));
      const list = namingPlace(entries, x, y);
      const isPlayer = b.player.x === x && b.player.y === y;
      const isEnd = b.end.x === x && b.end.y === y;
      const isStart = b.start.x === x && b.start.y === y;
      const cls = ["cell", spot ? (spot.face_up ? "location" : "face-down") : "empty", isPlayer && "player-here",
        isEnd && "end", isStart && "start", list.length && "pickable"].filter(Boolean).join(" ");
      cells.push(html`<div class=${cls} data-x=${x} data-y=${y} style=${`grid-column: ${x - minX + 1}; grid-row: ${maxY - y + 1}`}
          ...${clickable(list, onPick, busy, list.map((e) => e.label || e.command.type).join(" / "))}>
        ${spot && spot.face_up ? html`<${Card} rules=${rules} id=${spot.card} small=${true} plain=${list.length > 0} />` : ""}
        ${spot && !spot.face_up ? html`<span class="muted">face down</span>` : ""}
        ${isEnd ? html`<span class="tag">end</span>` : ""}${isStart ? html`<span class="tag">start</span>` : ""}
        <${Zombies} rules=${rules} zombies=${spot && spot.zombies} />
        ${spot && spot.die ? html`<span class="die" title="die">${spot.die}</span>` : ""}
        ${isPlayer ? html`<span class="pawn seat-0" role="img" aria-label="You are here">You</span>` : ""}
        ${list.length ? html`<span class="hint">${list.length === 1 ? words(list[0].command.type) : list.length + " moves"}</span>` : ""}
      </div>`);
    }
  }
  return html`<div class="board city">
    <dl class="stats">${b.stats.map(([name, value]) => html`<div><dt>${name}</dt><dd>${value}</dd></div>`)}
      ${b.score ? Object.entries(b.score).map(([name, value]) => html`<div><dt>${name.replaceAll("_", " ")}</dt><dd>${value}</dd></div>`) : ""}</dl>
    ${b.drawn ? html`<p class="drawn">Card to place: <${Card} rules=${rules} id=${b.drawn} /></p>` : ""}
    ${b.cutOff ? html`<p class="window">Cut off: no way on to the end.</p>` : ""}
    <p class="weapon">Weapon: <strong>${rules.cardName(b.weapon ? b.weapon.kind : "fists")}</strong>${b.weapon && b.weapon.die ? ` (die ${b.weapon.die})` : ""}
      ${b.found ? html` · found: <strong>${rules.cardName(b.found.kind)}</strong>` : ""}
      ${b.stack ? html` · stack: ${Object.entries(b.stack).map(([k, n]) => `${n} ${rules.cardName(k)}`).join(", ")}` : ""}</p>
    <div class="city-grid" style=${`--cols: ${maxX - minX + 1}; --rows: ${maxY - minY + 1}`}>${cells}</div>
  </div>`;
}
