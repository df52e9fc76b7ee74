/** Number formatting for the header and usage lines. */

/** 950 → "950", 1234 → "1.2k", 1_500_000 → "1.5M". */
export function formatTokens(count: number): string {
  if (!Number.isFinite(count)) return "?";
  const abs = Math.abs(count);
  if (abs < 1_000) return String(Math.round(count));
  if (abs < 1_000_000) return `${trimZero((count / 1_000).toFixed(abs < 10_000 ? 1 : 0))}k`;
  return `${trimZero((count / 1_000_000).toFixed(1))}M`;
}

function trimZero(text: string): string {
  return text.endsWith(".0") ? text.slice(0, -2) : text;
}

export function formatCost(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat(undefined, { style: "currency", currency, maximumFractionDigits: amount < 1 ? 4 : 2 }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}
