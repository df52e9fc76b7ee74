/**
 * The VS Code tools against the scripted fake agent (issue 18 §1, done-when 1): over the stdio
 * bridge for an agent without `mcpCapabilities.acp`, over MCP-over-ACP for one with it, every tool
 * answered; each call is a tool card in the transcript; the settings keep the server out of
 * `session/new`. The tool port here is in memory (test/support/fakeIntelligence.ts); the e2e test
 * runs the same scenario against real VS Code.
 */
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { realpathSync } from "node:fs";
import type { AgentDefinition } from "../../src/acp/agents/agentDefinition";
import { fakeAgent } from "../support/fakeAgentLaunch";
import { Cleanup, chatSession } from "../support/hostHarness";
import { assistantText, toolCards } from "../support/threadReaders";
import { FakeIntelligence, TYPE_ERROR, writeSampleWorkspace } from "../support/fakeIntelligence";
import { ScriptedConsent } from "../support/diskFiles";
import { definitionOf } from "../support/memoryPorts";
import { bridgeScriptPath } from "../support/mcpBridge";
import { scratchDir } from "../support/scratchDir";

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

function setup(env: Record<string, string>, options: { enabled?: boolean; agent?: Partial<AgentDefinition> } = {}) {
  const root = realpathSync(scratchDir("acp-vstools-"));
  writeSampleWorkspace(root);
  const agent = fakeAgent("Fake", env);
  const intelligence = new FakeIntelligence(root);
  const { chat, logger } = chatSession(cleanup, [definitionOf(agent.launch, options.agent ?? {})], {
    workspace: { cwd: () => root, roots: () => [root] },
    ports: {
      consent: new ScriptedConsent(),
      vscodeTools: { intelligence, bridgeScript: bridgeScriptPath(), enabled: () => options.enabled ?? true },
    },
  });
  const mcpServers = () =>
    (
      agent.received().find((message) => message.method === "session/new")?.params as {
        mcpServers: Array<Record<string, unknown>>;
      }
    ).mcpServers;
  return { root, agent, chat, logger, intelligence, mcpServers };
}

const ALL_TOOLS =
  "diagnostics, document_symbols, workspace_symbols, definition, references, hover, open_editors, selection";

