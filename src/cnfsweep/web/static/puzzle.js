// The Puzzles tab: variant puzzles (14 Minesweeper Variants' rules). Choose rules from the server's registry, a size
// and a total; the server makes a puzzle with exactly one solution and keeps its answer (POST /api/puzzle/game); the
// cells opened and flagged here go to the server, which judges them. A puzzle is solved by logic alone, so opening a
// mine is a mistake: shown, counted, and the mine then known; the mistake that uses the last life loses the game.
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
    mines: Number($("puzzle-mines").value), lives: Number($("puzzle-lives").value) };
  if ($("puzzle-seed").value !== "") body.seed = Number($("puzzle-seed").value);
  // Its grade, as `cnfsweep grade` gives it, comes with the game's first document; grading costs more than making
  // the puzzle under global rules or on big boards, so it can be left off.
  if ($("puzzle-grade").checked) body.grade = true;
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
    // The server keeps the answer and judges each move (POST /api/puzzle/game): the page never has the mines.
    doc = await api("POST", "/api/puzzle/game", body);
  } catch (err) {
    if (seq === asking) $("puzzle-message").textContent = `error: ${err.message}`;
    return;
  }
  if (seq !== asking) return;
  // Past the time limit the server says what ran out (making the puzzle, or grading it) and what to ask instead.
  if (doc.status === "unknown") { $("puzzle-message").textContent = doc.reason; return; }
  state.puzzle = { doc, queue: Promise.resolve(), grade: doc.grade };
  adopt(doc);
  $("puzzle-seed").placeholder = `random (this one: ${doc.seed})`;
  if (state.mode === "puzzle") showPuzzle();
}

function adopt(doc) {
  // The game's document as the page plays it: its cells, mistakes and end (a win flags every mine; the board draws
  // the mines of a loss from `mines`, which the server sends only once the game is over).
  const p = state.puzzle, { grid, dyed } = readCells(doc.cells);
  const mistakes = new Set(doc.mistakes.map(key));
  Object.assign(p, { doc, grid, dyed, mistakes, solved: doc.state === "won", lost: doc.state === "lost" });
}

/** Show the puzzle played (on a return to the tab too), or make one when there is none yet. */
export function showPuzzle() {
  const p = state.puzzle;
  if (!p) { newPuzzle(); return; }
  setGrid(p.doc.rows, p.doc.cols, p.grid, "square", { rules: p.doc.rules, dyed: p.dyed, total: p.doc.total_mines });
  said();
  render();
  if (p.doc.state === "playing") analyse();
}

function said() {
  // What the frame and the line under the form say: mines left, the mistakes and lives, solved or lost.
  const p = state.puzzle, d = p.doc;
  $("mines-left").textContent = d.mines_left;
  const mistakes = p.mistakes.size ? ` · ${plural(p.mistakes.size, "mistake")}, ${plural(d.lives_left, "life", "lives")} left` : "";
  $("puzzle-message").textContent = p.solved
    ? `Solved${p.mistakes.size ? ` with ${plural(p.mistakes.size, "mistake")}` : " without a mistake"}!`
    : p.lost
      ? `Lost: ${plural(p.mistakes.size, "mistake")} used every life. The mines are shown.`
      : `${d.rows}×${d.cols} puzzle, ${plural(d.total_mines, "mine")}, rules ${d.rules.join(" ")}, `
        + `seed ${d.seed}: one solution, found by logic alone${p.grade ? `, grade ${p.grade}` : ""}${mistakes}`;
  document.body.dataset.puzzle = d.state === "won" ? "solved" : d.state;
}

/** Open (`kind` "click") or flag ("flag") a cell of the puzzle played: the server judges it, by its answer. */
export function puzzleMove(kind, r, c) {
  const p = state.puzzle;
  if (!p || p.doc.state !== "playing" || state.mode !== "puzzle") return;
  const token = p.grid[r][c];
  if (kind === "flag" ? token !== "." && !(token === "*" && !p.mistakes.has(key([r, c]))) : token !== ".") return;
  touch();
  // Moves go one after another, each on the document the one before it answered.
  p.queue = p.queue.then(() => send(p, kind, r, c));
}

async function send(p, kind, r, c) {
  if (p.doc.state !== "playing") return;
  let doc;
  try {
    doc = await api("POST", `/api/puzzle/game/${p.doc.id}/${kind}`, { row: r, col: c });
  } catch (err) {
    if (state.puzzle === p) $("puzzle-message").textContent = `error: ${err.message}`;
    return;
  }
  const before = p.mistakes.size;
  adopt(doc);
  if (state.puzzle !== p || state.mode !== "puzzle") return;
  if (p.mistakes.size > before) announce(`Mistake: ${where([r, c])} is a mine.`);
  if (p.solved) announce(`Solved${p.mistakes.size ? ` with ${plural(p.mistakes.size, "mistake")}` : ""}.`);
  if (p.lost) announce("Lost: no lives left.");
  showCells(p.grid);
  clearHint();
  dropAnalysis();
  said();
  render();
  if (doc.state === "playing") analyse();
}
