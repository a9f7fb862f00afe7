/*
 * HillHarness: play David Hill's Minesweeper solver headless on given layouts.
 *
 * Part of cnfsweep (MIT licence). This file is ours; it is compiled against
 * classes built from a fetched copy of github.com/DavidNHill/Minesweeper by
 * benchmarks/hill/build.py, and none of his code is kept in this repository.
 *
 * Input, one layout a line (from the file named as the last argument, or stdin):
 *
 *     ID ROWS COLS SR,SC R,C R,C ...
 *
 * ID is any token echoed back; SR,SC is the cell clicked first (row, column,
 * from 0) and every later R,C is a mine. Blank lines and lines starting with
 * '#' are skipped. Output, one JSON line a layout, in input order:
 *
 *     {"index": ID, "won": true, "guesses": 3, "moves": 120}
 *
 * "guesses" counts the solver's moves that were not certain, as his
 * BulkWorker counts them (the given first click is not one of them);
 * "moves" counts every action played after it. A game his solver cannot
 * finish (an exception, no move, a loop) is reported lost, with "error".
 *
 * Settings, as his record runs used them: MinesweeperBulk.main plays
 * SettingsFactory.Setting.SMALL_ANALYSIS (brute force up to 400 solutions,
 * deep analysis up to 250), single-threaded, PlayStyle.NO_FLAG; its
 * "expert 10,000,000 run" (10 x 1,000,000 games from seed -60442780) is the
 * one behind the published 41.132% (safe first click in the corner, as
 * GameStateModel.getStartLocation() and safeOpening() default to). His
 * SettingsFactory calls SMALL "suitable for bulk runs" and the larger ones
 * "probably not"; --settings picks another for an experiment.
 *
 * The first click is played on the game before his solver starts, as his
 * StartStrategy pre-game listener does; the game itself is a fixed layout
 * (FixedLayoutGame below), played with his GameStateModel's rules (the zero
 * flood, chords, win when every safe cell is open).
 *
 * With --own-games GAMES SEED it reads nothing and plays instead his own expert
 * games, each seed drawn as his bulk runner draws it (seed -60442780 gives the
 * first games of his "expert 10,000,000 run"), both on his own GameStateStandard
 * and as a fixed layout here: each JSON line carries his outcome ("won",
 * "guesses"), the game's "seed" and the outcome here ("fixed_layout_won",
 * "fixed_layout_guesses"), which must be the same.
 *
 * With --positions it answers instead one position a line: each request is one
 * JSON object on one line,
 *
 *     {"id": 7, "rows": 16, "cols": 30, "start": [0, 0], "mines": [[r, c], ...], "clicks": [[r, c], ...]}
 *
 * (keys in any order; "clicks" lists the cells opened after the first click, in
 * the order they were clicked). The layout is played from "start", each click
 * is replayed on it with his game model's rules, and a fresh solver of his is
 * asked for its next move there. The answer, one JSON line a request:
 *
 *     {"id": 7, "state": "playing", "row": 3, "col": 5, "certain": false,
 *      "safety": "0.8123", "method": "...", "open": [[r, c], ...]}
 *
 * "open" lists every revealed cell after the replay (row-major), so the caller
 * can check the replay reached its own position; "state" is "won" or "lost"
 * (and no move) if the replay ended the game. A request that cannot be read
 * gets {"id": ..., "error": "..."} and the harness goes on.
 *
 * With --explain each answer also has "evaluated": the cells his solver weighed
 * for a guess, best first by his ranking, each [row, col, "safety", "weight",
 * deferred] ("weight" is the secondary safety his guess maximises: each number's
 * chance times the next move's blended safety, times his 50/50 influence factor;
 * "deferred" marks a cell he leaves for last, dead or in a small space), or null
 * when he weighed none. --long-term off plays his solver without its long-term
 * (50/50 influence) safety, to see what that term decides; --log has his solver
 * write its own log of its reasoning (each cell's numbers, their chances and
 * next-move safeties) to standard error.
 *
 * Usage: java -cp CLASSES HillHarness [--settings small|tiny|large|very_large|max|no_brute_force]
 *                                     [--play-style no_flag|flagged] [--long-term on|off] [--explain] [--log]
 *                                     [LAYOUTS_FILE | --own-games GAMES SEED | --positions]
 */

