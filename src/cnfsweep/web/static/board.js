// The board: its cells (rows of gridcells, hexagons on half-cell columns, a torus's glued edges), their size
// (fitted to the screen, or zoomed), and what each shows: the tile, the number, the flag, the mine, the overlay.
// It imports nothing but core.js: what it did, the modules above hear by its events ("regrid", "drawn").
// It owns the grid shown (state.rows, cols, topology, grid and focus): the other modules change it through the
// setters below, never by writing the state. setGrid is for a new board (a new game, a replay, a blank or a read
// position in Edit: any grid that replaces the one shown); showCells for the same board's cells after a move or a
// replay's step; setCell for one cell the editor paints; clearGrid for no board at all.
import { $, DRAWN, emit, gameOver, isClue, isNumber, key, levelTitle, percent, ruleText, saved, state } from "./core.js";

export function boardText() {
  // Native text of the position shown; in a game the player's flags stay covered (guesses, not facts).
  if (state.mode === "play" && state.game) {
    const text = state.game.board, topology = state.game.topology || "square";
    // The game's board names its grid; should it not, the header the analysis needs is added here.
    return topology === "square" || /^topology:/m.test(text) ? text : `topology: ${topology}\n${text}`;
  }
  if (state.mode === "replay" && state.replay) return state.replay.doc.positions[state.replay.step] ?? state.replay.doc.final;
  if (state.variant) return variantText();
  const head = (state.topology === "square" ? [] : [`topology: ${state.topology}`])
    .concat(state.total === null ? [] : [`mines: ${state.total}`]);
  return head.concat(state.grid.map((row) => row.join(""))).join("\n") + "\n";
}

function variantText() {
  // A variant board's text: its rules, its total, one token a cell ("'" after a dyed one). A puzzle's flags are the
  // player's guesses, sent covered; its mines found by a mistake are known.
  const v = state.variant, playing = state.mode === "puzzle" && state.puzzle;
  const total = playing ? v.total : state.total;
  const head = [`rules: ${v.rules.join(" ")}`].concat(total === null ? [] : [`mines: ${total}`]);
  const rows = state.grid.map((row, r) => row.map((t, c) => {
    const k = `${r},${c}`;
    const token = playing && t === "*" && !state.puzzle.mistakes.has(k) ? "." : t;
    return token + (v.dyed.has(k) ? "'" : "");
  }).join(" "));
  return head.concat(rows).join("\n") + "\n";
}

/** Show a new board: `rows` x `cols` cells of `grid` (one string or array of characters a row) on `topology`;
 * a variant board's `variant` ({rules, dyed, total}) and one token a cell in `grid`. */
export function setGrid(rows, cols, grid, topology = state.topology, variant = null) {
  state.rows = rows; state.cols = cols; state.topology = topology;
  state.variant = variant;
  state.grid = grid.map((row) => Array.from(row));
  state.focus = { r: Math.min(state.focus.r, rows - 1), c: Math.min(state.focus.c, cols - 1) };
  emit("regrid"); // the hint, the peek and the analysis were of the old grid
  buildBoard();
}

/** The board shown, its cells as `grid` now shows them (same size and grid); drawn at the next render. */
export function showCells(grid) { state.grid = grid.map((row) => Array.from(row)); }

/** One cell of the board shown, now `ch`; drawn at the next render. */
export function setCell(r, c, ch) { state.grid[r][c] = ch; }

/** No board: none drawn, none to analyse (a graph's replay, or the replay closed). */
export function clearGrid() {
  state.rows = state.cols = 0;
  state.grid = [];
  emit("regrid");
  $("board").replaceChildren();
}

/** Move the keyboard's cell to (`r`, `c`): the one cell of the board reached by Tab; returns its button. */
export function setFocus(r, c) {
  const old = cellAt(state.focus.r, state.focus.c);
  if (old) old.tabIndex = -1;
  state.focus = { r, c };
  const el = cellAt(r, c);
  el.tabIndex = 0;
  return el;
}

