/**
 * Scenario catalogue (docs/reference/fake-agent-scenarios.md) group D (client-backed tools,
 * docs/reference/bub-and-lody.md §5), files: the fake Bub reads, writes and edits through
 * fs/read_text_file and fs/write_text_file. Each test asserts what the client answered on the wire
 * and what the thread shows.
 */
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Cleanup } from "../support/hostHarness";
import { toolCards, toolText, toolCard } from "../support/threadReaders";
import { exchanges } from "../support/wireLog";
import { NOTES, bubWithClientTools } from "../support/bubClientTools";

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

test("19 fs-roundtrip: read (line 2, limit 3) as request id 0, write, then edit = whole read + whole write", async () => {
  const { dir, agent, chat, files } = await bubWithClientTools(cleanup);
  await chat.prompt("fs-roundtrip");
  const fs = exchanges(agent, /^fs\//);
  const { sessionId } = chat;
  assert.deepEqual(
    fs.map((e) => [e.id, e.method, e.params]),
    [
      [0, "fs/read_text_file", { sessionId, path: join(dir, "notes.txt"), line: 2, limit: 3 }],
      [1, "fs/write_text_file", { sessionId, path: join(dir, "result.txt"), content: "done" }],
      [2, "fs/read_text_file", { sessionId, path: join(dir, "notes.txt"), line: 1 }],
      [
        3,
        "fs/write_text_file",
        { sessionId, path: join(dir, "notes.txt"), content: NOTES.replace("line two", "line 2") },
      ],
    ],
  );
  assert.deepEqual(
    fs.map((e) => e.answer),
    [
      { result: { content: "line two\nline three\nline four\n" } },
      { result: {} },
      { result: { content: NOTES } },
      { result: {} },
    ],
    "id 0 is answered like any other",
  );
  assert.equal(readFileSync(join(dir, "result.txt"), "utf8"), "done");
  assert.equal(readFileSync(join(dir, "notes.txt"), "utf8"), NOTES.replace("line two", "line 2"));
  assert.deepEqual(files.writes, [join(dir, "result.txt"), join(dir, "notes.txt")]);
  const { thread } = chat.store.state;
  assert.deepEqual(
    toolCards(thread).map((c) => [c.toolCallId, c.title, c.toolKind, c.status, toolText(c)]),
    [
      ["call-1", "fs.read", "read", "completed", "line two\nline three\nline four\n"],
      ["call-2", "fs.write", "edit", "completed", `wrote: ${join(dir, "result.txt")}`],
      ["call-3", "fs.edit", "edit", "completed", `edited: ${join(dir, "notes.txt")}`],
    ],
  );
  assert.deepEqual(
    thread.changes.map((c) => [c.path, c.created, c.state]),
    [
      [join(dir, "result.txt"), true, "pending"],
      [join(dir, "notes.txt"), false, "pending"],
    ],
  );
});

test("19 variant: an edit whose old text is missing reads, fails, and writes nothing", async () => {
  const { dir, agent, chat } = await bubWithClientTools(cleanup);
  await chat.prompt("fs-edit-missing");
  assert.deepEqual(
    exchanges(agent, /^fs\//).map((e) => e.method),
    ["fs/read_text_file"],
  );
  assert.equal(readFileSync(join(dir, "notes.txt"), "utf8"), NOTES);
  const edit = toolCard(chat.store.state.thread, "call-1");
  assert.deepEqual(
    [edit?.status, edit && toolText(edit)],
    ["completed", `error: old text not found in ${join(dir, "notes.txt")}`],
  );
});
