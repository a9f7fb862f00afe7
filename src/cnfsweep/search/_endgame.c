/*
 * The exact endgame search of cnfsweep.search.endgame_tree, compiled.
 *
 * search_python in endgame_tree.py is the reference: this file runs the same
 * search step for step (the same cell order, the same sorts, the same bounds,
 * the same states memoised in the same order), so it returns the same value,
 * the same move and the same count of expanded states, and gives up at the
 * same node limit. A change to either must be made to both; the tests compare
 * them on many positions.
 *
 * A state is a set of layouts, held as `words` 64-bit words with bit i for
 * layout i. Cells are numbered by their place in the list Python passes in.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t word;

/* The builtin is one instruction only where the target has one: on x86 without
 * POPCNT (the default build) it is a library call, slower than counting inline.
 * With GCC on x86-64 Linux the search's functions are compiled twice instead
 * (target_clones): once with POPCNT, taken where the processor has it (nearly
 * all do), once without, and the loader picks one; the builtin is then the
 * instruction in the first and the library call in the second. */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__) && !defined(__POPCNT__)
#define SEARCH_CLONES __attribute__((target_clones("popcnt", "default")))
#define POPCOUNT(x) ((int64_t)__builtin_popcountll(x))
#else
#define SEARCH_CLONES
#endif
#if defined(SEARCH_CLONES) && defined(POPCOUNT)
#elif (defined(__GNUC__) || defined(__clang__)) && (defined(__POPCNT__) || !(defined(__x86_64__) || defined(__i386__)))
#define POPCOUNT(x) ((int64_t)__builtin_popcountll(x))
#else
static inline int64_t POPCOUNT(word x)
{
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
    return (int64_t)((x * 0x0101010101010101ULL) >> 56);
}
#endif

/* Results of the recursive steps, besides success. */
#define FAILED_MEMORY (-1)
#define OUT_OF_NODES (-2)

/*
 * The scratch space of one depth of the recursion. A state's children are all
 * strict subsets of it, so the depth stays below the number of layouts, and a
 * frame allocated once per depth serves every state met at that depth.
 */
typedef struct {
    int *live;        /* cells still worth a look, passed on to the children */
    int *rest;        /* the cells passed on below a certainly safe split */
    int *cand;        /* candidate cells, then sorted */
    int64_t *alive;   /* layouts where each cell is safe, by cell */
    word *parts;      /* the state met with each group of one cell */
    int64_t *bits;    /* layouts in each part */
    int *order;       /* parts by falling size */
} Frame;

typedef struct {
    Py_ssize_t words;     /* words per state */
    Py_ssize_t cells;
    const word *safe;     /* cells * words: where each cell is safe */
    const word *groups;   /* all groups, cell after cell, words each */
    Py_ssize_t *first;    /* cells + 1 offsets into groups, in groups */
    Py_ssize_t most_groups;
    int64_t expanded;
    int64_t limit;

    /* The memo: an open-addressing table of entry numbers plus one (0 is empty)
     * over growing arrays of keys and answers, so the table can be rebuilt at
     * twice the size from the stored hashes without touching the keys. */
    uint32_t *slots;
    size_t mask;          /* slots - 1, a power of two less one */
    size_t entries, capacity;
    word *keys;
    uint64_t *hashes;
    int64_t *won;
    int *move;

    Frame **frames;       /* one per depth reached */
    size_t depth_allocated;
} Search;

static uint64_t hash_state(const word *state, Py_ssize_t words)
{
    uint64_t h = 0x9e3779b97f4a7c15ULL;
    for (Py_ssize_t j = 0; j < words; j++) {
        h ^= state[j];
        h *= 0xbf58476d1ce4e5b9ULL;
        h ^= h >> 29;
    }
    h *= 0x94d049bb133111ebULL;
    return h ^ (h >> 32);
}

static int memo_find(const Search *s, const word *state, uint64_t h, size_t *found)
{
    for (size_t i = h & s->mask;; i = (i + 1) & s->mask) {
        uint32_t slot = s->slots[i];
        if (!slot)
            return 0;
        size_t e = slot - 1;
        if (s->hashes[e] == h && !memcmp(s->keys + e * s->words, state, s->words * sizeof(word))) {
            *found = e;
            return 1;
        }
    }
}

static int memo_add(Search *s, const word *state, uint64_t h, int64_t won, int move)
{
    if (s->entries == s->capacity) {
        size_t capacity = s->capacity * 2;
        word *keys = realloc(s->keys, capacity * s->words * sizeof(word));
        if (keys)
            s->keys = keys;
        uint64_t *hashes = realloc(s->hashes, capacity * sizeof(uint64_t));
        if (hashes)
            s->hashes = hashes;
        int64_t *wins = realloc(s->won, capacity * sizeof(int64_t));
        if (wins)
            s->won = wins;
        int *moves = realloc(s->move, capacity * sizeof(int));
        if (moves)
            s->move = moves;
        if (!keys || !hashes || !wins || !moves)
            return FAILED_MEMORY;
        s->capacity = capacity;
    }
    /* Keep the table at most half full, so probes stay short. */
    if (2 * (s->entries + 1) > s->mask + 1) {
        if (s->entries >= UINT32_MAX / 2)
            return FAILED_MEMORY;
        size_t size = 2 * (s->mask + 1);
        uint32_t *slots = calloc(size, sizeof(uint32_t));
        if (!slots)
            return FAILED_MEMORY;
        for (size_t e = 0; e < s->entries; e++) {
            size_t i = s->hashes[e] & (size - 1);
            while (slots[i])
                i = (i + 1) & (size - 1);
            slots[i] = (uint32_t)(e + 1);
        }
        free(s->slots);
        s->slots = slots;
        s->mask = size - 1;
    }
    size_t e = s->entries++;
    memcpy(s->keys + e * s->words, state, s->words * sizeof(word));
    s->hashes[e] = h;
    s->won[e] = won;
    s->move[e] = move;
    size_t i = h & s->mask;
    while (s->slots[i])
        i = (i + 1) & s->mask;
    s->slots[i] = (uint32_t)(e + 1);
    return 0;
}

