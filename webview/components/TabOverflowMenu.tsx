/**
 * "All sessions (n)": a menu of every open tab, for a strip too narrow to show them all. A menu
 * button (aria-haspopup) opening a `menu` of `menuitemradio`s, the active one checked. Keyboard:
 * Up/Down/Home/End move, Enter or Space activates, Escape or Tab closes and returns focus.
 */
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import type { TabSummary } from "../../src/shared/protocol";
import { Codicon } from "./Codicon";
import { t } from "../l10n";

interface TabOverflowMenuProps {
  readonly tabs: readonly TabSummary[];
  readonly activeKey: string | undefined;
  readonly labelOf: (tab: TabSummary) => string;
  readonly onActivate: (key: string) => void;
}

export function TabOverflowMenu({ tabs, activeKey, labelOf, onActivate }: TabOverflowMenuProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const name = t("All sessions ({0})", tabs.length);

  useEffect(() => {
    if (!open) return;
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? [])];
    (items.find((item) => item.getAttribute("aria-checked") === "true") ?? items[0])?.focus();
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => items[(to + items.length) % items.length]?.focus();
    switch (event.key) {
      case "ArrowDown":
        move(index + 1);
        break;
      case "ArrowUp":
        move(index - 1);
        break;
      case "Home":
        move(0);
        break;
      case "End":
        move(items.length - 1);
        break;
      case "Escape":
        close(true);
        break;
      case "Tab":
        close(false);
        return;
      default:
        return;
    }
    event.preventDefault();
  };
  const choose = (key: string) => {
    close(true);
    if (key !== activeKey) onActivate(key);
  };

  return (
    <div className="tab-overflow">
      <button
        ref={button}
        type="button"
        className={open ? "icon-button icon-button-checked" : "icon-button"}
        aria-label={name}
        title={name}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <Codicon name="chevron-down" />
      </button>
      {open ? (
        <div
          ref={menu}
          className="tab-overflow-menu"
          role="menu"
          aria-label={t("Open sessions")}
          onKeyDown={onKeyDown}
          onBlur={(event) => {
            const next = event.relatedTarget as Node | null;
            if (!next || (!menu.current?.contains(next) && next !== button.current)) setOpen(false);
          }}
        >
          {tabs.map((tab) => (
            <div
              key={tab.key}
              role="menuitemradio"
              className="tab-overflow-item"
              aria-checked={tab.key === activeKey}
              aria-label={labelOf(tab)}
              tabIndex={-1}
              onClick={() => choose(tab.key)}
              onKeyDown={(event) => {
                if (event.key === "Enter" || event.key === " ") {
                  event.preventDefault();
                  choose(tab.key);
                }
              }}
            >
              <Codicon name={tab.key === activeKey ? "check" : "blank"} />
              <span className="tab-title">{tab.title || "New session"}</span>
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
