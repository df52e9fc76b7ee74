/**
 * A private code-server (real VS Code 1.139 in the browser) for one test file or one demo:
 * its own scratch folder (HOME, user data, extensions, config, log), bound to 127.0.0.1 on a free
 * port, in its own process group so stop() leaves nothing behind. See
 * docs/reference/vscode-e2e.md, sections 4, 5 and 10. It asks for a random password (any local
 * user can reach the port) and keeps Workspace Trust on, with its folders trusted: serverAuth.ts.
 */
import { execFileSync, spawn } from "node:child_process";
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { forgetServer, newPassword, passwordHash, rememberServer } from "./serverAuth";
import { groupAlive, reapStrays, safeReaddir, signalGroup, sleep, tail, waitFor } from "./processes";
import { ensureTools } from "./tools";
import { openQuery, trustRoots } from "./workspaceTrust";

export interface CodeServerOptions {
  /**
   * Folder, or `.code-workspace` file (a multi-root window), opened by default (pages may still open
   * another one with ?folder=).
   */
  readonly workspace: string;
  /** Merged over the base user settings (no Welcome tab, no telemetry…). */
  readonly settings?: Record<string, unknown>;
  /**
   * The remote's Machine settings, where a remote window reads machine-scoped settings such as
   * `acpPanel.agents`. Default: the same as the User settings (`settings`).
   */
  readonly machineSettings?: Record<string, unknown>;
  /** Installed with --install-extension into the private extensions folder. */
  readonly extensionVsix?: string;
  /** `--vscode-option enable-smoke-test-driver`: needed for the ?payload= mocha runs; hides toasts. */
  readonly smokeDriver?: boolean;
  /** Extra environment for the server, and so for the extension host and the agents it starts. */
  readonly env?: Record<string, string>;
  /** Names the scratch folder, e.g. "chat" → <cache>/runs/chat-<time>-<pid>. */
  readonly label?: string;
  /** 0 (default) lets the OS pick a free port. */
  readonly port?: number;
  /**
   * Folders the harness's browsers trust (Workspace Trust stays on). Default: `workspace`, and for a
   * `.code-workspace` file the file and each of its folders (workspaceTrust.ts).
   */
  readonly trustedFolders?: readonly string[];
}

export interface CodeServer {
  /** http://127.0.0.1:PORT, without a trailing slash. */
  readonly url: string;
  /** code-server's login password (random per server); openWorkbench signs in with it. */
  readonly password: string;
  readonly trustedFolders: readonly string[];
  readonly port: number;
  /** `host:port`, the remote authority of vscode-remote:// URIs. */
  readonly authority: string;
  readonly scratchDir: string;
  /** HOME of the server; hand it to the browser too. */
  readonly homeDir: string;
  readonly userDataDir: string;
  readonly extensionsDir: string;
  /** The server's stdout and stderr. */
  readonly logFile: string;
  /** Node 24, the node the extension host runs on: use it as the agent command. */
  readonly nodePath: string;
  readonly cacheDir: string;
  /** A URL that opens `folder` (default: the workspace; a `.code-workspace` file opens as a workspace) in the workbench. */
  folderUrl(folder?: string, extraQuery?: Record<string, string>): string;
  /** Settles when the code-server process exits (on its own or through stop()), with how. */
  readonly exited: Promise<string>;
  /** TERM then KILL to the whole process group; also reaps stray descendants. Keeps the scratch folder. */
  stop(): Promise<StopReport>;
}

export interface StopReport {
  readonly ms: number;
  /** Processes of this run that outlived the process group (e.g. agents in their own group), killed by PID. */
  readonly strays: readonly string[];
}

/** Base user settings: see the reference, section 5. */
export const BASE_SETTINGS: Readonly<Record<string, unknown>> = {
  "workbench.startupEditor": "none",
  "workbench.tips.enabled": false,
  "workbench.enableExperiments": false,
  "workbench.secondarySideBar.defaultVisibility": "hidden",
  "telemetry.telemetryLevel": "off",
  "extensions.ignoreRecommendations": true,
  "extensions.autoCheckUpdates": false,
  "extensions.autoUpdate": false,
  "update.mode": "none",
  "chat.disableAIFeatures": true,
  "git.enabled": false,
  "terminal.integrated.enablePersistentSessions": false,
};