export function buildBoard() {
  const board = $("board");
  board.replaceChildren();
  const hex = state.topology === "hex";
  board.className = state.topology + ($("numbers").checked ? " numbers" : "");
  $("grid-note").textContent = DRAWN[state.topology];
  badges();
  // Hexagons sit on half-cell columns: each spans two, odd rows start one half-cell later.
  board.style.gridTemplateColumns = hex ? `repeat(${2 * state.cols + 1}, calc(var(--cell) / 2))` : `repeat(${state.cols}, var(--cell))`;
  board.setAttribute("aria-rowcount", state.rows);
  board.setAttribute("aria-colcount", state.cols);
  for (let r = 0; r < state.rows; r++) {
    const row = document.createElement("div");
    row.className = "row";
    row.setAttribute("role", "row");
    for (let c = 0; c < state.cols; c++) {
      const cell = document.createElement("button");
      cell.type = "button";
      cell.className = "cell";
      cell.dataset.r = r; cell.dataset.c = c;
      cell.setAttribute("role", "gridcell");
      cell.tabIndex = r === state.focus.r && c === state.focus.c ? 0 : -1;
      if (hex) { cell.style.gridRow = String(r + 1); cell.style.gridColumn = `${1 + 2 * c + (r % 2)} / span 2`; }
      row.appendChild(cell);
    }
    board.appendChild(row);
  }
  if (state.topology === "torus") {
    // Arrows on the glued edges, after the rows: one pair alike top and bottom, one left and right.
    for (const side of ["top", "bottom", "left", "right"]) {
      const mark = document.createElement("span");
      mark.className = `wrap-mark wrap-${side}`;
      mark.setAttribute("aria-hidden", "true");
      mark.textContent = side === "top" || side === "bottom" ? "▶" : "▲▲";
      board.appendChild(mark);
    }
  }
  fit();
  render();
}

function badges() {
  // A variant board's rules: a badge each, its definition as its tooltip and listed beside the board, where a screen
  // reader reads it too (the server's words).
  const shown = $("badges"), codes = state.variant ? state.variant.rules : [];
  shown.hidden = !codes.length;
  shown.replaceChildren(...codes.map((code) => {
    const badge = document.createElement("span");
    badge.className = "badge";
    badge.textContent = code;
    badge.title = ruleText(code);
    return badge;
  }));
  if (codes.length) {
    $("grid-note").replaceChildren(...codes.map((code) => {
      const line = document.createElement("span");
      line.className = "rule-line";
      line.textContent = ruleText(code);
      return line;
    }));
  }
}

export function cellAt(r, c) {
  const row = $("board").children[r];
  return row ? row.children[c] : undefined;
}

export function fit() {
  // The cell size: the zoom asked for, or (fit) the largest up to 32 px that fits the screen's width, at least 16.
  const zoom = saved.get("zoom", "fit");
  let size = 28 * Number(zoom);
  if (zoom === "fit") {
    const wide = document.documentElement.clientWidth;
    // Past 900 px the side panel stands beside the board (style.css's .stage): its 16rem and the gap are not the board's.
    const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    const side = wide > 900 ? (16 + 1.2) * rem : 0;
    const room = wide - (wide <= 600 ? 2 * 6.4 + 2 * (2 + 4) : 2 * 16 + 2 * (3 + 6)) - 6 - (state.topology === "torus" ? 36 : 0) - side;
    const across = state.topology === "hex" ? state.cols + 0.5 : state.cols;
    size = Math.max(16, Math.min(32, Math.floor(room / Math.max(1, across))));
  }
  $("board").style.setProperty("--cell", `${Math.round(size)}px`);
}

// Blue (safe) through beige to orange (a mine), light on the light theme and deep on the dark one: told apart
// without red and green; the text on it is black or white, whichever reads better (WCAG contrast).
const RAMPS = {
  light: [[0, [120, 170, 225]], [0.5, [225, 218, 200]], [1, [236, 130, 60]]],
  dark: [[0, [38, 84, 140]], [0.5, [92, 88, 78]], [1, [168, 78, 18]]],
};

