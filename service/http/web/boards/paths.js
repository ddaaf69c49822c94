// Where a multi-step move on the Quickplay map can go, so one click on a far
// space stands for several one-step commands.
//
// The graph is drawn from the catalogue's words for its space kinds ("road: pawns
// and zombies step to any adjacent road", "building: entered only through its
// door", "door: the step between the building and the road beside it", "none: not
// a space"). It is only a guess of where to walk: the page sends the path one
// step at a time and only while each step is among the seat's legal commands, so
// the server stays the judge of every step.

const parseKey = (k) => k.split(",").map(Number);
const keyOf = (x, y) => `${x},${y}`;
const STEPS = [[0, -1], [1, 0], [0, 1], [-1, 0]];

/**
 * The map's spaces as a graph: `kindAt(x, y)` (road, building, door, none or null off the map)
 * and `next(k)` (the spaces one step from k). `tiles` is the view's map.tiles; `book` the
 * catalogue's tiles ({tiles: Map id -> tile, size}).
 */
export function mapGraph(book, tiles) {
  const size = book.size;
  const kindAt = (x, y) => {
    const cell = tiles[keyOf(Math.floor(x / size), Math.floor(y / size))];
    if (!cell) return null;
    const tile = book.tiles.get(cell.tile);
    const turned = tile && tile.rotations.find((r) => r.rotation === cell.rotation);
    if (!turned) return null;
    return turned.spaces[((y % size) + size) % size][((x % size) + size) % size];
  };
  const sameTile = (x, y, a, b) => Math.floor(x / size) === Math.floor(a / size) && Math.floor(y / size) === Math.floor(b / size);
  const next = (k) => {
    const [x, y] = parseKey(k);
    const here = kindAt(x, y);
    if (!here || here === "none") return [];
    const out = [];
    for (const [dx, dy] of STEPS) {
      const there = kindAt(x + dx, y + dy);
      if (!there || there === "none") continue;
      if (!sameTile(x, y, x + dx, y + dy)) {
        if (here === "road" && there === "road") out.push(keyOf(x + dx, y + dy));
        continue;
      }
      if ((here === "road" && there === "building") || (here === "building" && there === "road")) continue;
      out.push(keyOf(x + dx, y + dy));
    }
    return out;
  };
  return { kindAt, next };
}

/**
 * The pawn's walks: a Map from each space it may reach in at most `budget` steps to the path
 * there (the spaces stepped on, the start left out). `first` are the spaces the legal commands
 * allow for the first step; a space with a zombie (`stops`) ends a walk (a fight starts there).
 */
export function pawnWalks(graph, start, budget, first, stops) {
  const paths = new Map();
  const queue = [];
  for (const k of first) {
    if (!paths.has(k)) { paths.set(k, [k]); queue.push(k); }
  }
  while (queue.length) {
    const k = queue.shift();
    const path = paths.get(k);
    if (path.length >= budget || stops.has(k)) continue;
    for (const n of graph.next(k)) {
      if (n === start || paths.has(n)) continue;
      paths.set(n, path.concat([n]));
      queue.push(n);
    }
  }
  return paths;
}

/**
 * The moving zombie's walks: a Map from each space where it may stop, at most `budget` steps
 * on, to the shortest path there. It never steps on a space of `path` (its path so far), never
 * on a space twice, and never stops on a space in `occupied` (another zombie). `first` are the
 * legal first steps.
 */
export function zombieWalks(graph, path, budget, first, occupied) {
  const ends = new Map();
  const walk = (at, trail, seen) => {
    if (!occupied.has(at) && (!ends.has(at) || ends.get(at).length > trail.length)) ends.set(at, trail);
    if (trail.length >= budget) return;
    for (const n of graph.next(at)) {
      if (seen.has(n)) continue;
      seen.add(n);
      walk(n, trail.concat([n]), seen);
      seen.delete(n);
    }
  };
  for (const k of first) {
    const seen = new Set(path);
    seen.add(k);
    walk(k, [k], seen);
  }
  return ends;
}
