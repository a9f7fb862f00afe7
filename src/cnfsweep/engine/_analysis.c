/*
 * The common analysis in one call: cnfsweep.engine._analysis.
 *
 * analyze_board(grid, around, names, rule, constraint, problem, component, table, store, maxsize,
 *               node_limit, total, weigh_exact, work_limit, certified)
 * takes, without returning to Python between them, the steps cnfsweep.engine.quick.board_analysis
 * would otherwise call one by one: the position (board_parts, from _position.c), each
 * component's box search and count table (box_solve, from _boxsearch.c) or the one the
 * component cache ``store`` holds, the weighing against the total (weigh, from _weigh.c) and
 * the certain cells and lowest boxes (classify, from _weigh.c).  The three kernels are
 * compiled into this unit from their own sources, so each step is theirs, to the byte.
 *
 * Returns NotImplemented where board_parts declines, else
 * (components, off, forced, contradiction, left, solved):
 *   - left: the total (None: none) less the flags of ``grid`` (the board's rows) and the mines settled;
 *   - solved None where nothing was solved and the cache is untouched: a contradiction, no
 *     total, a total out of reach, or a component the box search does not finish (past the
 *     node limit, or a count past its integers): the Python path takes the position from there;
 *   - else (forceds, tables, to_certify, hits, misses, weighed, classified): the store read
 *     and filled as ComponentCache.solve would, component after component, ``hits`` and
 *     ``misses`` its counters' increments; ``to_certify`` the (problem, forced) of each
 *     component solved here with forced boxes when ``certified`` (Counting.AUTO proves them
 *     with the solver: the caller does); forceds None where a component the store holds has
 *     no model (the components after it left alone, as the Python path leaves them);
 *     ``weighed`` weigh's answer (NotImplemented where it declined), None where it was not asked
 *     (not ``weigh_exact``, the work estimate's first bound past ``work_limit``); ``classified``
 *     what scaled_result decides from classify's answer on weigh's rows (see decide), else None.
 */

/* Each kernel's module-level names, renamed so the three sources compile into one unit. */
#define methods position_methods
#define module position_module
#define PyInit__position init_position
#include "_position.c"
#undef methods
#undef module
#undef PyInit__position

#define methods boxsearch_methods
#define module boxsearch_module
#define PyInit__boxsearch init_boxsearch
#define cmp_ssize boxsearch_cmp_ssize
#include "_boxsearch.c"
#undef methods
#undef module
#undef PyInit__boxsearch
#undef cmp_ssize

#define methods weigh_methods
#define module weigh_module
#define PyInit__weigh init_weigh
#include "_weigh.c"
#undef methods
#undef module
#undef PyInit__weigh

static PyObject *s_solutions, *s_tallies, *no_args;
/* The fields finished() writes, interned once. */
static PyObject *s_board, *s_components, *s_off_frontier, *s_fixed, *s_mines_left, *s_contradiction, *s_forced;
static PyObject *s__make, *s__made, *s__find, *s__found, *s_lowest, *s_ones, *s_halves, *s_exact, *s_approx_log10;
static PyObject *s_position, *s_consistent, *s_total_mines, *s_safe, *s_mines, *s_count, *s_best_guess, *s_backend;
static PyObject *s_seconds, *s_frontier_exact, *s_off_frontier_exact;

/* f(NULL, args), args stolen. */
static PyObject *
run_with(PyCFunction f, PyObject *args)
{
    if (args == NULL)
        return NULL;
    PyObject *out = f(NULL, args);
    Py_DECREF(args);
    return out;
}

/* The spread of a table's mine counts: its highest count less its lowest (0 for no count). */
static int
spread_of(PyObject *table, long long *spread)
{
    PyObject *solutions = PyObject_GetAttr(table, s_solutions);
    if (solutions == NULL)
        return -1;
    if (!PyDict_Check(solutions)) {
        Py_DECREF(solutions);
        PyErr_SetString(PyExc_TypeError, "a table's solutions must be a dict");
        return -1;
    }
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    long long lo = 0, hi = 0;
    int any = 0;
    while (PyDict_Next(solutions, &pos, &key, &value)) {
        long long k = PyLong_AsLongLong(key);
        if (k == -1 && PyErr_Occurred()) {
            Py_DECREF(solutions);
            return -1;
        }
        if (!any || k < lo)
            lo = k;
        if (!any || k > hi)
            hi = k;
        any = 1;
    }
    Py_DECREF(solutions);
    *spread += hi - lo;
    return 0;
}

/* Component k's box search and count table straight from the split's arrays (no attribute of its Problem
 * read back): box_solve's answer on (box_sizes, box_of, constraints), whose constraints are the component's
 * rules in order, each over its sorted variables, its need at both bounds.  NotImplemented where the table
 * cannot hold the count: the caller asks box_solve, which hands back the models. */
