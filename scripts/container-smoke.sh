#!/usr/bin/env bash
# Builds the container image with Debian's podman/buildah, without Docker and without
# registry access, then runs `evid status` and `audit verify` inside it (REFERENCE.md
# section 9). Not run by CI: it needs root, podman, buildah, mmdebstrap and runc
# (apt-get install podman buildah mmdebstrap runc) and takes several minutes.
#
#   sudo scripts/container-smoke.sh            # keep the work dir with KEEP=1
#
# Steps:
#   1. base image: Debian bookworm minbase (mmdebstrap) + this machine's node binary;
#   2. the package: built dist/, `npm pack`, `npm install` of the tarball into a prefix on
#      the host (npm inside an image build cannot reach the registry through the proxy);
#   3. `buildah bud` of the Dockerfile with BASE=the local base and the host install in
#      .prebuilt/ (chroot isolation, vfs storage, docker format so HEALTHCHECK is kept);
#   4. `podman run` of evid --version, evid status, a trace ingest and audit verify;
#   5. the server detached: HEALTHCHECK, `exec evid status` / `exec audit verify` beside it,
#      then SIGTERM (podman stop) must exit 0.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=$(mktemp -d /tmp/evid-container-XXXXXX)
STORAGE=(--storage-driver vfs --root "$WORK/storage" --runroot "$WORK/run")
BASE=localhost/evid-base:bookworm
IMAGE=localhost/evid:smoke
ULIMITS=(--ulimit nofile=1024:1024 --ulimit nproc=4096:4096)

cleanup() {
  if [ "${KEEP:-0}" = 1 ]; then echo "kept $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT

for tool in podman buildah mmdebstrap runc node npm; do
  command -v "$tool" >/dev/null || { echo "container-smoke: $tool not found" >&2; exit 2; }
done

echo "== 1. base image (mmdebstrap minbase + node $(node --version))"
mmdebstrap --variant=minbase --include=ca-certificates,libstdc++6 --quiet bookworm "$WORK/rootfs.tar"
mkdir -p "$WORK/node/usr/local/bin"
cp "$(readlink -f "$(command -v node)")" "$WORK/node/usr/local/bin/node"
tar -C "$WORK/node" -rf "$WORK/rootfs.tar" ./usr/local/bin/node
podman "${STORAGE[@]}" import --change 'CMD ["/bin/bash"]' "$WORK/rootfs.tar" "$BASE" >/dev/null

echo "== 2. package: npm pack + install into a prefix on the host"
(cd "$ROOT" && npm run build)
(cd "$ROOT" && npm pack --ignore-scripts --pack-destination "$WORK" >/dev/null)
CONTEXT="$WORK/context"
mkdir -p "$CONTEXT/.prebuilt/opt/evid"
cp "$ROOT/Dockerfile" "$ROOT/.dockerignore" "$CONTEXT/"
JOBS=max npm install --prefix "$CONTEXT/.prebuilt/opt/evid" --omit=dev --no-audit --no-fund \
  --prefer-offline "$WORK"/evid-*.tgz

echo "== 3. image build (buildah, chroot isolation, vfs)"
buildah "${STORAGE[@]}" bud --isolation chroot --format docker --layers=false \
  --build-arg "BASE=$BASE" -t "$IMAGE" "$CONTEXT"

echo "== 4. run both binaries inside"
PODMAN_RUN=(podman "${STORAGE[@]}" run "${ULIMITS[@]}" --network none -v "$WORK/data:/var/lib/evid")
run() { "${PODMAN_RUN[@]}" --rm --no-healthcheck "$IMAGE" "$@"; }
mkdir -p "$WORK/data"
chown 10001:10001 "$WORK/data"
# 0700 as the image makes its own volume: the store warns about a data directory others can read.
chmod 700 "$WORK/data"
run evid --version
# A read on an empty volume says there is no store yet (exit 1) rather than creating one.
if run evid status --json; then echo "container-smoke: status on an empty volume exited 0" >&2; exit 1; fi
run sh -c 'echo "{\"session_id\":\"sess_container\",\"agent\":\"smoke\",\"events\":[{\"type\":\"llm_call\",\"timestamp\":\"2026-01-01T00:00:00Z\"}]}" | evid traces ingest -'
run evid status --json
run audit verify
run sh -c 'test "$(id -u)" = 10001 && echo "runs as $(id -un)"'

echo "== 5. the server: exec beside it, HEALTHCHECK, SIGTERM"
# No systemd here to run the HEALTHCHECK on its timer (podman says so on stderr): it is
# run by hand below, as the container runtime would.
"${PODMAN_RUN[@]}" -d --name evid-smoke -e EVID_API_KEY=smoke-key "$IMAGE" >/dev/null
trap 'podman "${STORAGE[@]}" rm -f evid-smoke >/dev/null 2>&1 || true; cleanup' EXIT
for _ in $(seq 1 30); do
  podman "${STORAGE[@]}" healthcheck run evid-smoke >/dev/null 2>&1 && break
  sleep 1
done
podman "${STORAGE[@]}" healthcheck run evid-smoke
podman "${STORAGE[@]}" exec evid-smoke evid status
podman "${STORAGE[@]}" exec evid-smoke audit verify
podman "${STORAGE[@]}" stop -t 10 evid-smoke >/dev/null
code=$(podman "${STORAGE[@]}" inspect evid-smoke --format '{{.State.ExitCode}}')
[ "$code" = 0 ] || { echo "container-smoke: server exited $code on SIGTERM" >&2; exit 1; }
podman "${STORAGE[@]}" image inspect "$IMAGE" --format '{{json .Config.Healthcheck}} {{json .Config.ExposedPorts}} {{json .Config.Volumes}} user={{.Config.User}}'
echo "container-smoke: OK"
