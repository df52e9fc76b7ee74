/**
 * `${secret:NAME}` references in an agent's settings, filled in at launch from secret storage so
 * that keys never sit in settings or logs. In `env` a reference is the whole value (as since 0.1);
 * in `headers` it may sit inside one (`"Authorization": "Bearer ${secret:token}"`).
 */

/** Looks a secret up by name; undefined when it is not stored. */
export type SecretLookup = (name: string) => Promise<string | undefined>;

const WHOLE = /^\$\{secret:([A-Za-z0-9_.-]+)\}$/;
const EMBEDDED = /\$\{secret:([A-Za-z0-9_.-]+)\}/g;

/** Replaces the references in `values`; a missing secret is an error naming it and where it is used. */
export async function resolveSecretReferences(
  values: Readonly<Record<string, string>>,
  lookup: SecretLookup,
  where: "env" | "headers",
): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    const names =
      where === "env"
        ? [WHOLE.exec(value)?.[1]].filter((name) => name !== undefined)
        : [...value.matchAll(EMBEDDED)].map((match) => match[1]!);
    const secrets = new Map<string, string>();
    for (const name of names) {
      const secret = await lookup(name);
      if (secret === undefined)
        throw new Error(`The secret "${name}" used by ${key} is not set. Run "ACP: Set Agent Secret" to store it.`);
      // A line break would end the header: refuse rather than send a broken or injected header.
      if (where === "headers" && /[\r\n\0]/.test(secret))
        throw new Error(`The secret "${name}" used by the header ${key} contains a line break.`);
      secrets.set(name, secret);
    }
    out[key] =
      names.length === 0
        ? value
        : where === "env"
          ? secrets.get(names[0]!)!
          : value.replace(EMBEDDED, (_match, name: string) => secrets.get(name)!);
  }
  return out;
}
