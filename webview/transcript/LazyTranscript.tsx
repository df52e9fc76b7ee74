/**
 * The transcript and everything it renders (entries, tool cards, Markdown: marked, DOMPurify,
 * highlight.js) live in their own chunk, so the panel's shell (tabs, status, composer) paints
 * before that code has loaded. main.tsx starts the load at once; the frame holds the
 * transcript's place meanwhile.
 */
import { type ComponentType, lazy, Suspense } from "react";

interface TranscriptModule {
  readonly Transcript: ComponentType<{ scrollKey: string }>;
}

let loading: Promise<TranscriptModule> | undefined;

/** Starts (once) loading the transcript's chunk. */
export function loadTranscript(): Promise<TranscriptModule> {
  loading ??= import("./Transcript");
  return loading;
}

const Transcript = lazy(async () => ({ default: (await loadTranscript()).Transcript }));

export function LazyTranscript({ scrollKey }: { scrollKey: string }) {
  return (
    <Suspense fallback={<div className="transcript-frame" />}>
      <Transcript scrollKey={scrollKey} />
    </Suspense>
  );
}
