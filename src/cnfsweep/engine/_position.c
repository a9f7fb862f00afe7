/*
 * Reading a board's numbers in C: cnfsweep.engine._position.
 *
 * Each step works on plain C arrays (CRules: rules over integer cell indices;
 * CSplit: components, boxes and variables), so that board_parts goes from the
 * board's bytes to its Components without a Python object between the steps.
 * The Python-facing functions (number_rules, simplify_rules, split_boxes,
 * name_components) read their arguments into those arrays, run the same step
 * and write its answer back as Python objects: one implementation of each step,
 * which the tests compare with the Python code through them.
 *
 * number_rules(flat, cells, around, rule, every, check) follows
 * cnfsweep.engine.position.number_constraints (with no assumed cells) step by
 * step: for each cell of ``flat`` (the board's characters, row-major bytes)
 * showing a number, in order, the Rule ``rule((cell, unknown, need))`` of its
 * covered neighbours as ``around`` lists them (flags counted off ``need``),
 * leaving out, unless ``every``, the rules with no cell and no mine to place.
 * ``check`` (a callable, or None) is called before every 4096 numbers, where
 * the Python code reads the deadline; whatever it raises comes through.
 * ``cells`` None names every cell by its index, the neighbours by the ints
 * ``around`` holds: the rules over indices without a table of indices.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>
#if PY_VERSION_HEX < 0x030B0000
#include <longintrepr.h> /* ob_digit: Python.h includes it itself from 3.11 */
#endif

/* A neighbour's index, read straight from its int object where it is small (every board's are), else by
 * PyLong_AsSsize_t: that call for each neighbour of each number was a tenth of a cold analysis's
 * instructions.  3.12 and later say how through their unstable API; before, one digit holds it. */
static inline Py_ssize_t
index_of(PyObject *o)
{
#if PY_VERSION_HEX >= 0x030C0000
    if (PyLong_CheckExact(o) && PyUnstable_Long_IsCompact((PyLongObject *)o))
        return (Py_ssize_t)PyUnstable_Long_CompactValue((PyLongObject *)o);
#else
    if (PyLong_CheckExact(o) && (Py_SIZE(o) == 0 || Py_SIZE(o) == 1))
        return Py_SIZE(o) ? (Py_ssize_t)((PyLongObject *)o)->ob_digit[0] : 0;
#endif
    return PyLong_AsSsize_t(o);
}

/* ------------------------------------------------------------------ CRules
 *
 * Rules over integer cells in compressed rows: rule i's cells are
 * cells[start[i] .. start[i + 1]), the mines among them need[i], and tag[i] what
 * names the rule (its number's cell, or its place in a caller's list).
 */

typedef struct {
    Py_ssize_t n, rule_cap, cell_cap;
    Py_ssize_t *start, *cells, *tag;
    long *need;
} CRules;

static void
crules_free(CRules *r)
{
    PyMem_Free(r->start);
    PyMem_Free(r->cells);
    PyMem_Free(r->tag);
    PyMem_Free(r->need);
    memset(r, 0, sizeof(*r));
}

/* Room for ``rules`` rules and ``cells`` cells in all; keeps what is there. */
static int
crules_reserve(CRules *r, Py_ssize_t rules, Py_ssize_t cells)
{
    if (r->start == NULL || rules > r->rule_cap) {
        Py_ssize_t cap = rules > 2 * r->rule_cap ? rules : 2 * r->rule_cap;
        Py_ssize_t *start = PyMem_Realloc(r->start, (cap + 1) * sizeof(Py_ssize_t));
        if (start == NULL)
            return PyErr_NoMemory(), -1;
        r->start = start;
        if (r->n == 0)
            start[0] = 0;
        Py_ssize_t *tag = PyMem_Realloc(r->tag, (cap ? cap : 1) * sizeof(Py_ssize_t));
        if (tag == NULL)
            return PyErr_NoMemory(), -1;
        r->tag = tag;
        long *need = PyMem_Realloc(r->need, (cap ? cap : 1) * sizeof(long));
        if (need == NULL)
            return PyErr_NoMemory(), -1;
        r->need = need;
        r->rule_cap = cap;
    }
    if (r->cells == NULL || cells > r->cell_cap) {
        Py_ssize_t cap = cells > 2 * r->cell_cap ? cells : 2 * r->cell_cap;
        Py_ssize_t *more = PyMem_Realloc(r->cells, (cap ? cap : 1) * sizeof(Py_ssize_t));
        if (more == NULL)
            return PyErr_NoMemory(), -1;
        r->cells = more;
        r->cell_cap = cap;
    }
    return 0;
}

/* Append a rule (its cells copied). */
static int
crules_add(CRules *r, Py_ssize_t tag, long need, const Py_ssize_t *cells, Py_ssize_t len)
{
    if (crules_reserve(r, r->n + 1, (r->start ? r->start[r->n] : 0) + len) < 0)
        return -1;
    Py_ssize_t at = r->start[r->n];
    memcpy(r->cells + at, cells, len * sizeof(Py_ssize_t));
    r->tag[r->n] = tag;
    r->need[r->n] = need;
    r->start[++r->n] = at + len;
    return 0;
}

/* The rules of the board's numbers as number_rules reads them, each cell by its index. */
static int
read_numbers(const char *flat, Py_ssize_t n, PyObject *around, int every, PyObject *check, CRules *out)
{
    if (PyTuple_GET_SIZE(around) < n) {
        PyErr_SetString(PyExc_ValueError, "the tables are shorter than the board");
        return -1;
    }
    if (crules_reserve(out, 16, 128) < 0)
        return -1;
    Py_ssize_t numbers = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        char ch = flat[i];
        if (ch < '0' || ch > '8')
            continue;
        if (numbers++ % 4096 == 0 && check != Py_None) {
            PyObject *r = PyObject_CallNoArgs(check);
            if (r == NULL)
                return -1;
            Py_DECREF(r);
        }
        long need = ch - '0';
        PyObject *near = PyTuple_GET_ITEM(around, i);
        if (!PyTuple_Check(near)) {
            PyErr_SetString(PyExc_TypeError, "each cell's neighbours must be a tuple");
            return -1;
        }
        Py_ssize_t size = PyTuple_GET_SIZE(near), at = out->start[out->n], len = 0;
        /* The rule is written in place, after the last one, and kept only if it says something. */
        if ((out->n + 1 > out->rule_cap || at + size > out->cell_cap) && crules_reserve(out, out->n + 1, at + size) < 0)
            return -1;
        for (Py_ssize_t k = 0; k < size; k++) {
            Py_ssize_t j = index_of(PyTuple_GET_ITEM(near, k));
            if (j == -1 && PyErr_Occurred())
                return -1;
            if (j < 0 || j >= n) {
                PyErr_SetString(PyExc_IndexError, "a neighbour is off the board");
                return -1;
            }
            char other = flat[j];
            if (other >= '0' && other <= '8')
                continue;
            if (other == '*') {
                need--;
                continue;
            }
            out->cells[at + len++] = j;
        }
        if (!every && len == 0 && need == 0)
            continue;
        out->tag[out->n] = i;
        out->need[out->n] = need;
        out->start[++out->n] = at + len;
    }
    return 0;
}

