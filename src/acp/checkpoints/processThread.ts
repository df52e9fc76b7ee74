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
const { parentPort } = require("node:worker_threads");
const { execFile } = require("node:child_process");
const { getPriority, setPriority } = require("node:os");
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

let worker: Worker | undefined;
let broken = false;
let nextId = 0;
const pending = new Map<number, { readonly call: ProcessCall; readonly resolve: (outcome: ProcessOutcome) => void }>();

function settle(reply: Reply): void {
  const waiting = pending.get(reply.id);
  pending.delete(reply.id);
  if (pending.size === 0) worker?.unref();
  const out = reply.stdout;
  waiting?.resolve({
    code: reply.code,
    stdout: Buffer.from(out.buffer, out.byteOffset, out.byteLength),
    stderr: reply.stderr,
  });
}

/** The worker failed (or never really started): its calls, and every later one, run on this thread. */
function fallBack(): void {
  worker = undefined;
  broken = true;
  const calls = [...pending.values()];
  pending.clear();
  for (const { call, resolve } of calls) void onThisThread(call).then(resolve);
}

/** Resolves once the worker runs (or will never: calls then run on this thread). */
let online: Promise<void> = Promise.resolve();

function started(): Worker | undefined {
  if (worker || broken) return worker;
  try {
    const created = new Worker(WORKER_SOURCE, { eval: true });
    online = new Promise((resolve) => {
      created.once("online", resolve);
      created.once("error", () => resolve());
      created.once("exit", () => resolve());
    });
    created.on("message", settle);
    created.on("error", fallBack);
    created.on("exit", fallBack);
    created.unref();
    worker = created;
  } catch {
    broken = true; // e.g. a host without worker_threads: run on this thread
  }
  return worker;
}

/**
 * Starts the worker ahead of the first call (it takes tens of milliseconds to boot, which the first
 * checkpoint would otherwise wait for); resolves once it runs. Idle, it keeps nothing alive.
 */
export function startProcessThread(): Promise<void> {
  started();
  return online;
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
  const thread = started();
  if (!thread) return onThisThread(call);
  return new Promise((resolve) => {
    const id = ++nextId;
    pending.set(id, { call, resolve });
    thread.ref();
    thread.postMessage({ id, call });
  });
}
