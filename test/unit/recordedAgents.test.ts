/**
 * Regression tests over traffic recorded from the real Claude adapters (test/fixtures/recorded,
 * made by test/realAgents/record.ts): each quirk the real agents showed, replayed without the
 * agents, through the shared reducer or through the real AgentClient + SessionController.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { reduceThread } from "../../src/shared/thread/reduceThread";
import { emptyThread, type Thread, type ToolCallEntry } from "../../src/shared/thread/thread";
import { isLocalCommandRecord } from "../../src/shared/thread/reduceChunk";
import { AgentClient } from "../../src/acp/client/connection/agentClient";
import { AgentServices } from "../../src/acp/client/session/agentServices";
import { SessionController } from "../../src/acp/client/session/sessionController";
import { DiskFiles, ScriptedConsent } from "../support/diskFiles";
import { MemoryLogger, definitionOf, steppingClock } from "../support/memoryPorts";
import { repoRoot } from "../support/fakeAgentLaunch";
import { waitFor } from "../support/waitFor";
import { ReplayTransport, readRecording, recordedUpdates } from "../realAgents/replayTransport";
import { kindsOf } from "../support/threadReaders";

const recorded = (name: string) => readRecording(join(repoRoot, "test/fixtures/recorded", name));

function fold(updates: ReadonlyArray<{ sessionUpdate: string }>, start: Thread = emptyThread): Thread {
  return updates.reduce(
    (thread, update, i) => reduceThread(thread, { type: "acp/update", entryId: `u${i}`, update }),
    start,
  );
}

const cards = (thread: Thread) => thread.entries.filter((e): e is ToolCallEntry => e.kind === "tool_call");
const text = (thread: Thread, kind: "message" | "thought" = "message") =>
  thread.entries
    .flatMap((e) => (e.kind === "assistant" ? e.chunks.filter((c) => c.kind === kind).map((c) => c.text) : []))
    .join("");

test("claude-code-acp (recorded): a tool announced twice as tool_call is one card with the real title", () => {
  const lines = recorded("claude-code-acp-tools.jsonl");
  const updates = recordedUpdates(lines);
  const announced = updates.filter((u) => u.sessionUpdate === "tool_call").map((u) => u.toolCallId);
  assert.deepEqual(
    announced,
    ["toolu_fake_1", "toolu_fake_1", "toolu_fake_2", "toolu_fake_2", "toolu_fake_3", "toolu_fake_3"],
    "the recording has the duplicates",
  );
  const thread = fold(updates);
  assert.deepEqual(
    cards(thread).map((c) => [c.toolCallId, c.toolKind, c.status, c.title]),
    [
      ["toolu_fake_1", "read", "completed", "Read /ws/notes.txt"],
      ["toolu_fake_2", "edit", "completed", "Write /ws/out.txt"],
      ["toolu_fake_3", "execute", "completed", "Say hi"],
    ],
  );
  const [read, write, bash] = cards(thread);
  assert.deepEqual(
    read!.rawInput,
    { file_path: "/ws/notes.txt" },
    "the second announcement's input replaces the empty one",
  );
  assert.deepEqual(
    write!.content,
    [{ type: "diff", path: "/ws/out.txt", oldText: null, newText: "written\n" }],
    "oldText null = a new file",
  );
  assert.deepEqual(
    bash!.content,
    [{ type: "terminal", terminalId: "term-1" }],
    "the terminal stays embedded after the final update, which has no content",
  );
  assert.deepEqual(
    thread.plan.map((e) => [e.content, e.status, e.priority]),
    [
      ["One", "in_progress", "medium"],
      ["Two", "pending", "medium"],
    ],
  );
  assert.equal(text(thread, "thought"), "Reading first.");
  assert.equal(text(thread), "The notes say: some notes.Created out.txt.It printed hi-from-bash.Planned.");
});

test("claude-code-acp (recorded): client callbacks use agent ids from 0 and a whole shell line", () => {
  const requests = recorded("claude-code-acp-tools.jsonl").filter(
    (l) => l.direction === "in" && l.message.method !== undefined && l.message.id !== undefined,
  );
  assert.deepEqual(
    requests.map((l) => [l.message.id, l.message.method]),
    [
      [0, "fs/read_text_file"],
      [1, "session/request_permission"],
      [2, "fs/write_text_file"],
      [3, "session/request_permission"],
      [4, "terminal/create"],
      [5, "terminal/wait_for_exit"],
      [6, "terminal/output"],
      [7, "terminal/release"],
    ],
  );
  const create = requests.find((l) => l.message.method === "terminal/create")!.message.params!;
  assert.deepEqual(
    { command: create.command, args: create.args, cwd: create.cwd, outputByteLimit: create.outputByteLimit },
    { command: "echo hi-from-bash", args: undefined, cwd: undefined, outputByteLimit: 32000 },
  );
  assert.deepEqual(requests.find((l) => l.message.method === "fs/read_text_file")!.message.params, {
    sessionId: create.sessionId,
    path: "/ws/notes.txt",
    line: 1,
    limit: 2000,
  });
});

test("claude-agent-acp (recorded): a session/load replay shows the user's prompts without Claude Code's command records", () => {
  const updates = recordedUpdates(recorded("claude-agent-acp-load.jsonl"));
  const userChunks = updates
    .filter((u) => u.sessionUpdate === "user_message_chunk")
    .map((u) => (u.content as { text: string }).text);
  assert.equal(userChunks.length, 3);
  assert.ok(
    isLocalCommandRecord(userChunks[0]!) && isLocalCommandRecord(userChunks[1]!),
    "the adapter's /model records",
  );
  const thread = fold(updates);
  assert.deepEqual(kindsOf(thread), ["user", "tool_call", "assistant"]);
  assert.deepEqual(
    thread.entries.filter((e) => e.kind === "user").map((e) => e.kind === "user" && e.text),
    ["remember the data"],
  );
  assert.equal(cards(thread)[0]?.status, "completed");
  assert.equal(text(thread), "I read data.txt: forty-two.");
  assert.equal(
    isLocalCommandRecord("please explain <command-name>/model</command-name>"),
    false,
    "a prompt mentioning the tags is kept",
  );
});

test("claude-agent-acp (recorded): after a Stop, an early end is flagged, the idle permission is answered, late output lands", async () => {
  const lines = recorded("claude-agent-acp-cancel-desync.jsonl");
  const transport = new ReplayTransport(lines);
  const logger = new MemoryLogger();
  let thread = emptyThread;
  let counter = 0;
  const dispatch = (action: Parameters<typeof reduceThread>[1]) => {
    thread = reduceThread(thread, action);
  };
  const newId = () => `e${++counter}`;
  const services = new AgentServices({
    agent: "claude-agent-acp",
    ports: { files: new DiskFiles(), consent: new ScriptedConsent(), terminals: true },
    dispatch: (_sessionId, action) => dispatch(action),
    newId,
    roots: () => ["/ws"],
  });
  const client = new AgentClient(
    definitionOf({ name: "claude-agent-acp", command: "replay", args: [], env: {} }),
    transport,
    services.callbacks,
    logger,
  );
  try {
    await client.initialize();
    const session = await SessionController.create({
      client,
      cwd: "/ws",
      additionalDirectories: [],
      sink: dispatch,
      newId,
      clock: steppingClock(),
      logger,
    });
    const story = session.prompt("tell a long story");
    await transport.until("session/cancel");
    services.cancelSession(session.sessionId);
    await session.cancel();
    await story;
    assert.deepEqual(thread.turn, { phase: "idle", lastStop: "cancelled" });
    assert.deepEqual(
      thread.entries.filter((e) => e.kind === "notice").map((e) => e.kind === "notice" && e.title),
      ["You stopped this turn."],
      "no early-end warning for a cancelled turn, only the Stop line",
    );

    await session.prompt("create a file");
    assert.deepEqual(thread.turn, { phase: "idle", lastStop: "end_turn" });
    const notice = thread.entries.at(-1);
    assert.equal(
      notice?.kind === "notice" && `${notice.severity}: ${notice.title}`,
      "warning: claude-agent-acp ended the turn without replying",
    );

    const [pending] = await waitFor(
      () => thread.permissions,
      (list) => list.length === 1,
      "the permission that comes while idle",
    );
    assert.equal(thread.turn.phase, "idle");
    assert.equal(
      cards(thread).find((c) => c.toolCallId === "toolu_fake_1")?.status,
      "awaiting_permission",
      "a card made from the permission's toolCall",
    );
    const allow = pending!.options.find((o) => o.kind === "allow_once")!;
    services.permissions.answer(pending!.requestId, allow.optionId);
    const recordedAnswer = lines.find(
      (l) => l.direction === "out" && l.message.id === 0 && l.message.method === undefined,
    )!.message;
    await waitFor(() => transport.sent.find((m) => m.method === undefined && m.id === 0), Boolean, "our answer");
    assert.deepEqual(transport.sent.find((m) => m.method === undefined && m.id === 0)?.result, recordedAnswer.result);
    assert.deepEqual(thread.permissions, []);

    await session.prompt("and now?");
    await transport.done;
    const card = cards(thread).find((c) => c.toolCallId === "toolu_fake_1");
    assert.equal(card?.status, "completed", "the late tool updates land on the card");
    assert.deepEqual(card?.content, [{ type: "diff", path: "/ws/late.txt", oldText: null, newText: "late\n" }]);
    assert.match(text(thread), /Created late\.txt\.Now answering the third prompt\./);
    assert.equal(
      // An answered permission's "You chose" line is not a turn-end notice.
      thread.entries.filter((e) => e.kind === "notice" && e.answer === undefined).length,
      2,
      "a turn with output is not flagged (the Stop line and the early-end warning only)",
    );
    assert.equal(thread.turnUsage?.totalTokens, 147);
    session.dispose();
  } finally {
    await services.dispose();
    await client.stop();
  }
});
