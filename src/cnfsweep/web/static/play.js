// Games, played on the server (/api/game): new games, moves one at a time (a click on a number chords), the face
// and the counters, the clock from the player's first click, restarting the same board, and links to a board.
import { $, announce, api, drawn, notDrawn, state, touch } from "./core.js";
import { render, setGrid, showCells } from "./board.js";
import { clearHint } from "./hint.js";
import { analyse, dropAnalysis } from "./overlay.js";
import { clearReview, gameReport } from "./review.js";
import { record, showStats } from "./stats.js";

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

export function showGame(doc, fresh = false) {
  // Answers are shown in order: one for another game, or older than the one shown, is dropped.
  const shown = state.game;
  if (!fresh && (!shown || doc.id !== shown.id || doc.moves < shown.moves)) return;
  if (fresh) { clearInterval(state.timer); state.timer = null; state.started = null; clearReview(); } // the last game's clock stops
  if (fresh) state.neighbours = doc.neighbours || null; // only a new game's answer lists them
  const topology = doc.topology || "square";
  const resized = fresh || !shown || doc.rows !== state.rows || doc.cols !== state.cols || topology !== state.topology;
  const ended = doc.state !== "playing" && (!shown || shown.id !== doc.id || shown.state === "playing");
  state.game = doc;
  clock(doc);
  $("mines-left").textContent = doc.mines_left;
  const over = doc.state !== "playing";
  const msg = $("game-state");
  msg.className = doc.state;
  msg.textContent = doc.state === "won" ? "You won!" : doc.state === "lost" ? "Boom: you lost." : "";
  $("face").className = `face ${doc.state}`;
  $("frame").classList.toggle("won", doc.state === "won");
  document.body.dataset.gameState = doc.state;
  if (over) dropAnalysis(true); // an analysis on its way is of a game no longer live
  if (ended) finished(doc);
  if (state.mode !== "play") return; // answered after a switch to another tab: it keeps its board
  if (!drawn(topology)) { msg.textContent = notDrawn(topology); return; }
  if (resized) setGrid(doc.rows, doc.cols, doc.grid, topology);
  else showCells(doc.grid); // the last overlay stays until the next arrives
  clearHint();
  // More moves queued: their answers follow at once, and only the last position is worth analysing.
  if (over || !$("analyse").checked || state.moves.length) { render(); return; }
  // Draw the move and its overlay together, unless the analysis keeps us waiting.
  const seq = state.seq + 1;
  setTimeout(() => { if (state.seq === seq && document.body.dataset.analysed !== String(seq)) render(); }, 50);
  analyse();
}

function finished(doc) {
  const best = record(doc, state.spec, state.replayed);
  const time = doc.seconds === null ? "" : ` in ${Math.floor(doc.seconds)} s`;
  announce(doc.state === "won" ? `You won${time}${best ? ": a new best time" : ""}.` : "Boom: you lost. Every mine is shown.");
  showStats();
  gameReport(doc);
}

function formSpec() {
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
  return body;
}

export async function newGame(event, spec = null, again = false) {
  // A game from the form, or from a spec (a restart, a link): its board fixed by its seed, rule and first click.
  if (event) event.preventDefault();
  const body = spec || formSpec();
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
    const { start, ...rest } = body;
    state.spec = { ...rest, seed: doc.seed };
    state.start = start || null;
    state.replayed = again; // a board seen before: no best time
    $("share-box").hidden = true;
    showGame(doc, true);
    showStats();
  } catch (err) {
    $("game-state").textContent = `error: ${err.message}`;
  }
}

export function restart() {
  // The same board again: the same seed and rule, and the same first click made for the player (their clock waits).
  if (!state.spec) return;
  const body = { ...state.spec };
  if (state.start && !body.no_guess) body.start = state.start;
  newGame(null, body, true).then(() => announce("The same board again."));
}

export function move(kind, r, c) {
  if (!state.game || state.game.state !== "playing") return;
  touch();
  // A click on a revealed number is a chord: the server opens its other neighbours when its flags are all there.
  const ch = state.game.grid[r][c];
  if (kind === "click" && ch >= "1" && ch <= "8") kind = "chord";
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
    if (kind === "chord" && !(ch >= "1" && ch <= "8")) continue;
    if (kind === "flag" && ch !== "." && ch !== "*") continue;
    if (kind === "click" && game.clicks === 0 && !state.start) state.start = [r, c];
    state.pendingSince = performance.now();
    try {
      const doc = await api("POST", `/api/game/${id}/${kind === "flag" ? "flag" : "click"}`, { row: r, col: c });
      state.pendingSince = null;
      showGame(doc);
    } catch (err) {
      state.pendingSince = null;
      if (state.game && state.game.id === id) $("game-state").textContent = `error: ${err.message}`;
    }
  }
}

// ---------------------------------------------------------------- links

export function shareLink() {
  // The board in the address: level (or size), grid, seed, first-click rule, no-guess, and the first click once made.
  if (!state.spec) return "";
  const s = state.spec, q = new URLSearchParams();
  if (s.level) q.set("level", s.level);
  else { q.set("cols", s.cols); q.set("rows", s.rows); q.set("mines", s.mines); }
  if (s.topology) q.set("grid", s.topology);
  q.set("seed", s.seed);
  q.set("first", s.first_click);
  if (s.no_guess) q.set("no-guess", "1");
  else if (state.start) q.set("open", state.start.join(","));
  return `${location.origin}${location.pathname}?${q}`;
}

export async function share() {
  const link = shareLink();
  if (!link) return;
  $("share-box").hidden = false;
  $("share-link").value = link;
  try {
    await navigator.clipboard.writeText(link);
    announce("Link copied: it opens this board.");
  } catch {
    $("share-link").select();
    announce("The link is in the box below: copy it from there.");
  }
}

export function linkSpec(search) {
  // The game a link asks for, or null; the form shows it too.
  const q = new URLSearchParams(search);
  if (!q.has("seed")) return null;
  const int = (name) => (/^[0-9]+$/.test(q.get(name) || "") ? Number(q.get(name)) : null);
  const spec = { first_click: ["safe", "opening", "any"].includes(q.get("first")) ? q.get("first") : "safe", seed: int("seed") };
  if (spec.seed === null) return null;
  if (["beginner", "intermediate", "expert"].includes(q.get("level"))) spec.level = q.get("level");
  else if (int("rows") !== null && int("cols") !== null && int("mines") !== null) {
    spec.rows = int("rows"); spec.cols = int("cols"); spec.mines = int("mines");
  } else return null;
  if (["torus", "hex"].includes(q.get("grid"))) spec.topology = q.get("grid");
  if (q.get("no-guess") === "1") spec.no_guess = true;
  const open = /^([0-9]+),([0-9]+)$/.exec(q.get("open") || "");
  if (open && !spec.no_guess) spec.start = [Number(open[1]), Number(open[2])];
  $("level").value = spec.level || "custom";
  if (!spec.level) { $("custom-rows").value = spec.rows; $("custom-cols").value = spec.cols; $("custom-mines").value = spec.mines; }
  $("topology").value = spec.topology || "square";
  $("first-click").value = spec.first_click;
  $("seed").value = spec.seed;
  $("no-guess").checked = Boolean(spec.no_guess);
  return spec;
}
