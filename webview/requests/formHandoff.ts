/**
 * A form that arrives while the user types in the prompt box does not take the caret (FormCard),
 * so the composer announces it (an aria-live line) and the next Tab from the prompt box goes to
 * the form's first field, although the form sits above the box in the page order. One Tab only:
 * afterwards Tab moves on as usual.
 */
import { HostValueStore } from "../host/hostValueStore";
import { focusFirstField } from "./requestFocus";

interface Handoff {
  readonly requestId: string;
  readonly message: string;
}

const pending = new HostValueStore<Handoff | undefined>(undefined);

/** FormCard: this form left the caret in the prompt box. */
export function offerFormHandoff(requestId: string, message: string): void {
  pending.set({ requestId, message });
}

/** FormCard unmounted (answered, or scrolled away): nothing to hand off to. */
export function withdrawFormHandoff(requestId: string): void {
  if (pending.get()?.requestId === requestId) pending.set(undefined);
}

export const currentFormHandoff = pending.get;
export const subscribeFormHandoff = pending.subscribe;

/** Tab in the prompt box: focuses the waiting form's first field; true when it did. */
export function takeFormHandoff(): boolean {
  const handoff = pending.get();
  if (!handoff) return false;
  pending.set(undefined);
  return focusFirstField(
    document.querySelector<HTMLElement>(`.form-card[data-request-id="${CSS.escape(handoff.requestId)}"]`),
  );
}
