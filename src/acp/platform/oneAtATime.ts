/**
 * One action at a time per key: a second one asked for while the first runs is not queued but
 * dropped, as a second click on a button whose action is under way should be (a double click on
 * Undo must not undo twice, nor record the first Undo's result as what the second replaced).
 */
export class OneAtATime {
  private readonly running = new Set<string>();

  /** Runs `work` unless an action for `key` is under way; then resolves `busy` at once. */
  async run<T>(key: string, work: () => Promise<T>, busy: T): Promise<T> {
    if (this.running.has(key)) return busy;
    this.running.add(key);
    try {
      return await work();
    } finally {
      this.running.delete(key);
    }
  }
}
