/**
 * No sequence of the user's edits in the main folder, an agent's edits in its worktree (committed
 * on the branch or not), "Apply to Workspace" (with or without merging), its undo, and removing the
 * worktree then restoring it loses the user's bytes or the worktree's (issue 32). Checked after
 * every step, in a fresh repository per run:
 * - every content the user last wrote in a file is on disk, or comes back by undoing the applies
 *   that replaced it (last first), as `undoApply` does;
 * - an apply records, for each file it wrote, exactly the main folder's bytes before and after, and
 *   touches no other file; without merging, a conflict means nothing is written;
 * - undoing an apply with no user edit since gives the main folder back byte for byte;
 * - the worktree's files are never changed by an apply, and come back byte for byte (on the same
 *   branch tip) after a removal and its restore.
 * FUZZ_RUNS raises the number of runs (never below 25), FUZZ_SEED replays one seed.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, existsSync, mkdirSync, realpathSync, rmSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import type { ApplyOutcome } from "../../src/acp/worktrees/workspaceApply";
import type { TabWorktree } from "../../src/acp/worktrees/tabWorktree";
import { scratchDir } from "../support/scratchDir";
import {
  commitAll,
  folderFiles,
  git,
  panelWorktreesFor,
  readOrNull,
  remove,
  worktreeRepo,
  write,
  type WorktreeScratch,
} from "../support/worktreeRepos";

const RUNS = Math.max(25, Number(process.env.FUZZ_RUNS ?? 25) || 25);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

/** Three files of the base commit and one it does not have. */
const FILES = ["a.txt", "b.txt", "sub/c.txt", "new.txt"];
const BASE: Record<string, string> = { "a.txt": "alpha\nbeta\ngamma\n", "b.txt": "one\ntwo\n", "sub/c.txt": "c\n" };

const WORDS = ["alpha", "beta", "gamma", "one", "two", "user", "agent", "c"];
/** a.txt twice as often: the user's and the agent's edits meet in one file often enough to merge. */
const file = fc.constantFrom("a.txt", ...FILES);
const word = fc.constantFrom(...WORDS);
/** Short texts sharing lines with the base and each other, so merges meet both clean and conflicting cases. */
const text = fc.array(word, { minLength: 0, maxLength: 4 }).map((words) => words.map((w) => `${w}\n`).join(""));

/** One file's edit: a whole new text, a deletion, or one line replaced or inserted (what merges cleanly). */
type Edit =
  | { file: string; kind: "write"; text: string }
  | { file: string; kind: "delete" }
  | { file: string; kind: "line"; at: number; word: string; insert: boolean };

const edit: fc.Arbitrary<Edit> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ file, kind: fc.constant("write" as const), text }) },
  { weight: 1, arbitrary: fc.record({ file, kind: fc.constant("delete" as const) }) },
  {
    weight: 3,
    arbitrary: fc.record({ file, kind: fc.constant("line" as const), at: fc.nat(4), word, insert: fc.boolean() }),
  },
);

type Step =
  | { kind: "user"; edits: Edit[] }
  | { kind: "agent"; edits: Edit[]; commit: boolean }
  | { kind: "apply"; merge: boolean }
  | { kind: "undo" }
  | { kind: "removeRestore" };

const agentStep = fc.record({
  kind: fc.constant("agent" as const),
  edits: fc.array(edit, { minLength: 1, maxLength: 3 }),
  commit: fc.boolean(),
});
const userStep = fc.record({
  kind: fc.constant("user" as const),
  edits: fc.array(edit, { minLength: 1, maxLength: 2 }),
});
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: userStep },
  { weight: 3, arbitrary: agentStep },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant("apply" as const), merge: fc.boolean() }) },
  { weight: 3, arbitrary: fc.constant({ kind: "undo" as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: "removeRestore" as const }) },
);
/**
 * 5 to 8 steps, the first an agent's edit and the second the user's: an apply with nothing to
 * apply, or with no edit of the user's to meet, tells little.
 */