static Frame *frame_at(Search *s, size_t depth)
{
    if (depth < s->depth_allocated)
        return s->frames[depth];
    /* Frames are allocated one by one, so a frame stays where it is while the
     * list of them grows below it: a caller holds its frame across the recursion. */
    Frame **frames = realloc(s->frames, (depth + 1) * sizeof(Frame *));
    if (!frames)
        return NULL;
    s->frames = frames;
    Frame *f = calloc(1, sizeof(Frame));
    if (!f)
        return NULL;
    frames[depth] = f;
    /* Counted before the arrays are checked, so that search_free releases a partial frame. */
    s->depth_allocated = depth + 1;
    size_t n = (size_t)s->cells + 1, g = (size_t)s->most_groups + 1;
    f->live = malloc(n * sizeof(int));
    f->rest = malloc(n * sizeof(int));
    f->cand = malloc(n * sizeof(int));
    f->alive = malloc(n * sizeof(int64_t));
    f->parts = malloc(g * s->words * sizeof(word));
    f->bits = malloc(g * sizeof(int64_t));
    f->order = malloc(g * sizeof(int));
    if (!f->live || !f->rest || !f->cand || !f->alive || !f->parts || !f->bits || !f->order)
        return NULL;
    return f;
}

SEARCH_CLONES static int64_t count_bits(const word *state, Py_ssize_t words)
{
    int64_t total = 0;
    for (Py_ssize_t j = 0; j < words; j++)
        total += POPCOUNT(state[j]);
    return total;
}

SEARCH_CLONES static int solve(Search *s, const word *state, const int *among, Py_ssize_t count, size_t depth,
                               int64_t *won, int *move);

/* The layouts optimal play wins from a nonempty state of `size` layouts. */
SEARCH_CLONES static int value(Search *s, const word *state, int64_t size, const int *among, Py_ssize_t count,
                               size_t depth, int64_t *won)
{
    if (size <= 1) {
        *won = 1;
        return 0;
    }
    int move;
    return solve(s, state, among, count, depth, won, &move);
}

/* Candidates in falling safety, then by cell: the order of sorted(candidates) in Python. */
static void sort_candidates(int *cand, const int64_t *alive, Py_ssize_t count)
{
    for (Py_ssize_t i = 1; i < count; i++) {
        int c = cand[i];
        Py_ssize_t j = i;
        while (j > 0 && (alive[cand[j - 1]] < alive[c] || (alive[cand[j - 1]] == alive[c] && cand[j - 1] > c))) {
            cand[j] = cand[j - 1];
            j--;
        }
        cand[j] = c;
    }
}

SEARCH_CLONES static int solve(Search *s, const word *state, const int *among, Py_ssize_t count, size_t depth,
                               int64_t *won, int *move)
{
    const Py_ssize_t W = s->words;
    uint64_t h = hash_state(state, W);
    size_t e;
    if (memo_find(s, state, h, &e)) {
        *won = s->won[e];
        *move = s->move[e];
        return 0;
    }
    s->expanded++;
    if (s->expanded > s->limit)
        return OUT_OF_NODES;
    Frame *f = frame_at(s, depth);
    if (!f)
        return FAILED_MEMORY;
    int64_t size = count_bits(state, W);
    /* The first layout of the state: word `low_word`, bit `low_bit`. */
    Py_ssize_t low_word = 0;
    while (!state[low_word])
        low_word++;
    word low_bit = state[low_word] & (~state[low_word] + 1);

    Py_ssize_t lives = 0, cands = 0;
    int answered = 0;
    int64_t best = -1;
    int best_move = -1;
    for (Py_ssize_t i = 0; i < count; i++) {
        int c = among[i];
        const word *safe = s->safe + (size_t)c * W;
        int64_t alive = 0;
        for (Py_ssize_t j = 0; j < W; j++)
            alive += POPCOUNT(state[j] & safe[j]);
        if (!alive)
            continue;
        const word *groups = s->groups + (size_t)s->first[c] * W;
        Py_ssize_t ngroups = s->first[c + 1] - s->first[c];
        if (alive == size) {
            /* The state splits unless the group of its first layout holds it all
             * (Python falls through to the last group when none holds it). */
            Py_ssize_t k = 0;
            while (k < ngroups - 1 && !(groups[k * W + low_word] & low_bit))
                k++;
            int holds = 1;
            for (Py_ssize_t j = 0; j < W && holds; j++)
                holds = (state[j] & groups[k * W + j]) == state[j];
            if (holds)
                continue; /* safe and uninformative: clicking it changes nothing */
            /* A certainly safe cell that splits the state is an optimal first
             * move; below it go the live cells so far, then it and every later
             * cell, unfiltered, as in Python. */
            Py_ssize_t rests = lives;
            memcpy(f->rest, f->live, lives * sizeof(int));
            memcpy(f->rest + rests, among + i, (count - i) * sizeof(int));
            rests += count - i;
            int64_t total = 0;
            for (k = 0; k < ngroups; k++) {
                word *part = f->parts;
                for (Py_ssize_t j = 0; j < W; j++)
                    part[j] = state[j] & groups[k * W + j];
                int64_t bits = count_bits(part, W);
                if (!bits)
                    continue;
                int64_t w;
                int status = value(s, part, bits, f->rest, rests, depth + 1, &w);
                if (status)
                    return status;
                total += w;
            }
            best = total;
            best_move = c;
            answered = 1;
            break;
        }
        f->live[lives++] = c;
        f->alive[c] = alive;
        f->cand[cands++] = c;
    }
    if (!answered) {
        sort_candidates(f->cand, f->alive, cands);
        for (Py_ssize_t i = 0; i < cands; i++) {
            int c = f->cand[i];
            int64_t alive = f->alive[c];
            /* W of a move is at most its safe layouts, and safety only falls from here. */
            if (alive <= best)
                break;
            const word *groups = s->groups + (size_t)s->first[c] * W;
            Py_ssize_t ngroups = s->first[c + 1] - s->first[c], parts = 0;
            for (Py_ssize_t k = 0; k < ngroups; k++) {
                word *part = f->parts + parts * W;
                for (Py_ssize_t j = 0; j < W; j++)
                    part[j] = state[j] & groups[k * W + j];
                int64_t bits = count_bits(part, W);
                if (!bits)
                    continue;
                /* Insertion keeps equal sizes in group order: Python's stable sort. */
                Py_ssize_t at = parts;
                while (at > 0 && f->bits[f->order[at - 1]] < bits) {
                    f->order[at] = f->order[at - 1];
                    at--;
                }
                f->order[at] = (int)parts;
                f->bits[parts++] = bits;
            }
            int64_t total = 0, rest = alive;
            int cut = 0;
            for (Py_ssize_t k = 0; k < parts; k++) {
                int p = f->order[k];
                int64_t w;
                int status = value(s, f->parts + (size_t)p * W, f->bits[p], f->live, lives, depth + 1, &w);
                if (status)
                    return status;
                total += w;
                rest -= f->bits[p];
                /* Even winning every layout still to come could not beat the best move. */
                if (total + rest <= best) {
                    cut = 1;
                    break;
                }
            }
            if (!cut && total > best) {
                best = total;
                best_move = c;
            }
        }
    }
    int status = memo_add(s, state, h, best, best_move);
    if (status)
        return status;
    *won = best;
    *move = best_move;
    return 0;
}

