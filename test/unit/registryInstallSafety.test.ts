/**
 * Registry installs stay inside the storage folder (issue 14, item 1): an index's `id` and
 * `version` become folder names only when they are safe path segments, nothing outside the
 * storage folder is ever removed, and the archive's `cmd` must be a regular file inside the
 * install folder (no symlink) before it is made executable. Real temp folders and real archives.
 */
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { platformKey, readRegistry, type RegistryAgent } from "../../src/acp/agents/agentRegistry";
import { installBinary } from "../../src/acp/agents/registryInstall";

const platform = platformKey();
const root = mkdtempSync(join(tmpdir(), "acp-registry-safety-"));
after(() => rmSync(root, { recursive: true, force: true }));

/** A tar.gz whose `bin/` holds what `fill` puts there (files, symlinks). */
function archiveWith(name: string, fill: (bin: string) => void): string {
  const pkg = join(root, `${name}-pkg`);
  mkdirSync(join(pkg, "bin"), { recursive: true });
  fill(join(pkg, "bin"));
  const file = join(root, `${name}.tar.gz`);
  execFileSync("tar", ["-czf", file, "-C", pkg, "bin"]);
  return file;
}

const goodArchive = archiveWith("good", (bin) =>
  writeFileSync(join(bin, "agent"), "#!/bin/sh\necho ok\n", { mode: 0o755 }),
);

function agent(id: string, version: string, archive = goodArchive, cmd = "bin/agent"): RegistryAgent {
  return {
    id,
    name: `Agent ${id}`,
    version,
    description: "",
    distribution: { binary: { [platform]: { archive, cmd } } },
  };
}

/** A storage folder two levels down, with a victim folder next to it that must survive. */
function layout(name: string): { storage: string; victim: string; keep: string } {
  const base = join(root, name);
  const storage = join(base, "home", "storage");
  const victim = join(base, "victim");
  mkdirSync(storage, { recursive: true });
  mkdirSync(victim, { recursive: true });
  const keep = join(victim, "precious.txt");
  writeFileSync(keep, "do not delete");
  return { storage, victim, keep };
}

const install = (entry: RegistryAgent, storage: string) =>
  installBinary(entry, storage, {
    source: { kind: "local", path: join(root, "registry.json") },
    confirmUnverified: async () => true,
  });

test("an index whose id or version is not a safe path segment is refused when read, with the reason", async () => {
  const unsafe = [
    agent("bin-agent", "../../../victim"),
    agent("..", "1.0.0"),
    agent("bin-agent", ".."),
    agent("bin-agent", "."),
    agent("bin-agent", "1.0/../../x"),
    agent(".hidden", "1.0.0"),
    agent("bin-agent", ""),
  ];
  const index = join(root, "unsafe-registry.json");
  writeFileSync(index, JSON.stringify({ agents: [agent("ok-agent", "1.0.0+build.1"), ...unsafe] }));
  const read = await readRegistry(index);
  assert.deepEqual(
    read.agents.map((a) => a.id),
    ["ok-agent"],
  );
  assert.equal(read.skipped.length, unsafe.length);
  for (const reason of read.skipped) assert.match(reason, /(id|version) .*safe folder name/);
});

test('a version of "../../../victim" given straight to installBinary leaves the victim folder intact', async () => {
  const { storage, victim, keep } = layout("traversal");
  // From storage/bin-agent, three levels up is the folder holding `victim`.
  assert.equal(join(storage, "bin-agent", "../../../victim"), victim);
  await assert.rejects(
    install(agent("bin-agent", "../../../victim"), storage),
    /version "\.\.\/\.\.\/\.\.\/victim" is not a safe folder name/,
  );
  assert.equal(readFileSync(keep, "utf8"), "do not delete");
  assert.equal(existsSync(join(victim, "bin")), false);
});

test('an id of ".." given straight to installBinary removes nothing outside the storage folder', async () => {
  const { storage, keep } = layout("dotdot-id");
  const sibling = join(storage, "..", "1.0.0");
  mkdirSync(sibling, { recursive: true });
  writeFileSync(join(sibling, "mine.txt"), "mine");
  await assert.rejects(install(agent("..", "1.0.0"), storage), /id "\.\." is not a safe folder name/);
  assert.equal(readFileSync(join(sibling, "mine.txt"), "utf8"), "mine");
  assert.equal(readFileSync(keep, "utf8"), "do not delete");
});

