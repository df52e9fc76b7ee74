/**
 * Registry downloads (issue 14, item 2), against real local servers on 127.0.0.1: a remote index
 * points only at https: archives (http: only loopback to loopback), a missing sha256 asks first
 * and names the risk, responses are capped, cross-origin redirects are refused, an index can't
 * hand out `${secret:…}` references, and adding an agent never silently replaces another.
 */
import { test, after, before } from "node:test";
import assert from "node:assert/strict";
import { createServer, type Server, type ServerResponse } from "node:http";
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { platformKey, readRegistry, type RegistryAgent } from "../../src/acp/agents/agentRegistry";
import { archiveLocation, registrySourceOf, type RegistrySource } from "../../src/acp/agents/registrySource";
import { installBinary, type UnverifiedDownload } from "../../src/acp/agents/registryInstall";
import { addRegistryAgent, type NameClash } from "../../src/acp/agents/registryAgentName";

const platform = platformKey();
const dir = mkdtempSync(join(tmpdir(), "acp-registry-downloads-"));
mkdirSync(join(dir, "pkg/bin"), { recursive: true });
writeFileSync(join(dir, "pkg/bin/fake-agent"), "#!/bin/sh\necho agent\n", { mode: 0o755 });
execFileSync("tar", ["-czf", join(dir, "fake-agent.tar.gz"), "-C", join(dir, "pkg"), "bin"]);
const archive = readFileSync(join(dir, "fake-agent.tar.gz"));
const sha256 = createHash("sha256").update(archive).digest("hex");

/** Requests seen per path, to prove what was (not) downloaded. */
const hits = new Map<string, number>();
const routes = new Map<string, (response: ServerResponse) => void>();
const serve = (server: Server) => server.listen(0, "127.0.0.1");
const origin = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const main = createServer((request, response) => {
  hits.set(request.url ?? "", (hits.get(request.url ?? "") ?? 0) + 1);
  const route = routes.get(request.url ?? "");
  if (route) return route(response);
  response.statusCode = 404;
  response.end();
});
const other = createServer((request, response) => {
  hits.set(`other:${request.url}`, (hits.get(`other:${request.url}`) ?? 0) + 1);
  response.end(request.url === "/registry.json" ? JSON.stringify({ agents: [] }) : archive);
});
let base = "";
let otherBase = "";
before(async () => {
  await Promise.all([main, other].map((server) => new Promise((resolve) => serve(server).once("listening", resolve))));
  base = origin(main);
  otherBase = origin(other);
  routes.set("/fake-agent.tar.gz", (response) => response.end(archive));
  routes.set("/same/fake-agent.tar.gz", (response) => redirect(response, "/fake-agent.tar.gz"));
  routes.set("/cross/fake-agent.tar.gz", (response) => redirect(response, `${otherBase}/fake-agent.tar.gz`));
  routes.set("/index-cross-origin", (response) => redirect(response, `${otherBase}/registry.json`));
  routes.set("/big-index", (response) => response.end(JSON.stringify({ agents: [], padding: "x".repeat(4096) })));
  routes.set("/chunked-index", (response) => {
    // No Content-Length: the cap must hold while streaming.
    response.write(`{"agents":[],"padding":"`);
    for (let i = 0; i < 64; i++) response.write("y".repeat(1024));
    response.end(`"}`);
  });
});
after(() => {
  main.close();
  other.close();
  rmSync(dir, { recursive: true, force: true });
});

function redirect(response: ServerResponse, location: string): void {
  response.statusCode = 302;
  response.setHeader("Location", location);
  response.end();
}

const loopbackIndex = (): RegistrySource => registrySourceOf(`${base}/registry.json`);
const yes = async () => true;

function binaryAgent(id: string, archiveUrl: string, extra: Record<string, unknown> = {}): RegistryAgent {
  return {
    id,
    name: `Agent ${id}`,
    version: "1.0.0",
    description: "",
    distribution: { binary: { [platform]: { archive: archiveUrl, cmd: "bin/fake-agent", ...extra } } },
  };
}

test("a registry index is read only over https:, or http: on a loopback host", async () => {
  await assert.rejects(
    readRegistry("http://registry.example/registry.json"),
    /must use https: .*http: only on a loopback host/,
  );
  await assert.rejects(readRegistry("ftp://registry.example/registry.json"), /must be an https: URL or a local file/);
  assert.equal(registrySourceOf("https://cdn.example/registry.json").kind, "remote");
  assert.equal(registrySourceOf(`${base}/registry.json`).kind, "remote");
  assert.equal(registrySourceOf("http://[::1]:8080/registry.json").kind, "remote");
  assert.equal(registrySourceOf("/srv/registry.json").kind, "local");
  assert.equal(registrySourceOf("file:///srv/registry.json").kind, "local");
});

