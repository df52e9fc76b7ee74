/**
 * An error in the timeline: the message, its details (stderr tail, command) collapsed under it,
 * and — on the error that killed the connection — the ways out (startRemedy.ts): Install, or the
 * command to copy, when the agent's command was not found; its setting for the user's own agent;
 * Restart otherwise. Show Logs always.
 */
import VscodeButton from "@vscode-elements/react-elements/dist/components/VscodeButton.js";
import { memo } from "react";
import { startRemedy, type StartRemedy } from "../../src/shared/wire/startRemedy";
import { useAgentCatalog, useHostActions, usePanel } from "../host/hooks";
import { CopyCommand, InstallButton, VendorLink } from "../welcome/InstallActions";
import { t } from "../l10n";

interface ErrorNoticeProps {
  readonly message: string;
  readonly details?: string | undefined;
  /** Offer the ways out and Show Logs (the agent connection has failed). */
  readonly recovery: boolean;
}

export const ErrorNotice = memo(function ErrorNotice({ message, details, recovery }: ErrorNoticeProps) {
  return (
    <article className="entry entry-error" aria-label={t("Error")}>
      <div className="error-message">
        <span className="codicon codicon-error" aria-hidden="true" />
        <span>{message}</span>
      </div>
      {details === undefined || details === "" ? null : (
        <details className="error-details">
          <summary>{t("Details")}</summary>
          <pre>{details}</pre>
        </details>
      )}
      {recovery ? <RecoveryActions /> : null}
    </article>
  );
});

function RecoveryActions() {
  const { restartAgent, showLogs, openSettings } = useHostActions();
  const connection = usePanel((state) => state.connection);
  const { agents } = useAgentCatalog();
  const remedy: StartRemedy = connection.status === "failed" ? startRemedy(connection, agents) : { kind: "restart" };
  return (
    <div className="error-actions">
      {remedy.kind === "install" ? (
        <>
          <InstallButton agent={remedy.agent} />
          <VendorLink agent={remedy.agent} offer={remedy.offer} />
        </>
      ) : remedy.kind === "copy" ? (
        <>
          <CopyCommand agent={remedy.agent} command={remedy.offer.command} />
          <VendorLink agent={remedy.agent} offer={remedy.offer} />
        </>
      ) : remedy.kind === "settings" ? (
        <VscodeButton onClick={() => openSettings()}>{t("Open Settings")}</VscodeButton>
      ) : (
        <VscodeButton onClick={restartAgent}>{t("Restart")}</VscodeButton>
      )}
      <VscodeButton secondary onClick={showLogs}>
        {t("Show Logs")}
      </VscodeButton>
    </div>
  );
}