import java.io.BufferedReader;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import minesweeper.gamestate.GameFactory;
import minesweeper.gamestate.GameStateModel;
import minesweeper.gamestate.GameStateModelViewer;
import minesweeper.settings.GameSettings;
import minesweeper.settings.GameType;
import minesweeper.solver.Solver;
import minesweeper.solver.constructs.EvaluatedLocation;
import minesweeper.solver.settings.PlayStyle;
import minesweeper.solver.settings.SettingsFactory;
import minesweeper.solver.settings.SolverSettings;
import minesweeper.structure.Action;
import minesweeper.structure.Location;

public final class HillHarness {

    /** His BulkWorker gives up on a game after this many solver rounds. */
    private static final int MAX_ROUNDS = 1000;

    /** A layout given on one input line. */
    static final class Layout {
        final String id;
        final int rows;
        final int cols;
        final int startRow;
        final int startCol;
        final boolean[][] mine; // [col][row], as his boards are indexed (x, y)
        final int mines;

        Layout(String id, int rows, int cols, int startRow, int startCol, boolean[][] mine, int mines) {
            this.id = id;
            this.rows = rows;
            this.cols = cols;
            this.startRow = startRow;
            this.startCol = startCol;
            this.mine = mine;
            this.mines = mines;
        }
    }

    /** A game on a fixed layout, with his model's rules; his own game states draw the mines themselves. */
    static final class FixedLayoutGame extends GameStateModelViewer {
        private final int[][] board;
        private final Location start;

        FixedLayoutGame(Layout layout) {
            super(GameSettings.create(layout.cols, layout.rows, layout.mines), 0);
            this.board = new int[width][height];
            this.start = new Location(layout.startCol, layout.startRow);
            for (int x = 0; x < width; x++) {
                for (int y = 0; y < height; y++) {
                    if (layout.mine[x][y]) {
                        board[x][y] = GameStateModel.MINE;
                    }
                }
            }
            for (int x = 0; x < width; x++) {
                for (int y = 0; y < height; y++) {
                    if (board[x][y] == GameStateModel.MINE) {
                        continue;
                    }
                    int around = 0;
                    for (int j = 0; j < DX.length; j++) {
                        int x1 = x + DX[j];
                        int y1 = y + DY[j];
                        if (x1 >= 0 && x1 < width && y1 >= 0 && y1 < height && board[x1][y1] == GameStateModel.MINE) {
                            around++;
                        }
                    }
                    board[x][y] = around;
                }
            }
        }

        @Override
        protected void startHandle(Location m) {
            // The layout is fixed when the game is made: nothing to draw at the first click.
        }

        @Override
        protected void placeFlagHandle(Location m) {
        }

        @Override
        protected int queryHandle(int x, int y) {
            return board[x][y];
        }

        @Override
        protected boolean clearSquareHitMine(Location m) {
            if (board[m.x][m.y] == 0) {
                explode(m);
            }
            return board[m.x][m.y] == GameStateModel.MINE;
        }

        @Override
        protected boolean clearSurroundHandle(Location m) {
            for (int j = 0; j < DX.length; j++) {
                int x1 = m.x + DX[j];
                int y1 = m.y + DY[j];
                if (x1 >= 0 && x1 < width && y1 >= 0 && y1 < height) {
                    clearSquare(new Location(x1, y1));
                }
            }
            return true;
        }

        @Override
        public int privilegedQuery(Location m, boolean showMines) {
            int result = query(m);
            if (result == GameStateModel.MINE) {
                return GameStateModel.EXPLODED_MINE;
            }
            if (showMines && result == GameStateModel.HIDDEN && board[m.x][m.y] == GameStateModel.MINE) {
                return GameStateModel.MINE;
            }
            return result;
        }

        @Override
        public Location getStartLocation() {
            return start;
        }

        @Override
        public String showGameKey() {
            return "cnfsweep layout";
        }
    }

