/**
 * How to get an agent that is not installed: **Install** for a preset the panel installs itself
 * (its pinned npm package, into the extension's storage), or the command to run with a copy
 * button; both link the vendor's page. Used by the first-run view and by the error of a start
 * whose command was not found (instead of Restart, which can't help).
 */
import VscodeButton from "@vscode-elements/react-elements/dist/components/VscodeButton.js";
import type { MouseEvent } from "react";
import type { InstallOffer } from "../../src/shared/wire/protocol";
import { useHostActions } from "../host/hooks";
import { Codicon } from "../ui/Codicon";
import { t } from "../l10n";

export function InstallButton({ agent, secondary = false }: { agent: string; secondary?: boolean }) {
  const { installAgent } = useHostActions();
  return (
    <VscodeButton secondary={secondary} aria-label={t("Install {0}", agent)} onClick={() => installAgent(agent)}>
      <Codicon name="cloud-download" className="button-icon" />
      {t("Install")}
    </VscodeButton>
  );
}

/** The command to run by hand, with Copy. */
export function CopyCommand({ agent, command }: { agent: string; command: string }) {
  const { copyText } = useHostActions();
  return (
    <span className="install-command">
      <code title={command}>{command}</code>
      <VscodeButton
        secondary
        aria-label={t("Copy the install command for {0}", agent)}
        onClick={() => copyText(command)}
      >
        <Codicon name="copy" className="button-icon" />
        {t("Copy")}
      </VscodeButton>
    </span>
  );
}

/** The vendor's page, opened by the host (which accepts only http(s) links). */
export function VendorLink({ agent, offer }: { agent: string; offer: InstallOffer }) {
  const { openLink } = useHostActions();
  const open = (event: MouseEvent) => {
    event.preventDefault();
    openLink(offer.page);
  };
  return (
    <a className="install-page" href={offer.page} aria-label={t("Install instructions for {0}", agent)} onClick={open}>
      {t("Install instructions")}
    </a>
  );
}
