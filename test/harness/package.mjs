// Packs the built extension (dist/, from `node esbuild.mjs --production`) into
// <name>-<version>.vsix at the repo root with the vsce devDependency, and reports its size.
// Fails when the package is over 2 MiB: the bundles are meant to stay small.
// README links and images that are relative (docs/images/panel-*.png, which the .vsix leaves out) are
// rewritten by vsce to the `repository` on GitHub, as the marketplace page needs; no network is used.
// Node: vsce 4.x declares `node >= 22` because `vsce publish` signs in with @azure/identity (which
// needs 22); `vsce package` and `vsce ls` never load it and run on the project's Node (engines.node,
// .nvmrc: 20). Every e2e run packages first, so a Node 20 break here fails the suite. Publish with 22+.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const LIMIT = 2 * 1024 * 1024;

const { name, version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const out = join(root, `${name}-${version}.vsix`);
for (const built of [
  "dist/extension.js",
  "dist/host.js",
  "dist/mcpBridge.js",
  "dist/historyWorker.js",
  "dist/webview/main.js",
]) {
  if (!existsSync(join(root, built))) {
    console.error(`package: ${built} is missing; run \`node esbuild.mjs --production\` first`);
    process.exit(1);
  }
}

// A production build writes no source maps, but an earlier dev build may have left some in dist/;
// they must not ship (they are larger than the bundles).
for (const entry of readdirSync(join(root, "dist"), { recursive: true })) {
  if (String(entry).endsWith(".map")) {
    rmSync(join(root, "dist", String(entry)));
    console.log(`package: removed stale dist/${entry}`);
  }
}

const vsce = join(root, "node_modules/.bin/vsce");
const started = Date.now();
// stdin closed: vsce must never wait for an answer in CI.
const result = spawnSync(vsce, ["package", "--no-dependencies", "-o", out], {
  cwd: root,
  stdio: ["ignore", "inherit", "inherit"],
});
if (result.error) {
  console.error(`package: could not run ${relative(root, vsce)}: ${result.error.message}`);
  process.exit(1);
}
if (result.status !== 0) {
  console.error(`package: vsce exited with ${result.status ?? result.signal}`);
  process.exit(1);
}

const { size } = statSync(out);
const human = size >= 1024 * 1024 ? `${(size / 1024 / 1024).toFixed(2)} MiB` : `${(size / 1024).toFixed(1)} KiB`;
console.log(
  `package: ${relative(process.cwd(), out) || out} ${human} (${size} bytes) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
// The webview is split (esbuild.mjs): main.js imports chunks by hashed name, and a missing one
// breaks the panel only when it is first needed. Every built chunk must be in the package.
const packed = new Set(zipNames(out));
const webviewDir = join(root, "dist/webview");
const missing = readdirSync(webviewDir).filter(
  (name) => name.endsWith(".js") && !packed.has(`extension/dist/webview/${name}`),
);
if (missing.length > 0) {
  console.error(`package: webview chunks missing from the package: ${missing.join(", ")} (check .vscodeignore)`);
  process.exit(1);
}

if (size > LIMIT) {
  console.error(
    `package: ${human} is over the ${LIMIT / 1024 / 1024} MiB limit: check .vscodeignore and the bundle sizes`,
  );
  process.exit(1);
}

/** The file names in a zip, from its central directory (test/bench/vsixEntries.ts reads sizes the same way). */
function zipNames(file) {
  const zip = readFileSync(file);
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 65_557); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error(`${file} is not a zip file`);
  const names = [];
  let at = zip.readUInt32LE(eocd + 16);
  for (let i = zip.readUInt16LE(eocd + 10); i > 0; i--) {
    const nameLength = zip.readUInt16LE(at + 28);
    names.push(zip.toString("utf8", at + 46, at + 46 + nameLength));
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return names;
}
