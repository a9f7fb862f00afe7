/*
 * The player's running knowledge in C: cnfsweep.play._frontier.
 *
 * reveal_many (and reveal_shown), flag_many, settled and paired take cnfsweep.play.frontier.Frontier's
 * own sets and dicts (cell indices as Python ints) and follow its Python
 * methods of the same names step for step: the same sets are made with their
 * members added in the same order, the same dict entries written and deleted,
 * the numbers touched in the same order (paired's answers are sets, whose
 * members do not depend on the order pairs are met in).  What a game loop does click after
 * click is interpreted bookkeeping over eight neighbours at a time; here it is
 * the same calls on the same objects without the interpreter between them.
 *
 * Arguments are checked to be the types the Frontier holds; anything else
 * raises TypeError (the Frontier never passes it).  The Python methods stay the
 * reference (CNFSWEEP_PURE_PYTHON=1 runs them), and tests compare the two.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>

/* around[i] as a tuple of ints, borrowed; NULL with an exception set otherwise. */
static PyObject *
near_of(PyObject *around, PyObject *i)
{
    Py_ssize_t k = PyLong_AsSsize_t(i);
    if (k == -1 && PyErr_Occurred())
        return NULL;
    if (k < 0 || k >= PyTuple_GET_SIZE(around)) {
        PyErr_SetString(PyExc_IndexError, "a cell index past the neighbour table");
        return NULL;
    }
    PyObject *near = PyTuple_GET_ITEM(around, k);
    if (!PyTuple_Check(near)) {
        PyErr_SetString(PyExc_TypeError, "a neighbour table row is not a tuple");
        return NULL;
    }
    return near;
}

/* live.get(j), borrowed: NULL without an exception when absent. */
static PyObject *
live_get(PyObject *live, PyObject *j)
{
    PyObject *unknown = PyDict_GetItemWithError(live, j);
    if (unknown != NULL && !PySet_Check(unknown)) {
        PyErr_SetString(PyExc_TypeError, "a live number's unknown cells are not a set");
        return NULL;
    }
    return unknown;
}

/*
 * Frontier.reveal_many's steps; each opened cell's number is numbers[k] or,
 * with numbers NULL, its digit in `view` (a game's bytes, `len` of them).
 */
