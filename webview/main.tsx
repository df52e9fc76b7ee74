/**
 * Webview entry: routes host messages (state to the replica store, composer commands to the
 * composer), announces itself with `webview/ready`, and renders the panel.
 */
import "./zodConfig"; // first: configures zod before any schema is built
import "./styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { onHostMessage, postToHost } from "./bridge";
import { App } from "./components/App";
import { ComposerInbox } from "./composerInbox";
import { ReplicaStore } from "./store";

const store = new ReplicaStore(postToHost);
const composerInbox = new ComposerInbox();

onHostMessage((message) => {
  switch (message.type) {
    case "state/snapshot":
    case "state/actions":
      store.receive(message);
      return;
    case "composer/insert":
    case "composer/focus":
      composerInbox.deliver(message);
      return;
  }
});
store.start();

const container = document.getElementById("root");
if (!container) throw new Error("ACP Panel: the page has no #root element");
createRoot(container).render(
  <StrictMode>
    <App services={{ store, composerInbox }} />
  </StrictMode>,
);
