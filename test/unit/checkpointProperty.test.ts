/**
 * The user's bytes are never lost by the product (issue 25, done-when 1): random sequences of user
 * edits, agent edits by every route (fs/write_text_file, its own edit tool, a shell command that
 * writes or removes), turns, Keep, Keep of one hunk (the review diff's), Undo (answering the
 * questions yes or no; now and then double-clicked), Restore and Redo, over
 * a real folder with a real shadow repository. After each of the product's steps, every version of
 * a file the user wrote that was on disk before the step is on disk or in a checkpoint that can be
 * restored; a Restore gives exactly the checkpoint's bytes, a Redo exactly what the restore replaced,
 * and an Undo of a change only the agent made gives exactly the checkpoint's bytes, with the hunks
 * the user kept taken over (a kept hunk never writes the file, and Undo leaves it).
 *
 * CHECKPOINT_PROPERTY_BASELINE=head runs it with the review's former "before" (git HEAD): it fails.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import fc from "fast-check";
import { acceptHunk, lineHunks } from "../../src/acp/checkpoints/hunks";
import { textOf } from "../../src/acp/checkpoints/reviewContent";
import { FILES, PROPERTY_MAX_FILE_BYTES, type Step, steps } from "../support/checkpointSteps";
import type { ThreadEntry } from "../../src/shared/thread/thread";
import { checkpointRig, read } from "../support/checkpointRig";

/**
 * An Undo or a Redo as the user clicks it: once, or twice with the second click `secondClickMs`
 * after the first, whether or not it is still at work (a double click). True when a click did it;
 * "refused" when one failed and none did.
 */
async function clicked(click: () => Promise<boolean>, secondClickMs?: number): Promise<boolean | "refused"> {
  const second =
    secondClickMs === undefined ? [] : [new Promise<void>((resolve) => setTimeout(resolve, secondClickMs)).then(click)];
  const results = await Promise.allSettled([click(), ...second]);
  if (results.some((result) => result.status === "fulfilled" && result.value)) return true;
  return results.some((result) => result.status === "rejected") ? "refused" : false;
}

/**
 * `warmFirst`: a folder of over 500 files whose session opens with its background checkpoint, and
 * the first prompt goes at once, so the first turn's checkpoint is taken from the list of files
 * while the background one still runs (manifestCheckpoint.ts), and the first steps race it.
 */
