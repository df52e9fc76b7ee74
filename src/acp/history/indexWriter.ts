/**
 * Writes conversations into the history index as their parts (conversationParts.ts), gathered
 * into puts of about `PUT_CHARS` of text each, sent one after another: catching up on a thousand
 * short conversations takes a few writes, and a long one goes in many, none of which holds more
 * than about `PUT_CHARS` (plus one part) on either side of the worker. A part is made only when
 * its put is near, so a conversation's text is never built whole.
 */
import { conversationParts } from "./conversationParts";
import type { StoredEntry } from "../../shared/thread/storedTranscript";
import type { ConversationPut, IndexedPart } from "./ftsStore";

/** Characters of text per put (one transaction in the index). */
export const PUT_CHARS = 256 * 1024;

interface OpenPut {
  readonly key: string;
  readonly parts: IndexedPart[];
  done?: { readonly version: string; readonly partCount: number };
}

export class IndexWriter {
  private batch: OpenPut[] = [];
  private chars = 0;

  constructor(
    private readonly put: (puts: readonly ConversationPut[]) => Promise<void>,
    private readonly maxChars = PUT_CHARS,
  ) {}

  /** Puts every part of the conversation `key`, the last put saying it is indexed at `version`. */
  async conversation(
    key: string,
    version: string,
    title: string | undefined,
    entries: readonly StoredEntry[],
  ): Promise<void> {
    let ordinal = 0;
    for (const text of conversationParts(title, entries)) {
      this.openPut(key).parts.push({ ordinal: ordinal++, ...text });
      this.chars += text.title.length + text.prompts.length + text.replies.length + text.tools.length;
      if (this.chars >= this.maxChars) await this.flush();
    }
    this.openPut(key).done = { version, partCount: ordinal };
  }

  /** Sends what is gathered. */
  async flush(): Promise<void> {
    if (this.batch.length === 0) return;
    const batch = this.batch;
    this.batch = [];
    this.chars = 0;
    await this.put(batch);
  }

  private openPut(key: string): OpenPut {
    const last = this.batch.at(-1);
    if (last?.key === key) return last;
    const opened: OpenPut = { key, parts: [] };
    this.batch.push(opened);
    return opened;
  }
}
