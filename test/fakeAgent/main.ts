/**
 * The scripted fake ACP agent over stdio (NDJSON JSON-RPC). Tests launch it from source via tsx
 * (test/support/fakeAgentLaunch.ts); the e2e harness and the offline demo run the bundle
 * `out/test/fakeAgent.js`. The HTTP/WebSocket flavour is httpServer.ts (in-process in tests, or
 * standalone with serve.ts).
 *
 * Environment:
 *   FAKE_AGENT_LOG        append every line in and out (JSONL) to this file, so tests can assert the wire,
 *                         plus `note` lines for decisions that send nothing (World.note)
 *   FAKE_AGENT_PROFILE    default | bub | bub-web | quirks | codebuddy (see profiles.ts)
 *   FAKE_AGENT_STATE      JSON file the sessions persist in, shared by successive agent processes
 *   FAKE_AGENT_BEHAVIOUR  never-initialize | close-stdout | crash-at-start
 *   FAKE_AGENT_EOF=ignore quirk Q10: stay alive after stdin EOF while a session is live
 *   FAKE_AGENT_NO_MODELS, FAKE_AGENT_PROTOCOL_VERSION, FAKE_AGENT_LIST_PAGE, FAKE_AGENT_SEED,
 *   FAKE_AGENT_LOAD_ERROR, FAKE_AGENT_NAME, FAKE_AGENT_AUTH, FAKE_AGENT_MCP_ACP, FAKE_AGENT_UNSTABLE: see FakeAgentOptions in profiles.ts
 *   FAKE_AGENT_LOGIN_REPORT with `--login`: the terminal sign-in program (terminalLogin.ts)
 */
import { closeSync, openSync, writeSync } from "node:fs";
import { createInterface } from "node:readline";
import { AgentConnection, type TransportHost } from "./agent";
import { benchLog } from "./benchScenarios";
import { optionsFromEnv } from "./profiles";
import { runLoginIfAsked } from "./terminalLogin";
import { World } from "./world";

benchLog("agent-started");

const LOGGED_LINE_LIMIT = 1024 * 1024;
const behaviour = process.env.FAKE_AGENT_BEHAVIOUR;
// Opened once (append mode): a flood of messages must not pay an open() per line.
const logFd = process.env.FAKE_AGENT_LOG ? openSync(process.env.FAKE_AGENT_LOG, "a") : undefined;

function log(direction: "in" | "out" | "note", line: string): void {
  if (logFd === undefined) return;
  const logged =
    line.length <= LOGGED_LINE_LIMIT
      ? line
      : JSON.stringify({ jsonrpc: "2.0", method: "(line not logged)", params: { bytes: line.length } });
  writeSync(logFd, JSON.stringify({ at: Date.now(), direction, line: logged }) + "\n");
}

let outputClosed = false;
/** Keeps the process alive once stdin is gone (quirk Q10, close-stdout). */
const stayAlive = () => setInterval(() => undefined, 60_000);

function closeOutput(): void {
  if (outputClosed) return;
  outputClosed = true;
  closeSync(1);
}

const host: TransportHost = {
  kind: "stdio",
  exit(code, stderr) {
    process.stderr.write(stderr + "\n", () => process.exit(code));
  },
  disconnect() {
    process.stderr.write("fake agent: dropping the connection\n", () => process.exit(1));
  },
  closeOutput() {
    process.stderr.write("fake agent: closing stdout, staying alive\n");
    closeOutput();
    stayAlive();
  },
};

if (runLoginIfAsked(process.argv.slice(2), process.env)) {
  // the sign-in program: it exits once the report is written
} else if (behaviour === "crash-at-start") {
  process.stderr.write("fatal: the fake agent could not load its configuration (simulated)\n", () => process.exit(7));
} else {
  const world = new World(optionsFromEnv(process.env));
  world.note = (text) => log("note", text);
  const connection = new AgentConnection(world, host, (message) => {
    if (outputClosed) return;
    const line = typeof message === "string" ? message : JSON.stringify(message);
    log("out", line);
    process.stdout.write(line + "\n");
  });
  connection.neverInitialize = behaviour === "never-initialize";
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  lines.on("line", (line) => {
    if (!line.trim()) return;
    log("in", line);
    connection.peer.receiveText(line);
  });
  lines.on("close", () => {
    // Q10 (claude-*, codex): no exit on stdin EOF while a session is live.
    if (process.env.FAKE_AGENT_EOF === "ignore" && world.live.size > 0) {
      process.stderr.write("fake agent: stdin closed; staying alive\n");
      stayAlive();
      return;
    }
    process.exit(0);
  });
  if (behaviour === "close-stdout") host.closeOutput();
  process.stderr.write(`fake agent ${process.pid} ready\n`);
}
