/**
 * What src/acp writes for the user goes through the injected translator (the host passes
 * vscode.l10n.t): a start failure, an unconfigured agent and the tab's title come out in the
 * bundle's language, with the agent's and the user's own text (names, commands) left as they are.
 */
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ChatSession } from "../../src/acp/sessions/chatSession";
import { summarise } from "../../src/acp/sessions/sessionManager";
import { translatorFor } from "../../src/shared/l10n";
import { repoRoot } from "../support/fakeAgentLaunch";
import { hostDeps } from "../support/hostDeps";
import type { MemoryCatalog } from "../support/memoryPorts";

const zh = translatorFor(
  JSON.parse(readFileSync(join(repoRoot, "l10n/bundle.l10n.zh-cn.json"), "utf8")) as Record<string, string>,
);
const sessions: ChatSession[] = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((session) => session.dispose()));
});

function newSession(launches: ConstructorParameters<typeof MemoryCatalog>[0]) {
  const session = new ChatSession(hostDeps(launches, { translate: zh }));
  sessions.push(session);
  session.refreshAgents();
  return session;
}

test("a start failure is written in the translator's language; the agent's name and command are not translated", async () => {
  const session = newSession([{ name: "Ghost", command: "acp-panel-no-such-agent", args: ["acp"], env: {} }]);
  await session.start();
  const { connection } = session.store.state;
  assert.equal(
    connection.status === "failed" && connection.message,
    "无法启动“Ghost”：找不到命令“acp-panel-no-such-agent”。",
  );
  assert.match(
    connection.status === "failed" ? (connection.details ?? "") : "",
    /^运行的命令：acp-panel-no-such-agent acp\n请安装该智能体/,
  );
});

test("an agent that is not configured, and a new tab's title, in the translator's language", async () => {
  const session = newSession([]);
  await session.start("Nobody");
  const { connection } = session.store.state;
  assert.equal(connection.status === "failed" && connection.message, "未配置名为“Nobody”的智能体。");
  assert.equal(summarise("k", newSession([]), zh).title, "新会话");
});