static PyObject *
reveal(PyObject *covered, PyObject *around, PyObject *live, PyObject *touched, PyObject *flagged, PyObject *need_of,
       PyObject *opened, PyObject *numbers, const unsigned char *view, Py_ssize_t len)
{
    Py_ssize_t n = PyList_GET_SIZE(opened);
    /* covered.difference_update(opened) */
    for (Py_ssize_t k = 0; k < PyList_GET_SIZE(opened); k++)
        if (PySet_Discard(covered, PyList_GET_ITEM(opened, k)) < 0)
            return NULL;
    /* The live numbers around each opened cell lose it. */
    for (Py_ssize_t k = 0; k < PyList_GET_SIZE(opened); k++) {
        PyObject *i = PyList_GET_ITEM(opened, k);
        PyObject *near = near_of(around, i);
        if (!near)
            return NULL;
        for (Py_ssize_t m = 0; m < PyTuple_GET_SIZE(near); m++) {
            PyObject *j = PyTuple_GET_ITEM(near, m);
            PyObject *unknown = live_get(live, j);
            if (!unknown) {
                if (PyErr_Occurred())
                    return NULL;
                continue;
            }
            if (PySet_Discard(unknown, i) < 0 || PySet_Add(touched, j) < 0)
                return NULL;
        }
    }
    int any_flag = PySet_GET_SIZE(flagged) > 0;
    for (Py_ssize_t k = 0; k < n && k < PyList_GET_SIZE(opened); k++) {
        PyObject *i = PyList_GET_ITEM(opened, k);
        PyObject *near = near_of(around, i);
        if (!near)
            return NULL;
        long number;
        if (numbers) {
            number = PyLong_AsLong(PyList_GET_ITEM(numbers, k));
            if (number == -1 && PyErr_Occurred())
                return NULL;
        }
        else {
            Py_ssize_t at = PyLong_AsSsize_t(i); /* in the table: near_of said so */
            if (at >= len) {
                PyErr_SetString(PyExc_IndexError, "a cell index past the view");
                return NULL;
            }
            number = (long)view[at] - '0';
        }
        /* covered.intersection(near): near's members in its order, as set.intersection adds them.
         * The set is made only for a number that keeps it (most opened cells have nothing covered around). */
        Py_ssize_t size = PyTuple_GET_SIZE(near), count = 0, covered_at = -1;
        long flags = 0;
        for (Py_ssize_t m = 0; m < size; m++) {
            PyObject *c = PyTuple_GET_ITEM(near, m);
            int in = PySet_Contains(covered, c);
            if (in < 0)
                return NULL;
            if (in && covered_at < 0)
                covered_at = m;
            count += in;
            if (any_flag) {
                in = PySet_Contains(flagged, c);
                if (in < 0)
                    return NULL;
                flags += in;
            }
        }
        long need = number - flags;
        if (!count && !need)
            continue;
        PyObject *unknown = PySet_New(NULL);
        if (!unknown)
            return NULL;
        /* The covered neighbours again, from the first: membership has not changed since. */
        for (Py_ssize_t m = covered_at < 0 ? size : covered_at; m < size; m++) {
            PyObject *c = PyTuple_GET_ITEM(near, m);
            int in = PySet_Contains(covered, c);
            if (in < 0 || (in && PySet_Add(unknown, c) < 0))
                goto fail;
        }
        {
            PyObject *value = PyLong_FromLong(need);
            if (!value)
                goto fail;
            int bad = PyDict_SetItem(need_of, i, value) < 0 || PyDict_SetItem(live, i, unknown) < 0 ||
                      PySet_Add(touched, i) < 0;
            Py_DECREF(value);
            if (bad)
                goto fail;
        }
        Py_DECREF(unknown);
        continue;
    fail:
        Py_DECREF(unknown);
        return NULL;
    }
    Py_RETURN_NONE;
}

static PyObject *
reveal_many(PyObject *self, PyObject *args)
{
    PyObject *covered, *around, *live, *touched, *flagged, *need_of, *opened, *numbers;
    if (!PyArg_ParseTuple(args, "O!O!O!O!O!O!O!O!", &PySet_Type, &covered, &PyTuple_Type, &around, &PyDict_Type,
                          &live, &PySet_Type, &touched, &PySet_Type, &flagged, &PyDict_Type, &need_of, &PyList_Type,
                          &opened, &PyList_Type, &numbers))
        return NULL;
    if (PyList_GET_SIZE(numbers) != PyList_GET_SIZE(opened)) {
        PyErr_SetString(PyExc_ValueError, "as many numbers as cells opened");
        return NULL;
    }
    return reveal(covered, around, live, touched, flagged, need_of, opened, numbers, NULL, 0);
}

static PyObject *
reveal_shown(PyObject *self, PyObject *args)
{
    PyObject *covered, *around, *live, *touched, *flagged, *need_of, *opened;
    Py_buffer view;
    if (!PyArg_ParseTuple(args, "O!O!O!O!O!O!O!y*", &PySet_Type, &covered, &PyTuple_Type, &around, &PyDict_Type,
                          &live, &PySet_Type, &touched, &PySet_Type, &flagged, &PyDict_Type, &need_of, &PyList_Type,
                          &opened, &view))
        return NULL;
    PyObject *done = reveal(covered, around, live, touched, flagged, need_of, opened, NULL,
                            (const unsigned char *)view.buf, view.len);
    PyBuffer_Release(&view);
    return done;
}

