/**
 * Webview entry: routes host messages (state to the replica store; the tab strip, session list
 * and agent catalog to their own small stores; composer commands and mention results to the
 * composer; form errors to their cards), announces itself with `webview/ready`, and renders.
 */
import "./zodConfig"; // first: configures zod before any schema is built
import "./styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { onHostMessage, postToHost, setUiState } from "./bridge";
import { App } from "./components/App";
import { ComposerInbox } from "./composerInbox";
import { focusPromptOnEntry } from "./focusOnEntry";
import { FormErrorStore } from "./formErrorStore";
import { createSideChannels, receiveSideChannel } from "./hostValueStore";
import { warmUpMarkdown } from "./markdown/warmUp";
import { ReplicaStore } from "./store";

const store = new ReplicaStore(postToHost);
const composerInbox = new ComposerInbox();
const formErrors = new FormErrorStore();
const channels = createSideChannels();

onHostMessage((message) => {
  // An editor tab keeps its session in the webview state: the host's serializer reads it after a reload.
  if (message.type === "editor/session") setUiState({ editorSession: { agent: message.agent, sessionId: message.sessionId } });
  if (receiveSideChannel(channels, message)) return;
  switch (message.type) {
    case "state/snapshot":
    case "state/actions":
      store.receive(message);
      return;
    case "composer/insert":
    case "composer/focus":
    case "composer/attach":
    case "mention/results":
      composerInbox.deliver(message);
      return;
    case "form/errors":
      formErrors.receive(message);
      return;
    default:
      return;
  }
});
store.start();
focusPromptOnEntry();

const container = document.getElementById("root");
if (!container) throw new Error("ACP Panel: the page has no #root element");
createRoot(container).render(
  <StrictMode>
    <App services={{ store, composerInbox, formErrors, channels }} />
  </StrictMode>,
);
warmUpMarkdown();
