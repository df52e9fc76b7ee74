/**
 * The host ↔ webview protocol: zod discriminated unions on `type`, with `noun/verb` names.
 * Both sides parse at the boundary and log and drop anything invalid.
 *
 * Sync contract: after `webview/ready` the host sends `state/snapshot` (seq N), then
 * `state/actions` batches numbered N+1, N+2, … that the webview folds with the shared reducer.
 * A gap in the numbering makes the webview send `state/resync` and wait for a new snapshot.
 */
import * as z from "zod";
import { panelActionSchema, type PanelState } from "./panelState";

// The snapshot is produced by the host's own reducer; validating its deep shape on every
// resync would cost more than it protects, so it is checked structurally at the top level only.
const panelStateSchema = z.custom<PanelState>(
  (value) => typeof value === "object" && value !== null && "thread" in value && "connection" in value && "agents" in value,
  "not a panel state",
);

export const hostMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("state/snapshot"), seq: z.number().int(), state: panelStateSchema }),
  /** `seq` is the number of the first action; the batch covers seq … seq + actions.length - 1. */
  z.object({ type: z.literal("state/actions"), seq: z.number().int(), actions: z.array(panelActionSchema) }),
  /** Put text into the composer (e.g. "Add Selection to Prompt"). */
  z.object({ type: z.literal("composer/insert"), text: z.string() }),
  z.object({ type: z.literal("composer/focus") }),
]);
export type HostMessage = z.infer<typeof hostMessageSchema>;

export const webviewMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("webview/ready") }),
  z.object({ type: z.literal("state/resync") }),
  z.object({ type: z.literal("prompt/send"), text: z.string().min(1) }),
  z.object({ type: z.literal("turn/cancel") }),
  z.object({ type: z.literal("agent/select"), agent: z.string() }),
  z.object({ type: z.literal("agent/restart") }),
  z.object({ type: z.literal("logs/show") }),
]);
export type WebviewMessage = z.infer<typeof webviewMessageSchema>;
