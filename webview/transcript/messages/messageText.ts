/** What the message actions act on: the text Copy takes, the prompt Retry resends. */
import type { AssistantEntry, ThreadEntry } from "../../../src/shared/thread/thread";

/** The text of the user message at `entryId`, or of the last one before it. */
export function promptOf(entries: readonly ThreadEntry[], entryId: string): string | undefined {
  let at = entries.findIndex((entry) => entry.id === entryId);
  for (; at >= 0; at--) {
    const entry = entries[at];
    if (entry?.kind === "user" && entry.text.trim() !== "") return entry.text;
  }
  return undefined;
}

/** What Copy takes from a reply: its visible text (Markdown source), without the thoughts. */
export function replyText(entry: AssistantEntry): string {
  return entry.chunks
    .filter((chunk) => chunk.kind === "message")
    .map((chunk) => chunk.text)
    .join("\n\n")
    .trim();
}
