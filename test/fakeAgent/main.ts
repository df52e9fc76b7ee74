/**
 * The scripted fake ACP agent as a process, on its stdio (NDJSON JSON-RPC; the agent itself is
 * lineAgent.ts). Tests that need a real process launch it through test/support/fakeAgentLaunch.ts;
 * most run the same agent in their own process instead (memoryAgent.ts). The e2e harness and the
 * offline demo run the bundle `out/test/fakeAgent.js`. The HTTP/WebSocket flavour is httpServer.ts
 * (in-process in tests, or standalone with serve.ts).
 *
 * Environment:
 *   FAKE_AGENT_LOG        append every line in and out (JSONL) to this file, so tests can assert the wire,
 *                         plus `note` lines for decisions that send nothing (World.note)
 *   FAKE_AGENT_PROFILE    default | bub | bub-web | quirks | codebuddy (see profiles.ts)
 *   FAKE_AGENT_STATE      JSON file the sessions persist in, shared by successive agent processes
 *   FAKE_AGENT_BEHAVIOUR  never-initialize | close-stdout | crash-at-start
 *   FAKE_AGENT_EOF=ignore quirk Q10: stay alive after stdin EOF while a session is live
 *   FAKE_AGENT_NO_MODELS, FAKE_AGENT_PROTOCOL_VERSION, FAKE_AGENT_LIST_PAGE, FAKE_AGENT_SEED,
 *   FAKE_AGENT_LOAD_ERROR, FAKE_AGENT_NAME, FAKE_AGENT_AUTH, FAKE_AGENT_MCP_ACP, FAKE_AGENT_UNSTABLE, FAKE_AGENT_SLOW_END: see FakeAgentOptions in profiles.ts
 *   FAKE_AGENT_LOGIN_REPORT with `--login`: the terminal sign-in program (terminalLogin.ts)
 */
import { closeSync } from "node:fs";
import { benchLog } from "./benchScenarios";
import { runLineAgent } from "./lineAgent";
import { runLoginIfAsked } from "./terminalLogin";

benchLog("agent-started");

// Q10 is an agent that outlives its client's pipes: a write after the client closed its end (an
// update racing the client's dispose) fails with EPIPE, which would otherwise end the process.
if (process.env.FAKE_AGENT_EOF === "ignore") process.stdout.on("error", () => undefined);

if (!runLoginIfAsked(process.argv.slice(2), process.env)) {
  runLineAgent(process.env, {
    processId: String(process.pid),
    input: process.stdin,
    writeLine: (line) => process.stdout.write(line + "\n"),
    stderr: (text, then) => process.stderr.write(text, then && (() => then())),
    exit: (code) => process.exit(code),
    closeOutput: () => closeSync(1),
    // An interval keeps the process alive once stdin is gone.
    stayAlive: () => setInterval(() => undefined, 60_000),
  });
}
