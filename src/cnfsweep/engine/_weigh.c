/*
 * The weighing of components' count tables in C: cnfsweep.engine._weigh.
 *
 * weigh(tables, n_off, mines_left) answers what cnfsweep.engine.counting.combine
 * works out with a total, on a common scale.  With ``n`` cells off the frontier
 * and ``m`` mines left, a frontier holding ``x`` mines extends in C(n, m - x)
 * ways.  Only the ratios of these binomials matter to the probabilities, and for
 * the handful of ``r = m - x`` a position can reach, the ratios are small: the
 * kernel weighs with the primitive integer vector W proportional to C(n, r)
 * (built factor by factor, divided by its gcd after each factor), so that the
 * numbers fit in 128 bits where C(n, r) itself runs to hundreds of bits.
 *
 * It returns ``(solutions, boxes, off, top, r_top)``, all on that scale:
 * ``boxes[i][b] / solutions`` is the mine probability of a cell of box ``b`` of
 * component ``i``, ``off / (n * solutions)`` that of a cell off the frontier
 * (``off`` is None when n is 0), and the true number of layouts is
 * ``solutions * C(n, r_top) / top``, an exact division.  Every sum and product
 * is checked; where a number would not fit, a table is empty or no layout fits
 * the total, it returns NotImplemented and the Python code weighs.
 *
 * ``tables`` is a sequence of objects with ``solutions`` (a dict: mines -> count)
 * and ``tallies`` (a dict: mines -> tuple of per-box counts), as CountTable has them.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "wide.h"

/* Memory comes from PyMem_*, the allocator of every Python object the engine makes: a cold analysis then
 * steps into one allocator's code, not two (glibc's malloc was a twentieth of its cache misses). */

/* One table, read into C. */
typedef struct {
    Py_ssize_t len;     /* length of its mine polynomial: highest count + 1 */
    Py_ssize_t rows;    /* mine counts with a row of tallies */
    Py_ssize_t width;   /* boxes */
    wide *poly;         /* poly[k]: layouts with k mines */
    long *keys;         /* keys[i]: the mine count of tally row i */
    wide *tally;        /* tally[i * width + b] */
} Tab;

typedef struct {
    Py_ssize_t n;
    Tab *t;
    wide *scratch;      /* every other buffer, one allocation */
} Tabs;

static void
tabs_free(Tabs *s)
{
    if (s->t) {
        for (Py_ssize_t i = 0; i < s->n; i++) {
            PyMem_Free(s->t[i].poly);
            PyMem_Free(s->t[i].keys);
            PyMem_Free(s->t[i].tally);
        }
    }
    PyMem_Free(s->t);
    PyMem_Free(s->scratch);
}

/* A non-negative Python int as a wide: 0 on success, 1 where it does not fit (no error set), -1 on error. */
static int
as_wide(PyObject *obj, wide *out)
{
    if (!PyLong_Check(obj))
        return 1;
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(obj, &overflow);
    if (v == -1 && PyErr_Occurred())
        return -1;
    if (overflow || v < 0)
        return 1;
    *out = (wide)v;
    return 0;
}

/* The attribute names read, interned on first use: PyObject_GetAttrString makes and hashes a new string on
 * every call, and a name not interned misses the type's attribute cache (a cold analysis reads dozens). */
static PyObject *wg_solutions, *wg_tallies, *wg_problem, *wg_boxes, *wg_cells;

static PyObject *
weigh_attr(PyObject *obj, PyObject **name, const char *text)
{
    if (*name == NULL && (*name = PyUnicode_InternFromString(text)) == NULL)
        return NULL;
    return PyObject_GetAttr(obj, *name);
}

