// The overlay: /api/analyze on the position shown, and the line that sums it up (with the time from the move
// to its overlay, measured here and shown).
import { $, api, fraction, gameOver, on, percent, plural, state, where } from "./core.js";
import { boardText, render } from "./board.js";

on("drawn", () => summarise()); // the summary line is drawn with the board
on("regrid", () => dropAnalysis()); // it was of the old grid

/** Forget the analysis shown, whose position changed; `late` too: drop the answer to a request on its way. */
export function dropAnalysis(late = false) {
  if (late) state.seq++;
  state.analysis = null;
}

function layoutsText(doc) {
  if (doc.solutions !== null && doc.solutions.length <= 15) return Number(doc.solutions).toLocaleString("en");
  return doc.log10_solutions === null || doc.log10_solutions === undefined ? "?" : `about 10^${doc.log10_solutions.toFixed(1)}`;
}

function variantOverlay(doc) {
  // A variant board's analysis gives its chances as exact fractions (`exact`), or none where a rule prevents counting
  // (`uncounted` says which): then the certain cells only, as chances of 0 and 1.
  if (!doc.consistent || doc.probabilities) return doc;
  const known = new Map([...doc.safe.map((c) => [c.join(","), 0]), ...doc.mines.map((c) => [c.join(","), 1])]);
  const probabilities = doc.exact
    ? doc.exact.map((row) => row.map((x) => (x === null ? null : fraction(x))))
    : Array.from({ length: doc.rows }, (_, r) => Array.from({ length: doc.cols }, (_, c) => known.get(`${r},${c}`) ?? null));
  return { ...doc, probabilities, best_guess: null };
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

export function summarise() {
  const out = $("summary"), a = state.analysis;
  if (!$("analyse").checked) { out.textContent = ""; return; }
  if (gameOver()) { out.textContent = "the game is over: nothing left to analyse"; return; }
  if (!a) { out.textContent = "analysing…"; return; }
  if (a.error) { out.textContent = `error: ${a.error}`; return; }
  if (a.status === "unknown") { out.textContent = `no answer within the time limit of ${a.time_limit} s`; return; }
  if (!a.consistent) { out.textContent = "no layout fits these numbers: the position is inconsistent"; return; }
  const layouts = layoutsText(a);
  const engine = a.seconds === undefined ? "" : ` · engine ${(a.seconds * 1000).toFixed(1)} ms`;
  const rules = a.rules ? ` · rules ${a.rules.join(" ")}${a.uncounted ? ` (not counted: ${a.uncounted})` : ""}` : "";
  const updated = state.lastUpdateMs === null ? "" : `, updated ${state.lastUpdateMs.toFixed(0)} ms after the move`;
  out.textContent = `${layouts} layout${layouts === "1" ? "" : "s"} · ${a.safe.length} safe · ${plural(a.mines.length, "mine")} · `
    + `${nextStep(a)}${rules}${engine}${updated}`;
}

export async function analyse() {
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
  state.analysis = doc.rules ? variantOverlay(doc) : doc;
  // A hidden page's timers and network are held back: a time measured across a tab switch is the switch's, not ours.
  state.lastUpdateMs = state.unseen || document.hidden ? null : performance.now() - state.touched;
  if (state.lastUpdateMs === null) delete document.body.dataset.updateMs;
  else document.body.dataset.updateMs = state.lastUpdateMs.toFixed(1);
  render();
  document.body.dataset.analysed = String(seq);
}