static void search_free(Search *s)
{
    for (size_t d = 0; d < s->depth_allocated; d++) {
        Frame *f = s->frames[d];
        free(f->live);
        free(f->rest);
        free(f->cand);
        free(f->alive);
        free(f->parts);
        free(f->bits);
        free(f->order);
        free(f);
    }
    free(s->frames);
    free(s->slots);
    free(s->keys);
    free(s->hashes);
    free(s->won);
    free(s->move);
    free(s->first);
    free((void *)s->safe);
    free((void *)s->groups);
}

/* Little-endian bytes to words, whatever the machine's own byte order. */
static word *read_words(const unsigned char *bytes, size_t count)
{
    word *out = malloc((count ? count : 1) * sizeof(word));
    if (!out)
        return NULL;
    for (size_t i = 0; i < count; i++) {
        word w = 0;
        for (int b = 7; b >= 0; b--)
            w = (w << 8) | bytes[8 * i + b];
        out[i] = w;
    }
    return out;
}

PyDoc_STRVAR(solve_doc,
"solve(count, safe, groups, sizes, node_limit)\n"
"--\n\n"
"Search the game tree from the state of all `count` layouts.\n\n"
"`safe` holds, cell after cell, the layouts where each cell is safe, and\n"
"`groups` each cell's groups in turn (`sizes[c]` of them), every mask as\n"
"ceil(count / 64) little-endian 64-bit words. Return (won, cell, expanded),\n"
"the cell being a place in this list, or None past `node_limit` expanded states.");