static PyObject *
number_rules(PyObject *self, PyObject *args)
{
    PyObject *cells, *around, *rule, *check;
    const char *flat;
    Py_ssize_t n;
    int every;
    if (!PyArg_ParseTuple(args, "y#OO!OpO", &flat, &n, &cells, &PyTuple_Type, &around, &rule, &every, &check))
        return NULL;
    /* cells None: each cell is its index (no table of indices to make). */
    int by_index = cells == Py_None;
    if (!by_index && !PyTuple_Check(cells)) {
        PyErr_SetString(PyExc_TypeError, "cells must be a tuple or None");
        return NULL;
    }
    if (!PyType_Check(rule) || !PyType_IsSubtype((PyTypeObject *)rule, &PyTuple_Type)) {
        PyErr_SetString(PyExc_TypeError, "rule must be a tuple type");
        return NULL;
    }
    if ((!by_index && PyTuple_GET_SIZE(cells) < n) || PyTuple_GET_SIZE(around) < n) {
        PyErr_SetString(PyExc_ValueError, "the tables are shorter than the board");
        return NULL;
    }
    CRules rules = {0};
    PyObject *out = NULL;
    if (read_numbers(flat, n, around, every, check, &rules) < 0 || (out = PyList_New(rules.n)) == NULL)
        goto done;
    for (Py_ssize_t i = 0; i < rules.n; i++) {
        Py_ssize_t len = rules.start[i + 1] - rules.start[i];
        PyObject *unknown = PyTuple_New(len);
        for (Py_ssize_t k = 0; unknown != NULL && k < len; k++) {
            Py_ssize_t j = rules.cells[rules.start[i] + k];
            PyObject *o = by_index ? PyLong_FromSsize_t(j) : Py_NewRef(PyTuple_GET_ITEM(cells, j));
            if (o == NULL)
                Py_CLEAR(unknown);
            else
                PyTuple_SET_ITEM(unknown, k, o);
        }
        Py_ssize_t i_cell = rules.tag[i];
        PyObject *count = PyLong_FromLong(rules.need[i]);
        PyObject *tag = by_index ? PyLong_FromSsize_t(i_cell) : Py_NewRef(PyTuple_GET_ITEM(cells, i_cell));
        PyObject *fields = NULL, *wrapped = NULL, *made = NULL;
        if (unknown && count && tag && (fields = PyTuple_Pack(3, tag, unknown, count))
            && (wrapped = PyTuple_Pack(1, fields)))
            /* tuple.__new__(rule, fields): the namedtuple without its Python-level constructor. */
            made = PyTuple_Type.tp_new((PyTypeObject *)rule, wrapped, NULL);
        Py_XDECREF(unknown);
        Py_XDECREF(count);
        Py_XDECREF(tag);
        Py_XDECREF(fields);
        Py_XDECREF(wrapped);
        if (made == NULL) {
            Py_CLEAR(out);
            goto done;
        }
        PyList_SET_ITEM(out, i, made);
    }
done:
    crules_free(&rules);
    return out;
}

/* ------------------------------------------------------------------ simplify_rules
 *
 * simplify_rules(rules, rule, check) follows cnfsweep.engine.simplify.simplify
 * step by step on rules whose cells are integer indices: the same work list,
 * cells and rules walked in ascending order, the same forced cells in the same
 * order, the same rules kept.  Returns (rules kept, forced, contradiction tag or
 * None).  ``check`` (callable or None) is called every 1024 steps.
 *
 * A rule's cells are a sorted array that only shrinks; each cell's rules are a
 * sorted array of rule numbers that only shrinks.
 */

typedef struct {
    Py_ssize_t *cells; /* sorted */
    Py_ssize_t len;
    long need;
    int alive;
} SRule;

typedef struct {
    SRule *rules;
    Py_ssize_t **holding; /* per cell: sorted rule numbers */
    Py_ssize_t *held;     /* per cell: how many */
    Py_ssize_t *todo;
    Py_ssize_t ntodo;
    char *queued;
} SState;

static void
unhold(SState *st, Py_ssize_t c, Py_ssize_t i)
{
    Py_ssize_t *h = st->holding[c], n = st->held[c];
    for (Py_ssize_t k = 0; k < n; k++)
        if (h[k] == i) {
            memmove(h + k, h + k + 1, (n - k - 1) * sizeof(Py_ssize_t));
            st->held[c] = n - 1;
            return;
        }
}

static void
drop_rule(SState *st, Py_ssize_t i)
{
    SRule *r = &st->rules[i];
    for (Py_ssize_t k = 0; k < r->len; k++)
        unhold(st, r->cells[k], i);
    r->alive = 0;
    r->len = 0;
}

/* Take the sorted cells ``gone`` (all among rule j's) and ``mines`` of them out of rule j. */
static void
shrink_rule(SState *st, Py_ssize_t j, const Py_ssize_t *gone, Py_ssize_t ngone, long mines)
{
    SRule *r = &st->rules[j];
    Py_ssize_t w = 0, g = 0;
    for (Py_ssize_t k = 0; k < r->len; k++) {
        while (g < ngone && gone[g] < r->cells[k])
            g++;
        if (g < ngone && gone[g] == r->cells[k])
            continue;
        r->cells[w++] = r->cells[k];
    }
    r->len = w;
    r->need -= mines;
    for (g = 0; g < ngone; g++)
        unhold(st, gone[g], j);
    if (!st->queued[j]) {
        st->queued[j] = 1;
        st->todo[st->ntodo++] = j;
    }
}

/* 1 when sorted a is a strict subset of sorted b. */
static int
strict_subset(const SRule *a, const SRule *b)
{
    if (a->len >= b->len)
        return 0;
    Py_ssize_t k = 0;
    for (Py_ssize_t m = 0; m < a->len; m++) {
        while (k < b->len && b->cells[k] < a->cells[m])
            k++;
        if (k == b->len || b->cells[k] != a->cells[m])
            return 0;
        k++;
    }
    return 1;
}

static int
same_cells(const SRule *a, const SRule *b)
{
    return a->len == b->len && memcmp(a->cells, b->cells, a->len * sizeof(Py_ssize_t)) == 0;
}

static int
cmp_ssize(const void *x, const void *y)
{
    Py_ssize_t a = *(const Py_ssize_t *)x, b = *(const Py_ssize_t *)y;
    return (a > b) - (a < b);
}

/* simplify_rules' step on C arrays: ``in`` (cells in any order, repeats counted once) simplified; the
 * rules kept go to ``kept`` in their order (cells sorted, tags carried over), the cells settled to
 * ``forced`` in the order they are settled (``values`` 1 for a mine), and *contradiction is the number of
 * the first rule found impossible (-1: none; then ``kept`` is left empty). */
