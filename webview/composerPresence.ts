/**
 * Whether the user is busy in the composer, for cards that would like to take focus when they
 * appear (a permission request): they may only when the prompt box is empty and not focused.
 */
let box: HTMLTextAreaElement | null = null;

/** The composer registers its textarea (null on unmount). */
export function registerComposerBox(element: HTMLTextAreaElement | null): void {
  box = element;
}

export function composerIsIdle(): boolean {
  if (!box) return true;
  return box.value === "" && document.activeElement !== box;
}

/** Puts the caret in the prompt box (back from the session list). */
export function focusComposer(): void {
  box?.focus();
}
