/**
 * The VS Code tools with a real adapter (issue 18, done-when 2): claude-agent-acp gets the stdio
 * bridge in `session/new` (it does not advertise MCP-over-ACP), Claude Code starts the bridge
 * as an MCP server, the scripted model calls `diagnostics`, and the reply shows the type error.
 * There is no VS Code here: the tool port is the in-memory one (test/support/fakeIntelligence.ts)
 * over a workspace with a real type error; the e2e tests prove the VS Code side (vscodeTools and,
 * for files no editor shows, vscodeToolsUnopened).
 */
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { realpathSync } from "node:fs";
import { rules, toolUse } from "./fakeAnthropic";
import { assistantText, realSession, type RealSession } from "./realSession";
import { FakeIntelligence, TYPE_ERROR, writeSampleWorkspace } from "../support/fakeIntelligence";
import { bridgeScriptPath } from "../support/mcpBridge";

let current: RealSession | undefined;
afterEach(async () => {
  const session = current;
  current = undefined;
  await session?.close();
});

test("claude-agent-acp: the model calls the VS Code diagnostics tool through the stdio bridge and the reply shows the error", async () => {
  let intelligence: FakeIntelligence | undefined;
  let offered: readonly string[] = [];
  const s = await realSession("claude-agent-acp", {
    script: () =>
      rules({
        prompt: "what is broken?",
        steps: [
          [toolUse("mcp__vscode__diagnostics", {})],
          (c) => {
            offered = c.tools;
            return `VS Code reports: ${c.lastToolResult?.text ?? "(no tool result)"}`;
          },
        ],
      }),
    vscodeTools: (workspace) => {
      writeSampleWorkspace(workspace);
      intelligence = new FakeIntelligence(realpathSync(workspace));
      return { intelligence, bridgeScript: bridgeScriptPath(), enabled: () => true };
    },
  });
  current = s;
  await s.start();
  const sessionNew = s.wire("out").find((line) => line.message.method === "session/new")?.message.params as {
    mcpServers: Array<{ name: string; command?: string }>;
  };
  assert.deepEqual(
    sessionNew.mcpServers.map((server) => [server.name, server.command]),
    [["vscode", process.execPath]],
  );
  const turn = s.chat.prompt("what is broken?");
  // Claude Code asks before running an MCP tool in its default mode: the user allows it once.
  const allowed = await s.answerNextPermission("allow_once");
  await turn;
  assert.equal(allowed.name, "Allow");
  assert.ok(
    offered.includes("mcp__vscode__diagnostics"),
    `the model was offered the tool: ${offered.filter((name) => name.startsWith("mcp__")).join(", ")}`,
  );
  assert.deepEqual(intelligence?.calls, ["diagnostics *"], "the call reached the tool port");
  const reply = assistantText(s.thread());
  assert.match(reply, /VS Code reports: 1 problem in the workspace:/);
  assert.ok(reply.includes(`src/broken.ts:3:14-3:20 error [ts 2322] ${TYPE_ERROR}`), reply);
  const card = s
    .thread()
    .entries.find((entry) => entry.kind === "tool_call" && /diagnostics/.test(JSON.stringify(entry)));
  assert.ok(card, "the MCP tool call shows in the transcript like any other tool call");
});

test("claude-agent-acp: diagnostics of a file no editor shows (issue 28): the reply shows the error and where it came from", async () => {
  let intelligence: FakeIntelligence | undefined;
  let root = "";
  const s = await realSession("claude-agent-acp", {
    script: () =>
      rules({
        prompt: "is src/broken.ts clean?",
        steps: [
          [toolUse("mcp__vscode__diagnostics", { path: "src/broken.ts" })],
          (c) => `VS Code says: ${c.lastToolResult?.text ?? "(no tool result)"}`,
        ],
      }),
    vscodeTools: (workspace) => {
      writeSampleWorkspace(workspace);
      root = realpathSync(workspace);
      intelligence = new FakeIntelligence(root);
      intelligence.openFiles = []; // no editor shows any file
      return { intelligence, bridgeScript: bridgeScriptPath(), enabled: () => true };
    },
  });
  current = s;
  await s.start();
  const turn = s.chat.prompt("is src/broken.ts clean?");
  await s.answerNextPermission("allow_once");
  await turn;
  assert.deepEqual(
    intelligence?.calls,
    [`diagnostics ${root}/src/broken.ts`],
    "the model asked about the one file, by the path it gave",
  );
  const reply = assistantText(s.thread());
  assert.ok(
    reply.includes(`VS Code says: 1 problem in src/broken.ts:\nsrc/broken.ts:3:14-3:20 error [ts 2322] ${TYPE_ERROR}`),
    reply,
  );
  assert.match(reply, /src\/broken\.ts is not open in an editor/);
  assert.doesNotMatch(reply, /No problems/);
});
