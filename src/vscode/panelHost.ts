/**
 * The PanelHost port (ports.ts) on VS Code: what the panel's buttons ask of the editor besides
 * the sessions (the clipboard, "@" mentions and fetched pages, Add agent…, the Settings editor, the
 * log).
 */
import * as vscode from "vscode";
import type { PanelHost } from "../acp/ports";
import { offerAddAgent } from "./addAgentPick";
import { searchMentions } from "./mentionSources";
import type { OutputLogger } from "./outputLogger";
import { fetchUrlAttachment } from "./urlAttachments";

export function vscodePanelHost(logger: OutputLogger): PanelHost {
  return {
    copy: async (text) => vscode.env.clipboard.writeText(text),
    mentions: searchMentions,
    fetchUrl: fetchUrlAttachment,
    async addAgent(source) {
      if (source === "registry") await vscode.commands.executeCommand("acpPanel.addAgentFromRegistry");
      else await offerAddAgent();
    },
    async openSettings(query) {
      await vscode.commands.executeCommand("workbench.action.openSettings", query);
    },
    async openRemoteSettings() {
      await vscode.commands.executeCommand("workbench.action.openRemoteSettings");
    },
    showLogs: () => logger.channel.show(true),
  };
}
