#!/usr/bin/env bash
# Playwright drives Debian's Chromium; it never downloads a browser of its own.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
echo "Installing Debian's chromium (once per machine)…"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium
