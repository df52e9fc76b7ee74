/**
 * The webview's one line to the extension host, and the only caller of `acquireVsCodeApi`.
 *
 * - Host → webview: every `message` event is parsed with the shared `hostMessageSchema`;
 *   anything invalid is logged and dropped, never half-handled.
 * - Webview → host: `postToHost` takes only a typed `WebviewMessage`.
 * - UI-only state (draft, prompt history, scroll) lives in VS Code's per-webview state, so it
 *   survives the view being hidden and shown again. Panel state never goes here: the host owns it.
 */
import * as z from "zod";
import {
  type HostMessage,
  type WebviewMessage,
  attachmentSchema,
  hostMessageSchema,
} from "../../src/shared/wire/protocol";

/**
 * What the bridge needs from its page: VS Code's webview API in the panel, an in-memory fake in
 * node tests (`test/webview/*.node.test.ts`), so webview logic runs without a browser.
 */
export interface BridgeTransport {
  postMessage(message: WebviewMessage): void;
  /** Calls `listener` with the raw data of each message from the host; returns the unsubscribe function. */
  onMessage(listener: (data: unknown) => void): () => void;
  getState(): unknown;
  setState(state: unknown): void;
}

interface VsCodeApi {
  postMessage(message: WebviewMessage): void;
  getState(): unknown;
  setState(state: unknown): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

function vsCodeTransport(): BridgeTransport {
  // VS Code allows one call per page load; a second call throws.
  const api = acquireVsCodeApi();
  return {
    postMessage: (message) => api.postMessage(message),
    onMessage(listener) {
      const onWindowMessage = (event: MessageEvent<unknown>): void => listener(event.data);
      window.addEventListener("message", onWindowMessage);
      return () => window.removeEventListener("message", onWindowMessage);
    },
    getState: () => api.getState(),
    setState: (state) => api.setState(state),
  };
}

let transport: BridgeTransport | undefined;
let uiState: UiState | undefined;
const handlers = new Set<HostMessageHandler>();
let unsubscribe: (() => void) | undefined;

function currentTransport(): BridgeTransport {
  return (transport ??= vsCodeTransport());
}

/**
 * Replaces the page's transport (node tests); must run before the first message is posted or
 * subscribed. Forgets the cached UI state and any subscription to the previous transport.
 */
export function setBridgeTransport(next: BridgeTransport): void {
  unsubscribe?.();
  unsubscribe = undefined;
  handlers.clear();
  uiState = undefined;
  transport = next;
}

export function postToHost(message: WebviewMessage): void {
  currentTransport().postMessage(message);
}

export type HostMessageHandler = (message: HostMessage) => void;

function receive(data: unknown): void {
  const parsed = hostMessageSchema.safeParse(data);
  if (!parsed.success) {
    console.warn("ACP Panel: dropped an invalid host message", data, parsed.error.issues);
    return;
  }
  for (const handler of handlers) {
    try {
      handler(parsed.data);
    } catch (error) {
      console.error("ACP Panel: a host message handler failed", parsed.data.type, error);
    }
  }
}

/** Subscribes to valid host messages; returns the unsubscribe function. */
export function onHostMessage(handler: HostMessageHandler): () => void {
  if (handlers.size === 0) unsubscribe = currentTransport().onMessage(receive);
  handlers.add(handler);
  return () => {
    handlers.delete(handler);
    if (handlers.size === 0) {
      unsubscribe?.();
      unsubscribe = undefined;
    }
  };
}

const draftSchema = z.object({ text: z.string().optional(), attachments: z.array(attachmentSchema).optional() });

const uiStateSchema = z.object({
  /** Unsent composer text and chips, by tab key (see draftBook.ts). */
  drafts: z.record(z.string(), draftSchema).optional(),
  /** The tab whose draft the composer showed last, so a reloaded view starts with it. */
  draftKey: z.string().optional(),
  /** Sent prompts, oldest first, for Up/Down recall. */
  history: z.array(z.string()).optional(),
  /** Transcript scroll offset; absent while the view sticks to the bottom. */
  scrollTop: z.number().optional(),
  /** The tab `scrollTop` belongs to (absent: no tab known). */
  scrollKey: z.string().optional(),
  /** Collapsible sections the user opened or closed, by key (see uiExpansion.ts). */
  expanded: z.record(z.string(), z.boolean()).optional(),
  /**
   * The panels above the composer (plan, files changed, queue) the user expanded or collapsed, by
   * kind: one choice for every tab, kept apart from `expanded` so that no card can evict it.
   */
  panels: z.record(z.string(), z.boolean()).optional(),
  /** The "Follow agent" toggle. */
  follow: z.boolean().optional(),
  /**
   * In an editor tab: the session it shows. VS Code hands this state to the host's panel
   * serializer after a window reload (editorSessionPanels.ts reads it; keep the two in step).
   */
  editorSession: z.object({ agent: z.string(), sessionId: z.string() }).optional(),
});

export type UiState = z.infer<typeof uiStateSchema>;
export type SavedDraft = z.infer<typeof draftSchema>;

function readUiState(): UiState {
  const parsed = uiStateSchema.safeParse(currentTransport().getState() ?? {});
  return parsed.success ? parsed.data : {};
}

export function getUiState(): UiState {
  return (uiState ??= readUiState());
}

/** Merges `patch` into the UI state; a key set to `undefined` is removed. */
export function setUiState(patch: Partial<UiState>): void {
  const next: Record<string, unknown> = { ...getUiState(), ...patch };
  for (const key of Object.keys(next)) if (next[key] === undefined) delete next[key];
  uiState = next;
  currentTransport().setState(uiState);
}
