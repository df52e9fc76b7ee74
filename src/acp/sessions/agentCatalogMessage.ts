/**
 * The first-run view's list of agents (`agents/catalog`): every agent, installed or not, with the
 * command it runs and how to install a preset; the setting's problems; and, in a remote window with
 * no agent configured, that agents apply there only from the remote's settings.
 */
import { basename } from "node:path";
import type { HostMessage } from "../../shared/wire/protocol";
import { displayUrl } from "../agents/networkPolicy";
import { installOffer } from "../agents/installedPresets";
import { remoteSettingsHint } from "../agents/remoteAgentSettings";
import type { SettingsAgentCatalog } from "../agents/settingsAgentCatalog";

export function agentCatalogMessage(
  catalog: Pick<SettingsAgentCatalog, "all" | "isInstalled" | "problems">,
  remoteName: string | undefined,
): HostMessage {
  const all = catalog.all();
  const remote = remoteSettingsHint(remoteName, all.filter((agent) => !agent.preset).length);
  return {
    type: "agents/catalog",
    agents: all.map((agent) => {
      const install = installOffer(agent);
      return {
        name: agent.name,
        // An installed preset's program lives deep in the storage: its name says enough.
        command:
          [agent.managed ? basename(agent.command) : agent.command, ...agent.args].join(" ") ||
          displayUrl(agent.url ?? ""),
        preset: agent.preset === true,
        installed: catalog.isInstalled(agent),
        ...(agent.managed ? { managed: true } : {}),
        ...(install === undefined ? {} : { install }),
      };
    }),
    problems: [...catalog.problems()],
    ...(remote ? { remote } : {}),
  };
}
