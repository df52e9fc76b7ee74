/**
 * What the agent asks of the user, as the panel actions the host dispatches: a permission to write
 * a file (allow "Yes, write it" / reject "Don't"), a form, the one-field form "Which name?" (a
 * required "File name"), a tool call such requests attach to, and the host's word that a
 * permission was answered; and the answer the webview posts.
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

/** A form (an elicitation): `message` over the fields of `schema`; on a tool call's card if given one. */
export function askForm(requestId: string, message: string, schema: object, toolCallId?: string): PanelAction {
  return { type: "form/requested", requestId, message, ...(toolCallId === undefined ? {} : { toolCallId }), schema };
}

/** The form "Which name?" with one required field, "File name"; on a tool call's card if given one. */
export function askName(requestId: string, toolCallId?: string): PanelAction {
  const schema = { type: "object", properties: { name: { type: "string", title: "File name" } }, required: ["name"] };
  return askForm(requestId, "Which name?", schema, toolCallId);
}

/** The host's word that permission `requestId` was answered with `outcome`. */
export function permissionResolved(requestId: string, outcome: PermissionOutcome): PanelAction {
  return { type: "permission/resolved", requestId, outcome };
}

/** What the webview posts when the user answers permission `requestId` with `optionId`. */
export function permissionAnswer(requestId: string, optionId: string) {
  return { type: "permission/answer", requestId, optionId } as const;
}