static PyObject *
flag_many(PyObject *self, PyObject *args)
{
    PyObject *flagged, *covered, *marked, *live, *need, *around, *touched;
    if (!PyArg_ParseTuple(args, "OO!O!O!O!O!O!", &flagged, &PySet_Type, &covered, &PySet_Type, &marked, &PyDict_Type,
                          &live, &PyDict_Type, &need, &PyTuple_Type, &around, &PySet_Type, &touched))
        return NULL;
    PyObject *iter = PyObject_GetIter(flagged);
    if (!iter)
        return NULL;
    PyObject *i;
    while ((i = PyIter_Next(iter)) != NULL) {
        int in = PySet_Contains(covered, i);
        if (in < 0)
            goto fail;
        if (!in) {
            Py_DECREF(i);
            continue;
        }
        if (PySet_Discard(covered, i) < 0 || PySet_Add(marked, i) < 0)
            goto fail;
        PyObject *near = near_of(around, i);
        if (!near)
            goto fail;
        for (Py_ssize_t m = 0; m < PyTuple_GET_SIZE(near); m++) {
            PyObject *j = PyTuple_GET_ITEM(near, m);
            PyObject *unknown = live_get(live, j);
            if (!unknown) {
                if (PyErr_Occurred())
                    goto fail;
                continue;
            }
            if (PySet_Discard(unknown, i) < 0)
                goto fail;
            PyObject *old = PyDict_GetItemWithError(need, j);
            if (!old) {
                if (!PyErr_Occurred())
                    PyErr_SetObject(PyExc_KeyError, j);
                goto fail;
            }
            long v = PyLong_AsLong(old);
            if (v == -1 && PyErr_Occurred())
                goto fail;
            PyObject *value = PyLong_FromLong(v - 1);
            if (!value)
                goto fail;
            int bad = PyDict_SetItem(need, j, value) < 0 || PySet_Add(touched, j) < 0;
            Py_DECREF(value);
            if (bad)
                goto fail;
        }
        Py_DECREF(i);
    }
    Py_DECREF(iter);
    if (PyErr_Occurred())
        return NULL;
    Py_RETURN_NONE;
fail:
    Py_DECREF(i);
    Py_DECREF(iter);
    return NULL;
}

/* Add every member of set `from` to set `to`. */
static int
add_all(PyObject *to, PyObject *from)
{
    PyObject *iter = PyObject_GetIter(from);
    if (!iter)
        return -1;
    PyObject *key;
    while ((key = PyIter_Next(iter)) != NULL) {
        int err = PySet_Add(to, key);
        Py_DECREF(key);
        if (err < 0) {
            Py_DECREF(iter);
            return -1;
        }
    }
    Py_DECREF(iter);
    return PyErr_Occurred() ? -1 : 0;
}

/*
 * settled(touched, live, need_of) -> (safe, mines, bad): the settling pass of
 * Frontier.settled over the touched numbers, in the set's order; `bad` is the
 * first number that cannot hold (the pass stops there, as the Python one raises
 * there), else None.  The caller sorts the sets and clears `touched`.
 */
