/**
 * What real agents send that the fake agent replays (issue 16, point 5), against the real
 * ChatSession: permission options as each agent names them (Codex's requests with string UUID
 * ids), Gemini's shell card with no content (the output is only in the reply), and Gemini's read
 * of a file it is about to create, answered `-32002`.
 */
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { fakeAgent } from "../support/fakeAgentLaunch";
import { Cleanup, startedChat } from "../support/hostHarness";
import { assistantText, entriesOf, toolCards, toolText, waitForPermissions } from "../support/threadReaders";
import { DiskFiles, ScriptedConsent } from "../support/diskFiles";
import { fixedWorkspace } from "../support/memoryPorts";
import { waitFor } from "../support/waitFor";
import { PERMISSION_OPTIONS } from "../fakeAgent/realAgentHabits";
import { scratchDir } from "../support/scratchDir";

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

async function habits() {
  const dir = realpathSync(scratchDir("acp-habits-"));
  const agent = fakeAgent("Real-agent habits");
  const consent = new ScriptedConsent();
  const { chat, logger } = await startedChat(cleanup, [agent.launch], {
    workspace: fixedWorkspace(dir),
    ports: { files: new DiskFiles(), consent },
  });
  return { dir, agent, chat, logger, consent };
}

for (const [agentName, options] of Object.entries(PERMISSION_OPTIONS)) {
  test(`${agentName}: permission buttons carry the agent's own names; the answer goes back by id, chosen by kind`, async () => {
    const { agent, chat } = await habits();
    const turn = chat.prompt(`perm-${agentName}`);
    const [pending] = await waitForPermissions(chat, "the permission request");
    assert.deepEqual(
      pending!.options.map((o) => [o.optionId, o.name, o.kind]),
      options.map((o) => [o.optionId, o.name, o.kind]),
      "names and ids exactly as sent",
    );
    const allowOnce = options.find((o) => o.kind === "allow_once")!;
    chat.answerPermission(pending!.requestId, allowOnce.optionId);
    await turn;
    const request = agent.sent().find((m) => m.method === "session/request_permission");
    if (agentName === "codex")
      assert.match(
        String(request?.id),
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
        "Codex's string UUID id",
      );
    else assert.equal(typeof request?.id, "number");
    const answer = agent.received().find((m) => m.method === undefined && m.id === request?.id);
    assert.deepEqual(answer?.result, { outcome: { outcome: "selected", optionId: allowOnce.optionId } });
    assert.equal(assistantText(chat.store.state.thread), `${agentName} permission: selected ${allowOnce.optionId}.`);
    assert.equal(toolCards(chat.store.state.thread)[0]?.status, "completed");
    assert.deepEqual(chat.store.state.thread.permissions, []);
  });
}

test("codex: rejecting by kind sends its reject option back under the UUID id", async () => {
  const { agent, chat } = await habits();
  const turn = chat.prompt("perm-codex");
  const [pending] = await waitForPermissions(chat, "the permission request");
  chat.answerPermission(pending!.requestId, pending!.options.find((o) => o.kind === "reject_once")?.optionId);
  await turn;
  const request = agent.sent().find((m) => m.method === "session/request_permission");
  assert.deepEqual(agent.received().find((m) => m.method === undefined && m.id === request?.id)?.result, {
    outcome: { outcome: "selected", optionId: "abort" },
  });
  assert.equal(toolCards(chat.store.state.thread)[0]?.status, "failed");
});

test("gemini: a shell card with no content completes as an empty card; the output is in the reply", async () => {
  const { chat } = await habits();
  await chat.prompt("gemini-shell");
  const cards = toolCards(chat.store.state.thread);
  assert.equal(cards.length, 1);
  assert.deepEqual(
    [cards[0]?.title, cards[0]?.toolKind, cards[0]?.status, cards[0]?.content, cards[0]?.locations],
    ["echo hi (Print a greeting)", "execute", "completed", [], []],
  );
  assert.equal(toolText(cards[0]!), "");
  assert.equal(assistantText(chat.store.state.thread), "The command printed `hi`.");
  assert.deepEqual(entriesOf(chat.store.state.thread, "error"), []);
});

test("gemini: reading a file it is about to create gets -32002, then its write creates the file, listed once as new", async () => {
  const { dir, agent, chat, consent } = await habits();
  await chat.prompt("gemini-create");
  const path = join(dir, "gemini-new.txt");
  const read = agent.sent().find((m) => m.method === "fs/read_text_file");
  const readAnswer = agent.received().find((m) => m.method === undefined && m.id === read?.id) as
    { error?: { code: number; message: string } } | undefined;
  assert.equal(readAnswer?.error?.code, -32002, "resource not found");
  assert.match(readAnswer?.error?.message ?? "", /not found/i);
  assert.equal(readFileSync(path, "utf8"), "created by gemini\n");
  assert.match(assistantText(chat.store.state.thread), /^Read before create: -32002 .*Created gemini-new\.txt\.$/);
  assert.deepEqual(
    entriesOf(chat.store.state.thread, "error"),
    [],
    "a missing file is an answer, not an error of the turn",
  );
  assert.equal(consent.asked.length, 0, "no question for a read or write inside the workspace");
  assert.equal(toolCards(chat.store.state.thread)[0]?.status, "completed");
  await waitFor(
    () => chat.store.state.thread.changes,
    (changes) => changes.length === 1,
    "the created file in Files changed",
  );
  assert.deepEqual(
    chat.store.state.thread.changes.map((c) => [c.path, c.created, c.undoable]),
    [[path, true, true]],
  );
});
