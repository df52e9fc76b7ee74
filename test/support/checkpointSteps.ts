/**
 * The random sequences of the checkpoint property (test/unit/checkpointProperty.test.ts): user
 * edits, agent edits by every route, turns, sweeps, Keep (of a file or one hunk), Undo, Restore and
 * Redo, over three files (now and then one grown over the checkpoints' size cap), mixed with whole
 * episodes of the path that once lost the user's work.
 */
import fc from "fast-check";

/** The files the steps touch, relative to the workspace folder. */
export const FILES = ["a.txt", "b.txt", "sub/c.txt"];
const file = fc.constantFrom(...FILES);
/** The checkpoints' size cap in the property's rig: a file over it is in no checkpoint. */
export const PROPERTY_MAX_FILE_BYTES = 1024;
const lines = fc
  .array(fc.constantFrom("alpha", "beta", "gamma", "delta", "user", "agent"), { minLength: 0, maxLength: 4 })
  .map((words) => words.map((w) => `${w}\n`).join(""));
/** Mostly a few lines; now and then a file grown over the size cap (its few lines, then many rows). */
const text = fc.oneof(
  { weight: 6, arbitrary: lines },
  { weight: 1, arbitrary: lines.map((head) => `${head}${"row\n".repeat(PROPERTY_MAX_FILE_BYTES / 4)}`) },
);

export type Step =
  | { kind: "user"; file: string; text: string }
  | { kind: "fsWrite" | "ownEdit" | "shellWrite"; file: string; text: string }
  | { kind: "shellRm"; file: string }
  | { kind: "turn" }
  | { kind: "sweep" }
  | { kind: "keep"; file: string }
  | { kind: "keepHunk"; file: string; pick: number }
  // `secondClickMs`: a double click, its second click that many ms after the first.
  | { kind: "undo"; file: string; answer: boolean; secondClickMs?: number | undefined }
  | { kind: "restore"; pick: number }
  | { kind: "redo" }
  | { kind: "redoUndo"; answer: boolean; secondClickMs?: number | undefined };

/** One Undo or Redo in four is a double click: its second click up to 60 ms after the first. */
const doubleClick = fc.oneof(
  { weight: 3, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 60 }) },
);

// Weighted towards what can lose bytes: a user's edit, an agent's edit, the sweep that lists it,
// and an Undo of it (uniform weights made an effective Undo rare, and the HEAD sabotage passed).
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("user" as const), file, text }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constantFrom("fsWrite" as const, "ownEdit" as const, "shellWrite" as const),
      file,
      text,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("shellRm" as const), file }) },
  { weight: 2, arbitrary: fc.constant({ kind: "turn" as const }) },
  { weight: 3, arbitrary: fc.constant({ kind: "sweep" as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("keep" as const), file }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("keepHunk" as const), file, pick: fc.nat() }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("undo" as const),
      file,
      answer: fc.boolean(),
      secondClickMs: doubleClick,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("restore" as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.constant({ kind: "redo" as const }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant("redoUndo" as const), answer: fc.boolean(), secondClickMs: doubleClick }),
  },
);

/**
 * The path that lost the user's work (issue 25): the user's edit, a new turn, an agent's edit of the
 * same file by any route, the sweep that lists it, and an Undo. Random steps alone make it rare, so
 * the sequences mix such episodes with single random steps.
 */
const episode: fc.Arbitrary<Step[]> = fc
  .record({
    file,
    mine: text,
    theirs: text,
    route: fc.constantFrom("fsWrite" as const, "ownEdit" as const, "shellWrite" as const),
    answer: fc.boolean(),
  })
  .map(({ file, mine, theirs, route, answer }) => [
    { kind: "user", file, text: mine },
    { kind: "turn" },
    { kind: route, file, text: theirs },
    { kind: "sweep" },
    { kind: "undo", file, answer },
  ]);

/** A sequence: mostly single random steps, now and then a whole episode. */
export const steps: fc.Arbitrary<Step[]> = fc
  .array(fc.oneof({ weight: 6, arbitrary: step.map((s) => [s]) }, { weight: 1, arbitrary: episode }), {
    minLength: 1,
    maxLength: 12,
  })
  .map((groups) => groups.flat());
