/**
 * Adding a registry agent to `acpPanel.agents` never replaces an agent silently. When the name is
 * taken (by one of the user's agents, or by a built-in preset, which a settings entry of the same
 * name would replace whole), the user chooses: replace it, add this one under a free name
 * ("Name (2)"), or cancel.
 */

/** The user's answer when the name is taken; `undefined` cancels and changes nothing. */
export type NameClash = (name: string, alternative: string) => Promise<"replace" | "rename" | undefined>;

/**
 * The agents map with the new entry added, and the name it went under; `undefined` when the user
 * cancelled. `current` is never mutated.
 */
export async function addRegistryAgent<T>(
  current: Readonly<Record<string, T>>,
  reservedNames: readonly string[],
  name: string,
  entry: T,
  ask: NameClash,
): Promise<{ name: string; agents: Record<string, T> } | undefined> {
  const taken = (candidate: string) => Object.hasOwn(current, candidate) || reservedNames.includes(candidate);
  let chosen = name;
  if (taken(name)) {
    let n = 2;
    while (taken(`${name} (${n})`)) n++;
    const alternative = `${name} (${n})`;
    const answer = await ask(name, alternative);
    if (answer === undefined) return undefined;
    chosen = answer === "replace" ? name : alternative;
  }
  const agents: Record<string, T> = { ...current };
  Object.defineProperty(agents, chosen, { value: entry, enumerable: true, writable: true, configurable: true });
  return { name: chosen, agents };
}