/* 1 where the table is not one the kernel handles, -1 on error. */
static int
read_table(Tab *t, PyObject *table)
{
    int status = -1;
    PyObject *sols = weigh_attr(table, &wg_solutions, "solutions");
    PyObject *tals = sols ? weigh_attr(table, &wg_tallies, "tallies") : NULL;
    if (!tals)
        goto done;
    status = 1;
    if (!PyDict_Check(sols) || !PyDict_Check(tals) || PyDict_GET_SIZE(sols) == 0)
        goto done;
    Py_ssize_t pos = 0;
    PyObject *key, *value;
    long top = -1;
    while (PyDict_Next(sols, &pos, &key, &value)) {
        long k = PyLong_Check(key) ? PyLong_AsLong(key) : -1;
        if (k == -1 && PyErr_Occurred()) {
            status = -1;
            goto done;
        }
        if (k < 0 || k > 1 << 20)
            goto done;
        if (k > top)
            top = k;
    }
    t->len = top + 1;
    t->rows = PyDict_GET_SIZE(tals);
    t->poly = PyMem_Calloc((size_t)t->len, sizeof(wide));
    t->keys = PyMem_Calloc((size_t)(t->rows ? t->rows : 1), sizeof(long));
    if (!t->poly || !t->keys) {
        PyErr_NoMemory();
        status = -1;
        goto done;
    }
    pos = 0;
    while (PyDict_Next(sols, &pos, &key, &value)) {
        int got = as_wide(value, &t->poly[PyLong_AsLong(key)]);
        if (got) {
            status = got;
            goto done;
        }
    }
    pos = 0;
    t->width = -1;
    Py_ssize_t i = 0;
    while (PyDict_Next(tals, &pos, &key, &value)) {
        long k = PyLong_Check(key) ? PyLong_AsLong(key) : -1;
        if (k == -1 && PyErr_Occurred()) {
            status = -1;
            goto done;
        }
        if (k < 0 || k >= t->len || !PyTuple_Check(value))
            goto done;
        Py_ssize_t w = PyTuple_GET_SIZE(value);
        if (t->width < 0) {
            t->width = w;
            t->tally = PyMem_Calloc((size_t)(t->rows * w > 0 ? t->rows * w : 1), sizeof(wide));
            if (!t->tally) {
                PyErr_NoMemory();
                status = -1;
                goto done;
            }
        }
        else if (w != t->width)
            goto done;
        t->keys[i] = k;
        for (Py_ssize_t b = 0; b < w; b++) {
            int got = as_wide(PyTuple_GET_ITEM(value, b), &t->tally[i * w + b]);
            if (got) {
                status = got;
                goto done;
            }
        }
        i++;
    }
    if (t->width < 0)
        t->width = 0;
    status = 0;
done:
    Py_XDECREF(sols);
    Py_XDECREF(tals);
    return status;
}

/* out = a * b (out has la + lb - 1 places, not overlapping a or b); 1 on overflow. */
static int
poly_mul(const wide *a, Py_ssize_t la, const wide *b, Py_ssize_t lb, wide *out)
{
    memset(out, 0, sizeof(wide) * (size_t)(la + lb - 1));
    for (Py_ssize_t i = 0; i < la; i++) {
        if (!a[i])
            continue;
        for (Py_ssize_t j = 0; j < lb; j++) {
            wide p;
            if (__builtin_mul_overflow(a[i], b[j], &p) || __builtin_add_overflow(out[i + j], p, &out[i + j]))
                return 1;
        }
    }
    return 0;
}

static wide
gcd_wide(wide a, wide b)
{
    while (b) {
        wide r = a % b;
        a = b;
        b = r;
    }
    return a;
}

/* dot = sum a[i] * b[i] over i < n; 1 on overflow. */
static int
dot(const wide *a, const wide *b, Py_ssize_t n, wide *out)
{
    wide total = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        wide p;
        if (__builtin_mul_overflow(a[i], b[i], &p) || __builtin_add_overflow(total, p, &total))
            return 1;
    }
    *out = total;
    return 0;
}