static PyObject *
settled(PyObject *self, PyObject *args)
{
    PyObject *touched, *live, *need_of;
    if (!PyArg_ParseTuple(args, "O!O!O!", &PySet_Type, &touched, &PyDict_Type, &live, &PyDict_Type, &need_of))
        return NULL;
    PyObject *safe = PySet_New(NULL), *mines = PySet_New(NULL), *bad = Py_None, *iter = NULL;
    if (!safe || !mines)
        goto fail_noiter;
    PyObject *j = NULL;
    iter = PyObject_GetIter(touched);
    if (!iter)
        goto fail_noiter;
    /* `touched` is not changed below, and each j stays in it: borrowed references serve. */
    while ((j = PyIter_Next(iter)) != NULL) {
        Py_DECREF(j);
        PyObject *unknown = live_get(live, j);
        if (!unknown) {
            if (PyErr_Occurred())
                goto fail;
            continue;
        }
        Py_INCREF(unknown); /* the dict may drop it below */
        PyObject *value = PyDict_GetItemWithError(need_of, j);
        if (!value) {
            if (!PyErr_Occurred())
                PyErr_SetObject(PyExc_KeyError, j);
            Py_DECREF(unknown);
            goto fail;
        }
        long need = PyLong_AsLong(value);
        if (need == -1 && PyErr_Occurred()) {
            Py_DECREF(unknown);
            goto fail;
        }
        Py_ssize_t size = PySet_GET_SIZE(unknown);
        int err = 0;
        if (need < 0 || need > size) {
            Py_DECREF(unknown);
            bad = j;
            break;
        }
        if (!size)
            err = PyDict_DelItem(live, j) < 0 || PyDict_DelItem(need_of, j) < 0;
        else if (need == 0)
            err = add_all(safe, unknown) < 0;
        else if (need == size)
            err = add_all(mines, unknown) < 0;
        Py_DECREF(unknown);
        if (err)
            goto fail;
    }
    Py_DECREF(iter);
    if (PyErr_Occurred())
        goto fail_noiter;
    return Py_BuildValue("(NNO)", safe, mines, bad);
fail:
    Py_XDECREF(iter);
fail_noiter:
    Py_XDECREF(safe);
    Py_XDECREF(mines);
    return NULL;
}

/* Add the members of set `a` not in set `b` to set `to`. */
static int
add_difference(PyObject *to, PyObject *a, PyObject *b)
{
    PyObject *iter = PyObject_GetIter(a);
    if (!iter)
        return -1;
    PyObject *key;
    while ((key = PyIter_Next(iter)) != NULL) {
        int in = PySet_Contains(b, key);
        int err = in < 0 || (!in && PySet_Add(to, key) < 0);
        Py_DECREF(key);
        if (err) {
            Py_DECREF(iter);
            return -1;
        }
    }
    Py_DECREF(iter);
    return PyErr_Occurred() ? -1 : 0;
}

/* The size of the intersection of sets `a` and `b`; -1 with an exception set. */
static Py_ssize_t
shared_size(PyObject *a, PyObject *b)
{
    if (PySet_GET_SIZE(a) > PySet_GET_SIZE(b)) {
        PyObject *t = a;
        a = b;
        b = t;
    }
    PyObject *iter = PyObject_GetIter(a);
    if (!iter)
        return -1;
    Py_ssize_t n = 0;
    PyObject *key;
    while ((key = PyIter_Next(iter)) != NULL) {
        int in = PySet_Contains(b, key);
        Py_DECREF(key);
        if (in < 0) {
            Py_DECREF(iter);
            return -1;
        }
        n += in;
    }
    Py_DECREF(iter);
    return PyErr_Occurred() ? -1 : n;
}

/* need[j] as a C long; -1 with an exception set on failure (needs are never -1 in a pair). */
static int
need_at(PyObject *need, PyObject *j, long *out)
{
    PyObject *value = PyDict_GetItemWithError(need, j);
    if (!value) {
        if (!PyErr_Occurred())
            PyErr_SetObject(PyExc_KeyError, j);
        return -1;
    }
    *out = PyLong_AsLong(value);
    return *out == -1 && PyErr_Occurred() ? -1 : 0;
}

/* One number's side of a pair: settle the cells only it sees when the pair decides them. */
static int
settle_side(PyObject *safe, PyObject *mines, PyObject *own, PyObject *other, long need, long only, long least,
            long most)
{
    if (!only)
        return 0;
    if (need - most == only)
        return add_difference(mines, own, other);
    if (need == least)
        return add_difference(safe, own, other);
    return 0;
}

#define MAX_PARTNERS 256

/*
 * paired(dirty, live, need, around) -> (safe, mines): Frontier.paired's pass
 * over the changed live numbers `dirty` (a subset of live's keys); NotImplemented
 * where one number has more live numbers around it than MAX_PARTNERS (a graph's
 * hub), for the Python code to weigh.  The cells
 * it settles go into sets, so the order pairs are met in does not change them;
 * each pair is weighed once from each changed number, as in Python.
 */