test("a remote index may only point at https: archives", async () => {
  const remote = registrySourceOf("https://cdn.example/registry.json");
  assert.equal(archiveLocation(remote, "https://downloads.example/a.tar.gz").kind, "url");
  for (const archiveUrl of [
    "http://downloads.example/a.tar.gz",
    `${base}/fake-agent.tar.gz`,
    "/etc/passwd",
    "file:///etc/passwd",
    "a.tar.gz",
  ]) {
    assert.throws(
      () => archiveLocation(remote, archiveUrl),
      /registry read from https:\/\/cdn\.example\/registry\.json may only point at https: archives/,
      archiveUrl,
    );
  }
  // A loopback index (a test server, a local mirror) may use http: on loopback, never a local file.
  assert.equal(archiveLocation(loopbackIndex(), `${base}/fake-agent.tar.gz`).kind, "url");
  assert.throws(
    () => archiveLocation(loopbackIndex(), "http://downloads.example/a.tar.gz"),
    /may only point at https: archives/,
  );
  assert.throws(
    () => archiveLocation(loopbackIndex(), join(dir, "fake-agent.tar.gz")),
    /may only point at https: archives/,
  );
  // A local index may keep local archives (offline use), relative to the index's folder.
  const local = registrySourceOf(join(dir, "registry.json"));
  assert.deepEqual(archiveLocation(local, "fake-agent.tar.gz"), { kind: "file", path: join(dir, "fake-agent.tar.gz") });
  assert.throws(() => archiveLocation(local, "http://downloads.example/a.tar.gz"), /may only point at https: archives/);

  const storage = join(dir, "storage-https");
  await assert.rejects(
    installBinary(binaryAgent("plain-http", "http://downloads.example/a.tar.gz", { sha256 }), storage, {
      source: remote,
      confirmUnverified: yes,
    }),
    /may only point at https: archives.*Nothing was installed/,
  );
  await assert.rejects(
    installBinary(binaryAgent("local-file", join(dir, "fake-agent.tar.gz"), { sha256 }), storage, {
      source: loopbackIndex(),
      confirmUnverified: yes,
    }),
    /may only point at https: archives/,
  );
  assert.equal(existsSync(join(storage, "plain-http")), false);
  assert.equal(existsSync(join(storage, "local-file")), false);
});