const steps = fc
  .tuple(agentStep, userStep, fc.array(step, { minLength: 3, maxLength: 6 }))
  .map(([agent, user, rest]): Step[] => [agent, user, ...rest]);

/** Makes `edit` in `root`; returns the file's new bytes (null: deleted). */
function perform(root: string, change: Edit): Buffer | null {
  if (change.kind === "delete") {
    remove(root, change.file);
    return null;
  }
  let next: string;
  if (change.kind === "write") next = change.text;
  else {
    const lines = (readOrNull(root, change.file)?.toString() ?? "").split("\n").filter(Boolean);
    const at = Math.min(change.at, lines.length);
    lines.splice(at, change.insert || at === lines.length ? 0 : 1, change.word);
    next = lines.map((line) => `${line}\n`).join("");
  }
  write(root, change.file, next);
  return Buffer.from(next);
}

type Files = Map<string, Buffer>;

interface Applied {
  readonly outcome: ApplyOutcome & { readonly repo: string };
  /** The main folder before the apply. */
  readonly before: Files;
  /** No user edit since the apply (an undo must then give `before` back exactly). */
  untouched: boolean;
}

let template: WorktreeScratch | undefined;

/** A fresh copy of one committed repository (copying beats `git init` + commit on a loaded machine). */
function freshScratch(): WorktreeScratch {
  template ??= worktreeRepo("acp-pwt-template-", BASE);
  const root = realpathSync(scratchDir("acp-pwt-prop-"));
  cpSync(template.repo, join(root, "repo"), { recursive: true });
  mkdirSync(join(root, "wt"));
  return {
    root,
    repo: join(root, "repo"),
    worktreesFolder: join(root, "wt"),
    recordsFile: join(root, "worktrees.json"),
  };
}

const show = (bytes: Buffer | null | undefined): string =>
  bytes == null ? "(none)" : JSON.stringify(bytes.toString());

function sameFiles(actual: Files, expected: Files, what: string): void {
  const text = (files: Files) =>
    Object.fromEntries([...files].map(([path, bytes]) => [path, bytes.toString("latin1")]));
  assert.deepEqual(text(actual), text(expected), what);
}

const equalBytes = (a: Buffer | null | undefined, b: Buffer | null | undefined): boolean =>
  a == null || b == null ? a == null && b == null : a.equals(b);

