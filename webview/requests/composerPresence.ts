/**
 * Whether the user is busy in the composer, for cards that would like to take focus when they
 * appear (a permission request): they may only when the prompt box is empty and the user is not
 * in it. A caret the panel put there itself (a new tab) does not count until the user types or
 * clicks in the box.
 */
let box: HTMLTextAreaElement | null = null;
/** The focus came from `offerComposerFocus`, and the user has not touched the box since. */
let offered = false;
const touched = () => {
  offered = false;
};

/** The composer registers its textarea (null on unmount). */
export function registerComposerBox(element: HTMLTextAreaElement | null): void {
  box?.removeEventListener("keydown", touched);
  box?.removeEventListener("pointerdown", touched);
  box = element;
  offered = false;
  box?.addEventListener("keydown", touched);
  box?.addEventListener("pointerdown", touched);
}

export function composerIsIdle(): boolean {
  if (!box) return true;
  return box.value === "" && (document.activeElement !== box || offered);
}

/** Puts the caret in the prompt box (back from the session list). */
export function focusComposer(): void {
  box?.focus();
}

/**
 * Puts the caret in the prompt box without counting it as the user's (a new tab's empty state).
 * Only while the panel has focus: a webview never takes it from the editor; when the user enters
 * the panel later, focusOnEntry.ts puts the caret there.
 */
export function offerComposerFocus(): void {
  if (!box || !document.hasFocus()) return;
  box.focus();
  offered = document.activeElement === box;
}
