/**
 * Runs child processes from a worker thread, so that starting one never stalls the extension
 * host's event loop. Node starts a child with fork() on Linux, on the calling thread: the cost
 * grows with the parent's memory (its page tables are copied), about 10–120 ms for an extension
 * host of 300–500 MB, per git call. From the worker only the worker waits; the host posts a
 * message and gets the output back. Same contract as `execFile` with `encoding: "buffer"`: the
 * file by its absolute path, no shell, the given environment and working directory.
 *
 * The worker is started on first use and stays alive while calls are pending (unref'd in between,
 * so it never keeps a process from exiting). Where a worker cannot start or fails, calls run on this
 * thread (a call the worker had started is run again: git's checkpoint commands can be repeated).
 */
import { execFile } from "node:child_process";
import { getPriority, setPriority } from "node:os";
import { Worker } from "node:worker_threads";

export interface ProcessCall {
  readonly file: string;
  readonly args: readonly string[];
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly input?: Buffer | string;
  readonly timeoutMs: number;
  readonly maxBuffer: number;
  /** Background work (a first checkpoint): the child runs at a lower CPU priority, so what the user waits for runs first. */
  readonly background?: boolean;
}

export interface ProcessOutcome {
  /** Exit code (a number), a Node error code (`ENOENT`, `ERR_CHILD_PROCESS_STDIO_MAXBUFFER`) or a signal; undefined: exit 0. */
  readonly code: number | string | undefined;
  readonly stdout: Buffer;
  readonly stderr: string;
}

/** Plain JavaScript (no bundler sees it): the worker's side of the protocol. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { execFile } = require("node:child_process");
const { getPriority, setPriority } = require("node:os");
// Linux keeps a nice value per thread (0 is this thread alone), and a child forked from this
// thread starts with it: background git runs at the lower priority from its first instruction.
// Elsewhere the value is the whole process's, so there only the child is reniced, after its spawn.
if (workerData && workerData.background && process.platform === "linux") {
  try { setPriority(0, Math.max(getPriority(0), 10)); } catch {}
}
parentPort.on("message", ({ id, call }) => {
  let child;
  const done = (error, stdout, stderr) => {
    const code = error ? (error.code ?? error.signal ?? "failed") : undefined;
    parentPort.postMessage({ id, code, stdout, stderr: String(stderr) });
  };
  try {
    child = execFile(call.file, call.args, {
      cwd: call.cwd, env: call.env, encoding: "buffer", maxBuffer: call.maxBuffer,
      timeout: call.timeoutMs, windowsHide: true,
    }, done);
  } catch (error) {
    done(error, Buffer.alloc(0), String(error && error.message));
    return;
  }
  if (call.background && child.pid !== undefined) try { setPriority(child.pid, Math.max(getPriority(child.pid), 10)); } catch {}
  child.stdin.on("error", () => undefined); // a git that exits before reading its input
  if (call.input !== undefined) child.stdin.end(call.input);
  else child.stdin.end();
});
`;

interface Reply {
  readonly id: number;
  readonly code: number | string | undefined;
  readonly stdout: Uint8Array;
  readonly stderr: string;
}

/**
 * One worker thread and its pending calls. Background calls have a worker of their own: on Linux
 * it lowers its own thread's priority once, so the children it forks are born at it (renicing a
 * child after its spawn raced with short commands: 4 to 13 in 100 started at the normal priority).
 */
class ProcessWorker {
  private worker: Worker | undefined;
  private broken = false;
  private nextId = 0;
  private readonly pending = new Map<
    number,
    { readonly call: ProcessCall; readonly resolve: (outcome: ProcessOutcome) => void }
  >();
  /** Resolves once the worker runs (or will never: calls then run on this thread). */
  online: Promise<void> = Promise.resolve();

  constructor(private readonly background: boolean) {}

  run(call: ProcessCall): Promise<ProcessOutcome> {
    const thread = this.started();
    if (!thread) return onThisThread(call);
    return new Promise((resolve) => {
      const id = ++this.nextId;
      this.pending.set(id, { call, resolve });
      thread.ref();
      thread.postMessage({ id, call });
    });
  }

  started(): Worker | undefined {
    if (this.worker || this.broken) return this.worker;
    try {
      const created = new Worker(WORKER_SOURCE, { eval: true, workerData: { background: this.background } });
      this.online = new Promise((resolve) => {
        created.once("online", resolve);
        created.once("error", () => resolve());
        created.once("exit", () => resolve());
      });
      created.on("message", (reply: Reply) => this.settle(reply));
      created.on("error", () => this.fallBack());
      created.on("exit", () => this.fallBack());
      created.unref();
      this.worker = created;
    } catch {
      this.broken = true; // e.g. a host without worker_threads: run on this thread
    }
    return this.worker;
  }

  private settle(reply: Reply): void {
    const waiting = this.pending.get(reply.id);
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker?.unref();
    const out = reply.stdout;
    waiting?.resolve({
      code: reply.code,
      stdout: Buffer.from(out.buffer, out.byteOffset, out.byteLength),
      stderr: reply.stderr,
    });
  }

  /** The worker failed (or never really started): its calls, and every later one, run on this thread. */
  private fallBack(): void {
    this.worker = undefined;
    this.broken = true;
    const calls = [...this.pending.values()];
    this.pending.clear();
    for (const { call, resolve } of calls) void onThisThread(call).then(resolve);
  }
}

const normalCalls = new ProcessWorker(false);
const backgroundCalls = new ProcessWorker(true);

/**
 * Starts the worker ahead of the first call (it takes tens of milliseconds to boot, which the first
 * checkpoint would otherwise wait for); resolves once it runs. Idle, it keeps nothing alive.
 */
export function startProcessThread(): Promise<void> {
  // Only the worker a user waits on: the background one (a thread costs about 10 MB) starts with
  // the first background call, which nobody waits for.
  normalCalls.started();
  return normalCalls.online;
}

function onThisThread(call: ProcessCall): Promise<ProcessOutcome> {
  return new Promise((resolve) => {
    const child = execFile(
      call.file,
      call.args,
      {
        cwd: call.cwd,
        env: call.env,
        encoding: "buffer",
        maxBuffer: call.maxBuffer,
        timeout: call.timeoutMs,
        windowsHide: true,
      },
      (error, stdout, stderr) => {
        const failed = error as { code?: number | string; signal?: string } | null;
        const code = failed ? (failed.code ?? failed.signal ?? "failed") : undefined;
        resolve({ code, stdout, stderr: stderr.toString("utf8") });
      },
    );
    if (call.background && child.pid !== undefined) lowerPriority(child.pid);
    child.stdin?.on("error", () => undefined);
    child.stdin?.end(call.input);
  });
}

/**
 * Nice 10 (below normal on Windows), or the child's own when lower already (an extension host run
 * under `nice`: setting 10 would raise it where that is allowed); a system that refuses keeps it.
 */
function lowerPriority(pid: number): void {
  try {
    setPriority(pid, Math.max(getPriority(pid), 10));
  } catch {
    // not allowed here: the call runs at the normal priority
  }
}

/** Runs `call` to its end; never rejects (a failure is in `code`). */
export function runProcess(call: ProcessCall): Promise<ProcessOutcome> {
  return (call.background ? backgroundCalls : normalCalls).run(call);
}
