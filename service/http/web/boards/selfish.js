// The Selfish board (Space and Zombie editions): one column per seat, from
// the start at the bottom to the ship (or chopper) at the top; the cards each
// seat has passed lie in its column, its pawn on its space. Below: the piles,
// the reaction window or pick in progress, and the viewer's hand as cards.

import { Card, counted, handTitle, html, seatName } from "../ui.js";
import { clickable, namingCard, namingSeat } from "./pick.js";

/** The parts of a Selfish view the board draws, by the names the view uses; the board's
 * length and its goal from the catalogue. */
function read(view, rules) {
  const seats = view.seats;
  const board = rules.board || {};
  const zombies = "zombie_action_points" in view; // the Zombie Edition: a seat that died plays on as a zombie
  return {
    seats,
    goal: Math.max(board.spaces_to_goal || 0, ...view.positions),
    goalName: board.goal || null,
    tracks: view.tracks,
    ahead: view.cards_ahead || null,
    positions: view.positions,
    alive: view.alive,
    outWord: zombies ? "zombie" : "out",
    flags: Array.from({ length: seats }, (_, s) => [
      view.under_solar_flare && view.under_solar_flare[s] ? rules.cardName("solar_flare") : null,
      view.loses_next_turn && view.loses_next_turn[s] ? "loses its next turn" : null,
    ].filter(Boolean)),
    handSizes: view.hand_sizes,
    hand: view.hand,
    turn: view.turn_seat,
    turnNumber: view.turn_number,
    phase: view.phase,
    zombiePoints: zombies ? view.zombie_action_points : null,
    window: view.reaction_window,
    pick: view.pick,
    piles: [
      ["game", view.game_deck_size, view.game_discard],
      "space_deck_size" in view ? ["space", view.space_deck_size, view.space_discard]
        : ["wasteland", view.wasteland_deck_size, view.wasteland_discard],
    ],
    known: view.known_wasteland_top || null,
    alliances: view.alliances || [],
  };
}

function Column({ rules, summary, b, seat, entries, onPick, busy, viewer, mine }) {
  const targets = namingSeat(rules, entries, seat);
  const plain = targets.length > 0; // the column is a button: no card in it may take the focus
  const rows = [];
  for (let space = b.goal; space >= 0; space -= 1) {
    const here = b.positions[seat] === space;
    const card = space >= 1 ? b.tracks[seat][space - 1] : undefined;
    const ahead = b.ahead && space > b.positions[seat] ? b.ahead[seat][space - b.positions[seat] - 1] : undefined;
    rows.push(html`<div class=${"space" + (space === 0 ? " start" : "") + (space === b.goal ? " goal" : "")} data-space=${space}>
      ${card !== undefined ? html`<span data-passed="true"><${Card} rules=${rules} id=${card} small=${true} plain=${plain} /></span>` : ""}
      ${ahead !== undefined ? html`<span data-ahead="true"><${Card} rules=${rules} id=${ahead} small=${true} plain=${plain} label=${ahead === null ? "face down" : undefined} /></span>` : ""}
      ${here ? html`<span class=${"pawn seat-" + seat + (b.alive[seat] ? "" : " out")} role="img" aria-label=${seatName(summary, seat) + " is here"}>${seatName(summary, seat).slice(0, 2)}</span>` : ""}
    </div>`);
  }
  return html`<div class=${"column" + (b.turn === seat ? " turn" : "") + (b.alive[seat] ? "" : " out") + (targets.length ? " pickable" : "")}
      data-seat=${seat} ...${clickable(targets, onPick, busy, `Moves aimed at ${seatName(summary, seat)}`)}>
    <div class="column-head">
      <strong><span class=${"dot seat-" + seat}></span>${seatName(summary, seat)}${mine && viewer === seat ? " (you)" : ""}</strong>
      <span>${counted(b.handSizes[seat], "card")}</span>
      ${b.alive[seat] ? "" : html`<span class="flag">${b.outWord}</span>`}
      ${b.flags[seat].map((f) => html`<span class="flag">${f}</span>`)}
    </div>
    ${rows}
  </div>`;
}