static PyObject *
solve_arrays(const Parts *p, Py_ssize_t k, Py_ssize_t node_limit)
{
    const CSplit *split = &p->split;
    const Py_ssize_t *box_size = split->box_size + split->bstart[k], *rules = p->bucket + p->first[k];
    Py_ssize_t nb = split->bstart[k + 1] - split->bstart[k], nc = p->first[k + 1] - p->first[k];
    Py_ssize_t nv = split->cstart[k + 1] - split->cstart[k], total = 0;
    Search s;
    Table t;
    memset(&s, 0, sizeof(s));
    memset(&t, 0, sizeof(t));
    PyObject *out = NULL;
    Py_ssize_t *box_of = PyMem_Malloc(sizeof(Py_ssize_t) * (nv + 1));
    if (box_of == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t b = 0, v = 0; b < nb; b++)
        for (Py_ssize_t q = 0; q < box_size[b]; q++)
            box_of[v++] = b;
    for (Py_ssize_t j = 0; j < nc; j++)
        total += p->rules.start[rules[j] + 1] - p->rules.start[rules[j]];
    if (search_alloc(&s, nb, nc) < 0 || (s.members = PyMem_Malloc(sizeof(Py_ssize_t) * (total + 1))) == NULL) {
        if (!PyErr_Occurred())
            PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t b = 0; b < nb; b++)
        s.sizes[b] = (long)box_size[b];
    Py_ssize_t at = 0;
    for (Py_ssize_t j = 0; j < nc; j++) {
        Py_ssize_t r = rules[j], from = p->rules.start[r], to = p->rules.start[r + 1];
        s.lo[j] = s.hi[j] = p->rules.need[r];
        s.room[j] = (long)(to - from);
        s.mem_start[j] = at;
        /* The variables are sorted and each box's are consecutive: their boxes come sorted, repeats side by side. */
        for (Py_ssize_t q = from; q < to; q++) {
            Py_ssize_t b = box_of[split->rvars[q]];
            if (at == s.mem_start[j] || s.members[at - 1] != b)
                s.members[at++] = b;
        }
    }
    s.mem_start[nc] = at;
    if (watch_lists(&s) < 0)
        goto done;
    int feasible = 1;
    for (Py_ssize_t j = 0; j < nc; j++)
        if (s.lo[j] > s.room[j] || s.hi[j] < 0 || s.lo[j] > s.hi[j])
            feasible = 0;
    if (!feasible) {
        out = PyList_New(0);
        goto done;
    }
    box_order(&s);
    int started = table_start(&t, s.sizes, nb), ran = started == 0 ? run(&s, node_limit, Py_None, count_model, &t) : 2;
    if (started < 0 || ran < 0)
        goto done;
    out = ran == 1 ? Py_NewRef(Py_None) : ran == 2 ? Py_NewRef(Py_NotImplemented)
          : t.n_used ? table_answer(&t, nb) : PyList_New(0);
done:
    PyMem_Free(box_of);
    search_free(&s);
    table_free(&t);
    return out;
}

/* ComponentCache.solve's store, read: one component's answer, or a new one from the box search.
 * Sets *found (a new reference, or NULL where the search does not finish: then *stop is set). */
static int
look_up(PyObject *problem, PyObject *shape, PyObject *store_dict, PyObject *pending, PyObject *table_type,
        PyObject *node_limit, int certified, PyObject *to_certify, PyObject **found, int *stop, const Parts *parts,
        Py_ssize_t k, Py_ssize_t limit)
{
    *found = NULL;
    PyObject *known = PyDict_GetItemWithError(store_dict, shape);
    if (known == NULL && !PyErr_Occurred())
        known = PyDict_GetItemWithError(pending, shape);
    if (known != NULL) {
        *found = Py_NewRef(known);
        return 0;
    }
    if (PyErr_Occurred())
        return -1;
    PyObject *result = solve_arrays(parts, k, limit);
    if (result == Py_NotImplemented) {  /* counts past the table's integers: the models, from box_solve */
        Py_DECREF(result);
        PyObject *sizes = PyObject_GetAttr(problem, s_box_sizes), *box_of = PyObject_GetAttr(problem, s_box_of);
        PyObject *cons = PyObject_GetAttr(problem, s_constraints);
        result = sizes && box_of && cons ? run_with(box_solve, PyTuple_Pack(5, sizes, box_of, cons, node_limit, Py_None))
                                         : NULL;
        Py_XDECREF(sizes);
        Py_XDECREF(box_of);
        Py_XDECREF(cons);
    }
    if (result == NULL)
        return -1;
    if (!PyTuple_Check(result)) {  /* the models, or None: the Python path counts them */
        Py_DECREF(result);
        *stop = 1;
        return 0;
    }
    PyObject *forced = PyTuple_GET_ITEM(result, 0);
    PyObject *table = fresh(table_type, no_args);
    if (table == NULL || store(table, s_solutions, PyTuple_GET_ITEM(result, 1)) < 0
        || store(table, s_tallies, PyTuple_GET_ITEM(result, 2)) < 0) {
        Py_XDECREF(table);
        Py_DECREF(result);
        return -1;
    }
    *found = PyTuple_Pack(2, forced, table);
    Py_DECREF(table);
    int bad = *found == NULL || PyDict_SetItem(pending, shape, *found) < 0;
    if (!bad && certified && PyDict_GET_SIZE(forced)) {
        PyObject *pair = PyTuple_Pack(2, problem, forced);
        bad = pair == NULL || PyList_Append(to_certify, pair) < 0;
        Py_XDECREF(pair);
    }
    Py_DECREF(result);
    return bad ? -1 : 0;
}