static PyObject *
paired(PyObject *self, PyObject *args)
{
    PyObject *dirty, *live, *need, *around;
    if (!PyArg_ParseTuple(args, "O!O!O!O!", &PySet_Type, &dirty, &PyDict_Type, &live, &PyDict_Type, &need,
                          &PyTuple_Type, &around))
        return NULL;
    PyObject *safe = PySet_New(NULL), *mines = PySet_New(NULL), *iter = NULL, *a = NULL;
    if (!safe || !mines)
        goto fail;
    iter = PyObject_GetIter(dirty);
    if (!iter)
        goto fail;
    while ((a = PyIter_Next(iter)) != NULL) {
        PyObject *mine_a = live_get(live, a);
        if (!mine_a) {
            if (PyErr_Occurred())
                goto fail;
            PyErr_SetObject(PyExc_KeyError, a);
            goto fail;
        }
        if (!PySet_GET_SIZE(mine_a)) {
            Py_CLEAR(a);
            continue;
        }
        long need_a, index_a = PyLong_AsLong(a);
        if ((index_a == -1 && PyErr_Occurred()) || need_at(need, a, &need_a) < 0)
            goto fail;
        /* The live numbers around a's unknown cells, each once. */
        PyObject *partners[MAX_PARTNERS];
        long partner_index[MAX_PARTNERS];
        int count = 0;
        PyObject *cells = PyObject_GetIter(mine_a), *c;
        if (!cells)
            goto fail;
        while ((c = PyIter_Next(cells)) != NULL) {
            PyObject *near = near_of(around, c);
            Py_DECREF(c);
            if (!near) {
                Py_DECREF(cells);
                goto fail;
            }
            for (Py_ssize_t m = 0; m < PyTuple_GET_SIZE(near); m++) {
                PyObject *b = PyTuple_GET_ITEM(near, m);
                long index_b = PyLong_AsLong(b);
                if (index_b == -1 && PyErr_Occurred()) {
                    Py_DECREF(cells);
                    goto fail;
                }
                int known = 0;
                for (int k = 0; k < count && !known; k++)
                    known = partner_index[k] == index_b;
                if (known)
                    continue;
                int in = PyDict_Contains(live, b);
                if (in < 0) {
                    Py_DECREF(cells);
                    goto fail;
                }
                if (!in)
                    continue;
                if (count == MAX_PARTNERS) {
                    /* A graph cell with more neighbours than the kernel holds: the Python code weighs these. */
                    Py_DECREF(cells);
                    Py_DECREF(a);
                    Py_DECREF(iter);
                    Py_DECREF(safe);
                    Py_DECREF(mines);
                    Py_RETURN_NOTIMPLEMENTED;
                }
                partner_index[count] = index_b;
                partners[count++] = b; /* borrowed from the neighbour table, which outlives the call */
            }
        }
        Py_DECREF(cells);
        if (PyErr_Occurred())
            goto fail;
        for (int k = 0; k < count; k++) {
            PyObject *b = partners[k];
            PyObject *mine_b = live_get(live, b);
            if (!mine_b)
                goto fail;
            if (!PySet_GET_SIZE(mine_b))
                continue;
            long index_b = partner_index[k];
            if (index_b == index_a)
                continue;
            if (index_b < index_a) {
                int in = PySet_Contains(dirty, b);
                if (in < 0)
                    goto fail;
                if (in)
                    continue;
            }
            long need_b;
            if (need_at(need, b, &need_b) < 0)
                goto fail;
            Py_ssize_t shared = shared_size(mine_a, mine_b);
            if (shared < 0)
                goto fail;
            long only_a = (long)(PySet_GET_SIZE(mine_a) - shared), only_b = (long)(PySet_GET_SIZE(mine_b) - shared);
            long least = 0, most = (long)shared;
            if (need_a - only_a > least)
                least = need_a - only_a;
            if (need_b - only_b > least)
                least = need_b - only_b;
            if (need_a < most)
                most = need_a;
            if (need_b < most)
                most = need_b;
            if (settle_side(safe, mines, mine_a, mine_b, need_a, only_a, least, most) < 0 ||
                settle_side(safe, mines, mine_b, mine_a, need_b, only_b, least, most) < 0)
                goto fail;
        }
        Py_CLEAR(a);
    }
    Py_DECREF(iter);
    if (PyErr_Occurred()) {
        iter = NULL;
        goto fail;
    }
    return Py_BuildValue("(NN)", safe, mines);
fail:
    Py_XDECREF(a);
    Py_XDECREF(iter);
    Py_XDECREF(safe);
    Py_XDECREF(mines);
    return NULL;
}

