/*
 * The look-ahead's model work in C: cnfsweep.search._merge.
 *
 * split_models(boxes, models, cell, seen, fresh, limit) follows
 * cnfsweep.search.splitting.split_python step for step, so it lists the same
 * boxes and the same models in the same order, and gives up (None) exactly when
 * it does.  weigh_models(weighed, boxes) returns the count table, the mine
 * polynomial and the safe-box flag that cnfsweep.search.parts.Part works out
 * in Python from a merged part's models.
 *
 * Layout counts are held in 128 bits (64 where the compiler has no 128-bit
 * integer) and every sum and product is checked: where a number would not fit,
 * or an input is not what the Python code expects (a box past the binomial
 * table, a count out of its box), both return NotImplemented and the caller
 * runs the Python code, so no answer differs from it.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <limits.h>
#include <string.h>

#include "../engine/wide.h"

/* The engine's weighing kernel (read_table, poly_mul, dot), compiled into this unit from its own source, as
 * engine/_analysis.c does: the look-ahead's leaf reads and weighs tables as cnfsweep.engine._weigh does.
 * Its module-level names are renamed so that they do not clash. */
#define methods weigh_methods
#define module weigh_module
#define PyInit__weigh init_weigh
#include "../engine/_weigh.c"
#undef methods
#undef module
#undef PyInit__weigh


/* The ints a model is made of, made once: counts and mines are small, and each row holds many. */
#define SMALL 256
static PyObject *small_ints[SMALL];

static PyObject *
int_of(long v)
{
    return v >= 0 && v < SMALL ? Py_NewRef(small_ints[v]) : PyLong_FromLong(v);
}

/* What a helper found: go on, hand the call back to Python, or an exception is set. */
enum { OK = 0, DECLINE = 1, FAIL = -1 };

/* Read a non-negative int that fits a wide. */
static int
long_to_wide(PyObject *o, wide *out)
{
    if (!PyLong_Check(o))
        return DECLINE;
    int overflow;
    long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
    if (v == -1 && PyErr_Occurred())
        return FAIL;
    if (!overflow) {
        if (v < 0)
            return DECLINE;
        *out = (wide)v;
        return OK;
    }
    if (overflow < 0)
        return DECLINE;
#ifdef __SIZEOF_INT128__
    PyObject *shift = PyLong_FromLong(64);
    if (!shift)
        return FAIL;
    PyObject *high = PyNumber_Rshift(o, shift);
    Py_DECREF(shift);
    if (!high)
        return FAIL;
    unsigned long long hi = PyLong_AsUnsignedLongLong(high);
    Py_DECREF(high);
    if (hi == (unsigned long long)-1 && PyErr_Occurred()) {
        if (!PyErr_ExceptionMatches(PyExc_OverflowError))
            return FAIL;
        PyErr_Clear();
        return DECLINE;
    }
    unsigned long long lo = PyLong_AsUnsignedLongLongMask(o);
    if (lo == (unsigned long long)-1 && PyErr_Occurred())
        return FAIL;
    *out = ((wide)hi << 64) | lo;
    return OK;
#else
    unsigned long long u = PyLong_AsUnsignedLongLong(o);
    if (u == (unsigned long long)-1 && PyErr_Occurred()) {
        if (!PyErr_ExceptionMatches(PyExc_OverflowError))
            return FAIL;
        PyErr_Clear();
        return DECLINE;
    }
    *out = u;
    return OK;
#endif
}

/* Read an int in [0, top]. */
static int
small_int(PyObject *o, long top, long *out)
{
    if (!PyLong_Check(o))
        return DECLINE;
    int overflow;
    long v = PyLong_AsLongAndOverflow(o, &overflow);
    if (v == -1 && PyErr_Occurred())
        return FAIL;
    if (overflow || v < 0 || v > top)
        return DECLINE;
    *out = v;
    return OK;
}

static void *
alloc(size_t count, size_t size)
{
    /* One more than asked, so that empty arrays are still distinct allocations. */
    void *p = PyMem_Calloc(count + 1, size);
    if (!p)
        PyErr_NoMemory();
    return p;
}

/* ------------------------------------------------------------------ split */

/* One touched part: how its boxes split, and each of its models read as the Python _plan reads it. */
typedef struct {
    Py_ssize_t n_kept, n_split;
    Py_ssize_t *kept;     /* boxes left whole */
    long *kept_size;      /* their cells, the revealed cell dropped */
    char *inside;         /* whether the new number sees them */
    Py_ssize_t *split;    /* boxes split in two */
    long *s_in, *s_out;   /* cells of their seen half and of the other */
    Py_ssize_t n_rows;    /* models kept (those with the revealed cell safe) */
    long *fixed;          /* n_rows x n_kept: the whole boxes' mines */
    long *need, *mines;   /* mines the number sees among the whole boxes; mines in all */
    wide *weight;         /* layouts of the whole boxes */
    long *m;              /* n_rows x n_split: the split boxes' mines */
    unsigned long long choices; /* rows the part's models lead to, capped */
} Part;

static void
free_part(Part *p)
{
    PyMem_Free(p->kept);
    PyMem_Free(p->kept_size);
    PyMem_Free(p->inside);
    PyMem_Free(p->split);
    PyMem_Free(p->s_in);
    PyMem_Free(p->s_out);
    PyMem_Free(p->fixed);
    PyMem_Free(p->need);
    PyMem_Free(p->mines);
    PyMem_Free(p->weight);
    PyMem_Free(p->m);
}

/* Past this many rows the count only needs to say "more than the limit". */
#define CAP (1ULL << 62)

static unsigned long long
capped_mul(unsigned long long a, unsigned long long b)
{
    unsigned long long r;
    if (__builtin_mul_overflow(a, b, &r) || r > CAP)
        return a && b ? CAP : 0;
    return r;
}

static unsigned long long
capped_add(unsigned long long a, unsigned long long b)
{
    unsigned long long r = a + b;
    return r > CAP ? CAP : r;
}

/* Add one model (its boxes' mines, ``total`` in all) as the part's next row: the whole boxes' mines and layouts,
 * the mines the number sees among them, and the split boxes' mines with the ways they can split. */
static int
add_row(Part *p, const long *counts, long total)
{
    Py_ssize_t row = p->n_rows++;
    long need = 0;
    wide weight = 1;
    for (Py_ssize_t i = 0; i < p->n_kept; i++) {
        long c = counts[p->kept[i]];
        p->fixed[row * p->n_kept + i] = c;
        if (p->inside[i])
            need += c;
        if (c > p->kept_size[i] || __builtin_mul_overflow(weight, binom[p->kept_size[i]][c], &weight))
            return DECLINE;
    }
    unsigned long long ways = 1;
    for (Py_ssize_t s = 0; s < p->n_split; s++) {
        long m = counts[p->split[s]];
        long lo = m - p->s_out[s] > 0 ? m - p->s_out[s] : 0;
        long hi = m < p->s_in[s] ? m : p->s_in[s];
        p->m[row * p->n_split + s] = m;
        ways = capped_mul(ways, hi >= lo ? (unsigned long long)(hi - lo + 1) : 0);
    }
    p->need[row] = need;
    p->mines[row] = total;
    p->weight[row] = weight;
    p->choices = capped_add(p->choices, ways);
    return OK;
}

/* Split one part's boxes by what the number sees, adding the halves to whole and halves. */
static int
split_boxes(Part *p, PyObject *part_boxes, PyObject *cell, PyObject *seen,
            PyObject *whole, PyObject *halves, Py_ssize_t *n_boxes, Py_ssize_t *holder, long *room,
            long **box_len)
{
    PyObject *fast = PySequence_Fast(part_boxes, "a part's boxes must be a sequence");
    if (!fast)
        return FAIL;
    Py_ssize_t nb = PySequence_Fast_GET_SIZE(fast);
    *n_boxes = nb;
    int status = FAIL;
    PyObject *in = NULL, *out = NULL;
    p->kept = alloc(nb, sizeof(Py_ssize_t));
    p->kept_size = alloc(nb, sizeof(long));
    p->inside = alloc(nb, 1);
    p->split = alloc(nb, sizeof(Py_ssize_t));
    p->s_in = alloc(nb, sizeof(long));
    p->s_out = alloc(nb, sizeof(long));
    *box_len = alloc(nb, sizeof(long));
    if (!p->kept || !p->kept_size || !p->inside || !p->split || !p->s_in || !p->s_out || !*box_len)
        goto done;
    for (Py_ssize_t b = 0; b < nb; b++) {
        PyObject *box = PySequence_Fast(PySequence_Fast_GET_ITEM(fast, b), "a box must be a sequence");
        if (!box)
            goto done;
        Py_ssize_t size = PySequence_Fast_GET_SIZE(box);
        (*box_len)[b] = (long)size;
        in = PyList_New(0);
        out = PyList_New(0);
        if (!in || !out) {
            Py_DECREF(box);
            goto done;
        }
        for (Py_ssize_t i = 0; i < size; i++) {
            PyObject *x = PySequence_Fast_GET_ITEM(box, i);
            int is_seen = PySequence_Contains(seen, x);
            int other = is_seen ? 0 : PyObject_RichCompareBool(x, cell, Py_NE);
            if (is_seen < 0 || other < 0 || ((is_seen || other) && PyList_Append(is_seen ? in : out, x) < 0)) {
                Py_DECREF(box);
                goto done;
            }
        }
        Py_DECREF(box);
        Py_ssize_t n_in = PyList_GET_SIZE(in), n_out = PyList_GET_SIZE(out);
        if (n_in + n_out < size) {
            *holder = b;
            *room = (long)size - 1;
        }
        if (n_in && n_out) {
            p->split[p->n_split] = b;
            p->s_in[p->n_split] = (long)n_in;
            p->s_out[p->n_split] = (long)n_out;
            p->n_split++;
            PyObject *t_in = PyList_AsTuple(in), *t_out = PyList_AsTuple(out);
            int bad = !t_in || !t_out || PyList_Append(halves, t_in) < 0 || PyList_Append(halves, t_out) < 0;
            Py_XDECREF(t_in);
            Py_XDECREF(t_out);
            if (bad)
                goto done;
        } else if (n_in || n_out) {
            p->kept[p->n_kept] = b;
            p->kept_size[p->n_kept] = (long)(n_in + n_out);
            p->inside[p->n_kept] = n_in > 0;
            p->n_kept++;
            PyObject *t = PyList_AsTuple(n_in ? in : out);
            int bad = !t || PyList_Append(whole, t) < 0;
            Py_XDECREF(t);
            if (bad)
                goto done;
        }
        Py_CLEAR(in);
        Py_CLEAR(out);
    }
    status = OK;
done:
    Py_XDECREF(in);
    Py_XDECREF(out);
    Py_DECREF(fast);
    return status;
}

/* Read one part's models as _plan does: the revealed cell safe, whole boxes' counts, need, mines, layouts. */
static int
plan_models(Part *p, PyObject *part_models, Py_ssize_t nb, Py_ssize_t holder, long room, const long *box_len)
{
    PyObject *fast = PySequence_Fast(part_models, "a part's models must be a sequence");
    if (!fast)
        return FAIL;
    Py_ssize_t nm = PySequence_Fast_GET_SIZE(fast);
    int status = FAIL;
    long *counts = alloc(nb, sizeof(long));
    p->fixed = alloc((size_t)nm * p->n_kept, sizeof(long));
    p->need = alloc(nm, sizeof(long));
    p->mines = alloc(nm, sizeof(long));
    p->weight = alloc(nm, sizeof(wide));
    p->m = alloc((size_t)nm * p->n_split, sizeof(long));
    if (!counts || !p->fixed || !p->need || !p->mines || !p->weight || !p->m)
        goto done;
    for (Py_ssize_t b = 0; b < nb; b++) {
        if (box_len[b] > binom_top) {
            status = DECLINE;
            goto done;
        }
    }
    p->choices = 0;
    for (Py_ssize_t r = 0; r < nm; r++) {
        PyObject *model = PySequence_Fast_GET_ITEM(fast, r);
        if (!PyTuple_Check(model) || PyTuple_GET_SIZE(model) != nb) {
            status = DECLINE;
            goto done;
        }
        long total = 0;
        for (Py_ssize_t b = 0; b < nb; b++) {
            int got = small_int(PyTuple_GET_ITEM(model, b), box_len[b], &counts[b]);
            if (got != OK) {
                status = got;
                goto done;
            }
            total += counts[b];
        }
        if (holder >= 0 && counts[holder] > room)
            continue; /* the revealed cell would be a mine */
        if (add_row(p, counts, total) != OK) {
            status = DECLINE;
            goto done;
        }
    }
    status = OK;
done:
    PyMem_Free(counts);
    Py_DECREF(fast);
    return status;
}

