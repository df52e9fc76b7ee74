/**
 * Alt+A allows and Alt+D denies a pending permission request, from anywhere in the panel except
 * a text field the user is typing in (an empty prompt box is fine); Alt+D still works from a
 * card's own note field, Alt+A never does from a text field. The request answered is the
 * one that holds the focus, else the newest one shown. Alt+A and Alt+D are not VS Code default
 * keybindings nor English menu mnemonics (File, Edit, Selection, View, Go, Run, Terminal, Help).
 * `event.code` is read, not `event.key`: on macOS Option+A types "å".
 */
export const ALLOW_SHORTCUT = "Alt+A";
export const DENY_SHORTCUT = "Alt+D";

export interface ShortcutTarget {
  readonly element: HTMLElement;
  allow(): boolean;
  deny(): boolean;
}

/** Cards in mount order: the last one is the newest. */
const targets: ShortcutTarget[] = [];

function isTypingIn(element: Element | null): boolean {
  if (element instanceof HTMLTextAreaElement) return element.value !== "";
  if (element instanceof HTMLInputElement) return !["checkbox", "radio", "button", "submit"].includes(element.type);
  return element instanceof HTMLElement && element.isContentEditable;
}

function onKeyDown(event: KeyboardEvent): void {
  if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  if (event.code !== "KeyA" && event.code !== "KeyD") return;
  const active = document.activeElement;
  // Alt+A in a text field belongs to the typing, even in a card's own note: on macOS Option+A
  // types "å", on some layouts Alt/AltGr+A types "ą". A keystroke meant as a letter must never
  // allow a request. Alt+D (deny) is safe to keep: at worst it refuses.
  if (event.code === "KeyA" && isTypingIn(active)) return;
  const focused = targets.find((target) => target.element.contains(active));
  const target = focused ?? (isTypingIn(active) ? undefined : targets.at(-1));
  if (!target) return;
  const done = event.code === "KeyA" ? target.allow() : target.deny();
  if (done) event.preventDefault();
}

/** Registers a shown permission card; returns its unregister. */
export function registerShortcutTarget(target: ShortcutTarget): () => void {
  if (targets.length === 0) document.addEventListener("keydown", onKeyDown, true);
  targets.push(target);
  return () => {
    const at = targets.indexOf(target);
    if (at >= 0) targets.splice(at, 1);
    if (targets.length === 0) document.removeEventListener("keydown", onKeyDown, true);
  };
}
