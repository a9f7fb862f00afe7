/*
 * Reading a board's numbers in C: cnfsweep.engine._position.
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

static PyObject *
number_rules(PyObject *self, PyObject *args)
{
    PyObject *cells, *around, *rule, *check;
    const char *flat;
    Py_ssize_t n;
    int every;
    if (!PyArg_ParseTuple(args, "y#OO!OpO", &flat, &n, &cells, &PyTuple_Type, &around, &rule, &every, &check))
        return NULL;
    /* cells None: each cell is its index, neighbours the very ints of ``around`` (no table of indices to make). */
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
    PyTypeObject *rule_type = (PyTypeObject *)rule;
    PyObject *out = PyList_New(0);
    PyObject *found = PyList_New(0); /* one number's covered neighbours, reused */
    if (out == NULL || found == NULL)
        goto fail;
    Py_ssize_t numbers = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        char ch = flat[i];
        if (ch < '0' || ch > '8')
            continue;
        if (numbers++ % 4096 == 0 && check != Py_None) {
            PyObject *r = PyObject_CallNoArgs(check);
            if (r == NULL)
                goto fail;
            Py_DECREF(r);
        }
        long need = ch - '0';
        PyObject *near = PyTuple_GET_ITEM(around, i);
        if (!PyTuple_Check(near)) {
            PyErr_SetString(PyExc_TypeError, "each cell's neighbours must be a tuple");
            goto fail;
        }
        if (PyList_SetSlice(found, 0, PyList_GET_SIZE(found), NULL) < 0)
            goto fail;
        for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(near); k++) {
            Py_ssize_t j = PyLong_AsSsize_t(PyTuple_GET_ITEM(near, k));
            if (j == -1 && PyErr_Occurred())
                goto fail;
            if (j < 0 || j >= n) {
                PyErr_SetString(PyExc_IndexError, "a neighbour is off the board");
                goto fail;
            }
            char other = flat[j];
            if (other >= '0' && other <= '8')
                continue;
            if (other == '*') {
                need--;
                continue;
            }
            if (PyList_Append(found, by_index ? PyTuple_GET_ITEM(near, k) : PyTuple_GET_ITEM(cells, j)) < 0)
                goto fail;
        }
        if (!every && PyList_GET_SIZE(found) == 0 && need == 0)
            continue;
        PyObject *unknown = PyList_AsTuple(found);
        PyObject *count = PyLong_FromLong(need);
        PyObject *tag = by_index ? PyLong_FromSsize_t(i) : Py_NewRef(PyTuple_GET_ITEM(cells, i));
        PyObject *fields = NULL, *wrapped = NULL, *made = NULL;
        if (unknown && count && tag && (fields = PyTuple_Pack(3, tag, unknown, count))
            && (wrapped = PyTuple_Pack(1, fields)))
            /* tuple.__new__(rule, fields): the namedtuple without its Python-level constructor. */
            made = PyTuple_Type.tp_new(rule_type, wrapped, NULL);
        Py_XDECREF(unknown);
        Py_XDECREF(count);
        Py_XDECREF(tag);
        Py_XDECREF(fields);
        Py_XDECREF(wrapped);
        if (made == NULL)
            goto fail;
        int bad = PyList_Append(out, made) < 0;
        Py_DECREF(made);
        if (bad)
            goto fail;
    }
    Py_DECREF(found);
    return out;
