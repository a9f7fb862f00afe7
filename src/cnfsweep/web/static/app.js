// cnfsweep's page: play a game or draw a position, and see every covered cell's mine probability.
// Plain JavaScript, no build step, nothing fetched from another site. Games are played on the
// server (/api/game); the overlay is /api/analyze on the position shown, Peek /api/levels.
// Square, torus and hex boards are drawn (hexagons in offset rows, odd rows shifted half a cell
// right; a torus as its rectangle with the glued edges marked); a graph board only the API answers.
"use strict";

const $ = (id) => document.getElementById(id);

const state = {
  mode: "play",
  rows: 0, cols: 0,
  topology: "square",  // the grid shown: "square", "torus" or "hex" (DRAWN)
  grid: [],            // one array of characters per row: "0"-"8", "." (or a label) covered, "*" flag
  total: null,         // total mines (edit mode), or the game's
  game: null,          // the game document from the server
  analysis: null,      // the last analysis document, for the position now shown
  features: [],
  focus: { r: 0, c: 0 },
  flagMode: false,
  seq: 0,              // analyses are numbered; a late answer for an old position is dropped
  gameSeq: 0,          // so are new games
  hint: null,          // {cell, numbers}: the hint shown, until the position changes
  peek: null,          // {cells: Map "r,c" -> {name, mine}, conflict: Set "r,c"}: the levels shown, likewise
  touched: 0,          // performance.now() of the interaction the overlay is catching up with
  unseen: false,       // the page was hidden since then, so the time to the overlay says nothing
  totalError: null,    // what is wrong with the Total mines field, if anything
  moves: [],           // the player's moves not yet sent: one at a time, in order
  moving: false,       // a move is being sent
  pendingSince: null,  // performance.now() when the move on its way was sent
  timer: null, started: null,
};

// ---------------------------------------------------------------- server

