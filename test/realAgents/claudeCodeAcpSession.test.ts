/**
 * claude-code-acp (Zed's older Claude Code adapter) driven by ChatSession against the fake
 * Anthropic server. A plain reply, Stop while a permission is pending and during a slow
 * stream, and a stopped session reloaded in a new process (session/load).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { waitFor } from "../support/waitFor";
import { stopDuringPermission } from "./stopSteps";
import { rules, text, thinking, toolUse } from "./fakeAnthropic";
import { assistantText, loadWithReplay, toolCard, sessionsOf } from "./realSession";

const ID = "claude-code-acp";
const open = sessionsOf(ID);

test("claude-code-acp: a plain reply streams into the thread", async () => {
  const s = await open({
    script: () =>
      rules({ prompt: "say hi", steps: [[thinking("The user greets me."), text("Hello from the scripted model!")]] }),
  });
  await s.chat.prompt("say hi");
  const thread = s.thread();
  assert.deepEqual(thread.turn, { phase: "idle", lastStop: "end_turn" });
  assert.equal(assistantText(thread), "Hello from the scripted model!");
  assert.equal(assistantText(thread, "thought"), "The user greets me.");
  assert.deepEqual(
    thread.entries.filter((entry) => entry.kind === "user").map((entry) => entry.kind === "user" && entry.text),
    ["say hi"],
  );
  const turns = s.fake.modelTurns();
  assert.equal(turns.length, 1, "one model call for a plain reply");
  assert.equal(turns[0]?.prompt, "say hi");
  assert.ok(
    s.fake.requests.every((request) => request.path.startsWith("/v1/") || request.method === "HEAD"),
    JSON.stringify(s.fake.requests.map((r) => r.path)),
  );
});

test("claude-code-acp: Stop while a permission is pending answers it cancelled and ends the turn cancelled", async () => {
  const s = await open({
    script: (ws) =>
      rules({
        prompt: "create later",
        steps: [[toolUse("Write", { file_path: join(ws, "later.txt"), content: "later\n" })], "Done."],
      }),
  });
  const thread = await stopDuringPermission(s, "create later");
  assert.ok(
    s.wire("out").some((line) => line.message.method === "session/cancel"),
    "session/cancel sent",
  );
  assert.equal(toolCard(thread)?.status, "cancelled");
  assert.equal(existsSync(join(s.dirs.workspace, "later.txt")), false);
});

test("claude-code-acp: Stop during a slow stream ends the turn cancelled and the model call is aborted", async () => {
  const long = Array.from({ length: 150 }, (_, i) => `word${i}`).join(" ");
  const s = await open({
    script: () => rules({ prompt: "tell a long story", steps: [{ blocks: [text(long)], eventDelayMs: 40 }] }),
  });
  const turn = s.chat.prompt("tell a long story");
  await waitFor(
    () => assistantText(s.thread()),
    (value) => value.includes("word3"),
    "the first words",
    30_000,
  );
  await s.chat.cancel();
  await turn;
  assert.deepEqual(s.thread().turn, { phase: "idle", lastStop: "cancelled" });
  assert.ok(assistantText(s.thread()).length < long.length, "the stream stopped early");
  await waitFor(
    () => s.fake.modelTurns().at(-1)?.aborted,
    (aborted) => aborted === true,
    "the adapter to drop the model stream",
  );
});

test("claude-code-acp: a stopped session is reloaded in a new process with its history replayed (session/load)", async () => {
  const s = await open({
    seed: { "data.txt": "forty-two\n" },
    script: (ws) =>
      rules(
        {
          prompt: "remember the data",
          steps: [[toolUse("Read", { file_path: join(ws, "data.txt") })], "I read data.txt: forty-two."],
        },
        { prompt: "what did you read", steps: [(c) => `Earlier messages: ${c.body.messages?.length ?? 0}`] },
      ),
  });
  await s.chat.prompt("remember the data");
  const sessionId = s.chat.sessionId!;
  await s.chat.dispose();
  const loaded = await loadWithReplay(ID, s.fake, s.dirs, sessionId);
  try {
    assert.equal(loaded.session.openedWith, "load");
    const thread = loaded.thread();
    assert.deepEqual(
      thread.entries.filter((e) => e.kind === "user").map((e) => e.kind === "user" && e.text),
      ["remember the data"],
    );
    assert.match(assistantText(thread), /I read data\.txt: forty-two\./);
    const card = toolCard(thread, (c) => c.toolKind === "read");
    assert.ok(card, "the tool call is replayed");
    assert.equal(card.status, "completed");
    assert.ok(
      loaded.logger.trafficLog.some((l) => l.direction === "in" && l.text.includes('"user_message_chunk"')),
      "replay came as session/update",
    );
    await loaded.session.prompt("what did you read");
    assert.match(assistantText(loaded.thread()), /Earlier messages: [3-9]/, "the model saw the earlier conversation");
  } finally {
    await loaded.close();
  }
});
