/**
 * A thread as kept on disk, to show again after a window reload when the agent cannot reopen
 * its sessions (no `session/load`, no `session/resume`). Only what the transcript shows is kept:
 * text, tool titles and their text or diff output, notices, errors and mode changes. Raw tool
 * input and output, images and terminals are dropped, and every text is capped, so a stored entry
 * is flat, small and always serialisable. The same schema checks what is read back and the `thread/restored`
 * action the webview receives.
 */
import * as z from "zod";
import type { Thread, ThreadEntry, ToolStatus } from "./thread";
import { toolKinds, type ToolContent } from "./sessionUpdate";

/** Longest text kept in one stored entry (characters); longer text is cut with a marker. */
export const STORED_TEXT_LIMIT = 32_000;

/**
 * The journal's cap (src/acp/journal/): a million characters per text. Not a memory bound (the disk
 * budget is the bound); it keeps one journal line a single JSON.parse of a few milliseconds at
 * load, so no record blocks the extension host, while no real reply or tool output is cut.
 */
export const JOURNAL_TEXT_LIMIT = 1_000_000;

const text = z.string();
const storedToolContentSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("text"), text }),
  z.object({ type: z.literal("diff"), path: z.string(), oldText: text.optional(), newText: text }),
]);

type StoredToolContent = z.infer<typeof storedToolContentSchema>;

export const storedEntrySchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("user"), text }),
  z.object({ kind: z.literal("assistant"), chunks: z.array(z.object({ kind: z.enum(["message", "thought"]), text })) }),
  z.object({
    kind: z.literal("tool_call"),
    title: z.string(),
    toolKind: z.enum(toolKinds),
    status: z.enum(["completed", "failed", "cancelled"]),
    content: z.array(storedToolContentSchema),
    locations: z.array(z.object({ path: z.string(), line: z.number().int().optional() })),
  }),
  z.object({
    kind: z.literal("notice"),
    severity: z.enum(["info", "warning", "error"]),
    title: z.string(),
    description: z.string().optional(),
  }),
  z.object({ kind: z.literal("error"), message: z.string(), details: z.string().optional() }),
  z.object({
    kind: z.literal("compaction"),
    status: z.enum(["completed", "failed", "cancelled"]),
    summary: z.string(),
    error: z.string().optional(),
  }),
  z.object({ kind: z.literal("mode_change"), modeId: z.string(), name: z.string() }),
]);
export type StoredEntry = z.infer<typeof storedEntrySchema>;

/** Cuts `value` to `limit` characters (never inside a surrogate pair), marking the cut. */
export function capText(value: string, limit = STORED_TEXT_LIMIT): string {
  if (value.length <= limit) return value;
  let end = limit;
  const code = value.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return `${value.slice(0, end)}\n… (cut: the rest was not kept)`;
}

/** The stored form of one entry; `undefined` for entries that are not worth keeping. */
/** `terminals`: the thread's terminal views; a tool call's embedded terminal is kept as its output, as text. */
/** `limit`: the cap of each text (STORED_TEXT_LIMIT for workspace state, JOURNAL_TEXT_LIMIT for the journal). */
export function toStoredEntry(
  entry: ThreadEntry,
  terminals: Thread["terminals"] = {},
  limit = STORED_TEXT_LIMIT,
): StoredEntry | undefined {
  switch (entry.kind) {
    case "user":
      return { kind: "user", text: capText(entry.text, limit) };
    case "assistant": {
      // One budget for the whole entry: thousands of small chunks stay bounded too.
      let budget = limit;
      const chunks: Array<{ kind: "message" | "thought"; text: string }> = [];
      for (const chunk of entry.chunks) {
        if (budget <= 0) break;
        const kept = capText(chunk.text, budget);
        budget -= chunk.text.length;
        chunks.push({ kind: chunk.kind, text: kept });
      }
      return { kind: "assistant", chunks };
    }
    case "tool_call":
      return {
        kind: "tool_call",
        title: capText(entry.title, 1_000),
        toolKind: entry.toolKind,
        status: finishedStatus(entry.status),
        content: storedToolContent(entry.content, terminals, limit),
        locations: entry.locations.slice(0, 20).map((location) => ({
          path: capText(location.path, 2_000),
          ...(typeof location.line === "number" ? { line: location.line } : {}),
        })),
      };
    case "notice":
      return {
        kind: "notice",
        severity: entry.severity,
        title: capText(entry.title, 2_000),
        ...(entry.description ? { description: capText(entry.description, limit) } : {}),
      };
    case "error":
      return {
        kind: "error",
        message: capText(entry.message, 4_000),
        ...(entry.details ? { details: capText(entry.details, 8_000) } : {}),
      };
    case "compaction":
      return {
        kind: "compaction",
        status: entry.status === "in_progress" ? "cancelled" : entry.status,
        summary: capText(entry.summary, limit),
        ...(entry.error ? { error: capText(entry.error, 4_000) } : {}),
      };
    case "mode_change":
      // The previous mode is not kept: a restored marker is history, never folded into (reduceModeChange.ts).
      return { kind: "mode_change", modeId: capText(entry.modeId, 200), name: capText(entry.name, 200) };
  }
}