async function run(steps: readonly Step[], warmFirst = false): Promise<void> {
  const { dir, store, panel, checkpoints, review, activity, changes, confirmations } = await checkpointRig(warmFirst);
  const userVersions: Array<{ path: string; text: string }> = [];
  /** The turn in which the review first listed each file: its checkpoint is the file's "before". */
  const listedIn = new Map<string, string>();
  /**
   * What Undo must write when it is not the listing turn's checkpoint: a file first listed by an
   * `fs/write_text_file` holds what the panel read just before the write (a user's edit made during
   * the turn included), and a file the user kept hunks of has those hunks taken over.
   */
  const keptBaseline = new Map<string, string | null>();
  const noteListed = () => {
    for (const name of FILES) {
      const p = join(dir, name);
      if (!review.has(p)) keptBaseline.delete(p);
      if (!review.has(p)) listedIn.delete(p);
      else if (!listedIn.has(p)) listedIn.set(p, entries.at(-1) ?? "u0");
    }
  };
  const entries: string[] = [];
  let lastRestore: { restoreId: string; replaced: Map<string, string | null> } | undefined;
  /**
   * The last Undo that wrote: the file, what it held before, what the Undo wrote, and the change's
   * listing (its Redo lists the same change again: same turn, same "before").
   */
  let lastUndo:
    | { path: string; replaced: string | null; wrote: string | null; listedIn?: string; kept?: string | null }
    | undefined;
  const snapshot = () => new Map(FILES.map((name) => [name, read(join(dir, name))]));
  const overCap = (text: string | null | undefined) =>
    typeof text === "string" && Buffer.byteLength(text) > PROPERTY_MAX_FILE_BYTES;
  /**
   * A file over the size cap just before a Restore or Redo is in no checkpoint: it must be left
   * exactly as it was, and the Restore's notice (when given: a Redo adds none) must say so.
   */
  const leftAsItIs = (name: string, replaced: Map<string, string | null>, notice: ThreadEntry | undefined) => {
    const was = replaced.get(name) ?? null;
    if (!overCap(was)) return false;
    assert.equal(read(join(dir, name)), was, `${name}, over the size cap, is left as it is`);
    if (notice?.kind === "notice" && notice.redo)
      assert.match(notice.description ?? "", new RegExp(`no checkpoint can keep.*${name.replace(".", "\\.")}`));
    return true;
  };
  const toolCall = (kind: string, status: string, toolCallId: string) =>
    panel.dispatch({
      type: "acp/update",
      entryId: `t-${toolCallId}-${status}`,
      update: { sessionUpdate: "tool_call", toolCallId, title: kind, kind, status },
    });

  /** Every user version on disk before a product step is on disk or in a checkpoint after it. */
  const onDiskNow = () => userVersions.filter((v) => read(v.path) === v.text);
  const kept = async (versions: Array<{ path: string; text: string }>, what: string) => {
    for (const version of versions) {
      if (read(version.path) === version.text) continue;
      let found = false;
      for (const checkpoint of store.all()) {
        const held = await store.fileAt(checkpoint, version.path);
        if (typeof held === "object" && "content" in held && held.content.toString("utf8") === version.text)
          found = true;
      }
      assert.ok(found, `${what} lost the user's ${JSON.stringify(version.text)} of ${version.path}`);
    }
  };

  panel.dispatch({ type: "turn/started", entryId: "u0", text: "first", at: 0 });
  if (warmFirst) checkpoints.warmUp();
  /** What every file held as each turn's checkpoint was asked for: what the checkpoint must hold (or not know). */
  const atTurnStart = new Map<string, Map<string, string | null>>();
  atTurnStart.set("u0", snapshot());
  await checkpoints.beforeTurn("u0");
  entries.push("u0");
  for (const [n, s] of steps.entries()) {
    noteListed();
    const named = "file" in s ? join(dir, s.file) : "";
    // An Undo or a Keep aims at a listed file when the one it names is not listed: most random
    // names are not, and an Undo that does nothing tests nothing (the HEAD sabotage went unseen).
    const listed = FILES.map((name) => join(dir, name)).filter((p) => review.has(p));
    const aimed = (s.kind === "undo" || s.kind === "keep") && !review.has(named) && listed.length > 0;
    const path = aimed ? listed[FILES.indexOf(s.file) % listed.length]! : named;
    switch (s.kind) {
      case "user":
        execFileSync("mkdir", ["-p", join(dir, "sub")]);
        writeFileSync(path, s.text);
        activity.userEdited(path);
        review.touchedByUser(path);
        userVersions.push({ path, text: s.text });
        break;
      case "fsWrite": {
        execFileSync("mkdir", ["-p", join(dir, "sub")]);
        const before = read(path);
        const wasListed = review.has(path);
        writeFileSync(path, s.text);
        review.record(path, before ?? undefined, s.text);
        if (!wasListed && review.has(path)) keptBaseline.set(path, before);
        break;
      }
      case "ownEdit":
        toolCall("edit", "in_progress", `own${n}`);
        execFileSync("mkdir", ["-p", join(dir, "sub")]);
        writeFileSync(path, s.text);
        toolCall("edit", "completed", `own${n}`);
        await changes.reported(path);
        break;
      case "shellWrite":
      case "shellRm":
        toolCall("execute", "in_progress", `sh${n}`);
        if (s.kind === "shellRm") rmSync(path, { force: true });
        else {
          execFileSync("mkdir", ["-p", join(dir, "sub")]);
          writeFileSync(path, s.text);
        }
        if (s.kind === "shellRm") await changes.deleted(path);
        else await changes.changed(path, false);
        toolCall("execute", "completed", `sh${n}`);
        break;
      case "turn": {
        const entryId = `u${n + 1}`;
        panel.dispatch({ type: "turn/ended", stopReason: "end_turn" });
        panel.dispatch({ type: "turn/started", entryId, text: `turn ${n}`, at: n });
        changes.newTurn();
        atTurnStart.set(entryId, snapshot());
        await checkpoints.beforeTurn(entryId);
        entries.push(entryId);
        break;
      }
      case "sweep":
        await changes.sweep();
        break;
      case "keep": {
        const before = onDiskNow();
        review.keep(path);
        await kept(before, "Keep");
        break;
      }
      case "keepHunk": {
        const baseline = review.baseline(path);
        if (!baseline || baseline.kind === "unknown") break;
        const beforeText = baseline.kind === "file" ? textOf(baseline.content) : "";
        // The diff editor's right side: the file as it is now (empty once removed).
        const current = read(path) ?? "";
        if (beforeText === undefined) break;
        const hunks = lineHunks(beforeText, current);
        const hunk = hunks[s.pick % Math.max(1, hunks.length)];
        if (!hunk) break;
        const disk = snapshot();
        const before = onDiskNow();
        assert.equal(review.keepHunk(path, current, hunk.afterStart), true, `a hunk of ${s.file} to keep`);
        await kept(before, "Keep of a hunk");
        assert.deepEqual(snapshot(), disk, "keeping a hunk writes no file");
        keptBaseline.set(path, acceptHunk(beforeText, current, hunk));
        break;
      }
      case "undo": {
        if (!review.has(path)) break;
        const before = onDiskNow();
        const firstTurn = listedIn.get(path);
        const agentOnly = !activity.wasEditedByUser(path);
        const current = read(path);
        // Changed again after the change the review recorded (a later write): Undo merges, and may
        // write conflict markers once the user says so; the exact-bytes check is for the plain case.
        const asRecorded = current === review.diff(path)?.after;
        confirmations.answer = s.answer;
        const done = await clicked(() => review.undo(path), s.secondClickMs);
        await kept(before, "Undo");
        if (done === true)
          lastUndo = {
            path,
            replaced: current,
            wrote: read(path),
            ...(firstTurn === undefined ? {} : { listedIn: firstTurn }),
            ...(keptBaseline.has(path) ? { kept: keptBaseline.get(path) ?? null } : {}),
          };
        const turnCheckpoint = store.all().find((c) => c.label === `before ${firstTurn}`);
        if (done === true && agentOnly && asRecorded && turnCheckpoint && current !== null) {
          const held = await store.fileAt(turnCheckpoint, path);
          const checkpointText = typeof held === "object" && "content" in held ? held.content.toString("utf8") : null;
          const expected = keptBaseline.has(path) ? keptBaseline.get(path) : checkpointText;
          if (!(typeof held === "object" && "unknown" in held))
            assert.equal(
              read(path),
              expected,
              `Undo of ${relative(dir, path)} gives the checkpoint's bytes, kept hunks taken over`,
            );
        }
        break;
      }
      case "restore": {
        const entryId = entries[s.pick % entries.length]!;
        const target = store.all().find((c) => c.label === `before ${entryId}`);
        const replaced = snapshot();
        const before = onDiskNow();
        await checkpoints.restore(entryId, "message");
        await kept(before, "Restore");
        const notice = [...panel.state.thread.entries].reverse().find((e) => e.kind === "notice" && e.redo);
        for (const name of FILES) {
          const held = target && (await store.fileAt(target, join(dir, name)));
          if (held && typeof held === "object" && "unknown" in held) continue; // not known: left as it is
          const expected = held && typeof held === "object" && "content" in held ? held.content.toString("utf8") : null;
          if (read(join(dir, name)) !== expected && leftAsItIs(name, replaced, notice)) continue;
          assert.equal(read(join(dir, name)), expected, `Restore gives the checkpoint's ${name}`);
        }
        if (notice?.kind === "notice" && notice.redo) lastRestore = { restoreId: notice.redo.restoreId, replaced };
        break;
      }
      case "redoUndo": {
        if (!lastUndo) break;
        const before = onDiskNow();
        const unchanged = read(lastUndo.path) === lastUndo.wrote;
        confirmations.answer = s.answer;
        const done = await clicked(() => review.redoUndo(lastUndo!.path), s.secondClickMs);
        await kept(before, "Redo of an Undo");
        if (done === true && (unchanged || s.answer))
          assert.equal(read(lastUndo.path), lastUndo.replaced, "Redo of an Undo gives back what the Undo replaced");
        if (done === true && review.has(lastUndo.path)) {
          if (lastUndo.listedIn !== undefined) listedIn.set(lastUndo.path, lastUndo.listedIn);
          if (lastUndo.kept !== undefined) keptBaseline.set(lastUndo.path, lastUndo.kept);
        }
        if (done === true) lastUndo = undefined;
        break;
      }
      case "redo": {
        if (!lastRestore) break;
        const before = onDiskNow();
        const replaced = snapshot();
        await checkpoints.redo(lastRestore.restoreId);
        await kept(before, "Redo");
        for (const name of FILES) {
          const then = lastRestore.replaced.get(name);
          if (read(join(dir, name)) === then || leftAsItIs(name, replaced, undefined)) continue;
          // Over the cap when the Restore took its checkpoint of the present: not known there, left as it is.
          if (overCap(then)) assert.equal(read(join(dir, name)), replaced.get(name), `Redo leaves ${name}`);
          else assert.equal(read(join(dir, name)), then, `Redo gives back ${name}`);
        }
        lastRestore = undefined;
        break;
      }
    }
  }
  activity.dispose();
  for (const [entryId, held] of atTurnStart) {
    const checkpoint = store.all().find((c) => c.label === `before ${entryId}`);
    if (!checkpoint) continue;
    for (const [name, text] of held) {
      const found = await store.fileAt(checkpoint, join(dir, name));
      if (typeof found === "object" && "unknown" in found) continue; // not known: never used as a "before"
      const bytes = found === "absent" ? null : found.content.toString("utf8");
      assert.equal(bytes, text, `the checkpoint before ${entryId} holds ${name} as it was then`);
    }
  }
}

