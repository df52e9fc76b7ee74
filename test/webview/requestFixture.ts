/**
 * What the agent asks of the user, as the panel actions the host dispatches: a permission to write
 * a file (allow "Yes, write it" / reject "Don't"), a one-field form ("Which name?", a required
 * "File name"), a tool call such requests attach to, and the host's word that a permission was
 * answered.
 */
import type { PanelAction } from "../../src/shared/wire/panelState";
import { acpUpdate } from "./fixtures";

type PermissionOutcome = Extract<PanelAction, { type: "permission/resolved" }>["outcome"];

/** An in-progress edit tool call whose transcript entry is `tool-<toolCallId>`. */
export function editToolCall(toolCallId: string, title: string): PanelAction {
  return acpUpdate(`tool-${toolCallId}`, "tool_call", { toolCallId, title, kind: "edit", status: "in_progress" });
}

/** Permission to write `<toolCallId>.ts`, on the tool call's card (entry `tool-<toolCallId>`). */
export function askWrite(requestId: string, toolCallId: string): PanelAction {
  return {
    type: "permission/requested",
    requestId,
    entryId: `tool-${toolCallId}`,
    toolCall: { toolCallId, title: `Write ${toolCallId}.ts`, kind: "edit" },
    options: [
      { optionId: "yes", name: "Yes, write it", kind: "allow_once" },
      { optionId: "no", name: "Don't", kind: "reject_once" },
    ],
  };
}

/** The form "Which name?" with one required field, "File name"; on a tool call's card if given one. */
export function askName(requestId: string, toolCallId?: string): PanelAction {
  return {
    type: "form/requested",
    requestId,
    message: "Which name?",
    ...(toolCallId === undefined ? {} : { toolCallId }),
    schema: { type: "object", properties: { name: { type: "string", title: "File name" } }, required: ["name"] },
  };
}

/** The host's word that permission `requestId` was answered with `outcome`. */
export function permissionResolved(requestId: string, outcome: PermissionOutcome): PanelAction {
  return { type: "permission/resolved", requestId, outcome };
}

/** What the webview posts when the user answers permission `requestId` with `optionId`. */
export function permissionAnswer(requestId: string, optionId: string) {
  return { type: "permission/answer", requestId, optionId } as const;
}
