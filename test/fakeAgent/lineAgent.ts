/**
 * The fake agent on a line stream (NDJSON JSON-RPC), whatever carries the lines: the process's own
 * stdio (main.ts) or in-memory pipes in the test's process (memoryAgent.ts). It reads the
 * FAKE_AGENT_* environment main.ts documents, and behaves the same on either carrier.
 */
import { closeSync, openSync, writeSync } from "node:fs";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import { AgentConnection, type TransportHost } from "./agent";
import { optionsFromEnv } from "./profiles";
import { World } from "./world";

/** What carries the lines, and what the process around the agent can do. */
export interface LineCarrier {
  /** Stands for the process id in session ids and in the "ready" line on stderr. */
  readonly processId: string;
  readonly input: Readable;
  writeLine(line: string): void;
  /** Writes to stderr; `then` runs once it is written. */
  stderr(text: string, then?: () => void): void;
  /** The process ends with this exit code. */
  exit(code: number): void;
  /** Closes the output for good (the process lives on). */
  closeOutput(): void;
  /** Keeps the process alive without input (quirk Q10, close-stdout). */
  stayAlive(): void;
}

/** Lines longer than this are logged as a placeholder that says how long they were. */
const LOGGED_LINE_LIMIT = 1024 * 1024;

/** FAKE_AGENT_LOG: every line in and out, and the agent's notes, appended as JSONL (FakeAgentHandle reads it). */
function openWireLog(path: string | undefined) {
  // Opened once (append mode): a flood of messages must not pay an open() per line.
  let fd = path ? openSync(path, "a") : undefined;
  return {
    write(direction: "in" | "out" | "note", line: string): void {
      if (fd === undefined) return;
      const logged =
        line.length <= LOGGED_LINE_LIMIT
          ? line
          : JSON.stringify({ jsonrpc: "2.0", method: "(line not logged)", params: { bytes: line.length } });
      writeSync(fd, JSON.stringify({ at: Date.now(), direction, line: logged }) + "\n");
    },
    close(): void {
      if (fd !== undefined) closeSync(fd);
      fd = undefined;
    },
  };
}

/**
 * Starts the agent on `carrier`. Returns what ends it from outside (an in-memory agent's exit):
 * its turns are dropped and the wire log is closed.
 */
export function runLineAgent(env: NodeJS.ProcessEnv, carrier: LineCarrier): () => void {
  const behaviour = env.FAKE_AGENT_BEHAVIOUR;
  if (behaviour === "crash-at-start") {
    carrier.stderr("fatal: the fake agent could not load its configuration (simulated)\n", () => carrier.exit(7));
    return () => undefined;
  }
  const log = openWireLog(env.FAKE_AGENT_LOG);
  let outputClosed = false;
  const host: TransportHost = {
    kind: "stdio",
    exit(code, stderr) {
      carrier.stderr(stderr + "\n", () => carrier.exit(code));
    },
    disconnect() {
      carrier.stderr("fake agent: dropping the connection\n", () => carrier.exit(1));
    },
    closeOutput() {
      carrier.stderr("fake agent: closing stdout, staying alive\n");
      if (!outputClosed) carrier.closeOutput();
      outputClosed = true;
      carrier.stayAlive();
    },
  };

  const world = new World(optionsFromEnv(env), carrier.processId);
  world.note = (text) => log.write("note", text);
  const connection = new AgentConnection(world, host, (message) => {
    if (outputClosed) return;
    const line = typeof message === "string" ? message : JSON.stringify(message);
    log.write("out", line);
    carrier.writeLine(line);
  });
  connection.neverInitialize = behaviour === "never-initialize";
  const lines = createInterface({ input: carrier.input, crlfDelay: Infinity });
  lines.on("line", (line) => {
    if (!line.trim()) return;
    log.write("in", line);
    connection.peer.receiveText(line);
  });
  lines.on("close", () => {
    // Q10 (claude-*, codex): no exit on stdin EOF while a session is live.
    if (env.FAKE_AGENT_EOF === "ignore" && world.live.size > 0) {
      carrier.stderr("fake agent: stdin closed; staying alive\n");
      carrier.stayAlive();
      return;
    }
    carrier.exit(0);
  });
  if (behaviour === "close-stdout") host.closeOutput();
  carrier.stderr(`fake agent ${carrier.processId} ready\n`);
  return () => {
    outputClosed = true;
    lines.removeAllListeners("close");
    lines.close();
    connection.dispose();
    log.close();
  };
}
