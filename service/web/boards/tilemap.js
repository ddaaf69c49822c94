// The Zombies!!! Quickplay board: the map of tiles laid so far, each tile's
// spaces (road, building, door, wall) from the catalogue for its rotation;
// zombies, life and bullet tokens, the players' pawns, the Helipad. Places
// a legal command names (a tile spot, a space to move to, a zombie to move)
// are buttons on the map; the drawn tile is shown in each rotation it may take.

import { html, seatName } from "../ui.js";
import { clickable } from "./pick.js";

const parseKey = (k) => k.split(",").map(Number);
/** SVG units per space (text smaller than a few units is not drawn to scale). */
const U = 10;

/** The catalogue's tile list and the size of a tile in spaces. */
function tileBook(rules) {
  const board = rules.board || {};
  const tiles = new Map((board.tiles || []).map((t) => [t.id, t]));
  const first = (board.tiles || [])[0];
  const size = board.tile_size || (first && first.rotations && first.rotations[0] && first.rotations[0].length) || 3;
  return { tiles, size };
}

/** The kind of each space of `tile` at `rotation`: rows (north first) of kind strings, or null if unknown. */
function layoutOf(book, tile, rotation) {
  const entry = book.tiles.get(tile);
  const rows = entry && entry.rotations && entry.rotations[rotation];
  if (!rows) return null;
  return rows.map((row) => (Array.isArray(row) ? row : [...row]).map((space) => (typeof space === "string" ? space : space.kind)));
}

/** The parts of a Quickplay view the board draws. */
function read(view) {
  return {
    tiles: view.tiles,
    zombies: view.zombies,
    tokens: view.tokens,
    pawns: view.pawns,
    life: view.life,
    bullets: view.bullets,
    kills: view.kills,
    handSizes: view.hand_sizes,
    hand: view.hand,
    items: view.items,
    drawn: view.drawn,
    helipad: view.helipad,
    turn: view.turn,
    stage: view.stage,
    killTarget: view.kill_target,
    tileDeck: view.tile_deck_size,
    deck: view.deck_size,
    window: view.window,
    choice: view.choice,
    auction: view.auction,
  };
}

/** Commands that name a tile cell (x, y of the tile grid) rather than a space. */
const CELL_COMMANDS = new Set(["PickTileSpot"]);

function TileSvg({ book, tile, rotation, x0, y0, name, cell }) {
  const size = book.size;
  const layout = layoutOf(book, tile, rotation);
  const spaces = [];
  for (let r = 0; r < size; r += 1) {
    for (let c = 0; c < size; c += 1) {
      const kind = layout ? layout[r][c] : "unknown";
      spaces.push(html`<rect class=${"sp-" + kind} x=${(x0 + c) * U} y=${(y0 + r) * U} width=${U} height=${U}><title>${kind}</title></rect>
        <rect class="space-edge" x=${(x0 + c) * U} y=${(y0 + r) * U} width=${U} height=${U} />`);
    }
  }
  return html`<g class="tile" data-tile=${tile} data-rotation=${rotation} data-cell=${cell}>${spaces}
    <rect class="tile-edge" x=${x0 * U} y=${y0 * U} width=${size * U} height=${size * U} />
    ${name ? html`<text class="tile-name" x=${x0 * U + 1} y=${y0 * U + 3.2}>${name}</text>` : ""}
  </g>`;
}

function Rotations({ rules, book, tile, entries, onPick, busy }) {
  const list = entries.filter((e) => e.command.type === "PlaceTile");
  if (!tile) return null;
  const entry = book.tiles.get(tile);
  return html`<div class="drawn-tile"><p>Drawn tile: <strong>${entry ? entry.name : tile}</strong>${list.length ? " — choose how to turn it:" : ""}</p>
    <div class="rotations">${(list.length ? list : [{ command: { rotation: 0 } }]).map((e) => html`<svg viewBox=${`-1 -1 ${book.size * U + 2} ${book.size * U + 2}`}
        aria-label=${e.label || `rotation ${e.command.rotation}`} ...${list.length ? clickable([e], onPick, busy, e.label || `rotation ${e.command.rotation}`) : {}}>
      <${TileSvg} book=${book} tile=${tile} rotation=${e.command.rotation} x0=${0} y0=${0} />
    </svg>`)}</div></div>`;
}

