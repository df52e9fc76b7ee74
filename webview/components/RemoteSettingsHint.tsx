/**
 * In a remote window (Remote-SSH, WSL, Codespaces, code-server) with no agent configured: agents
 * apply there only from the remote's settings, so agents in the local User settings are not used.
 * Shown by the welcome view when the host's `agents/catalog` carries `remote`.
 */
import VscodeButton from "@vscode-elements/react-elements/dist/components/VscodeButton.js";
import { useAgentCatalog, useHostActions } from "../hooks";
import { Codicon } from "./Codicon";

export function RemoteSettingsHint() {
  const { remote } = useAgentCatalog();
  const { openRemoteSettings } = useHostActions();
  if (!remote) return null;
  return (
    <div className="welcome-remote" role="note" aria-label="Remote window">
      <p className="welcome-text">
        <Codicon name="remote" /> This is a remote window (<code>{remote.remoteName}</code>). Here{" "}
        <code>acpPanel.agents</code> applies only from the remote&apos;s settings, and no agent is configured there:
        agents in your local User settings are not used.
      </p>
      <VscodeButton onClick={openRemoteSettings}>
        <Codicon name="settings-gear" className="button-icon" />
        Open Remote Settings
      </VscodeButton>
    </div>
  );
}