async function api(method, path, body) {
  const response = await fetch(path, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const doc = await response.json();
  if (!response.ok) throw new Error(doc.error || `HTTP ${response.status}`);
  return doc;
}

function touch() {
  state.touched = performance.now();
  state.unseen = document.hidden;
}

function gameOver() {
  // A finished game is shown as it ended, never analysed as if it were live.
  return state.mode === "play" && state.game !== null && state.game.state !== "playing";
}

function plural(n, word) { return `${n} ${word}${n === 1 ? "" : "s"}`; }

// The grids the page draws, and what it says under each; any other (a graph) only the API answers.
const DRAWN = {
  square: "",
  torus: "Torus: the top edge meets the bottom and the left edge meets the right (edges of one colour are glued), "
    + "so every cell has 8 neighbours; the arrow keys wrap around too.",
  hex: "Hex: odd rows are shifted half a cell right; every cell has up to 6 neighbours and shows 0-6.",
};

function drawn(topology) { return Object.prototype.hasOwnProperty.call(DRAWN, topology); }

function notDrawn(topology) {
  return `This is a ${topology} board: the API answers it (POST its text to /api/analyze, /api/check or /api/hint), `
    + "but the page draws square, torus and hex boards only.";
}

function maxNumber() { return state.topology === "hex" ? "6" : "8"; }

function isNumber(ch) { return ch >= "0" && ch <= "8"; }

// ---------------------------------------------------------------- the board

function boardText() {
  // Native text of the position shown; in a game the player's flags stay covered (guesses, not facts).
  if (state.mode === "play" && state.game) {
    const text = state.game.board, topology = state.game.topology || "square";
    // The game's board names its grid; should it not, the header the analysis needs is added here.
    return topology === "square" || /^topology:/m.test(text) ? text : `topology: ${topology}\n${text}`;
  }
  const head = (state.topology === "square" ? [] : [`topology: ${state.topology}`])
    .concat(state.total === null ? [] : [`mines: ${state.total}`]);
  return head.concat(state.grid.map((row) => row.join(""))).join("\n") + "\n";
}

function setGrid(rows, cols, grid, topology = state.topology) {
  state.rows = rows; state.cols = cols; state.topology = topology;
  state.grid = grid.map((row) => Array.from(row));
  state.focus = { r: Math.min(state.focus.r, rows - 1), c: Math.min(state.focus.c, cols - 1) };
  state.analysis = null;
  clearHint();
  buildBoard();
}

function buildBoard() {
  const board = $("board");
  board.replaceChildren();
  const hex = state.topology === "hex";
  board.className = state.topology;
  $("grid-note").textContent = DRAWN[state.topology];
  // Hexagons sit on half-cell columns: each spans two, odd rows start one half-cell later.
  board.style.gridTemplateColumns = hex ? `repeat(${2 * state.cols + 1}, calc(var(--cell) / 2))` : `repeat(${state.cols}, var(--cell))`;
  board.setAttribute("aria-rowcount", state.rows);
  board.setAttribute("aria-colcount", state.cols);
  for (let r = 0; r < state.rows; r++) {
    for (let c = 0; c < state.cols; c++) {
      const cell = document.createElement("button");
      cell.type = "button";
      cell.className = "cell";
      cell.dataset.r = r; cell.dataset.c = c;
      cell.setAttribute("role", "gridcell");
      cell.tabIndex = r === state.focus.r && c === state.focus.c ? 0 : -1;
      if (hex) { cell.style.gridRow = String(r + 1); cell.style.gridColumn = `${1 + 2 * c + (r % 2)} / span 2`; }
      board.appendChild(cell);
    }
  }
  if (state.topology === "torus") {
    // Arrows on the glued edges, after the cells (cellAt counts children): one pair alike top and bottom, one left and right.
    for (const side of ["top", "bottom", "left", "right"]) {
      const mark = document.createElement("span");
      mark.className = `wrap-mark wrap-${side}`;
      mark.setAttribute("aria-hidden", "true");
      mark.textContent = side === "top" || side === "bottom" ? "▶" : "▲▲";
      board.appendChild(mark);
    }
  }
  render();
}

function cellAt(r, c) { return $("board").children[r * state.cols + c]; }

const RAMP = [[0, [43, 108, 176]], [0.5, [230, 222, 208]], [1, [217, 95, 2]]];

function ramp(p) {
  // Blue (safe) through beige to orange (a mine): told apart without red and green, and every cell says its percentage too.
  for (let i = 1; i < RAMP.length; i++) {
    const [p1, c1] = RAMP[i];
    if (p <= p1) {
      const [p0, c0] = RAMP[i - 1];
      const t = (p - p0) / (p1 - p0);
      const rgb = c0.map((v, k) => Math.round(v + t * (c1[k] - v)));
      const light = 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2] > 150;
      return [`rgb(${rgb.join(",")})`, light ? "#1b1f24" : "#fff"];
    }
  }
  return ["rgb(217,95,2)", "#fff"];
}

function percent(p) {
  if (p > 0 && p < 0.01) return "<1";
  if (p < 1 && p > 0.99) return ">99";
  return String(Math.round(p * 100));
}