static PyObject *endgame_solve(PyObject *module, PyObject *args)
{
    (void)module;
    Py_ssize_t count;
    Py_buffer safe, groups;
    PyObject *sizes;
    long long limit;
    if (!PyArg_ParseTuple(args, "ny*y*OL:solve", &count, &safe, &groups, &sizes, &limit))
        return NULL;
    PyObject *result = NULL, *seq = NULL;
    Search s;
    memset(&s, 0, sizeof(s));
    if (count < 2) {
        PyErr_SetString(PyExc_ValueError, "solve needs at least two layouts");
        goto done;
    }
    seq = PySequence_Fast(sizes, "sizes must be a sequence of group counts");
    if (!seq)
        goto done;
    s.words = (count + 63) / 64;
    s.cells = PySequence_Fast_GET_SIZE(seq);
    if (s.cells >= INT32_MAX) {
        PyErr_SetString(PyExc_ValueError, "too many cells");
        goto done;
    }
    s.first = malloc((s.cells + 1) * sizeof(Py_ssize_t));
    if (!s.first) {
        PyErr_NoMemory();
        goto done;
    }
    s.first[0] = 0;
    for (Py_ssize_t c = 0; c < s.cells; c++) {
        Py_ssize_t n = PyLong_AsSsize_t(PySequence_Fast_GET_ITEM(seq, c));
        if (n == -1 && PyErr_Occurred())
            goto done;
        if (n < 1) {
            PyErr_SetString(PyExc_ValueError, "every cell needs at least one group");
            goto done;
        }
        s.first[c + 1] = s.first[c] + n;
        if (n > s.most_groups)
            s.most_groups = n;
    }
    size_t stride = (size_t)s.words * 8;
    if ((size_t)safe.len != s.cells * stride || (size_t)groups.len != s.first[s.cells] * stride) {
        PyErr_SetString(PyExc_ValueError, "mask bytes do not match the counts of cells, groups and layouts");
        goto done;
    }
    s.safe = read_words(safe.buf, s.cells * s.words);
    s.groups = read_words(groups.buf, s.first[s.cells] * s.words);
    s.capacity = 1024;
    s.mask = 2 * s.capacity - 1;
    s.slots = calloc(s.mask + 1, sizeof(uint32_t));
    s.keys = malloc(s.capacity * s.words * sizeof(word));
    s.hashes = malloc(s.capacity * sizeof(uint64_t));
    s.won = malloc(s.capacity * sizeof(int64_t));
    s.move = malloc(s.capacity * sizeof(int));
    word *full = calloc(s.words, sizeof(word));
    int *cells = malloc((s.cells ? s.cells : 1) * sizeof(int));
    if (!s.safe || !s.groups || !s.slots || !s.keys || !s.hashes || !s.won || !s.move || !full || !cells) {
        free(full);
        free(cells);
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < count; i++)
        full[i / 64] |= (word)1 << (i % 64);
    for (Py_ssize_t c = 0; c < s.cells; c++)
        cells[c] = (int)c;
    s.limit = limit;
    int64_t won = 0;
    int move = -1, status;
    /* The search touches no Python object: other threads may run meanwhile. */
    Py_BEGIN_ALLOW_THREADS
    status = solve(&s, full, cells, s.cells, 0, &won, &move);
    Py_END_ALLOW_THREADS
    free(full);
    free(cells);
    if (status == FAILED_MEMORY)
        PyErr_NoMemory();
    else if (status == OUT_OF_NODES)
        result = Py_NewRef(Py_None);
    else
        result = Py_BuildValue("LiL", (long long)won, move, (long long)s.expanded);
done:
    search_free(&s);
    Py_XDECREF(seq);
    PyBuffer_Release(&safe);
    PyBuffer_Release(&groups);
    return result;
}

/* ------------------------------------------------------------------ observe
 *
 * observe(count, around, base, leaves, off) does what cnfsweep.search.endgame._observations and the cell
 * filter of _search_layouts do in Python, on the layouts as the layout enumeration leaves them (each leaf
 * a frontier placement and how many mines go off the frontier, spread over ``off`` in the order of
 * itertools.combinations), and returns the arguments solve takes: (cells, safe, groups, sizes).  The same
 * layouts in the same order, the same observation per click (the number, or the cells a zero floods open
 * with their numbers), the same groups in the order they first come up, the same cells kept. */

/* One cell's groups: the observation of each, and the layouts that show it. */
typedef struct {
    Py_ssize_t n, cap;
    int *number;        /* the number shown, or -1: a zero's flood, its cells and numbers in key[at[g]..] */
    Py_ssize_t *at, *len;
    uint64_t *hash;
    word *mask;         /* cap rows of words */
} Groups;

typedef struct {
    int *pool;          /* every flood's (cell, number) pairs */
    Py_ssize_t used, cap;
} Pool;

static int pool_reserve(Pool *p, Py_ssize_t more)
{
    if (p->used + more <= p->cap)
        return 0;
    Py_ssize_t cap = p->cap ? p->cap : 1024;
    while (cap < p->used + more)
        cap *= 2;
    int *grown = realloc(p->pool, (size_t)cap * sizeof(int));
    if (!grown)
        return -1;
    p->pool = grown;
    p->cap = cap;
    return 0;
}

