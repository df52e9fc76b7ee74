/**
 * Issue 29 §4: after Fork Session the fork's tab is active, the webview's session list is posted
 * afresh with the fork in it, and the fork keeps the source's pickers (Model, Reasoning effort)
 * when the agent's fork result carries no `configOptions` (the fake agent's `session/fork`
 * answers with a session id only, as claude-agent-acp may) until the agent reports its own.
 */
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { forkAndRefresh } from "../../src/acp/sessions/forkAndRefresh";
import type { HostMessage } from "../../src/shared/wire/protocol";
import { fakeAgent, tempStatePath } from "../support/fakeAgentLaunch";
import { waitFor } from "../support/waitFor";
import { definitionOf } from "../support/memoryPorts";
import { disposeManagers, memoryManager } from "../support/memoryManager";

after(disposeManagers);

function setup(defaultConfig?: Record<string, string>) {
  const ops = fakeAgent("Ops", {
    FAKE_AGENT_PROFILE: "bub",
    FAKE_AGENT_SESSION_OPS: "1",
    FAKE_AGENT_STATE: tempStatePath(),
  });
  const launch = defaultConfig ? definitionOf(ops.launch, { defaultConfig }) : ops.launch;
  return { m: memoryManager([launch]).m, ops };
}

const pickers = (options: readonly { id: string; currentValue: unknown }[]) =>
  options.map(({ id, currentValue }) => ({ id, currentValue }));

test("fork: the fork's tab is active and a fresh sessions/list with the fork is posted", async () => {
  const { m } = setup();
  const source = await m.newTab("Ops");
  await source.prompt("hello there");
  const posted: HostMessage[] = [];
  const fork = await forkAndRefresh(
    m,
    m.activeTabKey!,
    () => m.listSessions(),
    (message) => posted.push(message),
  );
  assert.equal(m.active, fork, "the fork's tab is active");
  const lists = posted.filter((message) => message.type === "sessions/list");
  assert.equal(lists.length, 1, "one fresh session list is posted");
  const ids = lists[0]!.type === "sessions/list" ? lists[0]!.sessions.map((item) => item.sessionId) : [];
  assert.ok(ids.includes(fork.sessionId!), "the list shows the fork");
  assert.ok(ids.includes(source.sessionId!), "and still the source");
});

test("fork: the source's Model and Reasoning effort carry over when the fork result has none", async () => {
  const { m, ops } = setup();
  const source = await m.newTab("Ops");
  const model = source.store.state.thread.configOptions.find((option) => option.id === "model");
  assert.ok(model && model.type === "select", "the source offers a Model picker");
  const values = model.options.flatMap((o) => ("value" in o ? [o.value] : o.options.map((g) => g.value)));
  const other = String(values.find((value) => value !== model.currentValue));
  await source.setConfigOption("model", other);
  await source.setConfigOption("reasoning_effort", "high");
  const sourcePickers = pickers(source.store.state.thread.configOptions);
  assert.ok(sourcePickers.some((p) => p.id === "model" && p.currentValue === other));

  const fork = await forkAndRefresh(
    m,
    m.activeTabKey!,
    () => m.listSessions(),
    () => undefined,
  );
  const forkResult = ops.received().find((msg) => msg.method === "session/fork");
  assert.ok(forkResult, "session/fork was sent");
  assert.deepEqual(pickers(fork.store.state.thread.configOptions), sourcePickers, "the fork has the source's pickers");
  assert.deepEqual(fork.store.state.thread.modes, source.store.state.thread.modes);

  // The agent's own answer wins over what was carried.
  await fork.setConfigOption("reasoning_effort", "low");
  await waitFor(
    () => fork.store.state.thread.configOptions,
    (options) => options.some((o) => o.id === "reasoning_effort" && o.currentValue === "low"),
    "the agent's answer on the fork",
  );
  assert.ok(
    fork.store.state.thread.configOptions.some((o) => o.id === "model" && o.currentValue === other),
    "the agent's list (which continues the source's settings) replaces the carried one",
  );
  assert.ok(
    source.store.state.thread.configOptions.some((o) => o.id === "reasoning_effort" && o.currentValue === "high"),
    "the source is untouched",
  );
});

test("fork: the agent's defaultConfig is not applied over the carried settings, and reports no missing option", async () => {
  const { m } = setup({ reasoning_effort: "low" });
  const source = await m.newTab("Ops");
  await waitFor(
    () => source.store.state.thread.configOptions,
    (options) => options.some((o) => o.id === "reasoning_effort" && o.currentValue === "low"),
    "the defaultConfig on the source",
  );
  await source.setConfigOption("reasoning_effort", "high");
  const fork = await forkAndRefresh(
    m,
    m.activeTabKey!,
    () => m.listSessions(),
    () => undefined,
  );
  assert.ok(
    fork.store.state.thread.configOptions.some((o) => o.id === "reasoning_effort" && o.currentValue === "high"),
    "the fork continues with the source's effort",
  );
  const errors = fork.store.state.thread.entries.filter((e) => e.kind === "error");
  assert.deepEqual(errors, [], "no defaultConfig error on the fork");
});
