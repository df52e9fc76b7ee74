/**
 * Catalogue group A (handshake and capabilities) and start-up failures: the real AgentClient and
 * ChatSession against the fake agent (in memory; a real process for the failures that are about
 * one), asserting what went over the wire.
 */
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { AgentStartError } from "../../src/acp/client/connection/agentClient";
import { agentPresets } from "../../src/acp/agents/agentPresets";
import { capabilitiesOf } from "../../src/acp/client/connection/agentCapabilities";
import type { ClientCallbacks } from "../../src/acp/client/connection/clientCallbacks";
import { fakeAgent, fakeAgentProcess } from "../support/fakeAgentLaunch";
import { definitionOf, MemoryLogger } from "../support/memoryPorts";
import { Cleanup, connect, openClient, startedChat } from "../support/hostHarness";
import { agentPid, isAlive, waitForExit } from "../support/agentPids";
import { waitFor } from "../support/waitFor";
import { isLodyClient } from "../fakeAgent/profiles";

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

const initializeParams = (agent: ReturnType<typeof fakeAgent>) =>
  agent.received().find((m) => m.method === "initialize")?.params;

test("initialize sends protocol version 1, our clientInfo and exactly the capabilities we implement", async () => {
  const agent = fakeAgent("Plain", { FAKE_AGENT_PROFILE: "bub" });
  await connect(cleanup, agent.launch);
  assert.deepEqual(initializeParams(agent), {
    protocolVersion: 1,
    // plan / subagents: unstable display features the panel renders (id-addressed plans, standard subagents).
    clientCapabilities: {
      session: { configOptions: { boolean: {} }, notices: {}, compaction: {} },
      plan: {},
      subagents: {},
      _meta: { terminal_output: true },
    },
    clientInfo: { name: "acp-panel", title: "ACP Panel", version: "0.1.0" },
  });
});

test("each callback group provided is advertised, and only then", async () => {
  const agent = fakeAgent("Full", { FAKE_AGENT_PROFILE: "bub" });
  const unused = () => Promise.reject(new Error("not called"));
  const callbacks: ClientCallbacks = {
    fs: { readTextFile: unused, writeTextFile: unused },
    terminal: { create: unused, output: unused, waitForExit: unused, kill: unused, release: unused },
    elicitation: { create: unused, complete: () => undefined },
    subagentEvents: true,
  };
  await connect(cleanup, agent.launch, { callbacks });
  const params = initializeParams(agent) as { clientCapabilities: unknown };
  assert.deepEqual(params.clientCapabilities, {
    fs: { readTextFile: true, writeTextFile: true },
    terminal: true,
    elicitation: { form: {} },
    session: { configOptions: { boolean: {} }, notices: {}, compaction: {} },
    plan: {},
    subagents: {},
    _meta: { terminal_output: true, lody: { subagentEvents: { version: 1 } } },
  });
});

test("init-plain: Bub answers a non-Lody client without agentCapabilities._meta", async () => {
  const client = await connect(cleanup, fakeAgent("Bub", { FAKE_AGENT_PROFILE: "bub" }).launch);
  const init = client.init as Record<string, unknown> & typeof client.init;
  assert.equal(init.protocolVersion, 1);
  assert.deepEqual(init.agentCapabilities?.sessionCapabilities, { delete: {}, close: {}, list: {}, resume: {} });
  assert.equal(init.agentCapabilities?._meta, undefined);
  assert.deepEqual(init._meta, { steering: { supported: true } });
  assert.equal(init.authMethods, undefined);
  const caps = capabilitiesOf(init);
  assert.deepEqual(
    {
      load: caps.load,
      resume: caps.resume,
      close: caps.close,
      list: caps.list,
      delete: caps.delete,
      prompt: caps.prompt,
    },
    { load: true, resume: true, close: true, list: true, delete: true, prompt: undefined },
  );
});

test("init-lody: the Bub preset presents a Lody clientInfo and gets Bub's _meta.lody block", async () => {
  const agent = fakeAgent("Bub", { FAKE_AGENT_PROFILE: "bub" });
  const preset = agentPresets.find((candidate) => candidate.name === "Bub");
  assert.ok(preset?.clientInfo, "the Bub preset overrides clientInfo");
  const client = await connect(cleanup, {
    ...preset,
    command: agent.launch.command,
    args: agent.launch.args,
    env: agent.launch.env,
  });
  assert.deepEqual((initializeParams(agent) as { clientInfo: unknown }).clientInfo, {
    name: "lody-acp-panel",
    title: "ACP Panel (Lody-compatible)",
    version: "0.1.0",
  });
  const lody = (client.init.agentCapabilities?._meta as { lody?: Record<string, unknown> } | undefined)?.lody;
  assert.deepEqual(Object.keys(lody ?? {}).sort(), ["sessionTitle", "steering", "subagentEvents"]);
});