function render() {
  const a = $("analyse").checked && !gameOver() && state.analysis && state.analysis.status === "solved"
    && state.analysis.consistent ? state.analysis : null;
  const safe = new Set(a ? a.safe.map(([r, c]) => `${r},${c}`) : []);
  const mines = new Set(a ? a.mines.map(([r, c]) => `${r},${c}`) : []);
  // With a certainly safe cell there is no guess to make: the S cells say where to go.
  const best = a && a.best_guess && !a.safe.length ? a.best_guess.join(",") : null;
  const game = state.mode === "play" ? state.game : null;
  const layout = new Set(game && game.layout ? game.layout.map(([r, c]) => `${r},${c}`) : []);
  const exploded = game && game.exploded ? game.exploded.join(",") : null;
  const hintMove = state.hint ? state.hint.cell.join(",") : null;
  const hintReason = new Set(state.hint ? state.hint.numbers.map(([r, c]) => `${r},${c}`) : []);
  for (let r = 0; r < state.rows; r++) {
    for (let c = 0; c < state.cols; c++) {
      const el = cellAt(r, c), ch = state.grid[r][c], key = `${r},${c}`;
      let cls = "cell", text = "", label, bg = "", fg = "";
      const p = a && !(ch >= "0" && ch <= "8") && ch !== "*" ? a.probabilities[r][c] : null;
      if (p === null || p === undefined) { if ("p" in el.dataset) delete el.dataset.p; }
      if (ch >= "0" && ch <= "8") {
        cls += ` open n${ch}`; text = ch === "0" ? "" : ch; label = `${ch}`;
      } else if (ch === "*") {
        cls += " flag"; text = "⚑"; label = "flag";
        if (layout.size && !layout.has(key)) { text = "✗"; label = "wrong flag"; }
      } else if (layout.has(key)) {
        cls += key === exploded ? " exploded" : " mine"; text = "✱"; label = key === exploded ? "mine, clicked" : "mine";
      } else {
        label = "covered";
        if (p !== null && p !== undefined) {
          if (el.dataset.p !== String(p)) el.dataset.p = p;
          if (safe.has(key)) { cls += " certain-safe"; text = "S"; label = "certainly safe"; }
          else if (mines.has(key)) { cls += " certain-mine"; text = "M"; label = "certainly a mine"; }
          else { cls += " prob"; text = percent(p); [bg, fg] = ramp(p); label = `mine probability ${text} percent`; }
          if (key === best) { cls += " best"; label += ", best guess"; }
        } else if (ch !== ".") {
          text = ch; // a label
        }
      }
      const peeked = state.peek && !(ch >= "0" && ch <= "8") && ch !== "*" && !layout.has(key) ? state.peek.cells.get(key) : null;
      if (peeked) {
        cls = `cell peek peek-${peeked.name}`; text = peeked.mine ? "M" : "S"; bg = ""; fg = "";
        label = `${peeked.mine ? "certainly a mine" : "certainly safe"}, decided by ${levelTitle(peeked.name)}`;
      }
      if (state.peek && state.peek.conflict.has(key)) { cls += " peek-conflict"; label += ", a number that cannot hold"; }
      if (hintMove === key) { cls += " hint-move"; label += ", the hint's move"; }
      if (hintReason.has(key)) { cls += " hint-reason"; label += ", a number of the hint's reason"; }
      // Touch the DOM only where the cell changed: most moves change a few cells of hundreds.
      const sig = `${cls}|${text}|${bg}|${fg}|${label}`;
      if (el.sig === sig) continue;
      el.sig = sig;
      el.className = cls;
      el.textContent = text;
      el.style.background = bg;
      el.style.color = fg;
      el.setAttribute("aria-label", `row ${r + 1} column ${c + 1}: ${label}`);
    }
  }
  summarise();
}

function layoutsText(doc) {
  if (doc.solutions !== null && doc.solutions.length <= 15) return Number(doc.solutions).toLocaleString("en");
  return doc.log10_solutions === null ? "?" : `about 10^${doc.log10_solutions.toFixed(1)}`;
}

function nextStep(a) {
  if (a.safe.length) {
    const safe = a.best_guess && a.probabilities[a.best_guess[0]][a.best_guess[1]] === 0 ? a.best_guess : a.safe[0];
    return `open a certainly safe cell: ${where(safe)}`;
  }
  if (!a.best_guess) return "no guess left";
  const [r, c] = a.best_guess;
  return `nothing is certainly safe: best guess ${where(a.best_guess)} (${percent(a.probabilities[r][c])}%)`;
}

function summarise() {
  const out = $("summary"), a = state.analysis;
  if (!$("analyse").checked) { out.textContent = ""; return; }
  if (gameOver()) { out.textContent = "the game is over: nothing left to analyse"; return; }
  if (!a) { out.textContent = "analysing…"; return; }
  if (a.error) { out.textContent = `error: ${a.error}`; return; }
  if (a.status === "unknown") { out.textContent = `no answer within the time limit of ${a.time_limit} s`; return; }
  if (!a.consistent) { out.textContent = "no layout fits these numbers: the position is inconsistent"; return; }
  const layouts = layoutsText(a);
  const updated = state.lastUpdateMs === null ? "" : `, updated ${state.lastUpdateMs.toFixed(0)} ms after the move`;
  out.textContent = `${layouts} layout${layouts === "1" ? "" : "s"} · ${a.safe.length} safe · ${plural(a.mines.length, "mine")} · `
    + `${nextStep(a)} · engine ${(a.seconds * 1000).toFixed(1)} ms${updated}`;
}

