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
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>

static PyObject *
number_rules(PyObject *self, PyObject *args)
{
    PyObject *cells, *around, *rule, *check;
    const char *flat;
    Py_ssize_t n;
    int every;
    if (!PyArg_ParseTuple(args, "y#O!O!OpO", &flat, &n, &PyTuple_Type, &cells, &PyTuple_Type, &around, &rule,
                          &every, &check))
        return NULL;
    if (!PyType_Check(rule) || !PyType_IsSubtype((PyTypeObject *)rule, &PyTuple_Type)) {
        PyErr_SetString(PyExc_TypeError, "rule must be a tuple type");
        return NULL;
    }
    if (PyTuple_GET_SIZE(cells) < n || PyTuple_GET_SIZE(around) < n) {
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
            if (PyList_Append(found, PyTuple_GET_ITEM(cells, j)) < 0)
                goto fail;
        }
        if (!every && PyList_GET_SIZE(found) == 0 && need == 0)
            continue;
        PyObject *unknown = PyList_AsTuple(found);
        PyObject *count = PyLong_FromLong(need);
        PyObject *fields = NULL, *wrapped = NULL, *made = NULL;
        if (unknown && count && (fields = PyTuple_Pack(3, PyTuple_GET_ITEM(cells, i), unknown, count))
            && (wrapped = PyTuple_Pack(1, fields)))
            /* tuple.__new__(rule, fields): the namedtuple without its Python-level constructor. */
            made = PyTuple_Type.tp_new(rule_type, wrapped, NULL);
        Py_XDECREF(unknown);
        Py_XDECREF(count);
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

static PyMethodDef methods[] = {
    {"number_rules", number_rules, METH_VARARGS,
     "number_rules(flat, cells, around, rule, every, check) -> the rules of the board's numbers, in order"},
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
    return PyModule_Create(&module);
}
