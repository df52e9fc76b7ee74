/**
 * The host ↔ webview protocol: zod discriminated unions on `type`, with `noun/verb` names.
 * Both sides parse at the boundary and log and drop anything invalid.
 *
 * Sync contract: after `webview/ready` the host sends `state/snapshot` (seq N), then
 * `state/actions` batches numbered N+1, N+2, … that the webview folds with the shared reducer.
 * A gap in the numbering makes the webview send `state/resync` and wait for a new snapshot.
 * The webview answers each rendered batch with `state/ack` (see ReplicaFeed for the flow control).
 */
import * as z from "zod";
import { panelActionSchema, type PanelState } from "./panelState";
import type { ThreadEntry } from "../thread/thread";
import { MAX_PERMISSION_NOTE } from "./permissionNote";
import { MAX_PATHS_PER_CHECK, MAX_PATH_CANDIDATE_LENGTH } from "./pathLinkLimits";
import { tabStatusSchema } from "./tabStatus";

// The snapshot is produced by the host's own reducer; validating its deep shape on every
// resync would cost more than it protects, so it is checked structurally at the top level only.
const panelStateSchema = z.custom<PanelState>(
  (value) =>
    typeof value === "object" && value !== null && "thread" in value && "connection" in value && "agents" in value,
  "not a panel state",
);

/** A file, selection or image to send with a prompt (see promptBuilder on the host). */
export const attachmentSchema = z.object({
  uri: z.string(),
  name: z.string(),
  mimeType: z.string().optional(),
  /** Text to embed (file content or a selection), when the agent accepts embedded context. */
  text: z.string().optional(),
  /** Base64 image data (pasted or dropped). */
  imageData: z.string().optional(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/** A workspace file offered by @-mention search. */
/**
 * One "@" suggestion. `attachment`, when present, is what picking it attaches (a selection with
 * its text, a symbol's lines); otherwise the item's uri and name.
 */
export const mentionItemSchema = z.object({
  uri: z.string(),
  name: z.string(),
  detail: z.string(),
  kind: z.enum(["file", "editor", "selection", "symbol", "url"]).optional(),
  attachment: attachmentSchema.optional(),
});
export type MentionItem = z.infer<typeof mentionItemSchema>;

/** One open session in the panel's tab strip. */
export const tabSummarySchema = z.object({
  key: z.string(),
  agent: z.string().optional(),
  sessionId: z.string().optional(),
  title: z.string(),
  status: tabStatusSchema,
  /** The agent can fork this tab's session (Fork Session is offered). */
  canFork: z.boolean().optional(),
  /** The agent's `auth/status` (unstable), where it offers it: the header shows it. */
  auth: z.enum(["authenticated", "unauthenticated", "not_required", "unknown"]).optional(),
  /** Also shown in an editor tab (*Open Session in Editor*). */
  inEditor: z.boolean().optional(),
  /** The git worktree the tab works in: its branch and folder (issue 32). */
  worktree: z.object({ branch: z.string(), path: z.string() }).optional(),
});
export type TabSummary = z.infer<typeof tabSummarySchema>;

/** One row of the session list (all agents). */
export const sessionListItemSchema = z.object({
  agent: z.string(),
  sessionId: z.string(),
  cwd: z.string(),
  title: z.string(),
  updatedAt: z.string().optional(),
  status: z.union([tabStatusSchema, z.literal("closed")]),
  tabKey: z.string().optional(),
  /** Archived on the agent's side: shown only with "Show archived". */
  archived: z.boolean().optional(),
  /** The agent offers Archive/Unarchive (`sessionCapabilities.archive`). */
  canArchive: z.boolean().optional(),
  /** `session/status` (unstable): in the agent's memory ("open") or only stored ("saved"). */
  agentStatus: z.enum(["open", "saved"]).optional(),
  /** Files the agent changed in the conversation, where the history knows it. */
  changedFiles: z.number().int().nonnegative().optional(),
  /** Cost the agent reported for the conversation, where it did. */
  cost: z.object({ amount: z.number(), currency: z.string() }).optional(),
});
export type SessionListItem = z.infer<typeof sessionListItemSchema>;

/**
 * How a preset gets installed: `npm`, the panel installs the pinned `spec` itself (Install); or
 * `manual`, the user runs `command` (a copy button). Both link the vendor's `page`.
 */
export const installOfferSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("npm"), spec: z.string(), command: z.string(), page: z.string() }),
  z.object({ kind: z.literal("manual"), command: z.string(), page: z.string() }),
]);
export type InstallOffer = z.infer<typeof installOfferSchema>;