/* Append one model to by_need[n], making the list the first time n comes up. */
static int
emit(PyObject *by_need, PyObject **lists, long n, const long *counts, Py_ssize_t width, long k, wide w)
{
    PyObject *c = PyTuple_New(width);
    if (!c)
        return FAIL;
    for (Py_ssize_t i = 0; i < width; i++) {
        PyObject *v = int_of(counts[i]);
        if (!v) {
            Py_DECREF(c);
            return FAIL;
        }
        PyTuple_SET_ITEM(c, i, v);
    }
    PyObject *row = PyTuple_New(3);
    if (!row) {
        Py_DECREF(c);
        return FAIL;
    }
    PyTuple_SET_ITEM(row, 0, c);
    PyObject *kk = int_of(k), *ww = wide_to_long(w);
    if (!kk || !ww) {
        Py_DECREF(row);
        Py_XDECREF(kk);
        Py_XDECREF(ww);
        return FAIL;
    }
    PyTuple_SET_ITEM(row, 1, kk);
    PyTuple_SET_ITEM(row, 2, ww);
    PyObject *list = lists[n];
    if (!list) {
        PyObject *key = int_of(n);
        list = PyList_New(0);
        if (!key || !list || PyDict_SetItem(by_need, key, list) < 0) {
            Py_XDECREF(key);
            Py_XDECREF(list);
            Py_DECREF(row);
            return FAIL;
        }
        Py_DECREF(key);
        Py_DECREF(list); /* by_need holds it */
        lists[n] = list;
    }
    int bad = PyList_Append(list, row);
    Py_DECREF(row);
    return bad ? FAIL : OK;
}

/* One number's weighing, summed model by model as weigh_models sums a listed model list. */
typedef struct {
    long *slot, *order;  /* per number of mines: its row in sol/tal (-1: none yet); the numbers in first-come order */
    Py_ssize_t found;
    long top;            /* the most mines of a model seen */
    wide *sol, *tal;     /* layouts by mines; layouts times the box's mines, by mines and box */
    char *live;          /* whether some model puts a mine in each box */
} Acc;

/* Free the sums of needs 0 to most_need and the array holding them (acc may be NULL). */
static void
free_accs(Acc *acc, long most_need)
{
    for (long i = 0; acc && i <= most_need; i++) {
        PyMem_Free(acc[i].slot);
        PyMem_Free(acc[i].order);
        PyMem_Free(acc[i].sol);
        PyMem_Free(acc[i].tal);
        PyMem_Free(acc[i].live);
    }
    PyMem_Free(acc);
}

/* Where list_models puts each model: Python rows in by_need, or (acc set) straight into each number's sums. */
typedef struct {
    PyObject *by_need;
    PyObject **lists;
    Acc *acc;            /* per need, or NULL */
    long most_mines;
    long *first;         /* needs in the order they first come up */
    Py_ssize_t n_first;
} Sink;

static int
accumulate(Sink *sink, long n, const long *counts, Py_ssize_t width, long k, wide w)
{
    Acc *a = &sink->acc[n];
    if (!a->slot) {
        long size = sink->most_mines + 1;
        if (!(a->slot = alloc(size, sizeof(long))) || !(a->order = alloc(size, sizeof(long))) ||
            !(a->sol = alloc(size, sizeof(wide))) || !(a->tal = alloc((size_t)size * width, sizeof(wide))) ||
            !(a->live = alloc(width, 1)))
            return FAIL;
        for (long i = 0; i < size; i++)
            a->slot[i] = -1;
        a->top = -1;
        sink->first[sink->n_first++] = n;
    }
    if (k < 0 || k > sink->most_mines)
        return DECLINE;
    if (a->slot[k] < 0) {
        a->slot[k] = (long)a->found;
        a->order[a->found++] = k;
    }
    if (k > a->top)
        a->top = k;
    wide *row = a->tal + (size_t)a->slot[k] * width;
    if (__builtin_add_overflow(a->sol[a->slot[k]], w, &a->sol[a->slot[k]]))
        return DECLINE;
    for (Py_ssize_t b = 0; b < width; b++) {
        wide t;
        if (__builtin_mul_overflow(w, (wide)counts[b], &t) || __builtin_add_overflow(row[b], t, &row[b]))
            return DECLINE;
        a->live[b] |= counts[b] != 0;
    }
    return OK;
}

static int
take(Sink *sink, long n, const long *counts, Py_ssize_t width, long k, wide w)
{
    if (sink->acc)
        return accumulate(sink, n, counts, width, k, w);
    return emit(sink->by_need, sink->lists, n, counts, width, k, w);
}

/* List every model, in the order of the Python loops: parts' models (the last part fastest), then each
   split box's shares (the last fastest), then the fresh cells' mines. */
static int
list_models(Part *parts, Py_ssize_t np, long nf, Sink *sink, Py_ssize_t width)
{
    Py_ssize_t n_split = 0;
    for (Py_ssize_t q = 0; q < np; q++)
        n_split += parts[q].n_split;
    int status = FAIL;
    Py_ssize_t *idx = alloc(np, sizeof(Py_ssize_t));
    long *counts = alloc(width, sizeof(long));
    long *m = alloc(n_split, sizeof(long)), *s_in = alloc(n_split, sizeof(long));
    long *s_out = alloc(n_split, sizeof(long)), *j = alloc(n_split, sizeof(long));
    long *lo = alloc(n_split, sizeof(long)), *hi = alloc(n_split, sizeof(long));
    if (!idx || !counts || !m || !s_in || !s_out || !j || !lo || !hi)
        goto done;
    for (Py_ssize_t q = 0; q < np; q++) {
        if (parts[q].n_rows == 0) {
            status = OK; /* no combination at all */
            goto done;
        }
    }
    Py_ssize_t at_split = width - 2 * n_split - (nf >= 0 ? 1 : 0);
    for (;;) {
        Py_ssize_t pos = 0, si = 0;
        long need = 0, mines = 0;
        wide weight = 1;
        int empty = 0;
        for (Py_ssize_t q = 0; q < np; q++) {
            Part *p = &parts[q];
            Py_ssize_t r = idx[q];
            memcpy(counts + pos, p->fixed + r * p->n_kept, p->n_kept * sizeof(long));
            pos += p->n_kept;
            need += p->need[r];
            mines += p->mines[r];
            if (__builtin_mul_overflow(weight, p->weight[r], &weight)) {
                status = DECLINE;
                goto done;
            }
            for (Py_ssize_t s = 0; s < p->n_split; s++, si++) {
                m[si] = p->m[r * p->n_split + s];
                s_in[si] = p->s_in[s];
                s_out[si] = p->s_out[s];
                lo[si] = m[si] - s_out[si] > 0 ? m[si] - s_out[si] : 0;
                hi[si] = m[si] < s_in[si] ? m[si] : s_in[si];
                j[si] = lo[si];
                empty |= lo[si] > hi[si];
            }
        }
        while (!empty) {
            long n = need;
            wide w = weight;
            for (Py_ssize_t s = 0; s < n_split; s++) {
                n += j[s];
                counts[at_split + 2 * s] = j[s];
                counts[at_split + 2 * s + 1] = m[s] - j[s];
                if (__builtin_mul_overflow(w, binom[s_in[s]][j[s]], &w) ||
                    __builtin_mul_overflow(w, binom[s_out[s]][m[s] - j[s]], &w)) {
                    status = DECLINE;
                    goto done;
                }
            }
            if (nf < 0) {
                int got = take(sink, n, counts, width, mines, w);
                if (got != OK) {
                    status = got;
                    goto done;
                }
            } else {
                for (long f = 0; f <= nf; f++) {
                    wide wf;
                    counts[width - 1] = f;
                    if (__builtin_mul_overflow(w, binom[nf][f], &wf)) {
                        status = DECLINE;
                        goto done;
                    }
                    int got = take(sink, n + f, counts, width, mines + f, wf);
                    if (got != OK) {
                        status = got;
                        goto done;
                    }
                }
            }
            Py_ssize_t s = n_split - 1;
            while (s >= 0 && j[s] == hi[s]) {
                j[s] = lo[s];
                s--;
            }
            if (s < 0)
                break;
            j[s]++;
        }
        Py_ssize_t q = np - 1;
        while (q >= 0 && idx[q] == parts[q].n_rows - 1) {
            idx[q] = 0;
            q--;
        }
        if (q < 0)
            break;
        idx[q]++;
    }
    status = OK;
done:
    PyMem_Free(idx);
    PyMem_Free(counts);
    PyMem_Free(m);
    PyMem_Free(s_in);
    PyMem_Free(s_out);
    PyMem_Free(j);
    PyMem_Free(lo);
    PyMem_Free(hi);
    return status;
}

/* Each need's weighing as weigh_models returns it: (solutions, tallies, polynomial, has_safe_box). */
static PyObject *
weighing_of(const Acc *a, const long *size, Py_ssize_t width)
{
    PyObject *solutions = PyDict_New(), *tallies = PyDict_New(), *poly = PyList_New(a->top + 1), *result = NULL;
    if (!solutions || !tallies || !poly)
        goto done;
    for (long k = 0; k <= a->top; k++) {
        PyObject *v = wide_to_long(a->slot[k] < 0 ? 0 : a->sol[a->slot[k]]);
        if (!v)
            goto done;
        PyList_SET_ITEM(poly, k, v);
    }
    for (Py_ssize_t i = 0; i < a->found; i++) {
        long k = a->order[i];
        PyObject *key = int_of(k);
        PyObject *row = PyTuple_New(width);
        int bad = !key || !row || PyDict_SetItem(solutions, key, PyList_GET_ITEM(poly, k)) < 0;
        for (Py_ssize_t b = 0; !bad && b < width; b++) {
            /* Exact: each model's term is a multiple of its box's size (see Part.table). */
            PyObject *v = wide_to_long(a->tal[(size_t)i * width + b] / (wide)size[b]);
            if (!v)
                bad = 1;
            else
                PyTuple_SET_ITEM(row, b, v);
        }
        bad = bad || PyDict_SetItem(tallies, key, row) < 0;
        Py_XDECREF(key);
        Py_XDECREF(row);
        if (bad)
            goto done;
    }
    int safe = 0;
    for (Py_ssize_t b = 0; b < width; b++)
        safe |= !a->live[b];
    result = PyTuple_Pack(4, solutions, tallies, poly, safe ? Py_True : Py_False);
done:
    Py_XDECREF(solutions);
    Py_XDECREF(tallies);
    Py_XDECREF(poly);
    return result;
}

