/**
 * Checkpoints for the webview tests, built as the host builds them (real panel actions folded by
 * the shared reducer): two turns whose user messages carry a checkpoint and one older message
 * without; the host's `checkpoint/preview` answers; a restore notice; and review rows of every
 * kind the checkpoint review shows (the agent's, the user's, binary, not undoable with a reason).
 */
import type { PanelAction, PanelState } from "../../src/shared/wire/panelState";
import type { HostMessage } from "../../src/shared/wire/protocol";
import { readyActions } from "./featureFixture";
import { messageChunk } from "./fixtures";
import { fold } from "./fullFixture";

type Preview = Extract<HostMessage, { type: "checkpoint/preview" }>;

export const ROOT = "/home/ada/work/parser";

/** u0 (sent before checkpoints, none), then u1 and u2, each with the checkpoint taken before it. */
export function checkpointActions(): PanelAction[] {
  return [
    ...readyActions,
    { type: "turn/started", entryId: "u0", text: "Hello", at: 1_000 },
    messageChunk("a0", "Hi."),
    { type: "turn/ended", stopReason: "end_turn" },
    { type: "turn/started", entryId: "u1", text: "Refactor the parser", at: 2_000 },
    { type: "checkpoint/taken", entryId: "u1", checkpointId: "cp-1" },
    messageChunk("a1", "Done: parse() is split in two."),
    { type: "turn/ended", stopReason: "end_turn" },
    { type: "turn/started", entryId: "u2", text: "Add tests for it", at: 3_000 },
    { type: "checkpoint/taken", entryId: "u2", checkpointId: "cp-2" },
    messageChunk("a2", "Added test/parser.test.ts."),
    { type: "turn/ended", stopReason: "end_turn" },
  ];
}

export function checkpointState(): PanelState {
  return fold(checkpointActions());
}

/** What restoring to before u1 would change: one file of each kind, and a warning. */
export function previewFor(entryId: string, overrides: Partial<Omit<Preview, "type" | "entryId">> = {}): Preview {
  return {
    type: "checkpoint/preview",
    entryId,
    files: [
      { path: `${ROOT}/src/parser/parse.ts`, status: "modified", additions: 31, deletions: 48 },
      { path: `${ROOT}/test/parser.test.ts`, status: "deleted", additions: 0, deletions: 120 },
      { path: `${ROOT}/src/parser/grammar.ts`, status: "added", additions: 12, deletions: 0 },
      { path: `${ROOT}/assets/logo.png`, status: "modified", additions: 0, deletions: 0, binary: true },
    ],
    warnings: ["The session “Docs” changed src/parser/parse.ts after this checkpoint."],
    ...overrides,
  };
}

/** A restore's notice in the transcript, with its Redo. */
export const restoredNotice: PanelAction = {
  type: "checkpoint/restored",
  entryId: "n1",
  title: "Restored 4 files to before “Refactor the parser”",
  description: "The conversation was kept.",
  restoreId: "restore-1",
};

/** The checkpoint review: an agent edit, a user edit during the turn, a binary file, one not undoable. */
export function checkpointReviewActions(): PanelAction[] {
  return [
    {
      type: "review/recorded",
      path: `${ROOT}/src/parser/parse.ts`,
      additions: 48,
      deletions: 31,
      created: false,
      undoable: true,
      origin: "agent",
    },
    {
      type: "review/recorded",
      path: `${ROOT}/notes.md`,
      additions: 2,
      deletions: 0,
      created: false,
      undoable: false,
      origin: "user",
    },
    {
      type: "review/recorded",
      path: `${ROOT}/assets/logo.png`,
      additions: 0,
      deletions: 0,
      created: false,
      undoable: true,
      origin: "agent",
      binary: true,
    },
    {
      type: "review/recorded",
      path: `${ROOT}/dist/bundle.js`,
      additions: 900,
      deletions: 850,
      created: false,
      undoable: false,
      origin: "agent",
      reason: "Not restorable: dist/ is ignored by .gitignore, so it is not in the checkpoint",
    },
  ];
}