/* ComponentCache.solve's store, filled: a hit moves to the end, a miss goes in at the end after the
 * oldest entry leaves a full store. */
static int
file(PyObject *store_dict, PyObject *shape, PyObject *found, Py_ssize_t maxsize, long *hits, long *misses)
{
    PyObject *held = PyDict_GetItemWithError(store_dict, shape);
    if (held != NULL) {
        Py_INCREF(held);
        int bad = PyDict_DelItem(store_dict, shape) < 0 || PyDict_SetItem(store_dict, shape, held) < 0;
        Py_DECREF(held);
        ++*hits;
        return bad ? -1 : 0;
    }
    if (PyErr_Occurred())
        return -1;
    ++*misses;
    if (PyDict_GET_SIZE(store_dict) >= maxsize && PyDict_GET_SIZE(store_dict) > 0) {
        PyObject *key, *value;
        Py_ssize_t pos = 0;
        PyDict_Next(store_dict, &pos, &key, &value);
        Py_INCREF(key);
        int bad = PyDict_DelItem(store_dict, key);
        Py_DECREF(key);
        if (bad < 0)
            return -1;
    }
    return PyDict_SetItem(store_dict, shape, found);
}

/* A new sorted tuple of a list's items. */
static PyObject *
sorted_tuple(PyObject *list)
{
    if (PyList_Sort(list) < 0)
        return NULL;
    return PyList_AsTuple(list);
}

/* cnfsweep.engine.analysis.scaled_result's decisions, for a position with no assumed cell: from the
 * cells settled (``forced``), classify's answer on the weighed rows and the off-frontier weight, the
 * certain cells and the cells of lowest probability in the order the analysis keeps them. Returns
 * (safe, mines, ordered, ones): safe and mines sorted, ``ordered`` the lowest cells sorted (its first
 * the best guess; the off-frontier cells themselves where they alone are lowest), ``ones`` the cells at
 * 1 before the off-frontier ones, in scaled_result's order.  Checks, as scaled_result asserts, that
 * every box the search found forced is weighed at 0 or at the scale. */
