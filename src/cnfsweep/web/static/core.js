// What every part of the page shares: the store (its state, and the events that tell a module what another did),
// the server, the browser's storage, and small words.
//
// The page's modules (ES modules, no build step, nothing fetched from another site), in layers: a module imports
// only from layers below its own, so no import runs in a circle. A module that must tell one above it what it did
// emits one of EVENTS below, and the one above listens; it never imports it.
//
//   layer 5  app.js      start-up, input, tabs, theme and zoom
//   layer 4  play.js     games: moves, chords, clock, restart, links;  puzzle.js  variant puzzles: rules, generate, play
//   layer 3  edit.js     the Edit tab;  review.js  replay files and the post-mortem
//   layer 2  hint.js     hints and Peek;  overlay.js  the analysis and its summary
//   layer 1  board.js    drawing the board and its overlay;  stats.js  best times and streaks (localStorage)
//   layer 0  core.js     this: the store (state and its events), api(), storage, words
//
// Each field of the state has one writer, its owner (tests/web/test_page_modules.py checks): board.js the grid shown
// (rows, cols, topology, grid, variant, focus: setGrid, showCells, setCell, clearGrid, setFocus), overlay.js the analysis (analysis,
// seq: dropAnalysis), review.js the marks (marks, lostMarks: tabMarks), and so on; the others call the owner's setter,
// or hear its event.
//
// What each imports (tests/web/test_page_modules.py checks these lines against the modules' imports, and the layers):
//   app.js     -> play.js puzzle.js review.js edit.js hint.js overlay.js board.js core.js
//   play.js    -> review.js stats.js hint.js overlay.js board.js core.js
//   puzzle.js  -> hint.js overlay.js board.js core.js
//   review.js  -> overlay.js board.js core.js
//   edit.js    -> hint.js overlay.js board.js core.js
//   hint.js    -> board.js core.js
//   overlay.js -> board.js core.js
//   stats.js   -> core.js
//   board.js   -> core.js
//   core.js    -> (nothing)

export const $ = (id) => document.getElementById(id);

export const state = {
  mode: "play",        // the tab shown: "play", "edit", "replay" or "puzzle"
  rows: 0, cols: 0,
  topology: "square",  // the grid shown: "square", "torus" or "hex" (DRAWN)
  grid: [],            // one array of characters per row: "0"-"8", "." (or a label) covered, "*" flag;
                       // on a variant board one token a cell: a clue of any size ("12", a Wall clue "1,3"), "?", ".", "*"
  variant: null,       // the grid's variant rules, or null (classic): {rules: [codes], dyed: Set "r,c", total}
  rules: [],           // every variant rule the server knows (GET /api/health): {code, title, definition, kind}
  puzzle: null,        // the variant puzzle played (puzzle.js): the server's game document, its cells, mistakes, end
  total: null,         // total mines (edit mode), or the game's
  game: null,          // the game document from the server
  spec: null,          // what the game shown was asked for with (POST /api/game's body), for restarts and links
  start: null,         // [r, c] of the game's first click, once made: with the seed, it fixes the board
  analysis: null,      // the last analysis document, for the position now shown
  features: [],        // what this server offers (GET /api/health): "replay", ...
  levels: null,        // the server's levels by name (GET /api/health), for the size fields
  focus: { r: 0, c: 0 },
  flagMode: false,
  seq: 0,              // analyses are numbered; a late answer for an old position is dropped
  gameSeq: 0,          // so are new games
  hint: null,          // {cell, numbers}: the hint shown, until the position changes
  peek: null,          // {cells: Map "r,c" -> {name, mine}, conflict: Set "r,c"}: the levels shown, likewise
  marks: null,         // {safest: Set "r,c", chosen: Set "r,c"}: cells a post-mortem or a replay step points at
  lostMarks: null,     // the post-mortem's, for the lost game (shown again on a return to Play)
  touched: 0,          // performance.now() of the interaction the overlay is catching up with
  unseen: false,       // the page was hidden since then, so the time to the overlay says nothing
  lastUpdateMs: null,  // the time from the last move to its overlay
  totalError: null,    // what is wrong with the Total mines field, if anything
  moves: [],           // the player's moves not yet sent: one at a time, in order
  moving: false,       // a move is being sent
  pendingSince: null,  // performance.now() when the move on its way was sent
  timer: null, started: null,
  replayed: false,     // the game shown is a board played before: no best time
  replay: null,        // the replay shown: its review document and the step
  replaySeq: 0,        // replay files read are numbered; a late answer for an earlier one is dropped
  neighbours: null,    // the game's neighbours by cell index (row * cols + col), from the server's topology
  pressed: null,       // Set "r,c": the cells a chord held down would open, shown pressed
};
window.state = state; // for the browser tests and the curious

// The events of the store: each one's name, who emits it, and who listens. Handlers run at once, in the order they
// were added, as a call would: the emitter goes on when they have run, and an error in one is the emitter's.
const EVENTS = {
  drawn: "board.js drew the board (render): overlay.js writes the summary line under it",
  regrid: "board.js set a new grid (setGrid) or none (clearGrid), before drawing it: hint.js drops the hint and the peek "
    + "of the old one, overlay.js its analysis",
  mode: "a module asks for a tab by its mode (review.js: \"replay\", to show a review): app.js shows it",
};
const handlers = new Map(Object.keys(EVENTS).map((name) => [name, []]));