export function TileMapBoard({ rules, summary, view, seat, entries, onPick, busy }) {
  const book = tileBook(rules);
  const b = read(view);
  const size = book.size;
  const cells = Object.entries(b.tiles).map(([k, t]) => [...parseKey(k), t]);
  const cellTargets = entries.filter((e) => CELL_COMMANDS.has(e.command.type));
  const spaceTargets = entries.filter((e) => !CELL_COMMANDS.has(e.command.type) && typeof e.command.x === "number" && typeof e.command.y === "number");

  const xs = [...cells.map((c) => c[0]), ...cellTargets.map((e) => e.command.x)];
  const ys = [...cells.map((c) => c[1]), ...cellTargets.map((e) => e.command.y)];
  const minX = Math.min(...xs) * size, maxX = (Math.max(...xs) + 1) * size;
  const minY = Math.min(...ys) * size, maxY = (Math.max(...ys) + 1) * size;

  const bySpace = new Map();
  for (const e of spaceTargets) {
    const k = `${e.command.x},${e.command.y}`;
    if (!bySpace.has(k)) bySpace.set(k, []);
    bySpace.get(k).push(e);
  }
  const byCell = new Map();
  for (const e of cellTargets) {
    const k = `${e.command.x},${e.command.y}`;
    if (!byCell.has(k)) byCell.set(k, []);
    byCell.get(k).push(e);
  }

  return html`<div class="board tilemap">
    <div class="qp-players">
      ${b.pawns.map((p, s) => html`<span class="player"><span class=${"dot seat-" + s}></span><strong>${s}: ${seatName(summary, s)}</strong>
        ♥ ${b.life[s]} · ▮ ${b.bullets[s]} · kills ${b.kills[s]}/${b.killTarget} · ${b.handSizes[s]} cards</span>`)}
      <span class="player muted">tiles left ${b.tileDeck} · event deck ${b.deck} · turn: ${seatName(summary, b.turn)}, ${String(b.stage).replaceAll("_", " ")}</span>
    </div>
    <svg viewBox=${`${minX * U - 2} ${minY * U - 2} ${(maxX - minX) * U + 4} ${(maxY - minY) * U + 4}`} role="group" aria-label="The map">
      ${cells.map(([cx, cy, t]) => {
        const entry = book.tiles.get(t.tile);
        return html`<${TileSvg} key=${cx + "," + cy} cell=${cx + "," + cy} book=${book} tile=${t.tile} rotation=${t.rotation} x0=${cx * size} y0=${cy * size}
          name=${entry ? entry.name : t.tile} />`;
      })}
      ${[...byCell.entries()].map(([k, list]) => {
        const [cx, cy] = parseKey(k);
        return html`<rect class="slot target" x=${(cx * size + 0.1) * U} y=${(cy * size + 0.1) * U} width=${(size - 0.2) * U} height=${(size - 0.2) * U}
          data-cell=${k} ...${clickable(list, onPick, busy, list[0].label || "Put the tile here")}><title>${list[0].label || "Put the tile here"}</title></rect>`;
      })}
      ${b.helipad ? (() => { const [hx, hy] = parseKey(b.helipad); return html`<text class="helipad-mark" x=${hx * U + 1} y=${hy * U + 9}>H</text>`; })() : ""}
      ${Object.entries(b.tokens).map(([k, token]) => {
        const [x, y] = parseKey(k);
        return token === "life" ? html`<circle class="token-life" data-space=${k} cx=${x * U + 2.4} cy=${y * U + 2.4} r="1.7"><title>life token</title></circle>`
          : html`<rect class="token-bullet" data-space=${k} x=${x * U + 1.3} y=${y * U + 0.8} width="2.2" height="3.4" rx="0.8"><title>bullet token</title></rect>`;
      })}
      ${Object.entries(b.zombies).map(([k, n]) => {
        const [x, y] = parseKey(k);
        return html`<g class="zombie-g" data-space=${k} data-count=${n}><circle class="zombie" cx=${x * U + 6.6} cy=${y * U + 6.6} r="2.7"><title>${n} zombie${n > 1 ? "s" : ""}</title></circle>
          ${n > 1 ? html`<text class="zombie-n" x=${x * U + 5.6} y=${y * U + 7.9}>${n}</text>` : ""}</g>`;
      })}
      ${b.pawns.map((p, s) => {
        if (!p) return "";
        const [x, y] = parseKey(p);
        const dx = (s % 3) * 2.6, dy = Math.floor(s / 3) * 2.6;
        return html`<g class="pawn-g" data-seat=${s} data-space=${p}><circle class=${"pawn-mark seat-" + s} style=${`fill: var(--seat-${s})`} cx=${x * U + 2.2 + dx} cy=${y * U + 6 + dy} r="2.1" />
          <text class="pawn-n" x=${x * U + 1.4 + dx} y=${y * U + 7.1 + dy}>${s}</text><title>${seatName(summary, s)}</title></g>`;
      })}
      ${[...bySpace.entries()].map(([k, list]) => {
        const [x, y] = parseKey(k);
        const title = list.map((e) => e.label || e.command.type).join(" / ");
        return html`<rect class="target" x=${x * U + 0.5} y=${y * U + 0.5} width=${U - 1} height=${U - 1} rx="1" data-space=${k}
          ...${clickable(list, onPick, busy, title)}><title>${title}</title></rect>`;
      })}
    </svg>
    <${Rotations} rules=${rules} book=${book} tile=${b.drawn} entries=${entries} onPick=${onPick} busy=${busy} />
    ${b.hand ? html`<section class="my-hand" aria-label="Your hand"><h3>Your hand</h3><div class="hand">
      ${b.hand.map((c) => html`<span class="card" title=${(rules.card(c) || {}).text || ""}>${rules.cardName(c)}</span>`)}</div></section>` : ""}
  </div>`;
}
