/**
 * claude-code-acp (Zed's older Claude Code adapter) driven by ChatSession against the fake
 * Anthropic server. This adapter runs Read/Write/Edit/Bash through the client: fs/* and
 * terminal/* land on OUR callbacks (DiskFiles, TerminalManager), so these tests check the
 * whole round trip: scripted tool_use → ACP request → our port → disk → tool result → reply;
 * and a permission answered Allow or Reject by kind.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { waitFor } from "../support/waitFor";
import { rules, text, toolUse } from "./fakeAnthropic";
import { terminalPids } from "../support/terminalPids";
import { assistantText, cardText, toolCard, toolCards, sessionsOf } from "./realSession";

const ID = "claude-code-acp";
const open = sessionsOf(ID);

test("claude-code-acp: Read goes through fs/read_text_file and sees the unsaved editor buffer", async () => {
  const s = await open({
    seed: { "notes.txt": "on disk\n" },
    script: (ws) =>
      rules({
        prompt: "read the notes",
        steps: [
          [toolUse("Read", { file_path: join(ws, "notes.txt") })],
          (c) => `The notes say: ${c.lastToolResult?.text}`,
        ],
      }),
  });
  const path = join(s.dirs.workspace, "notes.txt");
  s.files.buffers.set(path, { text: "unsaved buffer text\n", dirty: true });
  await s.chat.prompt("read the notes");
  const [read] = s.requests("fs/read_text_file");
  assert.ok(read, "the agent read through the client");
  assert.equal(read.params?.path, path);
  assert.deepEqual(s.answerTo(read.id)?.result, { content: "unsaved buffer text\n" });
  assert.match(
    s.fake.modelTurns()[1]?.toolResults?.[0]?.text ?? "",
    /unsaved buffer text/,
    "the model got our buffer's text",
  );
  const thread = s.thread();
  assert.match(assistantText(thread), /The notes say: .*unsaved buffer text/s);
  const card = toolCard(thread, (c) => c.toolKind === "read");
  assert.ok(card, "a read tool card");
  assert.equal(card.status, "completed");
  assert.match(card.title, /notes\.txt/);
  assert.deepEqual(
    card.locations.map((l) => l.path),
    [path],
  );
  assert.equal(toolCards(thread).length, 1, "the two tool_call announcements of one id make one card");
});

test("claude-code-acp: Write asks permission; Allow (chosen by kind) writes through fs/write_text_file", async () => {
  const s = await open({
    script: (ws) =>
      rules({
        prompt: "create out.txt",
        steps: [
          [
            text("Creating it."),
            toolUse("Write", { file_path: join(ws, "out.txt"), content: "written by the agent\n" }),
          ],
          (c) => `Result: ${c.lastToolResult?.text}`,
        ],
      }),
  });
  const path = join(s.dirs.workspace, "out.txt");
  const turn = s.chat.prompt("create out.txt");
  const pendingCard = await waitFor(
    () => toolCard(s.thread(), (c) => c.status === "awaiting_permission"),
    Boolean,
    "the card awaiting permission",
    30_000,
  );
  assert.deepEqual(
    pendingCard!.content,
    [{ type: "diff", path, oldText: null, newText: "written by the agent\n" }],
    "the card shows the proposed diff",
  );
  assert.equal(existsSync(path), false, "nothing written before the answer");
  const chosen = await s.answerNextPermission("allow_once");
  await turn;
  const [permission] = s.requests("session/request_permission");
  assert.deepEqual(s.answerTo(permission?.id)?.result, { outcome: { outcome: "selected", optionId: chosen.optionId } });
  const [write] = s.requests("fs/write_text_file");
  assert.deepEqual(
    { path: write?.params?.path, content: write?.params?.content },
    { path, content: "written by the agent\n" },
  );
  assert.equal(readFileSync(path, "utf8"), "written by the agent\n");
  const thread = s.thread();
  assert.deepEqual(thread.turn, { phase: "idle", lastStop: "end_turn" });
  const card = toolCard(thread, (c) => c.toolKind === "edit");
  assert.equal(card?.status, "completed");
  assert.deepEqual(card?.content, [{ type: "diff", path, oldText: null, newText: "written by the agent\n" }]);
  assert.deepEqual(thread.permissions, []);
  assert.match(assistantText(thread), /Result: The file .*out\.txt has been updated successfully/);
  assert.deepEqual(
    thread.changes.map((c) => ({ path: c.path, created: c.created, state: c.state })),
    [{ path, created: true, state: "pending" }],
    "the review lists the file",
  );
});

test("claude-code-acp: Edit reads and writes through the client", async () => {
  const s = await open({
    seed: { "greet.txt": "hello world\nsecond line\n" },
    script: (ws) =>
      rules({
        prompt: "edit greet",
        steps: [
          [toolUse("Edit", { file_path: join(ws, "greet.txt"), old_string: "world", new_string: "there" })],
          "Edited.",
        ],
      }),
  });
  const path = join(s.dirs.workspace, "greet.txt");
  const turn = s.chat.prompt("edit greet");
  await s.answerNextPermission("allow_once");
  await turn;
  assert.equal(readFileSync(path, "utf8"), "hello there\nsecond line\n");
  assert.ok(
    s.requests("fs/read_text_file").some((m) => m.params?.path === path),
    "read before editing",
  );
  assert.deepEqual(
    s.requests("fs/write_text_file").map((m) => m.params?.content),
    ["hello there\nsecond line\n"],
  );
  const card = toolCard(s.thread(), (c) => c.toolKind === "edit");
  assert.equal(card?.status, "completed");
  const diff = card?.content.find((item) => item.type === "diff");
  assert.ok(diff && diff.type === "diff", `a diff on the card: ${JSON.stringify(card?.content)}`);
  assert.equal(diff.path, path);
  assert.match(diff.newText, /there/);
  assert.deepEqual(
    s
      .thread()
      .changes.map((c) => ({ path: c.path, created: c.created, additions: c.additions, deletions: c.deletions })),
    [{ path, created: false, additions: 1, deletions: 1 }],
  );
});

test("claude-code-acp: Bash runs in OUR terminal (terminal/create … release) and the card shows its output", async () => {
  const s = await open({
    script: () =>
      rules({
        prompt: "run the script",
        steps: [
          [
            toolUse("Bash", {
              command: "echo hi-from-bash > bash.txt; cat bash.txt",
              description: "Write and show bash.txt",
            }),
          ],
          (c) => `Shell said: ${c.lastToolResult?.text}`,
        ],
      }),
  });
  const turn = s.chat.prompt("run the script");
  await s.answerNextPermission("allow_once");
  await turn;
  const [create] = s.requests("terminal/create");
  assert.equal(create?.params?.command, "echo hi-from-bash > bash.txt; cat bash.txt");
  assert.equal(create?.params?.args, undefined, "a whole shell line, no args");
  const terminalId = (s.answerTo(create?.id)?.result as { terminalId?: string } | undefined)?.terminalId;
  assert.ok(terminalId);
  for (const method of ["terminal/wait_for_exit", "terminal/output", "terminal/release"]) {
    assert.ok(
      s.requests(method).some((m) => m.params?.terminalId === terminalId),
      `${method} for ${terminalId}`,
    );
  }
  assert.equal(readFileSync(join(s.dirs.workspace, "bash.txt"), "utf8"), "hi-from-bash\n", "ran in the session cwd");
  const thread = s.thread();
  const card = toolCard(thread, (c) => c.toolKind === "execute");
  assert.equal(card?.status, "completed");
  assert.deepEqual(card?.content, [{ type: "terminal", terminalId }], "the card embeds the terminal");
  assert.deepEqual(thread.terminals[terminalId], {
    command: "echo hi-from-bash > bash.txt; cat bash.txt",
    output: "hi-from-bash\n",
    exit: { exitCode: 0, signal: null },
  });
  assert.match(assistantText(thread), /Shell said: .*hi-from-bash/s);
  assert.deepEqual(terminalPids(s.chat), []);
});

test("claude-code-acp: Reject (chosen by kind) fails the tool with the agent's text and writes nothing", async () => {
  const s = await open({
    script: (ws) =>
      rules({
        prompt: "create secret",
        steps: [[toolUse("Write", { file_path: join(ws, "secret.txt"), content: "nope\n" })], "Understood."],
      }),
  });
  const turn = s.chat.prompt("create secret");
  const chosen = await s.answerNextPermission("reject_once");
  await turn;
  const [permission] = s.requests("session/request_permission");
  assert.deepEqual(s.answerTo(permission?.id)?.result, { outcome: { outcome: "selected", optionId: chosen.optionId } });
  const thread = s.thread();
  const card = toolCard(thread, (c) => c.toolKind === "edit");
  assert.equal(card?.status, "failed");
  assert.match(cardText(card!), /User refused permission to run tool/);
  assert.equal(existsSync(join(s.dirs.workspace, "secret.txt")), false);
  assert.deepEqual(s.requests("fs/write_text_file"), []);
  assert.equal(thread.turn.phase, "idle");
  assert.deepEqual(thread.permissions, []);
});
