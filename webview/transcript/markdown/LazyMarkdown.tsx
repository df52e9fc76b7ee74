/**
 * Markdown for the views outside the transcript (the plans by id). The Markdown pipeline (marked,
 * DOMPurify, highlight.js) comes with the transcript's lazy chunk, never in front of the panel's
 * first paint (test/webview/initialBundle.node.test.ts); until it has loaded, the text shows as
 * it is.
 */
import { lazy, Suspense } from "react";

const Markdown = lazy(async () => ({ default: (await import("./Markdown")).Markdown }));

export function LazyMarkdown({ text }: { text: string }) {
  return (
    <Suspense fallback={<div className="markdown-pending">{text}</div>}>
      <Markdown text={text} />
    </Suspense>
  );
}
