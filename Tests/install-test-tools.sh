#!/usr/bin/env bash
# Installs what the reliability tests need beyond the Swift toolchain, only when it is missing:
# util-linux's `setpriv` (to run the tool as `nobody`) and `flock` (to hold a store's lock). The
# full-disk test mounts a tmpfs itself (it needs root, as CI has); the permission test needs the
# `nobody` user, present on every Debian system. Without these the tests fail, saying why.
set -euo pipefail

missing=()
command -v setpriv >/dev/null 2>&1 || missing+=(setpriv)
command -v flock >/dev/null 2>&1 || missing+=(flock)
if [ ${#missing[@]} -eq 0 ]; then
    echo "test tools: setpriv and flock are present"
    exit 0
fi

echo "test tools: missing ${missing[*]}; installing util-linux"
sudo=()
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then sudo=(sudo); else
        echo "test tools: not root and no sudo: install util-linux yourself (the reliability tests will fail without it)" >&2
        exit 1
    fi
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "test tools: no apt-get: install util-linux (setpriv, flock) with this system's package manager" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends util-linux
# Debian before 11 shipped setpriv in a package of its own.
command -v setpriv >/dev/null 2>&1 || "${sudo[@]}" apt-get install -y -qq --no-install-recommends setpriv
command -v setpriv >/dev/null 2>&1 && command -v flock >/dev/null 2>&1
echo "test tools: installed"