function assertEveryTool(text: string, transport: string) {
  assert.match(text, new RegExp(`Tools over ${transport}: ${ALL_TOOLS}`));
  assert.match(
    text,
    new RegExp(
      `### diagnostics\\n1 problem in the workspace:\\nsrc/broken\\.ts:3:14-3:20 error \\[ts 2322\\] ${TYPE_ERROR.replace(/[.']/g, "\\$&")}`,
    ),
  );
  assert.match(text, /### document_symbols\nSymbols in src\/broken\.ts:\nConstant answer/);
  assert.match(text, /### workspace_symbols\nSymbols matching "double":\nFunction double src\/util\.ts:1:17-1:23/);
  assert.match(text, /### definition\nDefinition of the symbol at src\/broken\.ts:4:22:\nsrc\/util\.ts:1:17-1:23/);
  assert.match(
    text,
    /### references\nReferences of the symbol at src\/broken\.ts:4:22:\nsrc\/util\.ts:1:17-1:23\nsrc\/broken\.ts:1:10-1:16\nsrc\/broken\.ts:4:22-4:28/,
  );
  assert.match(text, /### hover\n```typescript\nfunction double/);
  assert.match(text, /### open_editors\nOpen editors:\nsrc\/broken\.ts \(group 1, active\)/);
  assert.match(text, /### selection\nSelected src\/broken\.ts:3:14-3:20:\nanswer/);
}

test("an agent without mcpCapabilities.acp gets the stdio bridge, and every tool answers through it", async () => {
  const { chat, mcpServers, logger } = setup({});
  await chat.start();
  const [entry] = mcpServers();
  assert.equal(entry?.name, "vscode");
  assert.equal(entry?.command, process.execPath);
  assert.equal("type" in (entry ?? {}), false, "a stdio entry has no type");
  const token =
    (entry?.env as Array<{ name: string; value: string }>).find((variable) => variable.name === "ACP_PANEL_MCP_TOKEN")
      ?.value ?? "";
  assert.ok(token.length >= 32, "a random token");
  assert.ok(!logger.trafficLog.some((line) => line.text.includes(token)), "the token never reaches the traffic log");
  await chat.prompt("vscode-tools src/broken.ts 4 22");
  assertEveryTool(assistantText(chat.store.state.thread), "stdio");
  const cards = toolCards(chat.store.state.thread);
  assert.equal(cards.length, 9, "each call is a tool card");
  assert.ok(cards.every((card) => card.status === "completed"));
});

test('an agent advertising mcpCapabilities.acp gets {type: "acp"} and every tool answers over mcp/message', async () => {
  const { chat, mcpServers, agent } = setup({ FAKE_AGENT_MCP_ACP: "1" });
  await chat.start();
  const [entry] = mcpServers();
  assert.equal(entry?.type, "acp");
  assert.equal(entry?.name, "vscode");
  assert.equal(typeof entry?.serverId, "string");
  await chat.prompt("vscode-tools src/broken.ts 4 22");
  assertEveryTool(assistantText(chat.store.state.thread), "acp");
  const answers = agent
    .received()
    .filter(
      (message) =>
        message.id !== undefined &&
        message.method === undefined &&
        JSON.stringify(message.result ?? "").includes("content"),
    );
  assert.ok(answers.length >= 9, "the tool results travelled as mcp/message responses");
});

test("an mcp/message for an unknown serverId is refused (-33001), not routed", async () => {
  const { chat, agent } = setup({ FAKE_AGENT_MCP_ACP: "1" });
  await chat.start();
  const sessionNew = agent.received().find((message) => message.method === "session/new")!;
  assert.ok(sessionNew);
  // The fake agent has no scenario for a bad id: send one through the scenario's server table by renaming.
  await chat.prompt("vscode-tools-bad-server");
  assert.match(assistantText(chat.store.state.thread), /MCP error -33001|outer error -33001/);
});

test("acpPanel.vscodeTools off: session/new has no vscode server", async () => {
  const { chat, mcpServers } = setup({}, { enabled: false });
  await chat.start();
  assert.deepEqual(mcpServers(), []);
});

test('an agent with "vscodeTools": false gets no vscode server, the others still do', async () => {
  const { chat, mcpServers } = setup({ FAKE_AGENT_MCP_ACP: "1" }, { agent: { vscodeTools: false } });
  await chat.start();
  assert.deepEqual(mcpServers(), []);
});

test('an agent whose entry switches file access off gets no vscode server, unless it sets "vscodeTools": true', async () => {
  for (const env of [{}, { FAKE_AGENT_MCP_ACP: "1" }]) {
    const off = setup(env, { agent: { capabilities: { fs: false } } });
    await off.chat.start();
    assert.deepEqual(off.mcpServers(), [], "neither the stdio entry nor the acp one");
    await off.chat.prompt("vscode-tools src/broken.ts 4 22");
    assert.match(assistantText(off.chat.store.state.thread), /No vscode MCP server was offered/);
    assert.deepEqual(off.intelligence.calls, [], "no tool ran");
  }
  const optedIn = setup({ FAKE_AGENT_MCP_ACP: "1" }, { agent: { capabilities: { fs: false }, vscodeTools: true } });
  await optedIn.chat.start();
  assert.equal(optedIn.mcpServers()[0]?.name, "vscode", "an explicit opt-in still gets the tools");
});

test("a session reopened with session/load gets the vscode server too, and its tools answer", async () => {
  const { chat, agent } = setup({ FAKE_AGENT_PROFILE: "quirks" });
  await chat.start();
  const first = chat.sessionId!;
  await chat.openExisting("Fake", first);
  const load = agent.received().find((message) => message.method === "session/load")?.params as
    { mcpServers: Array<{ name: string }> } | undefined;
  assert.deepEqual(
    load?.mcpServers.map((server) => server.name),
    ["vscode"],
  );
  await chat.prompt("vscode-tools src/broken.ts 4 22");
  assertEveryTool(assistantText(chat.store.state.thread), "stdio");
});
