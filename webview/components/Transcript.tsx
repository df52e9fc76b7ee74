/**
 * The conversation: a `role="log"` region of entries keyed by id. It follows the newest output
 * while the user is at the bottom.
 */
import { useMemo, useRef } from "react";
import type { ThreadEntry } from "../../src/shared/thread";
import { usePanel } from "../hooks";
import { useStickToBottom } from "../useStickToBottom";
import { EntryView } from "./EntryView";
import { ErrorNotice } from "./ErrorNotice";

export function Transcript() {
  const entries = usePanel((state) => state.thread.entries);
  const connection = usePanel((state) => state.connection);
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const onScroll = useStickToBottom(scroller, content);

  const failure = connection.status === "failed" ? connection : undefined;
  // The host records a failure as an error entry too; recovery buttons go on the newest one.
  const recoveryId = useMemo(() => (failure ? lastErrorId(entries) : undefined), [failure, entries]);

  return (
    <div className="transcript" role="log" aria-label="Transcript" ref={scroller} onScroll={onScroll}>
      <div className="transcript-content" ref={content}>
        {entries.length === 0 && !failure ? <p className="transcript-empty">Ask the agent anything. Enter sends, Shift+Enter adds a line.</p> : null}
        {entries.map((entry) => <EntryView key={entry.id} entry={entry} recovery={entry.id === recoveryId} />)}
        {failure && recoveryId === undefined ? <ErrorNotice message={failure.message} details={failure.details} recovery /> : null}
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
