/**
 * The open sessions as tabs (`tabs/state`), with a status badge each, a close button, and
 * "New session". Keyboard: Left/Right/Home/End move between tabs, Enter or Space activates the
 * focused one (activation is a host round-trip, so focus alone does not switch), Delete closes it.
 * A tab also shown in an editor tab carries a window marker. Right-click on a tab: VS Code's
 * webview context menu (`webview/context` in package.json) offers *Open Session in Editor* for
 * that tab, which `data-vscode-context` names.
 *
 * Tabs shrink to a minimum width; the strip shows as many whole tabs as fit (always the active
 * one) and "All sessions (n)" lists every tab. The close buttons sit outside the tablist (it may
 * own only tabs), each placed after its tab by flex `order`. Right-click on a tab: Fork Session
 * (where the agent offers `session/fork`) and Rename Session, from the workbench's context menu; for a
 * tab working in a git worktree (its branch shown first), the worktree's actions too.
 */
import { type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from "react";
import type { TabSummary } from "../../src/shared/wire/protocol";
import { useHostActions, useTabs } from "../host/hooks";
import { useRovingFocus } from "../ui/useRovingFocus";
import { Codicon } from "../ui/Codicon";
import { TabOverflowMenu } from "./TabOverflowMenu";
import { t } from "../l10n";

/** A tab's minimum width plus its close button (tabs.css): the slot the strip counts in. */
const TAB_SLOT_PX = 64 + 24;

type Badge = { readonly icon: string; readonly spin?: boolean; readonly label: string; readonly className: string };

const badges: Partial<Record<TabSummary["status"], Badge>> = {
  starting: { icon: "loading", spin: true, label: t("starting"), className: "tab-badge-running" },
  running: { icon: "loading", spin: true, label: t("running"), className: "tab-badge-running" },
  waiting: { icon: "bell-dot", label: t("waiting for you"), className: "tab-badge-waiting" },
  failed: { icon: "error", label: t("failed"), className: "tab-badge-failed" },
};

export function TabStrip() {
  const { tabs, activeKey } = useTabs();
  const { activateTab, closeTab } = useHostActions();
  const strip = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const [capacity, setCapacity] = useState(Number.POSITIVE_INFINITY);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = () => setCapacity(Math.max(1, Math.floor(element.clientWidth / TAB_SLOT_PX)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    strip.current
      ?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')
      ?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [activeKey, tabs.length]);

  const labelOf = (tab: TabSummary) => {
    const badge = badges[tab.status];
    // The visible text first (the branch, then the title): the accessible name must contain it.
    const title = `${tab.worktree ? `${tab.worktree.branch} ` : ""}${tab.title || t("New session")}${
      tab.inEditor ? t(", in an editor") : ""
    }${tab.worktree ? t(", in a worktree") : ""}`;
    return badge ? `${title}, ${badge.label}` : title;
  };
  const shown = visibleTabs(tabs, activeKey, capacity);

  const moveFocus = useRovingFocus(strip, '[role="tab"]', "horizontal");
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>, tab: TabSummary) => {
    if (moveFocus(event)) return;
    switch (event.key) {
      case "Enter":
      case " ":
        if (tab.key !== activeKey) activateTab(tab.key);
        break;
      case "Delete":
        closeTab(tab.key);
        break;
      default:
        return;
    }
    event.preventDefault();
  };
  // Roving tabindex: the active tab (or the first, when none is active) is the one Tab reaches.
  const focusable = shown.some((tab) => tab.key === activeKey) ? activeKey : shown[0]?.key;

  return (
    <>
      <div className="tab-scroller" ref={scroller} hidden={tabs.length === 0}>
        <div className="tab-strip" role="tablist" aria-label={t("Sessions")} ref={strip}>
          {shown.map((tab, index) => {
            const selected = tab.key === activeKey;
            const badge = badges[tab.status];
            const title = tab.title || t("New session");
            return (
              <div
                key={tab.key}
                role="tab"
                className={selected ? "tab tab-label tab-selected" : "tab tab-label"}
                style={{ order: index * 2 }}
                aria-selected={selected}
                aria-label={labelOf(tab)}
                tabIndex={tab.key === focusable ? 0 : -1}
                // The tab's right-click menu (package.json `webview/context`): Open Session in Editor, Fork Session where the agent offers it, Rename Session.
                data-vscode-context={tabContext(tab)}
                title={`${tab.agent ? `${title} (${tab.agent})${badge ? ` — ${badge.label}` : ""}` : title}${
                  tab.worktree ? `\n${t("Worktree: branch {0} in {1}", tab.worktree.branch, tab.worktree.path)}` : ""
                }`}
                onClick={() => !selected && activateTab(tab.key)}
                onKeyDown={(event) => onKeyDown(event, tab)}
              >
                {tab.worktree ? (
                  // The branch first: tabs of one repository's worktrees differ by it.
                  <span className="tab-branch">
                    <Codicon name="git-branch" />
                    <span className="tab-branch-name">{tab.worktree.branch}</span>{" "}
                  </span>
                ) : null}
                <span className="tab-title">{title}</span>
                {tab.inEditor ? (
                  <span className="tab-badge" title={t("Also open in an editor tab")}>
                    <Codicon name="window" />
                  </span>
                ) : null}
                {badge ? (
                  <span className={`tab-badge ${badge.className}`}>
                    <Codicon name={badge.icon} spin={badge.spin ?? false} />
                  </span>
                ) : null}
              </div>
            );
          })}
        </div>
        {shown.map((tab, index) => (
          // Out of the Tab order (Delete closes the focused tab); a mouse target beside the tab.
          <button
            key={tab.key}
            type="button"
            className={tab.key === activeKey ? "icon-button tab-close tab-close-selected" : "icon-button tab-close"}
            style={{ order: index * 2 + 1 }}
            tabIndex={-1}
            aria-label={t("Close {0}", tab.title || t("New session"))}
            title={t("Close (Delete)")}
            onClick={() => closeTab(tab.key)}
          >
            <Codicon name="close" />
          </button>
        ))}
      </div>
      {shown.length < tabs.length ? (
        <TabOverflowMenu tabs={tabs} activeKey={activeKey} labelOf={labelOf} onActivate={activateTab} />
      ) : null}
    </>
  );
}

/** What the workbench's `webview/context` menu sees of a tab (`webviewSection == 'tab'`, `canFork`). */
export function tabContext(tab: TabSummary): string {
  return JSON.stringify({
    webviewSection: "tab",
    tabKey: tab.key,
    canFork: tab.canFork === true,
    hasSession: tab.sessionId !== undefined,
    inWorktree: tab.worktree !== undefined,
    preventDefaultContextMenuItems: true,
  });
}

/** The first `capacity` tabs, or, when the active tab is beyond them, the window ending at it. */
export function visibleTabs(
  tabs: readonly TabSummary[],
  activeKey: string | undefined,
  capacity: number,
): readonly TabSummary[] {
  if (tabs.length <= capacity) return tabs;
  const active = tabs.findIndex((tab) => tab.key === activeKey);
  const start = active < capacity ? 0 : active - capacity + 1;
  return tabs.slice(start, start + capacity);
}
