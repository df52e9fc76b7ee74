/**
 * Scenario catalogue (docs/reference/fake-agent-scenarios.md) group D (client-backed tools,
 * docs/reference/bub-and-lody.md §5), what is offered: the client advertises fs, terminals and
 * forms, and where it offers less, the fake Bub asks nothing of it and runs its tools itself.
 */
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fakeAgent } from "../support/fakeAgentLaunch";
import { Cleanup, connect, newSession } from "../support/hostHarness";
import { assistantText, toolCards, toolText } from "../support/threadReaders";
import { exchanges } from "../support/wireLog";
import { bubWithClientTools } from "../support/bubClientTools";

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

test("advertised: fs, terminal and form elicitation, plus Lody subagent events", async () => {
  const { agent } = await bubWithClientTools(cleanup);
  const init = agent.received().find((m) => m.method === "initialize")?.params as {
    clientCapabilities: Record<string, unknown>;
  };
  assert.deepEqual(init.clientCapabilities.fs, { readTextFile: true, writeTextFile: true });
  assert.equal(init.clientCapabilities.terminal, true);
  assert.deepEqual(init.clientCapabilities.elicitation, { form: {} });
  assert.deepEqual(init.clientCapabilities._meta, { terminal_output: true, lody: { subagentEvents: { version: 1 } } });
});

test("cap-gating: a client without form elicitation never gets elicitation/create", async () => {
  const agent = fakeAgent("Bub", { FAKE_AGENT_PROFILE: "bub" });
  const client = await connect(cleanup, agent.launch, { callbacks: {} });
  const { session, recorder } = await newSession(client);
  await session.prompt("elicitation");
  assert.deepEqual(exchanges(agent), []);
  assert.equal(assistantText(recorder.thread), "I cannot ask you here; assuming the minimal approach.");
});

test("cap-gating: without files and terminals Bub runs its tools locally, with no client requests", async () => {
  const { dir, agent, chat } = await bubWithClientTools(cleanup, { files: false, terminals: false });
  await chat.prompt("fs-roundtrip");
  assert.deepEqual(
    toolCards(chat.store.state.thread).map((c) => [c.toolCallId, c.status, toolText(c)]),
    [
      ["call-1", "completed", "line two\nline three\nline four\n"],
      ["call-2", "completed", `wrote: ${join(dir, "result.txt")}`],
      ["call-3", "completed", `edited: ${join(dir, "notes.txt")}`],
    ],
  );
  assert.equal(readFileSync(join(dir, "result.txt"), "utf8"), "done", "written by the agent itself");
  await chat.prompt("bash-dup-commands");
  assert.deepEqual(exchanges(agent), [], "no fs, terminal or form request");
  const { thread } = chat.store.state;
  assert.deepEqual(
    toolCards(thread)
      .slice(3)
      .map((c) => [c.toolCallId, c.status, toolText(c)]),
    [
      ["tool-0", "completed", dir],
      ["tool-1", "completed", "notes.txt\nresult.txt"],
      ["tool-2", "completed", dir],
    ],
  );
  assert.deepEqual(thread.terminals, {});
});
