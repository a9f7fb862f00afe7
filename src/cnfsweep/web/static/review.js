// Reviews (/api/replay for a replay file, /api/game/{id}/review for a game played here): every click's exact
// mine probability and label. The Replay tab steps through one with the board (drawn on the game's grid), the
// overlay and a timeline; after a game the report says what it took (3BV, clicks, IOE) and, after a loss, what the
// fatal click's odds were, whether it was the best guess there was, and the safest cell.
import { $, announce, api, drawn, emit, fraction, key, notDrawn, plural, state, touch, where } from "./core.js";
import { clearGrid, render, setGrid, showCells } from "./board.js";
import { analyse, dropAnalysis } from "./overlay.js";

// A best guess: nothing was certain and no cell was safer ("forced" on this page means a strict 50/50 no reveal can
// resolve, as the hint says).
const WORDS = {
  deduction: "a deduction (every cell it opened was certainly safe)",
  best_guess: "a best guess (nothing was certainly safe, and no cell was safer)",
  needless_guess: "a needless guess (a certainly safe cell was there to open)",
  mistake: "a mistake (a guess, and a safer cell was there)",
  fatal: "fatal (it opened a mine)",
};
function label(click) { return click.label.replace("_", " "); }

export function chance(p) {
  // A chance as a percentage with one decimal; never 0% or 100% unless it is exactly that.
  if (p <= 0) return "0%";
  if (p >= 1) return "100%";
  const text = (100 * p).toFixed(1);
  return text === "0.0" ? "<0.1%" : text === "100.0" ? ">99.9%" : `${text}%`;
}

function odds(p) {
  // The percentage, and the exact fraction on demand: a click (or Enter) shows it beside, and the title holds it.
  if (fraction(p) === 0 || fraction(p) === 1) return document.createTextNode(chance(fraction(p))); // exact already
  const button = document.createElement("button");
  button.type = "button";
  button.className = "exact";
  button.title = `exactly ${p}`;
  button.dataset.exact = p;
  button.setAttribute("aria-pressed", "false");
  const short = chance(fraction(p));
  button.textContent = short;
  button.addEventListener("click", () => {
    const open = button.getAttribute("aria-pressed") !== "true";
    button.setAttribute("aria-pressed", String(open));
    button.textContent = open ? `${short} (exactly ${p})` : short;
  });
  return button;
}

function para(...parts) {
  const p = document.createElement("p");
  p.append(...parts);
  return p;
}

function button(text, action) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  b.addEventListener("click", action);
  return b;
}

function ringed(click) {
  // The safest cells worth pointing at: after a guess that had a safer choice, and only a few (a best guess's
  // safest cells are all alike, often half the board).
  const worth = !["deduction", "best_guess"].includes(click.label) && !click.best_guess && click.safest.length <= 12;
  return worth ? click.safest.map(key) : [];
}

/** The marks the tab `mode` shows: on Play the lost game's post-mortem's, if any (a replay's step sets its own). */
export function tabMarks(mode) { state.marks = mode === "play" ? state.lostMarks : null; }

export function clearReview() {
  $("postmortem").hidden = true;
  $("postmortem").replaceChildren();
  delete document.body.dataset.postmortem;
  state.marks = state.lostMarks = null;
}

// ---------------------------------------------------------------- after a game

function speed(doc) {
  // What the game took, from the server's figures: its 3BV (the game's rules count it), the time, every click the
  // player made (opens, chords and flags). The rates say how fast and how efficiently a board was cleared: a win's.
  const parts = [], bbbv = typeof doc.bbbv === "number" ? doc.bbbv : null, won = doc.state === "won";
  if (bbbv !== null) parts.push(`3BV ${bbbv}`);
  if (won && bbbv !== null && doc.seconds) parts.push(`${(bbbv / doc.seconds).toFixed(2)} 3BV/s`);
  parts.push(plural(doc.moves, "click"));
  if (won && bbbv !== null && doc.moves) parts.push(`IOE ${(bbbv / doc.moves).toFixed(2)}`);
  return parts.join(" · ");
}

async function download(doc) {
  // The game as a trace line: what `cnfsweep replay` reads. Taken as text: a seed may not fit a JavaScript number.
  const response = await fetch(`/api/game/${doc.id}/record`);
  const text = await response.text();
  if (!response.ok) { announce(`No record: ${text}`); return; }
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([`${text}\n`], { type: "application/x-ndjson" }));
  link.download = `cnfsweep-${doc.level}${doc.topology && doc.topology !== "square" ? `-${doc.topology}` : ""}-${doc.state}.jsonl`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

async function reviewOf(doc) {
  try {
    return await api("GET", `/api/game/${doc.id}/review`);
  } catch (err) {
    return { error: err.message };
  }
}

function stepButton(doc, review) {
  return button(doc.state === "won" ? "Review this game" : "Step through this game",
    () => showReplay(review, `this game (${review.rows}×${review.cols})`));
}

