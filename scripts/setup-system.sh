#!/usr/bin/env bash
# Installs the system packages the test suites need (Debian): Chromium for the browser tests,
# PostgreSQL for the repository tests, and the Prometheus project's Python client, whose parser
# reads the server's metrics in their test. With --container, instead, what
# scripts/container-smoke.sh needs: podman, runc, debootstrap and curl. Does nothing when they
# are already there.
set -euo pipefail

missing=()
if [ "${1:-}" = --container ]; then
  for tool in podman runc debootstrap curl; do
    command -v "$tool" > /dev/null || [ -x "/usr/sbin/$tool" ] || missing+=("$tool")
  done
else
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  compgen -G '/usr/lib/postgresql/*/bin/initdb' > /dev/null || missing+=(postgresql)
  /usr/bin/python3 -c 'import prometheus_client' 2> /dev/null || missing+=(python3-prometheus-client)
fi

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "Missing system packages: ${missing[*]}. Install them with: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi

echo "Installing ${missing[*]} with apt-get"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "${missing[@]}" > /dev/null
