/**
 * Figures: every measured number of a benchmark run, aggregated over its runs into
 * min / median / max, with its unit, the target it is read against (printed, never asserted),
 * and the slack bench:check allows before calling a change a regression.
 */
export type Unit = "ms" | "MB" | "KiB" | "count" | "ratio" | "frames";

/** One measured value of a figure in one run (undefined: not measured this time). */
export type Sample = readonly [figure: string, value: number | undefined, unit: Unit];

export interface Figure {
  readonly figure: string;
  readonly min: number;
  readonly median: number;
  readonly max: number;
  readonly runs: number;
  readonly unit: Unit;
  /** Human-readable target, e.g. "< 50 ms". */
  readonly target?: string;
  /** Whether the median meets the target (absent without a target). */
  readonly met?: boolean;
  /** Every sample, in run order. */
  readonly samples: readonly number[];
}

export interface Target {
  readonly text: string;
  /** Judged on the median; undefined when it cannot be judged (a figure it needs is missing). */
  readonly meets: (median: number, all: ReadonlyMap<string, Figure>) => boolean | undefined;
}

/** Collects samples by figure name, in first-seen order. */
export class Samples {
  private readonly values = new Map<string, { unit: Unit; samples: number[] }>();

  add(figure: string, value: number | undefined, unit: Unit): void {
    if (value === undefined || !Number.isFinite(value)) return;
    const entry = this.values.get(figure) ?? { unit, samples: [] };
    entry.samples.push(value);
    this.values.set(figure, entry);
  }

  /** Aggregates; `targets` are keyed by figure name. */
  figures(targets: ReadonlyMap<string, Target> = new Map()): Figure[] {
    const plain = new Map<string, Figure>();
    for (const [figure, { unit, samples }] of this.values) {
      const sorted = [...samples].sort((a, b) => a - b);
      plain.set(figure, {
        figure,
        unit,
        samples,
        runs: samples.length,
        min: round(sorted[0]!),
        max: round(sorted.at(-1)!),
        median: round(median(sorted)),
      });
    }
    return [...plain.values()].map((figure) => {
      const target = targets.get(figure.figure);
      const met = target?.meets(figure.median, plain);
      return target ? { ...figure, target: target.text, ...(met === undefined ? {} : { met }) } : figure;
    });
  }
}

function median(sorted: readonly number[]): number {
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function round(value: number): number {
  return Math.abs(value) >= 100 ? Math.round(value) : Math.round(value * 100) / 100;
}

/** The JSON lines `npm run bench` prints, one per figure (samples left out). */
export function jsonLine(figure: Figure): string {
  const { samples: _samples, ...rest } = figure;
  return JSON.stringify(rest);
}

/** A fixed-width table of the figures with their targets. */
export function table(figures: readonly Figure[]): string {
  const rows = figures.map((f) => [
    f.figure,
    fmt(f.min),
    fmt(f.median),
    fmt(f.max),
    f.unit,
    String(f.runs),
    f.target ? `${f.target} ${f.met === undefined ? "(not judged)" : f.met ? "met" : "MISSED"}` : "",
  ]);
  const header = ["figure", "min", "median", "max", "unit", "runs", "target (on the median)"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => (i >= 1 && i <= 3 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd();
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

function fmt(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}

/**
 * Allowed absolute worsening before the 25 % rule applies (noise floor per unit): what repeated
 * runs on an unchanged build varied by on the 2-core reference machine. RSS moves with the host's
 * garbage collections, hence the large MB floor.
 */
export const NOISE_FLOOR: Readonly<Record<Unit, number>> = { ms: 20, MB: 15, KiB: 2, count: 3, ratio: 0.3, frames: 10 };