static int groups_add(Groups *g, Py_ssize_t words)
{
    if (g->n == g->cap) {
        Py_ssize_t cap = g->cap ? 2 * g->cap : 4;
        int *number = realloc(g->number, (size_t)cap * sizeof(int));
        if (number)
            g->number = number;
        Py_ssize_t *at = number ? realloc(g->at, (size_t)cap * sizeof(Py_ssize_t)) : NULL;
        if (at)
            g->at = at;
        Py_ssize_t *len = at ? realloc(g->len, (size_t)cap * sizeof(Py_ssize_t)) : NULL;
        if (len)
            g->len = len;
        uint64_t *hash = len ? realloc(g->hash, (size_t)cap * sizeof(uint64_t)) : NULL;
        if (hash)
            g->hash = hash;
        word *mask = hash ? realloc(g->mask, (size_t)cap * words * sizeof(word)) : NULL;
        if (!mask)
            return -1;
        g->mask = mask;
        g->cap = cap;
    }
    memset(g->mask + (size_t)g->n * words, 0, (size_t)words * sizeof(word));
    return (int)g->n++;
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* Read a sequence of small non-negative ints below `top`; -1 on error (set). */
static int read_indices(PyObject *obj, Py_ssize_t top, int **out, Py_ssize_t *n)
{
    PyObject *seq = PySequence_Fast(obj, "expected a sequence of cell indices");
    if (!seq)
        return -1;
    *n = PySequence_Fast_GET_SIZE(seq);
    *out = malloc((size_t)(*n ? *n : 1) * sizeof(int));
    if (!*out) {
        Py_DECREF(seq);
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < *n; i++) {
        Py_ssize_t v = PyLong_AsSsize_t(PySequence_Fast_GET_ITEM(seq, i));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
        if (v < 0 || v >= top) {
            Py_DECREF(seq);
            PyErr_SetString(PyExc_ValueError, "a cell index out of range");
            return -1;
        }
        (*out)[i] = (int)v;
    }
    Py_DECREF(seq);
    return 0;
}

static void write_words(unsigned char *out, const word *w, Py_ssize_t words)
{
    for (Py_ssize_t i = 0; i < words; i++)
        for (int b = 0; b < 8; b++)
            *out++ = (unsigned char)(w[i] >> (8 * b));
}

PyDoc_STRVAR(observe_doc,
"observe(count, around, base, leaves, off)\n"
"--\n\n"
"Return solve's (cells, safe, groups, sizes) for the `count` layouts the leaves make:\n"
"`around[c]` are covered cell c's covered neighbours, `base[c]` the flags around it,\n"
"each leaf (mined cells, mines off the frontier) spread over `off` as itertools.combinations.");

static PyObject *endgame_observe(PyObject *module, PyObject *args)
{
    (void)module;
    Py_ssize_t count;
    PyObject *around_obj, *base_obj, *leaves_obj, *off_obj;
    if (!PyArg_ParseTuple(args, "nOOOO:observe", &count, &around_obj, &base_obj, &leaves_obj, &off_obj))
        return NULL;
    PyObject *result = NULL, *around_seq = NULL, *leaves_seq = NULL, *cells_list = NULL, *sizes_list = NULL;
    PyObject *safe_bytes = NULL, *group_bytes = NULL;
    Py_ssize_t n = 0, n_off = 0, words = (count + 63) / 64, n_base = 0;
    int *near = NULL, *base = NULL, *off = NULL, *number = NULL, *stamp = NULL, *region = NULL, *stack = NULL;
    int *opened = NULL, *mines = NULL, *pick = NULL, *region_len = NULL;
    Py_ssize_t *first = NULL;
    char *mined = NULL;
    word *mine_mask = NULL;
    Groups *groups = NULL;
    Pool pool = {NULL, 0, 0};
    if (count < 1) {
        PyErr_SetString(PyExc_ValueError, "observe needs at least one layout");
        return NULL;
    }
    if (!(around_seq = PySequence_Fast(around_obj, "around must be a sequence")))
        goto done;
    n = PySequence_Fast_GET_SIZE(around_seq);
    if (n >= INT32_MAX) {
        PyErr_SetString(PyExc_ValueError, "too many cells");
        goto done;
    }
    if (!(first = malloc((size_t)(n + 1) * sizeof(Py_ssize_t))))
        goto no_memory;
    first[0] = 0;
    for (Py_ssize_t c = 0; c < n; c++) {
        int *these = NULL;
        Py_ssize_t k = 0;
        if (read_indices(PySequence_Fast_GET_ITEM(around_seq, c), n, &these, &k) < 0) {
            free(these);
            goto done;
        }
        int *grown = realloc(near, (size_t)(first[c] + k + 1) * sizeof(int));
        if (!grown) {
            free(these);
            goto no_memory;
        }
        near = grown;
        memcpy(near + first[c], these, (size_t)k * sizeof(int));
        first[c + 1] = first[c] + k;
        free(these);
    }
    if (read_indices(off_obj, n, &off, &n_off) < 0)
        goto done;
    {
        PyObject *seq = PySequence_Fast(base_obj, "base must be a sequence");
        if (!seq)
            goto done;
        n_base = PySequence_Fast_GET_SIZE(seq);
        base = malloc((size_t)(n ? n : 1) * sizeof(int));
        for (Py_ssize_t c = 0; base && c < n && c < n_base; c++) {
            long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, c));
            if (v == -1 && PyErr_Occurred()) {
                Py_DECREF(seq);
                goto done;
            }
            base[c] = (int)v;
        }
        Py_DECREF(seq);
        if (!base)
            goto no_memory;
        if (n_base != n) {
            PyErr_SetString(PyExc_ValueError, "one base count a cell");
            goto done;
        }
    }
    if (!(leaves_seq = PySequence_Fast(leaves_obj, "leaves must be a sequence")))
        goto done;
    number = malloc((size_t)(n ? n : 1) * sizeof(int));
    stamp = calloc((size_t)(n ? n : 1), sizeof(int));
    region = malloc((size_t)(n ? n : 1) * sizeof(int));
    region_len = malloc((size_t)(n ? n : 1) * sizeof(int));
    stack = malloc((size_t)(n ? n : 1) * sizeof(int));
    opened = malloc((size_t)(n ? n : 1) * sizeof(int));
    mines = malloc((size_t)(n ? n : 1) * sizeof(int));
    pick = malloc((size_t)(n_off + 1) * sizeof(int));
    mined = malloc((size_t)(n ? n : 1));
    mine_mask = calloc((size_t)(n ? n : 1) * words, sizeof(word));
    groups = calloc((size_t)(n ? n : 1), sizeof(Groups));
    if (!number || !stamp || !region || !region_len || !stack || !opened || !mines || !pick || !mined || !mine_mask || !groups)
        goto no_memory;
    Py_ssize_t layout = 0;
    int visit = 0;
    for (Py_ssize_t leaf = 0; leaf < PySequence_Fast_GET_SIZE(leaves_seq); leaf++) {
        PyObject *item = PySequence_Fast_GET_ITEM(leaves_seq, leaf);
        if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) != 2) {
            PyErr_SetString(PyExc_TypeError, "each leaf must be a (mined cells, mines off the frontier) pair");
            goto done;
        }
        int *fixed = NULL;
        Py_ssize_t n_fixed = 0;
        if (read_indices(PyTuple_GET_ITEM(item, 0), n, &fixed, &n_fixed) < 0) {
            free(fixed);
            goto done;
        }
        Py_ssize_t rest = PyLong_AsSsize_t(PyTuple_GET_ITEM(item, 1));
        if ((rest == -1 && PyErr_Occurred()) || rest < 0 || rest > n_off) {
            free(fixed);
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "a leaf's mines off the frontier out of range");
            goto done;
        }
        for (Py_ssize_t i = 0; i < rest; i++)
            pick[i] = (int)i;
        for (;;) {
            if (layout >= count) {
                free(fixed);
                PyErr_SetString(PyExc_ValueError, "more layouts than count");
                goto done;
            }
            Py_ssize_t n_mines = 0;
            for (Py_ssize_t i = 0; i < n_fixed; i++)
                mines[n_mines++] = fixed[i];
            for (Py_ssize_t i = 0; i < rest; i++)
                mines[n_mines++] = off[pick[i]];
            /* The layout's numbers: the flags around each cell, and one for each mine next to it. */
            memcpy(number, base, (size_t)n * sizeof(int));
            memset(mined, 0, (size_t)n);
            word bit = (word)1 << (layout % 64);
            Py_ssize_t at_word = layout / 64;
            for (Py_ssize_t i = 0; i < n_mines; i++) {
                int k = mines[i];
                mined[k] = 1;
                mine_mask[(size_t)k * words + at_word] |= bit;
                for (Py_ssize_t j = first[k]; j < first[k + 1]; j++)
                    number[near[j]]++;
            }
            for (Py_ssize_t c = 0; c < n; c++)
                region[c] = -1;
            /* Each zero's flood once: every zero of a region opens the same cells. */
            for (Py_ssize_t c = 0; c < n; c++) {
                if (mined[c])
                    continue;
                Groups *g = &groups[c];
                int shown = number[c];
                Py_ssize_t at = 0, len = 0;
                uint64_t hash = (uint64_t)shown;
                if (shown == 0) {
                    if (region[c] < 0) {
                        visit++;
                        Py_ssize_t top = 0, got = 0;
                        stamp[c] = visit;
                        opened[got++] = (int)c;
                        stack[top++] = (int)c;
                        while (top) {
                            int j = stack[--top];
                            for (Py_ssize_t e = first[j]; e < first[j + 1]; e++) {
                                int k = near[e];
                                if (stamp[k] != visit) {
                                    stamp[k] = visit;
                                    opened[got++] = k;
                                    if (!number[k])
                                        stack[top++] = k;
                                }
                            }
                        }
                        qsort(opened, (size_t)got, sizeof(int), cmp_int);
                        if (pool_reserve(&pool, 2 * got) < 0) {
                            free(fixed);
                            goto no_memory;
                        }
                        int key = (int)pool.used;
                        for (Py_ssize_t i = 0; i < got; i++) {
                            pool.pool[pool.used++] = opened[i];
                            pool.pool[pool.used++] = number[opened[i]];
                            if (!number[opened[i]]) {
                                region[opened[i]] = key;
                                region_len[opened[i]] = (int)(2 * got);
                            }
                        }
                    }
                    at = region[c];
                    len = region_len[c];
                    hash = 1469598103934665603ULL;
                    for (Py_ssize_t i = 0; i < len; i++)
                        hash = (hash ^ (uint64_t)(unsigned)pool.pool[at + i]) * 1099511628211ULL;
                }
                Py_ssize_t found = -1;
                for (Py_ssize_t q = 0; q < g->n; q++) {
                    if (g->hash[q] != hash || g->number[q] != (shown ? shown : -1))
                        continue;
                    if (shown || (g->len[q] == len && !memcmp(pool.pool + g->at[q], pool.pool + at, (size_t)len * sizeof(int)))) {
                        found = q;
                        break;
                    }
                }
                if (found < 0) {
                    int q = groups_add(g, words);
                    if (q < 0) {
                        free(fixed);
                        goto no_memory;
                    }
                    g->number[q] = shown ? shown : -1;
                    g->at[q] = at;
                    g->len[q] = len;
                    g->hash[q] = hash;
                    found = q;
                }
                g->mask[(size_t)found * words + at_word] |= bit;
            }
            layout++;
            /* The next combination of `rest` of the cells off the frontier, as itertools.combinations. */
            Py_ssize_t i = rest - 1;
            while (i >= 0 && pick[i] == (int)(i + n_off - rest))
                i--;
            if (i < 0)
                break;
            pick[i]++;
            for (Py_ssize_t j = i + 1; j < rest; j++)
                pick[j] = pick[j - 1] + 1;
        }
        free(fixed);
    }
    if (layout != count) {
        PyErr_SetString(PyExc_ValueError, "fewer layouts than count");
        goto done;
    }
    /* The cells worth a click: not a mine in every layout, and a mine in some or showing more than one thing. */
    word *full = calloc((size_t)words, sizeof(word));
    if (!full)
        goto no_memory;
    for (Py_ssize_t i = 0; i < count; i++)
        full[i / 64] |= (word)1 << (i % 64);
    Py_ssize_t kept = 0, kept_groups = 0;
    char *keep = calloc((size_t)(n ? n : 1), 1);
    if (!keep) {
        free(full);
        goto no_memory;
    }
    for (Py_ssize_t c = 0; c < n; c++) {
        const word *m = mine_mask + (size_t)c * words;
        int all = !memcmp(m, full, (size_t)words * sizeof(word)), any = 0;
        for (Py_ssize_t i = 0; i < words; i++)
            any |= m[i] != 0;
        if (!all && (any || groups[c].n > 1)) {
            keep[c] = 1;
            kept++;
            kept_groups += groups[c].n;
        }
    }
    size_t stride = (size_t)words * 8;
    cells_list = PyList_New(kept);
    sizes_list = PyList_New(kept);
    safe_bytes = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(kept * stride));
    group_bytes = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(kept_groups * stride));
    if (!cells_list || !sizes_list || !safe_bytes || !group_bytes) {
        free(full);
        free(keep);
        goto done;
    }
    unsigned char *safe_out = (unsigned char *)PyBytes_AS_STRING(safe_bytes);
    unsigned char *group_out = (unsigned char *)PyBytes_AS_STRING(group_bytes);
    word *safe_words = malloc((size_t)words * sizeof(word));
    if (!safe_words) {
        free(full);
        free(keep);
        goto no_memory;
    }
    Py_ssize_t at = 0;
    for (Py_ssize_t c = 0; c < n; c++) {
        if (!keep[c])
            continue;
        PyObject *index = PyLong_FromSsize_t(c), *size = PyLong_FromSsize_t(groups[c].n);
        if (!index || !size) {
            Py_XDECREF(index);
            Py_XDECREF(size);
            free(full);
            free(keep);
            free(safe_words);
            goto done;
        }
        PyList_SET_ITEM(cells_list, at, index);
        PyList_SET_ITEM(sizes_list, at, size);
        for (Py_ssize_t i = 0; i < words; i++)
            safe_words[i] = full[i] ^ mine_mask[(size_t)c * words + i];
        write_words(safe_out + (size_t)at * stride, safe_words, words);
        for (Py_ssize_t q = 0; q < groups[c].n; q++) {
            write_words(group_out, groups[c].mask + (size_t)q * words, words);
            group_out += stride;
        }
        at++;
    }
    free(full);
    free(keep);
    free(safe_words);
    result = PyTuple_Pack(4, cells_list, safe_bytes, group_bytes, sizes_list);
    goto done;
