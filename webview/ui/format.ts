/** Number formatting for the header and usage lines. */

/** 950 → "950", 1234 → "1.2k", 1_500_000 → "1.5M". */
export function formatTokens(count: number): string {
  if (!Number.isFinite(count)) return "?";
  const abs = Math.abs(count);
  if (abs < 1_000) return String(Math.round(count));
  if (abs < 1_000_000) return `${trimZero((count / 1_000).toFixed(abs < 10_000 ? 1 : 0))}k`;
  return `${trimZero((count / 1_000_000).toFixed(1))}M`;
}

/**
 * 12345 → "12,345", as `toLocaleString("en-US")` writes a whole number, without Intl: a page's
 * first Intl call loads its locale data, 10 ms inside a long thread's first render (profile).
 */
export function formatCount(count: number): string {
  if (!Number.isSafeInteger(count) || Object.is(count, -0)) return count.toLocaleString("en-US");
  const digits = String(Math.abs(count));
  let grouped = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let at = grouped.length; at < digits.length; at += 3) grouped += `,${digits.slice(at, at + 3)}`;
  return count < 0 ? `-${grouped}` : grouped;
}

function trimZero(text: string): string {
  return text.endsWith(".0") ? text.slice(0, -2) : text;
}

export function formatCost(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat(undefined, {
      style: "currency",
      currency,
      maximumFractionDigits: amount < 1 ? 4 : 2,
    }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}

/** 950 → "950 ms", 9_400 → "9.4 s", 64_000 → "1m 4s", 3_720_000 → "1h 2m". */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return "?";
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${trimZero((ms / 1_000).toFixed(1))} s`;
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) return `${minutes}m ${Math.round((ms % 60_000) / 1_000)}s`;
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}
