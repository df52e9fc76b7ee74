/**
 * Palette commands. `CommandId` is checked against package.json by a unit test, so a command
 * cannot be registered without being contributed, or the reverse.
 */
import * as vscode from "vscode";

export const commandIds = [
  "acpPanel.focus",
  "acpPanel.newSession",
  "acpPanel.openSession",
  "acpPanel.openSessionInEditor",
  "acpPanel.closeSession",
  "acpPanel.reopenClosedTab",
  "acpPanel.deleteSession",
  "acpPanel.forkSession",
  "acpPanel.renameSession",
  "acpPanel.signOut",
  "acpPanel.cancelTurn",
  "acpPanel.restartAgent",
  "acpPanel.selectModel",
  "acpPanel.selectReasoningEffort",
  "acpPanel.selectMode",
  "acpPanel.addSelectionToPrompt",
  "acpPanel.addFileToPrompt",
  "acpPanel.sendToAgent",
  "acpPanel.exportSession",
  "acpPanel.exportConversations",
  "acpPanel.showLogs",
  "acpPanel.showTraffic",
  "acpPanel.managePermissionRules",
  "acpPanel.setAgentSecret",
  "acpPanel.addAgentFromRegistry",
  "acpPanel.clearCheckpoints",
  "acpPanel.rebuildHistoryIndex",
  "acpPanel.addReviewComment",
  "acpPanel.sendReviewComments",
  "acpPanel.deleteReviewComment",
  "acpPanel.keepReviewHunk",
  "acpPanel.addProblemsToPrompt",
  "acpPanel.addWorkingTreeDiffToPrompt",
  "acpPanel.addStagedDiffToPrompt",
  "acpPanel.addTerminalSelectionToPrompt",
  "acpPanel.addTerminalCommandToPrompt",
  "acpPanel.addOpenEditorsToPrompt",
  "acpPanel.newSessionInWorktree",
  "acpPanel.reviewWorktreeChanges",
  "acpPanel.applyWorktreeToWorkspace",
  "acpPanel.commitWorktree",
  "acpPanel.openWorktreeInNewWindow",
  "acpPanel.manageWorktrees",
] as const;
export type CommandId = (typeof commandIds)[number];

export type CommandHandlers = Record<CommandId, (...args: unknown[]) => unknown>;

export function registerCommands(handlers: CommandHandlers): vscode.Disposable {
  return vscode.Disposable.from(...commandIds.map((id) => vscode.commands.registerCommand(id, handlers[id])));
}