async function analyse() {
  if (!$("analyse").checked || state.rows === 0 || gameOver()) { render(); return; }
  if (state.mode === "edit" && state.totalError) {
    state.seq++; // an analysis on its way is of another total
    state.analysis = { error: state.totalError };
    render();
    return;
  }
  const seq = ++state.seq, text = boardText();
  let doc;
  try {
    doc = await api("POST", "/api/analyze", { board: text });
  } catch (err) {
    doc = { error: err.message };
  }
  if (seq !== state.seq) return; // a newer position is on its way
  state.analysis = doc;
  // A hidden page's timers and network are held back: a time measured across a tab switch is the switch's, not ours.
  state.lastUpdateMs = state.unseen || document.hidden ? null : performance.now() - state.touched;
  if (state.lastUpdateMs === null) delete document.body.dataset.updateMs;
  else document.body.dataset.updateMs = state.lastUpdateMs.toFixed(1);
  render();
  document.body.dataset.analysed = String(seq);
}

// ---------------------------------------------------------------- play

function tick() {
  // While a move is on its way the clock waits for it: the server may stop the game at its arrival.
  const now = state.pendingSince ?? performance.now();
  $("timer").textContent = String(Math.max(0, Math.floor((now - state.started) / 1000)));
}

function clock(doc) {
  // The server's clock runs from the player's first click (a no-guess game's opening is the server's) to the end.
  if (doc.seconds === null || doc.state !== "playing") {
    clearInterval(state.timer); state.timer = null;
    $("timer").textContent = doc.seconds === null ? "0" : String(Math.floor(doc.seconds));
    return;
  }
  // Anchored on each answer's arrival, the page's clock never runs ahead of the server's: the final time never drops.
  state.started = Math.max(state.started ?? -Infinity, performance.now() - doc.seconds * 1000);
  if (!state.timer) { state.timer = setInterval(tick, 250); tick(); }
}

function showGame(doc, fresh = false) {
  // Answers are shown in order: one for another game, or older than the one shown, is dropped.
  const shown = state.game;
  if (!fresh && (!shown || doc.id !== shown.id || doc.moves < shown.moves)) return;
  if (fresh) { clearInterval(state.timer); state.timer = null; state.started = null; } // the last game's clock stops
  const topology = doc.topology || "square";
  const resized = fresh || !shown || doc.rows !== state.rows || doc.cols !== state.cols || topology !== state.topology;
  state.game = doc;
  clock(doc);
  $("mines-left").textContent = doc.mines_left;
  const over = doc.state !== "playing";
  const msg = $("game-state");
  msg.className = doc.state;
  msg.textContent = doc.state === "won" ? "You won!" : doc.state === "lost" ? "Boom: you lost." : "";
  document.body.dataset.gameState = doc.state;
  if (over) { state.seq++; state.analysis = null; } // an analysis on its way is of a game no longer live
  if (state.mode !== "play") return; // answered after a switch to Edit: the editor keeps its board
  if (!drawn(topology)) { msg.textContent = notDrawn(topology); return; }
  if (resized) setGrid(doc.rows, doc.cols, doc.grid, topology);
  else state.grid = doc.grid.map((row) => Array.from(row)); // the last overlay stays until the next arrives
  clearHint();
  // More moves queued: their answers follow at once, and only the last position is worth analysing.
  if (over || !$("analyse").checked || state.moves.length) { render(); return; }
  // Draw the move and its overlay together, unless the analysis keeps us waiting.
  const seq = state.seq + 1;
  setTimeout(() => { if (state.seq === seq && document.body.dataset.analysed !== String(seq)) render(); }, 50);
  analyse();
}

async function newGame(event) {
  if (event) event.preventDefault();
  const level = $("level").value;
  const body = { first_click: $("first-click").value };
  if (level === "custom") {
    body.rows = Number($("custom-rows").value); body.cols = Number($("custom-cols").value);
    body.mines = Number($("custom-mines").value);
  } else body.level = level;
  if ($("seed").value !== "") body.seed = Number($("seed").value);
  // Square is the server's default: a request for it stays as it always was.
  if ($("topology").value !== "square") body.topology = $("topology").value;
  if (state.features.includes("generate") && $("no-guess").checked) body.no_guess = true;
  const seq = ++state.gameSeq;
  try {
    touch();
    const doc = await api("POST", "/api/game", body);
    if (seq !== state.gameSeq) return; // a newer game was asked for meanwhile
    if (doc.status === "unknown") { // no no-guess board within the server's time limit: the last game stays
      $("game-state").textContent = `no no-guess board found within the time limit of ${doc.time_limit} s: try fewer mines`;
      return;
    }
    state.moves.length = 0; // moves of the last game not yet sent
    showGame(doc, true);
  } catch (err) {
    $("game-state").textContent = `error: ${err.message}`;
  }
}

