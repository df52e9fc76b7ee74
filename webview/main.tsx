/**
 * Webview entry: routes host messages (state to the replica store; composer commands and mention
 * results to the composer; form errors to their cards), announces itself with `webview/ready`,
 * and renders the panel.
 */
import "./zodConfig"; // first: configures zod before any schema is built
import "./styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { onHostMessage, postToHost } from "./bridge";
import { App } from "./components/App";
import { ComposerInbox } from "./composerInbox";
import { FormErrorStore } from "./formErrorStore";
import { ReplicaStore } from "./store";

const store = new ReplicaStore(postToHost);
const composerInbox = new ComposerInbox();
const formErrors = new FormErrorStore();

onHostMessage((message) => {
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
  }
});
store.start();

const container = document.getElementById("root");
if (!container) throw new Error("ACP Panel: the page has no #root element");
createRoot(container).render(
  <StrictMode>
    <App services={{ store, composerInbox, formErrors }} />
  </StrictMode>,
);