export const hostMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("state/snapshot"), seq: z.number().int(), state: panelStateSchema }),
  /**
   * Actions `seq` … `through`. Runs of text chunks are merged (see coalesceChunks), so a batch
   * can hold fewer actions than it numbers; without `through` it covers seq … seq + actions.length - 1.
   */
  z.object({
    type: z.literal("state/actions"),
    seq: z.number().int(),
    through: z.number().int().optional(),
    actions: z.array(panelActionSchema),
  }),
  /**
   * Older entries of a long thread whose tail the webview holds (threadHistory.ts), nearest the
   * tail first; each is acknowledged with `state/ack` carrying `history`. Produced by the host's
   * reducer like a snapshot, so checked structurally only.
   */
  z.object({
    type: z.literal("state/history"),
    start: z.number().int().nonnegative(),
    entries: z.array(z.custom<ThreadEntry>((value) => typeof value === "object" && value !== null && "kind" in value)),
    index: z.record(z.string(), z.number().int()),
    runPositions: z.record(z.string(), z.number().int()),
  }),
  /**
   * The tab strip (its own channel, separate from the active tab's state). When `activeKey`
   * changes, a `state/snapshot` of the newly active tab follows.
   */
  z.object({ type: z.literal("tabs/state"), tabs: z.array(tabSummarySchema), activeKey: z.string().optional() }),
  /**
   * Every agent the user could start, for the first-run view: configured ones and the built-in
   * presets, with whether each preset's command was found on PATH, and problems in the settings.
   */
  z.object({
    type: z.literal("agents/catalog"),
    agents: z.array(
      z.object({
        name: z.string(),
        command: z.string(),
        preset: z.boolean(),
        installed: z.boolean(),
        /** A preset ACP Panel installed into its own storage (Install). */
        managed: z.boolean().optional(),
        /** How to install it, for a preset that is not installed by the panel: see installOfferSchema. */
        install: installOfferSchema.optional(),
      }),
    ),
    problems: z.array(z.string()),
    /** A remote window with no agent configured: agents apply there only from the remote's settings. */
    remote: z.object({ remoteName: z.string() }).optional(),
  }),
  /** The workspace folders (absolute paths), so paths inside them are shown relative. */
  z.object({ type: z.literal("workspace/roots"), roots: z.array(z.string()) }),
  /**
   * The answer to `paths/check`: for each asked path, the absolute path of the workspace file it names,
   * or null (no such file, a folder, outside every workspace folder). Only a non-null path becomes a link.
   */
  z.object({
    type: z.literal("paths/exist"),
    results: z.array(z.object({ path: z.string(), file: z.string().nullable() })).max(MAX_PATHS_PER_CHECK),
  }),
  /** The session list, answered to `sessions/refresh`. */
  z.object({ type: z.literal("sessions/list"), sessions: z.array(sessionListItemSchema) }),
  /**
   * Full-text history search, answered to `history/search` with the same `query`: the sessions
   * whose conversation matches, best first, each with a snippet (`match` marks the matched words).
   */
  z.object({
    type: z.literal("history/results"),
    query: z.string(),
    hits: z.array(
      z.object({
        agent: z.string(),
        sessionId: z.string(),
        snippet: z.array(z.object({ text: z.string(), match: z.boolean().optional() })),
      }),
    ),
  }),
  /**
   * This webview is an editor tab showing that session: the webview keeps it in its state, so a
   * window reload restores the editor tab with it (the panel serializer reads it back).
   */
  z.object({ type: z.literal("editor/session"), agent: z.string(), sessionId: z.string() }),
  /** Put text into the composer (e.g. "Add Selection to Prompt"). */
  z.object({ type: z.literal("composer/insert"), text: z.string() }),
  z.object({ type: z.literal("composer/focus") }),
  /** Focus the newest pending permission or form (*Open Panel* on a permission notification). */
  z.object({ type: z.literal("request/focus") }),
  /** Add an attachment chip to the composer ("Add File to Prompt", "Add Selection to Prompt"). */
  z.object({ type: z.literal("composer/attach"), attachment: attachmentSchema }),
  /** The host rejected a form's values (it validates again); shown next to the fields. */
  z.object({ type: z.literal("form/errors"), requestId: z.string(), errors: z.record(z.string(), z.string()) }),
  /** Answer to `mention/search`. */
  z.object({ type: z.literal("mention/results"), query: z.string(), items: z.array(mentionItemSchema) }),
  /**
   * The answer to `checkpoint/preview`: the files a restore would change, with line counts, and
   * warnings (another session changed some of them since); or why it can't be done.
   */
  z.object({
    type: z.literal("checkpoint/preview"),
    entryId: z.string(),
    files: z.array(
      z.object({
        path: z.string(),
        status: z.enum(["modified", "added", "deleted"]),
        additions: z.number(),
        deletions: z.number(),
        binary: z.boolean().optional(),
      }),
    ),
    warnings: z.array(z.string()).default([]),
    error: z.string().optional(),
  }),
]);
export type HostMessage = z.infer<typeof hostMessageSchema>;