function move(kind, r, c) {
  if (!state.game || state.game.state !== "playing") return;
  touch();
  state.moves.push({ kind, r, c, id: state.game.id });
  if (!state.moving) sendMoves();
}

async function sendMoves() {
  // One move at a time, each checked against the answer to the one before: quick clicks never race.
  state.moving = true;
  try {
    await sendQueued();
  } finally {
    state.moving = false;
  }
}

async function sendQueued() {
  while (state.moves.length) {
    const { kind, r, c, id } = state.moves.shift();
    const game = state.game;
    if (!game || game.id !== id || game.state !== "playing") continue;
    const ch = game.grid[r][c];
    if (kind === "click" && ch !== ".") continue; // revealed (perhaps by the move before), or flagged: unflag first
    if (kind === "flag" && ch !== "." && ch !== "*") continue;
    state.pendingSince = performance.now();
    try {
      const doc = await api("POST", `/api/game/${id}/${kind}`, { row: r, col: c });
      state.pendingSince = null;
      showGame(doc);
    } catch (err) {
      state.pendingSince = null;
      if (state.game && state.game.id === id) $("game-state").textContent = `error: ${err.message}`;
    }
  }
}

// ---------------------------------------------------------------- edit

function trimBlanks(text) {
  // Spaces and tabs off both ends in one pass: /[ \t]+$/ retries a run of blanks inside the text from each of
  // its places, which held the page for minutes on a pasted run of a few hundred thousand.
  let start = 0, end = text.length;
  while (start < end && (text[start] === " " || text[start] === "\t")) start++;
  while (end > start && (text[end - 1] === " " || text[end - 1] === "\t")) end--;
  return text.slice(start, end);
}

function readTotal() {
  // The Total mines field as typed: digits, or nothing when the total is unknown. Anything else is said, never dropped,
  // and never sent: a number past the board's cells cannot be a total of it, however many digits it has.
  const field = $("edit-total"), text = trimBlanks(field.value), cells = state.rows * state.cols;
  const digits = text.replace(/^0+(?=[0-9])/, "");
  let error = null;
  if (text !== "" && !/^[0-9]+$/.test(text)) {
    error = "Total mines must be a whole number of mines, such as 10, or empty when unknown";
  } else if (text !== "" && (digits.length > 15 || Number(digits) > cells)) {
    error = `Total mines: at most ${cells} mine${cells === 1 ? " fits" : "s fit"} on this ${state.cols}×${state.rows} board`;
  }
  if (state.totalError && $("edit-message").textContent === state.totalError) $("edit-message").textContent = "";
  state.totalError = error;
  state.total = error || text === "" ? null : Number(digits);
  if (error) { field.setAttribute("aria-invalid", "true"); $("edit-message").textContent = error; }
  else field.removeAttribute("aria-invalid");
}

function setTotal(total) {
  $("edit-total").value = total === null ? "" : String(total);
  readTotal();
}

function paint(r, c, ch) {
  state.grid[r][c] = ch;
  clearHint();
  touch();
  state.analysis = null;
  render();
  analyse();
}

function blank() {
  const topology = $("edit-topology").value, least = topology === "torus" ? 3 : 1; // a torus is at least 3x3
  const rows = Math.max(least, Math.min(200, Number($("edit-rows").value) || 8));
  const cols = Math.max(least, Math.min(200, Number($("edit-cols").value) || 8));
  $("edit-rows").value = rows; $("edit-cols").value = cols;
  setGrid(rows, cols, Array.from({ length: rows }, () => ".".repeat(cols)), topology);
  editTools();
  readTotal(); // the total that fitted the last board may not fit this one
  analyse();
}

function regrid() {
  // The position drawn stays, read on the grid chosen, where it can: a torus needs 3x3, a hex cell shows at most 6.
  const topology = $("edit-topology").value;
  const fits = state.rows > 0 && (topology !== "torus" || Math.min(state.rows, state.cols) >= 3)
    && (topology !== "hex" || state.grid.every((row) => row.every((ch) => !(ch === "7" || ch === "8"))));
  if (!fits) { blank(); return; }
  setGrid(state.rows, state.cols, state.grid.map((r) => r.join("")), topology);
  editTools();
  touch();
  analyse();
}