static int
simplify_core(const CRules *in, PyObject *check, CRules *kept, Py_ssize_t **forced, char **values,
              Py_ssize_t *nforced, Py_ssize_t *contradiction)
{
    Py_ssize_t n = in->n, total = in->start[n], top = -1;
    int result = -1;
    SState st = {0};
    Py_ssize_t *pool = NULL, *snap = NULL, *snap2 = NULL, *gone = NULL, *holdpool = NULL;
    *contradiction = -1;
    *nforced = 0;
    for (Py_ssize_t k = 0; k < total; k++)
        if (in->cells[k] > top)
            top = in->cells[k];
    Py_ssize_t ncells = top + 1;
    st.rules = PyMem_Calloc(n ? n : 1, sizeof(SRule));
    pool = PyMem_Malloc((total ? total : 1) * sizeof(Py_ssize_t));
    st.held = PyMem_Calloc(ncells ? ncells : 1, sizeof(Py_ssize_t));
    st.holding = PyMem_Calloc(ncells ? ncells : 1, sizeof(Py_ssize_t *));
    st.todo = PyMem_Malloc((n ? n : 1) * sizeof(Py_ssize_t));
    st.queued = PyMem_Calloc(n ? n : 1, 1);
    snap = PyMem_Malloc((n ? n : 1) * sizeof(Py_ssize_t));
    snap2 = PyMem_Malloc((n ? n : 1) * sizeof(Py_ssize_t));
    gone = PyMem_Malloc((total ? total : 1) * sizeof(Py_ssize_t));
    holdpool = PyMem_Malloc((total ? total : 1) * sizeof(Py_ssize_t));
    /* Every cell is settled at most once (it then leaves every rule): at most ``total`` of them. */
    *forced = PyMem_Malloc((total ? total : 1) * sizeof(Py_ssize_t));
    *values = PyMem_Malloc(total ? total : 1);
    if (!st.rules || !pool || !st.held || !st.holding || !st.todo || !st.queued || !snap || !snap2 || !gone
        || !holdpool || !*forced || !*values) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        SRule *r = &st.rules[i];
        Py_ssize_t len = in->start[i + 1] - in->start[i];
        r->cells = pool + in->start[i];
        r->need = in->need[i];
        r->alive = 1;
        memcpy(r->cells, in->cells + in->start[i], len * sizeof(Py_ssize_t));
        qsort(r->cells, len, sizeof(Py_ssize_t), cmp_ssize);
        /* a set: repeated cells count once */
        Py_ssize_t w = 0;
        for (Py_ssize_t k = 0; k < len; k++)
            if (w == 0 || r->cells[w - 1] != r->cells[k])
                r->cells[w++] = r->cells[k];
        r->len = w;
        for (Py_ssize_t k = 0; k < w; k++)
            st.held[r->cells[k]]++;
    }
    /* Each cell's rules, in ascending order: filled rule by rule. */
    Py_ssize_t at = 0;
    for (Py_ssize_t c = 0; c < ncells; c++) {
        st.holding[c] = holdpool + at;
        at += st.held[c];
        st.held[c] = 0;
    }
    for (Py_ssize_t i = 0; i < n; i++)
        for (Py_ssize_t k = 0; k < st.rules[i].len; k++) {
            Py_ssize_t c = st.rules[i].cells[k];
            st.holding[c][st.held[c]++] = i;
        }
    for (Py_ssize_t i = n - 1; i >= 0; i--) {
        st.todo[st.ntodo++] = i;
        st.queued[i] = 1;
    }
    long steps = 0;
    while (st.ntodo) {
        if (check != Py_None && steps++ % 1024 == 0) {
            PyObject *r = PyObject_CallNoArgs(check);
            if (r == NULL)
                goto done;
            Py_DECREF(r);
        }
        Py_ssize_t i = st.todo[--st.ntodo];
        st.queued[i] = 0;
        SRule *ri = &st.rules[i];
        if (!ri->alive)
            continue;
        if (ri->need < 0 || ri->need > ri->len) {
            *contradiction = i;
            break;
        }
        if (ri->len == 0) {
            drop_rule(&st, i);
            continue;
        }
        if (ri->need == 0 || ri->need == ri->len) {
            int value = ri->need > 0;
            Py_ssize_t nset = ri->len;
            memcpy(gone, ri->cells, nset * sizeof(Py_ssize_t));
            drop_rule(&st, i);
            for (Py_ssize_t k = 0; k < nset; k++) {
                Py_ssize_t c = gone[k];
                (*forced)[*nforced] = c;
                (*values)[(*nforced)++] = (char)value;
                Py_ssize_t nh = st.held[c];
                memcpy(snap, st.holding[c], nh * sizeof(Py_ssize_t));
                for (Py_ssize_t m = 0; m < nh; m++)
                    shrink_rule(&st, snap[m], &c, 1, value);
            }
            continue;
        }
        /* ordered: ri->cells is sorted; the pivot is the first cell held by the fewest rules */
        Py_ssize_t nord = ri->len;
        Py_ssize_t *ordered = gone; /* reused: the settled branch is not taken here */
        memcpy(ordered, ri->cells, nord * sizeof(Py_ssize_t));
        Py_ssize_t pivot = ordered[0];
        for (Py_ssize_t k = 1; k < nord; k++)
            if (st.held[ordered[k]] < st.held[pivot])
                pivot = ordered[k];
        Py_ssize_t nh = st.held[pivot];
        memcpy(snap, st.holding[pivot], nh * sizeof(Py_ssize_t));
        for (Py_ssize_t m = 0; m < nh; m++) {
            Py_ssize_t j = snap[m];
            if (j == i || !st.rules[j].alive || !ri->alive)
                continue;
            if (same_cells(&st.rules[j], ri)) {
                if (st.rules[j].need != ri->need) {
                    *contradiction = i;
                    goto finished;
                }
                drop_rule(&st, j);
            }
            else if (strict_subset(ri, &st.rules[j]))
                shrink_rule(&st, j, ri->cells, ri->len, ri->need);
        }
        if (!ri->alive)
            continue;
        for (Py_ssize_t k = 0; k < nord; k++) {
            Py_ssize_t c = ordered[k];
            Py_ssize_t nh2 = st.held[c];
            memcpy(snap2, st.holding[c], nh2 * sizeof(Py_ssize_t));
            for (Py_ssize_t m = 0; m < nh2; m++) {
                Py_ssize_t j = snap2[m];
                if (j != i && st.rules[j].alive && ri->alive && strict_subset(&st.rules[j], ri)) {
                    /* rule j's cells leave rule i: copy them, rule j stays as it is */
                    shrink_rule(&st, i, st.rules[j].cells, st.rules[j].len, st.rules[j].need);
                }
            }
        }
    }
finished:
    if (crules_reserve(kept, 1, 1) < 0)
        goto done;
    for (Py_ssize_t i = 0; *contradiction < 0 && i < n; i++) {
        SRule *r = &st.rules[i];
        if (r->alive && crules_add(kept, in->tag[i], r->need, r->cells, r->len) < 0)
            goto done;
    }
    result = 0;
done:
    PyMem_Free(holdpool);
    PyMem_Free(st.rules);
    PyMem_Free(pool);
    PyMem_Free(st.held);
    PyMem_Free(st.holding);
    PyMem_Free(st.todo);
    PyMem_Free(st.queued);
    PyMem_Free(snap);
    PyMem_Free(snap2);
    PyMem_Free(gone);
    return result;
}

/* A Python list of rules (tag, tuple of integer cells, need) as CRules, each rule tagged by its place in the
 * list; ``nonempty`` refuses a rule without a cell. */
static int
rules_from_list(PyObject *rules, int nonempty, CRules *out)
{
    Py_ssize_t n = PyList_GET_SIZE(rules), total = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *r = PyList_GET_ITEM(rules, i);
        if (!PyTuple_Check(r) || PyTuple_GET_SIZE(r) != 3 || !PyTuple_Check(PyTuple_GET_ITEM(r, 1))
            || (nonempty && PyTuple_GET_SIZE(PyTuple_GET_ITEM(r, 1)) == 0)) {
            PyErr_SetString(PyExc_TypeError, nonempty ? "each rule must be (tag, non-empty tuple of cell indices, need)"
                                                      : "each rule must be (tag, tuple of cell indices, need)");
            return -1;
        }
        total += PyTuple_GET_SIZE(PyTuple_GET_ITEM(r, 1));
    }
    if (crules_reserve(out, n ? n : 1, total ? total : 1) < 0)
        return -1;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *r = PyList_GET_ITEM(rules, i), *cs = PyTuple_GET_ITEM(r, 1);
        Py_ssize_t at = out->start[i], len = PyTuple_GET_SIZE(cs);
        for (Py_ssize_t k = 0; k < len; k++) {
            Py_ssize_t c = PyLong_AsSsize_t(PyTuple_GET_ITEM(cs, k));
            if (c == -1 && PyErr_Occurred())
                return -1;
            if (c < 0) {
                PyErr_SetString(PyExc_ValueError, "a cell index is negative");
                return -1;
            }
            out->cells[at + k] = c;
        }
        long need = PyLong_AsLong(PyTuple_GET_ITEM(r, 2));
        if (need == -1 && PyErr_Occurred())
            return -1;
        out->tag[i] = i;
        out->need[i] = need;
        out->start[i + 1] = at + len;
        out->n = i + 1;
    }
    return 0;
}

/* {cell: bool} of the cells settled, in order, each cell named by names[cell] (names NULL: by its index). */
static PyObject *
forced_dict(const Py_ssize_t *forced, const char *values, Py_ssize_t nforced, PyObject *names)
{
    PyObject *out = PyDict_New();
    for (Py_ssize_t k = 0; out != NULL && k < nforced; k++) {
        PyObject *key;
        if (names == NULL)
            key = PyLong_FromSsize_t(forced[k]);
        else if (forced[k] >= PyTuple_GET_SIZE(names)) {
            PyErr_SetString(PyExc_IndexError, "a cell index is outside the names");
            key = NULL;
        }
        else
            key = Py_NewRef(PyTuple_GET_ITEM(names, forced[k]));
        if (key == NULL || PyDict_SetItem(out, key, values[k] ? Py_True : Py_False) < 0)
            Py_CLEAR(out);
        Py_XDECREF(key);
    }
    return out;
}

