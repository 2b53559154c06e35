#!/bin/sh
# The smoke build's .deb, installed for real (the release workflow's Linux runner, as root through
# sudo): /usr/bin/proxy-tray is the command line and answers, the menu entry still starts the app,
# and removing the package takes the link away. Run from the repository after `npm run dist:smoke`.
set -eu

fail() {
  echo "check-deb: $*" >&2
  exit 1
}

version=$(node -p "require('./package.json').version")
npx electron-builder --config electron-builder.smoke.yml --linux deb \
  --prepackaged dist-smoke/linux-unpacked --publish never
deb=$(ls "$PWD"/dist-smoke/*.deb)
sudo apt-get install -y "$deb"

cli='/opt/Proxy Tray/resources/bin/proxy-tray'
linked=$(readlink -f /usr/bin/proxy-tray) || fail "/usr/bin/proxy-tray is missing"
[ "$linked" = "$cli" ] || fail "/usr/bin/proxy-tray leads to $linked, not $cli"
answered=$(proxy-tray --version) || fail "proxy-tray --version failed"
[ "$answered" = "$version" ] || fail "proxy-tray --version printed $answered, not $version"
grep -qx 'Exec="/opt/Proxy Tray/proxy-tray" %U' /usr/share/applications/proxy-tray.desktop ||
  fail "the menu entry does not start the app: $(grep '^Exec=' /usr/share/applications/proxy-tray.desktop)"

sudo apt-get remove -y proxy-tray
[ ! -e /usr/bin/proxy-tray ] && [ ! -L /usr/bin/proxy-tray ] ||
  fail "/usr/bin/proxy-tray is still there after the package was removed"
echo "check-deb: /usr/bin/proxy-tray is the command line ($version), and leaves with the package"
