/**
 * The fake agent in the test's own process, on in-memory pipes instead of a child's stdio: the
 * same lines, scenarios and FAKE_AGENT_* environment as main.ts, without spawning a process.
 * test/support/memoryTransport.ts puts it behind the client's AgentTransport seam.
 *
 * It behaves as the process would: what it writes arrives a macrotask later, in order; on exit
 * its output ends, its turns stop and writes to its input fail (EPIPE); `stop` closes the input
 * and, when the agent stays alive (quirk Q10), ends it as SIGTERM would. Each one has its own
 * World (session ids, per-process scenario state), as each process has.
 */
import { PassThrough, Writable, type Readable } from "node:stream";
import { runLineAgent } from "./lineAgent";

export interface MemoryAgentExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

export interface MemoryAgent {
  /** The agent's stdin: the client writes its lines here. */
  readonly stdin: Writable;
  /** The agent's stdout. */
  readonly stdout: Readable;
  readonly exited: Promise<MemoryAgentExit>;
  readonly hasExited: boolean;
  /** The last few KiB written to stderr, as AgentProcess keeps them. */
  stderr(): string;
  /** Closes stdin; an agent that stays alive is then ended with SIGTERM. */
  stop(): Promise<void>;
}

const STDERR_TAIL_BYTES = 4096;
let started = 0;

/** `stderrLine`: each complete line the agent writes to stderr (the client's logger gets them). */
export function startMemoryAgent(
  env: Readonly<Record<string, string>>,
  stderrLine: (line: string) => void,
): MemoryAgent {
  const processId = `${process.pid}m${++started}`;
  const input = memoryPipe();
  const output = memoryPipe();
  let exit: MemoryAgentExit | undefined;
  let settle!: (exit: MemoryAgentExit) => void;
  const exited = new Promise<MemoryAgentExit>((resolve) => (settle = resolve));
  /** Resolves when the agent has answered stdin's end: it exited, or it stays alive. */
  let answerEof: (() => void) | undefined;
  let stderrTail = "";
  let partial = "";

  const end = (how: MemoryAgentExit) => {
    if (exit) return;
    exit = how;
    dispose();
    output.close();
    input.close();
    answerEof?.();
    settle(how);
  };
  const dispose = runLineAgent(env, {
    processId,
    input: input.readable,
    writeLine: (line) => output.writable.write(line + "\n"),
    stderr(text, then) {
      if (exit) return;
      stderrTail = (stderrTail + text).slice(-STDERR_TAIL_BYTES);
      const lines = (partial + text).split("\n");
      partial = lines.pop() ?? "";
      for (const line of lines) stderrLine(line);
      if (then) setImmediate(then);
    },
    exit: (code) => end({ code, signal: null }),
    closeOutput: () => output.writable.end(),
    stayAlive: () => answerEof?.(),
  });

  return {
    stdin: input.writable,
    stdout: output.readable,
    exited,
    get hasExited() {
      return exit !== undefined;
    },
    stderr: () => stderrTail.trimEnd(),
    async stop() {
      if (exit) return;
      await new Promise<void>((resolve) => {
        answerEof = resolve;
        input.writable.end();
      });
      end({ code: null, signal: "SIGTERM" });
    },
  };
}

/**
 * One direction of a pipe between the client and the agent: what is written comes out of
 * `readable` a macrotask later, in order (writes that queue up meanwhile travel together). After
 * `close` (the agent exited) writes fail with EPIPE, as writes to a dead child's stdin do.
 */
function memoryPipe() {
  const readable = new PassThrough();
  let closed = false;
  const writable = new Writable({
    writev(chunks, callback) {
      if (closed) return callback(epipe());
      setImmediate(() => {
        if (closed) return callback(epipe());
        for (const { chunk } of chunks) readable.write(chunk);
        callback();
      });
    },
    final(callback) {
      setImmediate(() => {
        if (!closed) readable.end();
        callback();
      });
    },
  });
  // Like AgentProcess on a child's stdin: a dead agent's EPIPE is reported by its exit, not here.
  writable.on("error", () => undefined);
  return {
    writable,
    readable,
    close() {
      if (closed) return;
      closed = true;
      readable.end();
    },
  };
}

function epipe(): NodeJS.ErrnoException {
  return Object.assign(new Error("write EPIPE"), { code: "EPIPE", errno: -32, syscall: "write" });
}
