/**
 * A popup `menu` under its menu button (aria-haspopup), shared by the tab strip's "All sessions"
 * menu and the session list's row menus. Focus goes to the checked item, else the first.
 * Keyboard: Up/Down/Home/End move, Enter or Space activates, Escape closes and returns focus to
 * the button, Tab closes and lets focus move on; focus leaving for elsewhere closes it too.
 */
import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useRef } from "react";
import { useRovingFocus } from "./useRovingFocus";

export interface PopupMenuItem {
  readonly key: string;
  /** The item's accessible name. */
  readonly label: string;
  readonly content: ReactNode;
  /** Set: a `menuitemradio` with this state; else a plain `menuitem`. */
  readonly checked?: boolean;
  readonly onSelect: () => void;
}

interface PopupMenuProps {
  readonly label: string;
  readonly items: readonly PopupMenuItem[];
  /** The menu button: focus returns to it, and moving focus to it does not close the menu. */
  readonly button: RefObject<HTMLButtonElement | null>;
  readonly onClose: () => void;
  readonly className?: string;
}

const ITEMS = '[role="menuitem"], [role="menuitemradio"]';

export function PopupMenu({ label, items, button, onClose, className = "popup-menu" }: PopupMenuProps) {
  const menu = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const all = [...(menu.current?.querySelectorAll<HTMLElement>(ITEMS) ?? [])];
    (all.find((item) => item.getAttribute("aria-checked") === "true") ?? all[0])?.focus();
  }, []);

  const close = (refocus: boolean) => {
    onClose();
    if (refocus) button.current?.focus();
  };
  const moveFocus = useRovingFocus(menu, ITEMS, "vertical");
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (moveFocus(event)) return;
    switch (event.key) {
      case "Escape":
        close(true);
        break;
      case "Tab":
        close(false);
        return;
      default:
        return;
    }
    // Handled: the view around it sees defaultPrevented (Escape there would leave the session list).
    event.preventDefault();
  };
  const choose = (item: PopupMenuItem) => {
    close(true);
    item.onSelect();
  };

  return (
    <div
      ref={menu}
      className={className}
      role="menu"
      aria-label={label}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        const next = event.relatedTarget as Node | null;
        if (!next || (!menu.current?.contains(next) && next !== button.current)) onClose();
      }}
    >
      {items.map((item) => (
        <div
          key={item.key}
          role={item.checked === undefined ? "menuitem" : "menuitemradio"}
          className="popup-menu-item"
          {...(item.checked === undefined ? {} : { "aria-checked": item.checked })}
          aria-label={item.label}
          tabIndex={-1}
          onClick={() => choose(item)}
          onKeyDown={(event) => {
            if (event.key === "Enter" || event.key === " ") {
              event.preventDefault();
              choose(item);
            }
          }}
        >
          {item.content}
        </div>
      ))}
    </div>
  );
}
