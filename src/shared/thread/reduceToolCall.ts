/**
 * Tool calls are upserted by `toolCallId`, patching only the fields an update carries
 * (`content` and `locations` replace whole arrays). An update for an id never announced creates
 * a visible entry: agents send orphan results and duplicate `tool_call`s.
 *
 * Bub reports context compaction as a tool call marked `_meta.contextCompaction`; it becomes a
 * compaction entry here so it never looks like an ordinary tool.
 */
import type { Thread, ToolCallEntry, ToolStatus } from "./thread";
import type { ToolCallUpdate } from "./sessionUpdate";
import { appendEntry, changeEntries, replaceEntryAt } from "./threadEntries";
import { upsertCompaction } from "./reduceCompaction";

export function foldToolCall(thread: Thread, update: ToolCallUpdate, entryId: string): Thread {
  if (update._meta?.contextCompaction === true) {
    const done = update.status === "completed" || update.status === "failed";
    return upsertCompaction(thread, `tool:${update.toolCallId}`, entryId, {
      status: update.status === "failed" ? "failed" : done ? "completed" : "in_progress",
    });
  }
  const key = `tool:${update.toolCallId}`;
  const at = thread.index[key];
  const existing = at === undefined ? undefined : thread.entries[at];
  if (existing?.kind !== "tool_call" || at === undefined) {
    return appendEntry(thread, key, newToolCall(update, entryId));
  }
  // A second `tool_call` for the same id re-announces the call whole (CodeBuddy, claude-code-acp):
  // what it leaves out is gone, so streamed argument fragments shown as content do not linger.
  const reannounced =
    update.sessionUpdate === "tool_call"
      ? { ...update, content: update.content ?? [], locations: update.locations ?? [] }
      : update;
  return replaceEntryAt(thread, at, patchToolCall(existing, reannounced));
}

function newToolCall(update: ToolCallUpdate, entryId: string): ToolCallEntry {
  return {
    kind: "tool_call",
    id: entryId,
    toolCallId: update.toolCallId,
    title: update.title ?? update.name ?? "Tool call",
    toolKind: update.kind ?? "other",
    status: update.status ?? "pending",
    content: update.content ?? [],
    locations: update.locations ?? [],
    ...(update.name ? { name: update.name } : {}),
    ...(update.rawInput !== undefined ? { rawInput: update.rawInput } : {}),
    ...(update.rawOutput !== undefined ? { rawOutput: update.rawOutput } : {}),
  };
}

function patchToolCall(entry: ToolCallEntry, update: ToolCallUpdate): ToolCallEntry {
  let status: ToolStatus = entry.status;
  // A cancelled card stays cancelled; otherwise the agent's status wins.
  if (update.status && entry.status !== "cancelled") status = update.status;
  return {
    ...entry,
    status,
    ...(update.title ? { title: update.title } : {}),
    ...(update.name ? { name: update.name } : {}),
    ...(update.kind ? { toolKind: update.kind } : {}),
    ...(update.content ? { content: update.content } : {}),
    ...(update.locations ? { locations: update.locations } : {}),
    ...(update.rawInput !== undefined ? { rawInput: update.rawInput } : {}),
    ...(update.rawOutput !== undefined ? { rawOutput: update.rawOutput } : {}),
  };
}

/**
 * Closes every tool call still open (pending, in progress, awaiting permission) with `status`.
 * On cancel, every unfinished tool call of the turn shows as cancelled at once. When the agent
 * died (a crash, the OS killed it), a tool call still open can't finish and nobody stopped it, so
 * it failed: its card says so instead of spinning on.
 */
export function closeOpenToolCalls(thread: Thread, status: "cancelled" | "failed"): Thread {
  return changeEntries(thread, (entry) =>
    entry.kind === "tool_call" &&
    (entry.status === "pending" || entry.status === "in_progress" || entry.status === "awaiting_permission")
      ? { ...entry, status }
      : entry,
  );
}
