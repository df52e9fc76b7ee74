/** Kept transcripts in memory, in place of workspace state; `value` is what was last written. */
import type { StoredTranscript, TranscriptStorage } from "../../src/acp/journal/transcriptStore";

export function memoryTranscriptStorage(initial: unknown = []): TranscriptStorage & { value: unknown } {
  const storage = {
    value: initial,
    read: () => storage.value,
    write: (next: StoredTranscript[]) => void (storage.value = next),
  };
  return storage;
}
