/**
 * Secrets in traffic-log text, recognised by shape or by the key that holds them. Runs when the
 * log is read, over lines already shortened to 16 Ki characters, so a secret can be cut short by
 * the shortening (a PEM block without its END line is still redacted to the end of the line).
 *
 * JSON inside JSON strings is matched at any escaping level: `"token":"x"`, `\"token\":\"x\"`,
 * `\\\"token\\\":\\\"x\\\"`… (the run of backslashes before the key's quotes is repeated before
 * the value's).
 */

/** Key names whose string value is a credential: the key ends with one of these. */
const CREDENTIAL_WORDS =
  "api[_-]?key|access[_-]?key|secret[_-]?key|private[_-]?key|token|secret|password|passwd|authorization|credentials?|cookie";

/** A key whose string value is a credential (`access_token`, `x-api-key`, `OPENAI_API_KEY`…). */
export const SENSITIVE_KEY = new RegExp(`(?:${CREDENTIAL_WORDS})$`, "i");

const KEY = `[A-Za-z0-9_.-]*?(?:${CREDENTIAL_WORDS})`;
/** A JSON string value's characters, up to the closing quote at the same escaping level (lazy). */
const VALUE = String.raw`((?:[^"\\]|\\.)+?)`;

/** A word start, also right after a JSON escape (`\nsk-…` in a serialized multi-line string). */
const START = String.raw`(?:\b|(?<=\\[nrt]))`;

interface Rule {
  readonly pattern: RegExp;
  /** Replacement; `[redacted]` by default. */
  readonly replace?: string;
}

const RULES: readonly Rule[] = [
  // PEM private keys, whole blocks (or to the end when the line was shortened).
  {
    pattern: /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|$)/g,
    replace: "[redacted private key]",
  },
  // "key": "value" at any escaping level, and { "name": "X-Api-Key", "value": "…" } pairs.
  { pattern: new RegExp(String.raw`(?<!\\)((\\*)"${KEY}\2"\s*:\s*\2")${VALUE}(\2")`, "gi"), replace: "$1[redacted]$4" },
  {
    pattern: new RegExp(
      String.raw`(?<!\\)((\\*)"name\2"\s*:\s*\2"${KEY}\2"\s*,\s*\2"value\2"\s*:\s*\2")${VALUE}(\2")`,
      "gi",
    ),
    replace: "$1[redacted]$4",
  },
  // key=value in URLs, env files and AWS credentials files; `X-Api-Key: value` header lines.
  {
    pattern: /([?&#](?:access_token|id_token|refresh_token|api_key|apikey|key|token)=)[^&\s"\\#]+/gi,
    replace: "$1[redacted]",
  },
  // NAME_PASSWORD=…, SECRET_KEY="…", export API_TOKEN=… (env files, shell output); quoted values
  // keep their quotes, escaped or not. The name starts where no name character precedes it (`\n`
  // before it leaves an `n` in front, which is harmless): one start per run of name characters
  // keeps this linear on a long `a-a-a-…` line.
  {
    pattern: new RegExp(
      String.raw`(?<![A-Za-z0-9_.-])([A-Za-z0-9_.-]*(?:${CREDENTIAL_WORDS})\s*=\s*(?:\\*["'])?)[^\s"'\\&]+`,
      "gi",
    ),
    replace: "$1[redacted]",
  },
  // The password of URL userinfo: postgres://user:pw@host (one start per run of scheme characters).
  {
    pattern: /((?<![a-z0-9+.-])[a-z][a-z0-9+.-]*:\/\/[^\s/:@"\\]*:)[^\s/@"\\]+(@)/gi,
    replace: "$1[redacted]$2",
  },
  {
    pattern: shape(String.raw`(aws_(?:secret_access_key|session_token)\s*[=:]\s*)[A-Za-z0-9/+=]{16,}`, "gi"),
    replace: "$1[redacted]",
  },
  {
    pattern: shape(
      String.raw`((?:x-api-key|api-key|authorization)\s*:\s*)(?:(?:Bearer|Basic)\s+)?[^\s"\\,;]{4,}`,
      "gi",
    ),
    replace: "$1[redacted]",
  },
  // Shapes: Anthropic / OpenAI, GitHub, Google, Slack, AWS access key ids, bearer tokens.
  { pattern: shape(String.raw`sk-(?:ant-|proj-)?[A-Za-z0-9_-]{16,}`) },
  { pattern: shape(String.raw`gh[pousr]_[A-Za-z0-9]{20,}`) },
  { pattern: shape(String.raw`github_pat_[A-Za-z0-9_]{20,}`) },
  { pattern: shape(String.raw`AIza[0-9A-Za-z_-]{30,}`) },
  { pattern: shape(String.raw`xox[abpr]-[A-Za-z0-9-]{10,}`) },
  { pattern: shape(String.raw`(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b`) },
  { pattern: shape(String.raw`(?:Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{16,}`, "gi") },
  // Stripe secret and restricted keys, GitLab personal tokens, npm tokens, JWTs (header.payload.signature).
  { pattern: shape(String.raw`[sr]k_(?:live|test)_[A-Za-z0-9]{10,}`) },
  { pattern: shape(String.raw`glpat-[A-Za-z0-9_-]{20,}`) },
  { pattern: shape(String.raw`npm_[A-Za-z0-9]{30,}`) },
  // JWTs start where a run of base64url characters starts (or after `-` or a JSON escape, as `\b` would
  // allow): a `\b` before every `eyJ` of `eyJ-eyJ-eyJ-…` rescanned the rest of the run from each of
  // them (16 Ki characters took 1.2 s, and a log holds a hundred such lines). The lookahead checks the
  // two dots once per run; the words before the token, up to a `-`, are kept.
  {
    pattern: new RegExp(
      String.raw`(?<![A-Za-z0-9_-])(?=[A-Za-z0-9_-]*\.eyJ[A-Za-z0-9_-]{5,}\.)((?<=\\)[nrt])?((?:[A-Za-z0-9_]*-)*?)` +
        String.raw`eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*`,
      "g",
    ),
    replace: "$1$2[redacted]",
  },
];

function shape(source: string, flags = "g"): RegExp {
  return new RegExp(START + source, flags);
}

export function redactSecrets(text: string): string {
  let out = text;
  for (const rule of RULES) out = out.replace(rule.pattern, rule.replace ?? "[redacted]");
  return out;
}
