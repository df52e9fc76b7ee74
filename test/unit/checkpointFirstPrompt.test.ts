/**
 * "The first prompt is never held up by more than the turn's checkpoint" (issue 25, speed): a
 * message sent while the agent starts waits in the queue and goes out once the session is ready.
 * Its turn's checkpoint is then the session's first: no separate background checkpoint ("session
 * opened", every file hashed on a new workspace) is taken in front of it. A prompt sent after the
 * session is up still finds the background checkpoint started at once (warmUp).
 */
import { waitForStatus } from "../support/threadReaders";
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { WorkspaceCheckpoints, type Checkpoint } from "../../src/acp/checkpoints/workspaceCheckpoints";
import type { TakeOptions } from "../../src/acp/checkpoints/shadowRepository";
import { fakeAgent } from "../support/fakeAgentLaunch";
import { Cleanup, chatSession } from "../support/hostHarness";
import { DiskFiles, ScriptedConsent } from "../support/diskFiles";
import { fixedWorkspace } from "../support/memoryPorts";
import { waitFor } from "../support/waitFor";
import { scratchDir } from "../support/scratchDir";
import { gitOnPath } from "../support/scratchCheckpoints";

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

/** The workspace's checkpoints, with the label of every checkpoint in the order they were asked for. */
class RecordingCheckpoints extends WorkspaceCheckpoints {
  readonly labels: string[] = [];
  override take(label: string, options?: TakeOptions): Promise<Checkpoint> {
    this.labels.push(label);
    return super.take(label, options);
  }

  override prepare(): Promise<void> {
    this.labels.push("(prepared while the agent starts)");
    return super.prepare();
  }
}

function session() {
  const dir = realpathSync(scratchDir("acp-first-prompt-"));
  writeFileSync(join(dir, "notes.md"), "a file\n");
  const checkpoints = new RecordingCheckpoints({
    git: gitOnPath(dir),
    storage: scratchDir("acp-first-prompt-storage-"),
    folders: () => [dir],
  });
  const { chat } = chatSession(cleanup, [fakeAgent("First prompt").launch], {
    workspace: fixedWorkspace(dir),
    ports: { files: new DiskFiles(), consent: new ScriptedConsent() },
    checkpoints,
  });
  return { chat, checkpoints, dir };
}

const userEntries = (chat: ReturnType<typeof session>["chat"]) =>
  chat.store.state.thread.entries.filter((entry) => entry.kind === "user").map((entry) => entry.id);

test("a message sent while the agent starts: the background checkpoint is taken too, and its turn's checkpoint holds the file", async () => {
  const { chat, checkpoints, dir } = session();
  const started = chat.start();
  await waitForStatus(chat, "starting", "the agent starting");
  await chat.prompt("hello");
  await started;
  await waitFor(
    () => chat.store.state.thread.turn.phase,
    (phase) => phase === "idle" && userEntries(chat).length === 1,
    "the queued message's turn to end",
  );
  const [entryId] = userEntries(chat);
  // The prompt's checkpoint does not wait for the background one (ShadowRepository.begin): the
  // background one is there so that a large folder's first prompt is not held up while every file
  // is hashed for its own checkpoint.
  assert.deepEqual(checkpoints.labels, ["(prepared while the agent starts)", "session opened", `before ${entryId}`]);
  const turn = checkpoints.all().find((checkpoint) => checkpoint.label === `before ${entryId}`)!;
  await checkpoints.settled(turn);
  const notes = await checkpoints.fileAt(turn, join(dir, "notes.md"));
  assert.equal(notes !== "absent" && "content" in notes ? notes.content.toString() : notes, "a file\n");
});

test("a session opened with nothing queued takes its first checkpoint in the background at once", async () => {
  const { chat, checkpoints } = session();
  await chat.start();
  await waitFor(
    () => checkpoints.labels,
    (labels) => labels.includes("session opened"),
    "the background checkpoint",
  );
  await chat.prompt("hello");
  const [entryId] = userEntries(chat);
  assert.deepEqual(checkpoints.labels, ["(prepared while the agent starts)", "session opened", `before ${entryId}`]);
});
