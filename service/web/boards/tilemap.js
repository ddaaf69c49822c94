// The Zombies!!! Quickplay board: the map of tiles laid so far, each tile's
// spaces (road, building, door, wall) from the catalogue for its rotation;
// zombies, life and bullet tokens, the players' pawns, the Helipad. Places
// a legal command names (a tile spot, a space to move to, a zombie to move)
// are buttons on the map; the drawn tile is shown in each rotation it may take.

import { Card, html, seatName } from "../ui.js";
import { clickable, namingCard } from "./pick.js";

const parseKey = (k) => k.split(",").map(Number);
/** SVG units per space (text smaller than a few units is not drawn to scale). */
const U = 10;

/** The catalogue's tiles (each with its spaces per rotation) and a tile's size in spaces. */
function tileBook(rules) {
  const board = rules.board || {};
  const tiles = new Map((board.tiles || []).map((t) => [t.id, t]));
  const first = (board.tiles || [])[0];
  const size = first ? first.rotations[0].spaces.length : 3;
  return { tiles, size, kinds: board.space_kinds || {} };
}

/** The kind of each space of `tile` turned `rotation` quarter turns: rows (north first) of kinds, or null. */
function layoutOf(book, tile, rotation) {
  const entry = book.tiles.get(tile);
  const turned = entry && entry.rotations.find((r) => r.rotation === rotation);
  return turned ? turned.spaces : null;
}

/** The parts of a Quickplay view the board draws: the map (tile cells and spaces are "x,y"). */
function read(view) {
  const map = view.map;
  const zombies = new Map();
  for (const space of map.zombies) zombies.set(space, (zombies.get(space) || 0) + 1);
  return {
    tiles: map.tiles,
    zombies,
    tokens: map.tokens,
    helipad: map.helipad_centre,
    players: view.players,
    hand: view.hand,
    turn: view.turn,
    killTarget: view.kill_target,
    tileStack: view.tile_stack_size,
    deck: view.event_deck_size,
    zombiesInBox: view.zombies_in_box,
    tileStep: view.tile_step,
    window: view.reaction_window,
    cardChoice: view.card_choice,
    auction: view.auction,
    combat: view.combat,
    movement: view.movement,
    zombieMoves: view.zombie_moves,
    lastRoll: view.last_roll,
  };
}

/** Commands that name a tile cell (x, y of the tile grid) rather than a space. */
const CELL_COMMANDS = new Set(["PickTileSpot"]);