/*
 * neighbour_sums(flags, around, cells) -> list of ints: for each cell index in
 * `cells`, the sum of flags[j] (a byte each) over its neighbours j, as
 * cnfsweep.play.policy.open_neighbours adds them up in Python.
 */
static PyObject *
neighbour_sums(PyObject *self, PyObject *args)
{
    Py_buffer flags;
    PyObject *around, *cells;
    if (!PyArg_ParseTuple(args, "y*O!O!", &flags, &PyTuple_Type, &around, &PyList_Type, &cells))
        return NULL;
    const unsigned char *bytes = (const unsigned char *)flags.buf;
    Py_ssize_t n = PyList_GET_SIZE(cells);
    PyObject *out = PyList_New(n);
    if (!out)
        goto done;
    for (Py_ssize_t k = 0; k < n; k++) {
        PyObject *near = near_of(around, PyList_GET_ITEM(cells, k));
        if (!near) {
            Py_CLEAR(out);
            goto done;
        }
        long sum = 0;
        for (Py_ssize_t m = 0; m < PyTuple_GET_SIZE(near); m++) {
            Py_ssize_t j = PyLong_AsSsize_t(PyTuple_GET_ITEM(near, m));
            if (j == -1 && PyErr_Occurred()) {
                Py_CLEAR(out);
                goto done;
            }
            if (j < 0 || j >= flags.len) {
                PyErr_SetString(PyExc_IndexError, "a neighbour past the flags");
                Py_CLEAR(out);
                goto done;
            }
            sum += bytes[j];
        }
        PyObject *value = PyLong_FromLong(sum);
        if (!value) {
            Py_CLEAR(out);
            goto done;
        }
        PyList_SET_ITEM(out, k, value);
    }
done:
    PyBuffer_Release(&flags);
    return out;
}

static PyMethodDef methods[] = {
    {"reveal_many", reveal_many, METH_VARARGS,
     "reveal_many(covered, around, live, touched, flagged, need_of, opened, numbers): Frontier.reveal_many's "
     "steps on its sets and dicts (opened all covered)."},
    {"reveal_shown", reveal_shown, METH_VARARGS,
     "reveal_shown(covered, around, live, touched, flagged, need_of, opened, view): reveal_many with each "
     "number read from the game's bytes."},
    {"flag_many", flag_many, METH_VARARGS,
     "flag_many(flagged, covered, marked, live, need, around, touched): Frontier.flag_many's steps."},
    {"settled", settled, METH_VARARGS,
     "settled(touched, live, need_of) -> (safe, mines, bad): Frontier.settled's pass over the touched numbers."},
    {"neighbour_sums", neighbour_sums, METH_VARARGS,
     "neighbour_sums(flags, around, cells) -> [int]: each cell's neighbours' flag bytes added up."},
    {"paired", paired, METH_VARARGS,
     "paired(dirty, live, need, around) -> (safe, mines): Frontier.paired's pass over the changed numbers."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_frontier", "Frontier bookkeeping in C (see cnfsweep.play.frontier).", -1, methods,
};

PyMODINIT_FUNC
PyInit__frontier(void)
{
    return PyModule_Create(&module);
}