async function readText() {
  touch();
  try {
    const doc = await api("POST", "/api/board", { board: $("board-text").value });
    const topology = doc.topology || "square";
    if (!drawn(topology)) { $("edit-message").textContent = notDrawn(topology); return; }
    $("edit-rows").value = doc.rows; $("edit-cols").value = doc.cols; $("edit-topology").value = topology;
    setGrid(doc.rows, doc.cols, doc.grid, topology);
    editTools();
    $("edit-message").textContent = `read a ${doc.cols}×${doc.rows} ${topology === "square" ? "" : `${topology} `}board`;
    setTotal(doc.total_mines);
    analyse();
  } catch (err) {
    $("edit-message").textContent = `error: ${err.message}`;
  }
}

async function copyText() {
  if (state.mode === "edit" && state.totalError) { $("edit-message").textContent = state.totalError; return; }
  const text = boardText();
  $("board-text").value = text;
  try {
    await navigator.clipboard.writeText(text);
    $("edit-message").textContent = "copied to the clipboard (and shown above)";
  } catch {
    $("board-text").select();
    $("edit-message").textContent = "shown above: copy it from there";
  }
}

function fromGame() {
  if (!state.game) { $("edit-message").textContent = "no game yet"; return; }
  const topology = state.game.topology || "square";
  $("edit-topology").value = topology;
  setGrid(state.game.rows, state.game.cols, state.game.grid, topology);
  editTools();
  setTotal(state.game.mines);
  analyse();
}

// ---------------------------------------------------------------- hint

function clearHint() {
  state.hint = null;
  $("hint-text").textContent = "";
  clearPeek(); // a peek, too, is of the position it was asked for
}

function where([r, c]) { return `row ${r + 1} col ${c + 1}`; }

function position() {
  // What a hint is for: in a game, its id and moves (a flag changes no board text, but what the hint may name).
  return state.mode === "play" && state.game ? `${state.game.id}#${state.game.moves}` : boardText();
}

async function askHint(text) {
  // The player's flags stay covered in a game's board: the easiest move may be a mine already flagged.
  const flagged = ([r, c]) => state.mode === "play" && state.game.grid[r][c] === "*";
  const doc = await api("POST", "/api/hint", { board: text });
  if (!doc.move || !doc.move.certain || !doc.move.mine || !flagged(doc.move.cell)) return doc;
  // Then the easiest certain move that is not one...
  const every = await api("POST", "/api/hint", { board: text, every: true });
  if (every.status === "unknown" || !every.consistent) return every;
  const next = every.moves.find((m) => !(m.move.mine && flagged(m.move.cell)));
  if (next) return { ...every, ...next };
  // ... or, every certain cell a flagged mine, the best guess: with those flags as the mines they certainly are.
  const certain = new Set(every.moves.map((m) => m.move.cell.join(",")));
  const rows = state.game.grid.map((row, r) => Array.from(row, (ch, c) => ch === "*" && !certain.has(`${r},${c}`) ? "." : ch).join(""));
  return api("POST", "/api/hint", { board: [`mines: ${state.game.mines}`, ...rows].join("\n") + "\n" });
}

function hintText(doc) {
  const m = doc.move, numbers = doc.reason ? doc.reason.numbers : [];
  if (m.certain) {
    const why = numbers.length === 0 ? "the total mine count alone"
      : `the ${plural(numbers.length, "outlined number")}` + (doc.reason.uses_total ? " and the total mine count" : "");
    if (m.mine) return `Hint: ${where(m.cell)} is certainly a mine (flag it), because of ${why}.`;
    if (state.mode === "play" && state.game.grid[m.cell[0]][m.cell[1]] === "*") {
      return `Hint: ${where(m.cell)} is certainly safe: take its flag off and open it, because of ${why}.`;
    }
    return `Hint: ${where(m.cell)} is certainly safe (open it), because of ${why}.`;
  }
  const p = m.probability === null ? "" : ` (${percent(Number(m.probability.split("/")[0]) / Number(m.probability.split("/")[1] || 1))}% a mine)`;
  return m.forced
    ? `Hint: nothing is certain; ${where(m.cell)}${p} is a forced guess: no reveal can ever tell it apart, so take it now.`
    : `Hint: nothing is certain; the safest guess is ${where(m.cell)}${p}.`;
}

