/**
 * A transcript row as plain text: what the row's error boundary shows when the row cannot be
 * rendered (see RowBoundary.tsx). Only strings, never markup.
 */
import type { ThreadEntry } from "../../src/shared/thread/thread";
import type { TranscriptRow } from "./transcriptRows";
import { modeChangeLabel } from "./ModeChangeRow";
import { t } from "../l10n";

export function entryPlainText(entry: ThreadEntry): string {
  switch (entry.kind) {
    case "user":
      return entry.text;
    case "assistant":
      return entry.chunks.map((chunk) => chunk.text).join("\n\n");
    case "tool_call":
      return entry.title;
    case "compaction":
      return entry.error ?? entry.summary;
    case "notice":
      return entry.description === undefined ? entry.title : `${entry.title}\n${entry.description}`;
    case "error":
      return entry.details === undefined ? entry.message : `${entry.message}\n${entry.details}`;
    case "mode_change":
      return modeChangeLabel(entry);
    default:
      return "";
  }
}

export function rowPlainText(row: TranscriptRow): string {
  switch (row.kind) {
    case "entry":
      return entryPlainText(row.entry);
    case "segment":
      return row.segment.blocks.slice(row.segment.from, row.segment.to).join("\n\n");
    case "run":
      return "";
  }
}

/** The accessible name the row's article has when it renders (the fallback keeps it). */
export function rowLabel(row: TranscriptRow): string {
  if (row.kind === "run") return t("Subagent run");
  if (row.kind === "segment") return row.first ? t("Agent") : t("Agent, continued");
  const entry = row.entry;
  if (entry.kind === "mode_change") return modeChangeLabel(entry);
  return entry.kind === "user" ? t("You") : entry.kind === "assistant" ? t("Agent") : t("Entry");
}

/** What identifies the row's content: a new value means the row changed and may render again. */
export function rowContent(row: TranscriptRow): unknown {
  return row.kind === "entry" ? row.entry : row.kind === "segment" ? row.segment : row.runId;
}
