/*
 * The backtracking count of small components in C: cnfsweep.engine._boxsearch.
 *
 * box_models(sizes, box_of, constraints, node_limit, check) follows
 * cnfsweep.engine.boxsearch.search_python step for step: the same box order
 * (breadth-first along shared constraints), the same bounds on each box's
 * count, the same node count.  So it lists the same models in the same order
 * and gives up (None) exactly when the Python code does.  ``check`` (a
 * callable, or None) is called every 4096 nodes, where the Python code reads
 * the deadline; whatever it raises comes through.
 *
 * ``constraints`` is a sequence of objects with ``vars`` (a tuple of variable
 * indices), ``lo`` and ``hi``; ``box_of`` maps each variable to its box.
 * Counts and bounds are C longs: a component's cells are far fewer.
 *
 * box_table(sizes, models) reads the forced boxes and the count table off a
 * non-empty list of models as cnfsweep.engine.components._from_models does in
 * Python: (forced, solutions, tallies), the dicts in the same order.  Layout
 * counts are held in 128 bits (64 without a 128-bit integer) and every sum and
 * product is checked: where a number would not fit, or a model is not what the
 * Python code expects, it returns NotImplemented and the caller runs Python.
 *
 * box_solve(sizes, box_of, constraints, node_limit, check) is box_models then
 * box_table in one call, as a cold analysis wants them for every component:
 * None past the node limit, the (empty) list of models where there is no model
 * or box_table would answer NotImplemented, else box_table's triple.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "wide.h"

/* Memory comes from PyMem_*, the allocator of every Python object the engine makes: a cold analysis then
 * steps into one allocator's code, not two (glibc's malloc was a twentieth of its cache misses). */


/* Everything the search holds, freed in one place. */
typedef struct {
    Py_ssize_t n_boxes, n_cons;
    long *sizes, *lo, *hi, *room;
    Py_ssize_t *mem_start, *members;      /* constraint j's boxes: members[mem_start[j] .. mem_start[j + 1]) */
    Py_ssize_t *watch_start, *watch;      /* box b's constraints, in increasing order */
    Py_ssize_t *order;
    long *counts, *chosen, *highest;
    unsigned char *seen;
} Search;

static void
search_free(Search *s)
{
    PyMem_Free(s->sizes); PyMem_Free(s->lo); PyMem_Free(s->hi); PyMem_Free(s->room);
    PyMem_Free(s->mem_start); PyMem_Free(s->members); PyMem_Free(s->watch_start); PyMem_Free(s->watch);
    PyMem_Free(s->order); PyMem_Free(s->counts); PyMem_Free(s->chosen); PyMem_Free(s->highest); PyMem_Free(s->seen);
}

static int
cmp_ssize(const void *a, const void *b)
{
    Py_ssize_t x = *(const Py_ssize_t *)a, y = *(const Py_ssize_t *)b;
    return (x > y) - (x < y);
}

/* The attribute names read, interned on first use: PyObject_GetAttrString makes and hashes a new string on
 * every call, and a name not interned misses the type's attribute cache (a cold analysis reads thousands). */
static PyObject *bs_vars, *bs_lo, *bs_hi;

static PyObject *
box_attr(PyObject *obj, PyObject **name, const char *text)
{
    if (*name == NULL && (*name = PyUnicode_InternFromString(text)) == NULL)
        return NULL;
    return PyObject_GetAttr(obj, *name);
}

static long
long_attr(PyObject *obj, PyObject **name, const char *text, int *failed)
{
    PyObject *v = box_attr(obj, name, text);
    if (v == NULL) {
        *failed = 1;
        return 0;
    }
    long out = PyLong_AsLong(v);
    Py_DECREF(v);
    if (out == -1 && PyErr_Occurred())
        *failed = 1;
    return out;
}

