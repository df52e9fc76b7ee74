/**
 * The pure thread reducer: `reduceThread(thread, action) → thread`. Zed's rules:
 * - consecutive chunks of the same kind coalesce; a new `messageId` starts a new message;
 * - the agent echoing the user's live prompt as `user_message_chunk` is dropped;
 * - nothing here throws on odd input: unknown updates leave the thread as it was.
 */
import { type AssistantChunk, type AssistantEntry, type Thread, type ThreadEntry, type UserEntry, emptyThread } from "./thread";
import type { ThreadAction } from "./threadActions";
import { type ChunkUpdate, chunkUpdateSchema, contentBlockText } from "./sessionUpdate";

export function reduceThread(thread: Thread, action: ThreadAction): Thread {
  switch (action.type) {
    case "turn/started":
      return {
        entries: [...thread.entries, { kind: "user", id: action.entryId, text: action.text }],
        turn: { phase: "running", startedAt: action.at },
      };
    case "turn/cancelling":
      return thread.turn.phase === "running" ? { ...thread, turn: { phase: "cancelling", startedAt: thread.turn.startedAt } } : thread;
    case "turn/ended":
      return { ...thread, turn: { phase: "idle", lastStop: action.stopReason } };
    case "turn/failed":
      return {
        entries: [...thread.entries, errorEntry(action.entryId, action.message, action.details)],
        turn: { phase: "idle", lastStop: "error" },
      };
    case "thread/error":
      return { ...thread, entries: [...thread.entries, errorEntry(action.entryId, action.message, action.details)] };
    case "thread/reset":
      return emptyThread;
    case "acp/update": {
      const chunk = chunkUpdateSchema.safeParse(action.update);
      return chunk.success ? foldChunk(thread, chunk.data, action.entryId) : thread;
    }
  }
}

function errorEntry(id: string, message: string, details: string | undefined): ThreadEntry {
  return details === undefined ? { kind: "error", id, message } : { kind: "error", id, message, details };
}

function foldChunk(thread: Thread, update: ChunkUpdate, entryId: string): Thread {
  const text = contentBlockText(update.content);
  const messageId = update.messageId ?? undefined;
  const last = thread.entries.at(-1);
  if (update.sessionUpdate === "user_message_chunk") {
    // Agents may echo the live prompt back as user chunks: the prompt is already in the thread.
    if (thread.turn.phase !== "idle" && isEchoOfLivePrompt(thread, text)) return thread;
    if (last?.kind === "user" && sameMessage(last.messageId, messageId)) {
      return replaceLast(thread, { ...last, text: last.text + text });
    }
    const entry: UserEntry = messageId === undefined ? { kind: "user", id: entryId, text } : { kind: "user", id: entryId, text, messageId };
    return { ...thread, entries: [...thread.entries, entry] };
  }
  const kind: AssistantChunk["kind"] = update.sessionUpdate === "agent_thought_chunk" ? "thought" : "message";
  if (last?.kind === "assistant" && sameMessage(last.messageId, messageId)) {
    const tail = last.chunks.at(-1);
    const chunks = tail?.kind === kind
      ? [...last.chunks.slice(0, -1), { kind, text: tail.text + text }]
      : [...last.chunks, { kind, text }];
    return replaceLast(thread, { ...last, chunks, ...(messageId === undefined ? {} : { messageId }) });
  }
  const entry: AssistantEntry = { kind: "assistant", id: entryId, chunks: [{ kind, text }], ...(messageId === undefined ? {} : { messageId }) };
  return { ...thread, entries: [...thread.entries, entry] };
}

/** A chunk without an id continues the current message; differing ids mean a new message. */
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

function replaceLast(thread: Thread, entry: ThreadEntry): Thread {
  const entries = thread.entries.slice();
  entries[entries.length - 1] = entry;
  return { ...thread, entries };
}
