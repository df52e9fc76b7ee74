/**
 * The conversation: a `role="log"` region of entries keyed by id, virtualised (only the rows
 * near the viewport are in the DOM; see useVirtualRows.ts). It follows the newest output while
 * the user is at the bottom and keeps their place when they are not.
 */
import { useMemo, useRef } from "react";
import type { ThreadEntry } from "../../src/shared/thread";
import { usePanel } from "../hooks";
import { useStickToBottom } from "../useStickToBottom";
import { useVirtualRows } from "../useVirtualRows";
import { EntryView } from "./EntryView";
import { ErrorNotice } from "./ErrorNotice";
import { TranscriptTail } from "./TranscriptTail";

const keyOf = (entry: ThreadEntry) => entry.id;

/** First guesses at row heights, before a row has been measured. */
function estimate(entry: ThreadEntry): number {
  switch (entry.kind) {
    case "user":
      return 44;
    case "assistant":
      return 120;
    case "tool_call":
      return 60;
    default:
      return 36;
  }
}

export function Transcript() {
  const entries = usePanel((state) => state.thread.entries);
  const connection = usePanel((state) => state.connection);
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const { onScroll, isPinned } = useStickToBottom(scroller, content, entries.length > 0);
  const rows = useVirtualRows({ scroller, items: entries, keyOf, estimate, isPinned });

  const failure = connection.status === "failed" ? connection : undefined;
  // The host records a failure as an error entry too; recovery buttons go on the newest one.
  const recoveryId = useMemo(() => (failure ? lastErrorId(entries) : undefined), [failure, entries]);
  const visible = entries.slice(rows.start, rows.end);

  return (
    <div className="transcript" role="log" aria-label="Transcript" ref={scroller} onScroll={onScroll}>
      <div className="transcript-content" ref={content}>
        {entries.length === 0 && !failure ? <p className="transcript-empty">Ask the agent anything. Enter sends, Shift+Enter adds a line.</p> : null}
        <div className="transcript-spacer" style={{ height: rows.before }} aria-hidden="true" />
        {visible.map((entry) => (
          <div className="transcript-row" key={entry.id} data-key={entry.id} ref={rows.measure}>
            <EntryView entry={entry} recovery={entry.id === recoveryId} />
          </div>
        ))}
        <div className="transcript-spacer" style={{ height: rows.after }} aria-hidden="true" />
        {failure && recoveryId === undefined ? <ErrorNotice message={failure.message} details={failure.details} recovery /> : null}
        <TranscriptTail />
      </div>
    </div>
  );
}

function lastErrorId(entries: readonly ThreadEntry[]): string | undefined {
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i];
    if (entry?.kind === "error") return entry.id;
  }
  return undefined;
}