function luminance(rgb) {
  const [r, g, b] = rgb.map((v) => { const s = v / 255; return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function ramp(p) {
  const stops = RAMPS[document.documentElement.dataset.theme === "dark" ? "dark" : "light"];
  let i = 1;
  while (i < stops.length - 1 && p > stops[i][0]) i++;
  const [p0, c0] = stops[i - 1], [p1, c1] = stops[i];
  const t = Math.max(0, Math.min(1, (p - p0) / (p1 - p0)));
  const rgb = c0.map((v, k) => Math.round(v + t * (c1[k] - v)));
  const l = luminance(rgb);
  return [`rgb(${rgb.join(",")})`, (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? "#000" : "#fff"];
}

function overlay() {
  const a = state.analysis;
  return $("analyse").checked && !gameOver() && a && a.status === "solved" && a.consistent ? a : null;
}

export function render() {
  const a = overlay();
  $("peek-full-name").textContent = levelTitle("full"); // a variant board's: its clues and rules
  const numbers = $("numbers").checked;
  $("board").classList.toggle("numbers", numbers);
  const safe = new Set(a ? a.safe.map(key) : []);
  const mines = new Set(a ? a.mines.map(key) : []);
  // With a certainly safe cell there is no guess to make: the S cells say where to go.
  const best = a && a.best_guess && !a.safe.length ? key(a.best_guess) : null;
  const game = state.mode === "play" ? state.game : null;
  // A puzzle game's answer comes from the server with its end only: then shown as a game's layout is.
  const ended = state.mode === "puzzle" && state.puzzle && state.puzzle.doc.mines ? state.puzzle.doc : null;
  const layout = new Set(game && game.layout ? game.layout.map(key) : ended ? ended.mines.map(key) : []);
  const won = (game && game.state === "won") || (ended && ended.state === "won");
  const exploded = game && game.exploded ? key(game.exploded) : null;
  const hintMove = state.hint ? key(state.hint.cell) : null;
  const hintReason = new Set(state.hint ? state.hint.numbers.map(key) : []);
  const marks = state.marks || { safest: new Set(), chosen: new Set() };
  for (let r = 0; r < state.rows; r++) {
    for (let c = 0; c < state.cols; c++) {
      const el = cellAt(r, c), ch = state.grid[r][c], k = `${r},${c}`;
      let cls = "cell", text = "", label, bg = "", fg = "", pct = "";
      const open = isNumber(ch) || (state.variant !== null && (isClue(ch) || ch === "?"));
      const p = a && !open && ch !== "*" ? a.probabilities[r][c] : null;
      if (p === null || p === undefined) { if ("p" in el.dataset) delete el.dataset.p; }
      if (state.variant && open) {
        // A clue of any size, shown as it is (a 0 too: under some rules it says something); "?" hides its clue.
        cls += ` open${isNumber(ch) ? ` n${ch}` : ""}${ch.length > 2 ? " long" : ""}`;
        text = ch; label = ch === "?" ? "safe, its clue hidden" : `clue ${ch}`;
      } else if (state.variant && ch === "*" && state.mode === "puzzle" && state.puzzle && state.puzzle.mistakes.has(k)) {
        cls += " mine mistake"; label = "mine (a mistake: opened)";
      } else if (isNumber(ch)) {
        cls += ` open n${ch}`; text = ch === "0" ? "" : ch; label = `${ch}`;
      } else if (ch === "*") {
        cls += " flag"; label = "flag";
        if (layout.size && !layout.has(k)) { cls += " wrong-flag"; label = "wrong flag: no mine here"; }
      } else if (layout.has(k)) {
        // A win flags every mine; a loss shows them, the one that went off in red.
        if (won) { cls += " flag won-flag"; label = "mine (flagged by the win)"; }
        else { cls += k === exploded ? " exploded" : " mine"; label = k === exploded ? "mine, clicked" : "mine"; }
      } else {
        label = "covered";
        if (p !== null && p !== undefined) {
          if (el.dataset.p !== String(p)) el.dataset.p = p;
          if (safe.has(k)) { cls += " certain-safe"; text = "S"; label = "certainly safe"; }
          else if (mines.has(k)) { cls += " certain-mine"; text = "M"; label = "certainly a mine"; }
          else {
            cls += " prob"; pct = percent(p); [bg, fg] = ramp(p); label = `mine probability ${pct} percent`;
            if (numbers) text = pct;
          }
          if (k === best) { cls += " best"; label += ", best guess"; }
        } else if (ch !== ".") {
          text = ch; // a label
        }
      }
      if (state.variant && state.variant.dyed.has(k)) { cls += " dyed"; label += ", dyed"; }
      const peeked = state.peek && !open && ch !== "*" && !layout.has(k) ? state.peek.cells.get(k) : null;
      if (peeked) {
        cls = `cell peek peek-${peeked.name}`; text = peeked.mine ? "M" : "S"; bg = ""; fg = "";
        label = `${peeked.mine ? "certainly a mine" : "certainly safe"}, decided by ${levelTitle(peeked.name)}`;
      }
      if (state.peek && state.peek.conflict.has(k)) { cls += " peek-conflict"; label += ", a number that cannot hold"; }
      if (hintMove === k) { cls += " hint-move"; label += ", the hint's move"; }
      if (hintReason.has(k)) { cls += " hint-reason"; label += ", a number of the hint's reason"; }
      if (marks.chosen.has(k)) { cls += " chosen"; label += ", the click"; }
      if (state.pressed && state.pressed.has(k) && ch === ".") cls += " pressed"; // what a chord held down would open
      if (marks.safest.has(k)) { cls += " safest"; label += ", a safest cell there was"; }
      // Touch the DOM only where the cell changed: most moves change a few cells of hundreds.
      const sig = `${cls}|${text}|${bg}|${fg}|${label}|${pct}`;
      if (el.sig === sig) continue;
      el.sig = sig;
      el.className = cls;
      el.textContent = text;
      el.style.backgroundColor = bg;
      el.style.color = fg;
      if (pct) { el.dataset.pct = `${pct}%`; el.title = `${pct}% a mine`; } else if ("pct" in el.dataset) { delete el.dataset.pct; el.removeAttribute("title"); }
      el.setAttribute("aria-label", `row ${r + 1} column ${c + 1}: ${label}`);
    }
  }
  emit("drawn");
}

export function restyle() {
  // The theme changed: every tint is drawn again.
  for (const row of $("board").children) for (const el of row.children || []) el.sig = null;
  render();
}
