/**
 * An agent notice in the timeline (info, warning or error), with its codicon and description. A
 * restore's notice offers "Redo" (put the files back as they were before the restore) until the
 * host says it was done; then it says "Redone". A pruned or cleared checkpoint's notice offers
 * "Bring back" (for a day) until it is back.
 */
import { memo, useState } from "react";
import type { NoticeEntry } from "../../src/shared/thread";
import { useHostActions, usePanel } from "../hooks";
import { Codicon } from "./Codicon";
import { t } from "../l10n";

const icons: Record<NoticeEntry["severity"], string> = { info: "info", warning: "warning", error: "error" };

export const NoticeRow = memo(function NoticeRow({ entry }: { entry: NoticeEntry }) {
  return (
    <article className={`entry notice-row notice-${entry.severity}`} aria-label={entry.title}>
      <div className="notice-line">
        <Codicon name={icons[entry.severity]} className={`severity-${entry.severity}`} />
        <span className="notice-title">{entry.title}</span>
        {entry.redo ? <RedoControl redo={entry.redo} /> : null}
        {entry.bringBack ? <BringBackControl bringBack={entry.bringBack} /> : null}
      </div>
      {entry.description ? <div className="notice-description">{entry.description}</div> : null}
    </article>
  );
});

function RedoControl({ redo }: { redo: NonNullable<NoticeEntry["redo"]> }) {
  const { redoRestore } = useHostActions();
  // Files are not put back under a running turn; and one click is one redo until the host answers.
  const turnIdle = usePanel((state) => state.thread.turn.phase === "idle");
  const [sent, setSent] = useState(false);
  if (redo.state === "done")
    return (
      <span className="notice-redo-done">
        <Codicon name="check" />
        {t("Redone")}
      </span>
    );
  const unavailable = sent || !turnIdle;
  return (
    <button
      type="button"
      className="text-button notice-redo"
      title={t("Put the files back as they were just before this restore")}
      aria-disabled={unavailable ? "true" : undefined}
      onClick={() => {
        if (unavailable) return;
        setSent(true);
        redoRestore(redo.restoreId);
      }}
    >
      <Codicon name="redo" />
      {t("Redo")}
    </button>
  );
}

function BringBackControl({ bringBack }: { bringBack: NonNullable<NoticeEntry["bringBack"]> }) {
  const { bringBackCheckpoint } = useHostActions();
  const [sent, setSent] = useState(false);
  if (bringBack.state === "done")
    return (
      <span className="notice-redo-done">
        <Codicon name="check" />
        {t("Brought back")}
      </span>
    );
  return (
    <button
      type="button"
      className="text-button notice-redo"
      title={t("Keep this checkpoint again, so its message can be restored to")}
      aria-disabled={sent ? "true" : undefined}
      onClick={() => {
        if (sent) return;
        setSent(true);
        bringBackCheckpoint(bringBack.checkpointId);
      }}
    >
      <Codicon name="history" />
      {t("Bring back")}
    </button>
  );
}