/* The weighing itself, on tables read into C: 0 done, 1 past the kernel's integers. */
static int
weigh_tabs(Tabs *s, long n, long m, wide *solutions, wide **boxes, wide *off, wide *top, long *r_top)
{
    Py_ssize_t T = s->n, L = 1, width = 0;
    for (Py_ssize_t i = 0; i < T; i++) {
        L += s->t[i].len - 1;
        width += s->t[i].width;
    }
    /* prefix[i]: product of tables before i (length 1 + sum of their degrees); suffix likewise after i. */
    size_t need = (size_t)L * (size_t)(2 * (T + 1) + 4) + (size_t)width + 1;
    s->scratch = PyMem_Calloc(need, sizeof(wide));
    if (!s->scratch) {
        PyErr_NoMemory();
        return -1;
    }
    wide *prefix = s->scratch, *suffix = prefix + (size_t)L * (T + 1);
    wide *weight = suffix + (size_t)L * (T + 1), *W = weight + L, *others = W + L, *rest = others + L;
    *boxes = rest + L;
    Py_ssize_t *plen = PyMem_Malloc(sizeof(Py_ssize_t) * (size_t)(2 * (T + 1)));
    if (!plen) {
        PyErr_NoMemory();
        return -1;
    }
    Py_ssize_t *slen = plen + T + 1;
    int over = 0;
    prefix[0] = 1;
    plen[0] = 1;
    for (Py_ssize_t i = 0; i < T && !over; i++) {
        over = poly_mul(prefix + (size_t)L * i, plen[i], s->t[i].poly, s->t[i].len, prefix + (size_t)L * (i + 1));
        plen[i + 1] = plen[i] + s->t[i].len - 1;
    }
    suffix[(size_t)L * T] = 1;
    slen[T] = 1;
    for (Py_ssize_t i = T - 1; i >= 0 && !over; i--) {
        over = poly_mul(suffix + (size_t)L * (i + 1), slen[i + 1], s->t[i].poly, s->t[i].len, suffix + (size_t)L * i);
        slen[i] = slen[i + 1] + s->t[i].len - 1;
    }
    if (over) {
        PyMem_Free(plen);
        return 1;
    }
    const wide *everything = prefix + (size_t)L * T;
    /* r = m - x runs over [r_lo, r_hi]: the mines off the frontier when it holds x. */
    long r_lo = m - (long)(L - 1) > 0 ? m - (long)(L - 1) : 0, r_hi = m < n ? m : n;
    if (r_lo > r_hi) {
        PyMem_Free(plen);
        return 1;
    }
    /* W[r - r_lo] = prod_{j = r_lo + 1}^{r} (n - j + 1) * prod_{j = r + 1}^{r_hi} j, proportional to C(n, r):
     * one factor j at a time for every r, then the whole vector divided by its gcd. */
    Py_ssize_t span = r_hi - r_lo + 1;
    for (Py_ssize_t r = 0; r < span; r++)
        W[r] = 1;
    for (long j = r_lo + 1; j <= r_hi && !over; j++) {
        wide g = 0;
        for (Py_ssize_t r = 0; r < span; r++) {
            wide factor = (wide)(r_lo + r >= j ? n - j + 1 : j);
            if (__builtin_mul_overflow(W[r], factor, &W[r])) {
                over = 1;
                break;
            }
            g = gcd_wide(g, W[r]);
        }
        for (Py_ssize_t r = 0; r < span && !over; r++)
            W[r] /= g;
    }
    if (over) {
        PyMem_Free(plen);
        return 1;
    }
    for (Py_ssize_t x = 0; x < L; x++) {
        long r = m - (long)x;
        weight[x] = r >= r_lo && r <= r_hi ? W[r - r_lo] : 0;
    }
    *top = W[r_hi - r_lo];
    *r_top = r_hi;
    if (dot(everything, weight, L, solutions) || *solutions == 0) {
        PyMem_Free(plen);
        return 1;
    }
    Py_ssize_t at = 0;
    for (Py_ssize_t i = 0; i < T && !over; i++) {
        Tab *t = &s->t[i];
        Py_ssize_t lo_len = L - t->len + 1;
        over = poly_mul(prefix + (size_t)L * i, plen[i], suffix + (size_t)L * (i + 1), slen[i + 1], others);
        for (Py_ssize_t row = 0; row < t->rows && !over; row++)
            over = dot(others, weight + t->keys[row], lo_len, &rest[row]);
        for (Py_ssize_t b = 0; b < t->width && !over; b++) {
            wide total = 0;
            for (Py_ssize_t row = 0; row < t->rows; row++) {
                wide p;
                if (__builtin_mul_overflow(rest[row], t->tally[row * t->width + b], &p)
                    || __builtin_add_overflow(total, p, &total)) {
                    over = 1;
                    break;
                }
            }
            (*boxes)[at + b] = total;
        }
        at += t->width;
    }
    *off = 0;
    if (n > 0 && !over) {
        wide total = 0;
        for (Py_ssize_t x = 0; x < L && !over; x++) {
            wide p, q;
            over = __builtin_mul_overflow(everything[x], weight[x], &p)
                   || __builtin_mul_overflow(p, (wide)(weight[x] ? m - (long)x : 0), &q)
                   || __builtin_add_overflow(total, q, &total);
        }
        *off = total;
    }
    PyMem_Free(plen);
    return over;
}

static PyObject *
weigh_tables(PyObject *tables, long n, long m);

static PyObject *
weigh(PyObject *self, PyObject *args)
{
    PyObject *tables;
    long n, m;
    if (!PyArg_ParseTuple(args, "Oll", &tables, &n, &m))
        return NULL;
    return weigh_tables(tables, n, m);
}