    /** What one game came to. */
    static final class Outcome {
        boolean won;
        int guesses;
        int moves;
        String error;
    }

    private final SolverSettings settings;
    private final PlayStyle playStyle;
    /** Whether position answers list the cells his solver weighed (--explain). */
    boolean explain;
    /** Whether his solver writes its own log of its reasoning to standard error (--log). */
    boolean log;
    private final Object binomialCache; // his BinomialCache where the checkout has one (newer than Nov 2024)
    private final Method setBinomialCache;

    HillHarness(SolverSettings settings, PlayStyle playStyle) {
        this.settings = settings;
        this.playStyle = playStyle;
        Object cache = null;
        Method setter = null;
        // His bulk worker shares one binomial cache between its games; older checkouts have none.
        try {
            Class<?> cacheClass = Class.forName("minesweeper.solver.utility.BinomialCache");
            Class<?> binomialClass = Class.forName("minesweeper.solver.utility.Binomial");
            Constructor<?> make = cacheClass.getConstructor(int.class, int.class, binomialClass);
            cache = make.newInstance(5000, Solver.class.getField("BINOMIAL_CACHE_LIMIT").getInt(null),
                    Solver.class.getField("binomialEngine").get(null));
            setter = Solver.class.getMethod("setBinomialCache", cacheClass);
        } catch (ReflectiveOperationException e) {
            cache = null;
            setter = null;
        }
        this.binomialCache = cache;
        this.setBinomialCache = setter;
    }

    Outcome play(Layout layout) {
        Outcome out = new Outcome();
        FixedLayoutGame game = new FixedLayoutGame(layout);
        game.doAction(new Action(layout.startCol, layout.startRow, Action.CLEAR));
        return solve(game, out);
    }

    /** Let his solver play ``game`` to the end, as his BulkWorker does; count into ``out``. */
    Outcome solve(GameStateModel game, Outcome out) {
        if (game.getGameState() == GameStateModel.LOST) {
            return out;
        }
        if (game.getGameState() == GameStateModel.WON) {
            out.won = true;
            return out;
        }
        Solver solver = newSolver(game);
        for (int round = 1; round <= MAX_ROUNDS; round++) {
            Action[] moves;
            try {
                solver.start();
                moves = solver.getResult();
            } catch (RuntimeException e) {
                out.error = "his solver threw " + e;
                return out;
            }
            if (moves == null || moves.length == 0) {
                out.error = "his solver returned no move";
                return out;
            }
            for (Action move : moves) {
                game.doAction(move);
                out.moves++;
                if (!move.isCertainty()) {
                    out.guesses++;
                }
                int state = game.getGameState();
                if (state == GameStateModel.WON) {
                    out.won = true;
                    return out;
                }
                if (state == GameStateModel.LOST) {
                    return out;
                }
            }
        }
        out.error = "still playing after " + MAX_ROUNDS + " solver rounds";
        return out;
    }

    /**
     * Play his own expert games, as his bulk runner draws them from ``seed``, twice: on his
     * GameStateStandard (his solver clicks first, at his default start), and as a fixed layout
     * through this harness. Print one JSON line a game with both outcomes; they must agree.
     */
    void ownGames(int games, long seed, PrintStream results) {
        Random seeder = new Random(seed);
        GameSettings expert = GameSettings.EXPERT;
        for (int k = 0; k < games; k++) {
            // As his BulkController.getNextRequest draws each game's seed.
            long gameSeed = Math.abs(seeder.nextLong() & 0xFFFFFFFFFFFFFL);
            GameStateModel his = GameFactory.create(GameType.STANDARD, expert, gameSeed);
            Outcome own = solve(his, new Outcome());
            // The same seed lays the same mines: read them off a fresh copy after its first click.
            GameStateModelViewer copy = GameFactory.create(GameType.STANDARD, expert, gameSeed);
            Location start = copy.getStartLocation();
            copy.doAction(new Action(start.x, start.y, Action.CLEAR));
            boolean[][] mine = new boolean[expert.width][expert.height];
            for (int x = 0; x < expert.width; x++) {
                for (int y = 0; y < expert.height; y++) {
                    mine[x][y] = copy.privilegedQuery(new Location(x, y), true) == GameStateModel.MINE;
                }
            }
            Layout layout = new Layout(Integer.toString(k), expert.height, expert.width, start.y, start.x, mine, expert.mines);
            Outcome fixed = play(layout);
            results.println(json(layout.id, own).replaceFirst("\\}$", "")
                    + ", \"seed\": " + gameSeed
                    + ", \"fixed_layout_won\": " + fixed.won
                    + ", \"fixed_layout_guesses\": " + fixed.guesses + "}");
        }
    }

