/**
 * What "ACP: Show Traffic" shows: messages go through the agent client's render (`logJson`)
 * and the log's read-time redaction, and no secret of the shapes below survives.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { TrafficLog } from "../../src/acp/client/connection/trafficLog";
import { logJson } from "../../src/acp/client/connection/logJson";
import { cpuMillis } from "../support/cpuMillis";

/** The text the traffic log shows for one message. */
function shown(message: unknown): string {
  const log = new TrafficLog();
  log.add("A", "out", logJson(message), 0);
  return log.snapshot()[0]!.text;
}

function assertHidden(text: string, secrets: readonly string[]): void {
  for (const secret of secrets) assert.ok(!text.includes(secret), `${secret} is visible in ${text}`);
  assert.match(text, /\[redacted/);
}

test("mcpServers env and header values are redacted; names and the rest stay readable", () => {
  const text = shown({
    jsonrpc: "2.0",
    id: 1,
    method: "session/new",
    params: {
      cwd: "/work",
      mcpServers: [
        {
          name: "db",
          command: "db-mcp",
          args: ["--ro"],
          env: [
            { name: "DB_URL", value: "postgres://u:pw-db-42@h/db" },
            { name: "MODE", value: "plain-mode-value" },
          ],
        },
        {
          type: "http",
          name: "web",
          url: "https://mcp.example",
          headers: [
            { name: "X-Team", value: "team-header-value" },
            { name: "Authorization", value: "opaque-auth-99" },
          ],
        },
      ],
    },
  });
  assertHidden(text, ["pw-db-42", "plain-mode-value", "team-header-value", "opaque-auth-99"]);
  for (const visible of ["DB_URL", "MODE", "X-Team", "db-mcp", "--ro", "https://mcp.example", "/work"])
    assert.ok(text.includes(visible), `${visible} missing from ${text}`);
});

test("access_token and x-api-key are redacted as JSON keys, URL parameters, header pairs and header lines", () => {
  const text = shown({
    result: { access_token: "at-0123456789", refresh_token: "rt-0123456789", "x-api-key": "xk-0123456789" },
    params: {
      url: "https://h/cb?code=1&access_token=qs-0123456789&state=2",
      headers: [{ name: "X-Api-Key", value: "pair-0123456789" }],
      output: "HTTP/1.1 200\nx-api-key: line-0123456789\n",
    },
  });
  assertHidden(text, [
    "at-0123456789",
    "rt-0123456789",
    "xk-0123456789",
    "qs-0123456789",
    "pair-0123456789",
    "line-0123456789",
  ]);
  assert.ok(text.includes("state=2") && text.includes("code=1"));
});

test("AWS access key ids and secret access keys are redacted", () => {
  const text = shown({
    params: {
      content:
        "[default]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n",
      env: { AWS_SECRET_ACCESS_KEY: "k7MDENGbPxRfiCYEXAMPLE2" },
    },
  });
  assertHidden(text, ["AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "k7MDENGbPxRfiCYEXAMPLE2"]);
});

test("PEM private key blocks are redacted, also when the line was cut inside the block", () => {
  const pem =
    "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmU\nQyNTUxOQAAACBmZXJyZXQ\n-----END OPENSSH PRIVATE KEY-----";
  const text = shown({ params: { content: `before ${pem} after` } });
  assertHidden(text, ["b3BlbnNzaC1rZXktdjEAAAAABG5vbmU", "QyNTUxOQAAACBmZXJyZXQ"]);
  assert.match(text, /before \[redacted private key\] after/);
  const cut = shown({ params: { content: `-----BEGIN RSA PRIVATE KEY-----\n${"MIIEpAIBAAKCAQEA".repeat(2000)}` } });
  assertHidden(cut, ["MIIEpAIBAAKCAQEA"]);
});

test("JSON nested inside strings is redacted at any escaping level", () => {
  const once = JSON.stringify({ access_token: "nested-once-0123", note: "kept" });
  const twice = JSON.stringify({
    inner: JSON.stringify({ password: "nested-twice-0123", apiKey: "nested-twice-key" }),
  });
  const text = shown({ params: { toolOutput: once, rawOutput: { stdout: twice } } });
  assertHidden(text, ["nested-once-0123", "nested-twice-0123", "nested-twice-key"]);
  assert.ok(text.includes("kept"));
});

test("ordinary fields that only look alike stay readable", () => {
  const message = {
    params: {
      update: {
        usage: { maxTokens: 100, inputTokens: 5 },
        tokenizer: "cl100k",
        content: { type: "text", text: "a skeleton key for the monkey" },
      },
    },
  };
  assert.equal(shown(message), JSON.stringify(message));
});

test("env-file lines, URL passwords, Stripe, GitLab and npm tokens and JWTs are redacted (issue 26 item 9)", () => {
  const jwt =
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4ifQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c";
  const text = shown({
    params: {
      content:
        'DB_PASSWORD=env-pw-0123\nSECRET_KEY="env-sk-0123"\nexport GITHUB_TOKEN=env-tok-0123\nMODE=plain-0123\n' +
        "DATABASE_URL=postgres://app:url-pw-0123@db.internal:5432/app\n",
      rawOutput: {
        stdout: `stripe sk_live_51HqL0123456789abcdefXYZ gitlab glpat-abcDEF0123456789xyz_ npm npm_abcdefghijklmnopqrstuvwxyz0123456789 jwt ${jwt}`,
      },
    },
  });
  assertHidden(text, [
    "env-pw-0123",
    "env-sk-0123",
    "env-tok-0123",
    "url-pw-0123",
    "sk_live_51HqL0123456789abcdefXYZ",
    "glpat-abcDEF0123456789xyz_",
    "npm_abcdefghijklmnopqrstuvwxyz0123456789",
    jwt.split(".")[1]!,
  ]);
  for (const visible of ["DB_PASSWORD=", "SECRET_KEY=", "MODE=plain-0123", "postgres://app:", "@db.internal:5432/app"])
    assert.ok(text.includes(visible), `${visible} missing from ${text}`);
});

test("redaction is linear on a run of eyJ- (the JWT shape rescanned the run from each of them), and JWTs are still found", () => {
  const log = new TrafficLog();
  const hostile = "eyJ-".repeat(4096); // one 16 Ki line; the log holds a hundred of them
  for (let i = 0; i < 8; i++) log.add("A", "in", hostile, i);
  const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c";
  log.add("A", "in", `{"text":"id-${jwt} \\n${jwt} x${jwt}"}`, 9);
  let lines: ReturnType<typeof log.snapshot> = [];
  const elapsed = cpuMillis(() => (lines = log.snapshot()));
  assert.ok(elapsed < 1000, `redacting 8 lines of eyJ- took ${Math.round(elapsed)} ms`);
  assert.equal(lines[0]!.text, hostile);
  // After `-` and a JSON escape a JWT starts; inside a word (`x…`) it does not, as before.
  assert.equal(lines[8]!.text, `{"text":"id-[redacted] \\n[redacted] x${jwt}"}`);
});
