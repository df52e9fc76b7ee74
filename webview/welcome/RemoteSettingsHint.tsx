/**
 * In a remote window (Remote-SSH, WSL, Codespaces, code-server) with no agent configured: agents
 * apply there only from the remote's settings, so agents in the local User settings are not used.
 * Shown by the welcome view when the host's `agents/catalog` carries `remote`.
 */
import VscodeButton from "@vscode-elements/react-elements/dist/components/VscodeButton.js";
import { useAgentCatalog, useHostActions } from "../host/hooks";
import { Codicon } from "../ui/Codicon";
import { t, tParts } from "../l10n";

export function RemoteSettingsHint() {
  const { remote } = useAgentCatalog();
  const { openRemoteSettings } = useHostActions();
  if (!remote) return null;
  return (
    <div className="welcome-remote" role="note" aria-label={t("Remote window")}>
      <p className="welcome-text">
        <Codicon name="remote" />{" "}
        {tParts(
          "This is a remote window ({0}). Here {1} applies only from the remote's settings, and no agent is configured there: agents in your local User settings are not used.",
          <code>{remote.remoteName}</code>,
          <code>acpPanel.agents</code>,
        )}
      </p>
      <VscodeButton onClick={openRemoteSettings}>
        <Codicon name="settings-gear" className="button-icon" />
        {t("Open Remote Settings")}
      </VscodeButton>
    </div>
  );
}
