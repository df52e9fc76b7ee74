/**
 * A form that arrives while the user types in the prompt box does not take the caret (FormCard),
 * so the composer announces it (an aria-live line) and the next Tab from the prompt box goes to
 * the form's first field, although the form sits above the box in the page order. One Tab only:
 * afterwards Tab moves on as usual.
 */
const FIELD = "input:not(:disabled), select:not(:disabled), textarea:not(:disabled)";

interface Handoff {
  readonly requestId: string;
  readonly message: string;
}

let pending: Handoff | undefined;
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

/** FormCard: this form left the caret in the prompt box. */
export function offerFormHandoff(requestId: string, message: string): void {
  pending = { requestId, message };
  changed();
}

/** FormCard unmounted (answered, or scrolled away): nothing to hand off to. */
export function withdrawFormHandoff(requestId: string): void {
  if (pending?.requestId !== requestId) return;
  pending = undefined;
  changed();
}

export function currentFormHandoff(): Handoff | undefined {
  return pending;
}

export function subscribeFormHandoff(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tab in the prompt box: focuses the waiting form's first field; true when it did. */
export function takeFormHandoff(): boolean {
  const handoff = pending;
  if (!handoff) return false;
  pending = undefined;
  changed();
  const card = document.querySelector<HTMLElement>(`.form-card[data-request-id="${CSS.escape(handoff.requestId)}"]`);
  const field = card?.querySelector<HTMLElement>(FIELD);
  if (!field) return false;
  field.focus();
  field.scrollIntoView({ block: "nearest" });
  return true;
}
