// Hints (/api/hint: the easiest certain move and the numbers that force it, never a flagged mine) and Peek
// (/api/levels: what each level of propagation decides), each shown until the position changes.
import { $, announce, api, fraction, gameOver, levelTitle, on, percent, plural, state, where } from "./core.js";
import { boardText, render } from "./board.js";

on("regrid", () => clearHint());

export function clearHint() {
  state.hint = null;
  $("hint-text").textContent = "";
  clearPeek(); // a peek, too, is of the position it was asked for
}

function position() {
  // What a hint is for: in a game, its id and moves (a flag changes no board text, but what the hint may name).
  return state.mode === "play" && state.game ? `${state.game.id}#${state.game.moves}` : boardText();
}

function flaggedAt([r, c]) {
  // A cell the player flagged: in a game, or in a variant puzzle (whose mines found by a mistake are no flags).
  if (state.mode === "play") return state.game.grid[r][c] === "*";
  return state.mode === "puzzle" && state.grid[r][c] === "*" && !state.puzzle.mistakes.has(`${r},${c}`);
}

async function askHint(text) {
  // The player's flags stay covered in a game's board: the easiest move may be a mine already flagged.
  const flagged = flaggedAt;
  const doc = await api("POST", "/api/hint", { board: text });
  if (doc.move && !doc.move.certain && flagged(doc.move.cell)) return unflaggedGuess(text, doc, flagged);
  if (!doc.move || !doc.move.certain || !doc.move.mine || !flagged(doc.move.cell)) return doc;
  // Then the easiest certain move that is not one...
  const every = await api("POST", "/api/hint", { board: text, every: true });
  if (every.status === "unknown" || !every.consistent) return every;
  const next = every.moves.find((m) => !(m.move.mine && flagged(m.move.cell)));
  if (next) return { ...every, ...next };
  if (state.mode === "puzzle") return { ...every, move: null }; // every certain cell a mine already flagged
  // ... or, every certain cell a flagged mine, the best guess: with those flags as the mines they certainly are.
  const certain = new Set(every.moves.map((m) => m.move.cell.join(",")));
  const rows = state.game.grid.map((row, r) => Array.from(row, (ch, c) => ch === "*" && !certain.has(`${r},${c}`) ? "." : ch).join(""));
  return api("POST", "/api/hint", { board: [`mines: ${state.game.mines}`, ...rows].join("\n") + "\n" });
}

async function unflaggedGuess(text, doc, flagged) {
  // A guess is never a flagged cell: the player's flag says they think it a mine. The safest cell not flagged, then.
  const a = await api("POST", "/api/analyze", { board: text });
  let best = null;
  for (let r = 0; r < state.rows; r++) {
    for (let c = 0; c < state.cols; c++) {
      const p = a.probabilities[r][c];
      if (p === null || flagged([r, c])) continue;
      if (best === null || p < best.p) best = { p, cell: [r, c], exact: a.exact[r][c] };
    }
  }
  return best === null ? { ...doc, move: null } : { ...doc, reason: null, move: { cell: best.cell, certain: false, mine: false, forced: false, probability: best.exact } };
}

function reasonCells(doc) {
  // The numbers of a classic hint's reason, the clues of a variant board's.
  return doc.reason ? doc.reason.numbers || doc.reason.clues || [] : [];
}

function variantWhy(reason) {
  // A variant board's reason names its clues, the rules it uses (their codes, defined under the board) and the total.
  const parts = [];
  if (reason.clues.length) parts.push(`the ${plural(reason.clues.length, "outlined clue")}`);
  if (reason.rules.length) parts.push(`the ${reason.rules.length === 1 ? "rule" : "rules"} ${reason.rules.join(" ")}`);
  if (reason.uses_total) parts.push("the total mine count");
  return parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}` : parts[0] || "the rules alone";
}

function hintText(doc) {
  const m = doc.move, numbers = reasonCells(doc);
  if (m.certain) {
    const why = doc.reason && doc.reason.clues ? variantWhy(doc.reason)
      : numbers.length === 0 ? "the total mine count alone"
      : `the ${plural(numbers.length, "outlined number")}` + (doc.reason.uses_total ? " and the total mine count" : "");
    if (m.mine) return `Hint: ${where(m.cell)} is certainly a mine (flag it), because of ${why}.`;
    if (flaggedAt(m.cell)) {
      return `Hint: ${where(m.cell)} is certainly safe: take its flag off and open it, because of ${why}.`;
    }
    return `Hint: ${where(m.cell)} is certainly safe (open it), because of ${why}.`;
  }
  const p = m.probability === null ? "" : ` (${percent(fraction(m.probability))}% a mine)`;
  return m.forced
    ? `Hint: nothing is certain; ${where(m.cell)}${p} is a forced guess: no reveal can ever tell it apart, so take it now.`
    : `Hint: nothing is certain; the safest guess is ${where(m.cell)}${p}.`;
}

export async function hint() {
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
    state.hint = { cell: doc.move.cell, numbers: reasonCells(doc) };
    $("hint-text").textContent = hintText(doc);
    announce(hintText(doc).split(",")[0]);
  }
  document.body.dataset.hinted = "1";
  render();
}


export function clearPeek() {
  state.peek = null;
  $("peek-text").textContent = "";
}

export async function peek() {
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
    : `Peek: inconsistent: ${levelTitle(level)}`
      + ` finds no layout (the outlined ${state.variant ? "clues" : "numbers"} cannot hold)`;
  document.body.dataset.peeked = "1";
  render();
}
