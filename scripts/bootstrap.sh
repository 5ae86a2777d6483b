#!/usr/bin/env bash
# Installs what a fresh Debian machine lacks to build, run and test gbfuzz. Idempotent.
set -euo pipefail

export DEBIAN_FRONTEND=noninteractive
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

apt_packages=(libcurl4-openssl-dev libsqlite3-dev zlib1g-dev pkg-config curl jq openssl python3 python3-pip)
missing=()
for p in "${apt_packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
    echo "bootstrap: installing ${missing[*]}" >&2
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# Python packages used by tests (the .hlog round trip) and the schemathesis peer check.
python3 - <<'PY' 2>/dev/null || { echo "bootstrap: installing Python hdrhistogram" >&2; python3 -m pip install -q hdrhistogram >/dev/null; }
import hdrh  # noqa: F401
PY

command -v swift >/dev/null || { echo "bootstrap: swift is not on PATH (Swift 6.1+ required)" >&2; exit 1; }