static PyObject *
simplify_rules(PyObject *self, PyObject *args)
{
    PyObject *rules, *rule, *check;
    if (!PyArg_ParseTuple(args, "O!OO", &PyList_Type, &rules, &rule, &check))
        return NULL;
    if (!PyType_Check(rule) || !PyType_IsSubtype((PyTypeObject *)rule, &PyTuple_Type)) {
        PyErr_SetString(PyExc_TypeError, "rule must be a tuple type");
        return NULL;
    }
    CRules in = {0}, kept = {0};
    Py_ssize_t *forced = NULL, nforced = 0, bad = -1;
    char *values = NULL;
    PyObject *result = NULL, *out = NULL, *settled = NULL;
    if (rules_from_list(rules, 0, &in) < 0 || simplify_core(&in, check, &kept, &forced, &values, &nforced, &bad) < 0)
        goto done;
    if ((out = PyList_New(kept.n)) == NULL || (settled = forced_dict(forced, values, nforced, NULL)) == NULL)
        goto done;
    for (Py_ssize_t i = 0; i < kept.n; i++) {
        PyObject *orig = PyList_GET_ITEM(rules, kept.tag[i]);
        Py_ssize_t len = kept.start[i + 1] - kept.start[i];
        PyObject *cs = PyTuple_New(len), *need = PyLong_FromLong(kept.need[i]);
        PyObject *fields = NULL, *wrapped = NULL, *made = NULL;
        for (Py_ssize_t k = 0; cs != NULL && k < len; k++) {
            PyObject *v = PyLong_FromSsize_t(kept.cells[kept.start[i] + k]);
            if (v == NULL)
                Py_CLEAR(cs);
            else
                PyTuple_SET_ITEM(cs, k, v);
        }
        if (cs && need && (fields = PyTuple_Pack(3, PyTuple_GET_ITEM(orig, 0), cs, need))
            && (wrapped = PyTuple_Pack(1, fields)))
            made = PyTuple_Type.tp_new((PyTypeObject *)rule, wrapped, NULL);
        Py_XDECREF(cs);
        Py_XDECREF(need);
        Py_XDECREF(fields);
        Py_XDECREF(wrapped);
        if (made == NULL)
            goto done;
        PyList_SET_ITEM(out, i, made);
    }
    result = PyTuple_Pack(3, out, settled, bad < 0 ? Py_None : PyTuple_GET_ITEM(PyList_GET_ITEM(rules, bad), 0));
done:
    Py_XDECREF(out);
    Py_XDECREF(settled);
    crules_free(&in);
    crules_free(&kept);
    PyMem_Free(forced);
    PyMem_Free(values);
    return result;
}

/* ------------------------------------------------------------------ split_boxes
 *
 * split_boxes(rules) follows cnfsweep.engine.position.build_components step by
 * step on rules (tag, cells, need) whose cells are integer indices, each rule
 * with a cell or more: the components (connected by shared cells) in order of
 * their first cell; in each, the boxes (cells seen by the same rules, counted
 * with repeats) in order of their first cell, cells ascending inside a box; the
 * variables numbered box by box.  Returns, per component, (cells in variable
 * order, box sizes, [(tag, sorted variables, need) for its rules in order]).
 */

static Py_ssize_t
find_root(Py_ssize_t *parent, Py_ssize_t c)
{
    while (parent[c] != c) {
        parent[c] = parent[parent[c]];
        c = parent[c];
    }
    return c;
}

/* The context of the sort below: each cell's rules (local numbers, in order). */
static const Py_ssize_t *sig_start, *sig_len, *sig_list;

static int
cmp_signature(const void *x, const void *y)
{
    Py_ssize_t a = *(const Py_ssize_t *)x, b = *(const Py_ssize_t *)y;
    const Py_ssize_t *la = sig_list + sig_start[a], *lb = sig_list + sig_start[b];
    Py_ssize_t na = sig_len[a], nb = sig_len[b];
    for (Py_ssize_t k = 0; k < na && k < nb; k++)
        if (la[k] != lb[k])
            return la[k] < lb[k] ? -1 : 1;
    if (na != nb)
        return na < nb ? -1 : 1;
    return (a > b) - (a < b);
}

static int
same_signature(Py_ssize_t a, Py_ssize_t b)
{
    return sig_len[a] == sig_len[b]
           && memcmp(sig_list + sig_start[a], sig_list + sig_start[b], sig_len[a] * sizeof(Py_ssize_t)) == 0;
}

/* split_boxes' step on C arrays: the components of ``in`` (each rule with a cell or more, cells
 * non-negative), component k's variables var_cell[cstart[k] .. cstart[k + 1]) (the cells, in variable order),
 * its boxes' sizes box_size[bstart[k] .. bstart[k + 1]); rule i is in component rcomp[i], its variables
 * (numbered in that component) sorted in rvars[in->start[i] .. in->start[i + 1]). */
typedef struct {
    Py_ssize_t ncomp;
    Py_ssize_t *cstart, *var_cell, *bstart, *box_size, *rcomp, *rvars;
} CSplit;

static void
csplit_free(CSplit *s)
{
    PyMem_Free(s->cstart);
    PyMem_Free(s->var_cell);
    PyMem_Free(s->bstart);
    PyMem_Free(s->box_size);
    PyMem_Free(s->rcomp);
    PyMem_Free(s->rvars);
    memset(s, 0, sizeof(*s));
}

/* Returns 0, 1 where a rule names a cell twice (no board gives one: the caller leaves it to the Python
 * code), -1 on an error. */
