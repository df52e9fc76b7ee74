/**
 * Host messages for the composer: insert text ("Add Selection to Prompt"), focus, attach a file
 * chip, and @-mention search results. They can arrive before React has mounted the composer,
 * so they wait here until it listens.
 */
import type { HostMessage } from "../../src/shared/wire/protocol";

export type ComposerCommand =
  | Extract<HostMessage, { type: "composer/insert" | "composer/focus" | "composer/attach" | "mention/results" }>
  /** From the webview itself (a starter prompt, a slash command, "Edit" on a sent message): replaces the draft. */
  | { readonly type: "composer/set"; readonly text: string };

export class ComposerInbox {
  private pending: ComposerCommand[] = [];
  private listener: ((command: ComposerCommand) => void) | undefined;

  deliver(command: ComposerCommand): void {
    if (this.listener) this.listener(command);
    else this.pending.push(command);
  }

  listen(listener: (command: ComposerCommand) => void): () => void {
    this.listener = listener;
    for (const command of this.pending.splice(0)) listener(command);
    return () => {
      if (this.listener === listener) this.listener = undefined;
    };
  }
}
