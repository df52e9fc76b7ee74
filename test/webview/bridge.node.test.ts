/**
 * The webview's host wiring in node, through an in-memory bridge transport: host messages are
 * validated at the door and routed to the replica store, the side channels and the composer;
 * webview messages and UI state go out through the same transport.
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { WebviewMessage } from "../../src/shared/wire/protocol";
import { initialPanelState } from "../../src/shared/wire/panelState";
import {
  type BridgeTransport,
  getUiState,
  onHostMessage,
  postToHost,
  setBridgeTransport,
} from "../../webview/host/bridge";
import { CheckpointUi } from "../../webview/review/checkpointUi";
import { type ComposerCommand, ComposerInbox } from "../../webview/composer/composerInbox";
import { readDraft, writeDraft } from "../../webview/composer/draftBook";
import { FormErrorStore } from "../../webview/requests/formErrorStore";
import { PathLinkStore } from "../../webview/transcript/markdown/pathLinkStore";
import { routeHostMessage } from "../../webview/shell/hostRouting";
import { createSideChannels } from "../../webview/host/hostValueStore";
import { ReplicaStore } from "../../webview/host/store";

class FakeTransport implements BridgeTransport {
  readonly posted: WebviewMessage[] = [];
  readonly listeners = new Set<(data: unknown) => void>();
  constructor(public state: unknown = undefined) {}
  postMessage(message: WebviewMessage): void {
    this.posted.push(message);
  }
  onMessage(listener: (data: unknown) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  getState(): unknown {
    return this.state;
  }
  setState(state: unknown): void {
    this.state = state;
  }
  /** The host sends `data` (not validated: the bridge must do that). */
  send(data: unknown): void {
    for (const listener of this.listeners) listener(data);
  }
}

function wiredPage(transport: FakeTransport) {
  setBridgeTransport(transport);
  const frames: (() => void)[] = [];
  const store = new ReplicaStore(postToHost, (callback) => frames.push(callback));
  const composerInbox = new ComposerInbox();
  const composer: ComposerCommand[] = [];
  composerInbox.listen((command) => composer.push(command));
  const sinks = {
    store,
    composerInbox,
    formErrors: new FormErrorStore(),
    channels: createSideChannels(),
    checkpoints: new CheckpointUi(),
    pathLinks: new PathLinkStore(postToHost),
  };
  const unsubscribe = onHostMessage((message) => routeHostMessage(sinks, message));
  const renderFrame = () => {
    for (const frame of frames.splice(0)) frame();
  };
  return { store, composer, channels: sinks.channels, checkpoints: sinks.checkpoints, unsubscribe, renderFrame };
}

describe("webview bridge over an injected transport", () => {
  it("announces itself, folds the snapshot and actions, and acknowledges each rendered batch", () => {
    const transport = new FakeTransport();
    const page = wiredPage(transport);
    page.store.start();
    assert.deepEqual(transport.posted, [{ type: "webview/ready" }]);

    transport.send({ type: "state/snapshot", seq: 1, state: initialPanelState });
    transport.send({
      type: "state/actions",
      seq: 2,
      actions: [{ type: "agents/configured", agents: ["Bub", "Claude"] }],
    });
    page.renderFrame();
    assert.deepEqual(page.store.getSnapshot().agents, ["Bub", "Claude"]);
    assert.deepEqual(transport.posted.at(-1), { type: "state/ack", seq: 2 });
    page.unsubscribe();
  });

  it("drops an invalid host message and routes side channels and composer commands", () => {
    const transport = new FakeTransport();
    const page = wiredPage(transport);
    const tabsBefore = page.channels.tabs.get();
    transport.send({ type: "tabs/state", tabs: "not a list" });
    transport.send({ type: "no/such" });
    assert.equal(page.channels.tabs.get(), tabsBefore);

    transport.send({ type: "workspace/roots", roots: ["/w/app"] });
    transport.send({ type: "composer/insert", text: "selected code" });
    assert.deepEqual(page.channels.roots.get(), ["/w/app"]);
    assert.deepEqual(page.composer, [{ type: "composer/insert", text: "selected code" }]);

    // Unsubscribing the last handler detaches from the transport.
    page.unsubscribe();
    assert.equal(transport.listeners.size, 0);
  });

  it("routes a checkpoint preview to the restore card open for its message, and drops the others", () => {
    const transport = new FakeTransport();
    const page = wiredPage(transport);
    const preview = (entryId: string) => ({
      type: "checkpoint/preview",
      entryId,
      files: [{ path: "/w/a.ts", status: "modified", additions: 1, deletions: 2 }],
    });
    transport.send(preview("u1"));
    assert.equal(page.checkpoints.card.get(), undefined, "no card open: nothing to show it in");

    page.checkpoints.openCard("u1");
    transport.send(preview("u2"));
    assert.deepEqual(page.checkpoints.card.get(), { entryId: "u1", conversation: false });
    transport.send(preview("u1"));
    assert.deepEqual(page.checkpoints.card.get(), {
      entryId: "u1",
      conversation: false,
      preview: { files: [{ path: "/w/a.ts", status: "modified", additions: 1, deletions: 2 }], warnings: [] },
    });
    page.checkpoints.chooseConversation("u1", true);
    assert.equal(page.checkpoints.card.get()?.conversation, true);
    page.checkpoints.closeCard("u2");
    assert.notEqual(page.checkpoints.card.get(), undefined, "closing another message's card leaves this one");
    page.checkpoints.closeCard("u1");
    assert.equal(page.checkpoints.card.get(), undefined);
    page.unsubscribe();
  });

  it("keeps drafts in the transport's UI state, and a draft saved before tabs is not adopted", () => {
    const transport = new FakeTransport({ drafts: { "tab-1": { text: "half a thought" } }, draft: "pre-tabs draft" });
    setBridgeTransport(transport);
    assert.deepEqual(readDraft("tab-1"), { text: "half a thought", attachments: [] });
    assert.deepEqual(readDraft("tab-2"), { text: "", attachments: [] });

    writeDraft("tab-2", { text: "second", attachments: [] });
    assert.deepEqual((transport.state as { drafts: unknown }).drafts, {
      "tab-1": { text: "half a thought" },
      "tab-2": { text: "second" },
    });
    assert.equal("draft" in getUiState(), false);
  });
});