async function hint() {
  if (state.rows === 0) return;
  const refused = gameOver() ? "no hint: the game is over"
    : state.mode === "edit" && state.totalError ? `error: ${state.totalError}` : null;
  if (refused) {
    clearHint();
    $("hint-text").textContent = refused;
    document.body.dataset.hinted = "1";
    render();
    return;
  }
  const text = boardText(), asked = position();
  $("hint-text").textContent = "finding a hint…";
  let doc;
  try {
    doc = await askHint(text);
  } catch (err) {
    $("hint-text").textContent = `error: ${err.message}`;
    return;
  }
  if (asked !== position() || gameOver()) return; // the position changed meanwhile
  if (doc.status === "unknown") {
    $("hint-text").textContent = `no hint within the time limit of ${doc.time_limit} s`;
  } else if (!doc.consistent) {
    $("hint-text").textContent = "no hint: no layout fits these numbers";
  } else if (!doc.move) {
    $("hint-text").textContent = "no hint: no covered cell is left to open";
  } else {
    state.hint = { cell: doc.move.cell, numbers: doc.reason ? doc.reason.numbers : [] };
    $("hint-text").textContent = hintText(doc);
  }
  document.body.dataset.hinted = "1";
  render();
}

// ---------------------------------------------------------------- peek

function levelTitle(name) {
  return { full: "all the numbers", total: "the total", 1: "GAC" }[name] || `${name}-RC`;
}

function clearPeek() {
  state.peek = null;
  $("peek-text").textContent = "";
}

async function peek() {
  // Colour the cells each level of propagation decides (cnfsweep levels), until the position changes.
  if (state.rows === 0) return;
  const text = boardText();
  $("peek-text").textContent = "peeking…";
  let doc;
  try {
    doc = await api("POST", "/api/levels", { board: text });
  } catch (err) {
    $("peek-text").textContent = `error: ${err.message}`;
    return;
  }
  if (text !== boardText()) return; // the position changed meanwhile
  if (doc.status === "unknown") {
    $("peek-text").textContent = `no peek within the time limit of ${doc.time_limit} s`;
    return;
  }
  const cells = new Map(), counts = [];
  for (const [name, got] of Object.entries(doc.levels)) {
    for (const [r, c] of got.safe) cells.set(`${r},${c}`, { name, mine: false });
    for (const [r, c] of got.mines) cells.set(`${r},${c}`, { name, mine: true });
    counts.push(`${levelTitle(name)} ${got.safe.length + got.mines.length}`);
  }
  state.peek = { cells, conflict: new Set((doc.conflict || []).map(([r, c]) => `${r},${c}`)) };
  const level = doc.inconsistent_level;
  $("peek-text").textContent = doc.consistent
    ? `Peek: ${counts.join(" · ")} · undecided ${doc.undecided.length}`
    : `Peek: inconsistent: ${/^[0-9]+$/.test(level) ? levelTitle(level) : level === "full" ? "all the numbers" : "the total"}`
      + " finds no layout (the outlined numbers cannot hold)";
  document.body.dataset.peeked = "1";
  render();
}

// ---------------------------------------------------------------- input

function setMode(mode) {
  state.mode = mode;
  for (const tab of document.querySelectorAll("[role=tab]")) {
    const on = tab.dataset.mode === mode;
    tab.setAttribute("aria-selected", String(on));
    $(tab.getAttribute("aria-controls")).hidden = !on;
  }
  if (mode === "play") {
    if (state.game) { setGrid(state.game.rows, state.game.cols, state.game.grid, state.game.topology || "square"); analyse(); } else newGame();
  } else {
    // The editor starts from the position on the board (the game's, flags included), or a blank one.
    if (state.game) $("edit-total").value = state.game.mines;
    if (!state.grid.length) blank();
    else { $("edit-topology").value = state.topology; setGrid(state.rows, state.cols, state.grid.map((r) => r.join(""))); editTools(); readTotal(); analyse(); }
  }
}

function tool() { return document.querySelector("input[name=tool]:checked").value; }

