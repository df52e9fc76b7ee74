/**
 * A conversation as the history index stores it: in parts of consecutive entries, the title in
 * the first. A part is cut after the entry that brings its text to `PART_CHARS` or more, so a part
 * holds at most that plus one entry, and a conversation always has at least one part.
 *
 * Why parts: FTS5 tokenizes a row whole when it is written, and again when it is replaced. With
 * one row per conversation, every refresh of a long conversation (2 s after it settles, and every
 * 20 s while a turn runs) indexed megabytes again, with all of it alive at once in the extension
 * host and the index's worker (a 2,000-entry conversation: +25–50 MB of the host's RSS). Parts
 * are cut from the start, so a conversation that grows at its end changes only its last parts,
 * and the index leaves a part alone when it already holds that text (ftsStore.ts).
 */
import type { StoredEntry } from "../../shared/thread/storedTranscript";
import { FieldText, type ConversationText } from "./conversationText";

/** Characters of text at which a part is cut. */
export const PART_CHARS = 64 * 1024;

export function* conversationParts(
  title: string | undefined,
  entries: readonly StoredEntry[],
  partChars = PART_CHARS,
): Generator<ConversationText> {
  let fields = new FieldText();
  let first = true;
  for (const entry of entries) {
    fields.add(entry);
    if (fields.chars >= partChars) {
      yield fields.text(first ? (title ?? "") : "");
      fields = new FieldText();
      first = false;
    }
  }
  if (first || fields.chars > 0) yield fields.text(first ? (title ?? "") : "");
}