/* weigh's work on its arguments read (a caller in C passes them as they are: no tuple to build and parse). */
static PyObject *
weigh_tables(PyObject *tables, long n, long m)
{
    PyObject *seq = PySequence_Fast(tables, "tables must be a sequence");
    if (!seq)
        return NULL;
    Tabs s;
    memset(&s, 0, sizeof(s));
    PyObject *out = NULL;
    s.n = PySequence_Fast_GET_SIZE(seq);
    if (n < 0 || m < 0) {
        out = Py_NewRef(Py_NotImplemented);
        goto done;
    }
    s.t = PyMem_Calloc((size_t)(s.n ? s.n : 1), sizeof(Tab));
    if (!s.t) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < s.n; i++) {
        int got = read_table(&s.t[i], PySequence_Fast_GET_ITEM(seq, i));
        if (got < 0)
            goto done;
        if (got) {
            out = Py_NewRef(Py_NotImplemented);
            goto done;
        }
    }
    wide solutions, off, top, *boxes = NULL;
    long r_top;
    int got = weigh_tabs(&s, n, m, &solutions, &boxes, &off, &top, &r_top);
    if (got < 0)
        goto done;
    if (got) {
        out = Py_NewRef(Py_NotImplemented);
        goto done;
    }
    PyObject *rows = PyTuple_New(s.n);
    if (!rows)
        goto done;
    Py_ssize_t at = 0;
    for (Py_ssize_t i = 0; i < s.n; i++) {
        PyObject *row = PyTuple_New(s.t[i].width);
        if (!row) {
            Py_DECREF(rows);
            goto done;
        }
        PyTuple_SET_ITEM(rows, i, row);
        for (Py_ssize_t b = 0; b < s.t[i].width; b++) {
            PyObject *v = wide_to_long(boxes[at + b]);
            if (!v) {
                Py_DECREF(rows);
                goto done;
            }
            PyTuple_SET_ITEM(row, b, v);
        }
        at += s.t[i].width;
    }
    PyObject *sol = wide_to_long(solutions), *top_obj = wide_to_long(top);
    PyObject *off_obj = n > 0 ? wide_to_long(off) : Py_NewRef(Py_None);
    if (sol && top_obj && off_obj)
        out = Py_BuildValue("(NNNNl)", sol, rows, off_obj, top_obj, r_top);
    else {
        Py_XDECREF(sol);
        Py_XDECREF(top_obj);
        Py_XDECREF(off_obj);
        Py_DECREF(rows);
    }
done:
    tabs_free(&s);
    Py_DECREF(seq);
    return out;
}

/* ------------------------------------------------------------------ classify
 *
 * classify(rows, components, scale) follows the loop of
 * cnfsweep.engine.analysis._scaled_result over the weighed boxes: ``rows[i][b]``
 * is box ``b`` of component ``i`` scaled by ``scale``; ``components[i]`` is the
 * component's (cells, boxes), boxes as tuples of variables, or the Component
 * itself (its ``cells`` and ``problem.boxes`` are read).  Returns (cells at
 * 0, cells at ``scale``, the lowest value strictly between, or ``scale`` where
 * none is, the cells of the boxes at that value), each list in the order of the
 * components, their boxes and the boxes' variables.  Any ints compare: big ones too.
 */

static int
add_cells(PyObject *to, PyObject *cells, PyObject *box)
{
    if (!PyTuple_Check(box)) {
        PyErr_SetString(PyExc_TypeError, "each box must be a tuple of variables");
        return -1;
    }
    for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(box); k++) {
        Py_ssize_t v = PyLong_AsSsize_t(PyTuple_GET_ITEM(box, k));
        if (v == -1 && PyErr_Occurred())
            return -1;
        if (v < 0 || v >= PyTuple_GET_SIZE(cells)) {
            PyErr_SetString(PyExc_IndexError, "a box's variable has no cell");
            return -1;
        }
        if (PyList_Append(to, PyTuple_GET_ITEM(cells, v)) < 0)
            return -1;
    }
    return 0;
}

/* A component's cells and boxes, new references: from a (cells, boxes) pair, or read off a
 * Component (``cells`` and ``problem.boxes``) without the caller building the pair. */
static int
component_parts(PyObject *comp, PyObject **cells, PyObject **boxes)
{
    if (PyTuple_Check(comp)) {
        if (PyTuple_GET_SIZE(comp) != 2) {
            PyErr_SetString(PyExc_TypeError, "each row must be a tuple of a weight a box of its (cells, boxes)");
            return -1;
        }
        *cells = PyTuple_GET_ITEM(comp, 0);
        *boxes = PyTuple_GET_ITEM(comp, 1);
        Py_INCREF(*cells);
        Py_INCREF(*boxes);
        return 0;
    }
    PyObject *problem = weigh_attr(comp, &wg_problem, "problem");
    if (problem == NULL)
        return -1;
    *boxes = weigh_attr(problem, &wg_boxes, "boxes");
    Py_DECREF(problem);
    if (*boxes == NULL)
        return -1;
    *cells = weigh_attr(comp, &wg_cells, "cells");
    if (*cells == NULL) {
        Py_CLEAR(*boxes);
        return -1;
    }
    return 0;
}