/* split_models, or (weighing) the same split with each need's models weighed instead of listed. */
static PyObject *
split_impl(PyObject *args, int weighing)
{
    PyObject *boxes, *models, *cell, *seen, *fresh, *limit_obj;
    if (!PyArg_ParseTuple(args, "OOOOOO:split_models", &boxes, &models, &cell, &seen, &fresh, &limit_obj))
        return NULL;
    PyObject *fb = NULL, *fm = NULL, *whole = NULL, *halves = NULL, *fresh_box = NULL, *by_need = NULL;
    PyObject *result = NULL, **lists = NULL, *boxes_out = NULL;
    Part *parts = NULL;
    Acc *acc = NULL;
    long *first = NULL, *size = NULL, most_need = 0;
    Py_ssize_t np = 0;
    int status = FAIL;

    int overflow = 0;
    long long limit = 0;
    if (PyLong_Check(limit_obj)) {
        limit = PyLong_AsLongLongAndOverflow(limit_obj, &overflow);
        if (limit == -1 && PyErr_Occurred())
            goto done;
    }
    if (!PyLong_Check(limit_obj) || overflow > 0 || limit >= (long long)CAP) {
        status = DECLINE; /* not an int, or a limit the count cannot be compared with here */
        goto done;
    }
    if (overflow < 0 || limit < 0)
        limit = -1; /* every negative limit is passed alike */
    if (!(fb = PySequence_Fast(boxes, "boxes must be a sequence")) ||
        !(fm = PySequence_Fast(models, "models must be a sequence")) ||
        !(fresh_box = PySequence_Tuple(fresh)))
        goto done;
    np = PySequence_Fast_GET_SIZE(fb);
    if (PySequence_Fast_GET_SIZE(fm) != np) {
        status = DECLINE;
        goto done;
    }
    long nf = PyTuple_GET_SIZE(fresh_box) ? (long)PyTuple_GET_SIZE(fresh_box) : -1;
    if (nf > binom_top) {
        status = DECLINE;
        goto done;
    }
    if (!(parts = alloc(np, sizeof(Part))) || !(whole = PyList_New(0)) || !(halves = PyList_New(0)))
        goto done;
    most_need = nf > 0 ? nf : 0; /* the most mines the number can see */
    long most_mines = nf > 0 ? nf : 0; /* the most mines a model can hold */
    unsigned long long rows = nf >= 0 ? (unsigned long long)nf + 1 : 1;
    int none_empty = 1;
    for (Py_ssize_t q = 0; q < np; q++) {
        Py_ssize_t nb = 0, holder = -1;
        long room = 0, *box_len = NULL;
        status = split_boxes(&parts[q], PySequence_Fast_GET_ITEM(fb, q), cell, seen, whole, halves,
                             &nb, &holder, &room, &box_len);
        if (status == OK)
            status = plan_models(&parts[q], PySequence_Fast_GET_ITEM(fm, q), nb, holder, room, box_len);
        PyMem_Free(box_len);
        if (status != OK)
            goto done;
        status = FAIL;
        for (Py_ssize_t i = 0; i < parts[q].n_kept; i++)
            most_need += parts[q].inside[i] ? parts[q].kept_size[i] : 0;
        for (Py_ssize_t s = 0; s < parts[q].n_split; s++) {
            most_need += parts[q].s_in[s];
            most_mines += parts[q].s_in[s] + parts[q].s_out[s];
        }
        for (Py_ssize_t i = 0; i < parts[q].n_kept; i++)
            most_mines += parts[q].kept_size[i];
        rows = capped_mul(rows, parts[q].choices);
        none_empty &= parts[q].n_rows > 0;
    }
    /* Python checks the count after each combination of the parts' models, so it gives up when there is
       one and the count ends past the limit. */
    if (none_empty && (limit < 0 || rows > (unsigned long long)limit)) {
        status = OK;
        result = Py_NewRef(Py_None);
        goto done;
    }
    Py_ssize_t width = PyList_GET_SIZE(whole) + PyList_GET_SIZE(halves) + (nf >= 0 ? 1 : 0);
    if (nf >= 0 && PyList_Append(halves, fresh_box) < 0)
        goto done;
    if (!(by_need = PyDict_New()) || !(lists = alloc(most_need + 1, sizeof(PyObject *))))
        goto done;
    Sink sink = {by_need, lists, NULL, most_mines, NULL, 0};
    if (weighing && (!(acc = alloc(most_need + 1, sizeof(Acc))) || !(first = alloc(most_need + 1, sizeof(long)))))
        goto done;
    sink.acc = acc;
    sink.first = first;
    status = list_models(parts, np, nf, &sink, width);
    if (status != OK)
        goto done;
    status = FAIL;
    /* The boxes: the whole ones, then the halves, then the fresh cells (appended to halves above). */
    PyObject *all = PySequence_Concat(whole, halves);
    boxes_out = all ? PyList_AsTuple(all) : NULL;
    Py_XDECREF(all);
    if (!boxes_out)
        goto done;
    if (weighing) {
        if (!(size = alloc(width, sizeof(long))))
            goto done;
        for (Py_ssize_t b = 0; b < width; b++) {
            size[b] = (long)PyTuple_GET_SIZE(PyTuple_GET_ITEM(boxes_out, b));
            if (size[b] == 0) {
                status = DECLINE; /* weigh_models declines an empty box */
                goto done;
            }
        }
        for (Py_ssize_t i = 0; i < sink.n_first; i++) {
            PyObject *key = int_of(first[i]), *w = weighing_of(&acc[first[i]], size, width);
            int bad = !key || !w || PyDict_SetItem(by_need, key, w) < 0;
            Py_XDECREF(key);
            Py_XDECREF(w);
            if (bad)
                goto done;
        }
    }
    result = PyTuple_Pack(2, boxes_out, by_need);
    if (result)
        status = OK;
done:
    Py_XDECREF(boxes_out);
    free_accs(acc, most_need);
    PyMem_Free(first);
    PyMem_Free(size);
    for (Py_ssize_t q = 0; parts && q < np; q++)
        free_part(&parts[q]);
    PyMem_Free(parts);
    PyMem_Free(lists);
    Py_XDECREF(fb);
    Py_XDECREF(fm);
    Py_XDECREF(whole);
    Py_XDECREF(halves);
    Py_XDECREF(fresh_box);
    Py_XDECREF(by_need);
    if (status == DECLINE) {
        Py_XDECREF(result);
        return Py_NewRef(Py_NotImplemented);
    }
    if (status == FAIL) {
        Py_XDECREF(result);
        return NULL;
    }
    return result;
}

static PyObject *
split_models(PyObject *self, PyObject *args)
{
    return split_impl(args, 0);
}

static PyObject *
split_weigh(PyObject *self, PyObject *args)
{
    return split_impl(args, 1);
}

/* ------------------------------------------------------------------ weigh */

/* Mines in a merged part stay far below this; a larger count is left to Python. */
#define MOST_MINES (1L << 20)

static PyObject *
weigh_models(PyObject *self, PyObject *args)
{
    PyObject *weighed, *boxes;
    if (!PyArg_ParseTuple(args, "OO:weigh_models", &weighed, &boxes))
        return NULL;
    PyObject *fw = NULL, *fb = NULL, *result = NULL;
    long *size = NULL, *ks = NULL, *cs = NULL, *slot = NULL, *order = NULL;
    wide *ws = NULL, *sol = NULL, *tal = NULL;
    char *live = NULL;
    int status = FAIL;
    if (!(fw = PySequence_Fast(weighed, "weighed must be a sequence")) ||
        !(fb = PySequence_Fast(boxes, "boxes must be a sequence")))
        goto done;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fw), nb = PySequence_Fast_GET_SIZE(fb);
    if (n == 0) {
        status = DECLINE; /* Python's max() of nothing: let it say so */
        goto done;
    }
    if (!(size = alloc(nb, sizeof(long))) || !(ks = alloc(n, sizeof(long))) || !(ws = alloc(n, sizeof(wide))) ||
        !(cs = alloc((size_t)n * nb, sizeof(long))) || !(live = alloc(nb, 1)))
        goto done;
    for (Py_ssize_t b = 0; b < nb; b++) {
        Py_ssize_t s = PyObject_Length(PySequence_Fast_GET_ITEM(fb, b));
        if (s < 0)
            goto done;
        if (s == 0) {
            status = DECLINE;
            goto done;
        }
        size[b] = (long)s;
    }
    long top = -1;
    for (Py_ssize_t r = 0; r < n; r++) {
        PyObject *item = PySequence_Fast_GET_ITEM(fw, r);
        if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) != 3 || !PyTuple_Check(PyTuple_GET_ITEM(item, 0)) ||
            PyTuple_GET_SIZE(PyTuple_GET_ITEM(item, 0)) != nb) {
            status = DECLINE;
            goto done;
        }
        PyObject *counts = PyTuple_GET_ITEM(item, 0);
        int got = small_int(PyTuple_GET_ITEM(item, 1), MOST_MINES, &ks[r]);
        if (got == OK)
            got = long_to_wide(PyTuple_GET_ITEM(item, 2), &ws[r]);
        for (Py_ssize_t b = 0; got == OK && b < nb; b++) {
            got = small_int(PyTuple_GET_ITEM(counts, b), MOST_MINES, &cs[r * nb + b]);
            live[b] |= cs[r * nb + b] != 0;
        }
        if (got != OK) {
            status = got;
            goto done;
        }
        if (ks[r] > top)
            top = ks[r];
    }
    /* Tables by number of mines, in the order the numbers first come up, as the Python dicts are. */
    Py_ssize_t found = 0;
    if (!(slot = alloc(top + 1, sizeof(long))) || !(order = alloc(top + 1, sizeof(long))) ||
        !(sol = alloc(top + 1, sizeof(wide))) || !(tal = alloc((size_t)(top + 1) * nb, sizeof(wide))))
        goto done;
    for (long k = 0; k <= top; k++)
        slot[k] = -1;
    for (Py_ssize_t r = 0; r < n; r++) {
        long k = ks[r];
        if (slot[k] < 0) {
            slot[k] = (long)found;
            order[found++] = k;
        }
        wide *row = tal + (size_t)slot[k] * nb;
        if (__builtin_add_overflow(sol[slot[k]], ws[r], &sol[slot[k]])) {
            status = DECLINE;
            goto done;
        }
        for (Py_ssize_t b = 0; b < nb; b++) {
            wide t;
            if (__builtin_mul_overflow(ws[r], (wide)cs[r * nb + b], &t) || __builtin_add_overflow(row[b], t, &row[b])) {
                status = DECLINE;
                goto done;
            }
        }
    }
    /* The same tables as the models listed in C give (weighing_of): one writer for both. */
    Acc acc = {.slot = slot, .order = order, .found = found, .top = top, .sol = sol, .tal = tal, .live = live};
    if ((result = weighing_of(&acc, size, nb)))
        status = OK;
done:
    Py_XDECREF(fw);
    Py_XDECREF(fb);
    PyMem_Free(size);
    PyMem_Free(ks);
    PyMem_Free(ws);
    PyMem_Free(cs);
    PyMem_Free(live);
    PyMem_Free(slot);
    PyMem_Free(order);
    PyMem_Free(sol);
    PyMem_Free(tal);
    if (status == DECLINE)
        return Py_NewRef(Py_NotImplemented);
    return status == OK ? result : NULL;
}

/* ------------------------------------------------------------------ leaf
 *
 * A look-ahead's last move asks, of a hypothetical position and one of its cells, only two counts per
 * number the cell could show: the layouts of the position after it and the layouts with a mine on its
 * safest cell (cnfsweep.search.merge.Split.counts).  leaf() answers every number at once: it splits the
 * touched parts' models as split_weigh does (the same Part rows, list_models and accumulate), and weighs
 * each need's merged table with the untouched parts' tables as cnfsweep.engine._weigh does (weigh_tabs),
 * without a Python object between.  The parts' tables and models are read into C once per part
 * (pack_table, pack_models): a look-ahead's positions share most of their parts.
 */

#define TABLE_CAPSULE "cnfsweep.search._merge.table"
#define MODELS_CAPSULE "cnfsweep.search._merge.models"

/* A part's count table as weigh_tabs reads it, and whether one of its boxes holds no mine in any layout. */
typedef struct {
    Tab tab;
    int safe;
} PackedTable;

/* A part's canonical models: n rows of nb mine counts, each within its box's size. */
typedef struct {
    Py_ssize_t nb, n;
    long *size;
    long *m;
} PackedModels;

static void
packed_table_free(PyObject *capsule)
{
    PackedTable *p = PyCapsule_GetPointer(capsule, TABLE_CAPSULE);
    if (p) {
        PyMem_Free(p->tab.poly);
        PyMem_Free(p->tab.keys);
        PyMem_Free(p->tab.tally);
        PyMem_Free(p);
    }
}

static void
packed_models_free(PyObject *capsule)
{
    PackedModels *p = PyCapsule_GetPointer(capsule, MODELS_CAPSULE);
    if (p) {
        PyMem_Free(p->size);
        PyMem_Free(p->m);
        PyMem_Free(p);
    }
}

