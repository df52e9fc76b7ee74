/**
 * *Open Session…* and *Delete Session…*: a QuickPick over the history (every session the agents
 * list and every kept conversation). Typing searches the full text: the ranked hits come first,
 * each with its snippet as detail (shown whatever VS Code's own filter thinks, `alwaysShow`), and
 * the other rows still match on title, agent and folder as before. A newer keystroke's answer
 * replaces an older one; an older one arriving late is dropped.
 *
 * Filters, as in the panel's list (src/shared/wire/historyFilter.ts): archived sessions are marked
 * ($(archive), "archived") and hidden until the title bar's archive button shows them; the filter
 * button narrows to one agent (a second pick; the first comes back with the filter applied).
 */
import * as vscode from "vscode";
import type { SessionHistory } from "../acp/history/sessionHistory";
import type { SessionListItem } from "../shared/wire/protocol";
import {
  filterHistory,
  historyAgents,
  historyState,
  noHistoryFilter,
  type HistoryFilter,
} from "../shared/wire/historyFilter";

interface SessionPick extends vscode.QuickPickItem {
  readonly item: SessionListItem;
}

export function historyStateLabel(item: SessionListItem): string {
  switch (historyState(item)) {
    case "running":
      return vscode.l10n.t("running");
    case "waiting":
      return vscode.l10n.t("waiting for you");
    case "archived":
      return vscode.l10n.t("archived");
    case "ended":
      return vscode.l10n.t("ended");
    case "failed":
      return vscode.l10n.t("failed");
    case "open":
      return vscode.l10n.t("open");
  }
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
    label: item.archived ? `$(archive) ${item.title}` : item.title,
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
  let all: SessionListItem[] = [];
  let sessions: SessionListItem[] = [];
  let filter: HistoryFilter = noHistoryFilter;
  let choosingAgent = false;
  const archiveButton = (): vscode.QuickInputButton => ({
    iconPath: new vscode.ThemeIcon(filter.showArchived ? "eye-closed" : "archive"),
    tooltip: filter.showArchived
      ? vscode.l10n.t("Hide archived sessions")
      : vscode.l10n.t("Show archived sessions ({0})", all.filter((item) => item.archived).length),
  });
  const agentButton = (): vscode.QuickInputButton => ({
    iconPath: new vscode.ThemeIcon(filter.agent === "" ? "filter" : "filter-filled"),
    tooltip: vscode.l10n.t("Filter by agent ({0})", filter.agent === "" ? vscode.l10n.t("All agents") : filter.agent),
  });
  // The archive button shown now, matched by identity on a click (its tooltip counts archived rows, which change).
  let shownArchiveButton: vscode.QuickInputButton | undefined;
  const applyFilter = () => {
    sessions = filterHistory(all, filter);
    shownArchiveButton = all.some((item) => item.archived) || filter.showArchived ? archiveButton() : undefined;
    pick.title = [options.title, filter.agent, filter.showArchived ? vscode.l10n.t("archived shown") : ""]
      .filter(Boolean)
      .join(" · ");
    pick.buttons = [
      ...(shownArchiveButton ? [shownArchiveButton] : []),
      ...(historyAgents(all).length > 1 || filter.agent !== "" ? [agentButton()] : []),
    ];
  };
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
    pick.onDidHide(() => {
      if (!choosingAgent) resolve(undefined);
    });
  });
  pick.onDidChangeValue((value) => void show(value));
  pick.onDidTriggerButton(async (button) => {
    if (button === shownArchiveButton) {
      filter = { ...filter, showArchived: !filter.showArchived };
    } else {
      // A second pick hides this one for a moment; it comes back with the choice applied.
      choosingAgent = true;
      const everyAgent = vscode.l10n.t("All agents");
      const chosen = await vscode.window.showQuickPick([everyAgent, ...historyAgents(all)], {
        title: vscode.l10n.t("Filter by agent"),
      });
      choosingAgent = false;
      if (chosen !== undefined) filter = { ...filter, agent: chosen === everyAgent ? "" : chosen };
      pick.show();
    }
    applyFilter();
    await show(pick.value);
  });
  pick.show();
  try {
    all = await history.list();
    applyFilter();
    if (all.length === 0) pick.placeholder = vscode.l10n.t("No sessions yet");
    await show(pick.value);
    pick.busy = false;
    return await chosen;
  } finally {
    pick.dispose();
  }
}