static PyObject *
classify_rows(PyObject *rows, PyObject *comps, PyObject *scale);

static PyObject *
classify(PyObject *self, PyObject *args)
{
    PyObject *rows, *comps, *scale;
    if (!PyArg_ParseTuple(args, "O!O!O!", &PyTuple_Type, &rows, &PyTuple_Type, &comps, &PyLong_Type, &scale))
        return NULL;
    return classify_rows(rows, comps, scale);
}

/* classify's work on its arguments read (rows, comps tuples; scale an int). */
static PyObject *
classify_rows(PyObject *rows, PyObject *comps, PyObject *scale)
{
    if (PyTuple_GET_SIZE(rows) != PyTuple_GET_SIZE(comps)) {
        PyErr_SetString(PyExc_ValueError, "one row of weights a component");
        return NULL;
    }
    PyObject *safe = PyList_New(0), *mines = PyList_New(0), *tied = PyList_New(0), *zero = PyLong_FromLong(0);
    PyObject *least = scale, *out = NULL, *held_cells = NULL, *held_boxes = NULL;
    Py_INCREF(least);
    if (safe == NULL || mines == NULL || tied == NULL || zero == NULL)
        goto done;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(rows); i++) {
        PyObject *row = PyTuple_GET_ITEM(rows, i), *comp = PyTuple_GET_ITEM(comps, i), *cells, *boxes;
        Py_CLEAR(held_cells);
        Py_CLEAR(held_boxes);
        if (component_parts(comp, &held_cells, &held_boxes) < 0)
            goto done;
        cells = held_cells;
        boxes = held_boxes;
        if (!PyTuple_Check(row) || !PyTuple_Check(cells) || !PyTuple_Check(boxes)
            || PyTuple_GET_SIZE(boxes) != PyTuple_GET_SIZE(row)) {
            PyErr_SetString(PyExc_TypeError, "each row must be a tuple of a weight a box of its (cells, boxes)");
            goto done;
        }
        for (Py_ssize_t b = 0; b < PyTuple_GET_SIZE(row); b++) {
            PyObject *n = PyTuple_GET_ITEM(row, b), *box = PyTuple_GET_ITEM(boxes, b);
            int is;
            if ((is = PyObject_RichCompareBool(n, zero, Py_EQ)) < 0)
                goto done;
            if (is) {
                if (add_cells(safe, cells, box) < 0)
                    goto done;
                continue;
            }
            if ((is = PyObject_RichCompareBool(n, scale, Py_EQ)) < 0)
                goto done;
            if (is) {
                if (add_cells(mines, cells, box) < 0)
                    goto done;
                continue;
            }
            if ((is = PyObject_RichCompareBool(n, least, Py_LT)) < 0)
                goto done;
            if (is) {
                Py_INCREF(n);
                Py_SETREF(least, n);
                if (PyList_SetSlice(tied, 0, PyList_GET_SIZE(tied), NULL) < 0 || add_cells(tied, cells, box) < 0)
                    goto done;
                continue;
            }
            if ((is = PyObject_RichCompareBool(n, least, Py_EQ)) < 0)
                goto done;
            if (is && add_cells(tied, cells, box) < 0)
                goto done;
        }
    }
    out = PyTuple_Pack(4, safe, mines, least, tied);
done:
    Py_XDECREF(safe);
    Py_XDECREF(mines);
    Py_XDECREF(tied);
    Py_XDECREF(zero);
    Py_XDECREF(least);
    Py_XDECREF(held_cells);
    Py_XDECREF(held_boxes);
    return out;
}

static PyMethodDef methods[] = {
    {"weigh", weigh, METH_VARARGS,
     "weigh(tables, n_off, mines_left) -> (solutions, boxes, off, top, r_top) on a common scale, "
     "or NotImplemented where Python must weigh"},
    {"classify", classify, METH_VARARGS,
     "classify(rows, components, scale) -> (cells at 0, cells at scale, lowest value between, its cells)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "cnfsweep.engine._weigh",
    "The weighing of components' count tables (see cnfsweep.engine.counting.combine).", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC
PyInit__weigh(void)
{
    return PyModule_Create(&module);
}