static PyObject *
pack_table(PyObject *self, PyObject *args)
{
    PyObject *table;
    int safe;
    if (!PyArg_ParseTuple(args, "Op:pack_table", &table, &safe))
        return NULL;
    PackedTable *p = PyMem_Calloc(1, sizeof(PackedTable));
    if (!p)
        return PyErr_NoMemory();
    p->safe = safe;
    int got = read_table(&p->tab, table);
    PyObject *capsule = got ? NULL : PyCapsule_New(p, TABLE_CAPSULE, packed_table_free);
    if (!capsule) {
        PyMem_Free(p->tab.poly);
        PyMem_Free(p->tab.keys);
        PyMem_Free(p->tab.tally);
        PyMem_Free(p);
        if (got > 0)
            return Py_NewRef(Py_NotImplemented);
    }
    return capsule;
}

static PyObject *
pack_models(PyObject *self, PyObject *args)
{
    PyObject *models, *sizes;
    if (!PyArg_ParseTuple(args, "OO:pack_models", &models, &sizes))
        return NULL;
    PyObject *fm = PySequence_Fast(models, "models must be a sequence");
    PyObject *fs = fm ? PySequence_Fast(sizes, "sizes must be a sequence") : NULL;
    PackedModels *p = NULL;
    PyObject *capsule = NULL;
    int status = FAIL;
    if (!fs)
        goto done;
    if (!(p = PyMem_Calloc(1, sizeof(PackedModels)))) {
        PyErr_NoMemory();
        goto done;
    }
    p->nb = PySequence_Fast_GET_SIZE(fs);
    p->n = PySequence_Fast_GET_SIZE(fm);
    if (!(p->size = alloc(p->nb, sizeof(long))) || !(p->m = alloc((size_t)p->n * p->nb, sizeof(long))))
        goto done;
    for (Py_ssize_t b = 0; b < p->nb; b++) {
        /* plan_models declines a box past the binomial table: so does the leaf. */
        int got = small_int(PySequence_Fast_GET_ITEM(fs, b), binom_top, &p->size[b]);
        if (got != OK) {
            status = got;
            goto done;
        }
    }
    for (Py_ssize_t r = 0; r < p->n; r++) {
        PyObject *model = PySequence_Fast_GET_ITEM(fm, r);
        if (!PyTuple_Check(model) || PyTuple_GET_SIZE(model) != p->nb) {
            status = DECLINE;
            goto done;
        }
        for (Py_ssize_t b = 0; b < p->nb; b++) {
            int got = small_int(PyTuple_GET_ITEM(model, b), p->size[b], &p->m[r * p->nb + b]);
            if (got != OK) {
                status = got;
                goto done;
            }
        }
    }
    if ((capsule = PyCapsule_New(p, MODELS_CAPSULE, packed_models_free)))
        status = OK;
done:
    Py_XDECREF(fm);
    Py_XDECREF(fs);
    if (status != OK && p) {
        PyMem_Free(p->size);
        PyMem_Free(p->m);
        PyMem_Free(p);
    }
    if (status == DECLINE)
        return Py_NewRef(Py_NotImplemented);
    return status == OK ? capsule : NULL;
}

/* Read one touched part's packed models into a Part row plan, as split_boxes and plan_models read the
 * Python boxes and models: ``in[b]`` of box b's cells are seen by the number, and box ``holder`` holds
 * the revealed cell (-1: none). */
static int
plan_packed(Part *p, const PackedModels *pm, const long *in, Py_ssize_t holder)
{
    Py_ssize_t nb = pm->nb;
    p->kept = alloc(nb, sizeof(Py_ssize_t));
    p->kept_size = alloc(nb, sizeof(long));
    p->inside = alloc(nb, 1);
    p->split = alloc(nb, sizeof(Py_ssize_t));
    p->s_in = alloc(nb, sizeof(long));
    p->s_out = alloc(nb, sizeof(long));
    p->fixed = alloc((size_t)pm->n * nb, sizeof(long));
    p->need = alloc(pm->n, sizeof(long));
    p->mines = alloc(pm->n, sizeof(long));
    p->weight = alloc(pm->n, sizeof(wide));
    p->m = alloc((size_t)pm->n * nb, sizeof(long));
    if (!p->kept || !p->kept_size || !p->inside || !p->split || !p->s_in || !p->s_out || !p->fixed || !p->need ||
        !p->mines || !p->weight || !p->m)
        return FAIL;
    long room = 0;
    for (Py_ssize_t b = 0; b < nb; b++) {
        long rest = pm->size[b] - (b == holder) - in[b];
        if (rest < 0)
            return DECLINE; /* more seen cells than the box holds: not a position the Python code makes */
        if (b == holder)
            room = pm->size[b] - 1;
        if (in[b] && rest) {
            p->split[p->n_split] = b;
            p->s_in[p->n_split] = in[b];
            p->s_out[p->n_split] = rest;
            p->n_split++;
        } else if (in[b] || rest) {
            p->kept[p->n_kept] = b;
            p->kept_size[p->n_kept] = in[b] + rest;
            p->inside[p->n_kept] = in[b] > 0;
            p->n_kept++;
        }
    }
    p->choices = 0;
    for (Py_ssize_t r = 0; r < pm->n; r++) {
        const long *counts = pm->m + r * nb;
        if (holder >= 0 && counts[holder] > room)
            continue; /* the revealed cell would be a mine */
        long total = 0;
        for (Py_ssize_t b = 0; b < nb; b++)
            total += counts[b];
        if (add_row(p, counts, total) != OK)
            return DECLINE;
    }
    return OK;
}

/* The untouched parts' polynomials multiplied once a leaf, for all its needs: their product, and for each
 * the product of the others (weigh_tabs works both out again for every weighing, with the merged part). */
typedef struct {
    Py_ssize_t T, len;  /* tables; the length of their product */
    wide *all;          /* the product of them all */
    wide *others;       /* T rows of len places: the product of all but table i, len - tabs[i].len + 1 long */
} Kept;

static int
kept_products(const Tab *tabs, Py_ssize_t T, Kept *k)
{
    Py_ssize_t L = 1;
    for (Py_ssize_t i = 0; i < T; i++)
        L += tabs[i].len - 1;
    k->T = T;
    k->len = L;
    wide *prefix = alloc((size_t)L * (T + 1), sizeof(wide)), *suffix = alloc((size_t)L * (T + 1), sizeof(wide));
    Py_ssize_t *plen = alloc(2 * (T + 1), sizeof(Py_ssize_t));
    int status = FAIL;
    if (!prefix || !suffix || !plen || !(k->all = alloc(L, sizeof(wide))) ||
        !(k->others = alloc((size_t)L * T, sizeof(wide))))
        goto done;
    Py_ssize_t *slen = plen + T + 1;
    prefix[0] = 1;
    plen[0] = 1;
    status = DECLINE;
    for (Py_ssize_t i = 0; i < T; i++) {
        if (poly_mul(prefix + (size_t)L * i, plen[i], tabs[i].poly, tabs[i].len, prefix + (size_t)L * (i + 1)))
            goto done;
        plen[i + 1] = plen[i] + tabs[i].len - 1;
    }
    suffix[(size_t)L * T] = 1;
    slen[T] = 1;
    for (Py_ssize_t i = T - 1; i >= 0; i--) {
        if (poly_mul(suffix + (size_t)L * (i + 1), slen[i + 1], tabs[i].poly, tabs[i].len, suffix + (size_t)L * i))
            goto done;
        slen[i] = slen[i + 1] + tabs[i].len - 1;
    }
    memcpy(k->all, prefix + (size_t)L * T, sizeof(wide) * (size_t)L);
    for (Py_ssize_t i = 0; i < T; i++)
        if (poly_mul(prefix + (size_t)L * i, plen[i], suffix + (size_t)L * (i + 1), slen[i + 1],
                     k->others + (size_t)L * i))
            goto done;
    status = OK;
done:
    PyMem_Free(prefix);
    PyMem_Free(suffix);
    PyMem_Free(plen);
    return status;
}

/* The least box weight of one table (wide max where it has no box), given the product of the other tables'
 * polynomials, ``others`` (lo_len long), and the weights of the mines off the frontier; 1 on overflow. */
static int
least_of(const Tab *t, const wide *others, Py_ssize_t lo_len, const wide *weight, wide *rest, wide *least,
         wide *totals)
{
    for (Py_ssize_t row = 0; row < t->rows; row++)
        if (dot(others, weight + t->keys[row], lo_len, &rest[row]))
            return 1;
    for (Py_ssize_t b = 0; b < t->width; b++) {
        wide total = 0;
        for (Py_ssize_t row = 0; row < t->rows; row++) {
            wide p;
            if (__builtin_mul_overflow(rest[row], t->tally[row * t->width + b], &p) ||
                __builtin_add_overflow(total, p, &total))
                return 1;
        }
        if (total < *least)
            *least = total;
        if (totals)
            totals[b] = total;
    }
    return 0;
}

/* The vector W proportional to C(n, r) for r from r_lo to r_hi, as weigh_tabs builds it (one factor at a time,
 * divided by the gcd after each): 0, 1 past the integers, -1 on error.  The positions of one look-ahead share
 * their n, m and spans, and the 128-bit divisions were a quarter of the leaf's time: the last vectors are kept. */
#define SCALES 512
static struct {
    long n, r_lo, r_hi;
    wide *W;
} scales[SCALES];

static int
binomial_scale(long n, long r_lo, long r_hi, wide *W)
{
    Py_ssize_t span = r_hi - r_lo + 1;
    unsigned long long h = (unsigned long long)n * 0x9E3779B97F4A7C15ULL ^ (unsigned long long)r_lo * 0xC2B2AE3D27D4EB4FULL ^
                           (unsigned long long)r_hi * 0x165667B19E3779F9ULL;
    size_t slot = (size_t)((h ^ (h >> 29)) % SCALES);
    if (scales[slot].W && scales[slot].r_hi == r_hi && scales[slot].r_lo == r_lo && scales[slot].n == n) {
        memcpy(W, scales[slot].W, sizeof(wide) * (size_t)span);
        return 0;
    }
    /* weigh_tabs divides by the gcd after every factor, so that its vector is primitive at each step; the
     * primitive vector is the only one, so dividing only when a factor would not fit (then as weigh_tabs
     * would have it at that step, past the integers exactly where it is) and once at the end gives the same. */
    for (Py_ssize_t r = 0; r < span; r++)
        W[r] = 1;
    for (long j = r_lo + 1; j <= r_hi; j++) {
        int reduced = 0;
        for (Py_ssize_t r = 0; r < span; r++) {
            wide factor = (wide)(r_lo + r >= j ? n - j + 1 : j), p;
            if (!__builtin_mul_overflow(W[r], factor, &p)) {
                W[r] = p;
                continue;
            }
            if (reduced)
                return 1;
            /* Back to this step's primitive vector: the entries before r have this factor already, the rest not. */
            for (Py_ssize_t q = 0; q < r; q++) {
                wide f = (wide)(r_lo + q >= j ? n - j + 1 : j);
                W[q] /= f;
            }
            wide g = 0;
            for (Py_ssize_t q = 0; q < span; q++)
                g = gcd_wide(g, W[q]);
            for (Py_ssize_t q = 0; q < span; q++)
                W[q] /= g;
            reduced = 1;
            r = -1; /* the step again, from the first entry */
        }
    }
    wide g = 0;
    for (Py_ssize_t r = 0; r < span; r++)
        g = gcd_wide(g, W[r]);
    for (Py_ssize_t r = 0; r < span && g > 1; r++)
        W[r] /= g;
    /* Kept for next time (a slot holds the last vector hashed to it); without memory, only not kept. */
    wide *kept = PyMem_Realloc(scales[slot].W, sizeof(wide) * (size_t)span);
    if (kept) {
        memcpy(kept, W, sizeof(wide) * (size_t)span);
        scales[slot].W = kept;
        scales[slot].n = n;
        scales[slot].r_lo = r_lo;
        scales[slot].r_hi = r_hi;
    }
    return 0;
}

