#!/usr/bin/env bash
# Runs Schemathesis against examples/conduit as a user ships it (`svc build`, then `svc start`),
# with the 3.0.3 document svc wrote: once anonymous, once signed in as a freshly registered user,
# then the 3.1 document (Schemathesis' experimental 3.1 support). By hand only: CI cannot install
# Schemathesis, so this is no part of `npm test`.
#
# Needs: Node 20, this repository's build (`npm run build`), curl, and Schemathesis 3.x
# (`schemathesis run`; checked with 3.21.2). Set SCHEMATHESIS to the command if it is not on PATH.
#
#   scripts/schemathesis-conduit.sh [extra `schemathesis run` options...]
#
# MAX_EXAMPLES (default 50) is passed as --hypothesis-max-examples. The exit code is non-zero when
# any run found a failure. The app's business-rule refusals (404 for a random slug or username,
# 422 for a taken email, 401 for a wrong password, 403 for another's article) are answers the
# document lists, so they pass the checks; with --data-generation-method all, Schemathesis 3.x
# may label some of its mutated requests "positive" in a cassette: read those as negative.
set -euo pipefail

REPO=$(cd "$(dirname "$0")/.." && pwd)
SCHEMATHESIS=${SCHEMATHESIS:-schemathesis}
MAX_EXAMPLES=${MAX_EXAMPLES:-50}
CLI="$REPO/dist/cli/main.js"
[ -f "$CLI" ] || { echo "no $CLI: run npm run build first" >&2; exit 2; }

# A copy of the example whose `svcjs` is this repository's build, as test/document/spec-tester does.
WORK=$(mktemp -d "${TMPDIR:-/tmp}/svc-schemathesis-XXXXXX")
SERVER=''
cleanup() {
  if [ -n "$SERVER" ]; then kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT
cp -r "$REPO/examples/conduit/src" "$WORK/src"
node -e '
  const fs = require("node:fs");
  const [source, target] = process.argv.slice(1);
  const config = JSON.parse(fs.readFileSync(source, "utf8"));
  delete config.compilerOptions.paths;
  delete config.compilerOptions.noEmit;
  fs.writeFileSync(target, JSON.stringify(config, null, 2));
' "$REPO/examples/conduit/tsconfig.json" "$WORK/tsconfig.json"
echo '{"name":"conduit-schemathesis","private":true,"type":"module"}' >"$WORK/package.json"
mkdir "$WORK/node_modules"
ln -s "$REPO" "$WORK/node_modules/svcjs"
ln -s "$REPO/node_modules/@types" "$WORK/node_modules/@types"

(cd "$WORK" && node "$CLI" build)

# `svc start --port 0` prints the port it got; wait for that line.
(cd "$WORK" && exec node "$CLI" start --host 127.0.0.1 --port 0) >"$WORK/server.log" 2>&1 &
SERVER=$!
BASE=''
for _ in $(seq 1 300); do
  BASE=$(sed -n 's/.*svc: listening on \([^ ]*\).*/\1/p' "$WORK/server.log" | tail -n 1)
  [ -n "$BASE" ] && break
  kill -0 "$SERVER" 2>/dev/null || { cat "$WORK/server.log" >&2; exit 2; }
  sleep 0.1
done
[ -n "$BASE" ] || { echo "svc start printed no address" >&2; cat "$WORK/server.log" >&2; exit 2; }
API="${BASE%/}/api"
echo "conduit on $API"

# A user of this run (its name unique to the run), signed in by registering.
NAME="st$$x$RANDOM"
TOKEN=$(curl -sf -X POST "$API/users" -H 'content-type: application/json' \
  -d "{\"user\":{\"username\":\"$NAME\",\"email\":\"$NAME@example.com\",\"password\":\"$NAME-password\"}}" |
  node -e 'let s = ""; process.stdin.on("data", (c) => (s += c)).on("end", () => console.log(JSON.parse(s).user.token));')

# Schemathesis 3.x generates header values (the Authorization apiKey of an anonymous run) with
# control characters, which RFC 9110 (section 5.5) does not allow in a field value: Node's HTTP
# parser refuses such a message with a 400 before any route sees it, so every operation would
# "fail" on an answer no document can describe. Later Schemathesis releases stop sending them
# (they probe whether the server accepts them); this hook does the same for 3.x.
cat >"$WORK/svc_header_values.py" <<'PY'
import re
import schemathesis

CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f]")


@schemathesis.hook
def before_generate_headers(context, strategy):
    return strategy.filter(lambda headers: not headers or not any(CONTROL.search(str(v)) for v in headers.values()))
PY

DOCS="$WORK/.svc/svc_swagger"
status=0
run() {
  echo "== schemathesis run $*"
  (cd "$WORK" && SCHEMATHESIS_HOOKS=svc_header_values "$SCHEMATHESIS" run --checks all \
    --hypothesis-max-examples "$MAX_EXAMPLES" --base-url "$API" "$@") || status=1
}
run "$DOCS/swagger.json" "${@}"
run "$DOCS/swagger.json" -H "Authorization: Token $TOKEN" --data-generation-method all "${@}"
run "$DOCS/openapi-3.1.json" --experimental=openapi-3.1 -H "Authorization: Token $TOKEN" "${@}"
exit $status
