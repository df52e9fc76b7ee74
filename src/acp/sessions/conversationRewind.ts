/**
 * "Restore files and conversation" and "Edit and resend": the conversation goes back to just
 * before a message. ACP has no rewind yet (RFDs open; `session/fork` takes no message anchor), so a
 * new tab starts a new session on the same agent: it shows the transcript up to that message, the
 * agent gets that transcript as context with the first prompt, and a notice says so plainly. The
 * old tab keeps its whole transcript: nothing the user saw is lost.
 */
import type { ForkSource } from "./sessionFork";
import { storedEntriesOf, type StoredEntry } from "../../shared/thread/storedTranscript";
import type { Thread } from "../../shared/thread/thread";
import { english, type Translate } from "../../shared/l10n";

/** At most this much earlier transcript goes to the agent as context (the newest part is kept). */
const MAX_CONTEXT_CHARS = 200_000;

/** The tab's conversation before the user message `entryId`, as a seed for a new session; undefined if not found. */
export function rewindSeed(
  thread: Thread,
  entryId: string,
  title: string | undefined,
  t: Translate = english,
): ForkSource | undefined {
  const at = thread.entries.findIndex((entry) => entry.kind === "user" && entry.id === entryId);
  if (at < 0) return undefined;
  const earlier = storedEntriesOf({ ...thread, entries: thread.entries.slice(0, at) });
  return {
    sessionId: "",
    newSession: true,
    entries: earlier,
    ...(earlier.length > 0 ? { context: contextText(earlier) } : {}),
    ...(title === undefined ? {} : { title: t("{0} (rewound)", title) }),
  };
}

/** What a rewound tab says about itself. */
export function rewoundNotice(t: Translate): string {
  return t(
    "A new session continues this conversation from the message you went back to: the agent can't rewind its own session, so it gets the earlier transcript as context. The previous tab keeps the whole conversation.",
  );
}

/** The earlier conversation as plain text for the agent: who said what, and what tools did. */
export function contextText(entries: readonly StoredEntry[]): string {
  const parts = entries.flatMap((entry): string[] => {
    switch (entry.kind) {
      case "user":
        return [`User: ${entry.text}`];
      case "assistant": {
        const message = entry.chunks.filter((chunk) => chunk.kind === "message").map((chunk) => chunk.text);
        return message.length > 0 ? [`Assistant: ${message.join("")}`] : [];
      }
      case "tool_call":
        return [`(Tool ${entry.toolKind}: ${entry.title}, ${entry.status})`];
      case "notice":
      case "error":
      case "compaction":
      // The new session's mode is its own: an earlier "Plan" would only mislead the agent.
      case "mode_change":
        return [];
    }
  });
  let body = parts.join("\n\n");
  if (body.length > MAX_CONTEXT_CHARS) body = `…\n${body.slice(body.length - MAX_CONTEXT_CHARS)}`;
  return (
    "Context for the message above: the user went back to an earlier point of a conversation with you and " +
    "continues from there. Here is that conversation up to that point; the files are as they were then.\n\n" +
    `<earlier-conversation>\n${body}\n</earlier-conversation>`
  );
}