    // -- position mode ----------------------------------------------------------

    private static final Pattern INTEGER = Pattern.compile("-?[0-9]+");

    /** The raw text of the value of ``key`` in a one-line JSON object (a number, or a bracketed list). */
    static String value(String json, String key) {
        int at = json.indexOf("\"" + key + "\"");
        if (at < 0) {
            throw new IllegalArgumentException("no \"" + key + "\" in the request");
        }
        int colon = json.indexOf(':', at + key.length() + 2);
        if (colon < 0) {
            throw new IllegalArgumentException("no value for \"" + key + "\"");
        }
        int i = colon + 1;
        while (i < json.length() && Character.isWhitespace(json.charAt(i))) {
            i++;
        }
        if (i < json.length() && json.charAt(i) == '[') {
            int depth = 0;
            for (int j = i; j < json.length(); j++) {
                char ch = json.charAt(j);
                if (ch == '[') {
                    depth++;
                } else if (ch == ']' && --depth == 0) {
                    return json.substring(i, j + 1);
                }
            }
            throw new IllegalArgumentException("\"" + key + "\"'s list is not closed");
        }
        int j = i;
        while (j < json.length() && json.charAt(j) != ',' && json.charAt(j) != '}') {
            j++;
        }
        return json.substring(i, j).trim();
    }

    /** The cells of a JSON list of [row, col] pairs, each checked to be on the board. */
    static List<int[]> cells(String list, int rows, int cols, String what) {
        Matcher m = INTEGER.matcher(list);
        List<Integer> numbers = new ArrayList<>();
        while (m.find()) {
            numbers.add(Integer.parseInt(m.group()));
        }
        if (numbers.size() % 2 != 0) {
            throw new IllegalArgumentException(what + " must be a list of [row, col] pairs");
        }
        List<int[]> out = new ArrayList<>();
        for (int k = 0; k < numbers.size(); k += 2) {
            int r = numbers.get(k);
            int c = numbers.get(k + 1);
            if (r < 0 || r >= rows || c < 0 || c >= cols) {
                throw new IllegalArgumentException(what + " has " + r + "," + c + ", off the " + rows + "x" + cols + " board");
            }
            out.add(new int[] {r, c});
        }
        return out;
    }

