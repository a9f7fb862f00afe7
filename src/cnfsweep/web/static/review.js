// Reviews (/api/replay for a replay file, /api/game/{id}/review for a game played here): every click's exact
// mine probability and label. The Replay tab steps through one with the board, the overlay and a timeline;
// after a loss the post-mortem says what the fatal click's odds were, whether it was forced, and the safest cell.
import { $, announce, api, fraction, key, percent, plural, state, touch, where } from "./core.js";
import { render, setGrid } from "./board.js";
import { analyse } from "./overlay.js";
import { setMode } from "./app.js";

const WORDS = {
  deduction: "a deduction (every cell it opened was certainly safe)",
  forced_guess: "a forced guess (nothing was certainly safe, and it was a safest cell)",
  needless_guess: "a needless guess (a certainly safe cell was there to open)",
  mistake: "a mistake (a guess, and a safer cell was there)",
  fatal: "fatal (it opened a mine)",
};

function odds(p) { return `${p} (${percent(fraction(p))}%)`; }

function ringed(click) {
  // The safest cells worth pointing at: after a guess that had a safer choice, and only a few (a forced guess's
  // safest cells are all alike, often half the board).
  const worth = !["deduction", "forced_guess"].includes(click.label) && !click.forced && click.safest.length <= 12;
  return worth ? click.safest.map(key) : [];
}

export function clearReview() {
  $("postmortem").hidden = true;
  $("postmortem").replaceChildren();
  state.marks = state.lostMarks = null;
}

function line(text) {
  const p = document.createElement("p");
  p.textContent = text;
  return p;
}

export async function postMortem(doc) {
  // The review of the game just lost: the fatal click's exact odds, forced or not, and where the safest cells were.
  if (!state.features.includes("replay")) return;
  let review;
  try {
    review = await api("GET", `/api/game/${doc.id}/review`);
  } catch (err) {
    $("postmortem").replaceChildren(line(`No post-mortem: ${err.message}`));
    $("postmortem").hidden = false;
    return;
  }
  if (!state.game || state.game.id !== doc.id) return; // another game meanwhile
  const fatal = review.clicks[review.clicks.length - 1];
  if (!fatal || fatal.label !== "fatal") return;
  const out = $("postmortem"), safest = fatal.safest.slice(0, 3).map(where).join(", ");
  const more = fatal.safest.length > 3 ? ` and ${plural(fatal.safest.length - 3, "more cell")}` : "";
  const lines = [line(`Post-mortem: the fatal click at ${where(fatal.cell)} had a ${odds(fatal.probability)} chance of a mine.`)];
  if (fatal.forced) {
    lines.push(line("It was a forced guess: nothing was certainly safe and no cell was safer. Bad luck, not a mistake."));
  } else if (fraction(fatal.best_probability) === 0) {
    lines.push(line(`It was not forced: ${plural(fatal.certain_safe, "cell")} ${fatal.certain_safe === 1 ? "was" : "were"} certainly safe, such as ${safest}${more}${ringed(fatal).length ? " (ringed)" : ""}.`));
  } else {
    lines.push(line(`It was not forced: the safest cells were ${odds(fatal.best_probability)} a mine: ${safest}${more}${ringed(fatal).length ? " (ringed)" : ""}.`));
  }
  const s = review.summary;
  lines.push(line(`This game: ${plural(s.guesses, "guess", "guesses")}, ${plural(s.mistake + s.needless_guess, "avoidable one")};`
    + ` the chance of surviving every guess taken was ${odds(s.survival)}, the best play's ${odds(s.best_survival)}.`));
  const open = document.createElement("button");
  open.type = "button";
  open.textContent = "Step through this game";
  open.addEventListener("click", () => showReplay(review, `this game (${review.rows}×${review.cols})`));
  lines.push(open);
  out.replaceChildren(...lines);
  out.hidden = false;
  state.marks = state.lostMarks = { safest: new Set(ringed(fatal)), chosen: new Set() };
  document.body.dataset.postmortem = "1";
  announce(`Post-mortem: the fatal click had a ${percent(fraction(fatal.probability))} percent chance of a mine; ${fatal.forced ? "it was forced" : "it was not forced"}.`);
  render();
}

