"""What every benchmark shares: corpora, statistics, the progress bar and the result files.

- `corpora`: seeded positions (guess points and halfway positions from real play, large random boards,
  ms-toollib's hard board, circuit reductions), cached under ``benchmarks/corpora/``.
- `stats`: nearest-rank percentiles, median and p90, and the library's Wilson interval and paired difference.
- `progress`: one rich progress bar on standard error.
- `results`: a result file: the report with the command line, commit, machine load and date.
- `engines`: the engines a benchmark compares (and the naive baseline); `engine_tables` draws their tables.
- `server`: a live ``cnfsweep serve`` on a free port, for the load and time-limit benchmarks.

Nothing here is imported when the package is: a benchmark's worker process running another code tree
(``benchmarks.cold_worker``) imports only what it needs.
"""
