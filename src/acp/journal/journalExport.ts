/**
 * Conversations as files to keep or share: Markdown (the transcript as the panel shows it, the
 * same rendering as *Export Session as Markdown*) or JSON (the stored entries and what the archive
 * knows of each conversation, for backup or other tools). Entries come whole from the journal:
 * nothing is capped here.
 */
import { emptyThread } from "../../shared/thread/thread";
import { restoredEntries, type StoredEntry } from "../../shared/thread/storedTranscript";
import { threadToMarkdown } from "../../shared/thread/threadMarkdown";
import type { ConversationSummary } from "./conversationArchive";

export interface ExportedConversation {
  readonly summary: Pick<ConversationSummary, "agent" | "sessionId"> & Partial<ConversationSummary>;
  readonly entries: readonly StoredEntry[];
}

/** The format of the JSON export (`format` and `version` say what a reader gets). */
export const EXPORT_FORMAT = "acp-panel-conversations";

export function conversationMarkdown({ summary, entries }: ExportedConversation): string {
  const heading = summary.title ?? `${summary.agent} session`;
  const thread = { ...emptyThread, entries: restoredEntries(entries) };
  const when =
    summary.startedAt === undefined ? "" : `, started ${new Date(summary.startedAt).toISOString().slice(0, 16)}Z`;
  const body = threadToMarkdown(thread, heading).split("\n");
  // The heading first, then who and when, then the transcript.
  return [body[0]!, "", `_${summary.agent}, session ${summary.sessionId}${when}_`, ...body.slice(1)].join("\n");
}

export function conversationsMarkdown(conversations: readonly ExportedConversation[]): string {
  return conversations.map(conversationMarkdown).join("\n\n---\n\n");
}

export function conversationsJson(conversations: readonly ExportedConversation[], exportedAt: number): string {
  return `${JSON.stringify(
    {
      format: EXPORT_FORMAT,
      version: 1,
      exportedAt: new Date(exportedAt).toISOString(),
      conversations: conversations.map(({ summary, entries }) => ({ ...summary, entries })),
    },
    null,
    1,
  )}\n`;
}
