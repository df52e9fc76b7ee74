/**
 * claude-agent-acp (Zed's current Claude adapter) driven by ChatSession against the fake
 * Anthropic server. Its tools run inside Claude Code (no fs/* or terminal/* requests), but it
 * sends what claude-code-acp does not: thoughts, plans, usage, modes and config options.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { waitFor } from "../support/waitFor";
import { stopDuringPermission } from "./stopSteps";
import { rules, text, thinking, toolUse } from "./fakeAnthropic";
import { assistantText, cardText, loadWithReplay, toolCard, sessionsOf } from "./realSession";

const ID = "claude-agent-acp";
const open = sessionsOf(ID);

test("claude-agent-acp: a reply with thoughts, usage, modes and config options", async () => {
  const s = await open({
    script: () =>
      rules({ prompt: "say hi", steps: [[thinking("Greet them back."), text("Hello from the scripted model!")]] }),
  });
  const before = s.thread();
  assert.deepEqual(
    before.configOptions.map((option) => option.id),
    ["mode", "model"],
    "config options from session/new",
  );
  assert.equal(before.modes?.currentModeId, "default");
  await s.chat.prompt("say hi");
  const thread = s.thread();
  assert.deepEqual(thread.turn, { phase: "idle", lastStop: "end_turn" });
  assert.equal(assistantText(thread), "Hello from the scripted model!");
  assert.equal(assistantText(thread, "thought"), "Greet them back.");
  assert.equal(thread.usage?.size, 200000, "usage_update");
  assert.equal(thread.usage?.cost?.currency, "USD");
  assert.deepEqual(
    { input: thread.turnUsage?.inputTokens, output: thread.turnUsage?.outputTokens },
    { input: 42, output: 7 },
    "PromptResponse.usage from the fake's usage",
  );
  assert.ok(thread.commands.length > 0, "available_commands_update");
  assert.equal(s.fake.modelTurns()[0]?.prompt, "say hi");
  assert.deepEqual(
    s.wire("in").filter((line) => /^(fs|terminal)\//.test(line.message.method ?? "")),
    [],
    "no client callbacks for a reply",
  );
});

test("claude-agent-acp: TodoWrite becomes the thread's plan, thinking becomes thought chunks", async () => {
  const todos = [
    { content: "Read the code", status: "completed", activeForm: "Reading the code" },
    { content: "Write the fix", status: "in_progress", activeForm: "Writing the fix" },
    { content: "Run the tests", status: "pending", activeForm: "Running the tests" },
  ];
  const s = await open({
    script: () =>
      rules({
        prompt: "make a plan",
        steps: [
          [thinking("Three steps should do."), toolUse("TodoWrite", { todos })],
          [thinking("Plan recorded."), text("The plan is ready.")],
        ],
      }),
  });
  await s.chat.prompt("make a plan");
  const thread = s.thread();
  assert.deepEqual(
    thread.plan.map((entry) => ({ content: entry.content, status: entry.status })),
    todos.map(({ content, status }) => ({ content, status })),
  );
  assert.match(assistantText(thread, "thought"), /Three steps should do\..*Plan recorded\./s);
  assert.equal(assistantText(thread), "The plan is ready.");
  assert.ok(s.updates().some((update) => update.sessionUpdate === "plan"));
});

test("claude-agent-acp: Write asks permission; Allow (chosen by kind) lets Claude Code write the file itself", async () => {
  const s = await open({
    script: (ws) =>
      rules({
        prompt: "create out.txt",
        steps: [
          [toolUse("Write", { file_path: join(ws, "out.txt"), content: "written by claude\n" })],
          (c) => `Result: ${c.lastToolResult?.text}`,
        ],
      }),
  });
  const path = join(s.dirs.workspace, "out.txt");
  const turn = s.chat.prompt("create out.txt");
  const pending = await waitFor(
    () => toolCard(s.thread(), (c) => c.status === "awaiting_permission"),
    Boolean,
    "the card awaiting permission",
    30_000,
  );
  assert.deepEqual(pending!.content, [{ type: "diff", path, oldText: null, newText: "written by claude\n" }]);
  const names = s.thread().permissions[0]?.options.map((option) => option.name);
  assert.deepEqual(names, ["Always Allow", "Allow", "Reject"], "the agent's own names for its options");
  const chosen = await s.answerNextPermission("allow_once");
  await turn;
  const [permission] = s.requests("session/request_permission");
  assert.deepEqual(s.answerTo(permission?.id)?.result, { outcome: { outcome: "selected", optionId: chosen.optionId } });
  assert.equal(readFileSync(path, "utf8"), "written by claude\n");
  assert.deepEqual(
    s.wire("in").filter((line) => /^fs\//.test(line.message.method ?? "")),
    [],
    "Claude Code writes by itself",
  );
  const card = toolCard(s.thread(), (c) => c.toolKind === "edit");
  assert.equal(card?.status, "completed");
  assert.deepEqual(card?.content, [{ type: "diff", path, oldText: null, newText: "written by claude\n" }]);
  assert.match(assistantText(s.thread()), /Result: File created successfully/);
});

test("claude-agent-acp: Reject (chosen by kind) fails the tool with the agent's text, and the turn goes on", async () => {
  const s = await open({
    script: (ws) =>
      rules({
        prompt: "create secret",
        steps: [
          [toolUse("Write", { file_path: join(ws, "secret.txt"), content: "nope\n" })],
          (c) => `Refused: ${c.lastToolResult?.text}`,
        ],
      }),
  });
  const turn = s.chat.prompt("create secret");
  await s.answerNextPermission("reject_once");
  await turn;
  const thread = s.thread();
  const card = toolCard(thread, (c) => c.toolKind === "edit");
  assert.equal(card?.status, "failed");
  assert.match(cardText(card!), /User refused permission to run tool/);
  assert.equal(existsSync(join(s.dirs.workspace, "secret.txt")), false);
  assert.deepEqual(thread.turn, { phase: "idle", lastStop: "end_turn" });
  assert.equal(assistantText(thread), "Refused: User refused permission to run tool", "the model saw the refusal");
});

test("claude-agent-acp: Stop while a permission is pending answers it cancelled; the turn ends cancelled", async () => {
  const s = await open({
    script: (ws) =>
      rules({
        prompt: "run a command",
        steps: [[toolUse("Bash", { command: `touch ${join(ws, "touched")}`, description: "Touch a file" })], "Done."],
      }),
  });
  const thread = await stopDuringPermission(s, "run a command");
  assert.equal(toolCard(thread, (c) => c.toolKind === "execute")?.status, "cancelled");
  assert.equal(existsSync(join(s.dirs.workspace, "touched")), false);
});

test("claude-agent-acp: Stop during a slow stream; the next prompt's early end is flagged (adapter issue #551)", async () => {
  const long = Array.from({ length: 150 }, (_, i) => `word${i}`).join(" ");
  const s = await open({
    script: () =>
      rules(
        { prompt: "tell a long story", steps: [{ blocks: [text(long)], eventDelayMs: 40 }] },
        { prompt: "and now?", steps: [[text("Late reply.")]] },
      ),
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
  await waitFor(
    () => s.fake.modelTurns().at(-1)?.aborted,
    (aborted) => aborted === true,
    "the adapter to drop the model stream",
  );
  // The adapter answers the next prompt with the stopped turn's leftover end, before any output.
  await s.chat.prompt("and now?");
  const thread = s.thread();
  assert.deepEqual(thread.turn, { phase: "idle", lastStop: "end_turn" });
  const notices = thread.entries.filter((entry) => entry.kind === "notice");
  assert.deepEqual(
    notices.map((n) => n.kind === "notice" && [n.severity, n.title]),
    [
      ["info", "You stopped this turn."],
      ["warning", "claude-agent-acp ended the turn without replying"],
    ],
  );
  assert.doesNotMatch(assistantText(thread), /Late reply/, "the reply is still on its way");
});

test("claude-agent-acp: restart resumes the session; session/load replays it in a new process", async () => {
  const s = await open({
    seed: { "data.txt": "forty-two\n" },
    script: (ws) =>
      rules(
        {
          prompt: "remember the data",
          steps: [[toolUse("Read", { file_path: join(ws, "data.txt") })], "I read data.txt: forty-two."],
        },
        { prompt: "still there?", steps: [(c) => `Yes; messages so far: ${c.body.messages?.length ?? 0}`] },
      ),
  });
  await s.chat.prompt("remember the data");
  const sessionId = s.chat.sessionId!;
  const entriesBefore = s.thread().entries.length;
  await s.chat.dispose();
  await s.restart();
  assert.equal(s.chat.sessionId, sessionId, "the same session");
  const resumed = s.thread();
  assert.equal(resumed.entries.length, entriesBefore + 1, "the transcript is kept, plus a notice");
  assert.match(JSON.stringify(resumed.entries.at(-1)), /resumed the session/);
  await s.chat.prompt("still there?");
  assert.match(assistantText(s.thread()), /Yes; messages so far: [3-9]/, "the resumed agent has the history");
  await s.chat.dispose();

  const loaded = await loadWithReplay(ID, s.fake, s.dirs, sessionId);
  try {
    assert.equal(loaded.session.openedWith, "load");
    const thread = loaded.thread();
    assert.deepEqual(
      thread.entries.filter((e) => e.kind === "user").map((e) => e.kind === "user" && e.text),
      ["remember the data", "still there?"],
    );
    assert.match(assistantText(thread), /I read data\.txt: forty-two\..*Yes; messages so far/s);
    assert.equal(toolCard(thread, (c) => c.toolKind === "read")?.status, "completed", "the tool call is replayed");
  } finally {
    await loaded.close();
  }
});
