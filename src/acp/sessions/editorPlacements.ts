/**
 * Which tabs are also shown in an editor tab (*Open Session in Editor*), so the panel's tab strip
 * and session list can mark them and offer "Show in editor". A tab may be open in several editor
 * tabs (one per window, say): each registration counts until it is disposed.
 */
import type { TabSummary } from "../../shared/wire/protocol";

export class EditorPlacements {
  private readonly counts = new Map<string, number>();
  private readonly listeners = new Set<() => void>();

  /** The tab `key` is shown in one more editor tab, until the returned handle is disposed. */
  show(key: string): { dispose(): void } {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    this.changed();
    let disposed = false;
    return {
      dispose: () => {
        if (disposed) return;
        disposed = true;
        const left = (this.counts.get(key) ?? 1) - 1;
        if (left > 0) this.counts.set(key, left);
        else this.counts.delete(key);
        this.changed();
      },
    };
  }

  has(key: string): boolean {
    return this.counts.has(key);
  }

  /** The summaries with `inEditor` set on the tabs an editor tab shows. */
  decorate(summaries: readonly TabSummary[]): TabSummary[] {
    return summaries.map((summary) => (this.has(summary.key) ? { ...summary, inEditor: true } : summary));
  }

  onDidChange(listener: () => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}
