#!/usr/bin/env bash
# npm run backup / restore on PostgreSQL use pg_dump and pg_restore from Debian's postgresql-client.
set -euo pipefail
if command -v pg_dump >/dev/null && command -v pg_restore >/dev/null; then
  exit 0
fi
echo "Installing Debian's postgresql-client (pg_dump, pg_restore; once per machine)…"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-client
