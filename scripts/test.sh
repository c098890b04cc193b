#!/usr/bin/env bash
# npm test: every test with the default backend (SQLite), then the in-process files whose subject is storage semantics
# again with every app on PostgreSQL (TOOLYARD_TEST_BACKEND=postgres: a fresh database per app on the test cluster,
# test/helpers/postgres.ts; docs/decisions/0202-postgres-pass-storage-tests.md). Those files are listed in
# test/postgres-pass.txt; left out of the second pass whatever the list says: the e2e files (processes and binaries;
# test/scale-out runs three PostgreSQL instances already), test/postgres (PostgreSQL's own tests, which make their
# databases themselves) and *.sqlite.test.ts (tests whose subject is SQLite itself). test-load/ (npm run test:load:
# latency and memory under load) is in neither pass.
# npm test runs this under scripts/test-cluster.ts: both passes share one throwaway PostgreSQL cluster, started once and
# stopped when the run ends, however it ends (docs/decisions/0051-test-databases-on-postgresql.md).
# Arguments (files, -t patterns) go to both passes; TEST_PASSES=postgres runs the second alone (npm run test:pg).
# Exit status: non-zero when either pass failed.
set -u

# True when the arguments name files or patterns (anything but a flag, e.g. --update-timings): a chosen run.
chosen() {
  for a in "$@"; do case "$a" in -*) ;; *) return 0 ;; esac; done
  return 1
}

# The SQLite pass: every test file. The compiled binary is built first, once, for a whole run unless given (CI passes
# the one it ships): the CLI and `serve` children of the e2e files run it (test/helpers/app.ts, CLI_COMMAND), and
# test/foundation/binary.e2e.test.ts smoke-tests it. A run of chosen files leaves it unset, so their children run the
# source. If the build fails, the children run the source and the binary test builds again and fails with the build's
# output. Three workers (two left the cores idle while files waited on children, sockets and timers; TEST_PARALLEL=2
# npm test goes back to two), and mimalloc keeping freed pages (MIMALLOC_PURGE_DELAY=-1: returning them and faulting
# them in again was much of the pass's kernel time); the one test measuring what memory a server gives back (in npm run
# test:load) unsets it for its child. docs/decisions/0052-test-time-kernel-time-and-workers-of-the-sqlite-pass.md.
sqlite_pass() {
  if ! chosen "$@" && [ -z "${TOOLYARD_TEST_BINARY:-}" ]; then
    echo "== building dist/toolyard for the test run"
    if npm run -s build >/dev/null; then export TOOLYARD_TEST_BINARY=dist/toolyard; fi
  fi
  MIMALLOC_PURGE_DELAY=-1 bun test --parallel="${TEST_PARALLEL:-3}" --timings=test/timings.json "$@" \
    --path-ignore-patterns='test-load/**'
}

# The files test/postgres-pass.txt names (paths and globs; `#` comments), one a line, without e2e and SQLite files.
postgres_files() {
  local line f
  shopt -s nullglob
  while IFS= read -r line || [ -n "$line" ]; do
    line="${line%%#*}"
    line="${line//[[:space:]]/}"
    [ -z "$line" ] && continue
    for f in $line; do
      case "$f" in *.e2e.test.ts | *.sqlite.test.ts | test/postgres/*) ;; *) echo "./$f" ;; esac
    done
  done <test/postgres-pass.txt | sort -u
  shopt -u nullglob
}

# The PostgreSQL pass: the files of test/postgres-pass.txt (or the files given) without the files named above. Two
# workers: the database server shares the cores; the allocator setting as above.
postgres_pass() {
  if ! chosen "$@"; then
    local files
    mapfile -t files < <(postgres_files)
    set -- "${files[@]}" "$@"
  fi
  MIMALLOC_PURGE_DELAY=-1 TOOLYARD_TEST_BACKEND=postgres bun test --parallel=2 --timings=test/timings.json "$@" \
    --path-ignore-patterns='**/*.e2e.test.ts' --path-ignore-patterns='**/*.sqlite.test.ts' \
    --path-ignore-patterns='test/postgres/**'
}

sqlite=0
if [ "${TEST_PASSES:-both}" != postgres ]; then
  sqlite_pass "$@"
  sqlite=$?
  echo "== the storage tests (test/postgres-pass.txt) again, on PostgreSQL"
fi
postgres_pass "$@"
postgres=$?
[ "$sqlite" -eq 0 ] && [ "$postgres" -eq 0 ]
