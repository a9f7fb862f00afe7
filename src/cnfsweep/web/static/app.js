// cnfsweep's page: play Minesweeper with the engine beside it, draw a position, or step through a replay, and see
// every covered cell's exact mine probability. This module starts the page and turns input into actions; core.js
// says which module does what.
import { $, api, isNumber, maxNumber, on, saved, state, touch } from "./core.js";
import { fit, render, restyle, setFocus, setGrid } from "./board.js";
import { blank, copyText, editTools, fromGame, paint, readPicture, readText, readTotal, regrid, tool } from "./edit.js";
import { hint, peek } from "./hint.js";
import { analyse } from "./overlay.js";
import { linkSpec, move, newGame, restart, share, showGame } from "./play.js";
import { newPuzzle, puzzleMove, ruleChoices, showPuzzle } from "./puzzle.js";
import { openReplay, step, tabMarks } from "./review.js";

function setMode(mode) {
  state.mode = mode;
  document.body.dataset.mode = mode;
  for (const tab of document.querySelectorAll("[role=tab]")) {
    const on = tab.dataset.mode === mode;
    tab.setAttribute("aria-selected", String(on));
    tab.tabIndex = on ? 0 : -1;
    $(tab.getAttribute("aria-controls")).hidden = !on;
  }
  $("replay-view").hidden = mode !== "replay" || !state.replay;
  $("postmortem").hidden = mode !== "play" || !$("postmortem").childElementCount;
  tabMarks(mode);
  if (mode === "play") {
    // The game as it was left: its board, counters and overlay (the Replay tab showed its own).
    if (state.game) { setGrid(state.game.rows, state.game.cols, state.game.grid, state.game.topology || "square"); showGame(state.game); } else newGame();
  } else if (mode === "edit") {
    // The editor starts from the position on the board (the game's, flags included), or a blank one.
    // (A variant board keeps its rules and tokens: a puzzle's position, its total too.)
    if (state.variant) $("edit-total").value = state.variant.total ?? "";
    else if (state.game) $("edit-total").value = state.game.mines;
    if (!state.grid.length) blank();
    else { $("edit-topology").value = state.topology; setGrid(state.rows, state.cols, state.grid, state.topology, state.variant); editTools(); readTotal(); analyse(); }
  } else if (mode === "puzzle") {
    showPuzzle();
  } else if (state.replay) {
    step(state.replay.step, true);
  } else {
    render();
  }
}
on("mode", setMode); // a module below asks for a tab: review.js, the Replay tab for a review

function act(r, c, secondary) {
  if (state.mode === "play") move(secondary !== state.flagMode ? "flag" : "click", r, c);
  else if (state.mode === "puzzle") puzzleMove(secondary !== state.flagMode ? "flag" : "click", r, c);
  else if (state.mode === "edit") paint(r, c, secondary ? (state.grid[r][c] === "*" ? "." : "*") : tool());
}

