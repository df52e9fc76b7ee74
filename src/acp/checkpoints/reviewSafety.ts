/** How the review's Undo keeps the user's bytes: a checkpoint before it, a merge, and questions. */
export interface ReviewSafety {
  /** A checkpoint of the workspace before an undo writes `path`, holding `path` whatever its size. */
  beforeUndo(path: string): Promise<void>;
  /** Takes the agent's change (base → theirs) out of `ours`; undefined when no merge tool is there. */
  merge(ours: string, base: string, theirs: string): Promise<{ text: string; conflicted: boolean } | undefined>;
  /** Asks before an undo that would replace the user's own bytes; true = go ahead. */
  confirm(question: string, action: string): Promise<boolean>;
}
