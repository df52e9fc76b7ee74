/**
 * One segment of a very long agent message (see messageSegments.ts): a row of its own, so the
 * transcript renders only the segments near the viewport. The first segment is the message's
 * article, named "Agent" like a whole message; the others continue it.
 */
import { memo } from "react";
import type { MessageSegment } from "./messageSegments";
import { MarkdownBlocks } from "../markdown/Markdown";
import { t } from "../../l10n";

interface MessageSegmentViewProps {
  readonly segment: MessageSegment;
  /** The message's first / last segment. */
  readonly first: boolean;
  readonly last: boolean;
}

export const MessageSegmentView = memo(function MessageSegmentView({ segment, first, last }: MessageSegmentViewProps) {
  const className = [
    "entry",
    "entry-assistant",
    "entry-segment",
    first ? "segment-first" : "",
    last ? "segment-last" : "",
  ]
    .filter((name) => name !== "")
    .join(" ");
  const body =
    segment.chunkKind === "message" ? (
      <MarkdownBlocks blocks={segment.blocks} from={segment.from} to={segment.to} />
    ) : (
      <details className="thought">
        <summary>{t("Thought")}</summary>
        <MarkdownBlocks blocks={segment.blocks} from={segment.from} to={segment.to} />
      </details>
    );
  return (
    <article
      className={className}
      aria-label={first ? "Agent" : "Agent, continued"}
      aria-roledescription={first ? undefined : "continuation"}
    >
      {body}
    </article>
  );
});
