#!/bin/sh
# Runs a command inside a private D-Bus session with an unlocked gnome-keyring, so that keytar's
# tests reach a real Secret Service on Linux without touching the user's own keyring.
# Elsewhere (macOS, Windows) the OS keychain is always there: the command runs as is.
set -eu
if [ "$(uname -s)" != "Linux" ]; then exec "$@"; fi
for tool in dbus-run-session gnome-keyring-daemon; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "with-keychain: '$tool' is missing: apt-get install dbus dbus-x11 gnome-keyring" >&2
    exit 1
  fi
done
# A fresh keyring directory each run: an old login keyring with another password would stay locked.
keyrings=$(mktemp -d)
trap 'rm -rf "$keyrings"' EXIT
# dbus-daemon may print a harmless line about its fd limit when it may not raise it.
status=0
dbus-run-session -- sh -c '
  printf proxy-tray-tests | XDG_DATA_HOME="$0" gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1
  exec "$@"' "$keyrings" "$@" || status=$?
exit "$status"
