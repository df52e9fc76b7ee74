/**
 * Folds the unstable `session/update` variants (unstableUpdates.ts) into a thread:
 * - `plan_update` replaces the plan of that id whole (or adds it); `plan_removed` drops it;
 * - `subagent_update` announces or patches a child session: a nested run keyed by the child's
 *   session id, drawn like a Lody subagent (the child's own updates arrive as run output);
 * - `session_message` upserts an inter-session message (omitted keeps, `null` clears, content
 *   replaces); `session_message_chunk` appends to its text, even before the first upsert.
 */
import { type SessionMessageView, type SubagentRun, type Thread } from "./thread";
import { contentBlockText } from "./sessionUpdate";
import type { UnstableUpdate } from "./unstableUpdates";
import { newRun, withRun } from "./reduceSubagents";

export function foldUnstableUpdate(thread: Thread, update: UnstableUpdate): Thread {
  switch (update.sessionUpdate) {
    case "plan_update": {
      const plans = thread.idPlans ?? [];
      const at = plans.findIndex((plan) => plan.planId === update.plan.planId);
      return {
        ...thread,
        idPlans: at < 0 ? [...plans, update.plan] : plans.map((plan, i) => (i === at ? update.plan : plan)),
      };
    }
    case "plan_removed": {
      const plans = (thread.idPlans ?? []).filter((plan) => plan.planId !== update.planId);
      return { ...thread, idPlans: plans };
    }
    case "subagent_update":
      return foldChildSession(thread, update);
    case "session_message":
      return upsertMessage(thread, update.messageId, (message) => patched(message, update));
    case "session_message_chunk":
      return upsertMessage(thread, update.messageId, (message) => ({
        ...message,
        text: message.text + contentBlockText(update.content),
      }));
  }
}

type ChildUpdate = Extract<UnstableUpdate, { sessionUpdate: "subagent_update" }>;

function foldChildSession(thread: Thread, update: ChildUpdate): Thread {
  const existing = thread.runs[update.sessionId];
  let run: SubagentRun = existing ?? newRun(thread, update.sessionId, "unknown");
  const label = update.title !== undefined ? update.title : update.description;
  if (label === null) {
    const { description: _cleared, ...rest } = run;
    run = rest;
  } else if (label !== undefined) {
    run = { ...run, description: label };
  }
  if (update.state) {
    const totalTokens = update.state.usage?.totalTokens;
    run = {
      ...run,
      state: childState(update.state.state, update.state.stopReason ?? undefined),
      ...(totalTokens !== undefined ? { progress: { ...run.progress, totalTokens } } : {}),
    };
  } else if (update.state === null) {
    run = { ...run, state: "unknown" };
  }
  return withRun(thread, run, existing === undefined);
}

/** The standard child states, onto the run states the nested view knows. */
function childState(state: string, stopReason: string | undefined): SubagentRun["state"] {
  switch (state) {
    case "running":
      return "running";
    case "requires_action":
      return "waiting";
    case "idle":
      return stopReason === "cancelled"
        ? "cancelled"
        : stopReason === "failed" || stopReason === "refusal"
          ? "failed"
          : "completed";
    default:
      return "unknown";
  }
}

type MessageUpdate = Extract<UnstableUpdate, { sessionUpdate: "session_message" }>;

function patched(message: SessionMessageView, update: MessageUpdate): SessionMessageView {
  let next: SessionMessageView = message;
  const fields = [
    ["sender", update.senderSessionId],
    ["recipient", update.recipientSessionId],
    ["senderMessageId", update.senderMessageId],
    ["recipientMessageId", update.recipientMessageId],
  ] as const;
  for (const [field, value] of fields) {
    if (value === undefined) continue;
    if (value === null) {
      const { [field]: _cleared, ...rest } = next;
      next = rest;
    } else {
      next = { ...next, [field]: value };
    }
  }
  if (update.content !== undefined) next = { ...next, text: (update.content ?? []).map(contentBlockText).join("") };
  return next;
}

function upsertMessage(
  thread: Thread,
  messageId: string,
  change: (message: SessionMessageView) => SessionMessageView,
): Thread {
  const messages = thread.sessionMessages ?? [];
  const at = messages.findIndex((message) => message.messageId === messageId);
  if (at < 0) return { ...thread, sessionMessages: [...messages, change({ messageId, text: "" })] };
  return { ...thread, sessionMessages: messages.map((message, i) => (i === at ? change(message) : message)) };
}

/**
 * The messages a run shows: its parent's messages naming it, and those in its own transcript,
 * each once: a message seen from both sides (the parent's outgoing view, the child's incoming
 * one, linked by `recipientMessageId` / `senderMessageId`) is shown from the parent's side.
 */
export function messagesOfRun(
  parentMessages: readonly SessionMessageView[] | undefined,
  run: SubagentRun,
): SessionMessageView[] {
  const named = (parentMessages ?? []).filter(
    (message) => message.sender === run.runId || message.recipient === run.runId,
  );
  const seen = new Set<string>();
  for (const { recipientMessageId, senderMessageId } of named) {
    if (recipientMessageId !== undefined) seen.add(recipientMessageId);
    if (senderMessageId !== undefined) seen.add(senderMessageId);
  }
  const namedIds = new Set(named.map((message) => message.messageId));
  const own = (run.thread.sessionMessages ?? []).filter(
    (message) =>
      !seen.has(message.messageId) &&
      !(message.senderMessageId !== undefined && namedIds.has(message.senderMessageId)) &&
      !(message.recipientMessageId !== undefined && namedIds.has(message.recipientMessageId)),
  );
  return [...named, ...own];
}
