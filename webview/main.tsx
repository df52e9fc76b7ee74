/**
 * Webview entry: routes host messages (state to the replica store; the tab strip, session list
 * and agent catalog to their own small stores; composer commands and mention results to the
 * composer; form errors to their cards), announces itself with `webview/ready`, and renders the
 * shell at once; the transcript's code follows in its own chunk (components/LazyTranscript.tsx).
 */
import "./zodConfig"; // first: configures zod before any schema is built
import "./styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { onHostMessage, postToHost } from "./bridge";
import { App } from "./components/App";
import { loadTranscript } from "./components/LazyTranscript";
import { ComposerInbox } from "./composerInbox";
import { focusPromptOnEntry } from "./focusOnEntry";
import { FormErrorStore } from "./formErrorStore";
import { createSideChannels, receiveSideChannel } from "./hostValueStore";
import { ReplicaStore } from "./store";

// The transcript's chunk (Markdown, highlighting) loads while the shell renders.
const transcript = loadTranscript();

const store = new ReplicaStore(postToHost);
const composerInbox = new ComposerInbox();
const formErrors = new FormErrorStore();
const channels = createSideChannels();

onHostMessage((message) => {
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
// Once the transcript code is in: warm the Markdown pipeline in idle time (its own small chunk).
void transcript.then(() => import("./markdown/warmUp")).then(({ warmUpMarkdown }) => warmUpMarkdown());
