/**
 * The open sessions as tabs (`tabs/state`), with a status badge each, a close button, and
 * "New session". Keyboard: Left/Right/Home/End move between tabs, Enter or Space activates the
 * focused one (activation is a host round-trip, so focus alone does not switch), Delete closes it.
 */
import { type KeyboardEvent, type WheelEvent, useEffect, useRef } from "react";
import type { TabSummary } from "../../src/shared/protocol";
import { useHostActions, useTabs } from "../hooks";
import { Codicon } from "./Codicon";

type Badge = { readonly icon: string; readonly spin?: boolean; readonly label: string; readonly className: string };

const badges: Partial<Record<TabSummary["status"], Badge>> = {
  starting: { icon: "loading", spin: true, label: "starting", className: "tab-badge-running" },
  running: { icon: "loading", spin: true, label: "running", className: "tab-badge-running" },
  waiting: { icon: "bell-dot", label: "waiting for you", className: "tab-badge-waiting" },
  failed: { icon: "error", label: "failed", className: "tab-badge-failed" },
};

export function TabStrip() {
  const { tabs, activeKey } = useTabs();
  const { activateTab, closeTab, newTab } = useHostActions();
  const strip = useRef<HTMLDivElement>(null);

  useEffect(() => {
    strip.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [activeKey, tabs.length]);

  const tabElements = () => [...(strip.current?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])];
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>, tab: TabSummary, index: number) => {
    const all = tabElements();
    const move = (to: number) => all[(to + all.length) % all.length]?.focus();
    switch (event.key) {
      case "ArrowRight": move(index + 1); break;
      case "ArrowLeft": move(index - 1); break;
      case "Home": move(0); break;
      case "End": move(all.length - 1); break;
      case "Enter":
      case " ":
        if (tab.key !== activeKey) activateTab(tab.key);
        break;
      case "Delete": closeTab(tab.key); break;
      default: return;
    }
    event.preventDefault();
  };
  // Roving tabindex: the active tab (or the first, when none is active) is the one Tab reaches.
  const focusable = tabs.some((tab) => tab.key === activeKey) ? activeKey : tabs[0]?.key;

  return (
    <>
      <div className="tab-strip" role="tablist" aria-label="Sessions" ref={strip} hidden={tabs.length === 0} onWheel={scrollSideways}>
        {tabs.map((tab, index) => {
          const selected = tab.key === activeKey;
          const badge = badges[tab.status];
          const title = tab.title || "New session";
          return (
            <div role="presentation" key={tab.key} className={selected ? "tab tab-selected" : "tab"}>
              <div
                role="tab"
                className="tab-label"
                aria-selected={selected}
                aria-label={badge ? `${title}, ${badge.label}` : title}
                tabIndex={tab.key === focusable ? 0 : -1}
                title={tab.agent ? `${title} (${tab.agent})${badge ? ` — ${badge.label}` : ""}` : title}
                onClick={() => !selected && activateTab(tab.key)}
                onKeyDown={(event) => onKeyDown(event, tab, index)}
              >
                <span className="tab-title">{title}</span>
                {badge ? <span className={`tab-badge ${badge.className}`}><Codicon name={badge.icon} spin={badge.spin ?? false} /></span> : null}
              </div>
              {/* Out of the Tab order (Delete closes the focused tab); a mouse target beside the tab. */}
              <button type="button" className="icon-button tab-close" tabIndex={-1} aria-label={`Close ${title}`} title="Close (Delete)" onClick={() => closeTab(tab.key)}>
                <Codicon name="close" />
              </button>
            </div>
          );
        })}
      </div>
      <button type="button" className="icon-button" aria-label="New session" title="New session" onClick={newTab}>
        <Codicon name="add" />
      </button>
    </>
  );
}

/** A vertical wheel scrolls the strip sideways (its scrollbar is hidden). */
function scrollSideways(event: WheelEvent<HTMLDivElement>): void {
  if (event.deltaX === 0 && event.deltaY !== 0) event.currentTarget.scrollLeft += event.deltaY;
}