static PyObject *
decide(PyObject *forced, PyObject *components, PyObject *forceds, PyObject *weighed, PyObject *classified,
       PyObject *off_cells)
{
    PyObject *scale = PyTuple_GET_ITEM(weighed, 0), *rows = PyTuple_GET_ITEM(weighed, 1);
    PyObject *off_n = PyTuple_GET_ITEM(weighed, 2), *least = PyTuple_GET_ITEM(classified, 2);
    PyObject *safe = PyList_New(0), *mines = PyList_New(0), *tied = NULL, *ones = NULL, *zero = PyLong_FromLong(0);
    PyObject *off_scale = NULL, *out = NULL, *ordered = NULL, *safe_t = NULL, *mines_t = NULL;
    PyObject *key, *value;
    Py_ssize_t at = 0;
    if (safe == NULL || mines == NULL || zero == NULL)
        goto done;
    while (PyDict_Next(forced, &at, &key, &value)) {
        int is = PyObject_IsTrue(value);
        if (is < 0 || PyList_Append(is ? mines : safe, key) < 0)
            goto done;
    }
    for (Py_ssize_t k = 0; k < PyList_GET_SIZE(forceds); k++) {
        PyObject *row = PyTuple_GET_ITEM(rows, k);
        at = 0;
        while (PyDict_Next(PyList_GET_ITEM(forceds, k), &at, &key, &value)) {
            Py_ssize_t b = PyLong_AsSsize_t(key);
            int full = PyObject_IsTrue(value);
            if ((b == -1 && PyErr_Occurred()) || full < 0)
                goto done;
            int agree = b >= 0 && b < PyTuple_GET_SIZE(row)
                        ? PyObject_RichCompareBool(PyTuple_GET_ITEM(row, b), full ? scale : zero, Py_EQ) : 0;
            if (agree < 0)
                goto done;
            if (!agree) {
                PyErr_Format(PyExc_AssertionError, "entailment and counting disagree at box %zd of component %zd",
                             b, k);
                goto done;
            }
        }
    }
    if (PyList_SetSlice(safe, PyList_GET_SIZE(safe), PyList_GET_SIZE(safe), PyTuple_GET_ITEM(classified, 0)) < 0
        || PyList_SetSlice(mines, PyList_GET_SIZE(mines), PyList_GET_SIZE(mines), PyTuple_GET_ITEM(classified, 1)) < 0)
        goto done;
    int any_safe = PyList_GET_SIZE(safe) > 0;
    tied = any_safe ? PyList_GetSlice(safe, 0, PyList_GET_SIZE(safe)) : Py_NewRef(PyTuple_GET_ITEM(classified, 3));
    if (tied == NULL)
        goto done;
    if (any_safe)
        least = zero;
    if ((ones = PyList_AsTuple(mines)) == NULL)
        goto done;
    int off_alone = 0;
    if (off_n != Py_None) {
        PyObject *n_off = PyLong_FromSsize_t(PyTuple_GET_SIZE(off_cells));
        off_scale = n_off == NULL ? NULL : PyNumber_Multiply(n_off, scale);
        Py_XDECREF(n_off);
        if (off_scale == NULL)
            goto done;
        int whole = PyObject_RichCompareBool(off_n, off_scale, Py_EQ);
        if (whole < 0)
            goto done;
        if (!whole) {
            /* n / d against least / scale: n * scale against least * d. */
            PyObject *left = PyNumber_Multiply(off_n, scale), *right = PyNumber_Multiply(least, off_scale);
            int none_lower = PyObject_RichCompareBool(least, scale, Py_EQ);
            int lower = left && right ? PyObject_RichCompareBool(left, right, Py_LT) : -1;
            int tie = left && right ? PyObject_RichCompareBool(left, right, Py_EQ) : -1;
            Py_XDECREF(left);
            Py_XDECREF(right);
            if (none_lower < 0 || lower < 0 || tie < 0)
                goto done;
            if (none_lower || lower)
                off_alone = 1;
            else if (tie) {
                PyObject *joined = PySequence_List(tied);
                if (joined == NULL)
                    goto done;
                Py_SETREF(tied, joined);
                if (PyList_SetSlice(tied, PyList_GET_SIZE(tied), PyList_GET_SIZE(tied), off_cells) < 0)
                    goto done;
            }
        }
        int none = PyObject_RichCompareBool(off_n, zero, Py_EQ);
        if (none < 0)
            goto done;
        if ((none || whole) && PyList_SetSlice(none ? safe : mines, PY_SSIZE_T_MAX, PY_SSIZE_T_MAX, off_cells) < 0)
            goto done;
    }
    if (off_alone)
        ordered = Py_NewRef(off_cells);
    else {
        PyObject *list = PySequence_List(tied);
        ordered = list == NULL ? NULL : sorted_tuple(list);
        Py_XDECREF(list);
    }
    if (ordered == NULL || (safe_t = sorted_tuple(safe)) == NULL || (mines_t = sorted_tuple(mines)) == NULL)
        goto done;
    out = PyTuple_Pack(4, safe_t, mines_t, ordered, ones);
done:
    Py_XDECREF(safe);
    Py_XDECREF(mines);
    Py_XDECREF(tied);
    Py_XDECREF(ones);
    Py_XDECREF(zero);
    Py_XDECREF(off_scale);
    Py_XDECREF(ordered);
    Py_XDECREF(safe_t);
    Py_XDECREF(mines_t);
    return out;
}

/* The board's rows in one buffer, as "".join(grid).encode() gives them (the caller frees it), and its flags
 * counted: done here, a cold analysis calls no Python function for it. */
