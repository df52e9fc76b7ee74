/**
 * A session row's actions (SessionList.tsx), shown twice: as the row's buttons, and in its "…"
 * menu (MenuButton.tsx), which right-click, Shift+F10 and the ContextMenu key on the row open too,
 * so every action stays reachable where a narrow sidebar cuts the buttons off.
 */
import type { RefObject } from "react";
import { useHostActions } from "../host/hooks";
import type { SessionRow } from "./sessionRows";
import { Codicon } from "../ui/Codicon";
import { MenuButton } from "../ui/MenuButton";
import { t } from "../l10n";

export interface RowAction {
  readonly key: string;
  readonly icon: string;
  readonly text: string;
  readonly run: () => void;
}

/** Open, Show in editor and Close (with a tab), Rename, Archive/Unarchive (where offered), Delete. */
export function useRowActions(row: SessionRow, onOpened: () => void): readonly RowAction[] {
  const { openSession, deleteSession, closeTab, renameSession, archiveSession, openInEditor } = useHostActions();
  const tabKey = row.tabKey;
  const open = () => {
    openSession(row.agent, row.sessionId);
    onOpened();
  };
  return [
    { key: "open", icon: tabKey ? "go-to-file" : "folder-opened", text: t("Open"), run: open },
    ...(tabKey && row.inEditor
      ? [{ key: "editor", icon: "window", text: t("Show in editor"), run: () => openInEditor(tabKey) }]
      : []),
    ...(tabKey ? [{ key: "close", icon: "close", text: t("Close"), run: () => closeTab(tabKey) }] : []),
    { key: "rename", icon: "edit", text: t("Rename"), run: () => renameSession(row.agent, row.sessionId) },
    ...(row.canArchive
      ? [
          {
            key: "archive",
            icon: row.archived ? "inbox" : "archive",
            text: row.archived ? t("Unarchive") : t("Archive"),
            run: () => archiveSession(row.agent, row.sessionId, row.archived !== true),
          },
        ]
      : []),
    { key: "delete", icon: "trash", text: t("Delete"), run: () => deleteSession(row.agent, row.sessionId) },
  ];
}

/** Whether a key press on a row opens its menu (Shift+F10, the ContextMenu key). */
export function isMenuKey(event: { key: string; shiftKey: boolean }): boolean {
  return event.key === "ContextMenu" || (event.shiftKey && event.key === "F10");
}

interface SessionRowMenuProps {
  readonly title: string;
  readonly actions: readonly RowAction[];
  readonly open: boolean;
  readonly setOpen: (open: boolean) => void;
  readonly button: RefObject<HTMLButtonElement | null>;
}

export function SessionRowMenu({ title, actions, open, setOpen, button }: SessionRowMenuProps) {
  return (
    <MenuButton
      className="session-menu"
      icon="ellipsis"
      name={t("More actions for {0}", title)}
      title={t("More actions (Shift+F10)")}
      menuLabel={t("Actions for {0}", title)}
      open={open}
      setOpen={setOpen}
      button={button}
      items={actions.map((action) => ({
        key: action.key,
        label: action.text,
        onSelect: action.run,
        content: (
          <>
            <Codicon name={action.icon} />
            <span>{action.text}</span>
          </>
        ),
      }))}
    />
  );
}
