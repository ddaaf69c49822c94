// The Zombies!!! Quickplay board: the map of tiles laid so far, each tile's
// spaces (road, building, door, wall) from the catalogue for its rotation;
// zombies, life and bullet tokens, the players' pawns, the Helipad. Places
// a legal command names (a tile spot, a space to move to, a zombie to move)
// are buttons on the map; the drawn tile is shown in each rotation it may take.

import { useState } from "preact/hooks";
import { Card, counted, handTitle, html, seatName, words } from "../ui.js";
import { mapGraph, pawnWalks, zombieWalks } from "./paths.js";
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
/** Events whose x, y name a tile cell rather than a space. */
const CELL_EVENTS = new Set(["TilePlaced", "TileSpotChosen"]);

/**
 * The name of the tile a space lies on, from the view's map and the catalogue's tile names:
 * nameOf(type, x, y) for a command or event of `type` naming space (x, y), or null (a tile
 * cell, or no tile laid there yet). Tile cell (cx, cy) holds spaces cx*size .. cx*size+size-1.
 */
export function tileNamer(rules, view) {
  const book = tileBook(rules);
  const tiles = (view && view.map && view.map.tiles) || {};
  return (type, x, y) => {
    if (CELL_COMMANDS.has(type) || CELL_EVENTS.has(type)) return null;
    const laid = tiles[`${Math.floor(x / book.size)},${Math.floor(y / book.size)}`];
    const entry = laid && book.tiles.get(laid.tile);
    return entry ? entry.name : null;
  };
}