no_memory:
    PyErr_NoMemory();
done:
    Py_XDECREF(around_seq);
    Py_XDECREF(leaves_seq);
    Py_XDECREF(cells_list);
    Py_XDECREF(sizes_list);
    Py_XDECREF(safe_bytes);
    Py_XDECREF(group_bytes);
    free(near);
    free(first);
    free(base);
    free(off);
    free(number);
    free(stamp);
    free(region);
    free(region_len);
    free(stack);
    free(opened);
    free(mines);
    free(pick);
    free(mined);
    free(mine_mask);
    for (Py_ssize_t c = 0; groups && c < n; c++) {
        free(groups[c].number);
        free(groups[c].at);
        free(groups[c].len);
        free(groups[c].hash);
        free(groups[c].mask);
    }
    free(groups);
    free(pool.pool);
    return result;
}

#ifdef __SIZEOF_INT128__
/* ------------------------------------------------------------------ leaves
 *
 * leaves(order, touching, need, sizes, left, n_off, limit) runs the placement search of
 * cnfsweep.search.endgame._leaves step for step (the same cells in the same order, 0 before 1, the same
 * checks): it returns the same leaves, each (mined cells, mines off the frontier), and their count of
 * layouts, or None as soon as the count passes `limit`. */

typedef struct {
    Py_ssize_t n_order;
    const int *order, *first, *link;   /* link[first[d]..first[d+1]]: the rules touching order[d] */
    const long *need;
    long *mines_in, *open_in;
    long left, n_off;
    long long limit, count;
    int *chosen;
    Py_ssize_t n_chosen;
    PyObject *leaves;
} Place;