function editTools() {
  // A hex cell shows at most 6: the 7 and 8 tools are off on a hex board.
  for (const input of document.querySelectorAll("input[name=tool]")) {
    input.disabled = isNumber(input.value) && input.value > maxNumber();
    if (input.disabled && input.checked) document.querySelector("input[name=tool][value='.']").checked = true;
  }
}

function act(r, c, secondary) {
  if (state.mode === "play") move(secondary !== state.flagMode ? "flag" : "click", r, c);
  else paint(r, c, secondary ? (state.grid[r][c] === "*" ? "." : "*") : tool());
}

function focusCell(r, c) {
  if (state.topology === "torus") { r = (r + state.rows) % state.rows; c = (c + state.cols) % state.cols; } // the edges are glued
  r = Math.max(0, Math.min(state.rows - 1, r)); c = Math.max(0, Math.min(state.cols - 1, c));
  const old = cellAt(state.focus.r, state.focus.c);
  if (old) old.tabIndex = -1;
  state.focus = { r, c };
  const el = cellAt(r, c);
  el.tabIndex = 0;
  el.focus();
}

function onBoardKey(event) {
  const el = event.target.closest(".cell");
  if (!el) return;
  const r = Number(el.dataset.r), c = Number(el.dataset.c), k = event.key;
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (moves[k]) { focusCell(r + moves[k][0], c + moves[k][1]); }
  else if (k === "Home") focusCell(r, 0);
  else if (k === "End") focusCell(r, state.cols - 1);
  else if (k === "Enter" || k === " ") act(r, c, false);
  else if (k === "f" || k === "F" || k === "*") act(r, c, true);
  else if (state.mode === "edit" && isNumber(k) && k <= maxNumber()) paint(r, c, k);
  else if (state.mode === "edit" && (k === "." || k === "Backspace" || k === "Delete")) paint(r, c, ".");
  else return;
  event.preventDefault();
}

function init(health) {
  state.features = health.features;
  for (const el of document.querySelectorAll("[data-feature]")) el.hidden = !state.features.includes(el.dataset.feature);
  const board = $("board");
  board.addEventListener("click", (e) => {
    const el = e.target.closest(".cell");
    if (el) { focusCell(Number(el.dataset.r), Number(el.dataset.c)); act(Number(el.dataset.r), Number(el.dataset.c), false); }
  });
  board.addEventListener("contextmenu", (e) => {
    const el = e.target.closest(".cell");
    if (!el) return;
    e.preventDefault();
    act(Number(el.dataset.r), Number(el.dataset.c), true);
  });
  board.addEventListener("keydown", onBoardKey);
  for (const tab of document.querySelectorAll("[role=tab]")) tab.addEventListener("click", () => setMode(tab.dataset.mode));
  $("new-game").addEventListener("submit", newGame);
  $("level").addEventListener("change", () => { $("custom-size").hidden = $("level").value !== "custom"; });
  $("analyse").addEventListener("change", () => { touch(); render(); analyse(); });
  document.addEventListener("keydown", (e) => {
    if (e.target.closest("input, textarea, select") || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === "a" || e.key === "A") {
      $("analyse").checked = !$("analyse").checked;
      $("analyse").dispatchEvent(new Event("change"));
    } else if ((e.key === "h" || e.key === "H") && state.features.includes("hint")) hint();
    else if ((e.key === "p" || e.key === "P") && state.features.includes("levels")) peek();
  });
  $("flag-mode").addEventListener("click", () => {
    state.flagMode = !state.flagMode;
    $("flag-mode").setAttribute("aria-pressed", String(state.flagMode));
    $("flag-mode").textContent = `Flag mode: ${state.flagMode ? "on" : "off"}`;
  });
  $("blank").addEventListener("click", blank);
  $("edit-topology").addEventListener("change", regrid);
  $("edit-total").addEventListener("input", () => {
    readTotal();
    touch();
    analyse();
  });
  // Hidden, the page's timers and requests are held back: a time to the overlay measured across it says nothing.
  document.addEventListener("visibilitychange", () => { if (document.hidden) state.unseen = true; });
  $("read-text").addEventListener("click", readText);
  $("copy-text").addEventListener("click", copyText);
  $("from-game").addEventListener("click", fromGame);
  $("hint").addEventListener("click", hint);
  $("peek").addEventListener("click", peek);
  newGame();
}

api("GET", "/api/health").then(init, (err) => { $("summary").textContent = `error: ${err.message}`; });
