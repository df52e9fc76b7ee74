/**
 * Message chunks. Consecutive chunks of the same kind coalesce; a changed `messageId` starts a new
 * message and a missing one continues the current message of that role. Agents may echo the live
 * prompt back as user chunks: the prompt is already in the thread, so the echo is dropped.
 * Claude Code's local-command records (the adapter's own `/model` at session start) come back in
 * a `session/load` replay as user chunks of markup, with no messageId: they are not the user's
 * words and would merge into the next prompt, so they are dropped too.
 */
import type { AssistantChunk, AssistantEntry, Thread, UserEntry } from "./thread";
import { type ChunkUpdate, contentBlockText } from "./sessionUpdate";
import { appendEntry, replaceLast } from "./threadEntries";
import { isLocalCommandRecord } from "./localCommandRecord";

export { isLocalCommandRecord };

export function foldChunk(thread: Thread, update: ChunkUpdate, entryId: string): Thread {
  const text = contentBlockText(update.content);
  const messageId = update.messageId ?? undefined;
  const last = thread.entries.at(-1);
  if (update.sessionUpdate === "user_message_chunk") {
    if (thread.turn.phase !== "idle" && isEchoOfLivePrompt(thread, text)) return thread;
    if (isLocalCommandRecord(text)) return thread;
    if (last?.kind === "user" && sameMessage(last.messageId, messageId)) {
      return replaceLast(thread, { ...last, text: last.text + text });
    }
    const entry: UserEntry = { kind: "user", id: entryId, text, ...(messageId === undefined ? {} : { messageId }) };
    return appendEntry(thread, undefined, entry);
  }
  const kind: AssistantChunk["kind"] = update.sessionUpdate === "agent_thought_chunk" ? "thought" : "message";
  if (last?.kind === "assistant" && sameMessage(last.messageId, messageId)) {
    const tail = last.chunks.at(-1);
    const chunks =
      tail?.kind === kind
        ? [...last.chunks.slice(0, -1), { kind, text: tail.text + text }]
        : [...last.chunks, { kind, text }];
    return replaceLast(thread, { ...last, chunks, ...(messageId === undefined ? {} : { messageId }) });
  }
  const entry: AssistantEntry = {
    kind: "assistant",
    id: entryId,
    chunks: [{ kind, text }],
    ...(messageId === undefined ? {} : { messageId }),
  };
  return appendEntry(thread, undefined, entry);
}

function sameMessage(entryMessageId: string | undefined, chunkMessageId: string | undefined): boolean {
  return chunkMessageId === undefined || entryMessageId === undefined || entryMessageId === chunkMessageId;
}

function isEchoOfLivePrompt(thread: Thread, text: string): boolean {
  for (let i = thread.entries.length - 1; i >= 0; i--) {
    const entry = thread.entries[i];
    if (entry?.kind === "user") return entry.text.includes(text);
  }
  return false;
}
