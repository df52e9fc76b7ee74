/**
 * Sent-prompt recall for the composer, shell style: Up walks back from the newest prompt, Down
 * walks forward and finally returns the text that was being typed before browsing began.
 */
const LIMIT = 50;

export class PromptHistory {
  private items: string[];
  /** Index of the recalled item while browsing; undefined when editing a fresh draft. */
  private cursor: number | undefined;
  private stash = "";

  constructor(items: readonly string[]) {
    this.items = items.slice(-LIMIT);
  }

  get entries(): readonly string[] {
    return this.items;
  }

  add(prompt: string): void {
    if (this.items.at(-1) !== prompt) this.items = [...this.items, prompt].slice(-LIMIT);
    this.cursor = undefined;
  }

  /** The older prompt to show, or undefined when there is none. */
  previous(current: string): string | undefined {
    if (this.cursor === undefined) {
      if (this.items.length === 0) return undefined;
      this.stash = current;
      this.cursor = this.items.length - 1;
    } else if (this.cursor > 0) {
      this.cursor -= 1;
    } else {
      return undefined;
    }
    return this.items[this.cursor];
  }

  /** The newer prompt to show (or the stashed draft), or undefined when not browsing. */
  next(): string | undefined {
    if (this.cursor === undefined) return undefined;
    if (this.cursor < this.items.length - 1) {
      this.cursor += 1;
      return this.items[this.cursor];
    }
    this.cursor = undefined;
    return this.stash;
  }

  /** The user edited the text: the next Up starts from the newest prompt again. */
  stopBrowsing(): void {
    this.cursor = undefined;
  }
}
