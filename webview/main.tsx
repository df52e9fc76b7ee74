/**
 * Webview entry: routes host messages (state to the replica store; the tab strip, session list
 * and agent catalog to their own small stores; composer commands and mention results to the
 * composer; form errors to their cards), announces itself with `webview/ready`, and renders the
 * shell at once; the transcript's code follows in its own chunk (transcript/LazyTranscript.tsx).
 */
import "./zodConfig"; // first: configures zod before any schema is built
import "./styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { onHostMessage, postToHost, setUiState } from "./host/bridge";
import { App } from "./shell/App";
import type { PanelServices } from "./shell/panelServices";
import { loadTranscript } from "./transcript/LazyTranscript";
import { CheckpointUi } from "./review/checkpointUi";
import { ComposerInbox } from "./composer/composerInbox";
import { focusPromptOnEntry } from "./shell/focusOnEntry";
import { FormErrorStore } from "./requests/formErrorStore";
import { PathLinkStore } from "./transcript/markdown/pathLinkStore";
import { createSideChannels } from "./host/hostValueStore";
import { routeHostMessage } from "./shell/hostRouting";
import { ReplicaStore } from "./host/store";

// The transcript's chunk (Markdown, highlighting) loads while the shell renders.
const transcript = loadTranscript();

const store = new ReplicaStore(postToHost);
const composerInbox = new ComposerInbox();
const formErrors = new FormErrorStore();
const channels = createSideChannels();
const checkpoints = new CheckpointUi();
const pathLinks = new PathLinkStore(postToHost);

// One set of services: the host messages feed them, the components read them.
const services: PanelServices = { store, composerInbox, formErrors, channels, checkpoints, pathLinks };
onHostMessage((message) => {
  // An editor tab keeps its session in the webview state: the host's serializer reads it after a reload.
  if (message.type === "editor/session")
    setUiState({ editorSession: { agent: message.agent, sessionId: message.sessionId } });
  routeHostMessage(services, message);
});
store.start();
focusPromptOnEntry();

const container = document.getElementById("root");
if (!container) throw new Error("ACP Panel: the page has no #root element");
createRoot(container).render(
  <StrictMode>
    <App services={services} />
  </StrictMode>,
);
// Once the transcript code is in: warm the Markdown pipeline in idle time (its own small chunk).
void transcript.then(() => import("./transcript/markdown/warmUp")).then(({ warmUpMarkdown }) => warmUpMarkdown());
