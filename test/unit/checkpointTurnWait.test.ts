/**
 * A prompt waits for its checkpoint only so long (turnCheckpointWait.ts): git held at its listing
 * (as a stalled drive or a lock would hold it) must not keep the message from the agent. The
 * message then goes without a checkpoint, says so once, and the checkpoint that comes later is not
 * that turn's "before" (the agent may have written files by then).
 */
import * as assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, test } from "node:test";
import { SessionCheckpoints } from "../../src/acp/checkpoints/sessionCheckpoints";
import { reduceThread } from "../../src/shared/thread/reduceThread";
import { emptyThread, type Thread } from "../../src/shared/thread/thread";
import { fakeAgent } from "../support/fakeAgentLaunch";
import { heldGit } from "../support/heldGit";
import { Cleanup, startedChat } from "../support/hostHarness";
import { DiskFiles, ScriptedConsent } from "../support/diskFiles";
import { fixedWorkspace } from "../support/memoryPorts";
import { promptTexts } from "../support/wireLog";
import { MemoryLogger } from "../support/memoryPorts";

const cleanup = new Cleanup();
afterEach(() => cleanup.run());
import { waitFor } from "../support/waitFor";

test("a prompt whose checkpoint is not ready within the bound goes without one; the late checkpoint is not its baseline", async () => {
  const rig = await heldGit("acp-turn-wait-");
  writeFileSync(join(rig.dir, "notes.md"), "the user's line\n");
  await rig.checkpoints.take("session opened");
  let thread: Thread = emptyThread;
  let n = 0;
  const logger = new MemoryLogger();
  const session = new SessionCheckpoints({
    store: rig.checkpoints,
    dispatch: (action) => (thread = reduceThread(thread, action)),
    newId: () => `n${++n}`,
    logger,
    enabled: () => true,
    turnWaitMs: 300,
  });
  const notices = () => thread.entries.filter((entry) => entry.kind === "notice");

  rig.hold("ls-files");
  const listed = rig.started("ls-files");
  const sent = session.beforeTurn("u1").then(() => "sent" as const);
  // Generous, and only the old code can reach it: the fixed one resolves once the 300 ms bound has passed.
  const stuck = new Promise<"still waiting">((resolve) => setTimeout(() => resolve("still waiting"), 20_000).unref());
  assert.equal(await Promise.race([sent, stuck]), "sent", "the message waits no longer than the bound");
  assert.ok(rig.started("ls-files") > listed, "the checkpoint was under way, held at its listing");
  assert.equal(session.hasCheckpoint("u1"), false);
  assert.equal(session.baseline(), undefined, "Files changed has no baseline for this turn");
  assert.equal(notices().length, 1);
  assert.match(
    notices()[0]?.kind === "notice" ? notices()[0]!.title : "",
    /was not ready after \d+ seconds, so the message went without one/,
  );

  // git goes on: the checkpoint is taken, later, and stays no message's.
  rig.release("ls-files");
  await waitFor(
    () => logger.lines.join("\n"),
    (lines) => lines.includes("came after its message had gone"),
    "the late checkpoint",
  );
  assert.equal(session.hasCheckpoint("u1"), false);
  assert.equal(session.baseline(), undefined);

  // The next prompt, with git answering again, has its checkpoint; the notice is not repeated.
  await session.beforeTurn("u2");
  assert.equal(session.hasCheckpoint("u2"), true);
  assert.ok(session.baseline());
  rig.hold("ls-files");
  await session.beforeTurn("u3");
  assert.equal(session.hasCheckpoint("u3"), false);
  assert.equal(notices().length, 1, "said once a session");
  rig.release("ls-files");
});

test("in a session, the agent gets the prompt and answers while git is held; the message shows no Restore checkpoint", async () => {
  const rig = await heldGit("acp-turn-wait-chat-");
  writeFileSync(join(rig.dir, "notes.md"), "the user's line\n");
  const agent = fakeAgent("Held");
  const { chat } = await startedChat(cleanup, [agent.launch], {
    workspace: fixedWorkspace(rig.dir),
    ports: { files: new DiskFiles(), consent: new ScriptedConsent() },
    checkpoints: rig.checkpoints,
    checkpointWaitMs: 300,
  });
  rig.hold("ls-files");
  const turn = chat.prompt("hello while git is held");
  await waitFor(
    () => chat.store.state.thread.turn.phase,
    (phase) => phase === "idle" && promptTexts(agent).includes("hello while git is held"),
    "the turn, answered with git still held",
  );
  await turn;
  const entries = chat.store.state.thread.entries;
  const message = entries.find((entry) => entry.kind === "user" && entry.text === "hello while git is held");
  assert.ok(message?.kind === "user");
  assert.equal(message.checkpoint, undefined, "no Restore checkpoint for it");
  assert.ok(
    entries.some((entry) => entry.kind === "notice" && /was not ready after 1 seconds?/.test(entry.title)),
    "the transcript says why",
  );
  rig.release("ls-files");
});
