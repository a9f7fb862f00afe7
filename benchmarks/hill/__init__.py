"""David Hill's solver, built outside this repository from a copy of his, and our harness that plays it.

`benchmarks.hill.build` extracts and compiles it (``python -m benchmarks hill-build``);
``python -m benchmarks hill-paired`` plays it beside a cnfsweep policy.
"""