static int
split_core(const CRules *in, CSplit *out)
{
    Py_ssize_t n = in->n, total = in->start[n], m = 0, one = 1;
    int result = -1;
    Py_ssize_t *flat = PyMem_Malloc((total ? total : one) * sizeof(Py_ssize_t));   /* the rules' cells, densely */
    Py_ssize_t *uniq = PyMem_Malloc((total ? total : one) * sizeof(Py_ssize_t));   /* dense number -> cell */
    Py_ssize_t *list = PyMem_Malloc((total ? total : one) * sizeof(Py_ssize_t));   /* each cell's local rules */
    Py_ssize_t *local = PyMem_Malloc((n ? n : one) * sizeof(Py_ssize_t));          /* rule -> its number in its component */
    Py_ssize_t *parent = NULL, *comp = NULL, *count = NULL, *start = NULL, *fill = NULL, *order = NULL, *var = NULL;
    Py_ssize_t *csize = NULL, *rules_in = NULL, *firsts = NULL;
    const Py_ssize_t *rstart = in->start;
    out->rcomp = PyMem_Malloc((n ? n : one) * sizeof(Py_ssize_t));
    out->rvars = PyMem_Malloc((total ? total : one) * sizeof(Py_ssize_t));
    if (!flat || !uniq || !list || !local || !out->rcomp || !out->rvars) {
        PyErr_NoMemory();
        goto done;
    }
    memcpy(flat, in->cells, total * sizeof(Py_ssize_t));
    /* Number the cells densely, in their order, so that the tables follow the rules' size, not the board's. */
    memcpy(uniq, flat, total * sizeof(Py_ssize_t));
    qsort(uniq, total, sizeof(Py_ssize_t), cmp_ssize);
    for (Py_ssize_t k = 0; k < total; k++)
        if (m == 0 || uniq[m - 1] != uniq[k])
            uniq[m++] = uniq[k];
    for (Py_ssize_t k = 0; k < total; k++) {
        Py_ssize_t lo = 0, hi = m - 1;
        while (lo < hi) {
            Py_ssize_t mid = (lo + hi) / 2;
            if (uniq[mid] < flat[k])
                lo = mid + 1;
            else
                hi = mid;
        }
        flat[k] = lo;
    }
    /* A rule naming a cell twice (no board gives one) is left to the Python code. */
    for (Py_ssize_t i = 0; i < n; i++)
        for (Py_ssize_t k = rstart[i]; k < rstart[i + 1]; k++)
            for (Py_ssize_t q = rstart[i]; q < k; q++)
                if (flat[q] == flat[k]) {
                    result = 1;
                    goto done;
                }
    parent = PyMem_Malloc((m ? m : one) * sizeof(Py_ssize_t));
    comp = PyMem_Malloc((m ? m : one) * sizeof(Py_ssize_t));       /* root -> component, then cell -> */
    count = PyMem_Calloc(m ? m : one, sizeof(Py_ssize_t));           /* occurrences per cell */
    start = PyMem_Malloc((m ? m : one) * sizeof(Py_ssize_t));
    fill = PyMem_Calloc(m ? m : one, sizeof(Py_ssize_t));
    order = PyMem_Malloc((m ? m : one) * sizeof(Py_ssize_t));       /* cells by component, ascending */
    var = PyMem_Malloc((m ? m : one) * sizeof(Py_ssize_t));
    out->var_cell = PyMem_Malloc((m ? m : one) * sizeof(Py_ssize_t));
    out->box_size = PyMem_Malloc((m ? m : one) * sizeof(Py_ssize_t));
    if (!parent || !comp || !count || !start || !fill || !order || !var || !out->var_cell || !out->box_size) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t c = 0; c < m; c++)
        parent[c] = c;
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_ssize_t a = find_root(parent, flat[rstart[i]]);
        for (Py_ssize_t k = rstart[i]; k < rstart[i + 1]; k++) {
            count[flat[k]]++;
            Py_ssize_t b = find_root(parent, flat[k]);
            if (a != b)
                parent[b] = a;
        }
    }
    /* Components in order of their first (smallest) cell. */
    Py_ssize_t ncomp = 0;
    for (Py_ssize_t c = 0; c < m; c++)
        comp[c] = -1;
    for (Py_ssize_t c = 0; c < m; c++) {
        Py_ssize_t r = find_root(parent, c);
        if (comp[r] < 0)
            comp[r] = ncomp++;
    }
    out->ncomp = ncomp;
    csize = PyMem_Calloc(ncomp ? ncomp : one, sizeof(Py_ssize_t));
    out->cstart = PyMem_Malloc((ncomp + 1) * sizeof(Py_ssize_t));
    out->bstart = PyMem_Malloc((ncomp + 1) * sizeof(Py_ssize_t));
    rules_in = PyMem_Calloc(ncomp ? ncomp : one, sizeof(Py_ssize_t));
    firsts = PyMem_Malloc((m ? m : one) * sizeof(Py_ssize_t));
    if (!csize || !out->cstart || !out->bstart || !rules_in || !firsts) {
        PyErr_NoMemory();
        goto done;
    }
    /* comp[] by root -> by cell (the roots read before they are overwritten: var[] as scratch). */
    for (Py_ssize_t c = 0; c < m; c++)
        var[c] = comp[find_root(parent, c)];
    memcpy(comp, var, m * sizeof(Py_ssize_t));
    for (Py_ssize_t c = 0; c < m; c++)
        csize[comp[c]]++;
    Py_ssize_t *cstart = out->cstart;
    cstart[0] = 0;
    for (Py_ssize_t k = 0; k < ncomp; k++)
        cstart[k + 1] = cstart[k] + csize[k];
    for (Py_ssize_t k = 0; k < ncomp; k++)
        csize[k] = 0;
    for (Py_ssize_t c = 0; c < m; c++)
        order[cstart[comp[c]] + csize[comp[c]]++] = c;
    /* Each rule goes to its first cell's component, numbered there in order. */
    for (Py_ssize_t i = 0; i < n; i++) {
        out->rcomp[i] = comp[flat[rstart[i]]];
        local[i] = rules_in[out->rcomp[i]]++;
    }
    /* Each cell's local rules, one entry per occurrence, in rule order. */
    Py_ssize_t at = 0;
    for (Py_ssize_t c = 0; c < m; c++) {
        start[c] = at;
        at += count[c];
    }
    for (Py_ssize_t i = 0; i < n; i++)
        for (Py_ssize_t k = rstart[i]; k < rstart[i + 1]; k++) {
            Py_ssize_t c = flat[k];
            list[start[c] + fill[c]++] = local[i];
        }
    sig_start = start;
    sig_len = count;
    sig_list = list;
    Py_ssize_t nbox_all = 0;
    for (Py_ssize_t k = 0; k < ncomp; k++) {
        Py_ssize_t *cells = order + cstart[k], size = cstart[k + 1] - cstart[k];
        /* Boxes: sort by signature (then cell), take runs, order the runs by their first cell. */
        qsort(cells, size, sizeof(Py_ssize_t), cmp_signature);
        Py_ssize_t nbox = 0;
        Py_ssize_t *runs = firsts; /* each run's start, to be ordered by its first cell */
        for (Py_ssize_t j = 0; j < size; j++)
            if (j == 0 || !same_signature(cells[j - 1], cells[j]))
                runs[nbox++] = j;
        /* Insertion sort (few boxes per component as a rule), qsort on many. */
        if (nbox > 64) {
            Py_ssize_t *keyed = PyMem_Malloc(nbox * 2 * sizeof(Py_ssize_t)); /* (first cell, run start) pairs */
            if (keyed == NULL) {
                PyErr_NoMemory();
                goto done;
            }
            for (Py_ssize_t b = 0; b < nbox; b++) {
                keyed[2 * b] = cells[runs[b]];
                keyed[2 * b + 1] = runs[b];
            }
            qsort(keyed, nbox, 2 * sizeof(Py_ssize_t), cmp_ssize);
            for (Py_ssize_t b = 0; b < nbox; b++)
                runs[b] = keyed[2 * b + 1];
            PyMem_Free(keyed);
        }
        else {
            for (Py_ssize_t b = 1; b < nbox; b++) {
                Py_ssize_t r = runs[b], j = b;
                while (j > 0 && cells[runs[j - 1]] > cells[r]) {
                    runs[j] = runs[j - 1];
                    j--;
                }
                runs[j] = r;
            }
        }
        out->bstart[k] = nbox_all;
        Py_ssize_t v = 0;
        for (Py_ssize_t b = 0; b < nbox; b++) {
            Py_ssize_t j = runs[b], first = runs[b];
            do {
                var[cells[j]] = v;
                out->var_cell[cstart[k] + v] = uniq[cells[j]];
                v++;
                j++;
            } while (j < size && same_signature(cells[first], cells[j]));
            out->box_size[nbox_all++] = j - first;
        }
    }
    out->bstart[ncomp] = nbox_all;
    /* Each rule's variables, sorted. */
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_ssize_t *vs = out->rvars + rstart[i], len = rstart[i + 1] - rstart[i];
        for (Py_ssize_t q = 0; q < len; q++)
            vs[q] = var[flat[rstart[i] + q]];
        qsort(vs, len, sizeof(Py_ssize_t), cmp_ssize);
    }
    result = 0;
done:
    PyMem_Free(flat);
    PyMem_Free(uniq);
    PyMem_Free(list);
    PyMem_Free(local);
    PyMem_Free(parent);
    PyMem_Free(comp);
    PyMem_Free(count);
    PyMem_Free(start);
    PyMem_Free(fill);
    PyMem_Free(order);
    PyMem_Free(var);
    PyMem_Free(csize);
    PyMem_Free(rules_in);
    PyMem_Free(firsts);
    return result;
}

/* A tuple of ints. */
static PyObject *
int_tuple(const Py_ssize_t *values, Py_ssize_t len)
{
    PyObject *out = PyTuple_New(len);
    for (Py_ssize_t q = 0; out != NULL && q < len; q++) {
        PyObject *o = PyLong_FromSsize_t(values[q]);
        if (o == NULL)
            Py_CLEAR(out);
        else
            PyTuple_SET_ITEM(out, q, o);
    }
    return out;
}

static PyObject *
split_boxes(PyObject *self, PyObject *args)
{
    PyObject *rules, *out = NULL;
    if (!PyArg_ParseTuple(args, "O!", &PyList_Type, &rules))
        return NULL;
    CRules in = {0};
    CSplit s = {0};
    int found = rules_from_list(rules, 1, &in) < 0 ? -1 : split_core(&in, &s);
    if (found != 0) {
        out = found > 0 ? Py_NewRef(Py_NotImplemented) : NULL;
        goto done;
    }
    if ((out = PyList_New(s.ncomp)) == NULL)
        goto done;
    for (Py_ssize_t k = 0; k < s.ncomp; k++) {
        PyObject *var_cells = int_tuple(s.var_cell + s.cstart[k], s.cstart[k + 1] - s.cstart[k]);
        PyObject *sizes = int_tuple(s.box_size + s.bstart[k], s.bstart[k + 1] - s.bstart[k]);
        PyObject *cons = PyList_New(0), *entry = NULL;
        for (Py_ssize_t i = 0; cons != NULL && i < in.n; i++) {
            if (s.rcomp[i] != k)
                continue;
            PyObject *r = PyList_GET_ITEM(rules, i);
            PyObject *vt = int_tuple(s.rvars + in.start[i], in.start[i + 1] - in.start[i]);
            PyObject *c3 = vt == NULL ? NULL : PyTuple_Pack(3, PyTuple_GET_ITEM(r, 0), vt, PyTuple_GET_ITEM(r, 2));
            if (c3 == NULL || PyList_Append(cons, c3) < 0)
                Py_CLEAR(cons);
            Py_XDECREF(vt);
            Py_XDECREF(c3);
        }
        if (var_cells && sizes && cons)
            entry = PyTuple_Pack(3, var_cells, sizes, cons);
        Py_XDECREF(var_cells);
        Py_XDECREF(sizes);
        Py_XDECREF(cons);
        if (entry == NULL) {
            Py_CLEAR(out);
            goto done;
        }
        PyList_SET_ITEM(out, k, entry);
    }
done:
    crules_free(&in);
    csplit_free(&s);
    return out;
}

