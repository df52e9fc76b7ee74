/**
 * *Open Session…* and *Delete Session…*: a QuickPick over the history (every session the agents
 * list and every kept conversation). Typing searches the full text: the ranked hits come first,
 * each with its snippet as detail (shown whatever VS Code's own filter thinks, `alwaysShow`), and
 * the other rows still match on title, agent and folder as before. A newer keystroke's answer
 * replaces an older one; an older one arriving late is dropped.
 */
import * as vscode from "vscode";
import type { SessionHistory } from "../acp/history/sessionHistory";
import type { SessionListItem } from "../shared/protocol";

interface SessionPick extends vscode.QuickPickItem {
  readonly item: SessionListItem;
}

export function historyStateLabel(item: SessionListItem): string {
  if (item.status === "running" || item.status === "starting") return vscode.l10n.t("running");
  if (item.status === "waiting") return vscode.l10n.t("waiting for you");
  if (item.archived) return vscode.l10n.t("archived");
  if (item.status === "closed") return vscode.l10n.t("ended");
  if (item.status === "failed") return vscode.l10n.t("failed");
  return vscode.l10n.t("open");
}

function describe(item: SessionListItem): string {
  return [
    item.agent,
    historyStateLabel(item),
    item.updatedAt ? new Date(item.updatedAt).toLocaleString() : "",
    item.changedFiles !== undefined ? vscode.l10n.t("{0} files changed", item.changedFiles) : "",
    item.cost ? `${item.cost.amount.toFixed(2)} ${item.cost.currency}` : "",
  ]
    .filter(Boolean)
    .join(" · ");
}

function row(item: SessionListItem, snippet?: string): SessionPick {
  return {
    label: item.title,
    description: describe(item),
    ...(snippet ? { detail: snippet, alwaysShow: true } : item.cwd ? { detail: item.cwd } : {}),
    item,
  };
}

/** Shows the picker; resolves to the chosen session, or undefined when dismissed. */
export async function pickFromHistory(
  history: SessionHistory,
  options: { title: string; search: boolean },
): Promise<SessionListItem | undefined> {
  const pick = vscode.window.createQuickPick<SessionPick>();
  pick.title = options.title;
  pick.matchOnDescription = true;
  pick.matchOnDetail = true;
  pick.busy = true;
  pick.placeholder = vscode.l10n.t("Search the history: titles, messages, replies and tool output");
  let sessions: SessionListItem[] = [];
  let asked = 0;
  const show = async (value: string) => {
    const ticket = ++asked;
    const query = value.trim();
    if (!options.search || query === "") {
      pick.items = sessions.map((item) => row(item));
      return;
    }
    pick.busy = true;
    const hits = await history.search(query).catch(() => []);
    if (ticket !== asked) return;
    const byId = new Map(sessions.map((item) => [`${item.agent}\u0000${item.sessionId}`, item]));
    const found = hits.flatMap((hit) => {
      const item = byId.get(`${hit.agent}\u0000${hit.sessionId}`);
      return item ? [{ item, snippet: hit.snippet.map((part) => part.text).join("") }] : [];
    });
    const foundIds = new Set(found.map(({ item }) => `${item.agent}\u0000${item.sessionId}`));
    pick.items = [
      ...found.map(({ item, snippet }) => row(item, snippet)),
      ...sessions.filter((item) => !foundIds.has(`${item.agent}\u0000${item.sessionId}`)).map((item) => row(item)),
    ];
    pick.busy = false;
  };
  const chosen = new Promise<SessionListItem | undefined>((resolve) => {
    pick.onDidAccept(() => {
      resolve(pick.selectedItems[0]?.item);
      pick.hide();
    });
    pick.onDidHide(() => resolve(undefined));
  });
  pick.onDidChangeValue((value) => void show(value));
  pick.show();
  try {
    sessions = await history.list();
    if (sessions.length === 0) pick.placeholder = vscode.l10n.t("No sessions yet");
    await show(pick.value);
    pick.busy = false;
    return await chosen;
  } finally {
    pick.dispose();
  }
}