test("a cmd that is a symlink to a file outside is refused and the outside file keeps its mode", async () => {
  const { storage } = layout("symlink-cmd");
  const secret = join(root, "id_rsa");
  writeFileSync(secret, "PRIVATE KEY");
  chmodSync(secret, 0o600);
  const archive = archiveWith("symlink-cmd", (bin) => symlinkSync(secret, join(bin, "agent")));
  await assert.rejects(install(agent("linked", "1.0.0", archive), storage), /cmd "bin\/agent" is a symlink/);
  assert.equal(statSync(secret).mode & 0o777, 0o600);
});

test("a cmd under a symlinked folder is refused and the file behind it keeps its mode", async () => {
  const { storage } = layout("symlink-dir");
  const outside = join(root, "dot-ssh");
  mkdirSync(outside, { recursive: true });
  const secret = join(outside, "id_ed25519");
  writeFileSync(secret, "PRIVATE KEY");
  chmodSync(secret, 0o600);
  const pkg = join(root, "symlink-dir-pkg");
  mkdirSync(pkg, { recursive: true });
  symlinkSync(outside, join(pkg, "keys"));
  const archive = join(root, "symlink-dir.tar.gz");
  execFileSync("tar", ["-czf", archive, "-C", pkg, "keys"]);
  await assert.rejects(
    install(agent("linkdir", "1.0.0", archive, "keys/id_ed25519"), storage),
    /cmd "keys\/id_ed25519" .*symlink/,
  );
  assert.equal(statSync(secret).mode & 0o777, 0o600);
});

test("a cmd that is a folder is refused with the reason", async () => {
  const { storage } = layout("dir-cmd");
  await assert.rejects(
    install(agent("dircmd", "1.0.0", goodArchive, "bin"), storage),
    /cmd "bin" is not a regular file/,
  );
});

test("a failed reinstall keeps the version that was installed before", async () => {
  const { storage } = layout("reinstall");
  const first = await install(agent("keeper", "1.0.0"), storage);
  assert.equal(execFileSync(first.command, { encoding: "utf8" }), "ok\n");
  await assert.rejects(
    install(agent("keeper", "1.0.0", goodArchive, "bin/missing"), storage),
    /cmd "bin\/missing" is not in the archive/,
  );
  assert.equal(execFileSync(first.command, { encoding: "utf8" }), "ok\n");
  assert.deepEqual(readdirNames(storage), ["keeper"]);
});

test("an agent folder in storage that is a symlink is refused, and the folder it points at is untouched", async () => {
  const { storage } = layout("symlinked-agent-dir");
  const outside = join(root, "elsewhere");
  mkdirSync(join(outside, "1.0.0"), { recursive: true });
  writeFileSync(join(outside, "1.0.0", "mine.txt"), "mine");
  symlinkSync(outside, join(storage, "planted"));
  await assert.rejects(
    install(agent("planted", "1.0.0"), storage),
    /is not a plain folder \(a symlink\?\); remove it and install again/,
  );
  assert.equal(readFileSync(join(outside, "1.0.0", "mine.txt"), "utf8"), "mine");
});

test("an archive that writes through a symlink of its own reaches nothing outside (tar refuses it)", async () => {
  const { storage, victim, keep } = layout("archive-symlink-write");
  const pkg = join(root, "archive-symlink-write-pkg");
  mkdirSync(join(pkg, "a"), { recursive: true });
  symlinkSync(victim, join(pkg, "a", "link"));
  const archive = join(root, "archive-symlink-write.tar");
  execFileSync("tar", ["-cf", archive, "-C", join(pkg, "a"), "link"]);
  mkdirSync(join(pkg, "b", "link"), { recursive: true });
  writeFileSync(join(pkg, "b", "link", "precious.txt"), "overwritten");
  execFileSync("tar", ["-rf", archive, "-C", join(pkg, "b"), "link/precious.txt"]);
  execFileSync("gzip", ["-f", archive]);
  await assert.rejects(
    install(agent("sneaky", "1.0.0", `${archive}.gz`, "link/precious.txt"), storage),
    /tar .* failed|symlink/,
  );
  assert.equal(readFileSync(keep, "utf8"), "do not delete");
  assert.deepEqual(readdirNames(storage), []);
});

function readdirNames(dir: string): string[] {
  return execFileSync("ls", ["-A", dir], { encoding: "utf8" }).split("\n").filter(Boolean);
}