/** A tool still running when the transcript was saved did not finish: it shows as cancelled. */
function finishedStatus(status: ToolStatus): "completed" | "failed" | "cancelled" {
  return status === "completed" || status === "failed" ? status : "cancelled";
}

function storedToolContent(
  content: readonly ToolContent[],
  terminals: Thread["terminals"],
  limit: number,
): StoredToolContent[] {
  const kept: StoredToolContent[] = [];
  let budget = limit;
  for (const item of content) {
    if (budget <= 0 || kept.length >= 20) break;
    if (item.type === "content" && item.content.type === "text" && typeof item.content.text === "string") {
      kept.push({ type: "text", text: capText(item.content.text, budget) });
      budget -= item.content.text.length;
    } else if (item.type === "terminal" && terminals[item.terminalId]?.output) {
      // The terminal view is not kept: its output is, as the console block agents send without one.
      const output = terminals[item.terminalId]!.output;
      kept.push({ type: "text", text: capText(`\`\`\`console\n${output.trimEnd()}\n\`\`\``, budget) });
      budget -= output.length;
    } else if (item.type === "diff") {
      const half = Math.max(1, Math.floor(budget / 2));
      kept.push({
        type: "diff",
        path: capText(item.path, 2_000),
        ...(typeof item.oldText === "string" ? { oldText: capText(item.oldText, half) } : {}),
        newText: capText(item.newText, half),
      });
      budget -= (item.oldText?.length ?? 0) + item.newText.length;
    }
  }
  return kept;
}

/** The entries of `thread` in stored form, oldest first. */
export function storedEntriesOf(thread: Thread, limit = STORED_TEXT_LIMIT): StoredEntry[] {
  return thread.entries.flatMap((entry) => toStoredEntry(entry, thread.terminals, limit) ?? []);
}

/** Thread entries for a restored transcript; ids are prefixed so they never meet a live session's. */
export function restoredEntries(entries: readonly StoredEntry[]): ThreadEntry[] {
  return entries.map((entry, at): ThreadEntry => {
    const id = `restored-${at}`;
    switch (entry.kind) {
      case "user":
        return { kind: "user", id, text: entry.text };
      case "assistant":
        return { kind: "assistant", id, chunks: entry.chunks };
      case "tool_call":
        return {
          kind: "tool_call",
          id,
          toolCallId: id,
          title: entry.title,
          toolKind: entry.toolKind,
          status: entry.status,
          locations: entry.locations,
          content: entry.content.map((item): ToolContent =>
            item.type === "text"
              ? { type: "content", content: { type: "text", text: item.text } }
              : {
                  type: "diff",
                  path: item.path,
                  ...(item.oldText === undefined ? {} : { oldText: item.oldText }),
                  newText: item.newText,
                },
          ),
        };
      case "notice":
        return {
          kind: "notice",
          id,
          severity: entry.severity,
          title: entry.title,
          ...(entry.description ? { description: entry.description } : {}),
        };
      case "error":
        return { kind: "error", id, message: entry.message, ...(entry.details ? { details: entry.details } : {}) };
      case "compaction":
        return {
          kind: "compaction",
          id,
          compactionId: id,
          status: entry.status,
          summary: entry.summary,
          ...(entry.error ? { error: entry.error } : {}),
        };
      case "mode_change":
        return { kind: "mode_change", id, modeId: entry.modeId, name: entry.name };
    }
  });
}
