/**
 * One agent child process over stdio. Owns its lifetime: the stderr tail for error reports,
 * exit detection, and a shutdown that leaves no orphans.
 *
 * Shutdown order (some agents ignore stdin EOF while a session is live): close stdin, wait,
 * SIGTERM the whole process group, wait, SIGKILL the group. If this process dies without a
 * shutdown (the extension host killed outright), a watcher kills the group: see guardOrphan.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import type { Readable, Writable } from "node:stream";
import type { AgentLaunch, Logger } from "../../ports";
import { launchSite } from "./packageRunner";
import { planSpawn } from "../../platform/shellEnvironment";

export interface AgentExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  /** Set when the process could not be started at all (ENOENT, EACCES…). */
  readonly spawnError?: NodeJS.ErrnoException;
}

const STDERR_TAIL_BYTES = 4096;
/** A stderr line longer than this is logged in pieces (an agent may write megabytes with no newline). */
export const STDERR_LINE_MAX_CHARS = 16 * 1024;
const GRACE_MS = 1500;
/**
 * How long an exit waits for the rest of stderr. The exit can be seen before the last words the
 * agent wrote (why it failed) are read; they are in the pipe, read as soon as the loop gets to
 * it. Once the group is killed the pipe closes; a process outside the group holding it open
 * delays the report by this much at most.
 */
const STDERR_DRAIN_MS = 2000;

export class AgentProcess {
  readonly exited: Promise<AgentExit>;
  private readonly child: ChildProcessWithoutNullStreams;
  private stderrTail = "";
  private exit: AgentExit | undefined;
  /** The working directory it was started in: the workspace, or the runners' private folder. */
  readonly directory: string;

  /**
   * `cwd` is the workspace; a package runner starts in a private folder of `runnerBase` instead
   * (see packageRunner.ts). `pathValue` is the PATH to search and pass on (the login shell's, merged).
   */
  constructor(
    readonly launch: AgentLaunch,
    cwd: string,
    logger: Logger,
    pathValue?: string,
    runnerBase?: string,
  ) {
    const site = launchSite(launch, cwd, runnerBase);
    this.directory = site.directory;
    const env = {
      ...process.env,
      ...(pathValue ? { PATH: pathValue } : {}),
      ...site.env,
      ...launch.env,
    };
    const plan = planSpawn(launch.command, launch.args, env.PATH);
    this.child = spawn(plan.file, [...plan.args], {
      cwd: this.directory,
      env,
      windowsVerbatimArguments: plan.windowsVerbatimArguments ?? false,
      stdio: ["pipe", "pipe", "pipe"],
      // Its own process group, so stop() can signal the agent and everything it spawned.
      detached: process.platform !== "win32",
      windowsHide: true,
    });
    this.child.stderr.setEncoding("utf8");
    let partial = "";
    this.child.stderr.on("data", (text: string) => {
      this.stderrTail = (this.stderrTail + text).slice(-STDERR_TAIL_BYTES);
      const lines = (partial + text).split("\n");
      partial = lines.pop() ?? "";
      for (const line of lines) logger.agentStderr(launch.name, line);
      // No newline for a long while: log what is pending in pieces, so it never grows unbounded.
      while (partial.length >= STDERR_LINE_MAX_CHARS) {
        logger.agentStderr(launch.name, partial.slice(0, STDERR_LINE_MAX_CHARS));
        partial = partial.slice(STDERR_LINE_MAX_CHARS);
      }
    });
    if (this.child.pid !== undefined) guardOrphan(this.child.pid);
    // A dead agent makes writes fail with EPIPE; the exit handler reports it, so swallow here.
    this.child.stdin.on("error", () => undefined);
    this.exited = new Promise((resolve) => {
      this.child.once("error", (error: NodeJS.ErrnoException) => {
        if (this.child.pid === undefined) this.settle({ code: null, signal: null, spawnError: error }, resolve);
      });
      this.child.once("exit", (code, signal) => this.settle({ code, signal }, resolve));
    });
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get stdin(): Writable {
    return this.child.stdin;
  }

  get stdout(): Readable {
    return this.child.stdout;
  }

  get hasExited(): boolean {
    return this.exit !== undefined;
  }

  /** The last few KiB the agent wrote to stderr, for error reports. */
  stderr(): string {
    return this.stderrTail.trimEnd();
  }

  async stop(): Promise<void> {
    if (this.exit) return;
    this.child.stdin.end();
    if (await this.exitsWithin(GRACE_MS)) return;
    this.signalGroup("SIGTERM");
    if (await this.exitsWithin(GRACE_MS)) return;
    this.signalGroup("SIGKILL");
    await this.exitsWithin(GRACE_MS);
  }

  private settle(exit: AgentExit, resolve: (exit: AgentExit) => void): void {
    if (this.exit) return;
    this.exit = exit;
    // The agent is gone; make sure nothing it started outlives it.
    if (!exit.spawnError) this.signalGroup("SIGKILL");
    // `exited` is what reports a crash with the stderr tail: only once that tail is whole. A
    // process that never started wrote nothing.
    if (exit.spawnError) resolve(exit);
    else void this.stderrRead(STDERR_DRAIN_MS).then(() => resolve(exit));
  }

  /** Resolves once stderr has been read to its end, or after `ms`. */
  private stderrRead(ms: number): Promise<void> {
    const stream = this.child.stderr;
    if (stream.readableEnded || stream.destroyed) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        stream.off("end", done);
        stream.off("close", done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      stream.once("end", done);
      stream.once("close", done);
    });
  }

  private signalGroup(signal: NodeJS.Signals): void {
    const pid = this.child.pid;
    if (pid === undefined) return;
    try {
      if (process.platform === "win32") this.child.kill(signal);
      else process.kill(-pid, signal);
    } catch {
      // Already gone.
    }
  }

  private exitsWithin(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      void this.exited.then(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }
}

/**
 * Agents that ignore stdin EOF while a session is live (claude-agent-acp, claude-code-acp,
 * codex-acp) would outlive an extension host that is killed without running deactivate (e.g.
 * code-server stopped with SIGTERM), in their own process group. A small detached watcher kills
 * the agent's group once this process is gone, and ends by itself when the agent exits first.
 */
function guardOrphan(agentPid: number): void {
  if (process.platform === "win32") return;
  const host = process.pid;
  const script = `while kill -0 ${host} 2>/dev/null && kill -0 ${agentPid} 2>/dev/null; do sleep 0.5; done; kill -0 ${host} 2>/dev/null || kill -KILL -${agentPid} 2>/dev/null`;
  try {
    const watcher = spawn("/bin/sh", ["-c", script], {
      detached: true,
      stdio: "ignore",
      env: { PATH: "/usr/bin:/bin" },
    });
    watcher.on("error", () => undefined); // best effort: the normal shutdown still applies
    watcher.unref();
  } catch {
    // as above
  }
}
