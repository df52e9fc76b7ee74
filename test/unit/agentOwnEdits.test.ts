/**
 * "Files changed" takes every source (issue 16, point 1), against the fake agent and a real temp
 * folder: a file the agent writes with its own tool and reports (`diff` content, or `locations`
 * of an edit call) with `end_turn` at once; file events that arrive after the turn went idle,
 * until the file system settles; each file listed once whatever reported it. Reported paths are
 * the agent's word: outside the workspace (symlinks resolved) they are ignored.
 */
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, realpathSync, symlinkSync, writeFileSync, watch } from "node:fs";
import { join } from "node:path";
import { AgentFileChanges } from "../../src/acp/sessions/agentFileChanges";
import { ChangeReview } from "../../src/acp/sessions/changeReview";
import { TurnFileChanges } from "../../src/acp/sessions/turnFileChanges";
import type { Clock, FileEventKind, FileEventSource } from "../../src/acp/ports";
import { reduceThread } from "../../src/shared/thread/reduceThread";
import { emptyThread, type Thread } from "../../src/shared/thread/thread";
import { fakeAgent } from "../support/fakeAgentLaunch";
import { Cleanup, chatSession } from "../support/hostHarness";
import { DiskFiles, ScriptedConsent } from "../support/diskFiles";
import { ManualClock, fixedWorkspace } from "../support/memoryPorts";
import { systemClock } from "../../src/acp/ports";
import { waitFor } from "../support/waitFor";
import { scratchDir } from "../support/scratchDir";

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

/** A watcher the test drives by hand: it says whether it is on and emits what the test says. */
class ManualSource implements FileEventSource {
  listener: ((kind: FileEventKind, path: string) => void) | undefined;
  starts = 0;
  watch(onEvent: (kind: FileEventKind, path: string) => void) {
    this.starts += 1;
    this.listener = onEvent;
    return { dispose: () => (this.listener = undefined) };
  }
  emit(kind: FileEventKind, path: string): boolean {
    if (!this.listener) return false;
    this.listener(kind, path);
    return true;
  }
}

/** node's recursive `fs.watch`, as VS Code's watcher: create/change by whether the file is known. */
function nodeWatcher(dir: string): FileEventSource {
  return {
    watch(onEvent) {
      const seen = new Set<string>();
      const watcher = watch(dir, { recursive: true }, (_event, name) => {
        if (!name) return;
        const path = join(dir, name.toString());
        onEvent(seen.has(path) ? "change" : "create", path);
        seen.add(path);
      });
      return { dispose: () => watcher.close() };
    },
  };
}

async function ownEditsChat(source: FileEventSource | ((dir: string) => FileEventSource), clock: Clock = systemClock) {
  const dir = realpathSync(scratchDir("acp-own-edits-"));
  const agent = fakeAgent("Copilot-like");
  const { chat } = chatSession(cleanup, [agent.launch], {
    workspace: fixedWorkspace(dir),
    ports: { files: new DiskFiles(), consent: new ScriptedConsent() },
  });
  const changes = new AgentFileChanges(
    () => chat.review,
    undefined,
    () => [dir],
  );
  const tracker = new TurnFileChanges(chat.store, changes, typeof source === "function" ? source(dir) : source, {
    clock,
    quietMs: 1_500,
    maxGraceMs: 5_000,
  });
  cleanup.add(() => tracker.dispose());
  await chat.start();
  const listed = () => chat.store.state.thread.changes.map((c) => c.path);
  return { dir, agent, chat, tracker, listed };
}

test("a file the agent writes with its own tool, reported with a diff and end_turn at once, is listed", async () => {
  const { dir, chat, listed } = await ownEditsChat(new ManualSource());
  await chat.prompt("own-write own-1.txt");
  assert.equal(chat.store.state.thread.turn.phase, "idle");
  await waitFor(listed, (paths) => paths.includes(join(dir, "own-1.txt")), "own-1.txt in Files changed");
  const change = chat.store.state.thread.changes[0];
  assert.deepEqual(
    [change?.additions, change?.deletions, change?.undoable],
    [1, 0, false],
    "the agent's oldText is shown, never written back",
  );
});

test("an edit call that reports only `locations` lists the file too", async () => {
  const { dir, chat, listed } = await ownEditsChat(new ManualSource());
  await chat.prompt("own-write located.txt locations");
  await waitFor(listed, (paths) => paths.includes(join(dir, "located.txt")), "located.txt in Files changed");
});

