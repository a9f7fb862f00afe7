/* What the C kernels share: checked 128-bit counts, a table of binomials, and a count as a Python int.
 *
 * Every kernel counts layouts in `wide` integers and checks every sum and product
 * (__builtin_add_overflow, __builtin_mul_overflow); where a count would not fit it hands
 * the call back to Python. Included by engine/_boxsearch.c and search/_merge.c: each gets
 * its own copy of these static definitions.
 */

#ifndef CNFSWEEP_WIDE_H
#define CNFSWEEP_WIDE_H

#include <Python.h>
#include <limits.h>

#if !defined(__GNUC__) && !defined(__clang__)
#error "the kernel needs __builtin_add_overflow and __builtin_mul_overflow (GCC or Clang)"
#endif

#ifdef __SIZEOF_INT128__
typedef unsigned __int128 wide;
#else
typedef unsigned long long wide;
#endif

/* C(n, k) for n up to binom_top, the last row that fits in full. */
#define MAX_N 132
static wide binom[MAX_N + 1][MAX_N + 1];
static long binom_top = -1;

static inline void /* inline: a kernel that needs no binomials says nothing of it */
init_binom(void)
{
    for (int n = 0; n <= MAX_N; n++) {
        binom[n][0] = binom[n][n] = 1;
        for (int k = 1; k < n; k++) {
            if (__builtin_add_overflow(binom[n - 1][k - 1], binom[n - 1][k], &binom[n][k]))
                return;
        }
        binom_top = n;
    }
}

static PyObject *
wide_to_long(wide v)
{
    if (v <= ULLONG_MAX)
        return PyLong_FromUnsignedLongLong((unsigned long long)v);
#ifdef __SIZEOF_INT128__
    PyObject *hi = PyLong_FromUnsignedLongLong((unsigned long long)(v >> 64));
    PyObject *lo = PyLong_FromUnsignedLongLong((unsigned long long)v);
    PyObject *shift = PyLong_FromLong(64);
    PyObject *up = NULL, *out = NULL;
    if (hi && lo && shift && (up = PyNumber_Lshift(hi, shift)))
        out = PyNumber_Or(up, lo);
    Py_XDECREF(hi);
    Py_XDECREF(lo);
    Py_XDECREF(shift);
    Py_XDECREF(up);
    return out;
#else
    return NULL; /* unreachable: v fits */
#endif
}

#endif
