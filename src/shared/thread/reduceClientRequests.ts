/**
 * What the agent asks of the client, as thread state: pending permissions (shown on their tool
 * call, whose status becomes `awaiting_permission`), pending forms, and terminal output.
 */
import type { RequestAnswer, Thread, ToolCallEntry, TerminalView } from "./thread";
import type { ThreadAction } from "./threadActions";
import { foldToolCall } from "./reduceToolCall";
import { INTERPRETED, toolCallUpdateSchema } from "./sessionUpdate";
import { appendEntry, replaceEntryAt } from "./threadEntries";

/** The UI keeps this much of each terminal's output; the agent gets its own limit. */
export const TERMINAL_VIEW_LIMIT = 256 * 1024;

type ClientRequestAction = Extract<
  ThreadAction,
  { type: `permission/${string}` | `form/${string}` | `terminal/${string}` }
>;

export function reduceClientRequest(thread: Thread, action: ClientRequestAction): Thread {
  switch (action.type) {
    case "permission/requested": {
      // The permission may come before its tool_call (gemini): create the card from the request.
      const patch = toolCallUpdateSchema.safeParse(
        { ...action.toolCall, sessionUpdate: "tool_call_update" },
        INTERPRETED,
      );
      const withCard = patch.success ? foldToolCall(thread, patch.data, action.entryId) : thread;
      const toolCallId = action.toolCall.toolCallId;
      return {
        ...setToolStatus(withCard, toolCallId, "awaiting_permission"),
        permissions: [...withCard.permissions, { requestId: action.requestId, toolCallId, options: action.options }],
      };
    }
    case "permission/resolved": {
      const pending = thread.permissions.find((p) => p.requestId === action.requestId);
      if (!pending) return thread;
      const status = action.outcome === "cancelled" ? "cancelled" : "pending";
      const resolved = {
        ...setToolStatus(thread, pending.toolCallId, status),
        permissions: thread.permissions.filter((p) => p !== pending),
      };
      if (action.outcome === "cancelled") return resolved;
      const { optionId } = action.outcome;
      const choice = pending.options.find((option) => option.optionId === optionId)?.name ?? optionId;
      return withAnswerLine(resolved, action.requestId, { kind: "permission", choice });
    }
    case "form/requested":
      return {
        ...thread,
        forms: [
          ...thread.forms,
          {
            requestId: action.requestId,
            message: action.message,
            schema: action.schema,
            ...(action.toolCallId ? { toolCallId: action.toolCallId } : {}),
          },
        ],
      };
    case "form/resolved": {
      if (!thread.forms.some((form) => form.requestId === action.requestId)) return thread;
      const resolved = { ...thread, forms: thread.forms.filter((form) => form.requestId !== action.requestId) };
      return action.outcome === undefined
        ? resolved
        : withAnswerLine(resolved, action.requestId, { kind: "form", outcome: action.outcome });
    }
    case "terminal/created":
      return {
        ...thread,
        terminals: {
          ...thread.terminals,
          [action.terminalId]: { command: action.command, output: "", ...(action.killable ? { killable: true } : {}) },
        },
      };
    case "terminal/output": {
      const current = thread.terminals[action.terminalId] ?? { command: "", output: "" };
      let output = current.output + action.chunk;
      if (output.length > TERMINAL_VIEW_LIMIT) output = output.slice(output.length - TERMINAL_VIEW_LIMIT);
      return { ...thread, terminals: { ...thread.terminals, [action.terminalId]: { ...current, output } } };
    }
    case "terminal/exited": {
      // An ended command has nothing left to kill: `killable` goes.
      const { command, output }: TerminalView = thread.terminals[action.terminalId] ?? { command: "", output: "" };
      return {
        ...thread,
        terminals: {
          ...thread.terminals,
          [action.terminalId]: { command, output, exit: { exitCode: action.exitCode, signal: action.signal } },
        },
      };
    }
  }
}

function setToolStatus(thread: Thread, toolCallId: string, status: ToolCallEntry["status"]): Thread {
  const at = thread.index[`tool:${toolCallId}`];
  const entry = at === undefined ? undefined : thread.entries[at];
  if (at === undefined || entry?.kind !== "tool_call") return thread;
  // A finished card keeps its final status.
  if (entry.status === "completed" || entry.status === "failed") return thread;
  if (status === "pending" && entry.status !== "awaiting_permission") return thread;
  return replaceEntryAt(thread, at, { ...entry, status });
}

const answerTitles: Record<"accept" | "decline" | "cancel", string> = {
  accept: "Form submitted",
  decline: "Form declined",
  cancel: "Form cancelled",
};

/** The line an answered request leaves in the transcript; its id comes from the request's. */
function withAnswerLine(thread: Thread, requestId: string, answer: RequestAnswer): Thread {
  const id = `answer:${requestId}`;
  if (thread.entries.some((entry) => entry.id === id)) return thread;
  const title = answer.kind === "permission" ? `Chose: ${answer.choice}` : answerTitles[answer.outcome];
  return appendEntry(thread, undefined, { kind: "notice", id, severity: "info", title, answer });
}
