#!/usr/bin/env bash
# The real-players matrix (npm run test:players, decision 0065) drives Debian's VLC, mpv, GStreamer's
# gst-discoverer and streamlink against the panel. Installs them when any is missing (like ensure-ffmpeg.sh)
# and, when running as root, creates the unprivileged user VLC runs as: VLC 3 refuses to start as root.
set -euo pipefail
PACKAGES=(vlc-bin vlc-plugin-base mpv gstreamer1.0-tools gstreamer1.0-plugins-base-apps
  gstreamer1.0-plugins-good gstreamer1.0-plugins-bad gstreamer1.0-libav streamlink)
PLAYER_USER="${PLAYERS_USER:-panelplayer}"

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

missing=()
for package in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$package")
  fi
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "Installing Debian's players (once per machine): ${missing[*]}…"
  # Another install on the machine (ensure-ffmpeg.sh, ensure-chromium.sh) may hold apt's lock: wait for it.
  $SUDO apt-get -o DPkg::Lock::Timeout=600 update -qq
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq \
    --no-install-recommends "${missing[@]}"
fi

# VLC as root prints "VLC is not supposed to be run as root" and exits: the matrix runs it as this user.
if [ "$(id -u)" -eq 0 ] && ! id -u "$PLAYER_USER" >/dev/null 2>&1; then
  useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin "$PLAYER_USER"
fi