test("the fake agent detects Lody clients by Bub's rule", () => {
  const lody = ["lody", "Lody", "lody-cli", "LODY-desktop", " lody "].map((name) => isLodyClient({ name }));
  const other = ["mylody", "not-lody", "zed", undefined].map((name) => isLodyClient({ name }));
  assert.deepEqual(lody, [true, true, true, true, true]);
  assert.deepEqual(other, [false, false, false, false]);
  assert.equal(isLodyClient({ name: "acp", title: "Lody" }), true);
});

test("init-web: Bub over HTTP/WS offers delete and list only, so resume and close stay hidden", async () => {
  const client = await connect(cleanup, fakeAgent("BubWeb", { FAKE_AGENT_PROFILE: "bub-web" }).launch);
  const caps = capabilitiesOf(client.init);
  assert.deepEqual(
    { load: caps.load, resume: caps.resume, close: caps.close, list: caps.list, delete: caps.delete },
    { load: true, resume: false, close: false, list: true, delete: true },
  );
});

test("an agent answering protocol version 2 fails with a clear message and is stopped", async () => {
  const agent = fakeAgentProcess("V2", { FAKE_AGENT_PROFILE: "bub", FAKE_AGENT_PROTOCOL_VERSION: "2" });
  const { chat, logger } = await startedChat(cleanup, [agent.launch]);
  const { connection } = chat.store.state;
  assert.equal(connection.status, "failed");
  assert.equal(
    connection.status === "failed" && connection.message,
    "The agent speaks ACP protocol version 2; ACP Panel speaks version 1.",
  );
  assert.ok(!agent.received().some((m) => m.method === "session/new"), "no session is opened");
  const pid = agentPid(logger);
  assert.ok(pid !== undefined && !isAlive(pid), "the agent process was stopped");
});

test("an agent that never answers initialize times out with an actionable message", async () => {
  const agent = fakeAgentProcess("Mute", { FAKE_AGENT_BEHAVIOUR: "never-initialize" });
  const logger = new MemoryLogger();
  const client = openClient(cleanup, definitionOf(agent.launch), {
    logger,
    clientOptions: { initializeTimeoutMs: 300 },
  });
  await waitFor(
    () => agentPid(logger),
    (pid) => pid !== undefined,
    "the agent to start",
  );
  const error = await client.initialize().then(
    () => undefined,
    (caught: unknown) => caught,
  );
  assert.ok(error instanceof AgentStartError, `expected an AgentStartError, got ${String(error)}`);
  assert.equal(error.report.message, "The agent did not answer `initialize` within 0.3 s.");
  assert.ok(error.report.details?.startsWith(`Ran: ${process.execPath} `), error.report.details);
  assert.match(error.report.details ?? "", /\nCheck that this command speaks ACP on stdio/);
  await waitFor(
    () => agent.received()[0]?.method,
    (method) => method === "initialize",
    "the request to reach the agent",
  );
});

test("an agent that exits before answering reports its exit code and stderr", async () => {
  const { chat } = await startedChat(cleanup, [
    fakeAgentProcess("Dies", { FAKE_AGENT_BEHAVIOUR: "crash-at-start" }).launch,
  ]);
  const { connection, thread } = chat.store.state;
  assert.equal(connection.status === "failed" && connection.message, "The agent exited with code 7.");
  assert.match(
    connection.status === "failed" ? (connection.details ?? "") : "",
    /Last output on stderr:\nfatal: the fake agent could not load its configuration/,
  );
  assert.equal(thread.entries.at(-1)?.kind, "error", "the failure is in the transcript too");
});

test("an agent that closes stdout without exiting is reported, and its process is stopped", async () => {
  const { chat, logger } = await startedChat(cleanup, [
    fakeAgentProcess("Closes", { FAKE_AGENT_BEHAVIOUR: "close-stdout" }).launch,
  ]);
  const { connection } = chat.store.state;
  assert.equal(connection.status, "failed");
  assert.equal(
    connection.status === "failed" && connection.message,
    "The agent closed its connection but did not exit; it was stopped.",
  );
  const pid = await waitFor(
    () => agentPid(logger),
    (value) => value !== undefined,
    "the agent's pid",
  );
  await waitForExit(pid!, "the agent process to be stopped", 8000);
});
