/**
 * A menu button (aria-haspopup, aria-expanded, checked-looking while open) and, while open, its
 * PopupMenu, in one wrapper the caller styles (the wrapper positions the menu). The caller owns
 * `open` and the button's ref, so something else (a row's right-click) can open it too.
 */
import type { RefObject } from "react";
import { Codicon } from "./Codicon";
import { PopupMenu, type PopupMenuItem } from "./PopupMenu";

interface MenuButtonProps {
  readonly className: string;
  readonly icon: string;
  /** The button's accessible name. */
  readonly name: string;
  /** The button's tooltip. */
  readonly title: string;
  /** The menu's accessible name. */
  readonly menuLabel: string;
  readonly items: readonly PopupMenuItem[];
  readonly open: boolean;
  readonly setOpen: (open: boolean) => void;
  readonly button: RefObject<HTMLButtonElement | null>;
}

export function MenuButton({ className, icon, name, title, menuLabel, items, open, setOpen, button }: MenuButtonProps) {
  return (
    <div className={className}>
      <button
        ref={button}
        type="button"
        className={open ? "icon-button icon-button-checked" : "icon-button"}
        aria-label={name}
        title={title}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <Codicon name={icon} />
      </button>
      {open ? <PopupMenu label={menuLabel} button={button} onClose={() => setOpen(false)} items={items} /> : null}
    </div>
  );
}
