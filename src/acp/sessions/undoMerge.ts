/**
 * Undo of a file changed again after the agent's change (by the user, or something else): the
 * agent's change is taken out of what the file holds now with git's three-way merge (the agent's
 * version as the base), or, where that can't be done, the user is asked. Never silent.
 */
import type { ReviewSafety } from "../checkpoints/reviewSafety";
import { textOf } from "../checkpoints/reviewContent";

/** The agent's change taken out of what the file holds now; false when the user declined. */
export async function mergeOut(
  safety: ReviewSafety | undefined,
  path: string,
  current: Buffer | null,
  agent: Buffer | null,
  target: Buffer | null,
): Promise<Buffer | null | false> {
  const ours = current === null ? undefined : textOf(current);
  const base = agent === null ? "" : textOf(agent);
  const theirs = target === null ? "" : textOf(target);
  if (current !== null && agent !== null && ours !== undefined && base !== undefined && theirs !== undefined) {
    const merged = await safety?.merge(ours, base, theirs);
    if (merged && !merged.conflicted) return Buffer.from(merged.text, "utf8");
    if (merged?.conflicted) {
      const go = await safety?.confirm(
        `${path} changed after the agent's change, and the two overlap. Undo writes the file with conflict markers (<<<<<<< … >>>>>>>) for you to resolve.`,
        "Write with conflict markers",
      );
      return go ? Buffer.from(merged.text, "utf8") : false;
    }
  }
  const go = await safety?.confirm(
    `${path} changed after the agent's change and can't be merged. Undo replaces it with what it held before the turn. A checkpoint of now is kept.`,
    "Replace",
  );
  return go ? target : false;
}