    /** Answer one position request (see the file's comment); never throws on bad input. */
    String position(String request) {
        String id = "null";
        try {
            id = value(request, "id");
            if (!id.matches("-?[0-9]{1,18}")) {
                throw new IllegalArgumentException("\"id\" must be a whole number, got " + id);
            }
            int rows = number(value(request, "rows"), "rows");
            int cols = number(value(request, "cols"), "cols");
            if (rows < 1 || cols < 1) {
                throw new IllegalArgumentException("rows and cols must be at least 1, got " + rows + "x" + cols);
            }
            List<int[]> start = cells(value(request, "start"), rows, cols, "start");
            if (start.size() != 1) {
                throw new IllegalArgumentException("start must be one [row, col] pair");
            }
            boolean[][] mine = new boolean[cols][rows];
            int mines = 0;
            for (int[] rc : cells(value(request, "mines"), rows, cols, "mines")) {
                if (mine[rc[1]][rc[0]]) {
                    throw new IllegalArgumentException("mine " + rc[0] + "," + rc[1] + " is listed twice");
                }
                mine[rc[1]][rc[0]] = true;
                mines++;
            }
            int[] first = start.get(0);
            if (mine[first[1]][first[0]]) {
                throw new IllegalArgumentException("the start " + first[0] + "," + first[1] + " is a mine");
            }
            List<int[]> clicks = cells(value(request, "clicks"), rows, cols, "clicks");
            Layout layout = new Layout(id, rows, cols, first[0], first[1], mine, mines);
            FixedLayoutGame game = new FixedLayoutGame(layout);
            game.doAction(new Action(layout.startCol, layout.startRow, Action.CLEAR));
            for (int[] rc : clicks) {
                if (game.getGameState() != GameStateModel.STARTED) {
                    break;
                }
                game.doAction(new Action(rc[1], rc[0], Action.CLEAR));
            }
            StringBuilder s = new StringBuilder(256).append("{\"id\": ").append(id);
            int state = game.getGameState();
            s.append(", \"state\": ").append(quoted(state == GameStateModel.WON ? "won" : state == GameStateModel.LOST ? "lost" : "playing"));
            if (state == GameStateModel.STARTED) {
                Solver solver = newSolver(game);
                Action move = nextClear(solver);
                if (move == null) {
                    s.append(", \"error\": \"his solver returned no click\"");
                } else {
                    s.append(", \"row\": ").append(move.y).append(", \"col\": ").append(move.x);
                    s.append(", \"certain\": ").append(move.isCertainty());
                    s.append(", \"safety\": ").append(quoted(move.getBigProb().toPlainString()));
                    s.append(", \"method\": ").append(quoted(String.valueOf(move.getMoveMethod())));
                }
                if (explain) {
                    s.append(", \"evaluated\": ").append(evaluated(solver));
                }
            }
            s.append(", \"open\": [");
            boolean any = false;
            for (int y = 0; y < rows; y++) {
                for (int x = 0; x < cols; x++) {
                    int q = game.query(new Location(x, y));
                    if (q >= 0 && q <= 8) {
                        s.append(any ? ", [" : "[").append(y).append(", ").append(x).append(']');
                        any = true;
                    }
                }
            }
            return s.append("]}").toString();
        } catch (RuntimeException e) {
            return "{\"id\": " + (id.matches("-?[0-9]{1,18}") ? id : "null") + ", \"error\": " + quoted(String.valueOf(e.getMessage())) + "}";
        }
    }

    /**
     * The cells ``solver`` weighed for its guess, in the order it ranked them, as a JSON list of
     * [row, col, "safety", "weight", deferred] ("weight" is what his guess maximises; a cell is
     * deferred when his solver leaves it for last, as a dead cell or one in a small space), or
     * null when it weighed none (a certain move, or a guess chosen another way).
     */
    static String evaluated(Solver solver) {
        List<EvaluatedLocation> weighed = solver.getEvaluatedLocations();
        if (weighed == null || weighed.isEmpty()) {
            return "null";
        }
        StringBuilder s = new StringBuilder(64 * weighed.size()).append('[');
        for (int k = 0; k < weighed.size(); k++) {
            EvaluatedLocation e = weighed.get(k);
            s.append(k == 0 ? "[" : ", [").append(e.y).append(", ").append(e.x);
            s.append(", ").append(quoted(e.getProbability().toPlainString()));
            s.append(", ").append(quoted(e.getWeighting().toPlainString()));
            s.append(", ").append(e.isDeferGuessing()).append(']');
        }
        return s.append(']').toString();
    }

    /** His solver on ``game``, with the harness's settings, play style and shared binomial cache. */
    Solver newSolver(GameStateModel game) {
        Solver solver = new Solver(game, settings, log);
        solver.setPlayStyle(playStyle);
        if (setBinomialCache != null) {
            try {
                setBinomialCache.invoke(solver, binomialCache);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot hand his solver its binomial cache", e);
            }
        }
        return solver;
    }

    /** His solver's first clearing move on ``game`` as it stands (flags it may place first are skipped). */
    Action nextClear(GameStateModel game) {
        return nextClear(newSolver(game));
    }