function focusCell(r, c) {
  if (state.topology === "torus") { r = (r + state.rows) % state.rows; c = (c + state.cols) % state.cols; } // the edges are glued
  r = Math.max(0, Math.min(state.rows - 1, r)); c = Math.max(0, Math.min(state.cols - 1, c));
  setFocus(r, c).focus();
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

function cellOf(event) {
  const el = event.target.closest(".cell");
  return el ? [Number(el.dataset.r), Number(el.dataset.c)] : null;
}

function chordCells(at) {
  // The cells a chord on a number would open, shown pressed while it is held: its covered, unflagged neighbours,
  // as the server's topology lists them (a new game's answer brings the list).
  const game = state.game;
  if (!at || !state.neighbours || state.mode !== "play" || !game || game.state !== "playing") return null;
  const [r, c] = at;
  if (!isNumber(state.grid[r][c])) return null;
  const cells = state.neighbours[r * state.cols + c].map((i) => [Math.floor(i / state.cols), i % state.cols]);
  return new Set(cells.filter(([a, b]) => state.grid[a][b] === ".").map(([a, b]) => `${a},${b}`));
}

function press(at) {
  // Show (or, with null, stop showing) the cells a chord held down at ``at`` would open.
  const cells = chordCells(at);
  const was = state.pressed ? [...state.pressed].join(" ") : "", now = cells ? [...cells].join(" ") : "";
  state.pressed = cells;
  if (was !== now) render();
}

function boardInput(board) {
  // Left click opens (on a number: chords), right click flags, both buttons together chord, a middle click chords
  // (when released), a long press flags. While a chord is held, the cells it would open look pressed.
  // A gesture that chorded or flagged by a long press opens nothing more: its click and context menu are skipped
  // until the next gesture starts.
  let held = null, handled = false, middle = false;
  board.addEventListener("click", (e) => {
    const at = cellOf(e);
    if (!at || handled) return;
    focusCell(...at);
    act(...at, false);
  });
  board.addEventListener("contextmenu", (e) => {
    const at = cellOf(e);
    if (!at) return;
    e.preventDefault();
    if (!handled) act(...at, true);
  });
  board.addEventListener("mousedown", (e) => {
    // Both buttons down (the second press is a mousedown, not a pointerdown): a chord on a number.
    const at = cellOf(e);
    if (!at || state.mode !== "play") return;
    if (e.button === 1) { e.preventDefault(); middle = true; press(at); return; } // no scrolling: a chord on release
    if (e.buttons !== 3) return;
    handled = true;
    press(at);
    if (isNumber(state.grid[at[0]][at[1]])) move("click", ...at);
  });
  board.addEventListener("mousemove", (e) => { if (middle || e.buttons === 3) press(cellOf(e)); });
  board.addEventListener("mouseup", (e) => {
    const at = cellOf(e);
    if (e.button === 1 && middle && at && state.mode === "play" && isNumber(state.grid[at[0]][at[1]])) move("click", ...at);
    if (e.button === 1) middle = false;
    if (!e.buttons) press(null);
  });
  board.addEventListener("mouseleave", () => { middle = false; press(null); });
  board.addEventListener("pointerdown", (e) => {
    if (e.pointerType !== "mouse" || e.buttons === 1 || e.buttons === 2) handled = false; // a new gesture
    const at = cellOf(e);
    if (!at || state.mode !== "play") return;
    $("face").classList.add("pressing");
    if (e.pointerType !== "touch") return;
    clearTimeout(held);
    held = setTimeout(() => { // a long press flags, and the tap it ends with opens nothing
      held = null; handled = true;
      if (navigator.vibrate) navigator.vibrate(30);
      move("flag", ...at);
    }, 450);
  });
  const release = () => { clearTimeout(held); held = null; $("face").classList.remove("pressing"); };
  for (const type of ["pointerup", "pointercancel", "pointerleave"]) board.addEventListener(type, release);
  board.addEventListener("pointermove", (e) => { if (held && e.pointerType === "touch" && (Math.abs(e.movementX) + Math.abs(e.movementY) > 8)) release(); });
  board.addEventListener("keydown", onBoardKey);
}

function tabKeys() {
  // The tabs as a tab list: arrows move between them (and select), Home and End go to the ends.
  const tabs = [...document.querySelectorAll("[role=tab]")];
  for (const tab of tabs) {
    tab.addEventListener("click", () => setMode(tab.dataset.mode));
    tab.addEventListener("keydown", (e) => {
      const i = tabs.indexOf(tab);
      const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[e.key];
      if (to === undefined) return;
      e.preventDefault();
      const next = tabs[(to + tabs.length) % tabs.length];
      next.focus();
      setMode(next.dataset.mode);
    });
  }
}

function typing(target) {
  // Keys typed into a text field, a number or a menu are theirs; after clicking a box or a button they are the page's.
  return target.closest("textarea, select, [contenteditable]")
    || (target.matches("input") && !["checkbox", "radio", "button", "submit", "range", "file"].includes(target.type));
}

function shortcuts(e) {
  if (typing(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
  const k = e.key.toLowerCase(), toggle = (id) => { $(id).checked = !$(id).checked; $(id).dispatchEvent(new Event("change")); };
  if (k === "a") toggle("analyse");
  else if (k === "u") toggle("numbers");
  else if (k === "h" && state.features.includes("hint")) hint();
  else if (k === "p" && state.features.includes("levels")) peek();
  else if ((k === "n" || e.key === "F2") && state.mode === "play") newGame();
  else if ((k === "n" || e.key === "F2") && state.mode === "puzzle") newPuzzle();
  else if (k === "r" && state.mode === "play") restart();
  else if (state.mode === "replay" && (e.key === "," || e.key === ".")) step(state.replay ? state.replay.step + (e.key === "," ? -1 : 1) : 0);
  else return;
  e.preventDefault();
}

function pictures() {
  // In Edit, a file pasted (a screenshot copied to the clipboard) or dropped is read as a board; pasted text stays text.
  const reading = () => state.mode === "edit" && state.features.includes("read");
  document.addEventListener("paste", (e) => {
    const file = e.clipboardData && e.clipboardData.files[0];
    if (!reading() || !file) return;
    e.preventDefault();
    readPicture(file);
  });
  // Without this, a file dropped on the page would be opened in its place.
  document.addEventListener("dragover", (e) => { if (reading() && e.dataTransfer.types.includes("Files")) e.preventDefault(); });
  document.addEventListener("drop", (e) => {
    const file = e.dataTransfer && e.dataTransfer.files[0];
    if (!reading() || !file) return;
    e.preventDefault();
    readPicture(file);
  });
}

function theme(dark, keep) {
  document.documentElement.dataset.theme = dark ? "dark" : "light";
  $("theme").setAttribute("aria-pressed", String(dark));
  if (keep) saved.set("theme", dark ? "dark" : "light");
  restyle();
}

function prefs() {
  // The theme follows the system until the button chooses one; the zoom is kept too.
  const system = window.matchMedia("(prefers-color-scheme: dark)");
  const chosen = saved.get("theme", null);
  theme(chosen ? chosen === "dark" : system.matches, false);
  system.addEventListener("change", () => { if (!saved.get("theme", null)) theme(system.matches, false); });
  $("theme").addEventListener("click", () => theme(document.documentElement.dataset.theme !== "dark", true));
  $("zoom").value = saved.get("zoom", "fit");
  $("zoom").addEventListener("change", () => { saved.set("zoom", $("zoom").value); fit(); });
  window.addEventListener("resize", () => fit());
}

function customFields() {
  // Rows, columns and mines are always there (nothing moves when Custom is chosen); a level fills them in.
  const level = $("level").value, sizes = state.levels || {};
  for (const id of ["custom-cols", "custom-rows", "custom-mines"]) $(id).disabled = level !== "custom";
  if (sizes[level]) { $("custom-cols").value = sizes[level].cols; $("custom-rows").value = sizes[level].rows; $("custom-mines").value = sizes[level].mines; }
}

function init(health) {
  state.features = health.features;
  state.levels = health.levels;
  state.rules = health.rules || [];
  for (const el of document.querySelectorAll("[data-feature]")) el.hidden = !state.features.includes(el.dataset.feature);
  $("tab-replay").hidden = !state.features.includes("replay");
  document.body.dataset.mode = "play";
  prefs();
  boardInput($("board"));
  tabKeys();
  document.addEventListener("keydown", shortcuts);
  pictures();
  $("new-game").addEventListener("submit", (e) => newGame(e));
  ruleChoices();
  $("new-puzzle").addEventListener("submit", (e) => newPuzzle(e));
  $("face").addEventListener("click", () => newGame());
  $("restart").addEventListener("click", restart);
  $("share").addEventListener("click", share);
  $("level").addEventListener("change", customFields);
  customFields();
  $("analyse").addEventListener("change", () => { touch(); render(); analyse(); });
  $("numbers").addEventListener("change", () => { saved.set("numbers", $("numbers").checked); render(); });
  $("numbers").checked = saved.get("numbers", false);
  $("flag-mode").addEventListener("click", () => {
    state.flagMode = !state.flagMode;
    $("flag-mode").setAttribute("aria-pressed", String(state.flagMode));
    $("flag-mode").textContent = `Flag mode: ${state.flagMode ? "on" : "off"}`;
  });
  $("blank").addEventListener("click", blank);
  $("edit-topology").addEventListener("change", regrid);
  $("edit-total").addEventListener("input", () => { readTotal(); touch(); analyse(); });
  $("read-text").addEventListener("click", readText);
  $("copy-text").addEventListener("click", copyText);
  $("from-game").addEventListener("click", fromGame);
  $("hint").addEventListener("click", hint);
  $("peek").addEventListener("click", peek);
  $("replay-file").addEventListener("change", () => { const f = $("replay-file").files[0]; if (f) openReplay(f); });
  $("replay-step").addEventListener("input", () => step(Number($("replay-step").value)));
  const by = (d) => () => state.replay && step(state.replay.step + d);
  $("replay-prev").addEventListener("click", by(-1));
  $("replay-next").addEventListener("click", by(1));
  $("replay-first").addEventListener("click", () => step(0));
  $("replay-last").addEventListener("click", () => state.replay && step(state.replay.doc.clicks.length));
  const link = linkSpec(location.search);
  customFields();
  newGame(null, link);
}

api("GET", "/api/health").then(init, (err) => { $("summary").textContent = `error: ${err.message}`; });
