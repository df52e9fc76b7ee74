/** Polls a condition until it holds; fails with the last observed value so a failure explains itself. */
export async function waitFor<T>(
  probe: () => T,
  accept: (value: T) => boolean,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = probe();
  while (!accept(value)) {
    if (Date.now() > deadline)
      throw new Error(`Timed out waiting for ${what}; last value: ${JSON.stringify(value)?.slice(0, 2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    value = probe();
  }
  return value;
}
