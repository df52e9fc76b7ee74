/**
 * What the history index holds of a conversation: its title and the text of its entries in four
 * fields, so a match in a title or a prompt can rank above one deep in a tool's output. The same
 * fields feed FTS5 (historyStore.ts) and the fallback scan (scanSearch.ts).
 */
import type { StoredEntry } from "../../shared/thread/storedTranscript";

export interface ConversationText {
  readonly title: string;
  /** The user's messages. */
  readonly prompts: string;
  /** The agent's messages and thoughts, notices, errors and compaction summaries. */
  readonly replies: string;
  /** Tool titles, their text output, the paths and new text of their diffs. */
  readonly tools: string;
}

export const TEXT_FIELDS = ["title", "prompts", "replies", "tools"] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

/** bm25 weight of each field, in TEXT_FIELDS order: a title match counts most. */
export const FIELD_WEIGHTS: Readonly<Record<TextField, number>> = { title: 8, prompts: 4, replies: 1, tools: 0.6 };

export function conversationText(title: string | undefined, entries: readonly StoredEntry[]): ConversationText {
  const fields = new FieldText();
  for (const entry of entries) fields.add(entry);
  return fields.text(title ?? "");
}

/** The searchable text of entries added one at a time (conversationParts.ts cuts a conversation with it). */
export class FieldText {
  private readonly prompts: string[] = [];
  private readonly replies: string[] = [];
  private readonly tools: string[] = [];
  /** Characters added so far (the joins' separators left out). */
  chars = 0;

  add(entry: StoredEntry): void {
    switch (entry.kind) {
      case "user":
        this.push(this.prompts, entry.text);
        break;
      case "assistant":
        this.push(this.replies, entry.chunks.map((chunk) => chunk.text).join(""));
        break;
      case "tool_call":
        this.push(this.tools, entry.title);
        for (const item of entry.content)
          this.push(this.tools, item.type === "text" ? item.text : `${item.path}\n${item.newText}`);
        break;
      case "notice":
        this.push(this.replies, entry.description ? `${entry.title}\n${entry.description}` : entry.title);
        break;
      case "error":
        this.push(this.replies, entry.details ? `${entry.message}\n${entry.details}` : entry.message);
        break;
      case "compaction":
        this.push(this.replies, entry.summary);
        break;
      case "mode_change":
        // Not searchable: a handful of mode names ("Plan", "Default") would match most conversations.
        break;
    }
  }

  text(title: string): ConversationText {
    return {
      title,
      prompts: this.prompts.join("\n\n"),
      replies: this.replies.join("\n\n"),
      tools: this.tools.join("\n\n"),
    };
  }

  private push(field: string[], text: string): void {
    field.push(text);
    this.chars += text.length;
  }
}

/** One piece of a snippet: text as it stands, `match` where the query matched. */
export interface SnippetPart {
  readonly text: string;
  readonly match?: boolean;
}

/** Marks FTS5's `snippet()` puts around matches (control characters: never in what is shown). */
export const MATCH_START = "\u0002";
export const MATCH_END = "\u0003";

/** A marked snippet as parts; whitespace runs fold to one space (a snippet is one line). */
export function snippetParts(marked: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  const flat = marked.replace(/\s+/g, " ");
  let at = 0;
  while (at < flat.length) {
    const start = flat.indexOf(MATCH_START, at);
    if (start < 0) {
      parts.push({ text: flat.slice(at) });
      break;
    }
    if (start > at) parts.push({ text: flat.slice(at, start) });
    const end = flat.indexOf(MATCH_END, start + 1);
    const stop = end < 0 ? flat.length : end;
    parts.push({ text: flat.slice(start + 1, stop), match: true });
    at = stop + 1;
  }
  return parts.filter((part) => part.text !== "");
}