test("a file event that arrives after the turn went idle is taken until the file system settles", async () => {
  const source = new ManualSource();
  const clock = new ManualClock();
  const { dir, chat, tracker, listed } = await ownEditsChat(source, clock);
  const late = join(dir, "late.txt");
  await chat.prompt("hello");
  assert.equal(chat.store.state.thread.turn.phase, "idle");
  assert.equal(tracker.isWatching, true, "still watching after the turn (grace period)");
  writeFileSync(late, "written after end_turn\n");
  assert.equal(source.emit("create", late), true, "the late event reaches the review");
  await waitFor(listed, (paths) => paths.includes(late), "late.txt in Files changed");
  assert.equal(chat.store.state.thread.changes.find((c) => c.path === late)?.created, true);
  clock.advance(1_499);
  assert.equal(tracker.isWatching, true, "an event restarts the quiet period");
  clock.advance(1);
  assert.equal(tracker.isWatching, false, "the watcher stops once no event came for the quiet period");
  assert.equal(
    source.emit("create", join(dir, "user.txt")),
    false,
    "what happens after the grace period is not the agent's",
  );
});

test("the grace period ends at the latest maxGraceMs after the turn, however busy the folder", async () => {
  const source = new ManualSource();
  const clock = new ManualClock();
  const { dir, chat, tracker } = await ownEditsChat(source, clock);
  await chat.prompt("hello");
  let elapsed = 0;
  while (tracker.isWatching && elapsed < 10_000) {
    source.emit("change", join(dir, "busy.log"));
    clock.advance(200);
    elapsed += 200;
  }
  assert.equal(elapsed, 5_000, "events every 200 ms keep it on, but no longer than maxGraceMs");
  assert.equal(source.starts, 1);
});

test("with a real watcher, each file is listed once, whether reported, seen by the watcher, or both", async () => {
  const { dir, chat, listed } = await ownEditsChat(nodeWatcher);
  for (const name of ["own-1.txt", "own-2.txt", "own-3.txt"]) await chat.prompt(`own-write ${name}`);
  writeFileSync(join(dir, "unreported.txt"), "seen by the watcher only\n");
  const expected = ["own-1.txt", "own-2.txt", "own-3.txt", "unreported.txt"].map((name) => join(dir, name));
  await waitFor(listed, (paths) => expected.every((path) => paths.includes(path)), "all four files");
  assert.deepEqual([...listed()].sort(), expected);
});

test("reported paths outside the workspace, through a symlink, or of files that do not exist are ignored", async () => {
  const root = realpathSync(scratchDir("acp-own-roots-"));
  const workspace = join(root, "ws");
  const outside = join(root, "outside");
  mkdirSync(workspace);
  mkdirSync(outside);
  writeFileSync(join(outside, "secret.txt"), "secret\n");
  symlinkSync(outside, join(workspace, "link"));
  writeFileSync(join(workspace, "inside.txt"), "mine\n");
  let thread: Thread = emptyThread;
  const review = new ChangeReview((action) => (thread = reduceThread(thread, action)), new DiskFiles());
  const changes = new AgentFileChanges(
    () => review,
    undefined,
    () => [workspace],
  );
  await changes.reported(join(outside, "secret.txt"), "x");
  await changes.reported(join(workspace, "link", "secret.txt"), "x");
  await changes.reported(join(workspace, "missing.txt"), undefined);
  await changes.reported("inside.txt", undefined);
  assert.equal(thread.changes.length, 0, "nothing listed");
  await changes.reported(join(workspace, "inside.txt"), "old\n");
  assert.deepEqual(
    thread.changes.map((c) => [c.path, c.additions, c.deletions, c.undoable]),
    // No checkpoint here: the agent's oldText is never taken as the "before", not even for the counts.
    [[join(workspace, "inside.txt"), 1, 0, false]],
  );
});

test("a file the user undoes or keeps during the grace period is not listed again by the events that follow; the next turn may list it", async () => {
  const source = new ManualSource();
  const clock = new ManualClock();
  const { dir, chat, tracker, listed } = await ownEditsChat(source, clock);
  const own = join(dir, "own-1.txt");
  const kept = join(dir, "kept.txt");
  await chat.prompt("own-write own-1.txt");
  writeFileSync(kept, "agent\n");
  source.emit("create", kept);
  await waitFor(listed, (paths) => paths.includes(own) && paths.includes(kept), "both files");
  assert.equal(tracker.isWatching, true);
  chat.review!.keep(own);
  chat.review!.keep(kept);
  // The user's next edits (or the file events of an undo) arrive while the watcher is still on.
  writeFileSync(kept, "user\n");
  source.emit("change", kept);
  source.emit("change", own);
  await tracker.whenSettled();
  assert.deepEqual(
    chat.store.state.thread.changes.map((c) => c.state),
    ["kept", "kept"],
    "both still kept",
  );
  await chat.prompt("own-write own-1.txt");
  await waitFor(
    () => chat.store.state.thread.changes.filter((c) => c.state === "pending").map((c) => c.path),
    (paths) => paths.includes(own),
    "own-1.txt listed again by the next turn",
  );
});
