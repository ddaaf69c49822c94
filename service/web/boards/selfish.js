// The Selfish board (Space and Zombie editions): one column per seat, from
// the start at the bottom to the ship (or chopper) at the top; the cards each
// seat has passed lie in its column, its pawn on its space. Below: the piles,
// the reaction window or pick in progress, and the viewer's hand as cards.

import { Card, html, seatName } from "../ui.js";
import { clickable, namingCard, namingSeat } from "./pick.js";

/** The parts of a Selfish view the board draws, by the names the view uses. */
function read(view, rules) {
  const seats = view.seats;
  const goal = Math.max(rules.board && rules.board.track_length ? rules.board.track_length : 0, ...view.positions);
  return {
    seats,
    goal,
    goalName: (rules.board && rules.board.goal_name) || null,
    tracks: view.tracks,
    ahead: view.ahead || null,
    positions: view.positions,
    alive: view.alive,
    flags: Array.from({ length: seats }, (_, s) => [
      view.solar_flare && view.solar_flare[s] ? "Solar Flare" : null,
      view.skip && view.skip[s] ? "loses next turn" : null,
    ].filter(Boolean)),
    handSizes: view.hand_sizes,
    hand: view.hand,
    turn: view.turn,
    phase: view.phase,
    window: view.window,
    choice: view.choice,
    piles: [
      ["game_deck", view.game_deck_size, view.game_discard],
      view.space_deck_size !== undefined ? ["space_deck", view.space_deck_size, view.space_discard]
        : ["wasteland_deck", view.wasteland_deck_size, view.wasteland_discard],
    ],
    known: view.known_wasteland || null,
    alliances: view.alliances || [],
  };
}

function Column({ rules, summary, b, seat, entries, onPick, busy, viewer }) {
  const rows = [];
  for (let space = b.goal; space >= 0; space -= 1) {
    const here = b.positions[seat] === space;
    const card = space >= 1 ? b.tracks[seat][space - 1] : undefined;
    const ahead = b.ahead && space > b.positions[seat] ? b.ahead[seat][space - b.positions[seat] - 1] : undefined;
    rows.push(html`<div class=${"space" + (space === 0 ? " start" : "") + (space === b.goal ? " goal" : "")} data-space=${space}>
      ${card !== undefined ? html`<span data-passed="true"><${Card} rules=${rules} id=${card} small=${true} /></span>` : ""}
      ${ahead !== undefined ? html`<span data-ahead="true"><${Card} rules=${rules} id=${ahead} small=${true} label=${ahead === null ? "face down" : undefined} /></span>` : ""}
      ${here ? html`<span class=${"pawn seat-" + seat + (b.alive[seat] ? "" : " out")} aria-label=${seatName(summary, seat) + " is here"}>${seat}</span>` : ""}
    </div>`);
  }
  const targets = namingSeat(rules, entries, seat);
  return html`<div class=${"column" + (b.turn === seat ? " turn" : "") + (b.alive[seat] ? "" : " out") + (targets.length ? " pickable" : "")}
      data-seat=${seat} ...${clickable(targets, onPick, busy, `Moves aimed at ${seatName(summary, seat)}`)}>
    <div class="column-head">
      <strong><span class=${"dot seat-" + seat}></span>${seat}: ${seatName(summary, seat)}${viewer === seat ? " (you)" : ""}</strong>
      <span>${b.handSizes[seat]} cards</span>
      ${b.alive[seat] ? "" : html`<span class="flag">out</span>`}
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
    ${window.reflected !== undefined && window.reflected !== null ? " (reflected)" : ""} — <strong>${seatName(summary, window.seat)}</strong> may answer it.
  </p>`;
}

function Choice({ rules, summary, choice, entries, onPick, busy }) {
  if (!choice) return null;
  const cards = choice.target_hand || choice.cards || null;
  return html`<div class="choice" role="status">
    <p><strong>${seatName(summary, choice.seat)}</strong> is choosing: ${rules.decisions.get(choice.choice) ? rules.decisions.get(choice.choice).description : String(choice.choice).replaceAll("_", " ")}
      ${choice.target !== null && choice.target !== undefined ? html` (${seatName(summary, choice.target)})` : ""}</p>
    ${cards ? html`<div class="hand">${cards.map((c) => {
      const list = namingCard(entries, c);
      return html`<${Card} rules=${rules} id=${c} onClick=${list.length ? () => onPick(list) : null} disabled=${busy || !list.length} />`;
    })}</div>` : ""}
  </div>`;
}

export function SelfishBoard({ rules, summary, view, seat, entries, onPick, busy }) {
  const b = read(view, rules);
  const order = Array.from({ length: b.seats }, (_, s) => s);
  return html`<div class="board selfish" style=${`--seats: ${b.seats}`}>
    <div class="goal-bar">${b.goalName || "Goal"} — space ${b.goal}</div>
    <div class="columns">${order.map((s) => html`<${Column} key=${s} rules=${rules} summary=${summary} b=${b} seat=${s}
      entries=${entries} onPick=${onPick} busy=${busy} viewer=${seat} />`)}</div>
    <div class="piles">${b.piles.map(([id, size, discard]) => html`<${Pile} rules=${rules} id=${id} size=${size} discard=${discard} />`)}</div>
    <p class="phase">Turn: <strong>${seatName(summary, b.turn)}</strong> · phase ${String(b.phase).replaceAll("_", " ")}</p>
    ${b.alliances.length ? html`<p class="alliances">${b.alliances.map((a) => html`<span>${seatName(summary, a.ally)} allied against ${seatName(summary, a.target)}</span> `)}</p>` : ""}
    <${Window} rules=${rules} summary=${summary} window=${b.window} />
    <${Choice} rules=${rules} summary=${summary} choice=${b.choice} entries=${entries} onPick=${onPick} busy=${busy} />
    ${b.hand ? html`<section class="my-hand" aria-label="Your hand"><h3>Your hand</h3><div class="hand">
      ${b.hand.map((c, i) => {
        const list = namingCard(entries, c);
        return html`<${Card} key=${i} rules=${rules} id=${c} onClick=${list.length ? () => onPick(list) : null} disabled=${busy || !list.length} />`;
      })}</div></section>` : ""}
    ${b.known && b.known.length ? html`<p>You know the next Wasteland cards: ${b.known.map((c) => html`<${Card} rules=${rules} id=${c} small=${true} />`)}</p>` : ""}
  </div>`;
}
