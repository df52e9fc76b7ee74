/**
 * *ACP: Export Conversations…*: this tab's conversation or every conversation the journal keeps,
 * as Markdown or JSON. One conversation opens as an untitled document; all of them go to a file
 * the user picks.
 */
import * as vscode from "vscode";
import type { ChatSession } from "../acp/sessions/chatSession";
import type { JournalArchive } from "../acp/journal/journalArchive";
import { conversationsJson, conversationsMarkdown, type ExportedConversation } from "../acp/journal/journalExport";
import { JOURNAL_TEXT_LIMIT, storedEntriesOf } from "../shared/thread/storedTranscript";

export async function exportConversations(archive: JournalArchive, active: ChatSession | undefined): Promise<void> {
  const one = vscode.l10n.t("This session");
  const all = vscode.l10n.t("All conversations");
  const scope = await vscode.window.showQuickPick(active ? [one, all] : [all], {
    title: vscode.l10n.t("ACP: Export Conversations"),
  });
  if (!scope) return;
  const format = await vscode.window.showQuickPick(["Markdown", "JSON"], {
    title: vscode.l10n.t("ACP: Export Conversations"),
  });
  if (!format) return;
  const render = (conversations: ExportedConversation[]) =>
    format === "JSON" ? conversationsJson(conversations, Date.now()) : conversationsMarkdown(conversations);
  if (scope === one && active) {
    const { thread, connection } = active.store.state;
    const agent = connection.status === "none" ? "ACP" : connection.agent;
    const content = render([
      {
        summary: { agent, sessionId: active.sessionId ?? "", ...(thread.title ? { title: thread.title } : {}) },
        entries: storedEntriesOf(thread, JOURNAL_TEXT_LIMIT),
      },
    ]);
    const document = await vscode.workspace.openTextDocument({
      language: format === "JSON" ? "json" : "markdown",
      content,
    });
    await vscode.window.showTextDocument(document);
    return;
  }
  const target = await vscode.window.showSaveDialog({
    title: vscode.l10n.t("ACP: Export Conversations"),
    filters: format === "JSON" ? { JSON: ["json"] } : { Markdown: ["md"] },
    defaultUri: vscode.Uri.file(`acp-conversations.${format === "JSON" ? "json" : "md"}`),
  });
  if (!target) return;
  const summaries = await archive.list();
  const conversations = await Promise.all(
    summaries.map(async (summary) => ({ summary, entries: await archive.entries(summary.key) })),
  );
  await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(render(conversations)));
  void vscode.window.showInformationMessage(
    vscode.l10n.t("Exported {0} conversation(s) to {1}.", conversations.length, target.fsPath),
  );
}