/* ------------------------------------------------------------------ name_components
 *
 * name_components(split, names, constraint, problem, component) follows
 * cnfsweep.engine.position._components_in_c's loop on split_boxes' answer: per
 * component, component(cells named, problem(boxes, constraints)), boxes the
 * consecutive variable numbers of each size, each constraint
 * constraint(vars, need, need, names[tag]).  The objects are made as
 * direct_init's __init__ makes them (object.__new__, the fields written into
 * the instance dict), without a Python-level call per object.
 */

static PyObject *
fresh(PyObject *type, PyObject *empty)
{
    /* object.__new__(type): the frozen dataclasses take no __new__ of their own. */
    return PyBaseObject_Type.tp_new((PyTypeObject *)type, empty, NULL);
}

static int
store(PyObject *obj, PyObject *name, PyObject *value)
{
    PyObject *dict = PyObject_GenericGetDict(obj, NULL);
    if (dict == NULL)
        return -1;
    int bad = PyDict_SetItem(dict, name, value);
    Py_DECREF(dict);
    return bad;
}

static PyObject *s_vars, *s_lo, *s_hi, *s_tag, *s_boxes, *s_constraints, *s_cells, *s_problem;
static PyObject *s_num_vars, *s_box_sizes, *s_box_of, *s_shape;



static PyObject *
name_of(PyObject *names, Py_ssize_t i)
{
    if (i < 0 || i >= PyTuple_GET_SIZE(names)) {
        PyErr_SetString(PyExc_IndexError, "a cell index is outside the names");
        return NULL;
    }
    return Py_NewRef(PyTuple_GET_ITEM(names, i));
}

/* One Component: its variables' cells var_cell[0 .. nv) named by ``names``, its boxes of the sizes
 * box_size[0 .. nb) over consecutive variables, and a constraint for each rule con_rule[0 .. nc) of
 * ``rules``: its variables rvars[rules->start[r] .. rules->start[r + 1]), its need at both bounds, its tag
 * named.  The objects are made as direct_init's __init__ makes them (object.__new__, the fields written into
 * the instance dict), without a Python-level call per object. */
static PyObject *
make_component(PyObject *names, const Py_ssize_t *var_cell, Py_ssize_t nv, const Py_ssize_t *box_size, Py_ssize_t nb,
               const CRules *rules, const Py_ssize_t *rvars, const Py_ssize_t *con_rule, Py_ssize_t nc,
               PyObject *ctype, PyObject *ptype, PyObject *comptype, PyObject *empty)
{
    PyObject *cells = PyTuple_New(nv), *boxes = PyTuple_New(nb), *sizes = PyTuple_New(nb);
    PyObject *constraints = PyTuple_New(nc), *bounds = PyTuple_New(nc), *box_of = PyTuple_New(nv);
    PyObject *problem = NULL, *out = NULL, *num_vars = NULL, *shape = NULL;
    if (!cells || !boxes || !sizes || !constraints || !bounds || !box_of)
        goto done;
    for (Py_ssize_t v = 0; v < nv; v++) {
        PyObject *o = name_of(names, var_cell[v]);
        if (o == NULL)
            goto done;
        PyTuple_SET_ITEM(cells, v, o);
    }
    Py_ssize_t first = 0;
    for (Py_ssize_t b = 0; b < nb; b++) {
        Py_ssize_t size = box_size[b];
        if (size < 1 || size > nv - first) {
            PyErr_SetString(PyExc_ValueError, "the box sizes do not add up to the component's cells");
            goto done;
        }
        PyObject *box = PyTuple_New(size), *count = PyLong_FromSsize_t(size), *index = PyLong_FromSsize_t(b);
        if (box != NULL)
            PyTuple_SET_ITEM(boxes, b, box);
        if (count != NULL)
            PyTuple_SET_ITEM(sizes, b, count);
        if (box == NULL || count == NULL || index == NULL) {
            Py_XDECREF(index);
            goto done;
        }
        for (Py_ssize_t k = 0; k < size; k++) {
            PyObject *o = PyLong_FromSsize_t(first + k);
            if (o == NULL) {
                Py_DECREF(index);
                goto done;
            }
            PyTuple_SET_ITEM(box, k, o);
            PyTuple_SET_ITEM(box_of, first + k, Py_NewRef(index));
        }
        Py_DECREF(index);
        first += size;
    }
    if (first != nv) {
        PyErr_SetString(PyExc_ValueError, "the box sizes do not add up to the component's cells");
        goto done;
    }
    for (Py_ssize_t i = 0; i < nc; i++) {
        Py_ssize_t r = con_rule[i];
        PyObject *vars = int_tuple(rvars + rules->start[r], rules->start[r + 1] - rules->start[r]);
        PyObject *need = PyLong_FromLong(rules->need[r]), *tag = name_of(names, rules->tag[r]);
        PyObject *c = NULL, *b3 = NULL;
        if (vars && need && tag && (c = fresh(ctype, empty)) != NULL
            && (store(c, s_vars, vars) < 0 || store(c, s_lo, need) < 0 || store(c, s_hi, need) < 0
                || store(c, s_tag, tag) < 0))
            Py_CLEAR(c);
        if (c != NULL) {
            PyTuple_SET_ITEM(constraints, i, c);
            /* shape's bounds: (vars, lo, hi), the component cache's key. */
            if ((b3 = PyTuple_Pack(3, vars, need, need)) != NULL)
                PyTuple_SET_ITEM(bounds, i, b3);
        }
        Py_XDECREF(vars);
        Py_XDECREF(need);
        Py_XDECREF(tag);
        if (c == NULL || b3 == NULL)
            goto done;
    }
    problem = fresh(ptype, empty);
    /* What Problem's lazy properties would work out first thing (every solve reads them), from the sizes at
     * hand: the values they compute, in the instance dict where they keep them. */
    if (problem == NULL || store(problem, s_boxes, boxes) < 0 || store(problem, s_constraints, constraints) < 0
        || (num_vars = PyLong_FromSsize_t(nv)) == NULL || store(problem, s_num_vars, num_vars) < 0
        || store(problem, s_box_sizes, sizes) < 0 || store(problem, s_box_of, box_of) < 0
        || (shape = PyTuple_Pack(2, boxes, bounds)) == NULL || store(problem, s_shape, shape) < 0)
        goto done;
    out = fresh(comptype, empty);
    if (out != NULL && (store(out, s_cells, cells) < 0 || store(out, s_problem, problem) < 0))
        Py_CLEAR(out);
done:
    Py_XDECREF(cells);
    Py_XDECREF(boxes);
    Py_XDECREF(sizes);
    Py_XDECREF(constraints);
    Py_XDECREF(bounds);
    Py_XDECREF(box_of);
    Py_XDECREF(problem);
    Py_XDECREF(num_vars);
    Py_XDECREF(shape);
    return out;
}

/* Each component's rules, in rule order: rule numbers bucket[first[k] .. first[k + 1]) (a counting sort). */
static int
bucket_rules(const CRules *rules, const CSplit *s, Py_ssize_t **first, Py_ssize_t **bucket)
{
    Py_ssize_t n = rules->n, *f, *b;
    *first = f = PyMem_Calloc(s->ncomp + 1, sizeof(Py_ssize_t));
    *bucket = b = PyMem_Malloc((n ? n : 1) * sizeof(Py_ssize_t));
    if (f == NULL || b == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++)
        f[s->rcomp[i] + 1]++;
    for (Py_ssize_t k = 0; k < s->ncomp; k++)
        f[k + 1] += f[k];
    for (Py_ssize_t i = 0; i < n; i++)
        b[f[s->rcomp[i]]++] = i;
    for (Py_ssize_t k = s->ncomp; k > 0; k--)  /* undo the filling's shift */
        f[k] = f[k - 1];
    f[0] = 0;
    return 0;
}

