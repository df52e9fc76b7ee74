/**
 * The conversation: a `role="log"` region of entries keyed by id, and of the subagent runs and
 * member lanes placed between them (see transcriptRows.ts), virtualised (only the rows near the
 * viewport are in the DOM; see useVirtualRows.ts). Each row has its own error boundary: a row that
 * fails to render shows as plain text and the others live. It follows the newest output while the
 * user is at the bottom and keeps their place when they are not; "Jump to latest" takes them back.
 * What the user sends or must answer is brought into view (useRevealRequests.ts). `scrollKey` names
 * the tab whose saved scroll position applies.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { ConnectionState } from "../../src/shared/wire/panelState";
import type { ThreadEntry } from "../../src/shared/thread/thread";
import { usePanel } from "../host/hooks";
import { NestedEntryContext } from "./runs/nestedThread";
import { rowContent, rowLabel, rowPlainText } from "./rowPlainText";
import { type TranscriptRow, transcriptRows } from "./transcriptRows";
import { useRevealRequests } from "./scroll/useRevealRequests";
import { useStickToBottom } from "./scroll/useStickToBottom";
import { useVirtualRows } from "./scroll/useVirtualRows";
import { useDeferredFirstRows } from "./scroll/useDeferredFirstRows";
import { charsPerLine, estimateRowHeight } from "./scroll/rowEstimates";
import { EmptyState } from "./EmptyState";
import { EntryView } from "./EntryView";
import { ErrorNotice } from "./ErrorNotice";
import { JumpToLatest } from "./scroll/JumpToLatest";
import { MessageSegmentView } from "./messages/MessageSegmentView";
import { RowBoundary } from "./RowBoundary";
import { RunRow } from "./runs/SubagentRunView";
import { TranscriptTail } from "./TranscriptTail";
import { t } from "../l10n";
import { formatCount } from "../ui/format";

const keyOf = (row: TranscriptRow) => row.key;

/** An entry of a subagent run's child thread (runs draw their entries through NestedEntryContext). */
function NestedEntry({ entry }: { readonly entry: ThreadEntry }) {
  return <EntryView entry={entry} recovery={false} />;
}

/** Prose characters a line holds at the view's width (innerWidth: reading it forces no layout). */
function useCharsPerLine(): number {
  const [chars, setChars] = useState(() => charsPerLine(window.innerWidth));
  useEffect(() => {
    const onResize = () => setChars(charsPerLine(window.innerWidth));
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  }, []);
  return chars;
}

export function Transcript({ scrollKey }: { scrollKey: string }) {
  const entries = usePanel((state) => state.thread.entries);
  const runs = usePanel((state) => state.thread.runs);
  const runOrder = usePanel((state) => state.thread.runOrder);
  const index = usePanel((state) => state.thread.index);
  const connection = usePanel((state) => state.connection);
  const omitted = usePanel((state) => state.thread.omittedEntries);
  const turnRunning = usePanel((state) => state.thread.turn.phase !== "idle");
  const allItems = useMemo(() => transcriptRows({ entries, runs, runOrder, index }), [entries, runs, runOrder, index]);
  const { rows: items, pending } = useDeferredFirstRows(allItems, turnRunning, keyOf);
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const follow = useStickToBottom(scroller, content, items.length > 0, scrollKey);
  const { onScroll, pinned, jumpToBottom } = follow;
  const chars = useCharsPerLine();
  const estimate = useCallback((row: TranscriptRow) => estimateRowHeight(row, chars), [chars]);
  const rows = useVirtualRows({ scroller, items, keyOf, estimate, isPinned: follow.isPinned });
  useRevealRequests(scroller, follow, rows.scrollToRow);

  const failure = connection.status === "failed" ? connection : undefined;
  // The host records a failure as an error entry too; recovery buttons go on the newest one.
  const recoveryId = useMemo(() => (failure ? lastErrorId(entries) : undefined), [failure, entries]);
  const visible = items.slice(rows.start, rows.end);

  return (
    <NestedEntryContext value={NestedEntry}>
      <div className="transcript-frame">
        <div className="transcript" role="log" aria-label={t("Transcript")} ref={scroller} onScroll={onScroll}>
          <div className="transcript-content" ref={content}>
            {items.length === 0 && !failure && !pending ? (
              loadingHistory(connection) ? (
                <p className="transcript-empty">{t("Loading the session's history…")}</p>
              ) : (
                <EmptyState />
              )
            ) : null}
            {omitted ? (
              <p className="transcript-empty">{t("Loading {0} earlier entries…", formatCount(omitted))}</p>
            ) : null}
            <div className="transcript-spacer" style={{ height: rows.before }} aria-hidden="true" />
            {visible.map((row) =>
              // During a fling, a row never drawn is a box of its estimated height (not measured), and
              // is drawn for real once the scroll rests: the frames of the fling stay cheap.
              rows.flinging && !rows.isMeasured(row.key) ? (
                <div
                  className="transcript-row transcript-row-placeholder"
                  key={row.key}
                  data-key={row.key}
                  style={{ height: estimate(row) }}
                  aria-hidden="true"
                />
              ) : (
                <div className="transcript-row" key={row.key} data-key={row.key} ref={rows.measure}>
                  <RowBoundary content={rowContent(row)} label={rowLabel(row)} plainText={() => rowPlainText(row)}>
                    <RowView row={row} recoveryId={recoveryId} />
                  </RowBoundary>
                </div>
              ),
            )}
            <div className="transcript-spacer" style={{ height: rows.after }} aria-hidden="true" />
            {failure && recoveryId === undefined ? (
              <ErrorNotice message={failure.message} details={failure.details} recovery />
            ) : null}
            <TranscriptTail />
          </div>
        </div>
        {pinned || items.length === 0 ? null : <JumpToLatest entries={entries} onJump={jumpToBottom} />}
      </div>
    </NestedEntryContext>
  );
}

function loadingHistory(connection: ConnectionState): boolean {
  return connection.status === "starting" && connection.loadingSession !== undefined;
}

function RowView({ row, recoveryId }: { row: TranscriptRow; recoveryId: string | undefined }) {
  switch (row.kind) {
    case "run":
      return <RunRow runId={row.runId} />;
    case "segment":
      return <MessageSegmentView segment={row.segment} first={row.first} last={row.last} />;
    case "entry":
      return <EntryView entry={row.entry} recovery={row.entry.id === recoveryId} />;
  }
}

function lastErrorId(entries: readonly ThreadEntry[]): string | undefined {
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i];
    if (entry?.kind === "error") return entry.id;
  }
  return undefined;
}
