/**
 * `request/focus` from the host (*Open Panel* on a permission notification): the keyboard goes to
 * the pending request, so Alt+A / Alt+D and Tab act on it at once. The newest unanswered card
 * wins: a permission's first option, or a form's first field. The card may mount a frame or two
 * after the panel is revealed (it is scrolled into view first), so a few frames are tried.
 */
const FIELD = "input:not(:disabled), select:not(:disabled), textarea:not(:disabled)";
const ATTEMPTS = 10;

function focusTarget(): HTMLElement | undefined {
  const cards = [...document.querySelectorAll<HTMLElement>(".permission-card[data-request-id], .form-card")];
  for (const card of cards.reverse()) {
    const target = card.classList.contains("form-card")
      ? card.querySelector<HTMLElement>(FIELD)
      : card.querySelector<HTMLElement>("vscode-button:not([disabled]), button:not([disabled])");
    if (target) return target;
  }
  return undefined;
}

export function focusPendingRequest(attempt = 0): void {
  const target = focusTarget();
  if (target) {
    target.focus();
    target.scrollIntoView({ block: "nearest" });
    return;
  }
  if (attempt < ATTEMPTS) requestAnimationFrame(() => focusPendingRequest(attempt + 1));
}
