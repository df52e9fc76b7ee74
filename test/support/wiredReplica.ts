/**
 * The host's ReplicaFeed wired to the webview's real ReplicaStore, for the flow-control tests
 * (replicaFlowControl, replyFirstOutput): the webview's frames run when the test says.
 */
import { afterEach } from "node:test";
import { PanelStore } from "../../src/acp/sessions/panelStore";
import { ReplicaFeed } from "../../src/acp/sessions/replicaFeed";
import type { PanelAction } from "../../src/shared/wire/panelState";
import type { HostMessage, WebviewMessage } from "../../src/shared/wire/protocol";
import { ReplicaStore } from "../../webview/host/store";
import { waitFor } from "./waitFor";

export const FLUSH_MS = 5;
export const ACK_TIMEOUT_MS = 300;
/** An ack timeout no test waits for: on a loaded machine the short one would fire mid-test. */
export const PATIENT_MS = 60_000;
/** What a test set up and the afterEach below disposes of. */
export const disposers: Array<() => void> = [];
afterEach(() => disposers.splice(0).forEach((dispose) => dispose()));

/**
 * Only to show that nothing goes out meanwhile; what must go out is waited for as a condition
 * (`sent`), as the flush timer fires late on a loaded machine.
 */
export const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const sent = (count: () => number, expected: number, what: string) => waitFor(count, (n) => n >= expected, what);
export const chunk = (n: number): PanelAction => ({
  type: "acp/update",
  entryId: "reply",
  update: { sessionUpdate: "agent_message_chunk", content: { type: "text", text: `part ${n} ` } },
});

/**
 * A host store and feed wired to a real webview store whose frames run when `frame()` says. The
 * feed's clock stands still unless the test moves it (`clock.now`), so only the first action is
 * "after a quiet spell" however slowly the machine runs.
 */
export function wiredPanel(options: { acks: boolean; ackTimeoutMs?: number; store?: PanelStore }) {
  const clock = { now: 0 };
  const store = options.store ?? new PanelStore();
  const frames: Array<() => void> = [];
  const fromWebview: WebviewMessage[] = [];
  const posted: HostMessage[] = [];
  const replica = new ReplicaStore(
    (message) => {
      fromWebview.push(message);
      if (message.type === "state/ack" && options.acks) feed.acknowledge(message.seq, message.history);
    },
    (callback) => void frames.push(callback),
  );
  const feed: ReplicaFeed = new ReplicaFeed(
    (message) => {
      posted.push(message);
      replica.receive(message);
    },
    FLUSH_MS,
    options.ackTimeoutMs ?? PATIENT_MS,
    undefined,
    () => clock.now,
  );
  disposers.push(() => feed.dispose());
  feed.bind(store);
  replica.start();
  feed.snapshot();
  /** Runs the webview's pending animation frame (publish, then ack). */
  const frame = () => frames.splice(0).forEach((callback) => callback());
  const batches = () => posted.flatMap((m) => (m.type === "state/actions" ? [m] : []));
  return { store, replica, feed, frame, fromWebview, posted, batches, clock };
}
