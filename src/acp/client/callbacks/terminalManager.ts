/**
 * The client side of ACP terminals: the agent asks, the extension host runs the process.
 * Output is kept up to `outputByteLimit`, dropping from the start on a character boundary.
 * `release` kills a running process and forgets the id (later calls: -32002), but the UI keeps
 * the last output. The user may kill one command from its card (`killOwned`). Every process runs
 * in its own group, and nothing outlives a kill, a release, the end of its session or the end of
 * the agent.
 */
import { spawn, type ChildProcess } from "node:child_process";
import type * as acp from "@agentclientprotocol/sdk";
import { LIMIT_REACHED, RequestError } from "../connection/connection";
import type { TerminalCallbacks } from "../connection/clientCallbacks";
import type { TerminalEvents, TerminalExit } from "../../ports";

export interface TerminalOptions {
  readonly defaultCwd: (sessionId: string) => string;
  readonly pathValue?: () => string | undefined;
  readonly events?: TerminalEvents;
  /** When the agent gives no limit. */
  readonly defaultByteLimit?: number;
}

interface RunningTerminal {
  readonly sessionId: string;
  readonly child: ChildProcess;
  readonly limit: number;
  output: string;
  bytes: number;
  truncated: boolean;
  exit?: TerminalExit;
  readonly exited: Promise<TerminalExit>;
}

const GRACE_MS = 2000;
/** Terminals one session may hold: running, or exited and not yet released. */
export const MAX_TERMINALS_PER_SESSION = 16;
/** The most output kept per terminal, whatever `outputByteLimit` the agent asks for. */
export const MAX_OUTPUT_BYTE_LIMIT = 4 * 1024 * 1024;

export class TerminalManager implements TerminalCallbacks {
  private readonly terminals = new Map<string, RunningTerminal>();
  private counter = 0;

  constructor(private readonly options: TerminalOptions) {}

  // eslint-disable-next-line @typescript-eslint/require-await -- async: a refusal (limit, bad cwd) must reject, not throw
  async create(params: acp.CreateTerminalRequest): Promise<acp.CreateTerminalResponse> {
    this.makeRoom(params.sessionId);
    const terminalId = `term-${++this.counter}`;
    const env: NodeJS.ProcessEnv = { ...process.env };
    const pathValue = this.options.pathValue?.();
    if (pathValue) env.PATH = pathValue;
    for (const variable of params.env ?? []) env[variable.name] = variable.value;
    // No args: the command is a whole shell line (claude-code-acp sends `cd x && npm test`).
    const shellLine = !params.args || params.args.length === 0;
    const file = shellLine
      ? process.platform === "win32"
        ? (process.env.ComSpec ?? "cmd.exe")
        : "/bin/sh"
      : params.command;
    const args = shellLine
      ? process.platform === "win32"
        ? ["/d", "/s", "/c", params.command]
        : ["-c", params.command]
      : (params.args ?? []);
    this.options.events?.created?.(
      params.sessionId,
      terminalId,
      shellLine ? params.command : [params.command, ...(params.args ?? [])].join(" "),
    );
    let child: ChildProcess;
    try {
      child = spawn(file, args, {
        cwd: params.cwd ?? this.options.defaultCwd(params.sessionId),
        env,
        stdio: ["ignore", "pipe", "pipe"],
        detached: process.platform !== "win32",
        windowsHide: true,
      });
    } catch (error) {
      // Shown already: close what was shown (an invalid cwd or env value throws before any process exists).
      this.options.events?.exited?.(params.sessionId, terminalId, { exitCode: 127, signal: null });
      this.options.events?.released?.(params.sessionId, terminalId);
      throw error;
    }
    const terminal: RunningTerminal = {
      sessionId: params.sessionId,
      child,
      limit: byteLimit(params.outputByteLimit ?? this.options.defaultByteLimit ?? 1024 * 1024),
      output: "",
      bytes: 0,
      truncated: false,
      exited: new Promise((resolve) => {
        child.once("error", (error) => {
          this.append(terminalId, terminal, `${error.message}\n`);
          finish({ exitCode: 127, signal: null });
        });
        child.once("close", (code, signal) => finish({ exitCode: code, signal }));
        const finish = (exit: TerminalExit) => {
          if (terminal.exit) return;
          terminal.exit = exit;
          killGroup(child, "SIGKILL"); // leftovers of the command's own children
          this.options.events?.exited?.(params.sessionId, terminalId, exit);
          resolve(exit);
        };
      }),
    };
    this.terminals.set(terminalId, terminal);
    const onData = (data: Buffer) => this.append(terminalId, terminal, data.toString("utf8"));
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    return { terminalId };
  }

  // eslint-disable-next-line @typescript-eslint/require-await -- async: an unknown terminal id must reject, not throw
  async output(params: acp.TerminalOutputRequest): Promise<acp.TerminalOutputResponse> {
    const terminal = this.get(params.terminalId);
    return {
      output: terminal.output,
      truncated: terminal.truncated,
      ...(terminal.exit ? { exitStatus: terminal.exit } : {}),
    };
  }

