/**
 * Commands for a webview that may not be listening yet. A webview view's content is discarded
 * when the view is hidden (the panel has no `retainContextWhenHidden`) and rebuilt when it is
 * shown again. A command posted in between is lost by VS Code: after the Explorer took the side
 * bar, *Send to ACP Agent* on a file showed the panel again and sent the chip before the rebuilt
 * webview listened, and the chip never appeared (the palette e2e caught it, one run in eight).
 *
 * Contract: `discarded()` when the content goes (the view resolved anew, hidden, or disposed);
 * `listening()` when the webview says `webview/ready`; `send()` delivers at once while the
 * webview listens, else keeps the command and delivers the kept ones in order on `listening()`.
 * State messages never come here: the webview asks for a fresh snapshot when it is ready.
 */
export class WebviewOutbox<T> {
  private kept: T[] = [];
  private open = false;

  /** At most this many commands wait; past it the oldest goes (a runaway loop, not a user). */
  static readonly limit = 500;

  constructor(private readonly deliver: (message: T) => void) {}

  send(message: T): void {
    if (this.open) return this.deliver(message);
    this.kept.push(message);
    if (this.kept.length > WebviewOutbox.limit) this.kept.shift();
  }

  discarded(): void {
    this.open = false;
  }

  listening(): void {
    this.open = true;
    for (const message of this.kept.splice(0)) this.deliver(message);
  }

  get waiting(): number {
    return this.kept.length;
  }
}
