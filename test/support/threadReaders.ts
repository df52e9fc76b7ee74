/** Small readers of a thread's state, for assertions: its text, its entries of one kind, its tool cards. */
import type { Thread, ThreadEntry, ToolCallEntry } from "../../src/shared/thread/thread";

export function assistantText(thread: Thread, kind: "message" | "thought" = "message"): string {
  return thread.entries
    .flatMap((entry) =>
      entry.kind === "assistant" ? entry.chunks.filter((chunk) => chunk.kind === kind).map((chunk) => chunk.text) : [],
    )
    .join("");
}

export function toolCards(thread: Thread): ToolCallEntry[] {
  return thread.entries.filter((entry): entry is ToolCallEntry => entry.kind === "tool_call");
}

export function entriesOf<K extends ThreadEntry["kind"]>(
  thread: Thread,
  kind: K,
): Array<Extract<ThreadEntry, { kind: K }>> {
  return thread.entries.filter((entry): entry is Extract<ThreadEntry, { kind: K }> => entry.kind === kind);
}

/** Text of a tool card's `content` blocks. */
export function toolText(card: ToolCallEntry): string {
  return card.content
    .map((item) => (item.type === "content" && (item.content as { text?: unknown }).text) || "")
    .join("");
}
