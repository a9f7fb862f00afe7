// The Edit tab: draw a position cell by cell, read one from text, copy it out, take the game's; the total mines.
import { $, api, drawn, isNumber, maxNumber, notDrawn, readCells, state, touch } from "./core.js";
import { boardText, render, setCell, setGrid } from "./board.js";
import { clearHint } from "./hint.js";
import { analyse, dropAnalysis } from "./overlay.js";

export function trimBlanks(text) {
  // Spaces and tabs off both ends in one pass: /[ \t]+$/ retries a run of blanks inside the text from each of
  // its places, which held the page for minutes on a pasted run of a few hundred thousand.
  let start = 0, end = text.length;
  while (start < end && (text[start] === " " || text[start] === "\t")) start++;
  while (end > start && (text[end - 1] === " " || text[end - 1] === "\t")) end--;
  return text.slice(start, end);
}

export function readTotal() {
  // The Total mines field as typed: digits, or nothing when the total is unknown. Anything else is said, never dropped,
  // and never sent: a number past the board's cells cannot be a total of it, however many digits it has.
  const field = $("edit-total"), text = trimBlanks(field.value), cells = state.rows * state.cols;
  const digits = text.replace(/^0+(?=[0-9])/, "");
  let error = null;
  if (text !== "" && !/^[0-9]+$/.test(text)) {
    error = "Total mines must be a whole number of mines, such as 10, or empty when unknown";
  } else if (text !== "" && (digits.length > 15 || Number(digits) > cells)) {
    error = `Total mines: at most ${cells} mine${cells === 1 ? " fits" : "s fit"} on this ${state.rows}×${state.cols} board`;
  }
  if (state.totalError && $("edit-message").textContent === state.totalError) $("edit-message").textContent = "";
  state.totalError = error;
  state.total = error || text === "" ? null : Number(digits);
  if (error) { field.setAttribute("aria-invalid", "true"); $("edit-message").textContent = error; }
  else field.removeAttribute("aria-invalid");
}

export function setTotal(total) {
  $("edit-total").value = total === null ? "" : String(total);
  readTotal();
}

export function paint(r, c, ch) {
  setCell(r, c, ch);
  clearHint();
  touch();
  dropAnalysis();
  render();
  analyse();
}

export function blank() {
  const topology = $("edit-topology").value, least = topology === "torus" ? 3 : 1; // a torus is at least 3x3
  const rows = Math.max(least, Math.min(200, Number($("edit-rows").value) || 8));
  const cols = Math.max(least, Math.min(200, Number($("edit-cols").value) || 8));
  $("edit-rows").value = rows; $("edit-cols").value = cols;
  setGrid(rows, cols, Array.from({ length: rows }, () => ".".repeat(cols)), topology);
  editTools();
  readTotal(); // the total that fitted the last board may not fit this one
  analyse();
}

export function regrid() {
  // The position drawn stays, read on the grid chosen, where it can: a torus needs 3x3, a hex cell shows at most 6.
  const topology = $("edit-topology").value;
  const fits = state.rows > 0 && (!state.variant || topology === "square") && (topology !== "torus" || Math.min(state.rows, state.cols) >= 3)
    && (topology !== "hex" || state.grid.every((row) => row.every((ch) => !(ch === "7" || ch === "8"))));
  if (!fits) { blank(); return; }
  setGrid(state.rows, state.cols, state.grid, topology, state.variant);
  editTools();
  touch();
  analyse();
}

function load(doc, from) {
  // A board the server read (POST /api/board's document, or POST /api/read's, which holds it) into the editor.
  if (doc.rules) {
    // A variant board (a `rules:` header): one token a cell, its dyed cells, its rules shown as badges.
    const { grid, dyed } = readCells(doc.cells);
    $("edit-rows").value = doc.rows; $("edit-cols").value = doc.cols; $("edit-topology").value = "square";
    setGrid(doc.rows, doc.cols, grid, "square", { rules: doc.rules, dyed, total: doc.total_mines });
    editTools();
    $("edit-message").textContent = `read a ${doc.rows}×${doc.cols} board under the rules ${doc.rules.join(" ")}${from}`;
    setTotal(doc.total_mines);
    analyse();
    return;
  }
  const topology = doc.topology || "square";
  if (!drawn(topology)) { $("edit-message").textContent = notDrawn(topology); return; }
  $("edit-rows").value = doc.rows; $("edit-cols").value = doc.cols; $("edit-topology").value = topology;
  setGrid(doc.rows, doc.cols, doc.grid, topology);
  editTools();
  $("edit-message").textContent = `read a ${doc.rows}×${doc.cols} ${topology === "square" ? "" : `${topology} `}board${from}`;
  setTotal(doc.total_mines);
  analyse();
}

export async function readText() {
  touch();
  try {
    load(await api("POST", "/api/board", { board: $("board-text").value }), "");
  } catch (err) {
    $("edit-message").textContent = `error: ${err.message}`;
  }
}

export async function readPicture(file) {
  // A screenshot pasted or dropped: the server reads it (POST /api/read); its text shows above, as a text board's would.
  touch();
  $("edit-message").textContent = "reading the screenshot…";
  try {
    const doc = await api("POST", `/api/read?name=${encodeURIComponent(file.name || "screenshot")}`, file);
    $("board-text").value = doc.text;
    const least = doc.least_confident;
    load(doc, ` from the screenshot (least sure: row ${least.cell[0] + 1}, column ${least.cell[1] + 1}, ${Math.round(least.confidence * 100)}%)`);
  } catch (err) {
    $("edit-message").textContent = `error: ${err.message}`;
  }
}

export async function copyText() {
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

export function fromGame() {
  if (!state.game) { $("edit-message").textContent = "no game yet"; return; }
  const topology = state.game.topology || "square";
  $("edit-topology").value = topology;
  setGrid(state.game.rows, state.game.cols, state.game.grid, topology);
  editTools();
  setTotal(state.game.mines);
  analyse();
}

export function tool() { return document.querySelector("input[name=tool]:checked").value; }

export function editTools() {
  // A hex cell shows at most 6: the 7 and 8 tools are off on a hex board.
  for (const input of document.querySelectorAll("input[name=tool]")) {
    input.disabled = isNumber(input.value) && input.value > maxNumber();
    if (input.disabled && input.checked) document.querySelector("input[name=tool][value='.']").checked = true;
  }
}