export async function gameReport(doc) {
  // After a win or a loss: what the game took and the buttons to review it and keep it; after a loss, the post-mortem.
  const out = $("postmortem");
  const keep = button("Download the record (.jsonl)", () => download(doc));
  const took = speed(doc);
  const head = para(`${doc.state === "won" ? "Won" : "Lost"}${doc.seconds === null ? "" : ` in ${doc.seconds.toFixed(2)} s`}${took ? `: ${took}` : ""}.`);
  head.className = "game-figures";
  out.replaceChildren(head, keep);
  out.classList.toggle("won", doc.state === "won");
  out.hidden = state.mode !== "play";
  document.body.dataset.report = doc.id;
  if (!state.features.includes("replay")) return;
  const review = await reviewOf(doc);
  if (!state.game || state.game.id !== doc.id) return; // another game meanwhile
  if (review.error) { out.append(para(`No review: ${review.error}`)); return; }
  if (doc.state === "lost") { postMortem(doc, review, out); return; }
  out.append(stepButton(doc, review));
  document.body.dataset.reviewed = doc.id;
}

function postMortem(doc, review, out) {
  // The review of the game just lost: the fatal click's exact odds, a best guess or not, and where the safest cells were.
  const fatal = review.clicks[review.clicks.length - 1];
  if (!fatal || fatal.label !== "fatal") return;
  const safest = fatal.safest.slice(0, 3).map(where).join(", ");
  const more = fatal.safest.length > 3 ? ` and ${plural(fatal.safest.length - 3, "more cell")}` : "";
  const shown = ringed(fatal).length ? " (ringed)" : "";
  const lines = [para(`Post-mortem: the fatal click at ${where(fatal.cell)} had a `, odds(fatal.probability), " chance of a mine.")];
  const best = fatal.best_guess;
  if (best) {
    lines.push(para("It was a best guess: nothing was certainly safe and no cell was safer. Bad luck, not a mistake."));
  } else if (fraction(fatal.best_probability) === 0) {
    lines.push(para(`It was avoidable: ${plural(fatal.certain_safe, "cell")} ${fatal.certain_safe === 1 ? "was" : "were"} certainly safe, such as ${safest}${more}${shown}.`));
  } else {
    lines.push(para("It was avoidable: the safest cells were ", odds(fatal.best_probability), ` a mine: ${safest}${more}${shown}.`));
  }
  const s = review.summary;
  lines.push(para(`This game: ${plural(s.guesses, "guess", "guesses")}, ${plural(review.summary.avoidable, "avoidable one")};`
    + " the chance of surviving every guess taken was ", odds(s.survival), ", the best play's ", odds(s.best_survival), "."));
  lines.push(stepButton(doc, review));
  out.append(...lines);
  state.marks = state.lostMarks = { safest: new Set(ringed(fatal)), chosen: new Set() };
  document.body.dataset.postmortem = "1";
  announce(`Post-mortem: the fatal click had a ${chance(fraction(fatal.probability))} chance of a mine; ${best ? "it was a best guess" : "it was avoidable"}.`);
  render();
}

// ---------------------------------------------------------------- the replay viewer

function clearReplay() {
  // Nothing of the last replay stays on screen: not its board, its counters, its timeline or its name.
  state.replay = null;
  $("replay-view").hidden = true;
  $("replay-game").hidden = true;
  $("timeline").replaceChildren();
  $("replay-click").textContent = "";
  $("replay-summary").replaceChildren();
  state.marks = null;
  clearGrid();
  $("grid-note").textContent = "";
  $("summary").textContent = "";
  $("mines-left").textContent = "0";
  $("timer").textContent = "0";
  delete document.body.dataset.replayStep;
}

export async function openReplay(file) {
  // The file goes to this page's own server (on this machine) and nowhere else.
  $("replay-message").textContent = `reading ${file.name}…`;
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  await loadGame({ name: file.name, data: btoa(text) }, 1);
}

export async function loadGame(file, game) {
  // One game of the file: the first, or the one chosen when the file holds several (a trace of many games).
  const message = $("replay-message");
  const seq = (state.replaySeq = (state.replaySeq || 0) + 1);
  try {
    const doc = await api("POST", "/api/replay", { ...file, game });
    if (seq !== state.replaySeq) return; // another file was chosen meanwhile
    showReplay(doc, file.name, file);
  } catch (err) {
    if (seq !== state.replaySeq) return;
    clearReplay();
    message.textContent = `error: ${err.message}`;
    document.body.dataset.replayError = "1";
  }
}

function games(doc, file) {
  // A file of several games: a choice of game, the one shown said.
  const pick = $("replay-game"), n = doc.games || 1;
  pick.hidden = !(file && n > 1);
  if (pick.hidden) return;
  const select = $("replay-game-number");
  select.replaceChildren(...Array.from({ length: n }, (_, i) => new Option(`${i + 1} of ${n}`, String(i + 1))));
  select.value = String(doc.game);
  select.onchange = () => loadGame(file, Number(select.value));
}

