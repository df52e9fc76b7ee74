/**
 * Runs git for a shadow repository: always the absolute binary, a clean environment (no inherited
 * `GIT_*`, no global or system config, no hooks, no templates), byte-exact content (no CRLF or
 * filter conversion) and a working directory inside the private storage, never the workspace.
 */
import type { GitExecutable } from "./gitExecutable";
import { LOCK_WAIT_MS, lockReleased, repositoryLock } from "./lockWait";
import { runProcess } from "./processThread";

export interface GitPlace {
  readonly git: GitExecutable;
  /** The shadow repository's own git folder, in the extension's storage. */
  readonly gitDir: string;
  /** The workspace folder it snapshots. */
  readonly workTree: string;
  /** A file of extra ignore patterns (files over the size cap). */
  readonly excludesFile: string;
}

export class GitFailed extends Error {
  constructor(
    readonly args: readonly string[],
    readonly code: number | string | undefined,
    readonly stderr: string,
  ) {
    super(`git ${args[0] ?? ""} failed (${String(code)}): ${stderr.trim().slice(0, 500)}`);
  }
}

const NO_HOOKS = process.platform === "win32" ? "NUL" : "/dev/null";

/** Overrides on every call: whatever config the repository or the machine has, these win. */
function overrides(place: GitPlace): string[] {
  const settings = [
    `core.hooksPath=${NO_HOOKS}`,
    "core.autocrlf=false",
    "core.safecrlf=false",
    "core.fsmonitor=false",
    "core.quotePath=false",
    "core.longPaths=true",
    "core.symlinks=true",
    `core.excludesFile=${place.excludesFile}`,
    "commit.gpgSign=false",
    "gc.auto=0",
    "advice.addEmbeddedRepo=false",
    "safe.directory=*",
  ];
  return settings.flatMap((setting) => ["-c", setting]);
}

/** Worked out once per repository: reading `process.env` costs the host's thread about 1 ms a call. */
const environments = new WeakMap<GitPlace, NodeJS.ProcessEnv>();

function environment(place: GitPlace): NodeJS.ProcessEnv {
  let found = environments.get(place);
  if (!found) environments.set(place, (found = cleanEnvironment(place)));
  return found;
}

function cleanEnvironment(place: GitPlace): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    // GIT_DIR, GIT_INDEX_FILE, GIT_CONFIG_* … from a Dev Container or a terminal must not leak in.
    if (!/^GIT_/i.test(name)) env[name] = value;
  }
  return {
    ...env,
    GIT_DIR: place.gitDir,
    GIT_WORK_TREE: place.workTree,
    GIT_INDEX_FILE: `${place.gitDir}/index`,
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: NO_HOOKS,
    HOME: place.gitDir, // older git has no GIT_CONFIG_GLOBAL: no ~/.gitconfig is found here
    XDG_CONFIG_HOME: place.gitDir,
    GIT_TERMINAL_PROMPT: "0",
    GIT_OPTIONAL_LOCKS: "0",
    GIT_AUTHOR_NAME: "ACP Panel",
    GIT_AUTHOR_EMAIL: "checkpoints@acp-panel.invalid",
    GIT_COMMITTER_NAME: "ACP Panel",
    GIT_COMMITTER_EMAIL: "checkpoints@acp-panel.invalid",
  };
}

export interface RunOptions {
  readonly input?: Buffer | string;
  /** Exit codes that are answers, not failures (`ls-tree` of a missing path is 0 anyway). */
  readonly okCodes?: readonly number[];
  readonly timeoutMs?: number;
  /** More `name=value` settings for this call only (after the fixed ones). */
  readonly config?: readonly string[];
  /** Another index file than the repository's own, for this call only. */
  readonly indexFile?: string;
  /** Work nobody waits for (the first checkpoint's hashing): run at a lower CPU priority. */
  readonly background?: boolean;
}

/**
 * Runs git in a child process, started off the host's thread (processThread.ts). A call that finds
 * a lock held by another git process (a second window's checkpoint of the same folder) runs again
 * once the lock is gone (lockWait.ts).
 */
export async function runGit(place: GitPlace, args: readonly string[], options: RunOptions = {}): Promise<Buffer> {
  const extra = (options.config ?? []).flatMap((setting) => ["-c", setting]);
  const env = environment(place);
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    const { code, stdout, stderr } = await runProcess({
      file: place.git.path,
      args: [...overrides(place), ...extra, ...args],
      cwd: place.gitDir,
      env: options.indexFile === undefined ? env : { ...env, GIT_INDEX_FILE: options.indexFile },
      maxBuffer: 512 * 1024 * 1024,
      timeoutMs: options.timeoutMs ?? 120_000,
      ...(options.input === undefined ? {} : { input: options.input }),
      ...(options.background ? { background: true } : {}),
    });
    if (code === undefined || (typeof code === "number" && options.okCodes?.includes(code))) return stdout;
    const lock = repositoryLock(stderr, place.gitDir, options.indexFile);
    if (lock === undefined || Date.now() >= deadline || !(await lockReleased(lock, deadline)))
      throw new GitFailed(args, code, stderr);
  }
}