/* C(n, k) capped past `cap`: a leaf past the limit needs no more than that. */
static long long capped_comb(long n, long k, long long cap)
{
    if (k < 0 || k > n)
        return 0;
    if (k > n - k)
        k = n - k;
    unsigned __int128 v = 1;
    for (long i = 1; i <= k; i++) {
        v = v * (unsigned __int128)(n - k + i) / (unsigned __int128)i;
        if (v > (unsigned __int128)cap)
            return cap + 1;
    }
    return (long long)v;
}

/* 1 to go on, 0 past the limit, -1 on error. */
static int place(Place *p, Py_ssize_t depth, long placed)
{
    if (depth == p->n_order) {
        long rest = p->left - placed;
        long long ways = capped_comb(p->n_off, rest, p->limit);
        p->count += ways;
        PyObject *mined = PyTuple_New(p->n_chosen);
        if (!mined)
            return -1;
        for (Py_ssize_t i = 0; i < p->n_chosen; i++) {
            PyObject *v = PyLong_FromLong(p->chosen[i]);
            if (!v) {
                Py_DECREF(mined);
                return -1;
            }
            PyTuple_SET_ITEM(mined, i, v);
        }
        PyObject *leaf = Py_BuildValue("(Nl)", mined, rest);
        if (!leaf || PyList_Append(p->leaves, leaf) < 0) {
            Py_XDECREF(leaf);
            return -1;
        }
        Py_DECREF(leaf);
        return p->count <= p->limit;
    }
    int v = p->order[depth];
    long unassigned = (long)(p->n_order - depth - 1) + p->n_off;
    for (long value = 0; value <= 1; value++) {
        /* The total must stay reachable: neither exceeded nor out of reach. */
        if (!(placed + value <= p->left && p->left <= placed + value + unassigned))
            continue;
        int ok = 1, going = 1;
        for (int e = p->first[depth]; e < p->first[depth + 1]; e++) {
            int k = p->link[e];
            p->open_in[k]--;
            p->mines_in[k] += value;
            if (!(p->mines_in[k] <= p->need[k] && p->need[k] <= p->mines_in[k] + p->open_in[k]))
                ok = 0;
        }
        if (ok) {
            if (value)
                p->chosen[p->n_chosen++] = v;
            going = place(p, depth + 1, placed + value);
            if (value)
                p->n_chosen--;
        }
        for (int e = p->first[depth]; e < p->first[depth + 1]; e++) {
            int k = p->link[e];
            p->open_in[k]++;
            p->mines_in[k] -= value;
        }
        if (ok && going <= 0)
            return going;
    }
    return 1;
}

