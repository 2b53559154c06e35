#!/usr/bin/env bash
# Sourced by .ci/run: makes the Node.js named in .nvmrc the one on PATH. A machine whose Node is
# another version gets that one from the npm registry (the node-linux-<arch> package ships the
# binary and its headers), into a folder outside the clone, and native addons (keytar) are built
# against those headers rather than the system Node's.
node_version=$(tr -d '[:space:]' < .nvmrc)
if [ "$(node --version 2>/dev/null || true)" != "v$node_version" ]; then
  case "$(uname -m)" in
    x86_64) node_arch=x64 ;;
    aarch64 | arm64) node_arch=arm64 ;;
    *) echo "use-node: no Node.js package for $(uname -m) on the npm registry" >&2; exit 1 ;;
  esac
  node_prefix="${PROXY_TRAY_NODE_HOME:-/opt/proxy-tray-node}/$node_version"
  node_home="$node_prefix/node_modules/node-linux-$node_arch"
  if [ ! -x "$node_home/bin/node" ]; then
    echo "Installing Node.js $node_version from the npm registry into $node_prefix"
    npm install --prefix "$node_prefix" --no-save --no-audit --no-fund --ignore-scripts \
      "node-linux-$node_arch@$node_version" >/dev/null
  fi
  export PATH="$node_home/bin:$PATH"
  # node-gyp builds keytar against this version's headers (the machine's npmrc names the system's).
  export npm_config_nodedir="$node_home"
fi
echo "Node.js $(node --version), npm $(npm --version)"
