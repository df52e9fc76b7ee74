/**
 * The pure thread reducer: `reduceThread(thread, action) → thread`, with Zed's rules:
 * - consecutive chunks of the same kind coalesce; a new `messageId` starts a new message;
 * - tool calls are upserted by id (see reduceToolCall.ts); plans, commands and config options
 *   replace the previous state whole;
 * - the agent echoing the user's live prompt as `user_message_chunk` is dropped;
 * - a real mode change leaves a marker entry (reduceModeChange.ts);
 * - nothing here throws on odd input: an unknown or malformed update leaves the thread as it was.
 */
import { type FileChange, type Thread, emptyThread } from "./thread";
import type { ThreadAction } from "./threadActions";
import { type KnownUpdate, INTERPRETED, knownUpdateSchema, contentBlockText } from "./sessionUpdate";
import { foldChunk } from "./reduceChunk";
import { asPlainChunk } from "./plainChunk";
import { closeOpenToolCalls, foldToolCall } from "./reduceToolCall";
import { normaliseCompactionStatus, upsertCompaction } from "./reduceCompaction";
import { appendEntry } from "./threadEntries";
import { reduceClientRequest } from "./reduceClientRequests";
import { foldMemberUpdate, foldSubagentEvent, foldTeamUpdate } from "./reduceSubagents";
import { reduceSteering } from "./reduceSteering";
import { restoredEntries } from "./storedTranscript";
import { unstableUpdateSchema } from "./unstableUpdates";
import { foldUnstableUpdate } from "./reduceUnstable";
import { reduceCheckpoint } from "./reduceCheckpoint";
import { foldModeChange } from "./reduceModeChange";
import { cleanSessionTitle } from "./sessionTitle";
import { endingNotice, markAnyOutput, markOutput, retryNotice } from "./turnEnding";

export function reduceThread(thread: Thread, action: ThreadAction): Thread {
  switch (action.type) {
    case "turn/started":
      return {
        // The last turn's token usage and finished plan belong to that turn: a new one starts
        // without them (a plan with steps left stays: the agent may carry on with it).
        ...appendEntry(
          {
            ...withoutTurnUsage(thread),
            changes: thread.changes.filter((change) => change.state === "pending"),
            plan: thread.plan.length > 0 && thread.plan.every((step) => step.status === "completed") ? [] : thread.plan,
          },
          undefined,
          {
            kind: "user",
            id: action.entryId,
            text: action.text,
            ...(action.attachments && action.attachments.length > 0 ? { attachments: action.attachments } : {}),
          },
        ),
        turn: { phase: "running", startedAt: action.at },
      };
    case "turn/cancelling":
      return thread.turn.phase === "running"
        ? {
            ...closeOpenToolCalls(thread, "cancelled"),
            turn: { phase: "cancelling", startedAt: thread.turn.startedAt },
          }
        : thread;
    case "turn/ended": {
      const cancelled = action.stopReason === "cancelled" ? closeOpenToolCalls(thread, "cancelled") : thread;
      // "cancelling" is only ever the user's Stop (or Send now): say so where the reply stops. The
      // id is derived (entries are append-only), so host and replica fold the same entry.
      const ended =
        action.stopReason === "cancelled" && thread.turn.phase === "cancelling"
          ? appendEntry(cancelled, undefined, {
              kind: "notice",
              id: `stopped-${thread.entries.length}`,
              severity: "info",
              title: "You stopped this turn.",
            })
          : cancelled;
      const notice = endingNotice(thread, action.stopReason);
      const shown = notice ? appendEntry(ended, undefined, notice) : ended;
      // Nothing can still be waiting for the user once the turn is over.
      return {
        ...shown,
        permissions: [],
        forms: [],
        turn: { phase: "idle", lastStop: action.stopReason },
        ...(action.usage ? { turnUsage: action.usage } : {}),
      };
    }
    case "turn/stopUnconfirmed":
      return thread.turn.phase === "cancelling"
        ? {
            ...closeOpenToolCalls(thread, "cancelled"),
            permissions: [],
            forms: [],
            turn: { phase: "idle", lastStop: "cancelled", stopUnconfirmed: true },
          }
        : thread;
    case "turn/stopConfirmed":
      return thread.turn.phase === "idle" && thread.turn.stopUnconfirmed
        ? { ...thread, turn: { phase: "idle", lastStop: "cancelled" } }
        : thread;
    case "turn/retrying":
      return thread.turn.phase === "running"
        ? appendEntry(closeOpenToolCalls(thread, "cancelled"), undefined, retryNotice(action))
        : thread;
    case "turn/failed":
      return {
        ...appendEntry(
          closeOpenToolCalls(thread, "cancelled"),
          undefined,
          errorEntry(action.entryId, action.message, action.details),
        ),
        permissions: [],
        forms: [],
        turn: { phase: "idle", lastStop: "error" },
      };
    case "thread/error":
      return appendEntry(thread, undefined, errorEntry(action.entryId, action.message, action.details));
    case "thread/reset":
      return emptyThread;
    case "thread/restored":
      return {
        ...emptyThread,
        entries: restoredEntries(action.entries),
        ...(action.title === undefined ? {} : { title: action.title }),
      };
    case "session/state":
      return {
        ...thread,
        ...(action.configOptions ? { configOptions: action.configOptions } : {}),
        ...(action.modes ? { modes: action.modes } : {}),
      };
    case "permission/requested":
    case "permission/resolved":
    case "form/requested":
    case "form/resolved":
    case "terminal/created":
    case "terminal/output":
    case "terminal/exited":
      return reduceClientRequest(thread, action);
    case "review/recorded": {
      // The host is authoritative for a recorded change (its "before" is the turn's checkpoint,
      // kept from the first change): the latest record replaces the file's row.
      const { type: _type, origin, binary, reason, ...change } = action;
      const existing = thread.changes.find((c) => c.path === action.path);
      const next: FileChange = {
        ...change,
        ...(origin === undefined ? {} : { origin }),
        ...(binary === undefined ? {} : { binary }),
        ...(reason === undefined ? {} : { reason }),
        state: "pending",
      };
      return {
        ...thread,
        changes: existing ? thread.changes.map((c) => (c === existing ? next : c)) : [...thread.changes, next],
      };
    }
    case "checkpoint/taken":
    case "checkpoint/restored":
    case "checkpoint/redone":
    case "checkpoint/dropped":
    case "checkpoint/revived":
      return reduceCheckpoint(thread, action);
    case "review/dropped":
      return { ...thread, changes: thread.changes.filter((c) => c.path !== action.path || c.state !== "pending") };
    case "review/resolved":
      return {
        ...thread,
        changes: thread.changes.map((c) => (c.path === action.path ? { ...c, state: action.state } : c)),
      };
    case "steer/sent":
    case "steer/applied":
    case "steer/failed":
    case "turn/unowned":
    case "queue/set":
      return reduceSteering(thread, action);
    case "subagent/event":
      return foldSubagentEvent(markAnyOutput(thread), action.event, action.entryId, foldChildUpdate);
    case "member/update":
      return foldMemberUpdate(markAnyOutput(thread), action.member, action.update, action.entryId, foldChildUpdate);
    case "acp/update": {
      const marked = markOutput(thread, action.update);
      // The streaming hot path: a plain text chunk is what its schema would give back.
      const plain = asPlainChunk(action.update);
      if (plain) return foldUpdate(marked, plain, action.entryId);
      const known = knownUpdateSchema.safeParse(action.update, INTERPRETED);
      if (known.success) return foldUpdate(marked, known.data, action.entryId);
      const unstable = unstableUpdateSchema.safeParse(action.update, INTERPRETED);
      return unstable.success ? foldUnstableUpdate(marked, unstable.data) : thread;
    }
    case "providers/state":
      return { ...thread, providers: action.providers };
  }
}

