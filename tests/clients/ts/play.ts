/**
 * A program that plays one game to the end through the client @hey-api/openapi-ts generates from
 * openapi.yaml (in ./generated) and nothing else: `node out/play.js BASE_URL RULESET SEED [OPTIONS]`
 * (OPTIONS: the game's options as a JSON object, e.g. a stack that keeps a game short).
 *
 * It creates a game whose every seat is a human it plays itself and, until the game is over, reads
 * the summary, the spectator's view and the acting seat's view, takes that seat's legal commands and
 * sends one (picked by a generator seeded with SEED). Any call that fails stops it with exit status
 * 1; the last line it prints is a JSON summary. tests/clients compile it with `tsc --strict`.
 */
import { createClient } from "./generated/client";
import {
  createGame, getEvents, getGame, getLegalCommands, getView, listRulesets, sendCommand,
} from "./generated/sdk.gen";
import type { Command, CreateGameRequest, SeatRequest } from "./generated/types.gen";

declare const process: { argv: string[]; exit(code: number): never };

/** The most commands one game may take before the program gives up. */
const MAX_COMMANDS = 20000;

/** A small seeded generator (mulberry32), so a run can be repeated. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `data` of a call that must answer 2xx, else an Error naming the call. */
function ok<T>(what: string, result: { data?: T; error?: unknown; response?: Response }): T {
  if (result.error !== undefined || result.data === undefined) {
    throw new Error(`${what}: ${result.response?.status} ${JSON.stringify(result.error)}`);
  }
  return result.data;
}

async function play(baseUrl: string, ruleset: string, seed: number, options: Record<string, unknown>) {
  const random = seeded(seed);
  const spectator = createClient({ baseUrl });
  let calls = 0;
  let views = 0;
  const rulesets = ok("listRulesets", await listRulesets({ client: spectator }));
  calls += 1;
  const entry = rulesets.rulesets.find((r) => r.id === ruleset);
  if (!entry) throw new Error(`no ruleset ${ruleset}`);
  const count = Math.min(Math.max(2, entry.min_seats), entry.max_seats);
  const seats: SeatRequest[] = Array.from({ length: count }, (_, i) => ({ name: `Player ${i}` }));
  const body = { ruleset, seats, options } as CreateGameRequest;
  const created = ok("createGame", await createGame({ client: spectator, body }));
  calls += 1;
  const gameId = created.id;
  const seatClients = new Map(created.tokens.map((t) => [t.seat, createClient({ baseUrl, auth: t.token })]));
  let commands = 0;
  for (;;) {
    const path = { game_id: gameId };
    const summary = ok("getGame", await getGame({ client: spectator, path }));
    ok("getView (spectator)", await getView({ client: spectator, path }));
    calls += 2;
    views += 1;
    if (summary.status === "finished") break;
    if (commands >= MAX_COMMANDS) throw new Error(`the game did not end in ${MAX_COMMANDS} commands`);
    const seat = summary.to_act[0]?.seat;
    const client = seat === undefined ? undefined : seatClients.get(seat);
    if (seat === undefined || client === undefined) throw new Error(`version ${summary.version}: nobody to act`);
    const view = ok(`getView (seat ${seat})`, await getView({ client, path }));
    if (view.seat !== seat) throw new Error(`seat ${seat}'s view says seat ${view.seat}`);
    const legal = ok("getLegalCommands", await getLegalCommands({ client, path }));
    const pick = legal.commands[Math.floor(random() * legal.commands.length)];
    if (pick === undefined) throw new Error("no legal command");
    const command: Command = pick.command;
    ok(`sendCommand ${command.type}`, await sendCommand({ client, path, body: command }));
    calls += 3;
    views += 1;
    commands += 1;
  }
  const page = ok("getEvents", await getEvents({ client: spectator, path: { game_id: gameId }, query: { limit: 1000 } }));
  calls += 1;
  if (!page.complete) throw new Error("the finished game's log is not complete");
  return { game_id: gameId, ruleset, status: "finished", commands, views, calls, failed: 0 };
}

const [, , baseUrl = "", ruleset = "", seed = "1", options = "{}"] = process.argv;
play(baseUrl, ruleset, Number(seed), JSON.parse(options) as Record<string, unknown>).then(
  (summary) => console.log(JSON.stringify(summary)),
  (error: unknown) => {
    console.log(`FAILED: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