/* The Components of a split, in order, component k's constraints its rules bucket[first[k] .. first[k + 1]). */
static PyObject *
components_of(const CRules *rules, const CSplit *s, const Py_ssize_t *first, const Py_ssize_t *bucket,
              PyObject *names, PyObject *ctype, PyObject *ptype, PyObject *comptype)
{
    PyObject *empty = PyTuple_New(0), *out = PyTuple_New(s->ncomp);
    if (empty == NULL || out == NULL) {
        Py_CLEAR(out);
        goto done;
    }
    for (Py_ssize_t k = 0; k < s->ncomp; k++) {
        PyObject *c = make_component(names, s->var_cell + s->cstart[k], s->cstart[k + 1] - s->cstart[k],
                                     s->box_size + s->bstart[k], s->bstart[k + 1] - s->bstart[k], rules, s->rvars,
                                     bucket + first[k], first[k + 1] - first[k], ctype, ptype, comptype, empty);
        if (c == NULL) {
            Py_CLEAR(out);
            goto done;
        }
        PyTuple_SET_ITEM(out, k, c);
    }
done:
    Py_XDECREF(empty);
    return out;
}

static PyObject *
name_components(PyObject *self, PyObject *args)
{
    PyObject *split, *names, *ctype, *ptype, *comptype;
    if (!PyArg_ParseTuple(args, "O!O!O!O!O!", &PyList_Type, &split, &PyTuple_Type, &names, &PyType_Type, &ctype,
                          &PyType_Type, &ptype, &PyType_Type, &comptype))
        return NULL;
    /* split_boxes' answer read into a CSplit: its constraints as rules whose cells are their variables. */
    Py_ssize_t ncomp = PyList_GET_SIZE(split), nv = 0, nb = 0;
    CRules rules = {0};
    CSplit s = {0};
    PyObject *out = NULL;
    Py_ssize_t *comp_of = NULL;  /* each constraint's component */
    for (Py_ssize_t k = 0; k < ncomp; k++) {
        PyObject *entry = PyList_GET_ITEM(split, k);
        if (!PyTuple_Check(entry) || PyTuple_GET_SIZE(entry) != 3 || !PyTuple_Check(PyTuple_GET_ITEM(entry, 0))
            || !PyTuple_Check(PyTuple_GET_ITEM(entry, 1)) || !PyList_Check(PyTuple_GET_ITEM(entry, 2))) {
            PyErr_SetString(PyExc_TypeError,
                            "each component must be (cells, box sizes, constraints), as split_boxes gives");
            return NULL;
        }
        nv += PyTuple_GET_SIZE(PyTuple_GET_ITEM(entry, 0));
        nb += PyTuple_GET_SIZE(PyTuple_GET_ITEM(entry, 1));
    }
    s.ncomp = ncomp;
    s.cstart = PyMem_Malloc((ncomp + 1) * sizeof(Py_ssize_t));
    s.bstart = PyMem_Malloc((ncomp + 1) * sizeof(Py_ssize_t));
    s.var_cell = PyMem_Malloc((nv ? nv : 1) * sizeof(Py_ssize_t));
    s.box_size = PyMem_Malloc((nb ? nb : 1) * sizeof(Py_ssize_t));
    if (!s.cstart || !s.bstart || !s.var_cell || !s.box_size || crules_reserve(&rules, 1, 1) < 0) {
        PyErr_NoMemory();
        goto done;
    }
    s.cstart[0] = s.bstart[0] = 0;
    for (Py_ssize_t k = 0; k < ncomp; k++) {
        PyObject *entry = PyList_GET_ITEM(split, k), *var_cells = PyTuple_GET_ITEM(entry, 0);
        PyObject *sizes = PyTuple_GET_ITEM(entry, 1), *cons = PyTuple_GET_ITEM(entry, 2);
        Py_ssize_t at = s.cstart[k];
        for (Py_ssize_t v = 0; v < PyTuple_GET_SIZE(var_cells); v++)
            if ((s.var_cell[at + v] = PyLong_AsSsize_t(PyTuple_GET_ITEM(var_cells, v))) == -1 && PyErr_Occurred())
                goto done;
        s.cstart[k + 1] = at + PyTuple_GET_SIZE(var_cells);
        at = s.bstart[k];
        for (Py_ssize_t b = 0; b < PyTuple_GET_SIZE(sizes); b++)
            if ((s.box_size[at + b] = PyLong_AsSsize_t(PyTuple_GET_ITEM(sizes, b))) == -1 && PyErr_Occurred())
                goto done;
        s.bstart[k + 1] = at + PyTuple_GET_SIZE(sizes);
        for (Py_ssize_t i = 0; i < PyList_GET_SIZE(cons); i++) {
            PyObject *c3 = PyList_GET_ITEM(cons, i);
            if (!PyTuple_Check(c3) || PyTuple_GET_SIZE(c3) != 3 || !PyTuple_Check(PyTuple_GET_ITEM(c3, 1))) {
                PyErr_SetString(PyExc_TypeError, "each constraint must be (tag, variables, need)");
                goto done;
            }
            PyObject *vars = PyTuple_GET_ITEM(c3, 1);
            Py_ssize_t len = PyTuple_GET_SIZE(vars), tag = PyLong_AsSsize_t(PyTuple_GET_ITEM(c3, 0));
            long need = PyLong_AsLong(PyTuple_GET_ITEM(c3, 2));
            if ((tag == -1 || need == -1) && PyErr_Occurred())
                goto done;
            if (crules_reserve(&rules, rules.n + 1, rules.start[rules.n] + len) < 0)
                goto done;
            Py_ssize_t *into = rules.cells + rules.start[rules.n];
            for (Py_ssize_t q = 0; q < len; q++)
                if ((into[q] = PyLong_AsSsize_t(PyTuple_GET_ITEM(vars, q))) == -1 && PyErr_Occurred())
                    goto done;
            rules.tag[rules.n] = tag;
            rules.need[rules.n] = need;
            rules.start[rules.n + 1] = rules.start[rules.n] + len;
            rules.n++;
            Py_ssize_t *more = PyMem_Realloc(comp_of, rules.n * sizeof(Py_ssize_t));
            if (more == NULL) {
                PyErr_NoMemory();
                goto done;
            }
            comp_of = more;
            comp_of[rules.n - 1] = k;
        }
    }
    s.rcomp = comp_of;  /* freed with s */
    comp_of = NULL;
    /* The constraints' variables are the rules' cells: components_of reads them through rvars. */
    s.rvars = rules.cells;
    Py_ssize_t *first = NULL, *bucket = NULL;
    if (bucket_rules(&rules, &s, &first, &bucket) == 0)
        out = components_of(&rules, &s, first, bucket, names, ctype, ptype, comptype);
    PyMem_Free(first);
    PyMem_Free(bucket);
    s.rvars = NULL;
done:
    PyMem_Free(comp_of);
    crules_free(&rules);
    csplit_free(&s);
    return out;
}

/* ------------------------------------------------------------------ board_parts
 *
 * board_parts(flat, ids, around, names, rule, constraint, problem, component, simplified, check)
 * follows cnfsweep.engine.position.indexed_position with no assumed cell, up to
 * the Position: the board's rules (as number_rules reads them, the silent ones
 * left out, each cell named by its index, or by the int ``ids`` gives it), the
 * first impossible one's tag as the contradiction, simplify_rules' step unless
 * there is one or not ``simplified``, the components of the live rules
 * (split_boxes' and name_components' steps), and the covered unflagged cells no
 * live rule sees and none settled, in row-major order.  Returns (components,
 * off-frontier cells, forced {cell: bool}, contradiction cell or None), cells
 * named by ``names``; NotImplemented where the split declines.  Every step
 * between the board's bytes and the Components runs on C arrays: a cold
 * analysis pays for no Python object it does not hand back.  (``rule`` is
 * not used: no Rule is made.)
 */

/* What parts_of found, for a caller that goes on in C (cnfsweep.engine._analysis): the live rules, their
 * split, and each component's rules (rule numbers bucket[first[k] .. first[k + 1]), its constraints in order). */
typedef struct {
    CRules rules;
    CSplit split;
    Py_ssize_t *first, *bucket;
} Parts;