export function showReplay(doc, name, file = null) {
  state.replay = { doc, step: 0, name };
  delete document.body.dataset.replayError;
  emit("mode", "replay"); // app.js shows the Replay tab (and steps to the start)
  $("replay-view").hidden = false;
  games(doc, file);
  const range = $("replay-step");
  range.max = String(doc.clicks.length);
  timeline(doc);
  const s = doc.summary;
  const time = s.time === null || s.time === undefined ? "" : ` in ${s.time} s`;
  $("replay-summary").replaceChildren(
    `${doc.player ? `${doc.player}: ` : ""}${doc.rows}×${doc.cols}/${doc.mines}${doc.topology && doc.topology !== "square" ? ` ${doc.topology}` : ""}, `
    + `${doc.won ? "won" : doc.lost ? "lost" : "unfinished"}${time} · ${plural(doc.clicks.length, "click")} reviewed: `
    + `${plural(s.deduction, "deduction")}, ${plural(s.best_guess, "best guess", "best guesses")}, `
    + `${s.needless_guess} needless, ${plural(s.mistake, "mistake")}, ${s.fatal} fatal · survival `,
    odds(s.survival), ", best play ", odds(s.best_survival),
    ` · 3BV ${s.bbbv}`
    + (typeof s.bbbv_per_s === "number" ? ` · ${s.bbbv_per_s.toFixed(2)} 3BV/s` : "")
    + (typeof s.ioe === "number" ? ` · IOE ${s.ioe.toFixed(2)}` : ""),
  );
  const which = doc.games > 1 ? `game ${doc.game} of ${doc.games}, ` : "";
  $("replay-message").textContent = `${name}: ${which}${plural(doc.clicks.length, "click")}`;
  step(0, true); // drawn afresh: another game may have the same size on another grid
}

function at(click) {
  // When the click came, if the record keeps times (a trace does not).
  return typeof click.time === "number" ? ` at ${click.time.toFixed(2)} s` : "";
}

function timeline(doc) {
  const out = $("timeline");
  out.replaceChildren();
  doc.clicks.forEach((click, i) => {
    const bar = document.createElement("button");
    bar.type = "button";
    bar.className = click.label;
    const p = fraction(click.probability);
    bar.style.height = `${Math.max(3, Math.round(p * 60))}px`;
    bar.title = `click ${i + 1}${at(click)}: ${label(click)}, ${chance(p)} a mine`;
    bar.setAttribute("aria-label", bar.title);
    bar.addEventListener("click", () => step(i));
    out.appendChild(bar);
  });
}

/** Show the position before click `i + 1`; `afresh`: draw its board anew, even where the grid shown is alike. */
export function step(i, afresh = false) {
  const r = state.replay;
  if (!r || state.mode !== "replay") return;
  const doc = r.doc, n = doc.clicks.length, topology = doc.topology || "square";
  if (!drawn(topology)) { // a graph's game: reviewed, not drawn
    clearGrid();
    $("replay-click").textContent = notDrawn(topology);
    return;
  }
  i = Math.max(0, Math.min(n, i));
  r.step = i;
  $("replay-step").value = String(i);
  const text = i < n ? doc.positions[i] : doc.final;
  // The position's rows: its header lines ("topology: hex", "mines: 10") left out.
  const rows = text.split("\n").filter((l) => l !== "" && !l.includes(":"));
  const grid = rows.map((row) => Array.from(row));
  for (const [fr, fc] of (i < n ? doc.flags[i] : doc.flags[n - 1] || [])) if (grid[fr][fc] === ".") grid[fr][fc] = "*";
  const click = doc.clicks[i];
  state.marks = click
    ? { chosen: new Set(click.cells.map(key)), safest: new Set(ringed(click)) }
    : null;
  if (afresh || state.rows !== grid.length || state.cols !== grid[0].length || state.topology !== topology) {
    setGrid(grid.length, grid[0].length, grid.map((g) => g.join("")), topology);
  } else { showCells(grid); dropAnalysis(); }
  for (const bar of $("timeline").children) bar.classList.toggle("current", bar === $("timeline").children[i]);
  // The counters as the player saw them: mines less flags, and the time of the click (a trace keeps none).
  $("mines-left").textContent = String(doc.mines - grid.flat().filter((ch) => ch === "*").length);
  const seconds = click ? click.time : doc.summary.time;
  $("timer").textContent = typeof seconds === "number" ? String(Math.floor(seconds)) : "0";
  const out = $("replay-click");
  if (!click) out.replaceChildren("The end of the game.");
  else {
    out.replaceChildren(
      `Click ${i + 1} of ${n}${at(click)}: ${click.kind === "chord" ? "a chord on" : "open"} ${where(click.cell)} (outlined), `,
      odds(click.probability), ` a mine: ${WORDS[click.label] || label(click)}`,
      ...(click.label === "deduction" ? ["."] : ["; the safest cells were ", odds(click.best_probability), `${ringed(click).length ? " (ringed)" : ""}.`]),
    );
  }
  document.body.dataset.replayStep = String(i);
  touch();
  analyse();
}
