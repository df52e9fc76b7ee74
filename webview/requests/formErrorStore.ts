/**
 * Errors the host found in a submitted form (`form/errors`: it validates again at the boundary).
 * Kept per request id until the form is answered; form cards subscribe to their own entry.
 */
import type { HostMessage } from "../../src/shared/wire/protocol";

type FormErrors = Readonly<Record<string, string>>;
const none: FormErrors = Object.freeze({});

export class FormErrorStore {
  private readonly errors = new Map<string, FormErrors>();
  private readonly listeners = new Set<() => void>();

  receive(message: Extract<HostMessage, { type: "form/errors" }>): void {
    this.errors.set(message.requestId, { ...message.errors });
    for (const listener of this.listeners) listener();
  }

  get(requestId: string): FormErrors {
    return this.errors.get(requestId) ?? none;
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}
