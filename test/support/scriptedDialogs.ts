/**
 * The Dialogs port (src/acp/ports.ts) answered by a script instead of a person: every question is
 * recorded in `calls`, and `answer` says what the user does. A toast or a modal is answered with
 * the label of the action clicked, a pick list with the label of the row picked (its value is what
 * the port returns), an input box with the text typed; undefined dismisses. Progress runs its task.
 */
import type { Choice, Dialogs } from "../../src/acp/ports";

export type DialogKind = "info" | "warning" | "error" | "confirm" | "pick" | "input" | "progress";

export interface DialogCall {
  readonly kind: DialogKind;
  /** The message; for a pick list, an input box or a progress notification, its title. */
  readonly text: string;
  readonly detail?: string;
  readonly actions: readonly string[];
  /** A pick list's rows (a separator as `--- label`), with their descriptions and details. */
  readonly rows: readonly string[];
  readonly placeHolder?: string;
  /** An input box's first value and its validation. */
  readonly value?: string;
  readonly validate?: (value: string) => string | undefined;
}

export type Answer = (call: DialogCall) => string | undefined;

export class ScriptedDialogs implements Dialogs {
  readonly calls: DialogCall[] = [];

  /** `answer`: what the user does, given each question; by default every question is dismissed. */
  constructor(private readonly answer: Answer = () => undefined) {}

  /** The questions of one kind, in order. */
  of(kind: DialogKind): DialogCall[] {
    return this.calls.filter((call) => call.kind === kind);
  }

  info(message: string, ...actions: string[]): Promise<string | undefined> {
    return this.ask({ kind: "info", text: message, actions, rows: [] });
  }

  warning(message: string, ...actions: string[]): Promise<string | undefined> {
    return this.ask({ kind: "warning", text: message, actions, rows: [] });
  }

  error(message: string, ...actions: string[]): Promise<string | undefined> {
    return this.ask({ kind: "error", text: message, actions, rows: [] });
  }

  confirm(message: string, detail: string | undefined, ...actions: string[]): Promise<string | undefined> {
    return this.ask({ kind: "confirm", text: message, ...(detail === undefined ? {} : { detail }), actions, rows: [] });
  }

  async pick<T>(
    choices: readonly Choice<T>[],
    options: { readonly title?: string; readonly placeHolder?: string },
  ): Promise<T | undefined> {
    const rows = choices.map((choice) =>
      "separator" in choice
        ? `--- ${choice.separator}`
        : [choice.label, choice.description, choice.detail].filter((part) => part !== undefined).join(" | "),
    );
    const call: DialogCall = {
      kind: "pick",
      text: options.title ?? "",
      actions: [],
      rows,
      ...(options.placeHolder === undefined ? {} : { placeHolder: options.placeHolder }),
    };
    const label = await this.ask(call);
    if (label === undefined) return undefined;
    const row = choices.find((choice) => !("separator" in choice) && choice.label === label);
    if (!row || "separator" in row) throw new Error(`No row "${label}" to pick in: ${rows.join(", ")}`);
    return row.value;
  }

  input(options: {
    readonly title: string;
    readonly prompt: string;
    readonly value: string;
    readonly validate?: (value: string) => string | undefined;
  }): Promise<string | undefined> {
    return this.ask({
      kind: "input",
      text: options.title,
      detail: options.prompt,
      actions: [],
      rows: [],
      value: options.value,
      ...(options.validate ? { validate: options.validate } : {}),
    });
  }

  progress<T>(title: string, task: () => Promise<T>): Promise<T> {
    this.calls.push({ kind: "progress", text: title, actions: [], rows: [] });
    return task();
  }

  private async ask(call: DialogCall): Promise<string | undefined> {
    this.calls.push(call);
    return this.answer(call);
  }
}