PyDoc_STRVAR(leaves_doc,
"leaves(order, touching, need, sizes, left, n_off, limit)\n"
"--\n\n"
"Return (leaves, count) as cnfsweep.search.endgame._leaves finds them, or None past `limit` layouts:\n"
"`touching[d]` are the rules that cell order[d] is in, `sizes` every rule's cells.");

static PyObject *endgame_leaves(PyObject *module, PyObject *args)
{
    (void)module;
    PyObject *order_obj, *touching_obj, *need_obj, *sizes_obj;
    long left, n_off;
    long long limit;
    if (!PyArg_ParseTuple(args, "OOOOllL:leaves", &order_obj, &touching_obj, &need_obj, &sizes_obj, &left, &n_off, &limit))
        return NULL;
    PyObject *result = NULL, *touching = NULL;
    int *order = NULL, *first = NULL, *link = NULL, *chosen = NULL, *need_i = NULL, *sizes_i = NULL;
    long *need = NULL, *mines_in = NULL, *open_in = NULL;
    Py_ssize_t n_order = 0, n_rules = 0, n_sizes = 0, n_links = 0;
    Place p;
    memset(&p, 0, sizeof(p));
    if (limit < 0 || n_off < 0 || left < 0) {
        PyErr_SetString(PyExc_ValueError, "leaves needs a limit, cells and mines that are not negative");
        return NULL;
    }
    if (read_indices(order_obj, INT32_MAX, &order, &n_order) < 0 ||
        read_indices(need_obj, INT32_MAX, &need_i, &n_rules) < 0 ||
        read_indices(sizes_obj, INT32_MAX, &sizes_i, &n_sizes) < 0)
        goto done;
    if (n_sizes != n_rules) {
        PyErr_SetString(PyExc_ValueError, "one size a rule");
        goto done;
    }
    if (!(touching = PySequence_Fast(touching_obj, "touching must be a sequence")))
        goto done;
    if (PySequence_Fast_GET_SIZE(touching) != n_order) {
        PyErr_SetString(PyExc_ValueError, "one list of rules a cell of the order");
        goto done;
    }
    if (!(first = malloc((size_t)(n_order + 1) * sizeof(int))))
        goto no_memory;
    first[0] = 0;
    for (Py_ssize_t d = 0; d < n_order; d++) {
        int *these = NULL;
        Py_ssize_t k = 0;
        if (read_indices(PySequence_Fast_GET_ITEM(touching, d), n_rules, &these, &k) < 0) {
            free(these);
            goto done;
        }
        int *grown = realloc(link, (size_t)(n_links + k + 1) * sizeof(int));
        if (!grown) {
            free(these);
            goto no_memory;
        }
        link = grown;
        memcpy(link + n_links, these, (size_t)k * sizeof(int));
        n_links += k;
        first[d + 1] = (int)n_links;
        free(these);
    }
    need = malloc((size_t)(n_rules + 1) * sizeof(long));
    mines_in = calloc((size_t)(n_rules + 1), sizeof(long));
    open_in = malloc((size_t)(n_rules + 1) * sizeof(long));
    chosen = malloc((size_t)(n_order + 1) * sizeof(int));
    if (!need || !mines_in || !open_in || !chosen)
        goto no_memory;
    for (Py_ssize_t k = 0; k < n_rules; k++) {
        need[k] = need_i[k];
        open_in[k] = sizes_i[k];
    }
    p.n_order = n_order;
    p.order = order;
    p.first = first;
    p.link = link ? link : first;
    p.need = need;
    p.mines_in = mines_in;
    p.open_in = open_in;
    p.left = left;
    p.n_off = n_off;
    p.limit = limit;
    p.chosen = chosen;
    if (!(p.leaves = PyList_New(0)))
        goto done;
    int got = place(&p, 0, 0);
    if (got < 0)
        goto done;
    if (got == 0)
        result = Py_NewRef(Py_None);
    else
        result = Py_BuildValue("(OL)", p.leaves, p.count);
    goto done;
no_memory:
    PyErr_NoMemory();
done:
    Py_XDECREF(p.leaves);
    Py_XDECREF(touching);
    free(order);
    free(first);
    free(link);
    free(chosen);
    free(need_i);
    free(sizes_i);
    free(need);
    free(mines_in);
    free(open_in);
    return result;
}
#endif

static PyMethodDef endgame_methods[] = {
    {"solve", endgame_solve, METH_VARARGS, solve_doc},
    {"observe", endgame_observe, METH_VARARGS, observe_doc},
#ifdef __SIZEOF_INT128__
    {"leaves", endgame_leaves, METH_VARARGS, leaves_doc},
#endif
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef endgame_module = {
    PyModuleDef_HEAD_INIT,
    "_endgame",
    "The exact endgame search of cnfsweep.search.endgame_tree, compiled.",
    -1,
    endgame_methods,
    NULL,
    NULL,
    NULL,
    NULL,
};

PyMODINIT_FUNC PyInit__endgame(void)
{
    return PyModule_Create(&endgame_module);
}
