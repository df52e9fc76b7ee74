/**
 * One item of a tool call's content: text and media (`content`), a `diff`, or an embedded
 * `terminal`. Images are shown only from inline base64 data, never fetched from a URL.
 */
import { memo } from "react";
import { type ContentBlock, type ToolContent, contentBlockText } from "../../../src/shared/thread/sessionUpdate";
import { DiffView } from "../diff/DiffView";
import { Markdown } from "../markdown/Markdown";
import { TerminalOutput } from "./TerminalOutput";
import { t } from "../../l10n";

export const ToolContentView = memo(function ToolContentView({
  item,
  storageKey,
}: {
  item: ToolContent;
  storageKey: string;
}) {
  switch (item.type) {
    case "content":
      return <ContentBlockView block={item.content} />;
    case "diff":
      return <DiffView path={item.path} oldText={item.oldText} newText={item.newText} storageKey={storageKey} />;
    case "terminal":
      return <TerminalOutput terminalId={item.terminalId} />;
  }
});

const IMAGE_MIME = /^image\/(png|jpeg|gif|webp|bmp|avif)$/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** `data:` URL for an image block, or undefined unless it carries valid inline base64 data. */
export function imageDataUrl(block: ContentBlock): string | undefined {
  const { data, mimeType } = block;
  if (block.type !== "image" || typeof data !== "string" || typeof mimeType !== "string") return undefined;
  if (!IMAGE_MIME.test(mimeType) || !BASE64.test(data.replace(/\s+/g, ""))) return undefined;
  return `data:${mimeType};base64,${data.replace(/\s+/g, "")}`;
}

export function ContentBlockView({ block }: { block: ContentBlock }) {
  if (block.type === "image") {
    const src = imageDataUrl(block);
    return src ? (
      <img className="tool-image" src={src} alt={t("Image from the tool")} />
    ) : (
      <div className="tool-note">[image]</div>
    );
  }
  const text = contentBlockText(block);
  if (text === "") return null;
  // Tool output is mostly program output (logs, listings, command results): Markdown would join its
  // lines and read indentation as code. Only text that carries a fenced block is rendered as Markdown.
  return FENCE.test(text) ? (
    <div className="tool-text">
      <Markdown text={text} />
    </div>
  ) : (
    <pre className="tool-text tool-output-text" tabIndex={0}>
      {text}
    </pre>
  );
}

const FENCE = /^ {0,3}(```|~~~)/m;