/** Runs `steps`, checking the invariants after each; returns what happened (for the fixed scenario and statistics). */
async function run(steps: Step[]): Promise<string[]> {
  const events: string[] = [];
  const scratch = freshScratch();
  const { repo } = scratch;
  try {
    const { worktrees } = await panelWorktreesFor(scratch);
    const head = git(repo, "rev-parse", "HEAD");
    const { worktree } = await worktrees.create({ repo, branch: "acp/prop", carry: false });
    const wt: TabWorktree = worktree;
    /** The content the user last wrote in each file (a file they deleted is not theirs to keep). */
    const userWrote = new Map<string, Buffer>();
    /** What the worktree holds: only the agent's steps change it. */
    let worktreeFiles = folderFiles(wt.path);
    const stack: Applied[] = [];
    const log: string[] = [];

    for (const [n, current] of steps.entries()) {
      log.push(JSON.stringify(current));
      const where = `after step ${n + 1} of:\n${log.join("\n")}`;
      const mainBefore = folderFiles(repo);
      switch (current.kind) {
        case "user":
          for (const change of current.edits) {
            const bytes = perform(repo, change);
            if (bytes === null) userWrote.delete(change.file);
            else userWrote.set(change.file, bytes);
          }
          for (const entry of stack) entry.untouched = false;
          break;
        case "agent":
          for (const change of current.edits) perform(wt.path, change);
          if (current.commit) commitAll(wt.path, `agent step ${n + 1}`);
          worktreeFiles = folderFiles(wt.path);
          sameFiles(folderFiles(repo), mainBefore, `an agent's edit leaves the main folder ${where}`);
          break;
        case "apply": {
          const outcome = await worktrees.apply(wt, current.merge);
          const mainAfter = folderFiles(repo);
          events.push(
            `apply merge=${current.merge} conflicts=${outcome.conflicts.length} applied=${outcome.applied.length}` +
              ` merged=${outcome.merged.length} conflicted=${outcome.conflicted.length} skipped=${outcome.skipped.length}`,
          );
          if (!current.merge && outcome.conflicts.length > 0) {
            assert.deepEqual(outcome.applied, [], `a conflict without merging writes nothing ${where}`);
            sameFiles(mainAfter, mainBefore, `a conflict without merging changes nothing ${where}`);
          }
          const written = new Set(outcome.applied.map((entry) => entry.path));
          assert.equal(written.size, outcome.applied.length, `each path is written once ${where}`);
          for (const entry of outcome.applied) {
            assert.ok(
              equalBytes(entry.before, mainBefore.get(entry.path)),
              `${entry.path}: the apply keeps ${show(mainBefore.get(entry.path))} as before, not ${show(entry.before)} ${where}`,
            );
            assert.ok(
              equalBytes(entry.after, mainAfter.get(entry.path)),
              `${entry.path}: the apply reports ${show(entry.after)} written, the disk has ${show(mainAfter.get(entry.path))} ${where}`,
            );
            const mine = userWrote.get(entry.path);
            if (mine && equalBytes(mine, mainBefore.get(entry.path)))
              assert.ok(
                equalBytes(entry.before, mine),
                `${entry.path}: the user's bytes are kept for an undo ${where}`,
              );
          }
          for (const path of new Set([...mainBefore.keys(), ...mainAfter.keys()]))
            if (!written.has(path))
              assert.ok(
                equalBytes(mainBefore.get(path), mainAfter.get(path)),
                `${path} is not reported written, yet changed from ${show(mainBefore.get(path))} to ${show(mainAfter.get(path))} ${where}`,
              );
          for (const path of [...outcome.merged, ...outcome.conflicted])
            assert.ok(
              outcome.conflicts.includes(path) && written.has(path),
              `${path}: merged only on a conflict ${where}`,
            );
          if (!current.merge && outcome.conflicts.length === 0) {
            assert.deepEqual(outcome.skipped, [], `nothing skipped ${where}`);
            assert.deepEqual(await worktrees.unapplied(wt), [], `a clean apply leaves nothing unapplied ${where}`);
          }
          stack.push({ outcome, before: mainBefore, untouched: true });
          break;
        }
        case "undo": {
          const last = stack.pop();
          if (!last) break;
          const kept = await worktrees.undoApply(last.outcome);
          const mainAfter = folderFiles(repo);
          events.push(`undo untouched=${last.untouched} applied=${last.outcome.applied.length} kept=${kept.length}`);
          if (last.untouched) {
            assert.deepEqual(kept, [], `nothing to keep with no edit since the apply ${where}`);
            sameFiles(mainAfter, last.before, `the undo gives the main folder back exactly ${where}`);
          }
          for (const entry of last.outcome.applied) {
            const wasAfter = equalBytes(mainBefore.get(entry.path), entry.after);
            assert.equal(kept.includes(entry.path), !wasAfter, `${entry.path}: kept only when changed since ${where}`);
            const expected = wasAfter ? entry.before : mainBefore.get(entry.path);
            assert.ok(
              equalBytes(mainAfter.get(entry.path), expected),
              `${entry.path}: the undo leaves ${show(mainAfter.get(entry.path))}, expected ${show(expected)} ${where}`,
            );
          }
          const touched = new Set(last.outcome.applied.map((entry) => entry.path));
          for (const path of new Set([...mainBefore.keys(), ...mainAfter.keys()]))
            if (!touched.has(path))
              assert.ok(equalBytes(mainBefore.get(path), mainAfter.get(path)), `the undo changed ${path} ${where}`);
          break;
        }
        case "removeRestore": {
          const tip = git(repo, "rev-parse", "refs/heads/acp/prop");
          const changes = await worktrees.changes(wt);
          const saved = await worktrees.remove(wt);
          events.push(`removeRestore changes=${changes.length}`);
          assert.equal(existsSync(wt.path), false, `the worktree folder is removed ${where}`);
          assert.equal(git(repo, "branch", "--list", "acp/prop"), "", `the branch is removed ${where}`);
          await worktrees.restoreRemoved(saved);
          sameFiles(folderFiles(wt.path), worktreeFiles, `the restored worktree has every file back ${where}`);
          assert.equal(git(repo, "rev-parse", "refs/heads/acp/prop"), tip, `the branch is back at its tip ${where}`);
          assert.equal(git(wt.path, "symbolic-ref", "--short", "HEAD").trim(), "acp/prop");
          assert.deepEqual(await worktrees.changes(wt), changes, `the same changes against the base ${where}`);
          assert.deepEqual(worktrees.worktreeAt(wt.path), wt);
          sameFiles(folderFiles(repo), mainBefore, `removing a worktree leaves the main folder ${where}`);
          break;
        }
      }

      // The worktree is only read by the panel's steps.
      sameFiles(folderFiles(wt.path), worktreeFiles, `the worktree is as the agent left it ${where}`);
      // Every content the user last wrote is on disk, or comes back by undoing the applies (last first).
      const mainNow = folderFiles(repo);
      for (const [path, mine] of userWrote) {
        let onDisk: Buffer | null = mainNow.get(path) ?? null;
        const reachable = [onDisk];
        for (const entry of [...stack].reverse()) {
          const applied = entry.outcome.applied.find((candidate) => candidate.path === path);
          if (!applied) continue;
          if (!equalBytes(onDisk, applied.after)) break; // an undo would keep the file as it is
          onDisk = applied.before;
          reachable.push(onDisk);
        }
        assert.ok(
          reachable.some((bytes) => equalBytes(bytes, mine)),
          `${path}: the user's ${show(mine)} is lost (disk and undos give ${reachable.map(show).join(", ")}) ${where}`,
        );
      }
    }

    assert.equal(git(repo, "rev-parse", "HEAD"), head, "the main folder's HEAD never moves");
    assert.equal(git(repo, "diff", "--cached", "--name-only"), "", "nothing is ever staged in the main folder");
    assert.equal(git(repo, "symbolic-ref", "--short", "HEAD").trim(), "main");
    return events;
  } finally {
    rmSync(scratch.root, { recursive: true, force: true });
  }
}

