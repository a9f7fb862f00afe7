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
        Py_ssize_t row = p->n_rows++;
        long need = 0;
        wide weight = 1;
        for (Py_ssize_t i = 0; i < p->n_kept; i++) {
            long c = counts[p->kept[i]];
            p->fixed[row * p->n_kept + i] = c;
            if (p->inside[i])
                need += c;
            if (c > p->kept_size[i] || __builtin_mul_overflow(weight, binom[p->kept_size[i]][c], &weight)) {
                status = DECLINE;
                goto done;
            }
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
    for (Py_ssize_t i = 0; acc && i <= most_need; i++) {
        PyMem_Free(acc[i].slot);
        PyMem_Free(acc[i].order);
        PyMem_Free(acc[i].sol);
        PyMem_Free(acc[i].tal);
        PyMem_Free(acc[i].live);
    }
    PyMem_Free(acc);
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
