/** The ACP registry: reading an index over HTTP (a local server) and from a file, launches, checksums. */
import { test, after, before } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { distributionsOf, packageEntry, platformKey, readRegistry } from "../../src/acp/agents/agentRegistry";
import { installBinary } from "../../src/acp/agents/registryInstall";
import { scratchDir } from "../support/scratchDir";

const dir = scratchDir("acp-registry-");
// A real archive holding an executable agent script.
mkdirSync(join(dir, "pkg/bin"), { recursive: true });
writeFileSync(join(dir, "pkg/bin/fake-agent"), "#!/bin/sh\necho agent\n", { mode: 0o755 });
execFileSync("tar", ["-czf", join(dir, "fake-agent.tar.gz"), "-C", join(dir, "pkg"), "bin"]);
const archive = readFileSync(join(dir, "fake-agent.tar.gz"));
const sha256 = createHash("sha256").update(archive).digest("hex");

const server = createServer((request, response) => {
  if (request.url === "/registry.json") return void response.end(readFileSync(join(dir, "registry.json")));
  if (request.url === "/fake-agent.tar.gz") return void response.end(archive);
  response.statusCode = 404;
  response.end();
});
let base = "";
before(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  writeRegistry();
});
after(() => server.close());

const platform = platformKey();
const writeRegistry = () =>
  writeFileSync(
    join(dir, "registry.json"),
    JSON.stringify({
      version: "1.0.0",
      agents: [
        {
          id: "npx-agent",
          name: "Npx Agent",
          version: "2.1.0",
          description: "via npx",
          distribution: { npx: { package: "@acme/agent-acp", args: ["--acp"], env: { MODE: "x" } } },
        },
        {
          id: "uvx-agent",
          name: "Uvx Agent",
          version: "0.3.0",
          description: "via uvx",
          distribution: { uvx: { package: "uv-agent==0.3.0", args: ["acp"] } },
        },
        {
          id: "bin-agent",
          name: "Bin Agent",
          version: "1.0.0",
          description: "a binary",
          distribution: {
            binary: {
              [platform]: { archive: `${base}/fake-agent.tar.gz`, cmd: "./bin/fake-agent", args: ["acp"], sha256 },
            },
          },
        },
        {
          id: "bad-sum",
          name: "Bad Sum",
          version: "1.0.0",
          description: "",
          distribution: {
            binary: {
              [platform]: { archive: `${base}/fake-agent.tar.gz`, cmd: "./bin/fake-agent", sha256: "0".repeat(64) },
            },
          },
        },
        { id: "has spaces", name: "Invalid", version: "1", distribution: {} },
      ],
    }),
  );

test("reads the index from a local HTTP server and from a file, skipping invalid entries", async () => {
  const fromHttp = await readRegistry(`${base}/registry.json`);
  const fromFile = await readRegistry(join(dir, "registry.json"));
  assert.deepEqual(
    fromHttp.agents.map((a) => a.id),
    ["npx-agent", "uvx-agent", "bin-agent", "bad-sum"],
  );
  assert.deepEqual(
    fromFile.agents.map((a) => a.id),
    fromHttp.agents.map((a) => a.id),
  );
  assert.equal(fromHttp.skipped.length, 1);
  assert.match(fromHttp.skipped[0]!, /agents\[4\]: id/);
});

test("npx and uvx launches are pinned settings entries", async () => {
  const { agents } = await readRegistry(join(dir, "registry.json"));
  assert.deepEqual(packageEntry(agents[0]!, "npx"), {
    command: "npx",
    args: ["-y", "@acme/agent-acp@2.1.0", "--acp"],
    env: { MODE: "x" },
  });
  assert.deepEqual(packageEntry(agents[1]!, "uvx"), { command: "uvx", args: ["uv-agent==0.3.0", "acp"] });
  assert.deepEqual(distributionsOf(agents[2]!), ["binary"]);
  assert.deepEqual(distributionsOf(agents[2]!, "plan9-mips"), []);
});

test("a binary is downloaded, its checksum verified, unpacked, and launched by absolute path", async () => {
  const { agents, source } = await readRegistry(`${base}/registry.json`);
  const storage = join(dir, "storage");
  const entry = await installBinary(agents[2]!, storage, { source, confirmUnverified: async () => false });
  assert.equal(entry.command, join(storage, "bin-agent/1.0.0/bin/fake-agent"));
  assert.deepEqual(entry.args, ["acp"]);
  assert.equal(execFileSync(entry.command, { encoding: "utf8" }), "agent\n");
});

test("a checksum mismatch installs nothing", async () => {
  const { agents, source } = await readRegistry(`${base}/registry.json`);
  const storage = join(dir, "storage2");
  await assert.rejects(
    installBinary(agents[3]!, storage, { source, confirmUnverified: async () => false }),
    /Checksum mismatch .* expected sha256 0{64}/,
  );
  assert.equal(existsSync(join(storage, "bad-sum")), false);
});