function foldUpdate(thread: Thread, update: KnownUpdate, entryId: string): Thread {
  switch (update.sessionUpdate) {
    case "user_message_chunk":
    case "agent_message_chunk":
    case "agent_thought_chunk":
      return foldChunk(thread, update, entryId);
    case "tool_call":
    case "tool_call_update":
      return foldToolCall(thread, update, entryId);
    case "plan":
      return { ...thread, plan: update.entries };
    case "available_commands_update":
      return { ...thread, commands: update.availableCommands };
    case "current_mode_update":
      return foldModeChange(thread, update.currentModeId, entryId);
    case "config_option_update":
      return { ...thread, configOptions: update.configOptions };
    case "session_info_update": {
      // CodeBuddy Agent Teams report their members' states here.
      const team = update._meta?.["codebuddy.ai/teamUpdate"];
      const next = team === undefined ? thread : foldTeamUpdate(thread, team);
      if (update.title === undefined) return next;
      // The agent's title is cleaned and capped like the user's rename (sessionTitle.ts).
      const title = update.title === null ? "" : cleanSessionTitle(update.title);
      if (title === "") {
        const { title: _cleared, ...rest } = next;
        return rest;
      }
      return { ...next, title };
    }
    case "usage_update":
      return {
        ...thread,
        usage: { used: update.used, size: update.size, ...(update.cost ? { cost: update.cost } : {}) },
      };
    case "notice": {
      const severity = update.severity === "warning" || update.severity === "error" ? update.severity : "info";
      return appendEntry(thread, undefined, {
        kind: "notice",
        id: entryId,
        severity,
        title: update.title,
        ...(update.description ? { description: update.description } : {}),
      });
    }
    case "compaction_update":
      return upsertCompaction(thread, `compaction:${update.compactionId}`, entryId, {
        status: normaliseCompactionStatus(update.status),
        ...(update.summary === undefined
          ? {}
          : { summary: update.summary === null ? null : update.summary.map(contentBlockText).join("") }),
        ...(update.error === undefined ? {} : { error: update.error }),
      });
    case "compaction_summary_chunk":
      return upsertCompaction(thread, `compaction:${update.compactionId}`, entryId, {
        appendSummary: contentBlockText(update.content),
      });
  }
}

/** Child output of a subagent or member lane: the same folding as the main thread. */
function foldChildUpdate(thread: Thread, update: { sessionUpdate: string }, entryId: string): Thread {
  return reduceThread(thread, { type: "acp/update", entryId, update });
}

function errorEntry(id: string, message: string, details: string | undefined) {
  return details === undefined
    ? { kind: "error" as const, id, message }
    : { kind: "error" as const, id, message, details };
}

function withoutTurnUsage(thread: Thread): Thread {
  if (thread.turnUsage === undefined) return thread;
  const { turnUsage: _finished, ...rest } = thread;
  return rest;
}