/* weigh_tabs on the untouched tables and the merged one (NULL: none), for the least weight alone: the same
 * scale (the same binomial vector over the same length), the same 0, 1 (past the integers) and 2 (no layout). */
static int
weigh_merged(const Kept *k, const Tab *tabs, const Tab *merged, long n, long m, wide *solutions, wide *least,
             wide *off, wide *top, long *r_top, wide *box_w)
{
    static const wide one = 1;
    const wide *M = merged ? merged->poly : &one;
    Py_ssize_t Lm = merged ? merged->len : 1, L = k->len + Lm - 1, most_rows = merged ? merged->rows : 0;
    for (Py_ssize_t i = 0; i < k->T; i++)
        if (tabs[i].rows > most_rows)
            most_rows = tabs[i].rows;
    wide *scratch = alloc((size_t)4 * L + most_rows, sizeof(wide));
    if (!scratch)
        return -1;
    wide *everything = scratch, *weight = everything + L, *W = weight + L, *others = W + L, *rest = others + L;
    int status = 1;
    if (poly_mul(k->all, k->len, M, Lm, everything))
        goto done;
    long r_lo = m - (long)(L - 1) > 0 ? m - (long)(L - 1) : 0, r_hi = m < n ? m : n;
    if (r_lo > r_hi) {
        status = 2;
        goto done;
    }
    int got = binomial_scale(n, r_lo, r_hi, W);
    if (got < 0) {
        status = -1;
        goto done;
    }
    if (got)
        goto done;
    for (Py_ssize_t x = 0; x < L; x++) {
        long r = m - (long)x;
        weight[x] = r >= r_lo && r <= r_hi ? W[r - r_lo] : 0;
    }
    *top = W[r_hi - r_lo];
    *r_top = r_hi;
    if (dot(everything, weight, L, solutions))
        goto done;
    if (*solutions == 0) {
        status = 2;
        goto done;
    }
    *least = *solutions;
    for (Py_ssize_t i = 0; i < k->T; i++) {
        Py_ssize_t lo_len = L - tabs[i].len + 1;
        if (poly_mul(k->others + (size_t)k->len * i, k->len - tabs[i].len + 1, M, Lm, others) ||
            least_of(&tabs[i], others, lo_len, weight, rest, least, box_w))
            goto done;
        if (box_w)
            box_w += tabs[i].width;
    }
    if (merged && least_of(merged, k->all, k->len, weight, rest, least, box_w))
        goto done;
    *off = 0;
    if (n > 0) {
        wide total = 0;
        for (Py_ssize_t x = 0; x < L; x++) {
            wide p, q;
            if (__builtin_mul_overflow(everything[x], weight[x], &p) ||
                __builtin_mul_overflow(p, (wide)(weight[x] ? m - (long)x : 0), &q) ||
                __builtin_add_overflow(total, q, &total))
                goto done;
        }
        *off = total;
    }
    status = 0;
done:
    PyMem_Free(scratch);
    return status;
}

/* The next move's blend (cnfsweep.search.ranking.safety_pair and living_safety_pair) after each number, worked
 * out from the weights weigh_merged gives every box: each covered cell's class in the position after the reveal
 * (a box of an untouched part, a box of the merged part, off the frontier, a certain mine or safe cell), then
 * the two fewest layouts with a mine on a cell that may still be clicked, of the living cells where asked. */
enum { CELL_NONE = -1, CELL_OFF = -2, CELL_MINE = -3, CELL_SAFE = -4 };

typedef struct {
    Py_ssize_t n_cells;
    const Py_ssize_t *nbr_at; /* n_cells + 1 offsets into nbr */
    const int *nbr;           /* every cell's neighbours, flat */
    int living;               /* leave plainly dead cells out (living_safety_pair), or not (safety_pair) */
    int *cls;                 /* per cell after the reveal: its box in weigh_merged's order, or a CELL_ code */
    Py_ssize_t nw;            /* boxes weighed: the untouched parts' then the merged part's */
} Blend;

/* The two fewest layouts with a mine on a cell worth guessing, on weigh's scale times max(n_off, 1): 0 where no
 * cell is left to click (both safeties 1), the scale's whole where the second (or the first) is missing.  0, or 1
 * past the integers, -1 without memory. */
static int
blend_pair(const Blend *bl, const wide *box_w, wide solutions, wide off, long n_off, wide *first, wide *second)
{
    wide unit = n_off > 0 ? (wide)n_off : 1, whole;
    if (__builtin_mul_overflow(solutions, unit, &whole))
        return 1;
    wide *w = alloc(bl->n_cells, sizeof(wide));
    char *mixed = alloc(bl->n_cells, 1);
    int status = -1;
    if (!w || !mixed)
        goto done;
    status = 1;
    for (Py_ssize_t i = 0; i < bl->n_cells; i++) {
        int c = bl->cls[i];
        mixed[i] = 0;
        if (c >= 0) {
            if (__builtin_mul_overflow(box_w[c], unit, &w[i]))
                goto done;
        } else if (c == CELL_OFF)
            w[i] = off;
        else if (c == CELL_SAFE)
            w[i] = 0;
        else {
            w[i] = whole; /* a certain mine, or not covered: never a guess */
            continue;
        }
        if (c != CELL_SAFE)
            mixed[i] = w[i] > 0 && w[i] < whole; /* number_range: only such a neighbour widens the range */
    }
    /* The two fewest over every cell that may be clicked, and over the living ones. */
    wide all[2] = {whole, whole}, live[2] = {whole, whole};
    int n_all = 0, n_live = 0;
    for (Py_ssize_t i = 0; i < bl->n_cells; i++) {
        wide x = w[i];
        if (x >= whole || bl->cls[i] == CELL_MINE || bl->cls[i] == CELL_NONE)
            continue;
        if (n_all < 2 || x < all[1]) {
            if (n_all == 0 || x < all[0]) {
                all[1] = all[0];
                all[0] = x;
            } else
                all[1] = x;
            n_all += n_all < 2;
        }
        if (!bl->living || !(n_live < 2 || x < live[1]))
            continue;
        /* A certain safe cell counts whatever it shows; another lives where a neighbour is unsettled. */
        int lives = x == 0;
        for (Py_ssize_t e = bl->nbr_at[i]; !lives && e < bl->nbr_at[i + 1]; e++)
            lives = mixed[bl->nbr[e]];
        if (!lives)
            continue;
        if (n_live == 0 || x < live[0]) {
            live[1] = live[0];
            live[0] = x;
        } else
            live[1] = x;
        n_live += n_live < 2;
    }
    const wide *pick = bl->living && n_live ? live : all;
    int found = bl->living && n_live ? n_live : n_all;
    *first = found ? pick[0] : 0;
    *second = found ? pick[1] : 0;
    status = 0;
done:
    PyMem_Free(w);
    PyMem_Free(mixed);
    return status;
}

/* One need's answer: None where no layout is left, else (solutions, least, least_off, top, r_top, safe), and with
 * a blend (first, second) of blend_pair after them. */
static int
weigh_need(const Acc *a, const long *size, Py_ssize_t width, Tab *tabs, const Kept *kept, int kept_safe,
           long n_off, long mines_left, const Blend *bl, PyObject **out)
{
    Py_ssize_t n_kept = kept->T;
    Tab *merged = &tabs[n_kept];
    memset(merged, 0, sizeof(Tab));
    int status = FAIL;
    int safe = kept_safe;
    wide *box_w = NULL; /* every box's weight, for the blend */
    if (width > 0) {
        /* The merged part's table, as weighing_of writes it for Part.table. */
        merged->len = a->top + 1;
        merged->rows = a->found;
        merged->width = width;
        if (!(merged->poly = alloc(merged->len, sizeof(wide))) || !(merged->keys = alloc(a->found, sizeof(long))) ||
            !(merged->tally = alloc((size_t)a->found * width, sizeof(wide))))
            goto done;
        for (long k = 0; k <= a->top; k++)
            merged->poly[k] = a->slot[k] < 0 ? 0 : a->sol[a->slot[k]];
        for (Py_ssize_t i = 0; i < a->found; i++) {
            merged->keys[i] = a->order[i];
            for (Py_ssize_t b = 0; b < width; b++)
                merged->tally[i * width + b] = a->tal[(size_t)i * width + b] / (wide)size[b];
        }
        for (Py_ssize_t b = 0; b < width; b++)
            safe |= !a->live[b];
    }
    wide solutions, off, top, least, first = 0, second = 0;
    long r_top;
    if (bl && !(box_w = alloc(bl->nw ? bl->nw : 1, sizeof(wide))))
        goto done;
    int got = weigh_merged(kept, tabs, width > 0 ? merged : NULL, n_off, mines_left, &solutions, &least, &off, &top,
                           &r_top, box_w);
    if (got < 0)
        goto done;
    if (got == 1) {
        status = DECLINE;
        goto done;
    }
    if (got == 2) {
        *out = Py_NewRef(Py_None);
        status = OK;
        goto done;
    }
    if (bl) {
        got = blend_pair(bl, box_w, solutions, off, n_off, &first, &second);
        if (got < 0)
            goto done;
        if (got) {
            status = DECLINE;
            goto done;
        }
    }
    /* least_weight: the fewest layouts with a mine on a box's cell, or (on the scale times n_off) off it. */
    int least_off = 0;
    if (n_off > 0) {
        wide scaled;
        least_off = __builtin_mul_overflow(least, (wide)n_off, &scaled) || off < scaled;
    }
    PyObject *n_obj = wide_to_long(solutions), *least_obj = wide_to_long(least_off ? off : least);
    PyObject *top_obj = wide_to_long(top);
    PyObject *first_obj = bl ? wide_to_long(first) : NULL, *second_obj = bl ? wide_to_long(second) : NULL;
    if (n_obj && least_obj && top_obj && (!bl || (first_obj && second_obj))) {
        if (bl)
            *out = Py_BuildValue("(NNONlONN)", n_obj, least_obj, least_off ? Py_True : Py_False, top_obj, r_top,
                                 safe ? Py_True : Py_False, first_obj, second_obj);
        else
            *out = Py_BuildValue("(NNONlO)", n_obj, least_obj, least_off ? Py_True : Py_False, top_obj, r_top,
                                 safe ? Py_True : Py_False);
        n_obj = least_obj = top_obj = first_obj = second_obj = NULL;
        status = *out ? OK : FAIL;
    }
    Py_XDECREF(n_obj);
    Py_XDECREF(least_obj);
    Py_XDECREF(top_obj);
    Py_XDECREF(first_obj);
    Py_XDECREF(second_obj);
done:
    PyMem_Free(box_w);
    PyMem_Free(merged->poly);
    PyMem_Free(merged->keys);
    PyMem_Free(merged->tally);
    return status;
}

/* What leaf_at passes for the blend: the cells' codes before the reveal (cell_codes), the revealed cell, its
 * neighbours, and the neighbour lists. */
typedef struct {
    Py_ssize_t n_cells, x;
    const int *codes;
    const char *near_x;
    const Py_ssize_t *nbr_at;
    const int *nbr;
    int living;
} BlendIn;

static PyObject *leaf_impl(PyObject *args, const BlendIn *bin);

static PyObject *
leaf(PyObject *self, PyObject *args)
{
    return leaf_impl(args, NULL);
}

/* Each cell's class after the reveal (Blend.cls), from its code before it and how the parts were split: an
 * untouched part's box keeps its place among the untouched tables' boxes; a touched part's box is one of the
 * merged part's whole boxes or halves (list_models' order: whole boxes, then seen and unseen halves), and an off
 * cell the revealed cell sees is one of the fresh cells.  DECLINE where a code does not fit. */