static void
parts_free(Parts *p)
{
    crules_free(&p->rules);
    csplit_free(&p->split);
    PyMem_Free(p->first);
    PyMem_Free(p->bucket);
    memset(p, 0, sizeof(*p));
}

static PyObject *
parts_of(const char *flat, Py_ssize_t n, PyObject *ids, PyObject *around, PyObject *names, PyObject *ctype,
         PyObject *ptype, PyObject *comptype, int simplified, PyObject *check, Parts *keep)
{
    if (ids != Py_None && !PyTuple_Check(ids)) {
        PyErr_SetString(PyExc_TypeError, "cells must be a tuple or None");
        return NULL;
    }
    if (PyTuple_GET_SIZE(names) < n || (ids != Py_None && PyTuple_GET_SIZE(ids) < n)) {
        PyErr_SetString(PyExc_ValueError, "the tables are shorter than the board");
        return NULL;
    }
    CRules read = {0}, kept = {0};
    Parts parts = {0};
    CRules live = {0};
    CSplit split = {0};
    Py_ssize_t *forced = NULL, nforced = 0, contradiction = -1;
    char *values = NULL, *mask = NULL;
    PyObject *components = NULL, *off = NULL, *named_forced = NULL, *out = NULL;
    if (read_numbers(flat, n, around, 0, check, &read) < 0)
        goto done;
    if (ids != Py_None) {  /* each cell by the int ids gives it */
        for (Py_ssize_t k = 0; k < read.start[read.n] + read.n; k++) {
            Py_ssize_t *at = k < read.start[read.n] ? &read.cells[k] : &read.tag[k - read.start[read.n]];
            Py_ssize_t id = PyLong_AsSsize_t(PyTuple_GET_ITEM(ids, *at));
            if (id == -1 && PyErr_Occurred())
                goto done;
            if (id < 0) {
                PyErr_SetString(PyExc_ValueError, "a cell index is negative");
                goto done;
            }
            *at = id;
        }
    }
    /* The first rule that cannot hold whatever its cells are; then the rules with a cell. */
    if (crules_reserve(&live, read.n ? read.n : 1, read.start[read.n] ? read.start[read.n] : 1) < 0)
        goto done;
    for (Py_ssize_t i = 0; i < read.n; i++) {
        Py_ssize_t len = read.start[i + 1] - read.start[i];
        if (contradiction < 0 && (read.need[i] < 0 || read.need[i] > len))
            contradiction = read.tag[i];
        if (len && crules_add(&live, read.tag[i], read.need[i], read.cells + read.start[i], len) < 0)
            goto done;
    }
    if (simplified && contradiction < 0) {
        Py_ssize_t bad = -1;
        if (simplify_core(&live, check, &kept, &forced, &values, &nforced, &bad) < 0)
            goto done;
        if (bad >= 0)
            contradiction = live.tag[bad];
        crules_free(&live);
        if (crules_reserve(&live, kept.n ? kept.n : 1, kept.start[kept.n] ? kept.start[kept.n] : 1) < 0)
            goto done;
        for (Py_ssize_t i = 0; i < kept.n; i++) {
            Py_ssize_t len = kept.start[i + 1] - kept.start[i];
            if (len && crules_add(&live, kept.tag[i], kept.need[i], kept.cells + kept.start[i], len) < 0)
                goto done;
        }
    }
    if (check != Py_None) {
        PyObject *r = PyObject_CallNoArgs(check);
        if (r == NULL)
            goto done;
        Py_DECREF(r);
    }
    int found = split_core(&live, &split);
    if (found != 0) {
        out = found > 0 ? Py_NewRef(Py_NotImplemented) : NULL;
        goto done;
    }
    if (bucket_rules(&live, &split, &parts.first, &parts.bucket) < 0)
        goto done;
    components = components_of(&live, &split, parts.first, parts.bucket, names, ctype, ptype, comptype);
    if (components == NULL)
        goto done;
    /* Off the frontier: covered, unflagged, in no live rule and not settled. */
    mask = PyMem_Malloc(n ? n : 1);
    if (mask == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < n; i++)
        mask[i] = !(flat[i] >= '0' && flat[i] <= '8') && flat[i] != '*';
    for (Py_ssize_t k = 0; k < live.start[live.n]; k++)
        if (live.cells[k] < n)
            mask[live.cells[k]] = 0;
    for (Py_ssize_t k = 0; k < nforced; k++)
        if (forced[k] < n)
            mask[forced[k]] = 0;
    if ((named_forced = forced_dict(forced, values, nforced, names)) == NULL)
        goto done;
    Py_ssize_t noff = 0;
    for (Py_ssize_t i = 0; i < n; i++)
        noff += mask[i];
    off = PyTuple_New(noff);
    if (off == NULL)
        goto done;
    for (Py_ssize_t i = 0, k = 0; i < n; i++)
        if (mask[i])
            PyTuple_SET_ITEM(off, k++, Py_NewRef(PyTuple_GET_ITEM(names, i)));
    PyObject *bad_cell = contradiction < 0 ? Py_NewRef(Py_None) : name_of(names, contradiction);
    if (bad_cell != NULL) {
        out = PyTuple_Pack(4, components, off, named_forced, bad_cell);
        Py_DECREF(bad_cell);
    }
done:
    PyMem_Free(mask);
    PyMem_Free(forced);
    PyMem_Free(values);
    crules_free(&read);
    crules_free(&kept);
    parts.rules = live;
    parts.split = split;
    if (keep != NULL && out != NULL && out != Py_NotImplemented)
        *keep = parts;  /* the caller's to free */
    else
        parts_free(&parts);
    Py_XDECREF(components);
    Py_XDECREF(off);
    Py_XDECREF(named_forced);
    return out;
}

static PyObject *
board_parts(PyObject *self, PyObject *args)
{
    PyObject *ids, *around, *names, *rule, *ctype, *ptype, *comptype, *check;
    const char *flat;
    Py_ssize_t n;
    int simplified;
    if (!PyArg_ParseTuple(args, "y#OO!O!OO!O!O!pO", &flat, &n, &ids, &PyTuple_Type, &around,
                          &PyTuple_Type, &names, &rule, &PyType_Type, &ctype, &PyType_Type, &ptype, &PyType_Type,
                          &comptype, &simplified, &check))
        return NULL;
    return parts_of(flat, n, ids, around, names, ctype, ptype, comptype, simplified, check, NULL);
}

static PyMethodDef methods[] = {
    {"number_rules", number_rules, METH_VARARGS,
     "number_rules(flat, cells, around, rule, every, check) -> the rules of the board's numbers, in order"},
    {"simplify_rules", simplify_rules, METH_VARARGS,
     "simplify_rules(rules, rule, check) -> (rules kept, forced, contradiction), as simplify on integer cells"},
    {"split_boxes", split_boxes, METH_VARARGS,
     "split_boxes(rules) -> [(cells in variable order, box sizes, constraints)], as build_components on integer cells"},
    {"name_components", name_components, METH_VARARGS,
     "name_components(split, names, constraint, problem, component) -> the Components of split_boxes' answer"},
    {"board_parts", board_parts, METH_VARARGS,
     "board_parts(flat, ids, around, names, rule, constraint, problem, component, simplified, check)"
     " -> (components, off-frontier cells, forced, contradiction), as indexed_position without assumptions"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "cnfsweep.engine._position",
    "Reading a board's numbers (see cnfsweep.engine.position.number_constraints).", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC
PyInit__position(void)
{
    if (!(s_vars = PyUnicode_InternFromString("vars")) || !(s_lo = PyUnicode_InternFromString("lo"))
        || !(s_hi = PyUnicode_InternFromString("hi")) || !(s_tag = PyUnicode_InternFromString("tag"))
        || !(s_boxes = PyUnicode_InternFromString("boxes"))
        || !(s_constraints = PyUnicode_InternFromString("constraints"))
        || !(s_cells = PyUnicode_InternFromString("cells")) || !(s_problem = PyUnicode_InternFromString("problem"))
        || !(s_num_vars = PyUnicode_InternFromString("num_vars"))
        || !(s_box_sizes = PyUnicode_InternFromString("box_sizes"))
        || !(s_box_of = PyUnicode_InternFromString("box_of")) || !(s_shape = PyUnicode_InternFromString("shape")))
        return NULL;
    return PyModule_Create(&module);
}