static char *
joined(PyObject *grid, Py_ssize_t *n, Py_ssize_t *flags)
{
    Py_ssize_t rows = PyTuple_GET_SIZE(grid), size = 0;
    for (Py_ssize_t r = 0; r < rows; r++) {
        PyObject *row = PyTuple_GET_ITEM(grid, r);
        if (!PyUnicode_Check(row) || !PyUnicode_IS_ASCII(row)) {
            PyErr_SetString(PyExc_TypeError, "each row must be a str of ASCII characters");
            return NULL;
        }
        size += PyUnicode_GET_LENGTH(row);
    }
    char *out = PyMem_Malloc(size ? size : 1);
    if (out == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    *n = *flags = 0;
    for (Py_ssize_t r = 0; r < rows; r++) {
        PyObject *row = PyTuple_GET_ITEM(grid, r);
        Py_ssize_t len = PyUnicode_GET_LENGTH(row);
        memcpy(out + *n, PyUnicode_DATA(row), len);
        *n += len;
    }
    for (Py_ssize_t i = 0; i < size; i++)
        *flags += out[i] == '*';
    return out;
}

/* (forceds, tables, to_certify, hits, misses, weighed, classified), packed without Py_BuildValue's format. */
static PyObject *
solved_tuple(PyObject *forceds, PyObject *tables, PyObject *to_certify, long hits, long misses, PyObject *weighed,
             PyObject *classified)
{
    PyObject *h = PyLong_FromLong(hits), *m = PyLong_FromLong(misses), *out = NULL;
    if (h != NULL && m != NULL)
        out = PyTuple_Pack(7, forceds, tables, to_certify, h, m, weighed, classified);
    Py_XDECREF(h);
    Py_XDECREF(m);
    return out;
}

/* A new instance of ``type`` with ``n`` fields (name, value pairs) written into its instance dict: what
 * direct_init's __init__ would write, without a Python-level call (a cold analysis steps into none). */
static PyObject *
made(PyObject *type, Py_ssize_t n, PyObject *const *fields)
{
    PyObject *obj = fresh(type, no_args);
    for (Py_ssize_t i = 0; obj != NULL && i < n; i++)
        if (fields[2 * i + 1] == NULL || store(obj, fields[2 * i], fields[2 * i + 1]) < 0)
            Py_CLEAR(obj);
    return obj;
}

/* quick.board_analysis's end for a fresh engine, in C: its Position, left in ``keep`` under kit's FIRST with
 * the store and the counters, and the Analysis scaled_result builds from the weighed integers and what decide
 * decided.  ``kit`` is quick._KIT: (Position, Analysis, LayoutCount, _LazyExact, partial, _scaled_exact,
 * _scaled_one, _scaled_halves, comb, perf_counter, FIRST, _OFF_RATIO). */
static PyObject *
finished(PyObject *kit, PyObject *keep, PyObject *key, PyObject *store_dict, long hits, long misses,
         PyObject *spec, PyObject *started, PyObject *reported, PyObject *parts_found[5], PyObject *forceds,
         PyObject *weighed, PyObject *decided)
{
    PyObject *components = parts_found[0], *off = parts_found[1], *forced = parts_found[2];
    PyObject *contradiction = parts_found[3], *left = parts_found[4];
    PyObject *scaled = PyTuple_GET_ITEM(weighed, 0), *rows = PyTuple_GET_ITEM(weighed, 1);
    PyObject *off_n = PyTuple_GET_ITEM(weighed, 2), *top = PyTuple_GET_ITEM(weighed, 3);
    PyObject *r_top = PyTuple_GET_ITEM(weighed, 4), *ordered = PyTuple_GET_ITEM(decided, 2);
    PyObject *fixed = PyDict_New(), *pos = NULL, *first = NULL, *n_off = NULL, *ways = NULL, *product = NULL;
    PyObject *solutions = NULL, *off_scale = NULL, *make = NULL, *find = NULL, *halves = NULL, *exact = NULL;
    PyObject *found = NULL, *layouts = NULL, *now = NULL, *seconds = NULL, *analysis = NULL, *ratio = NULL;
    PyObject *h = PyLong_FromLong(hits), *m = PyLong_FromLong(misses);
    if (fixed == NULL || h == NULL || m == NULL)
        goto done;
    PyObject *pos_fields[] = {s_board, PyTuple_GET_ITEM(key, 0), s_components, components, s_off_frontier, off,
                              s_fixed, fixed, s_mines_left, left, s_contradiction, contradiction, s_forced, forced};
    if ((pos = made(PyTuple_GET_ITEM(kit, 0), 7, pos_fields)) == NULL
        || (first = PyTuple_Pack(5, key, pos, store_dict, h, m)) == NULL
        || PyDict_SetItem(keep, PyTuple_GET_ITEM(kit, 10), first) < 0)
        goto done;
    /* solutions = scaled * comb(n_off, r_top) // top; the off-frontier cells' scale n_off * scaled. */
    if ((n_off = PyLong_FromSsize_t(PyTuple_GET_SIZE(off))) == NULL
        || (ways = PyObject_CallFunctionObjArgs(PyTuple_GET_ITEM(kit, 8), n_off, r_top, NULL)) == NULL
        || (product = PyNumber_Multiply(scaled, ways)) == NULL
        || (solutions = PyNumber_FloorDivide(product, top)) == NULL
        || (off_scale = PyNumber_Multiply(n_off, scaled)) == NULL)
        goto done;
    /* _LazyExact(make, lowest, ones, find, halves), its slots written as scaled_result writes them. */
    PyObject *partial = PyTuple_GET_ITEM(kit, 4);
    if ((make = PyObject_CallFunctionObjArgs(partial, PyTuple_GET_ITEM(kit, 5), pos, forceds, rows, scaled, NULL)) == NULL
        || (find = PyObject_CallFunctionObjArgs(partial, PyTuple_GET_ITEM(kit, 6), pos, rows, scaled, NULL)) == NULL
        || (halves = PyObject_CallFunctionObjArgs(partial, PyTuple_GET_ITEM(kit, 7), pos, rows, scaled, NULL)) == NULL
        || (found = PyDict_New()) == NULL || (exact = fresh(PyTuple_GET_ITEM(kit, 3), no_args)) == NULL
        || PyObject_SetAttr(exact, s__make, make) < 0 || PyObject_SetAttr(exact, s__made, Py_None) < 0
        || PyObject_SetAttr(exact, s__find, find) < 0 || PyObject_SetAttr(exact, s__found, found) < 0
        || PyObject_SetAttr(exact, s_lowest, off_n == Py_None ? Py_None : ordered) < 0
        || PyObject_SetAttr(exact, s_ones, PyTuple_GET_ITEM(decided, 3)) < 0
        || PyObject_SetAttr(exact, s_halves, halves) < 0)
        goto done;
    PyObject *count_fields[] = {s_exact, solutions, s_approx_log10, Py_None};
    if ((layouts = made(PyTuple_GET_ITEM(kit, 2), 2, count_fields)) == NULL
        || (now = PyObject_CallNoArgs(PyTuple_GET_ITEM(kit, 9))) == NULL
        || (seconds = PyNumber_Subtract(now, started)) == NULL)
        goto done;
    PyObject *best = PyTuple_GET_SIZE(ordered) ? PyTuple_GET_ITEM(ordered, 0) : Py_None;
    PyObject *fields[] = {s_position, pos, s_consistent, Py_True, s_total_mines, reported,
                          s_safe, PyTuple_GET_ITEM(decided, 0), s_mines, PyTuple_GET_ITEM(decided, 1),
                          s_count, layouts, s_best_guess, best, s_backend, spec, s_seconds, seconds,
                          s_frontier_exact, exact, NULL, NULL};
    if (off_n == Py_None) {
        fields[20] = s_off_frontier_exact;
        fields[21] = Py_None;
    }
    else if ((ratio = PyTuple_Pack(2, off_n, off_scale)) != NULL) {
        fields[20] = PyTuple_GET_ITEM(kit, 11);
        fields[21] = ratio;
    }
    analysis = made(PyTuple_GET_ITEM(kit, 1), 11, fields);
done:
    Py_XDECREF(fixed);
    Py_XDECREF(h);
    Py_XDECREF(m);
    Py_XDECREF(pos);
    Py_XDECREF(first);
    Py_XDECREF(n_off);
    Py_XDECREF(ways);
    Py_XDECREF(product);
    Py_XDECREF(solutions);
    Py_XDECREF(off_scale);
    Py_XDECREF(make);
    Py_XDECREF(find);
    Py_XDECREF(halves);
    Py_XDECREF(exact);
    Py_XDECREF(found);
    Py_XDECREF(layouts);
    Py_XDECREF(now);
    Py_XDECREF(seconds);
    Py_XDECREF(ratio);
    return analysis;
}

/* The argument at ``at``, checked to be of ``type`` (NULL: any), as PyArg_ParseTuple's "O!" would. */
static int
typed(PyObject *const *args, Py_ssize_t at, PyTypeObject *type, PyObject **out)
{
    *out = args[at];
    if (type == NULL || PyObject_TypeCheck(*out, type))
        return 0;
    PyErr_Format(PyExc_TypeError, "analyze_board() argument %zd must be %s, not %s", at + 1, type->tp_name,
                 Py_TYPE(*out)->tp_name);
    return -1;
}

/* METH_FASTCALL, its 22 arguments read by hand: PyArg_ParseTuple's format machinery was a twentieth of a cold
 * analysis's instruction cache misses, on a call that reads the same arguments every time. */
static PyObject *
analyze_board(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *grid, *around, *names, *rule, *ctype, *ptype, *comptype, *table_type, *store_dict, *node_limit;
    PyObject *total, *kit, *keep, *position_key, *spec, *started, *reported;
    if (nargs != 22) {
        PyErr_Format(PyExc_TypeError, "analyze_board() takes 22 arguments (%zd given)", nargs);
        return NULL;
    }
    if (typed(args, 0, &PyTuple_Type, &grid) < 0 || typed(args, 1, &PyTuple_Type, &around) < 0
        || typed(args, 2, &PyTuple_Type, &names) < 0 || typed(args, 3, NULL, &rule) < 0
        || typed(args, 4, &PyType_Type, &ctype) < 0 || typed(args, 5, &PyType_Type, &ptype) < 0
        || typed(args, 6, &PyType_Type, &comptype) < 0 || typed(args, 7, &PyType_Type, &table_type) < 0
        || typed(args, 8, &PyDict_Type, &store_dict) < 0 || typed(args, 10, NULL, &node_limit) < 0
        || typed(args, 11, NULL, &total) < 0 || typed(args, 15, &PyTuple_Type, &kit) < 0
        || typed(args, 16, NULL, &keep) < 0 || typed(args, 17, &PyTuple_Type, &position_key) < 0
        || typed(args, 18, NULL, &spec) < 0 || typed(args, 19, NULL, &started) < 0
        || typed(args, 20, NULL, &reported) < 0)
        return NULL;
    Py_ssize_t maxsize = PyLong_AsSsize_t(args[9]);
    long long work_limit = PyLong_AsLongLong(args[13]), lazy_bits = PyLong_AsLongLong(args[21]);
    int weigh_exact = PyObject_IsTrue(args[12]), certified = PyObject_IsTrue(args[14]);
    if (((maxsize == -1 || work_limit == -1 || lazy_bits == -1) && PyErr_Occurred()) || weigh_exact < 0
        || certified < 0)
        return NULL;
    if (PyTuple_GET_SIZE(kit) != 12 || PyTuple_GET_SIZE(position_key) < 1) {
        PyErr_SetString(PyExc_TypeError, "kit must be quick._KIT's 12 items and key start with the board");
        return NULL;
    }
    Py_ssize_t limit = -1;  /* the node limit, as box_solve reads it */
    if (node_limit != Py_None && (limit = PyLong_AsSsize_t(node_limit)) < 0) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "node_limit must be at least 0");
        return NULL;
    }
    Py_ssize_t n, flags;
    char *flat = joined(grid, &n, &flags);
    if (flat == NULL)
        return NULL;
    Parts arrays = {0};
    PyObject *parts = parts_of(flat, n, Py_None, around, names, ctype, ptype, comptype, 1, Py_None, &arrays);
    PyMem_Free(flat);
    if (parts == NULL || parts == Py_NotImplemented)
        return parts;
    PyObject *components = PyTuple_GET_ITEM(parts, 0), *off = PyTuple_GET_ITEM(parts, 1);
    PyObject *forced = PyTuple_GET_ITEM(parts, 2), *contradiction = PyTuple_GET_ITEM(parts, 3);
    PyObject *left = NULL, *solved = NULL, *out = NULL, *pending = NULL, *to_certify = NULL;
    PyObject *shapes = NULL, *founds = NULL, *forceds = NULL, *tables = NULL, *weighed = NULL, *classified = NULL;
    Py_ssize_t nc = PyTuple_GET_SIZE(components);
    long long settled = 0, mines_left = 0;
    /* The mines the simplification settled, and what is left of the total. */
    PyObject *key, *value;
    Py_ssize_t at = 0;
    while (PyDict_Next(forced, &at, &key, &value)) {
        int is = PyObject_IsTrue(value);
        if (is < 0)
            goto done;
        settled += is;
    }
    if (total == Py_None)
        left = Py_NewRef(Py_None);
    else {
        PyObject *gone = PyLong_FromLongLong(settled + flags);
        left = gone == NULL ? NULL : PyNumber_Subtract(total, gone);
        Py_XDECREF(gone);
        if (left == NULL)
            goto done;
        int overflow = 0;
        mines_left = PyLong_AsLongLongAndOverflow(left, &overflow);
        if (mines_left == -1 && PyErr_Occurred())
            goto done;
        if (overflow)  /* more (or fewer) mines than a long long: out of reach, as below */
            mines_left = -1;
    }
    /* What analysis_of settles before solving, and a total beyond the kernels' long: the Python path. */
    Py_ssize_t unknown = PyTuple_GET_SIZE(off);
    for (Py_ssize_t k = 0; k < nc; k++) {
        PyObject *cells = PyObject_GetAttr(PyTuple_GET_ITEM(components, k), s_cells);
        if (cells == NULL)
            goto done;
        unknown += PyObject_Length(cells);
        Py_DECREF(cells);
    }
    if (contradiction != Py_None || left == Py_None || mines_left < 0 || mines_left > unknown
        || mines_left > LONG_MAX) {
        solved = Py_NewRef(Py_None);
        goto pack;
    }
    /* Every component's answer, the store only read; then filled in order, as the Python path would. */
    pending = PyDict_New();
    to_certify = PyList_New(0);
    shapes = PyList_New(0);
    founds = PyList_New(0);
    if (pending == NULL || to_certify == NULL || shapes == NULL || founds == NULL)
        goto done;
    int no_layout = 0;
    for (Py_ssize_t k = 0; k < nc && !no_layout; k++) {
        PyObject *problem = PyObject_GetAttr(PyTuple_GET_ITEM(components, k), s_problem), *shape = NULL, *found;
        int stop = 0;
        if (problem == NULL || (shape = PyObject_GetAttr(problem, s_shape)) == NULL
            || look_up(problem, shape, store_dict, pending, table_type, node_limit, certified, to_certify, &found,
                       &stop, &arrays, k, limit) < 0) {
            Py_XDECREF(problem);
            Py_XDECREF(shape);
            goto done;
        }
        Py_DECREF(problem);
        if (stop) {
            Py_DECREF(shape);
            solved = Py_NewRef(Py_None);
            goto pack;
        }
        int bad = PyList_Append(shapes, shape) < 0 || PyList_Append(founds, found) < 0;
        Py_DECREF(shape);
        if (bad) {
            Py_DECREF(found);
            goto done;
        }
        /* A component the store holds without a model: the position has no layout. */
        no_layout = !PyTuple_Check(found) || PyTuple_GET_SIZE(found) != 2 || PyTuple_GET_ITEM(found, 0) == Py_None
                    || PyTuple_GET_ITEM(found, 1) == Py_None;
        Py_DECREF(found);
    }
    long hits = 0, misses = 0;
    for (Py_ssize_t k = 0; k < PyList_GET_SIZE(shapes); k++)
        if (file(store_dict, PyList_GET_ITEM(shapes, k), PyList_GET_ITEM(founds, k), maxsize, &hits, &misses) < 0)
            goto done;
    if (no_layout) {
        solved = solved_tuple(Py_None, Py_None, to_certify, hits, misses, Py_None, Py_None);
        goto pack;
    }
    forceds = PyList_New(nc);
    tables = PyList_New(nc);
    if (forceds == NULL || tables == NULL)
        goto done;
    long long spread = 0;
    for (Py_ssize_t k = 0; k < nc; k++) {
        PyObject *found = PyList_GET_ITEM(founds, k);
        PyList_SET_ITEM(forceds, k, Py_NewRef(PyTuple_GET_ITEM(found, 0)));
        PyList_SET_ITEM(tables, k, Py_NewRef(PyTuple_GET_ITEM(found, 1)));
        if (spread_of(PyTuple_GET_ITEM(found, 1), &spread) < 0)
            goto done;
    }
    /* too_much_work's first bound, then the weighing kernel and classify on its rows. */
    if (weigh_exact && spread * (long long)nc <= work_limit) {
        weighed = weigh_tables(tables, (long)PyTuple_GET_SIZE(off), (long)mines_left);
        if (weighed == NULL)
            goto done;
        if (weighed != Py_NotImplemented) {
            PyObject *rows = PyTuple_GET_ITEM(weighed, 1), *scale = PyTuple_GET_ITEM(weighed, 0);
            classified = PyTuple_Check(rows) && PyLong_Check(scale) ? classify_rows(rows, components, scale) : NULL;
            if (classified == NULL && !PyErr_Occurred())
                PyErr_SetString(PyExc_TypeError, "weigh's rows must be a tuple and its scale an int");
            if (classified == NULL)
                goto done;
            Py_SETREF(classified, decide(forced, components, forceds, weighed, classified, off));
            if (classified == NULL)
                goto done;
        }
    }
    /* A fresh engine's analysis with nothing left to prove, weighed in integers its Fractions may wait on (the
     * kernel's fit 128 bits): finished here.  Anything else goes back to quick.board_analysis. */
    if (PyDict_Check(keep) && PyList_GET_SIZE(to_certify) == 0 && classified != NULL && lazy_bits >= 128) {
        PyObject *found_parts[5] = {components, off, forced, contradiction, left};
        out = finished(kit, keep, position_key, store_dict, hits, misses, spec, started, reported, found_parts, forceds,
                       weighed, classified);
        goto done;
    }
    solved = solved_tuple(forceds, tables, to_certify, hits, misses, weighed ? weighed : Py_None,
                          classified ? classified : Py_None);