/** Environment variable naming the run, inherited by everything the server starts (see runId). */
export const RUN_MARKER = "ACP_PANEL_E2E_RUN";
const STALE_RUN_MS = 6 * 60 * 60 * 1000;
const live = new Set<() => void>();

// Last resort if the test process dies without running its teardown.
process.once("exit", () => {
  for (const kill of live) kill();
});

export async function startCodeServer(options: CodeServerOptions): Promise<CodeServer> {
  const started = Date.now();
  const tools = ensureTools();
  const runsDir = join(tools.cacheDir, "runs");
  pruneOldRuns(runsDir);
  const runId = `${options.label ?? "run"}-${new Date().toISOString().replace(/[:.]/g, "-")}-${process.pid}`;
  const scratchDir = join(runsDir, runId);
  const homeDir = join(scratchDir, "home");
  const userDataDir = join(scratchDir, "user-data");
  const extensionsDir = join(scratchDir, "extensions");
  const configFile = join(scratchDir, "config.yaml");
  const logFile = join(scratchDir, "code-server.log");
  for (const dir of [homeDir, join(userDataDir, "User"), extensionsDir]) mkdirSync(dir, { recursive: true });

  writeFileSync(
    configFile,
    [
      `bind-addr: 127.0.0.1:${options.port ?? 0}`,
      // The password's hash comes in $HASHED_PASSWORD (code-server removes it from the env it passes on).
      "auth: password",
      "cert: false",
      "disable-telemetry: true",
      "disable-update-check: true",
      "disable-getting-started-override: true",
      "",
    ].join("\n"),
  );
  const settings = JSON.stringify({ ...BASE_SETTINGS, ...options.settings }, null, 2);
  writeFileSync(join(userDataDir, "User/settings.json"), settings);
  // The workbench is a remote window (authority 127.0.0.1:PORT): settings of scope "machine" (like
  // acpPanel.agents) are read from the remote's Machine settings, never from User settings.
  mkdirSync(join(userDataDir, "Machine"), { recursive: true });
  writeFileSync(
    join(userDataDir, "Machine/settings.json"),
    options.machineSettings ? JSON.stringify({ ...BASE_SETTINGS, ...options.machineSettings }, null, 2) : settings,
  );

  const env = serverEnv(tools.nodePath, homeDir, { ...options.env, [RUN_MARKER]: runId });
  const common = ["--config", configFile, "--user-data-dir", userDataDir, "--extensions-dir", extensionsDir];

  if (options.extensionVsix) {
    const t = Date.now();
    execFileSync(tools.nodePath, [tools.codeServerEntry, ...common, "--install-extension", options.extensionVsix], {
      env,
      cwd: scratchDir,
      stdio: ["ignore", "pipe", "pipe"],
      timeout: 120_000,
    });
    log(`installed ${options.extensionVsix} in ${ms(t)}`);
  }

  const password = newPassword();
  const args = [...common, "--ignore-last-opened", "--vscode-option", "force-disable-user-env"];
  if (options.smokeDriver) args.push("--vscode-option", "enable-smoke-test-driver");
  args.push(options.workspace);

  const out = openSync(logFile, "a");
  // detached: setsid(), so the server and everything it spawns share one process group to kill.
  const child = spawn(tools.nodePath, [tools.codeServerEntry, ...args], {
    cwd: scratchDir,
    env: { ...env, HASHED_PASSWORD: passwordHash(password) },
    detached: true,
    stdio: ["ignore", out, out],
  });
  closeSync(out);
  const pgid = child.pid;
  if (pgid === undefined) throw new Error(`could not start code-server (see ${logFile})`);
  // Not keeping the caller alive: tests stop the server in their teardown, the exit hook below
  // kills it if they cannot, and a long-running caller (the demo) keeps its own event loop busy.
  child.unref();
  let exited: string | undefined;
  const exitedPromise = new Promise<string>((resolve) =>
    child.once("exit", (code, signal) => resolve((exited = `code ${code} signal ${signal}`))),
  );

  const killNow = (): void => signalGroup(pgid, "SIGKILL");
  live.add(killNow);

  let stopped: Promise<StopReport> | undefined;
  const stop = (): Promise<StopReport> =>
    (stopped ??= (async () => {
      const t = Date.now();
      signalGroup(pgid, "SIGTERM");
      if (!(await waitFor(() => !groupAlive(pgid), 8_000))) signalGroup(pgid, "SIGKILL");
      await waitFor(() => !groupAlive(pgid), 3_000);
      live.delete(killNow);
      const strays = await reapStrays(RUN_MARKER, runId);
      const report = { ms: Date.now() - t, strays };
      log(
        `code-server stopped in ${report.ms} ms${strays.length ? `; killed ${strays.length} stray process(es): ${strays.join(" | ")}` : ""}`,
      );
      return report;
    })());

  try {
    const port = await waitForPort(logFile, () => exited, 60_000);
    const url = `http://127.0.0.1:${port}`;
    const trustedFolders = options.trustedFolders ?? trustRoots(options.workspace);
    rememberServer({ url, password, authority: `127.0.0.1:${port}`, trustedFolders });
    void exitedPromise.then(() => forgetServer(url));
    await waitForHealth(url, () => exited, 60_000);
    log(`code-server ${url} healthy ${ms(started)} after start (scratch ${scratchDir})`);
    return {
      url,
      password,
      trustedFolders,
      port,
      authority: `127.0.0.1:${port}`,
      scratchDir,
      homeDir,
      userDataDir,
      extensionsDir,
      logFile,
      nodePath: tools.nodePath,
      cacheDir: tools.cacheDir,
      exited: exitedPromise,
      folderUrl(folder = options.workspace, extraQuery = {}) {
        const query = new URLSearchParams({ ...openQuery(folder), ...extraQuery });
        return `${url}/?${query.toString()}`;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n--- ${logFile} (tail) ---\n${tail(logFile, 30)}`);
  }
}

function withoutNodeModulesBins(pathValue: string): string {
  return pathValue
    .split(":")
    .filter((entry) => !/[\\/]node_modules[\\/]\.bin$/.test(entry))
    .join(":");
}

/** The server's environment: scratch HOME/XDG dirs, Node 24 first on PATH, no inherited VS Code IPC. */
function serverEnv(nodePath: string, homeDir: string, extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    // A terminal inside VS Code exports VSCODE_IPC_HOOK_CLI & co.: code-server would talk to that window.
    if (key.startsWith("VSCODE_") || key === "ELECTRON_RUN_AS_NODE" || key.startsWith("npm_")) continue;
    env[key] = value;
  }
  return {
    ...env,
    HOME: homeDir,
    XDG_CONFIG_HOME: join(homeDir, ".config"),
    XDG_DATA_HOME: join(homeDir, ".local/share"),
    XDG_CACHE_HOME: join(homeDir, ".cache"),
    // npm scripts put node_modules/.bin first on PATH, where the pinned agent adapters live
    // (claude-agent-acp…): VS Code must not see them, or presets would appear as installed.
    PATH: `${join(nodePath, "..")}:${withoutNodeModulesBins(process.env.PATH ?? "/usr/bin:/bin")}`,
    ...extra,
  };
}

async function waitForPort(logFile: string, exited: () => string | undefined, timeoutMs: number): Promise<number> {
  let port: number | undefined;
  const ok = await waitFor(() => {
    if (exited()) throw new Error(`code-server exited during startup (${exited()})`);
    const match = /HTTP server listening on https?:\/\/127\.0\.0\.1:(\d+)/.exec(readFileSync(logFile, "utf8"));
    if (match?.[1]) port = Number(match[1]);
    return port !== undefined;
  }, timeoutMs);
  if (!ok || port === undefined) throw new Error(`code-server did not report its port within ${timeoutMs} ms`);
  return port;
}

async function waitForHealth(url: string, exited: () => string | undefined, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited()) throw new Error(`code-server exited during startup (${exited()})`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${url}/healthz did not answer within ${timeoutMs} ms`);
}

/** Removes scratch folders of runs older than a few hours (kept meanwhile for their logs). */
function pruneOldRuns(runsDir: string): void {
  for (const name of safeReaddir(runsDir)) {
    const dir = join(runsDir, name);
    try {
      if (Date.now() - statSync(dir).mtimeMs > STALE_RUN_MS) rmSync(dir, { recursive: true, force: true });
    } catch {
      // raced with another run
    }
  }
}

function ms(since: number): string {
  return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}

function log(message: string): void {
  process.stderr.write(`[harness] ${message}\n`);
}