// ---------------------------------------------------------------- the replay viewer

export async function openReplay(file) {
  // The file goes to this page's own server (on this machine) and nowhere else.
  const message = $("replay-message");
  message.textContent = `reading ${file.name}…`;
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  try {
    const doc = await api("POST", "/api/replay", { name: file.name, data: btoa(text) });
    showReplay(doc, file.name);
  } catch (err) {
    message.textContent = `error: ${err.message}`;
  }
}

export function showReplay(doc, name) {
  state.replay = { doc, step: 0, name };
  setMode("replay");
  $("replay-view").hidden = false;
  const range = $("replay-step");
  range.max = String(doc.clicks.length);
  timeline(doc);
  const s = doc.summary;
  $("replay-summary").textContent = `${doc.player ? `${doc.player}: ` : ""}${doc.rows}×${doc.cols}/${doc.mines}, `
    + `${doc.won ? "won" : doc.lost ? "lost" : "unfinished"} in ${s.time} s · ${plural(doc.clicks.length, "click")} reviewed: `
    + `${plural(s.deduction, "deduction")}, ${s.forced_guess} forced, ${s.needless_guess} needless, ${plural(s.mistake, "mistake")}, ${s.fatal} fatal`
    + ` · survival ${odds(s.survival)}, best play ${odds(s.best_survival)} · 3BV ${s.bbbv}`
    + (s.bbbv_per_s === null || s.bbbv_per_s === undefined ? "" : ` · ${s.bbbv_per_s.toFixed(2)} 3BV/s`)
    + (s.ioe === null || s.ioe === undefined ? "" : ` · IOE ${s.ioe.toFixed(2)}`);
  $("replay-message").textContent = `${name}: ${plural(doc.clicks.length, "click")}`;
  step(0);
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
    bar.title = `click ${i + 1} at ${click.time.toFixed(2)} s: ${click.label.replace("_", " ")}, ${percent(p)}% a mine`;
    bar.setAttribute("aria-label", bar.title);
    bar.addEventListener("click", () => step(i));
    out.appendChild(bar);
  });
}

export function step(i) {
  const r = state.replay;
  if (!r || state.mode !== "replay") return;
  const doc = r.doc, n = doc.clicks.length;
  i = Math.max(0, Math.min(n, i));
  r.step = i;
  $("replay-step").value = String(i);
  const text = i < n ? doc.positions[i] : doc.final;
  const rows = text.split("\n").filter((l) => l !== "" && !l.includes(":"));
  const grid = rows.map((row) => Array.from(row));
  for (const [fr, fc] of (i < n ? doc.flags[i] : doc.flags[n - 1] || [])) if (grid[fr][fc] === ".") grid[fr][fc] = "*";
  const click = doc.clicks[i];
  state.marks = click
    ? { chosen: new Set(click.cells.map(key)), safest: new Set(ringed(click)) }
    : null;
  if (state.rows !== grid.length || state.cols !== grid[0].length) setGrid(grid.length, grid[0].length, grid.map((g) => g.join("")), "square");
  else { state.grid = grid; state.analysis = null; }
  for (const bar of $("timeline").children) bar.classList.toggle("current", bar === $("timeline").children[i]);
  // The counters as the player saw them: mines less flags, and the time of the click.
  $("mines-left").textContent = String(doc.mines - grid.flat().filter((ch) => ch === "*").length);
  $("timer").textContent = String(Math.floor(click ? click.time : doc.summary.time));
  $("replay-click").textContent = click
    ? `Click ${i + 1} of ${n}, at ${click.time.toFixed(2)} s: ${click.kind === "chord" ? "a chord on" : "open"} ${where(click.cell)}`
      + ` (outlined), ${odds(click.probability)} a mine: ${WORDS[click.label]}`
      + (click.label === "deduction" ? "." : `; the safest cells were ${odds(click.best_probability)}${ringed(click).length ? " (ringed)" : ""}.`)
    : "The end of the game.";
  document.body.dataset.replayStep = String(i);
  touch();
  analyse();
}