function Pile({ rules, id, size, discard }) {
  const deck = rules.decks.get(id);
  const top = discard && discard.length ? discard[discard.length - 1] : null;
  return html`<div class="pile">
    <span class="pile-name">${deck ? deck.name : id.replaceAll("_", " ")}</span>
    <span class="deck-back" title="cards left">${size}</span>
    <span class="discard">${top ? html`discard: <${Card} rules=${rules} id=${top} small=${true} />` : "discard empty"}</span>
  </div>`;
}

function Window({ rules, summary, window }) {
  if (!window) return null;
  return html`<p class="window" role="status">
    <strong>${seatName(summary, window.attacker)}</strong> played <${Card} rules=${rules} id=${window.card} small=${true} />
    ${window.turned_back ? " (turned back)" : ""} — <strong>${seatName(summary, window.responder)}</strong> may answer it.
  </p>`;
}

function Pick({ rules, summary, pick, entries, onPick, busy }) {
  if (!pick) return null;
  const cards = pick.target_hand || pick.cards || null;
  const decision = rules.decisions.get(pick.kind);
  return html`<div class="choice" role="status">
    <p><strong>${seatName(summary, pick.seat)}</strong> is choosing${pick.target !== null && pick.target !== undefined ? html` (${seatName(summary, pick.target)})` : ""}:${" "}
      ${decision ? decision.description : String(pick.kind).replaceAll("_", " ")}
      ${typeof pick.discards_left === "number" ? html` ${pick.discards_left} to discard.` : ""}</p>
    ${cards ? html`<div class="hand">${cards.map((c) => {
      const list = namingCard(entries, c);
      return html`<${Card} rules=${rules} id=${c} onClick=${list.length ? () => onPick(list) : null} disabled=${busy || !list.length} />`;
    })}</div>` : ""}
  </div>`;
}

export function SelfishBoard({ rules, summary, view, seat, mine, entries, onPick, busy }) {
  const b = read(view, rules);
  const order = Array.from({ length: b.seats }, (_, s) => s);
  return html`<div class="board selfish" style=${`--seats: ${b.seats}`}>
    <div class="goal-bar">${b.goalName ? b.goalName.charAt(0).toUpperCase() + b.goalName.slice(1) : "The goal"} — space ${b.goal}</div>
    <div class="columns">${order.map((s) => html`<${Column} key=${s} rules=${rules} summary=${summary} b=${b} seat=${s}
      entries=${entries} onPick=${onPick} busy=${busy} viewer=${seat} mine=${mine} />`)}</div>
    <div class="piles">${b.piles.map(([id, size, discard]) => html`<${Pile} rules=${rules} id=${id} size=${size} discard=${discard} />`)}</div>
    <p class="phase">Turn ${b.turnNumber}: <strong>${seatName(summary, b.turn)}</strong> · ${String(b.phase).replaceAll("_", " ")}
      ${b.zombiePoints ? html` · ${counted(b.zombiePoints, "zombie action point")}` : ""}</p>
    ${b.alliances.length ? html`<p class="alliances">${b.alliances.map((a) => html`<span>${seatName(summary, a.ally)} allied against ${seatName(summary, a.target)}</span> `)}</p>` : ""}
    <${Window} rules=${rules} summary=${summary} window=${b.window} />
    <${Pick} rules=${rules} summary=${summary} pick=${b.pick} entries=${entries} onPick=${onPick} busy=${busy} />
    ${b.hand ? html`<section class="my-hand" aria-label=${handTitle(summary, seat, mine)}><h2>${handTitle(summary, seat, mine)}</h2><div class="hand">
      ${b.hand.map((c, i) => {
        const list = namingCard(entries, c);
        return html`<${Card} key=${i} rules=${rules} id=${c} onClick=${list.length ? () => onPick(list) : null} disabled=${busy || !list.length} />`;
      })}</div></section>` : ""}
    ${b.known && b.known.length ? html`<p>You know the next cards of the ${rules.decks.get(b.piles[1][0]) ? rules.decks.get(b.piles[1][0]).name : "deck"}: ${b.known.map((c) => html`<${Card} rules=${rules} id=${c} small=${true} />`)}</p>` : ""}
  </div>`;
}
