/**
 * `request/focus` from the host (*Open Panel* on a permission notification): the keyboard goes to
 * the pending request, so Alt+A / Alt+D and Tab act on it at once. The newest unanswered card
 * wins: a permission's first option, or a form's first field. The card may mount a frame or two
 * after the panel is revealed (it is scrolled into view first), so a few frames are tried.
 */
const FIELD = "input:not(:disabled), select:not(:disabled), textarea:not(:disabled)";
const ATTEMPTS = 10;

function focusAndReveal(target: HTMLElement): void {
  target.focus();
  target.scrollIntoView({ block: "nearest" });
}

/**
 * Focuses a form card's first enabled field; true when it has one. `reveal: false` keeps the
 * page where it is (a form taking focus as it appears); otherwise the field is scrolled into view.
 */
export function focusFirstField(card: ParentNode | null | undefined, reveal = true): boolean {
  const field = card?.querySelector<HTMLElement>(FIELD);
  if (!field) return false;
  if (reveal) focusAndReveal(field);
  else field.focus({ preventScroll: true });
  return true;
}

function focusNewestRequest(): boolean {
  const cards = [...document.querySelectorAll<HTMLElement>(".permission-card[data-request-id], .form-card")];
  for (const card of cards.reverse()) {
    if (card.classList.contains("form-card")) {
      if (focusFirstField(card)) return true;
      continue;
    }
    const option = card.querySelector<HTMLElement>("vscode-button:not([disabled]), button:not([disabled])");
    if (option) {
      focusAndReveal(option);
      return true;
    }
  }
  return false;
}

export function focusPendingRequest(attempt = 0): void {
  if (focusNewestRequest()) return;
  if (attempt < ATTEMPTS) requestAnimationFrame(() => focusPendingRequest(attempt + 1));
}