function TileSvg({ book, tile, rotation, x0, y0, cell }) {
  const size = book.size;
  const layout = layoutOf(book, tile, rotation);
  const spaces = [];
  for (let r = 0; r < size; r += 1) {
    for (let c = 0; c < size; c += 1) {
      const kind = layout ? layout[r][c] : "unknown";
      spaces.push(html`<rect class=${"sp-" + kind} x=${(x0 + c) * U} y=${(y0 + r) * U} width=${U} height=${U}><title>${kind}: ${book.kinds[kind] || ""}</title></rect>
        <rect class="space-edge" x=${(x0 + c) * U} y=${(y0 + r) * U} width=${U} height=${U} />`);
    }
  }
  return html`<g class="tile" data-tile=${tile} data-rotation=${rotation} data-cell=${cell}>${spaces}
    <rect class="tile-edge" x=${x0 * U} y=${y0 * U} width=${size * U} height=${size * U} />
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

/** What is going on in the turn, in words: the moment, the roll, a window, a card's pick, an auction. */
function Happening({ rules, summary, b }) {
  const lines = [];
  if (b.turn) lines.push(html`Turn ${b.turn.number}: <strong>${seatName(summary, b.turn.seat)}</strong>, ${String(b.turn.phase).replaceAll("_", " ")}.`);
  if (b.movement && b.movement.explanation) lines.push(html`${b.movement.explanation} ${b.movement.steps_left} steps left.`);
  if (b.zombieMoves) lines.push(html`Zombie moves left: ${b.zombieMoves.steps_left} (at most ${b.zombieMoves.most_per_zombie} per zombie).`);
  if (b.combat) lines.push(html`${seatName(summary, b.combat.seat)} fights the zombie on ${b.combat.space}${b.combat.lost_roll_total !== null ? `: the roll came to ${b.combat.lost_roll_total}, short of a kill` : ""}.`);
  if (b.cardChoice) lines.push(html`${seatName(summary, b.cardChoice.seat)} plays <strong>${rules.cardName(b.cardChoice.card)}</strong>${b.cardChoice.target !== null ? ` on ${seatName(summary, b.cardChoice.target)}` : ""}: ${b.cardChoice.picks_left} picks left.`);
  if (b.window) lines.push(html`A card may be played now (${String(b.window.moment).replaceAll("_", " ")}): waiting for ${b.window.waiting_for.map((s) => seatName(summary, s)).join(", ")}.`);
  if (b.auction) lines.push(html`Helipad auction: high bid ${b.auction.high_bid} kills${b.auction.leader !== null ? ` by ${seatName(summary, b.auction.leader)}` : ""}; next: ${b.auction.next_bidder !== null ? seatName(summary, b.auction.next_bidder) : "nobody"}.`);
  if (b.lastRoll) lines.push(html`Last roll: ${b.lastRoll.roll} (${seatName(summary, b.lastRoll.seat)}, ${String(b.lastRoll.purpose).replaceAll("_", " ")}).`);
  return html`<ul class="happening">${lines.map((line) => html`<li>${line}</li>`)}</ul>`;
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

  const group = (list) => {
    const out = new Map();
    for (const e of list) {
      const k = `${e.command.x},${e.command.y}`;
      if (!out.has(k)) out.set(k, []);
      out.get(k).push(e);
    }
    return out;
  };
  const bySpace = group(spaceTargets);
  const byCell = group(cellTargets);
  const drawn = b.tileStep && b.tileStep.tile;

  return html`<div class="board tilemap">
    <div class="qp-players">
      ${b.players.map((p) => html`<span class="player"><span class=${"dot seat-" + p.seat}></span><strong>${p.seat}: ${seatName(summary, p.seat)}</strong>
        ♥ ${p.life} life · ${p.bullets} bullets · ${p.kills}/${b.killTarget} kills · ${p.hand_size} cards
        ${p.items_in_play.length ? html` · in play: ${p.items_in_play.map((c) => rules.cardName(c)).join(", ")}` : ""}</span>`)}
      <span class="player muted">${b.tileStack} tiles left · ${b.deck} Event cards · ${b.zombiesInBox} zombies in the box</span>
    </div>
    <${Happening} rules=${rules} summary=${summary} b=${b} />
    <svg viewBox=${`${minX * U - 2} ${minY * U - 2} ${(maxX - minX) * U + 4} ${(maxY - minY) * U + 4}`} role="group" aria-label="The map"
      style=${`max-width: ${(maxX - minX) * 75}px`}>
      ${cells.map(([cx, cy, t]) => html`<${TileSvg} key=${cx + "," + cy} cell=${cx + "," + cy} book=${book} tile=${t.tile}
          rotation=${t.rotation} x0=${cx * size} y0=${cy * size} />`)}
      ${[...byCell.entries()].map(([k, list]) => {
        const [cx, cy] = parseKey(k);
        return html`<rect class="slot target" x=${(cx * size + 0.1) * U} y=${(cy * size + 0.1) * U} width=${(size - 0.2) * U} height=${(size - 0.2) * U}
          data-cell=${k} ...${clickable(list, onPick, busy, list[0].label || "Put the tile here")}><title>${list[0].label || "Put the tile here"}</title></rect>`;
      })}
      ${b.helipad ? (() => { const [hx, hy] = parseKey(b.helipad); return html`<text class="helipad-mark" x=${hx * U + 1} y=${hy * U + 9}>H</text>`; })() : ""}
      ${Object.entries(b.tokens).map(([k, token]) => {
        const [x, y] = parseKey(k);
        // bottom left of the space: the top left carries a tile's name, the bottom right a zombie
        return token === "life" ? html`<circle class="token-life" data-space=${k} cx=${x * U + 2.2} cy=${y * U + 7.6} r="1.7"><title>life token</title></circle>`
          : html`<rect class="token-bullet" data-space=${k} x=${x * U + 1.1} y=${y * U + 5.9} width="2.2" height="3.4" rx="0.8"><title>bullet token</title></rect>`;
      })}
      ${[...b.zombies.entries()].map(([k, n]) => {
        const [x, y] = parseKey(k);
        return html`<g class="zombie-g" data-space=${k} data-count=${n}><circle class="zombie" cx=${x * U + 6.6} cy=${y * U + 6.6} r="2.7"><title>${n} zombie${n > 1 ? "s" : ""}</title></circle>
          ${n > 1 ? html`<text class="zombie-n" x=${x * U + 5.6} y=${y * U + 7.9}>${n}</text>` : ""}</g>`;
      })}
      ${b.players.map((p) => {
        if (!p.space) return "";
        const [x, y] = parseKey(p.space);
        const cx = x * U + 2.2 + (p.seat % 2) * 4, cy = y * U + 2.2 + Math.floor(p.seat / 2) * 3.3;
        return html`<g class="pawn-g" data-seat=${p.seat} data-space=${p.space}><circle class=${"pawn-mark seat-" + p.seat} style=${`fill: var(--seat-${p.seat})`} cx=${cx} cy=${cy} r="1.9" />
          <text class="pawn-n" x=${cx - 0.8} y=${cy + 1.1}>${p.seat}</text><title>${seatName(summary, p.seat)}</title></g>`;
      })}
      ${[...bySpace.entries()].map(([k, list]) => {
        const [x, y] = parseKey(k);
        const title = list.map((e) => e.label || e.command.type).join(" / ");
        return html`<rect class="target" x=${x * U + 0.5} y=${y * U + 0.5} width=${U - 1} height=${U - 1} rx="1" data-space=${k}
          ...${clickable(list, onPick, busy, title)}><title>${title}</title></rect>`;
      })}
      ${cells.map(([cx, cy, t]) => {            // last, so no token, pawn or target hides a tile's name
        const entry = book.tiles.get(t.tile);
        return html`<text class="tile-name" data-cell=${cx + "," + cy} x=${cx * size * U + 1} y=${cy * size * U + 3.2}>${entry ? entry.name : t.tile}</text>`;
      })}
    </svg>
    <${Rotations} rules=${rules} book=${book} tile=${drawn} entries=${entries} onPick=${onPick} busy=${busy} />
    ${b.hand ? html`<section class="my-hand" aria-label="Your hand"><h3>Your hand</h3><div class="hand">
      ${b.hand.map((c, i) => {
        const list = namingCard(entries, c);
        return html`<${Card} key=${i} rules=${rules} id=${c} onClick=${list.length ? () => onPick(list) : null} disabled=${busy || !list.length} />`;
      })}</div></section>` : ""}
  </div>`;
}