function TileSvg({ book, tile, rotation, x0, y0, cell, ghost }) {
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
  return html`<g class=${ghost ? "tile-preview" : "tile"} data-tile=${tile} data-rotation=${rotation} data-cell=${cell}>${spaces}
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
function Happening({ rules, summary, b, nameAt }) {
  const lines = [];
  if (b.turn) lines.push(html`Turn ${b.turn.number}: <strong>${seatName(summary, b.turn.seat)}</strong>, ${String(b.turn.phase).replaceAll("_", " ")}.`);
  if (b.movement && b.movement.explanation) lines.push(html`${b.movement.explanation} ${counted(b.movement.steps_left, "step")} left.`);
  if (b.zombieMoves) lines.push(html`Zombie moves left: ${counted(b.zombieMoves.steps_left, "step")} (at most ${b.zombieMoves.most_per_zombie} for one zombie).`);
  if (b.combat) lines.push(html`${seatName(summary, b.combat.seat)} fights the zombie at ${(() => { const { x, y } = at(b.combat.space); const name = nameAt("Fight", x, y); return `(${x}, ${y})${name ? ` on the ${name} tile` : ""}`; })()}${b.combat.lost_roll_total !== null ? `: the roll came to ${b.combat.lost_roll_total}, short of a kill` : ""}.`);
  if (b.cardChoice) lines.push(html`${seatName(summary, b.cardChoice.seat)} plays <strong>${rules.cardName(b.cardChoice.card)}</strong>${b.cardChoice.target !== null ? ` on ${seatName(summary, b.cardChoice.target)}` : ""}: ${counted(b.cardChoice.picks_left, "pick")} left.`);
  if (b.window) lines.push(html`A card may be played now (${String(b.window.moment).replaceAll("_", " ")}): waiting for ${b.window.waiting_for.map((s) => seatName(summary, s)).join(", ")}.`);
  if (b.auction) lines.push(html`Helipad auction: high bid ${counted(b.auction.high_bid, "kill")}${b.auction.leader !== null ? ` by ${seatName(summary, b.auction.leader)}` : ""}; next: ${b.auction.next_bidder !== null ? seatName(summary, b.auction.next_bidder) : "nobody"}.`);
  if (b.lastRoll) lines.push(html`Last roll: ${b.lastRoll.roll} (${seatName(summary, b.lastRoll.seat)}, ${String(b.lastRoll.purpose).replaceAll("_", " ")}).`);
  return html`<ul class="happening">${lines.map((line) => html`<li>${line}</li>`)}</ul>`;
}


const spaceOf = (command) => `${command.x},${command.y}`;
const at = (k) => { const [x, y] = parseKey(k); return { x, y }; };
const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** The commands with nothing to point at on the map (no place, card or number): buttons right under it. */
function plainEntries(entries) {
  return entries.filter((e) => Object.keys(e.command).length === 1);
}

/**
 * Buttons under the map that stand for several commands in a row: "End turn" while moving
 * zombies (stop the zombie moves, then end the turn keeping the cards), and "Place them for me"
 * for a street tile's zombies (each on the first space offered). Like a walk, each command is
 * sent only while it is legal.
 */
function shortcutsOf(b, entries) {
  const out = [];
  if (entries.some((e) => e.command.type === "EndZombieMoves")) {
    out.push({ name: "End turn", title: "Stop moving zombies and end your turn without discarding.",
      commands: [{ type: "EndZombieMoves" }, { type: "EndTurn" }] });
  }
  const left = b.tileStep ? b.tileStep.street_zombies_to_place : 0;
  if (left > 1 && entries.some((e) => e.command.type === "PlaceZombie")) {
    const first = (legal) => { const e = legal.find((x) => x.command.type === "PlaceZombie"); return e ? e.command : null; };
    out.push({ name: `Place the ${left} zombies for me`, title: "Each street zombie on the first free road space offered.",
      commands: Array.from({ length: left }, () => first) });
  }
  return out;
}

/**
 * The one rotation to lay the drawn tile in when every legal rotation gives the same picture
 * (a Crossroads fits one way however it is turned), read from the legal commands after the
 * spot is picked; null when there is a real choice.
 */
function onlyLayout(book, tile) {
  return (legal) => {
    const lays = legal.filter((e) => e.command.type === "PlaceTile");
    const pictures = new Set(lays.map((e) => JSON.stringify(layoutOf(book, tile, e.command.rotation))));
    return lays.length && pictures.size === 1 ? lays[0].command : null;
  };
}

/**
 * Walks on the map: for each space a click may lead to, the commands it stands for
 * ({commands, label}). The pawn walks to a reachable space and stops there; a chosen zombie
 * walks to a space where it may stop. Each walk's steps are sent one by one, each only while
 * it is still legal (see GamePage's walk).
 */
function walksOf(book, b, entries, nameAt) {
  const walks = new Map();
  const where = (k, type) => { const { x, y } = at(k); const name = nameAt(type, x, y); return `(${x}, ${y})${name ? ` on the ${name} tile` : ""}`; };
  const graph = mapGraph(book, b.tiles);
  const steps = entries.filter((e) => e.command.type === "Move");
  const mover = b.movement && b.players.find((p) => p.seat === b.movement.mover);
  if (steps.length && mover && mover.space) {
    const stops = new Set(b.zombies.keys());
    const ends = entries.some((e) => e.command.type === "EndMove");
    for (const [k, path] of pawnWalks(graph, mover.space, b.movement.steps_left, steps.map((e) => spaceOf(e.command)), stops)) {
      walks.set(k, {
        commands: [...path.map((s) => ({ type: "Move", ...at(s) })), ...(ends ? [{ type: "EndMove" }] : [])],
        label: `Walk to ${where(k, "Move")}: ${plural(path.length, "step")}${stops.has(k) ? ", then fight the zombie there" : ""}`,
      });
    }
  }
  const zombieSteps = entries.filter((e) => e.command.type === "MoveZombie");
  const moving = b.zombieMoves && b.zombieMoves.moving;
  if (zombieSteps.length && moving) {
    const budget = Math.min(b.zombieMoves.most_per_zombie - moving.steps, b.zombieMoves.steps_left);
    const others = new Set(b.zombies.keys());
    for (const [k, path] of zombieWalks(graph, moving.path, budget, zombieSteps.map((e) => spaceOf(e.command)), others)) {
      walks.set(k, {
        commands: path.map((s) => ({ type: "MoveZombie", ...at(s) })),
        label: `Move the zombie to ${where(k, "MoveZombie")}: ${plural(path.length, "step")}`,
      });
    }
  }
  return walks;
}

/** The drawn tile on the spot picked for it, in the rotation shown: click to lay it, or turn it first. */
function TileOnSpot({ book, tile, cell, lays, shown, onTurn, onPick, busy }) {
  const [cx, cy] = parseKey(cell);
  const size = book.size;
  const lay = lays[shown % lays.length];
  const name = (book.tiles.get(tile) || { name: tile }).name;
  const label = `Lay the ${name} as shown`;
  return html`<g class="ghost">
    <g class="ghost-tile" aria-label=${label} ...${clickable([lay], onPick, busy, label)}>
      <${TileSvg} book=${book} tile=${tile} rotation=${lay.command.rotation} x0=${cx * size} y0=${cy * size} ghost=${true} />
      <rect class="target ghost-edge" x=${cx * size * U} y=${cy * size * U} width=${size * U} height=${size * U}><title>${label}</title></rect>
    </g>
    ${lays.length > 1 ? html`<g class="turn-tile" role="button" tabIndex="0" aria-label=${`Turn the ${name}`}
        onClick=${(e) => { e.stopPropagation(); onTurn(); }}
        onKeyDown=${(e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); onTurn(); } }}>
      <circle cx=${(cx + 1) * size * U - 4} cy=${cy * size * U + 4} r="3.6" />
      <text x=${(cx + 1) * size * U - 6.3} y=${cy * size * U + 5.6}>↻</text><title>Turn the ${name}</title>
    </g>` : ""}
  </g>`;
}

export function TileMapBoard({ rules, summary, view, seat, mine, entries, onPick, onWalk, busy }) {
  const book = tileBook(rules);
  const b = read(view);
  const size = book.size;
  const [turned, setTurned] = useState(0);
  const cells = Object.entries(b.tiles).map(([k, t]) => [...parseKey(k), t]);
  const cellTargets = entries.filter((e) => CELL_COMMANDS.has(e.command.type));
  const nameAt = tileNamer(rules, view);
  const walks = onWalk ? walksOf(book, b, entries, nameAt) : new Map();
  const walked = new Set(walks.size ? ["Move", "MoveZombie"] : []);
  const spaceTargets = entries.filter((e) => !CELL_COMMANDS.has(e.command.type) && !walked.has(e.command.type) &&
    typeof e.command.x === "number" && typeof e.command.y === "number");
  const lays = entries.filter((e) => e.command.type === "PlaceTile");
  const drawn = b.tileStep && b.tileStep.tile;
  const spot = lays.length && b.tileStep && b.tileStep.cell;

  const shownCells = [...cells.map((c) => [c[0], c[1]]), ...cellTargets.map((e) => [e.command.x, e.command.y]),
    ...(spot ? [parseKey(spot)] : [])];
  const xs = shownCells.map((c) => c[0]);
  const ys = shownCells.map((c) => c[1]);
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
  const moving = b.zombieMoves && b.zombieMoves.moving;
  const plain = plainEntries(entries);
  const shortcuts = onWalk ? shortcutsOf(b, entries) : [];
  const name = (t) => { const entry = book.tiles.get(t); return entry ? entry.name : t; };

  return html`<div class="board tilemap">
    <div class="qp-players">
      ${b.players.map((p) => html`<span class=${"player" + (b.turn && b.turn.seat === p.seat ? " turn" : "")}><span class=${"dot seat-" + p.seat}></span><strong>${seatName(summary, p.seat)}</strong>
        ♥ ${p.life} life · ${plural(p.bullets, "bullet")} · ${p.kills}/${b.killTarget} kills · ${plural(p.hand_size, "card")}
        ${p.items_in_play.length ? html` · in play: ${p.items_in_play.map((c) => html`<${Card} rules=${rules} id=${c} small=${true} />`)}` : ""}</span>`)}
      <span class="player muted">${plural(b.tileStack, "tile")} left · ${plural(b.deck, "Event card")} · ${plural(b.zombiesInBox, "zombie")} in the box</span>
    </div>
    <${Happening} rules=${rules} summary=${summary} b=${b} nameAt=${nameAt} />
    <svg viewBox=${`${minX * U - 2} ${minY * U - 2} ${(maxX - minX) * U + 4} ${(maxY - minY) * U + 4}`} role="group" aria-label="The map"
      style=${`max-width: ${(maxX - minX) * 75}px`}>
      ${cells.map(([cx, cy, t]) => html`<${TileSvg} key=${cx + "," + cy} cell=${cx + "," + cy} book=${book} tile=${t.tile}
          rotation=${t.rotation} x0=${cx * size} y0=${cy * size} />`)}
      ${[...byCell.entries()].map(([k, list]) => {
        const [cx, cy] = parseKey(k);
        const label = `Lay the ${name(drawn)} on tile cell (${cx}, ${cy})`;
        const pick = onWalk ? { ...clickable(list, () => onWalk([list[0].command, onlyLayout(book, drawn)]), busy, label) } : clickable(list, onPick, busy, label);
        return html`<rect class="slot target" x=${(cx * size + 0.1) * U} y=${(cy * size + 0.1) * U} width=${(size - 0.2) * U} height=${(size - 0.2) * U}
          data-cell=${k} aria-label=${label} ...${pick}><title>${label}</title></rect>`;
      })}
      ${spot ? html`<${TileOnSpot} book=${book} tile=${drawn} cell=${spot} lays=${lays} shown=${turned}
        onTurn=${() => setTurned(turned + 1)} onPick=${onPick} busy=${busy} />` : ""}
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
      ${moving ? (() => { const [x, y] = parseKey(moving.space); return html`<g class="zombie-moving" data-space=${moving.space}>
        <circle class="zombie" cx=${x * U + 5} cy=${y * U + 5} r="3.2"><title>the zombie being moved</title></circle></g>`; })() : ""}
      ${b.players.map((p) => {
        if (!p.space) return "";
        const [x, y] = parseKey(p.space);
        const cx = x * U + 2.2 + (p.seat % 2) * 4, cy = y * U + 2.2 + Math.floor(p.seat / 2) * 3.3;
        return html`<g class="pawn-g" data-seat=${p.seat} data-space=${p.space}><circle class=${"pawn-mark seat-" + p.seat} style=${`fill: var(--seat-${p.seat})`} cx=${cx} cy=${cy} r="1.9" />
          <text class="pawn-n" x=${cx - 0.8} y=${cy + 1.1}>${seatName(summary, p.seat).slice(0, 1)}</text><title>${seatName(summary, p.seat)}</title></g>`;
      })}
      ${cells.map(([cx, cy, t]) => {            // under the targets, so a click always finds its space
        const label = name(t.tile);
        const fit = label.length > 14 ? { textLength: size * U - 2, lengthAdjust: "spacingAndGlyphs" } : {};
        return html`<text class="tile-name" data-cell=${cx + "," + cy} x=${cx * size * U + 1} y=${cy * size * U + 3.2} ...${fit}>${label}</text>`;
      })}
      ${[...bySpace.entries()].map(([k, list]) => {
        const [x, y] = parseKey(k);
        const title = list.map((e) => e.label || e.command.type).join(" / ");
        return html`<rect class="target" x=${x * U + 0.5} y=${y * U + 0.5} width=${U - 1} height=${U - 1} rx="1" data-space=${k}
          aria-label=${title} ...${clickable(list, onPick, busy, title)}><title>${title}</title></rect>`;
      })}
      ${[...walks.entries()].map(([k, walk]) => {
        const [x, y] = parseKey(k);
        const go = () => onWalk(walk.commands);
        return html`<rect class="target walk" x=${x * U + 0.5} y=${y * U + 0.5} width=${U - 1} height=${U - 1} rx="1" data-space=${k}
          data-steps=${walk.commands.filter((c) => c.type !== "EndMove").length} aria-label=${walk.label}
          ...${clickable([{ command: walk.commands[0] }], go, busy, walk.label)}><title>${walk.label}</title></rect>`;
      })}
    </svg>
    ${plain.length ? html`<div class="board-actions" role="group" aria-label="Moves off the map">
      ${plain.map((e) => html`<button type="button" class="board-action" disabled=${busy} title=${e.label || ""}
        data-type=${e.command.type} onClick=${() => onPick([e])}>${words(e.command.type)}</button>`)}
      ${shortcuts.map((s) => html`<button type="button" class="board-action shortcut" disabled=${busy} title=${s.title}
        onClick=${() => onWalk(s.commands)}>${s.name}</button>`)}</div>` : ""}
    <${Rotations} rules=${rules} book=${book} tile=${drawn} entries=${entries} onPick=${onPick} busy=${busy} />
    ${b.hand ? html`<section class="my-hand" aria-label=${handTitle(summary, seat, mine)}><h2>${handTitle(summary, seat, mine)}</h2><div class="hand">
      ${b.hand.map((c, i) => {
        const list = namingCard(entries, c);
        return html`<${Card} key=${i} rules=${rules} id=${c} onClick=${list.length ? () => onPick(list) : null} disabled=${busy || !list.length} />`;
      })}</div></section>` : ""}
  </div>`;
}