fail:
    Py_XDECREF(out);
    Py_XDECREF(found);
    return NULL;
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
    Py_ssize_t n = PyList_GET_SIZE(rules), total = 0, top = -1;
    PyObject *result = NULL, *kept = NULL, *forced = PyDict_New(), *contradiction = NULL;
    SState st = {0};
    Py_ssize_t *pool = NULL, *snap = NULL, *snap2 = NULL, *gone = NULL;
    if (forced == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *r = PyList_GET_ITEM(rules, i);
        if (!PyTuple_Check(r) || PyTuple_GET_SIZE(r) != 3 || !PyTuple_Check(PyTuple_GET_ITEM(r, 1))) {
            PyErr_SetString(PyExc_TypeError, "each rule must be (tag, tuple of cell indices, need)");
            goto done;
        }
        PyObject *cs = PyTuple_GET_ITEM(r, 1);
        for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(cs); k++) {
            Py_ssize_t c = PyLong_AsSsize_t(PyTuple_GET_ITEM(cs, k));
            if (c == -1 && PyErr_Occurred())
                goto done;
            if (c < 0) {
                PyErr_SetString(PyExc_ValueError, "a cell index is negative");
                goto done;
            }
            if (c > top)
                top = c;
        }
        total += PyTuple_GET_SIZE(cs);
    }
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
    Py_ssize_t *holdpool = PyMem_Malloc((total ? total : 1) * sizeof(Py_ssize_t));
    if (!st.rules || !pool || !st.held || !st.holding || !st.todo || !st.queued || !snap || !snap2 || !gone
        || !holdpool) {
        PyMem_Free(holdpool);
        PyErr_NoMemory();
        goto done;
    }
    Py_ssize_t at = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *cs = PyTuple_GET_ITEM(PyList_GET_ITEM(rules, i), 1);
        PyObject *needobj = PyTuple_GET_ITEM(PyList_GET_ITEM(rules, i), 2);
        long need = PyLong_AsLong(needobj);
        if (need == -1 && PyErr_Occurred()) {
            PyMem_Free(holdpool);
            goto done;
        }
        SRule *r = &st.rules[i];
        r->cells = pool + at;
        r->need = need;
        r->alive = 1;
        Py_ssize_t len = 0;
        for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(cs); k++)
            r->cells[len++] = PyLong_AsSsize_t(PyTuple_GET_ITEM(cs, k));
        qsort(r->cells, len, sizeof(Py_ssize_t), cmp_ssize);
        /* a set: repeated cells count once */
        Py_ssize_t w = 0;
        for (Py_ssize_t k = 0; k < len; k++)
            if (w == 0 || r->cells[w - 1] != r->cells[k])
                r->cells[w++] = r->cells[k];
        r->len = w;
        at += len;
        for (Py_ssize_t k = 0; k < w; k++)
            st.held[r->cells[k]]++;
    }
    /* Each cell's rules, in ascending order: filled rule by rule. */
    at = 0;
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
                goto freeall;
            Py_DECREF(r);
        }
        Py_ssize_t i = st.todo[--st.ntodo];
        st.queued[i] = 0;
        SRule *ri = &st.rules[i];
        if (!ri->alive)
            continue;
        if (ri->need < 0 || ri->need > ri->len) {
            contradiction = PyTuple_GET_ITEM(PyList_GET_ITEM(rules, i), 0);
            Py_INCREF(contradiction);
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
                PyObject *key = PyLong_FromSsize_t(c);
                if (key == NULL || PyDict_SetItem(forced, key, value ? Py_True : Py_False) < 0) {
                    Py_XDECREF(key);
                    goto freeall;
                }
                Py_DECREF(key);
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
                    contradiction = PyTuple_GET_ITEM(PyList_GET_ITEM(rules, i), 0);
                    Py_INCREF(contradiction);
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
    if (contradiction != NULL) {
        kept = PyList_New(0);
    }
    else {
        contradiction = Py_None;
        Py_INCREF(Py_None);
        kept = PyList_New(0);
        for (Py_ssize_t i = 0; kept != NULL && i < n; i++) {
            SRule *r = &st.rules[i];
            if (!r->alive)
                continue;
            PyObject *orig = PyList_GET_ITEM(rules, i);
            PyObject *cs = PyTuple_New(r->len);
            PyObject *need = PyLong_FromLong(r->need);
            PyObject *fields = NULL, *wrapped = NULL, *made = NULL;
            for (Py_ssize_t k = 0; cs != NULL && k < r->len; k++) {
                PyObject *v = PyLong_FromSsize_t(r->cells[k]);
                if (v == NULL) {
                    Py_CLEAR(cs);
                    break;
                }
                PyTuple_SET_ITEM(cs, k, v);
            }
            if (cs && need && (fields = PyTuple_Pack(3, PyTuple_GET_ITEM(orig, 0), cs, need))
                && (wrapped = PyTuple_Pack(1, fields)))
                made = PyTuple_Type.tp_new((PyTypeObject *)rule, wrapped, NULL);
            Py_XDECREF(cs);
            Py_XDECREF(need);
            Py_XDECREF(fields);
            Py_XDECREF(wrapped);
            if (made == NULL || PyList_Append(kept, made) < 0) {
                Py_XDECREF(made);
                Py_CLEAR(kept);
                break;
            }
            Py_DECREF(made);
        }
    }
    if (kept != NULL)
        result = PyTuple_Pack(3, kept, forced, contradiction);
freeall:
    PyMem_Free(holdpool);
done:
    Py_XDECREF(kept);
    Py_XDECREF(forced);
    Py_XDECREF(contradiction);
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

static PyObject *
split_boxes(PyObject *self, PyObject *args)
{
    PyObject *rules;
    if (!PyArg_ParseTuple(args, "O!", &PyList_Type, &rules))
        return NULL;
    Py_ssize_t n = PyList_GET_SIZE(rules), total = 0, top = -1;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *r = PyList_GET_ITEM(rules, i);
        if (!PyTuple_Check(r) || PyTuple_GET_SIZE(r) != 3 || !PyTuple_Check(PyTuple_GET_ITEM(r, 1))
            || PyTuple_GET_SIZE(PyTuple_GET_ITEM(r, 1)) == 0) {
            PyErr_SetString(PyExc_TypeError, "each rule must be (tag, non-empty tuple of cell indices, need)");
            return NULL;
        }
        PyObject *cs = PyTuple_GET_ITEM(r, 1);
        for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(cs); k++) {
            Py_ssize_t c = PyLong_AsSsize_t(PyTuple_GET_ITEM(cs, k));
            if (c == -1 && PyErr_Occurred())
                return NULL;
            if (c < 0) {
                PyErr_SetString(PyExc_ValueError, "a cell index is negative");
                return NULL;
            }
            if (c > top)
                top = c;
        }
        total += PyTuple_GET_SIZE(cs);
    }
    Py_ssize_t m = 0, one = 1;
    (void)top;
    PyObject *out = NULL;
    Py_ssize_t *flat = PyMem_Malloc((total ? total : one) * sizeof(Py_ssize_t));   /* the rules' cells */
    Py_ssize_t *uniq = PyMem_Malloc((total ? total : one) * sizeof(Py_ssize_t));   /* dense number -> cell */
    Py_ssize_t *rstart = PyMem_Malloc((n + 1) * sizeof(Py_ssize_t));
    Py_ssize_t *parent = NULL, *comp = NULL, *count = NULL, *start = NULL, *fill = NULL, *order = NULL, *var = NULL;
    Py_ssize_t *list = PyMem_Malloc((total ? total : one) * sizeof(Py_ssize_t)); /* each cell's local rules */
    Py_ssize_t *local = PyMem_Malloc((n ? n : one) * sizeof(Py_ssize_t));        /* rule -> its number in its component */
    Py_ssize_t *rcomp = PyMem_Malloc((n ? n : one) * sizeof(Py_ssize_t));
    Py_ssize_t *csize = NULL, *cstart = NULL, *rules_in = NULL, *firsts = NULL, *vars = NULL;
    if (!flat || !uniq || !rstart || !list || !local || !rcomp) {
        PyErr_NoMemory();
        goto done;
    }
    Py_ssize_t at = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *cs = PyTuple_GET_ITEM(PyList_GET_ITEM(rules, i), 1);
        rstart[i] = at;
        for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(cs); k++)
            flat[at++] = PyLong_AsSsize_t(PyTuple_GET_ITEM(cs, k));
    }
    rstart[n] = at;
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
                    Py_INCREF(Py_NotImplemented);
                    out = Py_NotImplemented;
                    goto done;
                }
    parent = PyMem_Malloc((m ? m : one) * sizeof(Py_ssize_t));
    comp = PyMem_Malloc((m ? m : one) * sizeof(Py_ssize_t));       /* root -> component, then cell -> */
    count = PyMem_Calloc(m ? m : one, sizeof(Py_ssize_t));           /* occurrences per cell */
    start = PyMem_Malloc((m ? m : one) * sizeof(Py_ssize_t));
    fill = PyMem_Calloc(m ? m : one, sizeof(Py_ssize_t));
    order = PyMem_Malloc((m ? m : one) * sizeof(Py_ssize_t));       /* cells by component, ascending */
    var = PyMem_Malloc((m ? m : one) * sizeof(Py_ssize_t));
    if (!parent || !comp || !count || !start || !fill || !order || !var) {
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
    rstart[n] = at;
    /* Components in order of their first (smallest) cell. */
    Py_ssize_t ncomp = 0, ncells = 0;
    for (Py_ssize_t c = 0; c < m; c++)
        comp[c] = -1;
    for (Py_ssize_t c = 0; c < m; c++) {
        if (parent[c] < 0)
            continue;
        ncells++;
        Py_ssize_t r = find_root(parent, c);
        if (comp[r] < 0)
            comp[r] = ncomp++;
    }
    csize = PyMem_Calloc(ncomp ? ncomp : one, sizeof(Py_ssize_t));
    cstart = PyMem_Malloc((ncomp + 1) * sizeof(Py_ssize_t));
    rules_in = PyMem_Calloc(ncomp ? ncomp : one, sizeof(Py_ssize_t));
    firsts = PyMem_Malloc((ncells ? ncells : one) * sizeof(Py_ssize_t));
    vars = PyMem_Malloc((total ? total : one) * sizeof(Py_ssize_t));
    if (!csize || !cstart || !rules_in || !firsts || !vars) {
        PyErr_NoMemory();
        goto done;
    }
    /* comp[] by root -> by cell (roots first read, so read them before overwriting: use var[] as scratch). */
    for (Py_ssize_t c = 0; c < m; c++)
        var[c] = parent[c] < 0 ? -1 : comp[find_root(parent, c)];
    for (Py_ssize_t c = 0; c < m; c++)
        comp[c] = var[c];
    for (Py_ssize_t c = 0; c < m; c++)
        if (comp[c] >= 0)
            csize[comp[c]]++;
    cstart[0] = 0;
    for (Py_ssize_t k = 0; k < ncomp; k++)
        cstart[k + 1] = cstart[k] + csize[k];
    for (Py_ssize_t k = 0; k < ncomp; k++)
        csize[k] = 0;
    for (Py_ssize_t c = 0; c < m; c++)
        if (comp[c] >= 0)
            order[cstart[comp[c]] + csize[comp[c]]++] = c;
    /* Each rule goes to its first cell's component, numbered there in order. */
    for (Py_ssize_t i = 0; i < n; i++) {
        rcomp[i] = comp[flat[rstart[i]]];
        local[i] = rules_in[rcomp[i]]++;
    }
    /* Each cell's local rules, one entry per occurrence, in rule order. */
    at = 0;
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
    out = PyList_New(ncomp);
    if (out == NULL)
        goto done;
    Py_ssize_t *rule_order = local; /* reused below only through rcomp and rstart */
    (void)rule_order;
    for (Py_ssize_t k = 0; k < ncomp; k++) {
        Py_ssize_t *cells = order + cstart[k], size = cstart[k + 1] - cstart[k];
        /* Boxes: sort by signature (then cell), take runs, order the runs by their first cell. */
        qsort(cells, size, sizeof(Py_ssize_t), cmp_signature);
        Py_ssize_t nbox = 0;
        for (Py_ssize_t j = 0; j < size; j++)
            if (j == 0 || !same_signature(cells[j - 1], cells[j]))
                firsts[nbox++] = j;
        /* firsts[b] = run start; sort runs by their first cell (runs are ascending inside). */
        Py_ssize_t *runs = firsts; /* run starts, to be ordered */
        /* insertion sort by cells[run start]: few boxes per component as a rule; fall back to qsort on many */
        if (nbox > 64) {
            /* pair (first cell, start) packed via two arrays: sort starts by cells[start] */
            Py_ssize_t *keyed = PyMem_Malloc(nbox * 2 * sizeof(Py_ssize_t));
            if (keyed == NULL) {
                PyErr_NoMemory();
                Py_CLEAR(out);
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
        PyObject *var_cells = PyTuple_New(size), *sizes = PyTuple_New(nbox), *cons = NULL, *entry = NULL;
        if (var_cells == NULL || sizes == NULL)
            goto component_fail;
        Py_ssize_t v = 0;
        for (Py_ssize_t b = 0; b < nbox; b++) {
            Py_ssize_t j = runs[b], first = runs[b];
            do {
                var[cells[j]] = v;
                PyObject *o = PyLong_FromSsize_t(uniq[cells[j]]);
                if (o == NULL)
                    goto component_fail;
                PyTuple_SET_ITEM(var_cells, v, o);
                v++;
                j++;
            } while (j < size && same_signature(cells[first], cells[j]));
            PyObject *o = PyLong_FromSsize_t(j - first);
            if (o == NULL)
                goto component_fail;
            PyTuple_SET_ITEM(sizes, b, o);
        }
        cons = PyList_New(0);
        if (cons == NULL)
            goto component_fail;
        for (Py_ssize_t i = 0; i < n; i++) {
            if (rcomp[i] != k)
                continue;
            Py_ssize_t len = rstart[i + 1] - rstart[i];
            for (Py_ssize_t q = 0; q < len; q++)
                vars[q] = var[flat[rstart[i] + q]];
            qsort(vars, len, sizeof(Py_ssize_t), cmp_ssize);
            PyObject *vt = PyTuple_New(len);
            if (vt == NULL)
                goto component_fail;
            for (Py_ssize_t q = 0; q < len; q++) {
                PyObject *o = PyLong_FromSsize_t(vars[q]);
                if (o == NULL) {
                    Py_DECREF(vt);
                    goto component_fail;
                }
                PyTuple_SET_ITEM(vt, q, o);
            }
            PyObject *r = PyList_GET_ITEM(rules, i);
            PyObject *c3 = PyTuple_Pack(3, PyTuple_GET_ITEM(r, 0), vt, PyTuple_GET_ITEM(r, 2));
            Py_DECREF(vt);
            if (c3 == NULL || PyList_Append(cons, c3) < 0) {
                Py_XDECREF(c3);
                goto component_fail;
            }
            Py_DECREF(c3);
        }
        entry = PyTuple_Pack(3, var_cells, sizes, cons);
        Py_DECREF(var_cells);
        Py_DECREF(sizes);
        Py_DECREF(cons);
        if (entry == NULL) {
            Py_CLEAR(out);
            goto done;
        }
        PyList_SET_ITEM(out, k, entry);
        continue;
    component_fail:
        Py_XDECREF(var_cells);
        Py_XDECREF(sizes);
        Py_XDECREF(cons);
        Py_CLEAR(out);
        goto done;
    }
done:
    PyMem_Free(flat);
    PyMem_Free(uniq);
    PyMem_Free(rstart);
    PyMem_Free(parent);
    PyMem_Free(comp);
    PyMem_Free(count);
    PyMem_Free(start);
    PyMem_Free(list);
    PyMem_Free(fill);
    PyMem_Free(local);
    PyMem_Free(rcomp);
    PyMem_Free(order);
    PyMem_Free(var);
    PyMem_Free(csize);
    PyMem_Free(cstart);
    PyMem_Free(rules_in);
    PyMem_Free(firsts);
    PyMem_Free(vars);
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
named(PyObject *names, PyObject *index)
{
    Py_ssize_t i = PyLong_AsSsize_t(index);
    if (i == -1 && PyErr_Occurred())
        return NULL;
    if (i < 0 || i >= PyTuple_GET_SIZE(names)) {
        PyErr_SetString(PyExc_IndexError, "a cell index is outside the names");
        return NULL;
    }
    PyObject *o = PyTuple_GET_ITEM(names, i);
    Py_INCREF(o);
    return o;
}

static PyObject *
one_component(PyObject *entry, PyObject *names, PyObject *ctype, PyObject *ptype, PyObject *comptype,
              PyObject *empty)
{
    PyObject *var_cells, *sizes, *cons;
    if (!PyTuple_Check(entry) || PyTuple_GET_SIZE(entry) != 3 || !PyTuple_Check(var_cells = PyTuple_GET_ITEM(entry, 0))
        || !PyTuple_Check(sizes = PyTuple_GET_ITEM(entry, 1)) || !PyList_Check(cons = PyTuple_GET_ITEM(entry, 2))) {
        PyErr_SetString(PyExc_TypeError, "each component must be (cells, box sizes, constraints), as split_boxes gives");
        return NULL;
    }
    Py_ssize_t nv = PyTuple_GET_SIZE(var_cells), nb = PyTuple_GET_SIZE(sizes), nc = PyList_GET_SIZE(cons);
    PyObject *cells = PyTuple_New(nv), *boxes = PyTuple_New(nb), *constraints = PyTuple_New(nc);
    PyObject *problem = NULL, *out = NULL;
    if (cells == NULL || boxes == NULL || constraints == NULL)
        goto done;
    for (Py_ssize_t v = 0; v < nv; v++) {
        PyObject *o = named(names, PyTuple_GET_ITEM(var_cells, v));
        if (o == NULL)
            goto done;
        PyTuple_SET_ITEM(cells, v, o);
    }
    Py_ssize_t start = 0;
    for (Py_ssize_t b = 0; b < nb; b++) {
        Py_ssize_t size = PyLong_AsSsize_t(PyTuple_GET_ITEM(sizes, b));
        if (size == -1 && PyErr_Occurred())
            goto done;
        if (size < 1 || size > nv - start) {
            PyErr_SetString(PyExc_ValueError, "the box sizes do not add up to the component's cells");
            goto done;
        }
        PyObject *box = PyTuple_New(size);
        if (box == NULL)
            goto done;
        PyTuple_SET_ITEM(boxes, b, box);
        for (Py_ssize_t k = 0; k < size; k++) {
            PyObject *o = PyLong_FromSsize_t(start + k);
            if (o == NULL)
                goto done;
            PyTuple_SET_ITEM(box, k, o);
        }
        start += size;
    }
    if (start != nv) {
        PyErr_SetString(PyExc_ValueError, "the box sizes do not add up to the component's cells");
        goto done;
    }
    for (Py_ssize_t i = 0; i < nc; i++) {
        PyObject *c3 = PyList_GET_ITEM(cons, i);
        if (!PyTuple_Check(c3) || PyTuple_GET_SIZE(c3) != 3) {
            PyErr_SetString(PyExc_TypeError, "each constraint must be (tag, variables, need)");
            goto done;
        }
        PyObject *tag = named(names, PyTuple_GET_ITEM(c3, 0));
        if (tag == NULL)
            goto done;
        PyObject *need = PyTuple_GET_ITEM(c3, 2);
        PyObject *c = fresh(ctype, empty);
        if (c == NULL || store(c, s_vars, PyTuple_GET_ITEM(c3, 1)) < 0 || store(c, s_lo, need) < 0
            || store(c, s_hi, need) < 0 || store(c, s_tag, tag) < 0) {
            Py_XDECREF(c);
            Py_DECREF(tag);
            goto done;
        }
        Py_DECREF(tag);
        PyTuple_SET_ITEM(constraints, i, c);
    }
    problem = fresh(ptype, empty);
    if (problem == NULL || store(problem, s_boxes, boxes) < 0 || store(problem, s_constraints, constraints) < 0)
        goto done;
    /* What Problem's lazy properties would work out first thing (every solve reads them), from the sizes at
     * hand: the values they compute, in the instance dict where they keep them. */
    PyObject *num_vars = PyLong_FromSsize_t(nv), *box_of = PyTuple_New(nv);
    int stored = num_vars != NULL && box_of != NULL;
    for (Py_ssize_t b = 0, v = 0; stored && b < nb; b++) {
        PyObject *index = PyLong_FromSsize_t(b);
        stored = index != NULL;
        for (Py_ssize_t k = 0; stored && k < PyTuple_GET_SIZE(PyTuple_GET_ITEM(boxes, b)); k++) {
            Py_INCREF(index);
            PyTuple_SET_ITEM(box_of, v++, index);
        }
        Py_XDECREF(index);
    }
    stored = stored && store(problem, s_num_vars, num_vars) == 0 && store(problem, s_box_sizes, sizes) == 0
             && store(problem, s_box_of, box_of) == 0;
    /* shape: (boxes, ((vars, lo, hi) per constraint)), the component cache's key. */
    PyObject *bounds = stored ? PyTuple_New(nc) : NULL, *shape = NULL;
    for (Py_ssize_t i = 0; bounds != NULL && i < nc; i++) {
        PyObject *c3 = PyList_GET_ITEM(cons, i), *need = PyTuple_GET_ITEM(c3, 2);
        PyObject *b3 = PyTuple_Pack(3, PyTuple_GET_ITEM(c3, 1), need, need);
        if (b3 == NULL)
            Py_CLEAR(bounds);
        else
            PyTuple_SET_ITEM(bounds, i, b3);
    }
    if (bounds != NULL)
        shape = PyTuple_Pack(2, boxes, bounds);
    stored = shape != NULL && store(problem, s_shape, shape) == 0;
    Py_XDECREF(bounds);
    Py_XDECREF(shape);
    Py_XDECREF(num_vars);
    Py_XDECREF(box_of);
    if (!stored)
        goto done;
    out = fresh(comptype, empty);
    if (out != NULL && (store(out, s_cells, cells) < 0 || store(out, s_problem, problem) < 0))
        Py_CLEAR(out);
done:
    Py_XDECREF(cells);
    Py_XDECREF(boxes);
    Py_XDECREF(constraints);
    Py_XDECREF(problem);
    return out;
}

static PyObject *
name_components(PyObject *self, PyObject *args)
{
    PyObject *split, *names, *ctype, *ptype, *comptype;
    if (!PyArg_ParseTuple(args, "O!O!O!O!O!", &PyList_Type, &split, &PyTuple_Type, &names, &PyType_Type, &ctype,
                          &PyType_Type, &ptype, &PyType_Type, &comptype))
        return NULL;
    PyObject *empty = PyTuple_New(0);
    PyObject *out = PyTuple_New(PyList_GET_SIZE(split));
    if (empty == NULL || out == NULL)
        goto fail;
    for (Py_ssize_t k = 0; k < PyList_GET_SIZE(split); k++) {
        PyObject *c = one_component(PyList_GET_ITEM(split, k), names, ctype, ptype, comptype, empty);
        if (c == NULL)
            goto fail;
        PyTuple_SET_ITEM(out, k, c);
    }
    Py_DECREF(empty);
    return out;
fail:
    Py_XDECREF(empty);
    Py_XDECREF(out);
    return NULL;
}

/* ------------------------------------------------------------------ board_parts
 *
 * board_parts(flat, ids, around, names, rule, constraint, problem, component, simplified, check)
 * follows cnfsweep.engine.position.indexed_position with no assumed cell, up to
 * the Position: the board's rules (number_rules over the indices ``ids``, the
 * silent ones left out), the first impossible one's tag as the contradiction,
 * simplify_rules unless there is one or not ``simplified``, the components of
 * the live rules (split_boxes, name_components), and the covered unflagged
 * cells no live rule sees and none settled, in row-major order.  Returns
 * (components, off-frontier cells, forced {cell: bool}, contradiction cell or
 * None), cells named by ``names`` (``ids`` None: each cell's index, see number_rules); NotImplemented where split_boxes declines.
 * One call, so the steps' Python glue is not paid on every cold analysis.
 */

static PyObject *
call_with(PyCFunction f, PyObject *args)
{
    if (args == NULL)
        return NULL;
    PyObject *out = f(NULL, args);
    Py_DECREF(args);
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
    if (PyTuple_GET_SIZE(names) < n) {
        PyErr_SetString(PyExc_ValueError, "the tables are shorter than the board");
        return NULL;
    }
    PyObject *rules = NULL, *live = NULL, *settled = NULL, *forced = NULL, *split = NULL, *components = NULL;
    PyObject *off = NULL, *named_forced = NULL, *out = NULL;
    Py_ssize_t contradiction = -1;
    char *mask = NULL;
    rules = call_with(number_rules, Py_BuildValue("(y#OOOiO)", flat, n, ids, around, rule, 0, check));
    if (rules == NULL)
        goto done;
    /* The first rule that cannot hold whatever its cells are; then the rules with a cell. */
    live = PyList_New(0);
    if (live == NULL)
        goto done;
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(rules); i++) {
        PyObject *r = PyList_GET_ITEM(rules, i);
        Py_ssize_t len = PyTuple_GET_SIZE(PyTuple_GET_ITEM(r, 1));
        long need = PyLong_AsLong(PyTuple_GET_ITEM(r, 2));
        if (need == -1 && PyErr_Occurred())
            goto done;
        if (contradiction < 0 && (need < 0 || need > len)) {
            contradiction = PyLong_AsSsize_t(PyTuple_GET_ITEM(r, 0));
            if (contradiction == -1 && PyErr_Occurred())
                goto done;
        }
        if (len && PyList_Append(live, r) < 0)
            goto done;
    }
    if (simplified && contradiction < 0) {
        settled = call_with(simplify_rules, Py_BuildValue("(OOO)", live, rule, check));
        if (settled == NULL)
            goto done;
        forced = PyTuple_GET_ITEM(settled, 1);
        Py_INCREF(forced);
        PyObject *tag = PyTuple_GET_ITEM(settled, 2);
        if (tag != Py_None && (contradiction = PyLong_AsSsize_t(tag)) == -1 && PyErr_Occurred())
            goto done;
        PyObject *kept = PyTuple_GET_ITEM(settled, 0);
        Py_SETREF(live, PyList_New(0));
        if (live == NULL)
            goto done;
        for (Py_ssize_t i = 0; i < PyList_GET_SIZE(kept); i++) {
            PyObject *r = PyList_GET_ITEM(kept, i);
            if (PyTuple_GET_SIZE(PyTuple_GET_ITEM(r, 1)) && PyList_Append(live, r) < 0)
                goto done;
        }
    }
    else if ((forced = PyDict_New()) == NULL)
        goto done;
    if (check != Py_None) {
        PyObject *r = PyObject_CallNoArgs(check);
        if (r == NULL)
            goto done;
        Py_DECREF(r);
    }
    split = call_with(split_boxes, Py_BuildValue("(O)", live));
    if (split == NULL)
        goto done;
    if (split == Py_NotImplemented) {
        out = split;
        split = NULL;
        goto done;
    }
    components = call_with(name_components, Py_BuildValue("(OOOOO)", split, names, ctype, ptype, comptype));
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
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(live); i++) {
        PyObject *cs = PyTuple_GET_ITEM(PyList_GET_ITEM(live, i), 1);
        for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(cs); k++) {
            Py_ssize_t c = PyLong_AsSsize_t(PyTuple_GET_ITEM(cs, k));
            if (c == -1 && PyErr_Occurred())
                goto done;
            if (c >= 0 && c < n)
                mask[c] = 0;
        }
    }
    named_forced = PyDict_New();
    if (named_forced == NULL)
        goto done;
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    while (PyDict_Next(forced, &pos, &key, &value)) {
        PyObject *cell = named(names, key);
        if (cell == NULL)
            goto done;
        int bad = PyDict_SetItem(named_forced, cell, value);
        Py_DECREF(cell);
        if (bad < 0)
            goto done;
        Py_ssize_t c = PyLong_AsSsize_t(key);
        if (c >= 0 && c < n)
            mask[c] = 0;
    }
    Py_ssize_t noff = 0;
    for (Py_ssize_t i = 0; i < n; i++)
        noff += mask[i];
    off = PyTuple_New(noff);
    if (off == NULL)
        goto done;
    for (Py_ssize_t i = 0, k = 0; i < n; i++)
        if (mask[i]) {
            PyObject *cell = PyTuple_GET_ITEM(names, i);
            Py_INCREF(cell);
            PyTuple_SET_ITEM(off, k++, cell);
        }
    PyObject *bad_cell = Py_None;
    if (contradiction >= 0) {
        if (contradiction >= PyTuple_GET_SIZE(names)) {
            PyErr_SetString(PyExc_IndexError, "a cell index is outside the names");
            goto done;
        }
        bad_cell = PyTuple_GET_ITEM(names, contradiction);
    }
    out = PyTuple_Pack(4, components, off, named_forced, bad_cell);
done:
    PyMem_Free(mask);
    Py_XDECREF(rules);
    Py_XDECREF(live);
    Py_XDECREF(settled);
    Py_XDECREF(forced);
    Py_XDECREF(split);
    Py_XDECREF(components);
    Py_XDECREF(off);
    Py_XDECREF(named_forced);
    return out;
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
