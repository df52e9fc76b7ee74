/**
 * Coalescing for the wire to the webview: a run of agent message (or thought) chunks that the
 * reducer would append to the same text becomes one action carrying the joined text. A flood of
 * 40-character chunks then crosses to the webview as a few actions per batch instead of
 * thousands, each of which the webview would validate and fold.
 *
 * Contract: for any state S and actions A, `reducePanelBatch(S, coalesceChunks(A))` equals
 * `reducePanelBatch(S, A)` (a property test checks it). Only chunks that differ in nothing but
 * their text merge: plain text chunks (thread/plainChunk.ts) of the same kind and the same
 * `messageId` (or both without one). User chunks never merge: the
 * reducer drops an echo of the prompt chunk by chunk.
 */
import type { PanelAction } from "./panelState";
import { plainChunkUpdateText } from "../thread/plainChunk";

type UpdateAction = Extract<PanelAction, { type: "acp/update" }>;

/** The text of a chunk action that may merge with its neighbours, or undefined. */
export function plainChunkText(action: PanelAction): string | undefined {
  return action.type === "acp/update" ? plainChunkUpdateText(action.update) : undefined;
}

/** True for a chunk action `coalesceChunks` may merge with a neighbour of the same run. */
export function isMergeableChunk(action: PanelAction): boolean {
  return plainChunkText(action) !== undefined;
}

function sameRun(a: UpdateAction, b: UpdateAction): boolean {
  const left = a.update as Record<string, unknown>;
  const right = b.update as Record<string, unknown>;
  return left.sessionUpdate === right.sessionUpdate && (left.messageId ?? undefined) === (right.messageId ?? undefined);
}

export function coalesceChunks(actions: readonly PanelAction[]): PanelAction[] {
  const out: PanelAction[] = [];
  let run: { first: UpdateAction; texts: string[] } | undefined;
  const closeRun = () => {
    if (!run) return;
    const { first, texts } = run;
    out.push(
      texts.length === 1
        ? first
        : { ...first, update: { ...first.update, content: { type: "text", text: texts.join("") } } },
    );
    run = undefined;
  };
  for (const action of actions) {
    const text = plainChunkText(action);
    if (text === undefined) {
      closeRun();
      out.push(action);
      continue;
    }
    const update = action as UpdateAction;
    if (run && sameRun(run.first, update)) {
      run.texts.push(text);
      continue;
    }
    closeRun();
    run = { first: update, texts: [text] };
  }
  closeRun();
  return out;
}
