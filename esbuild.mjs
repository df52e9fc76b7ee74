// Two product builds, plus the test programs that run outside this repo's node:
//   dist/extension.js      node, cjs, `vscode` external: the tiny entry the extension host activates
//   dist/host.js           the rest of the extension, required by extension.js on first need
//   dist/mcpBridge.js      the stdio MCP server agents run for the VS Code tools (node, no vscode)
//   dist/historyWorker.js  the worker_threads Worker owning the history's FTS5 index (node:sqlite stays
//                          external: it is a built-in, fetched at run time, absent on Node 20)
//   dist/webview/main.js   browser, esm, with main.css and the codicon font beside it; split: the
//                          shell is main.js (+ shared chunks it imports), the transcript
//                          (Markdown, marked, DOMPurify) and each highlight.js grammar are
//                          chunks loaded by import() (the CSP's nonce covers them, see media/webview.html)
//   out/test/*.js          the scripted fake agent and the extension-host test suite (never shipped)
// Flags: --production (minified, no source maps, prints sizes), --watch.
import * as esbuild from "esbuild";
import { copyFile, mkdir, readdir, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = dirname(fileURLToPath(import.meta.url));
const production = process.argv.includes("--production");
const watch = process.argv.includes("--watch");

const common = {
  bundle: true,
  sourcemap: production ? false : "linked",
  minify: production,
  logLevel: "warning",
  legalComments: production ? "none" : "inline",
  define: { "process.env.NODE_ENV": JSON.stringify(production ? "production" : "development") },
};

/** @type {esbuild.BuildOptions[]} */
const builds = [
  {
    ...common,
    // Two entries, not code splitting (esm only): the few small modules both use are duplicated.
    entryPoints: {
      extension: join(root, "src/extension.ts"),
      host: join(root, "src/vscode/host.ts"),
      mcpBridge: join(root, "src/acp/client/mcpTools/stdioBridge.ts"),
      historyWorker: join(root, "src/acp/history/historyWorker.ts"),
    },
    outdir: join(root, "dist"),
    platform: "node",
    format: "cjs",
    target: "node20",
    // ws loads these optional native speed-ups in a try/catch; they are not installed.
    external: ["vscode", "bufferutil", "utf-8-validate", "node:sqlite"],
    mainFields: ["module", "main"],
  },
  {
    ...common,
    entryPoints: { main: join(root, "webview/main.tsx") },
    outdir: join(root, "dist/webview"),
    platform: "browser",
    format: "esm",
    splitting: true,
    // Flat beside main.js: the host serves dist/webview/ (localResourceRoots), .vscodeignore ships *.js.
    chunkNames: "[name]-[hash]",
    // The CSP forbids eval, and zod probes for it (a reported violation) when a schema is built unless
    // it is jitless. With splitting, zod and the schemas sit in a shared chunk that main.js imports,
    // so they run before main's own first import (webview/zodConfig.ts) could configure zod: every
    // file starts by setting the flag on zod's global config object instead (the one it reads).
    banner: { js: "(globalThis.__zod_globalConfig ??= {}).jitless = true;" },
    metafile: true,
    target: "es2022",
    loader: { ".ttf": "file" },
    plugins: [preloadListPlugin()],
  },
  {
    ...common,
    minify: false,
    sourcemap: "inline",
    entryPoints: {
      fakeAgent: join(root, "test/fakeAgent/main.ts"),
      "suite/index": join(root, "test/e2e/suite/index.ts"),
    },
    outdir: join(root, "out/test"),
    platform: "node",
    format: "cjs",
    target: "node20",
    external: ["vscode", "mocha"],
  },
];

async function copyCodicons() {
  const from = join(root, "node_modules/@vscode/codicons/dist");
  const to = join(root, "dist/webview");
  await mkdir(to, { recursive: true });
  await copyFile(join(from, "codicon.css"), join(to, "codicon.css"));
  await copyFile(join(from, "codicon.ttf"), join(to, "codicon.ttf"));
}

/**
 * dist/webview/preload.json: the chunks main.js imports statically, which the host preloads beside
 * it (src/shared/wire/modulePreloads.ts) instead of the browser finding them only after parsing main.js.
 */
async function writePreloadList(result) {
  const outputs = result.metafile?.outputs ?? {};
  const main = Object.entries(outputs).find(([file]) => file.endsWith("dist/webview/main.js"))?.[1];
  if (!main) return;
  const preload = main.imports.filter((i) => i.kind === "import-statement").map((i) => i.path.split("/").pop());
  await writeFile(join(root, "dist/webview/preload.json"), JSON.stringify({ preload }) + "\n");
}

function preloadListPlugin() {
  return {
    name: "preload-list",
    setup(build) {
      build.onEnd(async (result) => {
        if (result.errors.length === 0) await writePreloadList(result);
      });
    },
  };
}

/** Chunks of an earlier build (hashed names) must not linger and ship in the .vsix. */
async function removeOldChunks() {
  const dir = join(root, "dist/webview");
  const files = await readdir(dir).catch(() => []);
  await Promise.all(files.filter((name) => /\.js(\.map)?$/.test(name)).map((name) => rm(join(dir, name))));
}

async function reportSizes() {
  for (const file of ["dist/extension.js", "dist/host.js", "dist/webview/main.js", "dist/webview/main.css"]) {
    const { size } = await stat(join(root, file));
    console.log(`${file.padEnd(24)} ${(size / 1024).toFixed(1)} KiB`);
  }
  const chunks = (await readdir(join(root, "dist/webview"))).filter(
    (name) => name.endsWith(".js") && name !== "main.js",
  );
  let total = 0;
  for (const name of chunks) total += (await stat(join(root, "dist/webview", name))).size;
  console.log(
    `${"dist/webview/*.js".padEnd(24)} ${(total / 1024).toFixed(1)} KiB in ${chunks.length} chunks besides main.js`,
  );
}

/**
 * Watch mode prints one "[watch] build started" before each rebuild round and one
 * "[watch] build finished" after it (with its errors and warnings in between, as `file:line:col: error: text`).
 * The background problem matcher of .vscode/tasks.json keys on these two lines: F5 waits for the
 * first "finished" before it starts the Extension Development Host, so the first round counts
 * every build up front (one context may finish before another has started).
 */
function watchMarkers(count) {
  let running = count;
  console.log("[watch] build started");
  return {
    name: "watch-markers",
    setup(build) {
      let first = true;
      build.onStart(() => {
        if (first) first = false;
        else if (running++ === 0) console.log("[watch] build started");
      });
      build.onEnd((result) => {
        const problems = [...result.errors.map((m) => ["error", m]), ...result.warnings.map((m) => ["warning", m])];
        for (const [severity, { location, text }] of problems) {
          const where = location ? `${location.file}:${location.line}:${location.column + 1}: ` : "";
          console.error(`${where}${severity}: ${text}`);
        }
        if (--running === 0) console.log("[watch] build finished");
      });
    },
  };
}

if (watch) {
  await copyCodicons();
  const markers = watchMarkers(builds.length);
  // Errors are printed by the marker plugin in the matcher's format, not by esbuild's own logger.
  const contexts = await Promise.all(
    builds.map((options) =>
      esbuild.context({ ...options, logLevel: "silent", plugins: [...(options.plugins ?? []), markers] }),
    ),
  );
  await Promise.all(contexts.map((context) => context.watch()));
} else {
  await removeOldChunks();
  await Promise.all([copyCodicons(), ...builds.map((options) => esbuild.build(options))]);
  if (production) await reportSizes();
}