function handlersOf(name) {
  const list = handlers.get(name);
  if (!list) throw new Error(`no page event ${JSON.stringify(name)}: the events are ${Object.keys(EVENTS).join(", ")}`);
  return list;
}

/** Call `handler(detail)` on every `emit(name, detail)` from now on. */
export function on(name, handler) { handlersOf(name).push(handler); }

/** Tell every module listening to `name` (one of EVENTS), with `detail`. */
export function emit(name, detail) { for (const handler of handlersOf(name)) handler(detail); }

export async function api(method, path, body) {
  // A Blob (a file: a screenshot for POST /api/read) goes as it is; anything else as JSON.
  const raw = body instanceof Blob;
  const type = raw ? body.type || "application/octet-stream" : "application/json";
  const response = await fetch(path, {
    method,
    headers: body === undefined ? {} : { "Content-Type": type },
    body: body === undefined || raw ? body : JSON.stringify(body),
  });
  const doc = await response.json();
  if (!response.ok) throw new Error(doc.error || `HTTP ${response.status}`);
  return doc;
}

// The browser's storage, which may be off (a private window): then nothing is kept, and nothing breaks.
export const saved = {
  get(key, fallback) {
    try { const text = localStorage.getItem(`cnfsweep.${key}`); return text === null ? fallback : JSON.parse(text); } catch { return fallback; }
  },
  set(key, value) {
    try { localStorage.setItem(`cnfsweep.${key}`, JSON.stringify(value)); } catch { /* not kept */ }
  },
};

export function touch() {
  state.touched = performance.now();
  state.unseen = document.hidden;
}
// Hidden, the page's timers and requests are held back: a time to the overlay measured across it says nothing.
document.addEventListener("visibilitychange", () => { if (document.hidden) state.unseen = true; });

export function announce(text) {
  // A short message for screen readers; the same words twice are said twice.
  const live = $("live");
  live.textContent = "";
  requestAnimationFrame(() => { live.textContent = text; });
}

export function gameOver() {
  // A finished game is shown as it ended, never analysed as if it were live.
  if (state.mode === "puzzle") return state.puzzle !== null && state.puzzle.doc.state !== "playing";
  return state.mode === "play" && state.game !== null && state.game.state !== "playing";
}

/** "1 guess", "2 guesses": the count and its noun; `many` where adding an s is not the plural. */
export function plural(n, word, many = `${word}s`) { return `${n} ${n === 1 ? word : many}`; }

export function where([r, c]) { return `row ${r + 1} col ${c + 1}`; }

export function key([r, c]) { return `${r},${c}`; }

/** A level of propagation as the page names it (cnfsweep levels' names): "GAC", "2-RC", ..., "the total". */
export function levelTitle(name) {
  // A variant board's levels are its clues and rules together, then the total (its rules are no sets of numbers).
  if (name === "full" && state.variant) return "all the clues and rules";
  return { full: "all the numbers", total: "the total", 1: "GAC" }[name] || `${name}-RC`;
}

export function percent(p) {
  if (p > 0 && p < 0.01) return "<1";
  if (p < 1 && p > 0.99) return ">99";
  return String(Math.round(p * 100));
}

export function fraction(text) {
  // "p/q" as a number.
  const [p, q] = String(text).split("/");
  return Number(p) / Number(q || 1);
}

// The grids the page draws, and what it says under each; any other (a graph) only the API answers.
export const DRAWN = {
  square: "",
  torus: "Torus: the top edge meets the bottom and the left edge meets the right (edges of one colour are glued), "
    + "so every cell has 8 neighbours; the arrow keys wrap around too.",
  hex: "Hex: odd rows are shifted half a cell right; every cell has up to 6 neighbours and shows 0-6.",
};

export function drawn(topology) { return Object.prototype.hasOwnProperty.call(DRAWN, topology); }

export function notDrawn(topology) {
  return `This is a ${topology} board: the API answers it (POST its text to /api/analyze, /api/check or /api/hint), `
    + "but the page draws square, torus and hex boards only.";
}

export function maxNumber() { return state.topology === "hex" ? "6" : "8"; }

export function isNumber(ch) { return ch.length === 1 && ch >= "0" && ch <= "8"; }

/** A variant board's clue token: a number of any size, or a Wall clue's run lengths ("1,3"). */
export function isClue(token) { return /^[0-9]+(,[0-9]+)*$/.test(token); }

/** A variant rule as the page names it: "1Q Quad: every 2x2 square of cells holds at least one mine" (from the server). */
export function ruleText(code) {
  const rule = state.rules.find((r) => r.code === code);
  return rule ? `${code} ${rule.title}: ${rule.definition}` : code;
}

/** The tokens of a variant board's cells (POST /api/board's or a puzzle game's `cells`), a trailing "'" a dyed cell's. */
export function readCells(cells) {
  const dyed = new Set();
  const grid = cells.map((row, r) => row.map((token, c) => {
    if (!token.endsWith("'")) return token;
    dyed.add(`${r},${c}`);
    return token.slice(0, -1);
  }));
  return { grid, dyed };
}