  async waitForExit(
    params: acp.WaitForTerminalExitRequest,
    signal: AbortSignal,
  ): Promise<acp.WaitForTerminalExitResponse> {
    const terminal = this.get(params.terminalId);
    return new Promise((resolve, reject) => {
      const onAbort = () => reject(RequestError.requestCancelled());
      signal.addEventListener("abort", onAbort, { once: true });
      void terminal.exited.then((exit) => {
        signal.removeEventListener("abort", onAbort);
        resolve({ exitCode: exit.exitCode, signal: exit.signal });
      });
    });
  }

  async kill(params: acp.KillTerminalRequest): Promise<acp.KillTerminalResponse> {
    await this.stop(this.get(params.terminalId));
    return {};
  }

  /**
   * The user's "Kill command" on a terminal's card: kills `terminalId` only when it runs for
   * `sessionId` (the id comes from the webview, so an unknown id or another session's is ignored:
   * false). The terminal stays queryable, so the agent's next `terminal/output` or
   * `terminal/wait_for_exit` sees the exit status, as after its own `terminal/kill`.
   */
  async killOwned(sessionId: string, terminalId: string): Promise<boolean> {
    const terminal = this.terminals.get(terminalId);
    if (!terminal || terminal.sessionId !== sessionId || terminal.exit) return false;
    await this.stop(terminal);
    return true;
  }

  async release(params: acp.ReleaseTerminalRequest): Promise<acp.ReleaseTerminalResponse> {
    const terminal = this.get(params.terminalId);
    this.forget(params.terminalId, terminal);
    await this.stop(terminal);
    return {};
  }

  /** Kills and forgets every terminal of a session (session closed, turn cancelled by close). */
  async releaseSession(sessionId: string): Promise<void> {
    const mine = [...this.terminals].filter(([, terminal]) => terminal.sessionId === sessionId);
    for (const [id, terminal] of mine) this.forget(id, terminal);
    await Promise.all(mine.map(([, terminal]) => this.stop(terminal)));
  }

  /** Kills everything (the agent ended, the extension deactivates). */
  async dispose(): Promise<void> {
    const all = [...this.terminals];
    for (const [id, terminal] of all) this.forget(id, terminal);
    await Promise.all(all.map(([, terminal]) => this.stop(terminal)));
  }

  /** PIDs of processes still running, for tests asserting nothing is orphaned. */
  runningPids(): number[] {
    return [...this.terminals.values()]
      .filter((t) => !t.exit && t.child.pid !== undefined)
      .map((t) => t.child.pid as number);
  }

  /**
   * Enforces MAX_TERMINALS_PER_SESSION: the oldest exited terminal the agent never released is
   * forgotten (later calls on it: -32002); if every one is still running, the request is refused.
   */
  private makeRoom(sessionId: string): void {
    const mine = [...this.terminals].filter(([, terminal]) => terminal.sessionId === sessionId);
    if (mine.length < MAX_TERMINALS_PER_SESSION) return;
    const exited = mine.find(([, terminal]) => terminal.exit);
    if (exited) {
      this.forget(...exited);
      return;
    }
    throw new RequestError(
      LIMIT_REACHED,
      `ACP Panel allows at most ${MAX_TERMINALS_PER_SESSION} open terminals per session; release or kill one before creating another.`,
      { limit: MAX_TERMINALS_PER_SESSION },
    );
  }

  private forget(terminalId: string, terminal: RunningTerminal): void {
    if (this.terminals.delete(terminalId)) this.options.events?.released?.(terminal.sessionId, terminalId);
  }

  private get(terminalId: string): RunningTerminal {
    const terminal = this.terminals.get(terminalId);
    if (!terminal) throw RequestError.resourceNotFound(terminalId);
    return terminal;
  }

  private append(terminalId: string, terminal: RunningTerminal, text: string): void {
    terminal.output += text;
    terminal.bytes += Buffer.byteLength(text, "utf8");
    if (terminal.bytes > terminal.limit) {
      terminal.output = keepLastBytes(terminal.output, terminal.limit);
      terminal.bytes = Buffer.byteLength(terminal.output, "utf8");
      terminal.truncated = true;
    }
    this.options.events?.output?.(terminal.sessionId, terminalId, text);
  }

  private async stop(terminal: RunningTerminal): Promise<void> {
    if (terminal.exit) return;
    killGroup(terminal.child, "SIGTERM");
    const done = await Promise.race([terminal.exited.then(() => true), delay(GRACE_MS).then(() => false)]);
    if (!done) {
      killGroup(terminal.child, "SIGKILL");
      await terminal.exited;
    }
  }
}

/** The agent's `outputByteLimit`, as a whole number of bytes within MAX_OUTPUT_BYTE_LIMIT. */
function byteLimit(requested: number): number {
  return Number.isFinite(requested)
    ? Math.min(Math.max(0, Math.floor(requested)), MAX_OUTPUT_BYTE_LIMIT)
    : MAX_OUTPUT_BYTE_LIMIT;
}

/** The last `limit` bytes of `text`, starting on a character boundary. */
export function keepLastBytes(text: string, limit: number): string {
  const bytes = Buffer.from(text, "utf8");
  if (bytes.length <= limit) return text;
  let start = bytes.length - limit;
  while (start < bytes.length && ((bytes[start] ?? 0) & 0b1100_0000) === 0b1000_0000) start++; // skip continuation bytes
  return bytes.subarray(start).toString("utf8");
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    if (process.platform === "win32") child.kill(signal);
    else process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