static int
blend_classes(const BlendIn *bin, Blend *bl, const Part *parts, Py_ssize_t np, const long *touched_k, Py_ssize_t T,
              const char *is_touched, PyObject *tables, long nf, Py_ssize_t width)
{
    Py_ssize_t *at = alloc(T + 1, sizeof(Py_ssize_t)), *q_of = alloc(T + 1, sizeof(Py_ssize_t));
    Py_ssize_t *base_kept = alloc(np + 1, sizeof(Py_ssize_t)), *base_split = alloc(np + 1, sizeof(Py_ssize_t));
    int status = FAIL;
    if (!at || !q_of || !base_kept || !base_split || !(bl->cls = alloc(bin->n_cells, sizeof(int))))
        goto done;
    status = DECLINE;
    Py_ssize_t nu = 0;
    for (Py_ssize_t k = 0; k < T; k++) {
        at[k] = nu;
        if (!is_touched[k]) {
            PackedTable *pt = PyCapsule_GetPointer(PyTuple_GET_ITEM(tables, k), TABLE_CAPSULE);
            if (!pt) {
                status = FAIL;
                goto done;
            }
            nu += pt->tab.width;
        }
    }
    at[T] = nu;
    Py_ssize_t kept_all = 0, split_all = 0;
    for (Py_ssize_t q = 0; q < np; q++) {
        q_of[touched_k[q]] = q;
        base_kept[q] = kept_all;
        base_split[q] = split_all;
        kept_all += parts[q].n_kept;
        split_all += parts[q].n_split;
    }
    bl->nw = nu + width;
    bl->n_cells = bin->n_cells;
    bl->nbr_at = bin->nbr_at;
    bl->nbr = bin->nbr;
    bl->living = bin->living;
    for (Py_ssize_t i = 0; i < bin->n_cells; i++) {
        int c = bin->codes[i], cls = CELL_NONE;
        if (i == bin->x)
            cls = CELL_NONE; /* revealed: no longer covered */
        else if (c >= 0) {
            long k = c >> 16, b = c & 0xffff;
            if (k >= T)
                goto done;
            if (!is_touched[k]) {
                if (b >= at[k + 1] - at[k])
                    goto done;
                cls = (int)(at[k] + b);
            } else {
                const Part *p = &parts[q_of[k]];
                Py_ssize_t j = -1;
                for (Py_ssize_t e = 0; e < p->n_kept && j < 0; e++)
                    if (p->kept[e] == b)
                        j = nu + base_kept[q_of[k]] + e;
                for (Py_ssize_t e = 0; e < p->n_split && j < 0; e++)
                    if (p->split[e] == b)
                        j = nu + kept_all + 2 * (base_split[q_of[k]] + e) + !bin->near_x[i];
                if (j < 0)
                    goto done;
                cls = (int)j;
            }
        } else if (c == CELL_OFF) {
            if (bin->near_x[i]) {
                if (nf < 0)
                    goto done;
                cls = (int)(nu + width - 1);
            } else
                cls = CELL_OFF;
        } else
            cls = c;
        bl->cls[i] = cls;
    }
    status = OK;
done:
    PyMem_Free(at);
    PyMem_Free(q_of);
    PyMem_Free(base_kept);
    PyMem_Free(base_split);
    return status;
}

static PyObject *
leaf_impl(PyObject *args, const BlendIn *bin)
{
    PyObject *tables, *touched, *models, *seen;
    long cell_k, cell_b, nf, n_off, mines_left, need_lo, need_hi;
    long long limit;
    if (!PyArg_ParseTuple(args, "O!O!O!llO!lllllL:leaf", &PyTuple_Type, &tables, &PyTuple_Type, &touched,
                          &PyTuple_Type, &models, &cell_k, &cell_b, &PyTuple_Type, &seen, &nf, &n_off, &mines_left,
                          &need_lo, &need_hi, &limit))
        return NULL;
    Py_ssize_t T = PyTuple_GET_SIZE(tables), np = PyTuple_GET_SIZE(touched), n_seen = PyTuple_GET_SIZE(seen) / 2;
    Part *parts = NULL;
    Acc *acc = NULL;
    Tab *tabs = NULL;
    char *is_touched = NULL;
    long *first = NULL, *size = NULL, *in = NULL, *seen_kb = NULL, most_need = 0;
    PyObject *result = NULL;
    Kept kept = {0, 0, NULL, NULL};
    Blend blend = {0};
    long *touched_k = NULL;
    int status = DECLINE;
    if (PyTuple_GET_SIZE(models) != np || PyTuple_GET_SIZE(seen) % 2 || nf == 0 || nf > binom_top || n_off < 0 ||
        mines_left < 0 || need_lo < 0 || need_hi < need_lo || limit < 0 || limit >= (long long)CAP)
        goto done;
    status = FAIL;
    if (!(parts = alloc(np, sizeof(Part))) || !(is_touched = alloc(T, 1)) || !(seen_kb = alloc(2 * n_seen, sizeof(long))) ||
        !(tabs = alloc(T + 1, sizeof(Tab))))
        goto done;
    for (Py_ssize_t i = 0; i < 2 * n_seen; i++) {
        seen_kb[i] = PyLong_AsLong(PyTuple_GET_ITEM(seen, i));
        if (seen_kb[i] == -1 && PyErr_Occurred())
            goto done;
    }
    long most_mines = nf > 0 ? nf : 0;
    most_need = most_mines;
    unsigned long long rows = nf >= 0 ? (unsigned long long)nf + 1 : 1;
    int none_empty = 1;
    for (Py_ssize_t q = 0; q < np; q++) {
        long k = PyLong_AsLong(PyTuple_GET_ITEM(touched, q));
        if (k == -1 && PyErr_Occurred())
            goto done;
        PackedModels *pm = PyCapsule_GetPointer(PyTuple_GET_ITEM(models, q), MODELS_CAPSULE);
        if (!pm)
            goto done;
        if (k < 0 || k >= T || is_touched[k]) {
            status = DECLINE;
            goto done;
        }
        is_touched[k] = 1;
        PyMem_Free(in);
        if (!(in = alloc(pm->nb, sizeof(long))))
            goto done;
        for (Py_ssize_t i = 0; i < n_seen; i++) {
            if (seen_kb[2 * i] == k) {
                if (seen_kb[2 * i + 1] < 0 || seen_kb[2 * i + 1] >= pm->nb) {
                    status = DECLINE;
                    goto done;
                }
                in[seen_kb[2 * i + 1]]++;
            }
        }
        Py_ssize_t holder = k == cell_k ? cell_b : -1;
        if (holder >= pm->nb) {
            status = DECLINE;
            goto done;
        }
        status = plan_packed(&parts[q], pm, in, holder);
        if (status != OK)
            goto done;
        status = FAIL;
        Part *p = &parts[q];
        for (Py_ssize_t i = 0; i < p->n_kept; i++) {
            most_need += p->inside[i] ? p->kept_size[i] : 0;
            most_mines += p->kept_size[i];
        }
        for (Py_ssize_t s = 0; s < p->n_split; s++) {
            most_need += p->s_in[s];
            most_mines += p->s_in[s] + p->s_out[s];
        }
        rows = capped_mul(rows, p->choices);
        none_empty &= p->n_rows > 0;
    }
    /* Every seen cell in a touched part, as Split.of makes sure (its parts are those of the cell and the seen). */
    for (Py_ssize_t i = 0; i < n_seen; i++) {
        if (seen_kb[2 * i] < 0 || seen_kb[2 * i] >= T || !is_touched[seen_kb[2 * i]]) {
            status = DECLINE;
            goto done;
        }
    }
    if (cell_k >= 0 && (cell_k >= T || !is_touched[cell_k])) {
        status = DECLINE;
        goto done;
    }
    /* Past the limit split_weigh gives up (the merge is then the engine's): so does the leaf. */
    if (none_empty && rows > (unsigned long long)limit) {
        result = Py_NewRef(Py_None);
        status = OK;
        goto done;
    }
    Py_ssize_t width = nf >= 0 ? 1 : 0;
    for (Py_ssize_t q = 0; q < np; q++)
        width += parts[q].n_kept + 2 * parts[q].n_split;
    if (!(size = alloc(width, sizeof(long))) || !(acc = alloc(most_need + 1, sizeof(Acc))) ||
        !(first = alloc(most_need + 1, sizeof(long))))
        goto done;
    /* The merged boxes' sizes in list_models' order: the whole boxes, the halves, the fresh cells. */
    Py_ssize_t at = 0;
    for (Py_ssize_t q = 0; q < np; q++)
        for (Py_ssize_t i = 0; i < parts[q].n_kept; i++)
            size[at++] = parts[q].kept_size[i];
    for (Py_ssize_t q = 0; q < np; q++)
        for (Py_ssize_t s = 0; s < parts[q].n_split; s++) {
            size[at++] = parts[q].s_in[s];
            size[at++] = parts[q].s_out[s];
        }
    if (nf >= 0)
        size[at++] = nf;
    Sink sink = {NULL, NULL, acc, most_mines, first, 0};
    status = list_models(parts, np, nf, &sink, width);
    if (status != OK)
        goto done;
    status = FAIL;
    /* The untouched parts' tables, in order, then room for the merged one. */
    Py_ssize_t n_kept = 0;
    int kept_safe = 0;
    for (Py_ssize_t k = 0; k < T; k++) {
        if (is_touched[k])
            continue;
        PackedTable *pt = PyCapsule_GetPointer(PyTuple_GET_ITEM(tables, k), TABLE_CAPSULE);
        if (!pt)
            goto done;
        tabs[n_kept++] = pt->tab;
        kept_safe |= pt->safe;
    }
    status = kept_products(tabs, n_kept, &kept);
    if (status != OK)
        goto done;
    status = FAIL;
    if (bin) {
        if (!(touched_k = alloc(np + 1, sizeof(long))))
            goto done;
        for (Py_ssize_t q = 0; q < np; q++)
            touched_k[q] = PyLong_AsLong(PyTuple_GET_ITEM(touched, q));
        status = blend_classes(bin, &blend, parts, np, touched_k, T, is_touched, tables, nf, width);
        if (status != OK)
            goto done;
        status = FAIL;
    }
    if (!(result = PyTuple_New(need_hi - need_lo + 1)))
        goto done;
    for (long need = need_lo; need <= need_hi; need++) {
        PyObject *entry = NULL;
        if (need > most_need || !acc[need].slot)
            entry = Py_NewRef(Py_None);
        else {
            status = weigh_need(&acc[need], size, width, tabs, &kept, kept_safe, n_off, mines_left, bin ? &blend : NULL,
                                &entry);
            if (status != OK)
                goto done;
            status = FAIL;
        }
        PyTuple_SET_ITEM(result, need - need_lo, entry);
    }
    status = OK;
done:
    free_accs(acc, most_need);
    PyMem_Free(first);
    PyMem_Free(size);
    PyMem_Free(in);
    PyMem_Free(seen_kb);
    PyMem_Free(is_touched);
    PyMem_Free(tabs);
    PyMem_Free(kept.all);
    PyMem_Free(kept.others);
    PyMem_Free(blend.cls);
    PyMem_Free(touched_k);
    for (Py_ssize_t q = 0; parts && q < np; q++)
        free_part(&parts[q]);
    PyMem_Free(parts);
    if (status != OK) {
        Py_CLEAR(result);
        if (status == DECLINE)
            return Py_NewRef(Py_NotImplemented);
        return NULL;
    }
    return result;
}


/* leaf_at: leaf() on a snapshot's own objects, and its answer brought back to layouts, as
 * cnfsweep.search.merge.leaf_counts spells out in Python: the cell's neighbours read (the parts they touch,
 * the boxes seen, the cells new to the frontier, the certain mines, number_range's bounds), the touched parts'
 * packed models fetched, leaf() called, and each number's counts scaled back with C(n_off, r_top) / top.
 * None where leaf declines or a scale does not divide: the caller goes the Python way then. */
static PyObject *s_packed_models;

/* Every cell's neighbours, flat, read from a topology's tables once (a game asks of one board only): the tuple
 * read is held, so that the same object is the same board. */
static struct {
    PyObject *around;
    Py_ssize_t n_cells;
    Py_ssize_t *at;
    int *nbr;
} nbr_cache;