export const webviewMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("webview/ready") }),
  z.object({ type: z.literal("state/resync") }),
  /**
   * Flow control: the webview has rendered everything up to `seq` (a batch or a snapshot). The
   * host keeps at most two action batches in flight and folds what arrives meanwhile into the
   * next, so a webview that renders slower than the agent streams gets fewer, larger batches
   * instead of a queue of small ones; the whole of a long thread follows the ack of its tail.
   */
  /** Rendered through `seq`; with `history`, the webview now holds the thread from that host position on. */
  z.object({ type: z.literal("state/ack"), seq: z.number().int(), history: z.number().int().optional() }),
  z.object({ type: z.literal("prompt/send"), text: z.string(), attachments: z.array(attachmentSchema).default([]) }),
  z.object({ type: z.literal("turn/cancel") }),
  z.object({ type: z.literal("agent/select"), agent: z.string() }),
  /** "Copy" on a message: the host writes it to the system clipboard. */
  z.object({ type: z.literal("clipboard/copy"), text: z.string() }),
  /**
   * "Add agent…" in the agent picker: the host offers the ACP registry or the settings;
   * `source: "registry"` goes straight to the registry (the first-run view's button).
   */
  z.object({ type: z.literal("agents/add"), source: z.literal("registry").optional() }),
  z.object({ type: z.literal("agent/restart") }),
  /** Install on a preset shipped as an npm package: the host installs its pinned version, then starts it. */
  z.object({ type: z.literal("agent/install"), agent: z.string() }),
  z.object({ type: z.literal("logs/show") }),
  /**
   * `optionId` undefined = dismissed, answered `cancelled`. `note`: the user's words with the answer
   * ("yes, but use the test database"); no agent reads a feedback field, so it goes as the next message.
   */
  z.object({
    type: z.literal("permission/answer"),
    requestId: z.string(),
    optionId: z.string().optional(),
    note: z.string().max(MAX_PERMISSION_NOTE).optional(),
  }),
  z.object({ type: z.literal("form/submit"), requestId: z.string(), values: z.record(z.string(), z.unknown()) }),
  z.object({ type: z.literal("form/decline"), requestId: z.string() }),
  z.object({ type: z.literal("form/cancel"), requestId: z.string() }),
  /** A config option picked in the header: select → string, boolean → boolean. */
  z.object({ type: z.literal("config/set"), configId: z.string(), value: z.union([z.string(), z.boolean()]) }),
  z.object({ type: z.literal("mode/set"), modeId: z.string() }),
  /** Unstable providers: route one through `apiType` at `baseUrl`, or switch it off. */
  z.object({
    type: z.literal("provider/set"),
    providerId: z.string(),
    apiType: z.string().min(1),
    baseUrl: z.url(),
  }),
  z.object({ type: z.literal("provider/disable"), providerId: z.string() }),
  /** Open VS Code's diff editor for a tool call's diff content. */
  z.object({ type: z.literal("diff/open"), path: z.string(), oldText: z.string().nullish(), newText: z.string() }),
  /**
   * "Kill command" on a terminal's card: the host ends that one command (a terminal it runs for
   * this tab's session, `terminal/create`; any other id is ignored), not the turn.
   */
  z.object({ type: z.literal("terminal/kill"), terminalId: z.string() }),
  /** Open a tool call location (absolute path, 1-based line and column). */
  z.object({
    type: z.literal("location/open"),
    path: z.string(),
    line: z.number().int().nullish(),
    column: z.number().int().nullish(),
  }),
  /** Workspace files whose name matches `query`, for @-mentions. */
  z.object({ type: z.literal("mention/search"), query: z.string() }),
  /**
   * The user picked an `@https://…` suggestion: the host asks for consent, fetches the page and
   * answers with `composer/attach` (uri = `url`), or with nothing when refused or failed.
   */
  z.object({ type: z.literal("mention/fetch"), url: z.string() }),
  /** "Follow agent": reveal tool call locations in the editor as they arrive. */
  z.object({ type: z.literal("follow/set"), enabled: z.boolean() }),
  /** The queue of messages waiting for the turn (agents without steering). */
  z.object({ type: z.literal("queue/edit"), id: z.string(), text: z.string() }),
  z.object({ type: z.literal("queue/remove"), id: z.string() }),
  /** Cancel the running turn and send this queued message now. */
  z.object({ type: z.literal("queue/sendNow"), id: z.string() }),
  /** Send a queued message marked not sent (its agent ended first) again; starts the agent if none runs. */
  z.object({ type: z.literal("queue/sendAgain"), id: z.string() }),
  /** Opens the user settings at `acpPanel.agents` (first-run help). */
  z.object({ type: z.literal("settings/open") }),
  /** Opens the remote's settings (Preferences: Open Remote Settings), where a remote window reads agents. */
  z.object({ type: z.literal("settings/openRemote") }),
  z.object({ type: z.literal("tab/activate"), key: z.string() }),
  z.object({ type: z.literal("tab/close"), key: z.string() }),
  /** Shows the tab's session in an editor tab: the one already showing it, or a new one beside the code. */
  z.object({ type: z.literal("tab/openInEditor"), key: z.string() }),
  z.object({ type: z.literal("sessions/refresh") }),
  /** Search every kept conversation's text (titles, prompts, replies, tools); answered by `history/results`. */
  z.object({ type: z.literal("history/search"), query: z.string().max(2_000) }),
  z.object({ type: z.literal("session/open"), agent: z.string(), sessionId: z.string() }),
  /** Asks the host to delete a session; the host confirms with the user first. */
  z.object({ type: z.literal("session/delete"), agent: z.string(), sessionId: z.string() }),
  /** Fork Session on a tab (`session/fork`): a new tab continues its history. */
  z.object({ type: z.literal("tab/fork"), key: z.string() }),
  /** Rename a tab's session or a listed one; the host asks the user for the title. */
  z.object({ type: z.literal("tab/rename"), key: z.string() }),
  z.object({ type: z.literal("session/rename"), agent: z.string(), sessionId: z.string() }),
  z.object({ type: z.literal("session/archive"), agent: z.string(), sessionId: z.string(), archived: z.boolean() }),
  /** "Files changed" review: open the diff, keep the change, or undo it. */
  z.object({ type: z.literal("review/diff"), path: z.string() }),
  z.object({ type: z.literal("review/keep"), path: z.string() }),
  z.object({ type: z.literal("review/undo"), path: z.string() }),
  /** Take an Undo back: the file holds again what it held just before the Undo. */
  z.object({ type: z.literal("review/redo"), path: z.string() }),
  /** Every changed file of the review in VS Code's multi-file diff editor. */
  z.object({ type: z.literal("review/all") }),
  /** What "Restore checkpoint" on the user message `entryId` would change (answered by `checkpoint/preview`). */
  z.object({ type: z.literal("checkpoint/preview"), entryId: z.string() }),
  /** Restore the files (and, with `conversation`, the conversation) to just before the message `entryId`. */
  z.object({ type: z.literal("checkpoint/restore"), entryId: z.string(), conversation: z.boolean().default(false) }),
  /** Bring back a checkpoint that was pruned or cleared (within a day): its message regains "Restore checkpoint". */
  z.object({ type: z.literal("checkpoint/bringBack"), checkpointId: z.string() }),
  /** Take a restore back: the files return to what they held just before it. */
  z.object({ type: z.literal("checkpoint/redo"), restoreId: z.string() }),
  /** "Edit and resend": restore files and conversation to before the message `entryId`, then send `text`. */
  z.object({ type: z.literal("message/editResend"), entryId: z.string(), text: z.string() }),
  /**
   * Which of these plain paths from the agent's Markdown (`src/greet.ts`, absolute ones) are files in the
   * workspace; answered by `paths/exist`. The webview never touches the file system.
   */
  z.object({
    type: z.literal("paths/check"),
    paths: z.array(z.string().min(1).max(MAX_PATH_CANDIDATE_LENGTH)).min(1).max(MAX_PATHS_PER_CHECK),
  }),
  /** Open a link from the transcript; the host validates it (http(s), or a file in the workspace). */
  z.object({ type: z.literal("link/open"), href: z.string() }),
]);
export type WebviewMessage = z.infer<typeof webviewMessageSchema>;