test("a missing sha256 asks first and names the risk; declining downloads and installs nothing", async () => {
  const storage = join(dir, "storage-unverified");
  const asked: UnverifiedDownload[] = [];
  const before = hits.get("/fake-agent.tar.gz") ?? 0;
  const no = async (question: UnverifiedDownload) => (asked.push(question), false);
  await assert.rejects(
    installBinary(binaryAgent("unsigned", `${base}/fake-agent.tar.gz`), storage, {
      source: loopbackIndex(),
      confirmUnverified: no,
    }),
    /not installed: you declined an archive without a sha256 checksum/,
  );
  assert.equal(asked.length, 1);
  assert.match(asked[0]!.message, /no sha256 checksum/);
  assert.match(asked[0]!.message, /can't check that the download is the file the registry meant/);
  assert.equal(asked[0]!.archive, `${base}/fake-agent.tar.gz`);
  assert.equal(hits.get("/fake-agent.tar.gz") ?? 0, before, "nothing is downloaded before the answer");
  assert.equal(existsSync(join(storage, "unsigned")), false);

  const entry = await installBinary(binaryAgent("unsigned", `${base}/fake-agent.tar.gz`), storage, {
    source: loopbackIndex(),
    confirmUnverified: yes,
  });
  assert.equal(execFileSync(entry.command, { encoding: "utf8" }), "agent\n");
});

test("a pinned sha256 installs without asking", async () => {
  const entry = await installBinary(
    binaryAgent("pinned", `${base}/fake-agent.tar.gz`, { sha256 }),
    join(dir, "storage-pinned"),
    {
      source: loopbackIndex(),
      confirmUnverified: async () => assert.fail("a pinned checksum needs no confirmation"),
    },
  );
  assert.equal(execFileSync(entry.command, { encoding: "utf8" }), "agent\n");
});

test("the index and the archive are capped in size, with or without a Content-Length", async () => {
  await assert.rejects(readRegistry(`${base}/big-index`, { maxBytes: 1024 }), /is larger than 1 KiB/);
  await assert.rejects(readRegistry(`${base}/chunked-index`, { maxBytes: 8 * 1024 }), /is larger than 8 KiB/);
  const localBig = join(dir, "big-registry.json");
  writeFileSync(localBig, JSON.stringify({ agents: [], padding: "z".repeat(4096) }));
  await assert.rejects(readRegistry(localBig, { maxBytes: 1024 }), /is larger than 1 KiB/);

  const storage = join(dir, "storage-capped");
  await assert.rejects(
    installBinary(binaryAgent("huge", `${base}/fake-agent.tar.gz`, { sha256 }), storage, {
      source: loopbackIndex(),
      confirmUnverified: yes,
      maxArchiveBytes: 64,
    }),
    /is larger than 64 bytes.*Nothing was installed/,
  );
  assert.equal(existsSync(join(storage, "huge")), false);
  assert.deepEqual(execFileSync("ls", ["-A", storage], { encoding: "utf8" }), "", "no partial download is left behind");
});

test("same-origin redirects are followed; cross-origin redirects are refused", async () => {
  const storage = join(dir, "storage-redirects");
  const followed = await installBinary(
    binaryAgent("same", `${base}/same/fake-agent.tar.gz`, { sha256, cmd: "bin/fake-agent" }),
    storage,
    { source: loopbackIndex(), confirmUnverified: yes },
  );
  assert.equal(execFileSync(followed.command, { encoding: "utf8" }), "agent\n");

  const otherBefore = hits.get("other:/fake-agent.tar.gz") ?? 0;
  await assert.rejects(
    installBinary(binaryAgent("cross", `${base}/cross/fake-agent.tar.gz`, { sha256 }), storage, {
      source: loopbackIndex(),
      confirmUnverified: yes,
    }),
    /redirected to another origin \(http:\/\/127\.0\.0\.1:\d+\).*refused/,
  );
  assert.equal(hits.get("other:/fake-agent.tar.gz") ?? 0, otherBefore, "the other origin is never contacted");
  assert.equal(existsSync(join(storage, "cross")), false);
  await assert.rejects(readRegistry(`${base}/index-cross-origin`), /redirected to another origin/);
});

test("an index entry whose env carries a ${secret:…} reference is refused with the reason", async () => {
  const index = join(dir, "secret-registry.json");
  const npx = (env: Record<string, string>) => ({ npx: { package: "@acme/agent", env } });
  writeFileSync(
    index,
    JSON.stringify({
      agents: [
        { id: "plain", name: "Plain", version: "1.0.0", distribution: npx({ MODE: "fast" }) },
        {
          id: "npx-secret",
          name: "Npx Secret",
          version: "1.0.0",
          distribution: npx({ ANTHROPIC_API_KEY: "${secret:openai}" }),
        },
        {
          id: "uvx-secret",
          name: "Uvx Secret",
          version: "1.0.0",
          distribution: { uvx: { package: "agent", env: { TOKEN: "Bearer ${secret:github}" } } },
        },
        {
          id: "bin-secret",
          name: "Bin Secret",
          version: "1.0.0",
          distribution: {
            binary: { [platform]: { archive: "https://x.example/a.tgz", cmd: "a", env: { K: "${ secret:k }" } } },
          },
        },
      ],
    }),
  );
  const read = await readRegistry(index);
  assert.deepEqual(
    read.agents.map((a) => a.id),
    ["plain"],
  );
  assert.equal(read.skipped.length, 3);
  for (const reason of read.skipped)
    assert.match(
      reason,
      /\.env\.\w+ may not contain a \$\{secret:…\} reference: a registry can't choose which of your secrets an agent receives/,
    );
  assert.match(read.skipped[0]!, /^agents\[1\]: distribution\.npx\.env\.ANTHROPIC_API_KEY .*\(entry "Npx Secret"\)$/);
});

test("adding an agent whose name is taken asks, and never replaces silently", async () => {
  const entry = { command: "npx", args: ["-y", "new"] };
  const mine = { command: "my-agent", args: [] };
  const questions: string[] = [];
  const answer =
    (choice: Awaited<ReturnType<NameClash>>): NameClash =>
    async (name, alternative) => (questions.push(`${name}|${alternative}`), choice);

  // A free name: no question.
  assert.deepEqual(await addRegistryAgent({ Mine: mine }, [], "New", entry, answer("replace")), {
    name: "New",
    agents: { Mine: mine, New: entry },
  });
  assert.deepEqual(questions, []);
  // Taken: cancel keeps everything as it was.
  assert.equal(await addRegistryAgent({ Mine: mine }, [], "Mine", entry, answer(undefined)), undefined);
  // Taken: keep both under a free name.
  assert.deepEqual(await addRegistryAgent({ Mine: mine, "Mine (2)": mine }, [], "Mine", entry, answer("rename")), {
    name: "Mine (3)",
    agents: { Mine: mine, "Mine (2)": mine, "Mine (3)": entry },
  });
  assert.equal(questions.at(-1), "Mine|Mine (3)");
  // Taken: replace only when the user says so.
  assert.deepEqual(await addRegistryAgent({ Mine: mine }, [], "Mine", entry, answer("replace")), {
    name: "Mine",
    agents: { Mine: entry },
  });
  // A built-in preset's name counts as taken too (a settings entry replaces a preset whole).
  assert.deepEqual(await addRegistryAgent({}, ["Claude"], "Claude", entry, answer("rename")), {
    name: "Claude (2)",
    agents: { "Claude (2)": entry },
  });
});