static int
read_around(PyObject *around)
{
    if (nbr_cache.around == around)
        return OK;
    if (!PyTuple_Check(around))
        return DECLINE;
    Py_ssize_t n_cells = PyTuple_GET_SIZE(around), total = 0;
    for (Py_ssize_t i = 0; i < n_cells; i++) {
        PyObject *row = PyTuple_GET_ITEM(around, i);
        if (!PyTuple_Check(row))
            return DECLINE;
        total += PyTuple_GET_SIZE(row);
    }
    Py_ssize_t *at = alloc(n_cells + 1, sizeof(Py_ssize_t));
    int *nbr = alloc(total + 1, sizeof(int));
    if (!at || !nbr) {
        PyMem_Free(at);
        PyMem_Free(nbr);
        return FAIL;
    }
    Py_ssize_t e = 0;
    for (Py_ssize_t i = 0; i < n_cells; i++) {
        PyObject *row = PyTuple_GET_ITEM(around, i);
        at[i] = e;
        for (Py_ssize_t j = 0; j < PyTuple_GET_SIZE(row); j++) {
            long v = PyLong_AsLong(PyTuple_GET_ITEM(row, j));
            if (v < 0 || v >= n_cells) {
                PyMem_Free(at);
                PyMem_Free(nbr);
                return PyErr_Occurred() ? FAIL : DECLINE;
            }
            nbr[e++] = (int)v;
        }
    }
    at[n_cells] = e;
    PyMem_Free(nbr_cache.at);
    PyMem_Free(nbr_cache.nbr);
    Py_XSETREF(nbr_cache.around, Py_NewRef(around));
    nbr_cache.n_cells = n_cells;
    nbr_cache.at = at;
    nbr_cache.nbr = nbr;
    return OK;
}

/* cell_codes: what each cell of a snapshot is before a reveal, for leaf_at's blend, as bytes of native ints: a
 * frontier cell's part and box (part << 16 | box), or CELL_OFF, CELL_MINE, CELL_SAFE, CELL_NONE (not covered). */
static int
put_code(int *codes, Py_ssize_t n_cells, long cols, PyObject *cell, int code)
{
    if (!PyTuple_Check(cell) || PyTuple_GET_SIZE(cell) != 2)
        return DECLINE;
    long r = PyLong_AsLong(PyTuple_GET_ITEM(cell, 0)), c = PyLong_AsLong(PyTuple_GET_ITEM(cell, 1));
    if (PyErr_Occurred())
        return FAIL;
    if (r < 0 || c < 0 || c >= cols || r * cols + c >= n_cells)
        return DECLINE;
    codes[r * cols + c] = code;
    return OK;
}

static PyObject *
cell_codes(PyObject *self, PyObject *args)
{
    Py_ssize_t n_cells;
    long cols;
    PyObject *box_of, *sets[3];
    if (!PyArg_ParseTuple(args, "nlO!OOO:cell_codes", &n_cells, &cols, &PyDict_Type, &box_of, &sets[0], &sets[1],
                          &sets[2]))
        return NULL;
    if (n_cells < 0 || cols <= 0)
        Py_RETURN_NONE;
    PyObject *out = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)sizeof(int) * (n_cells ? n_cells : 1));
    if (!out)
        return NULL;
    int *codes = (int *)PyBytes_AS_STRING(out);
    for (Py_ssize_t i = 0; i < n_cells; i++)
        codes[i] = CELL_NONE;
    Py_ssize_t pos = 0;
    PyObject *key, *value;
    int status = OK;
    while (status == OK && PyDict_Next(box_of, &pos, &key, &value)) {
        if (!PyTuple_Check(value) || PyTuple_GET_SIZE(value) != 2) {
            status = DECLINE;
            break;
        }
        long k = PyLong_AsLong(PyTuple_GET_ITEM(value, 0)), b = PyLong_AsLong(PyTuple_GET_ITEM(value, 1));
        if (PyErr_Occurred()) {
            status = FAIL;
            break;
        }
        if (k < 0 || b < 0 || k >= 1 << 14 || b >= 1 << 16) {
            status = DECLINE;
            break;
        }
        status = put_code(codes, n_cells, cols, key, (int)(k << 16 | b));
    }
    static const int code_of[3] = {CELL_OFF, CELL_MINE, CELL_SAFE};
    for (int s = 0; s < 3 && status == OK; s++) {
        PyObject *it = PyObject_GetIter(sets[s]), *c;
        if (!it) {
            status = FAIL;
            break;
        }
        while (status == OK && (c = PyIter_Next(it))) {
            status = put_code(codes, n_cells, cols, c, code_of[s]);
            Py_DECREF(c);
        }
        Py_DECREF(it);
        if (status == OK && PyErr_Occurred())
            status = FAIL;
    }
    if (status != OK) {
        Py_DECREF(out);
        if (status == FAIL)
            return NULL;
        Py_RETURN_NONE;
    }
    return out;
}

static PyObject *
leaf_at(PyObject *self, PyObject *args)
{
    PyObject *cell, *cells, *near, *box_of, *off, *known_mines, *weights, *off_weight, *n, *parts, *packed, *comb;
    PyObject *around = NULL, *codes = NULL;
    Py_ssize_t index;
    long mines_left;
    int safe_left, living = -1;
    long long limit;
    if (!PyArg_ParseTuple(args, "OnO!O!O!OOO!OOO!O!lpOL|OOi:leaf_at", &cell, &index, &PyTuple_Type, &cells,
                          &PyTuple_Type, &near, &PyDict_Type, &box_of, &off, &known_mines, &PyTuple_Type, &weights,
                          &off_weight, &n, &PyTuple_Type, &parts, &PyTuple_Type, &packed, &mines_left, &safe_left,
                          &comb, &limit, &around, &codes, &living))
        return NULL;
    /* With the blend asked (living 0 or 1): the neighbour lists and the cells' codes, of as many cells. */
    BlendIn bin = {0};
    char *near_x = NULL;
    if (living >= 0) {
        if (!around || !codes || !PyBytes_Check(codes))
            Py_RETURN_NONE;
        int got = read_around(around);
        if (got == FAIL)
            return NULL;
        if (got != OK || PyBytes_GET_SIZE(codes) != (Py_ssize_t)sizeof(int) * nbr_cache.n_cells ||
            nbr_cache.n_cells != PyTuple_GET_SIZE(cells) || index < 0 || index >= nbr_cache.n_cells)
            Py_RETURN_NONE;
        if (!(near_x = PyMem_Calloc((size_t)nbr_cache.n_cells, 1)))
            return PyErr_NoMemory();
        bin.n_cells = nbr_cache.n_cells;
        bin.x = index;
        bin.codes = (const int *)PyBytes_AS_STRING(codes);
        bin.near_x = near_x;
        bin.nbr_at = nbr_cache.at;
        bin.nbr = nbr_cache.nbr;
        bin.living = living > 0;
    }
    if (!s_packed_models && !(s_packed_models = PyUnicode_InternFromString("packed_models"))) {
        PyMem_Free(near_x);
        return NULL;
    }
    Py_ssize_t T = PyTuple_GET_SIZE(parts), n_near = PyTuple_GET_SIZE(near);
    if (!PyAnySet_Check(off) || !PyAnySet_Check(known_mines) || PyTuple_GET_SIZE(packed) != T ||
        PyTuple_GET_SIZE(weights) != T) {
        PyMem_Free(near_x);
        Py_RETURN_NONE;
    }
    long low = 0, high = 0, mines_near = 0, fresh = 0;
    long *seen = PyMem_Calloc((size_t)(2 * n_near + 1), sizeof(long));
    char *touched = PyMem_Calloc((size_t)(T + 1), 1);
    PyObject *touched_t = NULL, *models_t = NULL, *seen_t = NULL, *call = NULL, *found = NULL, *result = NULL;
    PyObject *entries = NULL, *n_off_obj = NULL;
    Py_ssize_t n_seen = 0;
    if (!seen || !touched) {
        PyErr_NoMemory();
        goto done;
    }
    long hk = -1, hb = -1;
    PyObject *home = PyDict_GetItemWithError(box_of, cell);
    if (!home && PyErr_Occurred())
        goto done;
    if (home) {
        if (!PyTuple_Check(home) || PyTuple_GET_SIZE(home) != 2)
            goto decline;
        hk = PyLong_AsLong(PyTuple_GET_ITEM(home, 0));
        hb = PyLong_AsLong(PyTuple_GET_ITEM(home, 1));
        if (PyErr_Occurred())
            goto done;
        if (hk < 0 || hk >= T)
            goto decline;
        touched[hk] = 1;
    }
    for (Py_ssize_t i = 0; i < n_near; i++) {
        Py_ssize_t j = PyLong_AsSsize_t(PyTuple_GET_ITEM(near, i));
        if (j == -1 && PyErr_Occurred())
            goto done;
        if (j == index)
            goto decline; /* a cell among its own neighbours: left to the general way */
        if (j < 0 || j >= PyTuple_GET_SIZE(cells))
            goto decline;
        if (near_x)
            near_x[j] = 1;
        PyObject *c = PyTuple_GET_ITEM(cells, j), *x;
        PyObject *box = PyDict_GetItemWithError(box_of, c);
        if (!box && PyErr_Occurred())
            goto done;
        if (box) {
            if (!PyTuple_Check(box) || PyTuple_GET_SIZE(box) != 2)
                goto decline;
            long k = PyLong_AsLong(PyTuple_GET_ITEM(box, 0)), b = PyLong_AsLong(PyTuple_GET_ITEM(box, 1));
            if (PyErr_Occurred())
                goto done;
            if (k < 0 || k >= T || b < 0 || !PyTuple_Check(PyTuple_GET_ITEM(weights, k)) ||
                b >= PyTuple_GET_SIZE(PyTuple_GET_ITEM(weights, k)))
                goto decline;
            seen[2 * n_seen] = k;
            seen[2 * n_seen + 1] = b;
            n_seen++;
            touched[k] = 1;
            x = PyTuple_GET_ITEM(PyTuple_GET_ITEM(weights, k), b);
        } else {
            int in_off = PySet_Contains(off, c);
            if (in_off < 0)
                goto done;
            if (in_off) {
                fresh++;
                x = off_weight;
            } else {
                int mine = PySet_Contains(known_mines, c);
                if (mine < 0)
                    goto done;
                if (mine) {
                    mines_near++;
                    low++;
                    high++;
                }
                continue;
            }
        }
        /* number_range: a neighbour that is a mine in every layout adds to the low end, one in any to the high. */
        int all = PyObject_RichCompareBool(x, n, Py_EQ), any = PyObject_IsTrue(x);
        if (all < 0 || any < 0)
            goto done;
        low += all;
        high += any;
    }
    Py_ssize_t np = 0;
    for (Py_ssize_t k = 0; k < T; k++)
        np += touched[k];
    if (!(touched_t = PyTuple_New(np)) || !(models_t = PyTuple_New(np)) || !(seen_t = PyTuple_New(2 * n_seen)))
        goto done;
    for (Py_ssize_t k = 0, q = 0; k < T; k++) {
        if (!touched[k])
            continue;
        PyObject *m = PyObject_GetAttr(PyTuple_GET_ITEM(parts, k), s_packed_models);
        if (!m)
            goto done;
        if (m == Py_None) {
            Py_DECREF(m);
            goto decline;
        }
        PyTuple_SET_ITEM(models_t, q, m);
        PyObject *kk = PyLong_FromSsize_t(k);
        if (!kk)
            goto done;
        PyTuple_SET_ITEM(touched_t, q, kk);
        q++;
    }
    for (Py_ssize_t i = 0; i < 2 * n_seen; i++) {
        PyObject *v = PyLong_FromLong(seen[i]);
        if (!v)
            goto done;
        PyTuple_SET_ITEM(seen_t, i, v);
    }
    int in_off = home ? 0 : PySet_Contains(off, cell);
    if (in_off < 0)
        goto done;
    long n_off = (long)PySet_GET_SIZE(off) - fresh - in_off;
    call = Py_BuildValue("(OOOllOllllLL)", packed, touched_t, models_t, hk, hb, seen_t, fresh ? fresh : -1L, n_off,
                         mines_left, low - mines_near, high - mines_near, limit);
    if (!call)
        goto done;
    found = leaf_impl(call, near_x ? &bin : NULL);
    if (!found)
        goto done;
    if (found == Py_None || found == Py_NotImplemented)
        goto decline;
    Py_ssize_t count = PyTuple_GET_SIZE(found);
    if (!(entries = PyTuple_New(count)))
        goto done;
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *entry = PyTuple_GET_ITEM(found, i), *pair = NULL;
        if (entry == Py_None) {
            pair = near_x ? Py_BuildValue("(iiii)", 0, 0, 0, 0) : Py_BuildValue("(ii)", 0, 0);
        } else {
            /* (solutions, least, least_off, top, r_top, safe) on weigh's scale; the layouts are C(n_off, r_top) / top
             * times as many, an exact division as cnfsweep.engine.counting.least_weight checks. */
            PyObject *scaled = PyTuple_GET_ITEM(entry, 0), *least = PyTuple_GET_ITEM(entry, 1);
            int least_off = PyTuple_GET_ITEM(entry, 2) == Py_True, safe = PyTuple_GET_ITEM(entry, 5) == Py_True;
            PyObject *whole = PyObject_CallFunction(comb, "lO", n_off, PyTuple_GET_ITEM(entry, 4));
            PyObject *qr = whole ? PyNumber_Divmod(whole, PyTuple_GET_ITEM(entry, 3)) : NULL;
            Py_XDECREF(whole);
            if (!qr)
                goto done;
            int exact = PyObject_Not(PyTuple_GET_ITEM(qr, 1));
            if (exact <= 0) {
                Py_DECREF(qr);
                if (exact < 0)
                    goto done;
                goto decline;
            }
            PyObject *factor = PyTuple_GET_ITEM(qr, 0);
            PyObject *total = PyNumber_Multiply(scaled, factor), *fails = NULL;
            if (total && !(safe || safe_left)) {
                PyObject *times = PyNumber_Multiply(least, factor);
                if (times && least_off) {
                    if (!n_off_obj)
                        n_off_obj = PyLong_FromLong(n_off);
                    fails = n_off_obj ? PyNumber_FloorDivide(times, n_off_obj) : NULL;
                    Py_DECREF(times);
                } else
                    fails = times;
                if (fails) {
                    int same = PyObject_RichCompareBool(fails, total, Py_EQ);
                    if (same < 0)
                        Py_CLEAR(fails);
                    else if (same)
                        Py_SETREF(fails, PyLong_FromLong(0));
                }
            } else if (total)
                fails = PyLong_FromLong(0);
            /* With the blend, its two counts on weigh's scale times max(n_off, 1): back to layouts. */
            PyObject *two[2] = {NULL, NULL};
            if (near_x && total && fails) {
                PyObject *unit = PyLong_FromLong(n_off > 0 ? n_off : 1);
                for (int t = 0; t < 2 && unit; t++) {
                    PyObject *times = PyNumber_Multiply(PyTuple_GET_ITEM(entry, 6 + t), factor);
                    two[t] = times ? PyNumber_FloorDivide(times, unit) : NULL;
                    Py_XDECREF(times);
                    if (!two[t])
                        break;
                }
                Py_XDECREF(unit);
            }
            Py_DECREF(qr); /* factor was borrowed from it */
            if (!total || !fails || (near_x && (!two[0] || !two[1]))) {
                Py_XDECREF(total);
                Py_XDECREF(fails);
                Py_XDECREF(two[0]);
                Py_XDECREF(two[1]);
                goto done;
            }
            pair = near_x ? PyTuple_Pack(4, total, fails, two[0], two[1]) : PyTuple_Pack(2, total, fails);
            Py_DECREF(total);
            Py_DECREF(fails);
            Py_XDECREF(two[0]);
            Py_XDECREF(two[1]);
        }
        if (!pair)
            goto done;
        PyTuple_SET_ITEM(entries, i, pair);
    }
    result = Py_BuildValue("(lO)", low, entries);
    goto done;
