#!/usr/bin/env bash
# Runs every suite (types, server tests on embedded PGlite and on PostgreSQL, browser tests) even when one fails,
# then prints one summary line "N passed, N failed" (also written to test-logs/summary.txt for CI). The logs live
# outside test-results/, which Playwright empties when it starts.
set -uo pipefail
cd "$(dirname "$0")/.."
log=test-logs
mkdir -p "$log"
passed=0
failed=0

count_tap() { # adds the totals of tap's final "# { total: T, pass: P, fail: F }" line
  local line
  line=$(grep -E '^# \{ total: ' "$1" | tail -n 1)
  if [ -z "$line" ]; then failed=$((failed + 1)); echo "  (no tap summary in $1: counted as one failure)"; return; fi
  local p f
  p=$(sed -nE 's/.*pass: ([0-9]+).*/\1/p' <<<"$line"); f=$(sed -nE 's/.*fail: ([0-9]+).*/\1/p' <<<"$line")
  passed=$((passed + ${p:-0})); failed=$((failed + ${f:-0}))
}

step() { printf '\n== %s\n' "$1"; }

step "Type check"
if npx tsc --noEmit -p tsconfig.json; then passed=$((passed + 1)); else failed=$((failed + 1)); fi

step "Server and unit tests on embedded PGlite"
env -u DATABASE_URL npx tap 2>&1 | tee "$log/tap-pglite.txt" | grep -E '^(not ok|ok|# \{)' ; count_tap "$log/tap-pglite.txt"

pg_url=${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}
step "Server tests on PostgreSQL ($pg_url)"
if node -e "const c=new (require('pg').Client)({connectionString:process.argv[1]});c.connect().then(()=>c.end()).catch(()=>process.exit(1))" "$pg_url" 2>/dev/null; then
  DATABASE_URL=$pg_url npx tap 2>&1 | tee "$log/tap-postgres.txt" | grep -E '^(not ok|ok|# \{)'
  count_tap "$log/tap-postgres.txt"
else
  echo "  PostgreSQL is not reachable at $pg_url: counted as one failure (start it, or set TEST_DATABASE_URL)"
  failed=$((failed + 1))
fi

step "Client build"
if npm run --silent build >"$log/build.txt" 2>&1; then passed=$((passed + 1)); else cat "$log/build.txt"; failed=$((failed + 1)); fi

step "Browser tests (Playwright, Debian Chromium)"
if [ -x /usr/bin/chromium ]; then
  # Every line but the passing and skipped tests': the failures, each with its error, and the summary.
  npx playwright test --reporter=list 2>&1 | tee "$log/playwright.txt" | grep -vE '^ +(✓|-) +[0-9]+ '
  p=$(grep -oE '^ +[0-9]+ passed' "$log/playwright.txt" | grep -oE '[0-9]+' | tail -n 1)
  f=$(grep -oE '^ +[0-9]+ (failed|interrupted|did not run)' "$log/playwright.txt" | awk '{ n += $1 } END { if (NR) print n }')
  if [ -z "$p$f" ]; then f=1; echo "  (no Playwright summary: counted as one failure)"; fi
  passed=$((passed + ${p:-0})); failed=$((failed + ${f:-0}))
else
  echo "  /usr/bin/chromium is missing (apt-get install -y chromium): counted as one failure"
  failed=$((failed + 1))
fi

summary="$passed passed, $failed failed"
echo "$summary" > "$log/summary.txt"
printf '\n%s\n' "$summary"
[ "$failed" -eq 0 ]