/* The search's arrays for ``nb`` boxes and ``nc`` constraints (members and watch lists come later). */
static int
search_alloc(Search *s, Py_ssize_t nb, Py_ssize_t nc)
{
    s->n_boxes = nb;
    s->n_cons = nc;
    s->sizes = PyMem_Malloc(sizeof(long) * (nb + 1));
    s->lo = PyMem_Malloc(sizeof(long) * (nc + 1));
    s->hi = PyMem_Malloc(sizeof(long) * (nc + 1));
    s->room = PyMem_Malloc(sizeof(long) * (nc + 1));
    s->mem_start = PyMem_Malloc(sizeof(Py_ssize_t) * (nc + 1));
    s->watch_start = PyMem_Calloc(nb + 1, sizeof(Py_ssize_t));
    s->order = PyMem_Malloc(sizeof(Py_ssize_t) * (nb + 1));
    s->counts = PyMem_Calloc(nb + 1, sizeof(long));
    s->chosen = PyMem_Calloc(nb + 1, sizeof(long));
    s->highest = PyMem_Calloc(nb + 1, sizeof(long));
    s->seen = PyMem_Calloc(nb + 1, 1);
    if (!s->sizes || !s->lo || !s->hi || !s->room || !s->mem_start || !s->watch_start || !s->order
        || !s->counts || !s->chosen || !s->highest || !s->seen) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

/* Watch lists: each box's constraints in increasing order, as the Python code appends them, from the
 * members (mem_start[n_cons] of them). */
static int
watch_lists(Search *s)
{
    Py_ssize_t at = s->mem_start[s->n_cons], nb = s->n_boxes, nc = s->n_cons;
    s->watch = PyMem_Malloc(sizeof(Py_ssize_t) * (at + 1));
    Py_ssize_t *fill = PyMem_Malloc(sizeof(Py_ssize_t) * (nb + 1));
    if (s->watch == NULL || fill == NULL) {
        PyMem_Free(fill);
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t k = 0; k < at; k++)
        s->watch_start[s->members[k] + 1]++;
    for (Py_ssize_t b = 0; b < nb; b++)
        s->watch_start[b + 1] += s->watch_start[b];
    memcpy(fill, s->watch_start, sizeof(Py_ssize_t) * (nb + 1));
    for (Py_ssize_t j = 0; j < nc; j++)
        for (Py_ssize_t k = s->mem_start[j]; k < s->mem_start[j + 1]; k++)
            s->watch[fill[s->members[k]]++] = j;
    PyMem_Free(fill);
    return 0;
}

/* Read the problem: sizes, each constraint's sorted distinct boxes, its bounds and room. */
static int
read_problem(Search *s, PyObject *sizes, PyObject *box_of, PyObject *cons)
{
    Py_ssize_t nb = PyTuple_GET_SIZE(sizes), nv = PyTuple_GET_SIZE(box_of), nc = PySequence_Fast_GET_SIZE(cons);
    PyObject **items = PySequence_Fast_ITEMS(cons);
    if (search_alloc(s, nb, nc) < 0)
        return -1;
    for (Py_ssize_t b = 0; b < nb; b++) {
        s->sizes[b] = PyLong_AsLong(PyTuple_GET_ITEM(sizes, b));
        if (s->sizes[b] == -1 && PyErr_Occurred())
            return -1;
    }
    /* Members: first every variable's box, then sorted and made distinct in place. */
    Py_ssize_t total = 0;
    PyObject **vars_of = PyMem_Malloc(sizeof(PyObject *) * (nc + 1));
    if (vars_of == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    int failed = 0;
    for (Py_ssize_t j = 0; j < nc; j++) {
        PyObject *vars = box_attr(items[j], &bs_vars, "vars");
        if (vars == NULL || !PyTuple_Check(vars)) {
            if (vars != NULL)
                PyErr_SetString(PyExc_TypeError, "a constraint's vars must be a tuple");
            Py_XDECREF(vars);
            for (Py_ssize_t k = 0; k < j; k++)
                Py_DECREF(vars_of[k]);
            PyMem_Free(vars_of);
            return -1;
        }
        vars_of[j] = vars;
        total += PyTuple_GET_SIZE(vars);
        s->lo[j] = long_attr(items[j], &bs_lo, "lo", &failed);
        s->hi[j] = long_attr(items[j], &bs_hi, "hi", &failed);
        s->room[j] = (long)PyTuple_GET_SIZE(vars);
    }
    s->members = PyMem_Malloc(sizeof(Py_ssize_t) * (total + 1));
    if (s->members == NULL && !failed) {
        PyErr_NoMemory();
        failed = 1;
    }
    Py_ssize_t at = 0;
    for (Py_ssize_t j = 0; j < nc && !failed; j++) {
        PyObject *vars = vars_of[j];
        Py_ssize_t first = at;
        s->mem_start[j] = first;
        for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(vars); k++) {
            Py_ssize_t v = PyLong_AsSsize_t(PyTuple_GET_ITEM(vars, k));
            if (v == -1 && PyErr_Occurred()) {
                failed = 1;
                break;
            }
            if (v < 0 || v >= nv) {
                PyErr_SetString(PyExc_IndexError, "a constraint names a variable with no box");
                failed = 1;
                break;
            }
            Py_ssize_t b = PyLong_AsSsize_t(PyTuple_GET_ITEM(box_of, v));
            if (b < 0 || b >= nb) {
                if (!PyErr_Occurred())
                    PyErr_SetString(PyExc_IndexError, "a variable's box is out of range");
                failed = 1;
                break;
            }
            s->members[at++] = b;
        }
        if (failed)
            break;
        qsort(s->members + first, at - first, sizeof(Py_ssize_t), cmp_ssize);
        Py_ssize_t kept = first;
        for (Py_ssize_t k = first; k < at; k++)
            if (k == first || s->members[k] != s->members[kept - 1])
                s->members[kept++] = s->members[k];
        at = kept;
    }
    for (Py_ssize_t j = 0; j < nc; j++)
        Py_DECREF(vars_of[j]);
    PyMem_Free(vars_of);
    if (failed)
        return -1;
    s->mem_start[nc] = at;
    return watch_lists(s);
}

/* Breadth-first along shared constraints, each new start the lowest box not yet seen. */
static void
box_order(Search *s)
{
    Py_ssize_t head = 0, tail = 0;
    for (Py_ssize_t start = 0; start < s->n_boxes; start++) {
        if (s->seen[start])
            continue;
        s->seen[start] = 1;
        s->order[tail++] = start;
        while (head < tail) {
            Py_ssize_t b = s->order[head++];
            for (Py_ssize_t w = s->watch_start[b]; w < s->watch_start[b + 1]; w++) {
                Py_ssize_t j = s->watch[w];
                for (Py_ssize_t k = s->mem_start[j]; k < s->mem_start[j + 1]; k++) {
                    Py_ssize_t other = s->members[k];
                    if (!s->seen[other]) {
                        s->seen[other] = 1;
                        s->order[tail++] = other;
                    }
                }
            }
        }
    }
}

static PyObject *
model_tuple(Search *s)
{
    PyObject *t = PyTuple_New(s->n_boxes);
    if (t == NULL)
        return NULL;
    for (Py_ssize_t b = 0; b < s->n_boxes; b++) {
        PyObject *v = PyLong_FromLong(s->counts[b]);
        if (v == NULL) {
            Py_DECREF(t);
            return NULL;
        }
        PyTuple_SET_ITEM(t, b, v);
    }
    return t;
}

/* What the search does with each model it finds (the box counts in s->counts): 0 to go on, 1 to stop the
 * search, -1 on an error. */
typedef int (*Leaf)(Search *s, void *context);

/* The search itself, ``leaf`` called on every model in order: 0 when it is over, 1 when the budget ran out,
 * 2 when ``leaf`` stopped it, -1 on an error. */
static int
run(Search *s, Py_ssize_t node_limit, PyObject *check, Leaf leaf, void *context)
{
    Py_ssize_t depth = s->n_boxes;
    if (node_limit >= 0 && depth > node_limit)
        return 1;
    long *lo = s->lo, *hi = s->hi, *room = s->room;
    Py_ssize_t nodes = 0, i = 0;
    int forward = 1;
    long c = 0;
    for (;;) {
        Py_ssize_t b;
        long size;
        Py_ssize_t w0, w1;
        if (forward) {
            if (i == depth) {
                int said = leaf(s, context);
                if (said != 0)
                    return said < 0 ? -1 : 2;
                i--;
                forward = 0;
                continue;
            }
            nodes++;
            if (node_limit >= 0 && nodes > node_limit)
                return 1;
            if (nodes % 4096 == 0 && check != Py_None) {
                PyObject *r = PyObject_CallNoArgs(check);
                if (r == NULL)
                    return -1;
                Py_DECREF(r);
            }
            b = s->order[i];
            size = s->sizes[b];
            w0 = s->watch_start[b];
            w1 = s->watch_start[b + 1];
            long least = 0, most = size;
            for (Py_ssize_t w = w0; w < w1; w++) {
                Py_ssize_t j = s->watch[w];
                long rest = room[j] - size;
                if (lo[j] - rest > least)
                    least = lo[j] - rest;
                if (hi[j] < most)
                    most = hi[j];
            }
            if (least > most) {
                i--;
                forward = 0;
                continue;
            }
            for (Py_ssize_t w = w0; w < w1; w++)
                room[s->watch[w]] -= size;
            c = least;
            s->highest[i] = most;
        }
        else {
            if (i < 0)
                return 0;
            b = s->order[i];
            size = s->sizes[b];
            w0 = s->watch_start[b];
            w1 = s->watch_start[b + 1];
            c = s->chosen[i];
            for (Py_ssize_t w = w0; w < w1; w++) {
                lo[s->watch[w]] += c;
                hi[s->watch[w]] += c;
            }
            if (c == s->highest[i]) {
                for (Py_ssize_t w = w0; w < w1; w++)
                    room[s->watch[w]] += size;
                i--;
                continue;
            }
            c++;
        }
        for (Py_ssize_t w = w0; w < w1; w++) {
            lo[s->watch[w]] -= c;
            hi[s->watch[w]] -= c;
        }
        s->chosen[i] = s->counts[b] = c;
        i++;
        forward = 1;
    }
}

/* A leaf: the model appended to a list of tuples. */
static int
list_model(Search *s, void *models)
{
    PyObject *m = model_tuple(s);
    int bad = m == NULL || PyList_Append((PyObject *)models, m) < 0;
    Py_XDECREF(m);
    return bad ? -1 : 0;
}

/* box_models' and box_solve's arguments read into ``s`` (to be freed by the caller either way): 0, or -1 on
 * an error.  *feasible is 0 where a constraint cannot hold whatever the boxes hold: no model. */
static int
start_search(PyObject *args, Search *s, Py_ssize_t *node_limit, PyObject **check, int *feasible)
{
    PyObject *sizes, *box_of, *cons_in, *limit;
    if (!PyArg_ParseTuple(args, "O!O!OOO", &PyTuple_Type, &sizes, &PyTuple_Type, &box_of, &cons_in, &limit, check))
        return -1;
    *node_limit = -1;
    if (limit != Py_None) {
        *node_limit = PyLong_AsSsize_t(limit);
        if (*node_limit == -1 && PyErr_Occurred())
            return -1;
        if (*node_limit < 0) {
            PyErr_SetString(PyExc_ValueError, "node_limit must be at least 0");
            return -1;
        }
    }
    PyObject *cons = PySequence_Fast(cons_in, "constraints must be a sequence");
    if (cons == NULL)
        return -1;
    int read = read_problem(s, sizes, box_of, cons);
    Py_DECREF(cons);
    if (read < 0)
        return -1;
    *feasible = 1;
    for (Py_ssize_t j = 0; j < s->n_cons; j++)
        if (s->lo[j] > s->room[j] || s->hi[j] < 0 || s->lo[j] > s->hi[j])
            *feasible = 0;
    if (*feasible)
        box_order(s);
    return 0;
}

static PyObject *
box_models(PyObject *self, PyObject *args)
{
    Search s;
    memset(&s, 0, sizeof(s));
    Py_ssize_t node_limit;
    PyObject *check, *out = NULL;
    int feasible;
    if (start_search(args, &s, &node_limit, &check, &feasible) == 0 && (out = PyList_New(0)) != NULL && feasible) {
        int ran = run(&s, node_limit, check, list_model, out);
        if (ran != 0)
            Py_SETREF(out, ran == 1 ? Py_NewRef(Py_None) : NULL);
    }
    search_free(&s);
    return out;
}

/* The table's arrays, freed in one place. */
typedef struct {
    long *sizes, *counts;
    wide *sol, *tal;
    Py_ssize_t *order, n_used;
    unsigned char *used, *only_zero, *only_full;
} Table;

static void
table_free(Table *t)
{
    PyMem_Free(t->sizes); PyMem_Free(t->counts); PyMem_Free(t->sol); PyMem_Free(t->tal);
    PyMem_Free(t->order); PyMem_Free(t->used); PyMem_Free(t->only_zero); PyMem_Free(t->only_full);
}

/* The table's arrays for boxes of ``sizes``: 0, 1 where a size is past the binomials (Python counts), -1 on
 * an error. */
static int
table_start(Table *t, const long *sizes, Py_ssize_t nb)
{
    long max_k = 0;
    t->sizes = PyMem_Malloc(sizeof(long) * (nb + 1));
    t->counts = PyMem_Malloc(sizeof(long) * (nb + 1));
    t->only_zero = PyMem_Malloc(nb + 1);
    t->only_full = PyMem_Malloc(nb + 1);
    if (!t->sizes || !t->counts || !t->only_zero || !t->only_full) {
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t b = 0; b < nb; b++) {
        if (sizes[b] < 0 || sizes[b] > binom_top)
            return 1;
        t->sizes[b] = sizes[b];
        max_k += sizes[b];
        t->only_zero[b] = t->only_full[b] = 1;
    }
    t->sol = PyMem_Calloc(max_k + 1, sizeof(wide));
    t->tal = PyMem_Calloc((size_t)(max_k + 1) * (nb + 1), sizeof(wide));
    t->order = PyMem_Malloc(sizeof(Py_ssize_t) * (max_k + 1));
    t->used = PyMem_Calloc(max_k + 1, 1);
    if (!t->sol || !t->tal || !t->order || !t->used) {
        PyErr_NoMemory();
        return -1;
    }
    t->n_used = 0;
    return 0;
}

/* One model (its box counts in t->counts) added to the table: 0, or 1 where a count passes its integers. */
static int
table_add(Table *t, Py_ssize_t nb)
{
    wide total = 1;
    long k = 0;
    for (Py_ssize_t b = 0; b < nb; b++) {
        long c = t->counts[b];
        k += c;
        if (__builtin_mul_overflow(total, binom[t->sizes[b]][c], &total))
            return 1;
        if (c != 0)
            t->only_zero[b] = 0;
        if (c != t->sizes[b])
            t->only_full[b] = 0;
    }
    if (!t->used[k]) {
        t->used[k] = 1;
        t->order[t->n_used++] = k;
    }
    if (__builtin_add_overflow(t->sol[k], total, &t->sol[k]))
        return 1;
    wide *row = t->tal + (size_t)k * nb;
    for (Py_ssize_t b = 0; b < nb; b++) {
        long c = t->counts[b];
        wide part;
        if (!c)
            continue;
        /* total / C(s, c) * C(s-1, c-1) == total * c / s, exactly. */
        if (__builtin_mul_overflow(total, (wide)c, &part) || __builtin_add_overflow(row[b], part / (wide)t->sizes[b], &row[b]))
            return 1;
    }
    return 0;
}

/* 0: counted; 1: hand back to Python; -1: an exception is set. */
static int
count_table(Table *t, PyObject *sizes, PyObject *models)
{
    Py_ssize_t nb = PyTuple_GET_SIZE(sizes), nm = PyList_GET_SIZE(models);
    long *read = PyMem_Malloc(sizeof(long) * (nb + 1));
    if (read == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t b = 0; b < nb; b++) {
        read[b] = PyLong_AsLong(PyTuple_GET_ITEM(sizes, b));
        if (read[b] == -1 && PyErr_Occurred()) {
            PyMem_Free(read);
            return -1;
        }
    }
    int started = table_start(t, read, nb);
    PyMem_Free(read);
    if (started != 0)
        return started;
    for (Py_ssize_t i = 0; i < nm; i++) {
        PyObject *m = PyList_GET_ITEM(models, i);
        if (!PyTuple_Check(m) || PyTuple_GET_SIZE(m) != nb)
            return 1;
        for (Py_ssize_t b = 0; b < nb; b++) {
            long c = PyLong_AsLong(PyTuple_GET_ITEM(m, b));
            if (c == -1 && PyErr_Occurred()) {
                PyErr_Clear();
                return 1;
            }
            if (c < 0 || c > t->sizes[b])
                return 1;
            t->counts[b] = c;
        }
        if (table_add(t, nb) != 0)
            return 1;
    }
    return 0;
}

/* The table as box_table answers it: (forced, solutions, tallies). */
static PyObject *
table_answer(Table *t, Py_ssize_t nb)
{
    PyObject *forced = NULL, *solutions = NULL, *tallies = NULL, *out = NULL;
    if (!(forced = PyDict_New()) || !(solutions = PyDict_New()) || !(tallies = PyDict_New()))
        goto done;
    for (Py_ssize_t b = 0; b < nb; b++) {
        if (!t->only_zero[b] && !t->only_full[b])
            continue;
        PyObject *key = PyLong_FromSsize_t(b);
        PyObject *value = PyLong_FromLong(t->only_full[b] ? t->sizes[b] : 0);
        int bad = !key || !value || PyDict_SetItem(forced, key, value) < 0;
        Py_XDECREF(key);
        Py_XDECREF(value);
        if (bad)
            goto done;
    }
    for (Py_ssize_t i = 0; i < t->n_used; i++) {
        Py_ssize_t k = t->order[i];
        PyObject *key = PyLong_FromSsize_t(k);
        PyObject *count = wide_to_long(t->sol[k]);
        PyObject *row = PyTuple_New(nb);
        int bad = !key || !count || !row;
        for (Py_ssize_t b = 0; b < nb && !bad; b++) {
            PyObject *v = wide_to_long(t->tal[(size_t)k * nb + b]);
            if (v == NULL)
                bad = 1;
            else
                PyTuple_SET_ITEM(row, b, v);
        }
        bad = bad || PyDict_SetItem(solutions, key, count) < 0 || PyDict_SetItem(tallies, key, row) < 0;
        Py_XDECREF(key);
        Py_XDECREF(count);
        Py_XDECREF(row);
        if (bad)
            goto done;
    }
    out = PyTuple_Pack(3, forced, solutions, tallies);
done:
    Py_XDECREF(forced);
    Py_XDECREF(solutions);
    Py_XDECREF(tallies);
    return out;
}

static PyObject *
box_table(PyObject *self, PyObject *args)
{
    PyObject *sizes, *models;
    if (!PyArg_ParseTuple(args, "O!O!", &PyTuple_Type, &sizes, &PyList_Type, &models))
        return NULL;
    if (PyList_GET_SIZE(models) == 0)
        Py_RETURN_NOTIMPLEMENTED;
    Table t;
    memset(&t, 0, sizeof(t));
    int found = count_table(&t, sizes, models);
    PyObject *out = found < 0 ? NULL : found > 0 ? Py_NewRef(Py_NotImplemented) : table_answer(&t, PyTuple_GET_SIZE(sizes));
    table_free(&t);
    return out;
}

/* A leaf: the model counted into the table; the search stopped where a count passes its integers. */
static int
count_model(Search *s, void *table)
{
    Table *t = table;
    memcpy(t->counts, s->counts, sizeof(long) * s->n_boxes);
    return table_add(t, s->n_boxes);
}

/* box_models then box_table, each model counted into the table as the search finds it (no tuple made for
 * it): the models themselves only where the table cannot hold their count, found again by box_models. */
static PyObject *
box_solve(PyObject *self, PyObject *args)
{
    Search s;
    Table t;
    memset(&s, 0, sizeof(s));
    memset(&t, 0, sizeof(t));
    Py_ssize_t node_limit;
    PyObject *check, *out = NULL;
    int feasible, ran = -1;
    if (start_search(args, &s, &node_limit, &check, &feasible) == 0) {
        int started = feasible ? table_start(&t, s.sizes, s.n_boxes) : 0;
        if (!feasible)
            out = PyList_New(0);
        else if (started == 0 && (ran = run(&s, node_limit, check, count_model, &t)) == 0)
            /* No model: the empty list, as box_models answers. */
            out = t.n_used ? table_answer(&t, s.n_boxes) : PyList_New(0);
        else if (ran == 1)
            out = Py_NewRef(Py_None);
        else if (started == 1 || ran == 2)  /* sizes or counts past the table's integers */
            ran = 3;
    }
    search_free(&s);
    table_free(&t);
    return ran == 3 ? box_models(self, args) : out;
}

static PyObject *
wide_bits(PyObject *self, PyObject *noargs)
{
    return PyLong_FromLong((long)(sizeof(wide) * CHAR_BIT));
}

static PyMethodDef methods[] = {
    {"box_table", box_table, METH_VARARGS,
     "box_table(sizes, models) -> (forced, solutions, tallies), or NotImplemented where Python must count"},
    {"box_solve", box_solve, METH_VARARGS,
     "box_solve(sizes, box_of, constraints, node_limit, check) -> box_table's triple, the models where it has none, "
     "or None past the node limit"},
    {"wide_bits", wide_bits, METH_NOARGS, "wide_bits() -> the bits of the kernel's layout counts"},
    {"box_models", box_models, METH_VARARGS,
     "box_models(sizes, box_of, constraints, node_limit, check) -> list of tuples, or None past the node limit"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "cnfsweep.engine._boxsearch",
    "The backtracking count of small components (see cnfsweep.engine.boxsearch).", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC
PyInit__boxsearch(void)
{
    init_binom();
    return PyModule_Create(&module);
}
