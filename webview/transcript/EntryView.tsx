/**
 * One thread entry. Memoised on the entry object: the reducer replaces only the entries an action
 * touches, so a streamed chunk re-renders the last entry and nothing else.
 */
import { memo } from "react";
import type { AssistantChunk, AssistantEntry, ThreadEntry } from "../../src/shared/thread/thread";
import { CompactionRow } from "./CompactionRow";
import { ErrorNotice } from "./ErrorNotice";
import { Markdown } from "./markdown/Markdown";
import { ModeChangeRow } from "./ModeChangeRow";
import { replyText } from "./messages/messageText";
import { MessageActions } from "./messages/MessageActions";
import { NoticeRow } from "./NoticeRow";
import { ToolCallCard } from "./tools/ToolCallCard";
import { UserMessage } from "./messages/UserMessage";
import { t } from "../l10n";

interface EntryViewProps {
  readonly entry: ThreadEntry;
  /** This error entry is the one that ended the connection: offer recovery. */
  readonly recovery: boolean;
}

export const EntryView = memo(function EntryView({ entry, recovery }: EntryViewProps) {
  switch (entry.kind) {
    case "user":
      return <UserMessage entry={entry} />;
    case "assistant":
      return <AssistantMessage entry={entry} />;
    case "error":
      return <ErrorNotice message={entry.message} details={entry.details} recovery={recovery} />;
    case "tool_call":
      return <ToolCallCard entry={entry} />;
    case "compaction":
      return <CompactionRow entry={entry} />;
    case "notice":
      return <NoticeRow entry={entry} />;
    case "mode_change":
      return <ModeChangeRow entry={entry} />;
    default:
      return unknownEntry(entry);
  }
});

/** Compile-time exhaustiveness; at run time a newer host may send a kind this build lacks. */
function unknownEntry(entry: never): null {
  console.warn("ACP Panel: no view for entry", entry);
  return null;
}

function AssistantMessage({ entry }: { entry: AssistantEntry }) {
  return (
    <article className="entry entry-assistant" aria-label={t("Agent")}>
      {entry.chunks.map((chunk, index) => (
        <ChunkView key={index} chunk={chunk} />
      ))}
      <MessageActions text={replyText(entry)} entryId={entry.id} />
    </article>
  );
}

// Chunks only grow at the end; earlier chunk objects are kept by reference, so memo skips them.
const ChunkView = memo(function ChunkView({ chunk }: { chunk: AssistantChunk }) {
  if (chunk.kind === "message") return <Markdown text={chunk.text} />;
  return (
    <details className="thought">
      <summary>{t("Thought")}</summary>
      <Markdown text={chunk.text} />
    </details>
  );
});
