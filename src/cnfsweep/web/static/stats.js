// Best times and streaks, per level, kept in this browser only (localStorage): games, wins, the current and the
// longest winning streak, the best time. A restarted board counts as a game but sets no best time.
import { $, saved, state } from "./core.js";

// Up to 0.1.0 a custom size was named columns first; every size is rows first now, so a browser's old names are
// turned round once.
(function rowsFirst() {
  if (saved.get("stats-sizes", "") === "rows-first") return;
  const all = saved.get("stats", {}), turned = {};
  for (const [name, s] of Object.entries(all)) {
    turned[name.replace(/^custom (\d+)×(\d+)\//, (_, cols, rows) => `custom ${rows}×${cols}/`)] = s;
  }
  saved.set("stats", turned);
  saved.set("stats-sizes", "rows-first");
})();

export function levelKey(spec) {
  if (!spec) return "";
  const size = spec.level || `custom ${spec.rows}×${spec.cols}/${spec.mines}`;
  return [size, spec.topology && spec.topology !== "square" ? spec.topology : "", spec.no_guess ? "no-guess" : ""]
    .filter(Boolean).join(" ");
}

export function record(doc, spec, replayed) {
  // Count a finished game once; return whether it set a new best time.
  const done = saved.get("counted", []);
  if (done.includes(doc.id) || doc.seconds === null) return false; // the player never clicked: no game
  saved.set("counted", [...done.slice(-50), doc.id]);
  const all = saved.get("stats", {}), name = levelKey(spec);
  const s = all[name] || { games: 0, wins: 0, streak: 0, longest: 0, best: null };
  s.games += 1;
  let best = false;
  if (doc.state === "won") {
    s.wins += 1; s.streak += 1; s.longest = Math.max(s.longest, s.streak);
    if (!replayed && (s.best === null || doc.seconds < s.best)) { s.best = doc.seconds; best = true; }
  } else s.streak = 0;
  all[name] = s;
  saved.set("stats", all);
  return best;
}

export function showStats() {
  const name = levelKey(state.spec), s = saved.get("stats", {})[name];
  const out = $("stats");
  if (!name) { out.textContent = ""; return; }
  if (!s) { out.textContent = `${name}: no games yet in this browser`; return; }
  const rate = s.games ? Math.round((100 * s.wins) / s.games) : 0;
  out.textContent = `${name}: ${s.games} game${s.games === 1 ? "" : "s"} · ${s.wins} won (${rate}%) · streak ${s.streak}`
    + ` (longest ${s.longest}) · best time ${s.best === null ? "none yet" : `${s.best.toFixed(1)} s`}`;
}
