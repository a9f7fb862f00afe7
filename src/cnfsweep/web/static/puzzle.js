// The Puzzles tab: variant puzzles (14 Minesweeper Variants' rules). Choose rules from the server's registry, a size
// and a total; the server makes a puzzle with exactly one solution (POST /api/puzzle); open and flag its cells here.
// A puzzle is solved by logic alone, so opening a mine is a mistake: shown, counted, and the mine then known.
import { $, announce, api, key, plural, readCells, ruleText, state, touch, where } from "./core.js";
import { render, setGrid, showCells } from "./board.js";
import { clearHint } from "./hint.js";
import { analyse, dropAnalysis } from "./overlay.js";

/** The rule choices: a box for every rule the server knows, mine rules then clue rules, each with its definition. */
export function ruleChoices() {
  for (const kind of ["mine", "clue"]) {
    $(`puzzle-${kind}-rules`).replaceChildren(...state.rules.filter((r) => r.kind === kind).map((rule) => {
      const label = document.createElement("label");
      const box = document.createElement("input");
      box.type = "checkbox"; box.name = "rule"; box.value = rule.code;
      box.checked = rule.code === "V";
      label.title = ruleText(rule.code);
      label.append(box, ` ${rule.code} ${rule.title}`);
      return label;
    }));
  }
}

function asked() {
  const rules = [...document.querySelectorAll("input[name=rule]:checked")].map((box) => box.value);
  const body = { rules: rules.length ? rules : ["V"], rows: Number($("puzzle-rows").value), cols: Number($("puzzle-cols").value),
    mines: Number($("puzzle-mines").value) };
  if ($("puzzle-seed").value !== "") body.seed = Number($("puzzle-seed").value);
  return body;
}

let asking = 0; // puzzles asked for are numbered: a late answer for an earlier one is dropped

export async function newPuzzle(event) {
  if (event) event.preventDefault();
  const seq = ++asking, body = asked();
  touch();
  $("puzzle-message").textContent = `making a ${body.rows}×${body.cols} puzzle with ${plural(body.mines, "mine")} under ${body.rules.join(" ")}…`;
  let doc;
  try {
    doc = await api("POST", "/api/puzzle", body);
  } catch (err) {
    if (seq === asking) $("puzzle-message").textContent = `error: ${err.message}`;
    return;
  }
  if (seq !== asking) return;
  if (doc.status === "unknown") { $("puzzle-message").textContent = `no puzzle within the time limit of ${doc.time_limit} s: try a smaller one`; return; }
  const { grid, dyed } = readCells(doc.cells);
  state.puzzle = { doc, grid, dyed, solution: readCells(doc.solution).grid, mistakes: new Set(), solved: false };
  $("puzzle-seed").placeholder = `random (this one: ${doc.seed})`;
  if (state.mode === "puzzle") showPuzzle();
}

/** Show the puzzle played (on a return to the tab too), or make one when there is none yet. */
export function showPuzzle() {
  const p = state.puzzle;
  if (!p) { newPuzzle(); return; }
  setGrid(p.doc.rows, p.doc.cols, p.grid, "square", { rules: p.doc.rules, dyed: p.dyed, total: p.doc.total_mines });
  said();
  render();
  analyse();
}

function said() {
  // What the frame and the line under the form say: mines left, the mistakes, solved.
  const p = state.puzzle, flags = p.grid.flat().filter((t) => t === "*").length;
  $("mines-left").textContent = p.doc.total_mines - flags;
  const mistakes = p.mistakes.size ? ` · ${plural(p.mistakes.size, "mistake")}` : "";
  $("puzzle-message").textContent = p.solved
    ? `Solved${p.mistakes.size ? ` with ${plural(p.mistakes.size, "mistake")}` : " without a mistake"}!`
    : `${p.doc.rows}×${p.doc.cols} puzzle, ${plural(p.doc.total_mines, "mine")}, rules ${p.doc.rules.join(" ")}, `
      + `seed ${p.doc.seed}: one solution, found by logic alone${mistakes}`;
  document.body.dataset.puzzle = p.solved ? "solved" : "playing";
}

/** Open (`kind` "click") or flag ("flag") a cell of the puzzle played. */
export function puzzleMove(kind, r, c) {
  const p = state.puzzle;
  if (!p || p.solved || state.mode !== "puzzle") return;
  const token = p.grid[r][c], k = key([r, c]);
  if (kind === "flag") {
    if (token !== "." && !(token === "*" && !p.mistakes.has(k))) return;
    p.grid[r][c] = token === "." ? "*" : ".";
  } else {
    if (token !== ".") return; // open already, or flagged: take the flag off first
    p.grid[r][c] = p.solution[r][c];
    if (p.solution[r][c] === "*") {
      p.mistakes.add(k);
      announce(`Mistake: ${where([r, c])} is a mine.`);
    }
  }
  if (p.solution.every((row, a) => row.every((t, b) => t === "*" || p.grid[a][b] !== "."))) {
    p.solved = true;
    p.grid.forEach((row, a) => row.forEach((_, b) => { if (p.solution[a][b] === "*") p.grid[a][b] = "*"; }));
    announce(`Solved${p.mistakes.size ? ` with ${plural(p.mistakes.size, "mistake")}` : ""}.`);
  }
  touch();
  showCells(p.grid);
  clearHint();
  dropAnalysis();
  said();
  render();
  if (!p.solved) analyse();
}