decline:
    result = Py_NewRef(Py_None);
done:
    PyMem_Free(seen);
    PyMem_Free(touched);
    Py_XDECREF(touched_t);
    Py_XDECREF(models_t);
    Py_XDECREF(seen_t);
    Py_XDECREF(call);
    Py_XDECREF(found);
    Py_XDECREF(entries);
    Py_XDECREF(n_off_obj);
    PyMem_Free(near_x);
    return result;
}


/* open_counts: cnfsweep.search.ranking.candidates' neighbours left to open, for each of the cells given: a
 * neighbour certainly safe, in a box that is not a mine in every layout, or (off_open) off the frontier. */
static PyObject *
open_counts(PyObject *self, PyObject *args)
{
    PyObject *given, *around, *cells, *known_safe, *box_of, *boxes, *n, *off;
    int off_open;
    if (!PyArg_ParseTuple(args, "O!O!O!OO!O!OOp:open_counts", &PyList_Type, &given, &PyTuple_Type, &around,
                          &PyTuple_Type, &cells, &known_safe, &PyDict_Type, &box_of, &PyTuple_Type, &boxes, &n, &off,
                          &off_open))
        return NULL;
    if (!PyAnySet_Check(known_safe) || !PyAnySet_Check(off))
        Py_RETURN_NOTIMPLEMENTED;
    Py_ssize_t n_cells = PyTuple_GET_SIZE(cells);
    if (!n_cells || PyTuple_GET_SIZE(around) != n_cells)
        Py_RETURN_NOTIMPLEMENTED;
    /* The tables' index of a cell: row-major, as ShapeTables.index has it. */
    PyObject *last = PyTuple_GET_ITEM(cells, n_cells - 1);
    if (!PyTuple_Check(last) || PyTuple_GET_SIZE(last) != 2)
        Py_RETURN_NOTIMPLEMENTED;
    long cols = PyLong_AsLong(PyTuple_GET_ITEM(last, 1));
    if (cols == -1 && PyErr_Occurred())
        return NULL;
    cols += 1;
    Py_ssize_t count = PyList_GET_SIZE(given);
    PyObject *out = PyList_New(count);
    if (!out)
        return NULL;
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *c = PyList_GET_ITEM(given, i);
        if (!PyTuple_Check(c) || PyTuple_GET_SIZE(c) != 2)
            goto decline;
        long r = PyLong_AsLong(PyTuple_GET_ITEM(c, 0)), k = PyLong_AsLong(PyTuple_GET_ITEM(c, 1));
        if (PyErr_Occurred())
            goto fail;
        long at = r * cols + k;
        if (r < 0 || k < 0 || at >= n_cells)
            goto decline;
        PyObject *near = PyTuple_GET_ITEM(around, at);
        if (!PyTuple_Check(near))
            goto decline;
        long open = 0;
        for (Py_ssize_t e = 0; e < PyTuple_GET_SIZE(near); e++) {
            Py_ssize_t j = PyLong_AsSsize_t(PyTuple_GET_ITEM(near, e));
            if (j == -1 && PyErr_Occurred())
                goto fail;
            if (j < 0 || j >= n_cells)
                goto decline;
            PyObject *nb = PyTuple_GET_ITEM(cells, j);
            int safe = PySet_Contains(known_safe, nb);
            if (safe < 0)
                goto fail;
            if (safe) {
                open++;
                continue;
            }
            PyObject *found = PyDict_GetItemWithError(box_of, nb);
            if (!found && PyErr_Occurred())
                goto fail;
            if (found) {
                if (!PyTuple_Check(found) || PyTuple_GET_SIZE(found) != 2)
                    goto decline;
                Py_ssize_t pk = PyLong_AsSsize_t(PyTuple_GET_ITEM(found, 0)), pb = PyLong_AsSsize_t(PyTuple_GET_ITEM(found, 1));
                if (PyErr_Occurred())
                    goto fail;
                if (pk < 0 || pk >= PyTuple_GET_SIZE(boxes) || !PyTuple_Check(PyTuple_GET_ITEM(boxes, pk)) || pb < 0 ||
                    pb >= PyTuple_GET_SIZE(PyTuple_GET_ITEM(boxes, pk)))
                    goto decline;
                int below = PyObject_RichCompareBool(PyTuple_GET_ITEM(PyTuple_GET_ITEM(boxes, pk), pb), n, Py_LT);
                if (below < 0)
                    goto fail;
                open += below;
            } else if (off_open) {
                int in_off = PySet_Contains(off, nb);
                if (in_off < 0)
                    goto fail;
                open += in_off;
            }
        }
        PyObject *v = PyLong_FromLong(open);
        if (!v)
            goto fail;
        PyList_SET_ITEM(out, i, v);
    }
    return out;
decline:
    Py_DECREF(out);
    Py_RETURN_NOTIMPLEMENTED;
fail:
    Py_DECREF(out);
    return NULL;
}

/* ------------------------------------------------------------------ module */

static PyObject *
wide_bits(PyObject *self, PyObject *unused)
{
    return PyLong_FromLong((long)(sizeof(wide) * CHAR_BIT));
}

static PyMethodDef methods[] = {
    {"split_models", split_models, METH_VARARGS,
     "split_models(boxes, models, cell, seen, fresh, limit)\n--\n\n"
     "Return what cnfsweep.search.splitting.split_python returns, or NotImplemented where it cannot promise it."},
    {"split_weigh", split_weigh, METH_VARARGS,
     "split_weigh(boxes, models, cell, seen, fresh, limit)\n--\n\n"
     "Return split_models' boxes and, per need, weigh_models of its models (without listing them);\n"
     "None past the limit, or NotImplemented."},
    {"weigh_models", weigh_models, METH_VARARGS,
     "weigh_models(weighed, boxes)\n--\n\n"
     "Return a merged part's (solutions, tallies, polynomial, has_safe_box), or NotImplemented."},
    {"pack_table", pack_table, METH_VARARGS,
     "pack_table(table, safe)\n--\n\n"
     "Return a part's count table read into C once (a capsule for leaf), or NotImplemented."},
    {"pack_models", pack_models, METH_VARARGS,
     "pack_models(models, sizes)\n--\n\n"
     "Return a part's models read into C once (a capsule for leaf), or NotImplemented."},
    {"leaf", leaf, METH_VARARGS,
     "leaf(tables, touched, models, cell_part, cell_box, seen, fresh, n_off, mines_left, need_low, need_high, limit)\n"
     "--\n\n"
     "Return, per need from need_low to need_high, what a reveal leaves on the scale of weigh:\n"
     "None (no layout) or (solutions, least, least_off, top, r_top, safe); None past the limit, or NotImplemented."},
    {"cell_codes", cell_codes, METH_VARARGS,
     "cell_codes(n_cells, cols, box_of, off, known_mines, known_safe)\n"
     "Return each cell's code before a reveal (bytes of native ints) for leaf_at's blend, or None."},
    {"leaf_at", leaf_at, METH_VARARGS,
     "leaf_at(cell, index, cells, near, box_of, off, known_mines, weights, off_weight, n, parts, packed, mines_left,\n"
     "        safe_left, comb, limit, around=None, codes=None, living=-1)\n--\n\n"
     "Return cnfsweep.search.merge.leaf_counts' answer from a snapshot's objects, or None where it goes the Python way.\n"
     "With living 0 or 1 (and the topology's around and cell_codes' codes), each number's entry has two more counts:\n"
     "the layouts with a mine on the best and second-best cell to guess after it (safety_pair, or\n"
     "living_safety_pair with living 1), as cnfsweep.search.merge.leaf_blend spells out."},
    {"open_counts", open_counts, METH_VARARGS,
     "open_counts(given, around, cells, known_safe, box_of, boxes, n, off, off_open)\n--\n\n"
     "Return, for each cell given, cnfsweep.search.ranking.candidates' neighbours left to open, or NotImplemented."},
    {"wide_bits", wide_bits, METH_NOARGS,
     "wide_bits()\n--\n\nReturn the bits of the integers that hold layout counts (128, or 64 without __int128)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "cnfsweep.search._merge",
    "The look-ahead's model work in C (see cnfsweep.search.splitting).", -1, methods,
};

PyMODINIT_FUNC
PyInit__merge(void)
{
    init_binom();
    for (long v = 0; v < SMALL; v++) {
        if (!small_ints[v] && !(small_ints[v] = PyLong_FromLong(v)))
            return NULL;
    }
    return PyModule_Create(&module);
}