test(
  "no sequence of user edits, agent edits, applies, undos and remove-restore loses the user's or the worktree's bytes",
  { timeout: 600_000 },
  async () => {
    await fc.assert(
      fc.asyncProperty(steps, async (sequence) => {
        await run(sequence);
      }),
      { numRuns: RUNS, endOnFailure: true, ...(SEED === undefined ? {} : { seed: SEED }) },
    );
  },
);

test("the property's own scenario: user edit, agent edit, conflicting apply, merge, undo, remove and restore", async () => {
  const events = await run([
    { kind: "user", edits: [{ file: "a.txt", kind: "line", at: 0, word: "user", insert: false }] },
    { kind: "agent", edits: [{ file: "a.txt", kind: "line", at: 2, word: "agent", insert: false }], commit: true },
    {
      kind: "agent",
      edits: [
        { file: "new.txt", kind: "write", text: "agent\n" },
        { file: "sub/c.txt", kind: "delete" },
        { file: "b.txt", kind: "line", at: 1, word: "agent", insert: true },
      ],
      commit: false,
    },
    { kind: "user", edits: [{ file: "b.txt", kind: "line", at: 1, word: "user", insert: true }] },
    { kind: "apply", merge: false },
    { kind: "apply", merge: true },
    { kind: "undo" },
    { kind: "removeRestore" },
  ]);
  assert.deepEqual(events, [
    "apply merge=false conflicts=2 applied=0 merged=0 conflicted=0 skipped=0",
    "apply merge=true conflicts=2 applied=4 merged=1 conflicted=1 skipped=0",
    "undo untouched=true applied=4 kept=0",
    "removeRestore changes=4",
  ]);
});