/**
 * Sequences that once failed, run every time before the random ones. CI, 2026-12-06: the user's
 * new file and at once a Restore while the first checkpoint still hashed; the Restore's own
 * checkpoint was built from a list of files and did not know the file, so Redo could not give it
 * back (and another checkpoint with the same tree took it for "not known" too).
 */
const FORMER_FAILURES: Array<[Step[], boolean]> = [
  [
    [
      { kind: "user", file: "b.txt", text: "gamma\nalpha\nalpha\n" },
      { kind: "restore", pick: 1337363377 },
      { kind: "ownEdit", file: "b.txt", text: "agent\n" },
      { kind: "redo" },
      { kind: "keepHunk", file: "b.txt", pick: 1483798991 },
      { kind: "restore", pick: 1785786565 },
      { kind: "keepHunk", file: "sub/c.txt", pick: 1156181984 },
      { kind: "turn" },
    ],
    true,
  ],
];

test(
  "no sequence of edits, turns, keeps, undos, restores and redos loses the user's bytes",
  { timeout: 600_000 },
  async () => {
    await fc.assert(
      fc.asyncProperty(steps, fc.boolean(), (sequence, warmFirst) => run(sequence, warmFirst)),
      {
        numRuns: Number(process.env.CHECKPOINT_PROPERTY_RUNS ?? 25),
        endOnFailure: true,
        examples: FORMER_FAILURES,
      },
    );
  },
);
