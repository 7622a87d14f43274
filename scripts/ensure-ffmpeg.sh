#!/usr/bin/env bash
# The playback tests probe real media with ffprobe and make it with ffmpeg (Debian's ffmpeg package).
set -euo pipefail
if command -v ffprobe >/dev/null 2>&1 && command -v ffmpeg >/dev/null 2>&1; then
  exit 0
fi
echo "Installing Debian's ffmpeg (once per machine)…"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ffmpeg