    /** ``solver``'s first clearing move on its game as it stands; afterwards it holds what it weighed. */
    static Action nextClear(Solver solver) {
        solver.start();
        Action[] moves = solver.getResult();
        if (moves == null) {
            return null;
        }
        for (Action move : moves) {
            if (move.getAction() == Action.CLEAR || move.getAction() == Action.CLEARALL) {
                return move;
            }
        }
        return null;
    }

    /** Read one request a line from ``in``, answer each on ``results`` at once. */
    void positions(InputStream in, PrintStream results) throws IOException {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                if (line.trim().isEmpty()) {
                    continue;
                }
                results.println(position(line));
                results.flush();
            }
        }
    }

    /** Read one input line into a layout; throw IllegalArgumentException naming what is wrong. */
    static Layout parse(String line) {
        String[] parts = line.trim().split("\\s+");
        if (parts.length < 4) {
            throw new IllegalArgumentException("expected ID ROWS COLS SR,SC [R,C ...], got " + parts.length + " fields");
        }
        int rows = number(parts[1], "ROWS");
        int cols = number(parts[2], "COLS");
        if (rows < 1 || cols < 1) {
            throw new IllegalArgumentException("ROWS and COLS must be at least 1, got " + rows + "x" + cols);
        }
        int[] start = cell(parts[3], rows, cols, "the start");
        boolean[][] mine = new boolean[cols][rows];
        int mines = 0;
        for (int k = 4; k < parts.length; k++) {
            int[] rc = cell(parts[k], rows, cols, "mine " + (k - 3));
            if (mine[rc[1]][rc[0]]) {
                throw new IllegalArgumentException("mine " + parts[k] + " is listed twice");
            }
            mine[rc[1]][rc[0]] = true;
            mines++;
        }
        return new Layout(parts[0], rows, cols, start[0], start[1], mine, mines);
    }

    private static int number(String text, String what) {
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(what + " must be a whole number, got '" + text + "'");
        }
    }

    private static int[] cell(String text, int rows, int cols, String what) {
        String[] rc = text.split(",");
        if (rc.length != 2) {
            throw new IllegalArgumentException(what + " must be ROW,COL, got '" + text + "'");
        }
        int r = number(rc[0], what + "'s row");
        int c = number(rc[1], what + "'s column");
        if (r < 0 || r >= rows || c < 0 || c >= cols) {
            throw new IllegalArgumentException(what + " " + text + " is off the " + rows + "x" + cols + " board");
        }
        return new int[] {r, c};
    }

    static String json(String id, Outcome out) {
        StringBuilder s = new StringBuilder(96);
        s.append("{\"index\": ").append(id.matches("-?[0-9]{1,18}") ? id : quoted(id));
        s.append(", \"won\": ").append(out.won);
        s.append(", \"guesses\": ").append(out.guesses);
        s.append(", \"moves\": ").append(out.moves);
        if (out.error != null) {
            s.append(", \"error\": ").append(quoted(out.error));
        }
        return s.append('}').toString();
    }

    private static String quoted(String text) {
        StringBuilder s = new StringBuilder(text.length() + 2).append('"');
        for (char ch : text.toCharArray()) {
            if (ch == '"' || ch == '\\') {
                s.append('\\').append(ch);
            } else if (ch < 0x20) {
                s.append(String.format(Locale.ROOT, "\\u%04x", (int) ch));
            } else {
                s.append(ch);
            }
        }
        return s.append('"').toString();
    }

    private static SettingsFactory.Setting setting(String name) {
        switch (name) {
            case "small": return SettingsFactory.Setting.SMALL_ANALYSIS;
            case "tiny": return SettingsFactory.Setting.TINY_ANALYSIS;
            case "large": return SettingsFactory.Setting.LARGE_ANALYSIS;
            case "very_large": return SettingsFactory.Setting.VERY_LARGE_ANALYSIS;
            case "max": return SettingsFactory.Setting.MAX_ANALYSIS;
            case "no_brute_force": return SettingsFactory.Setting.NO_BRUTE_FORCE;
            default:
                throw new IllegalArgumentException("--settings must be small, tiny, large, very_large, max or no_brute_force, got '" + name + "'");
        }
    }

    private static PlayStyle style(String name) {
        switch (name) {
            case "no_flag": return PlayStyle.NO_FLAG;
            case "flagged": return PlayStyle.FLAGGED;
            default:
                throw new IllegalArgumentException("--play-style must be no_flag or flagged, got '" + name + "'");
        }
    }

    private static void fail(String message) {
        System.err.println("HillHarness: " + message);
        System.exit(2);
    }

    public static void main(String[] args) throws IOException {
        // His solver prints to standard output (a slow move "might be looping"): keep ours for the JSON lines.
        PrintStream results = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true, "UTF-8");
        System.setOut(System.err);

        String settingName = "small";
        String styleName = "no_flag";
        String file = null;
        int ownGames = -1;
        long ownSeed = 0;
        boolean positions = false;
        boolean explain = false;
        boolean log = false;
        boolean longTerm = true;
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--own-games")) {
                if (i + 2 >= args.length) {
                    fail("--own-games needs GAMES and SEED");
                }
                try {
                    ownGames = Integer.parseInt(args[++i]);
                    ownSeed = Long.parseLong(args[++i]);
                } catch (NumberFormatException e) {
                    fail("--own-games needs two whole numbers, GAMES and SEED: " + e.getMessage());
                }
            } else if (args[i].equals("--positions")) {
                positions = true;
            } else if (args[i].equals("--explain")) {
                explain = true;
            } else if (args[i].equals("--log")) {
                log = true;
            } else if (args[i].equals("--long-term")) {
                if (i + 1 >= args.length || !(args[i + 1].equals("on") || args[i + 1].equals("off"))) {
                    fail("--long-term needs on or off");
                }
                longTerm = args[++i].equals("on");
            } else if (args[i].equals("--settings") || args[i].equals("--play-style")) {
                if (i + 1 >= args.length) {
                    fail(args[i] + " needs a value");
                }
                if (args[i].equals("--settings")) {
                    settingName = args[++i];
                } else {
                    styleName = args[++i];
                }
            } else if (args[i].startsWith("--")) {
                fail("unknown option " + args[i] + "; usage: HillHarness [--settings NAME] [--play-style no_flag|flagged] [--long-term on|off] [--explain] [--log] [LAYOUTS_FILE | --positions]");
            } else if (file == null) {
                file = args[i];
            } else {
                fail("more than one layouts file given: " + file + " and " + args[i]);
            }
        }
        SolverSettings settings = null;
        PlayStyle playStyle = null;
        try {
            settings = SettingsFactory.GetSettings(setting(settingName));
            playStyle = style(styleName);
        } catch (IllegalArgumentException e) {
            fail(e.getMessage());
        }
        settings.setSingleThread(true);
        settings.setLongTermSafety(longTerm);
        HillHarness harness = new HillHarness(settings, playStyle);
        harness.explain = explain;
        harness.log = log;
        if (positions) {
            harness.positions(System.in, results);
            results.flush();
            System.exit(0);
        }
        if (ownGames >= 0) {
            harness.ownGames(ownGames, ownSeed, results);
            results.flush();
            System.exit(0);
        }

        InputStream in = System.in;
        if (file != null) {
            try {
                in = new FileInputStream(file);
            } catch (IOException e) {
                fail("cannot read layouts file " + file + ": " + e.getMessage());
            }
        }
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            int lineNumber = 0;
            while ((line = reader.readLine()) != null) {
                lineNumber++;
                String text = line.trim();
                if (text.isEmpty() || text.startsWith("#")) {
                    continue;
                }
                Layout layout = null;
                try {
                    layout = parse(text);
                    if (layout.mine[layout.startCol][layout.startRow]) {
                        throw new IllegalArgumentException("the start " + layout.startRow + "," + layout.startCol + " is a mine");
                    }
                } catch (IllegalArgumentException e) {
                    fail((file == null ? "stdin" : file) + " line " + lineNumber + ": " + e.getMessage());
                }
                results.println(json(layout.id, harness.play(layout)));
            }
        }
        results.flush();
        // His solver's loop-check threads may still be sleeping: do not wait for them.
        System.exit(0);
    }
}
