/**
 * Small readers of a thread's state, for assertions (its text, its entries of one kind, its tool
 * cards), and waits on a session's reply and connection.
 */
import type { Thread, ThreadEntry, ToolCallEntry } from "../../src/shared/thread/thread";
import type { ConnectionState, PanelState } from "../../src/shared/wire/panelState";
import { waitFor } from "./waitFor";

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

/** The tool card of one tool call, if the thread has it. */
export function toolCard(thread: Thread, toolCallId: string): ToolCallEntry | undefined {
  return toolCards(thread).find((card) => card.toolCallId === toolCallId);
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

/** A ChatSession, or anything else whose store holds the panel state. */
interface Shown {
  readonly store: { readonly state: PanelState };
}

/** Waits until the session's reply text passes `accept` (the turn has streamed so far); returns the text. */
export function waitForReply(session: Shown, accept: (text: string) => boolean, what: string): Promise<string> {
  return waitFor(() => assistantText(session.store.state.thread), accept, what);
}

/** Waits until the session's connection is in `status` ("failed" after a crash, "ready" after a restart). */
export async function waitForStatus(session: Shown, status: ConnectionState["status"], what: string): Promise<void> {
  await waitFor(
    () => session.store.state.connection.status,
    (value) => value === status,
    what,
  );
}

/** The kinds of a thread's entries (or a transcript's), in order: "user", "assistant", "tool_call"… */
export function kindsOf<K extends string>(holder: { readonly entries: ReadonlyArray<{ readonly kind: K }> }): K[] {
  return holder.entries.map((entry) => entry.kind);
}

/** Waits until the session has a permission request open; returns the open ones. */
export function waitForPermissions(session: Shown, what: string): Promise<Thread["permissions"]> {
  return waitFor(
    () => session.store.state.thread.permissions,
    (permissions) => permissions.length > 0,
    what,
  );
}
