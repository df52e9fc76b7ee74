/** An agent notice in the timeline (info, warning or error), with its codicon and description. */
import { memo } from "react";
import type { NoticeEntry } from "../../src/shared/thread";
import { Codicon } from "./Codicon";

const icons: Record<NoticeEntry["severity"], string> = { info: "info", warning: "warning", error: "error" };

export const NoticeRow = memo(function NoticeRow({ entry }: { entry: NoticeEntry }) {
  return (
    <article className={`entry notice-row notice-${entry.severity}`} aria-label={entry.title}>
      <div className="notice-line">
        <Codicon name={icons[entry.severity]} className={`severity-${entry.severity}`} />
        <span className="notice-title">{entry.title}</span>
      </div>
      {entry.description ? <div className="notice-description">{entry.description}</div> : null}
    </article>
  );
});