pack:
    if (solved != NULL)
        out = PyTuple_Pack(6, components, off, forced, contradiction, left, solved);
done:
    parts_free(&arrays);
    Py_DECREF(parts);
    Py_XDECREF(left);
    Py_XDECREF(solved);
    Py_XDECREF(pending);
    Py_XDECREF(to_certify);
    Py_XDECREF(shapes);
    Py_XDECREF(founds);
    Py_XDECREF(forceds);
    Py_XDECREF(tables);
    Py_XDECREF(weighed);
    Py_XDECREF(classified);
    return out;
}

static PyMethodDef analysis_methods[] = {
    {"analyze_board", (PyCFunction)(void (*)(void))analyze_board, METH_FASTCALL,
     "analyze_board(grid, around, names, rule, constraint, problem, component, table, store, maxsize, node_limit, "
     "total, weigh_exact, work_limit, certified) -> (components, off, forced, contradiction, left, solved), "
     "or NotImplemented where board_parts declines"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef analysis_module = {
    PyModuleDef_HEAD_INIT, "cnfsweep.engine._analysis",
    "The common analysis in one call (see cnfsweep.engine.quick).", -1, analysis_methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC
PyInit__analysis(void)
{
    /* The position kernel's interned names, as its own module's initialisation makes them. */
    PyObject *position = init_position();
    if (position == NULL)
        return NULL;
    Py_DECREF(position);
    init_binom();
    if (!(s_solutions = PyUnicode_InternFromString("solutions")) || !(s_tallies = PyUnicode_InternFromString("tallies"))
        || !(no_args = PyTuple_New(0)))
        return NULL;
    struct { PyObject **slot; const char *text; } names[] = {
        {&s_board, "board"}, {&s_components, "components"}, {&s_off_frontier, "off_frontier"}, {&s_fixed, "fixed"},
        {&s_mines_left, "mines_left"}, {&s_contradiction, "contradiction"}, {&s_forced, "forced"},
        {&s__make, "_make"}, {&s__made, "_made"}, {&s__find, "_find"}, {&s__found, "_found"}, {&s_lowest, "lowest"},
        {&s_ones, "ones"}, {&s_halves, "halves"}, {&s_exact, "exact"}, {&s_approx_log10, "approx_log10"},
        {&s_position, "position"}, {&s_consistent, "consistent"}, {&s_total_mines, "total_mines"}, {&s_safe, "safe"},
        {&s_mines, "mines"}, {&s_count, "count"}, {&s_best_guess, "best_guess"}, {&s_backend, "backend"},
        {&s_seconds, "seconds"}, {&s_frontier_exact, "frontier_exact"}, {&s_off_frontier_exact, "off_frontier_exact"},
    };
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
        if ((*names[i].slot = PyUnicode_InternFromString(names[i].text)) == NULL)
            return NULL;
    return PyModule_Create(&analysis_module);
}
