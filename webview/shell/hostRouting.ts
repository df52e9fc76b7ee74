/**
 * Where each host message goes: panel state to the replica store; the tab strip, session list,
 * agent catalog and workspace folders to their side-channel stores; composer commands and mention
 * results to the composer; form errors to their cards; a checkpoint preview to its restore card.
 * Exhaustive: a new host message type fails to lint here until it is routed. It lives in the shell,
 * above the features whose stores it feeds, so that host/ names none of them.
 */
import type { HostMessage } from "../../src/shared/wire/protocol";
import type { CheckpointUi } from "../review/checkpointUi";
import type { ComposerInbox } from "../composer/composerInbox";
import type { FormErrorStore } from "../requests/formErrorStore";
import type { PathLinkStore } from "../transcript/markdown/pathLinkStore";
import { type SideChannels, receiveSideChannel } from "../host/hostValueStore";
import type { ReplicaStore } from "../host/store";
import { focusPendingRequest } from "../requests/requestFocus";

export interface HostMessageSinks {
  readonly store: Pick<ReplicaStore, "receive">;
  readonly composerInbox: Pick<ComposerInbox, "deliver">;
  readonly formErrors: Pick<FormErrorStore, "receive">;
  readonly channels: SideChannels;
  readonly checkpoints: Pick<CheckpointUi, "receivePreview">;
  readonly pathLinks: Pick<PathLinkStore, "receive">;
}

export function routeHostMessage(sinks: HostMessageSinks, message: HostMessage): void {
  switch (message.type) {
    case "state/snapshot":
    case "state/actions":
    case "state/history":
      sinks.store.receive(message);
      return;
    case "composer/insert":
    case "composer/focus":
    case "composer/attach":
    case "mention/results":
      sinks.composerInbox.deliver(message);
      return;
    case "request/focus":
      focusPendingRequest();
      return;
    case "form/errors":
      sinks.formErrors.receive(message);
      return;
    case "checkpoint/preview":
      sinks.checkpoints.receivePreview(message);
      return;
    case "paths/exist":
      sinks.pathLinks.receive(message);
      return;
    case "tabs/state":
    case "sessions/list":
    case "history/results":
    case "agents/catalog":
    case "workspace/roots":
    case "editor/session":
      receiveSideChannel(sinks.channels, message);
      return;
  }
}
