/**
 * A stand-in for an npm registry on 127.0.0.1: serves each package's packument
 * (`GET /<name>`, scoped names as `/@scope%2fname`) and its tarball, packed here from files given
 * in the test. Point npm at it with `npm_config_registry`. It records every path asked for, so a
 * test can tell which packages npm fetched.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, join } from "node:path";
import { scratchDir } from "./scratchDir";

export interface FakePackage {
  readonly name: string;
  readonly version: string;
  /** File path (inside the package) → content. `package.json` is written from the fields below. */
  readonly files: Readonly<Record<string, string>>;
  readonly bin?: Readonly<Record<string, string>>;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly scripts?: Readonly<Record<string, string>>;
}

export interface RegistryStandIn {
  /** `http://127.0.0.1:PORT/` (with the trailing slash npm expects). */
  url: string;
  /** Paths requested, in order (decoded). */
  readonly requests: string[];
  /** Called with each path before it is answered (a test can cancel an install mid-run). */
  onRequest: ((path: string) => void) | undefined;
  stop(): Promise<void>;
}

interface Packed {
  readonly manifest: Record<string, unknown>;
  readonly tarball: Buffer;
  readonly file: string;
}

/** Packs `pkg` as npm does: a gzipped tar whose entries sit under `package/`. */
function pack(pkg: FakePackage, dir: string): { tarball: Buffer; manifest: Record<string, unknown> } {
  const root = join(dir, `${pkg.name.replace(/[@/]/g, "_")}-${pkg.version}`);
  const manifest: Record<string, unknown> = {
    name: pkg.name,
    version: pkg.version,
    ...(pkg.bin ? { bin: pkg.bin } : {}),
    ...(pkg.dependencies ? { dependencies: pkg.dependencies } : {}),
    ...(pkg.scripts ? { scripts: pkg.scripts } : {}),
  };
  const files: Record<string, string> = { ...pkg.files, "package.json": JSON.stringify(manifest, null, 2) };
  for (const [path, text] of Object.entries(files)) {
    const file = join(root, "package", path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text, { mode: Object.values(pkg.bin ?? {}).includes(path) ? 0o755 : 0o644 });
  }
  const out = `${root}.tgz`;
  execFileSync("tar", ["-czf", out, "-C", root, "package"]);
  return { tarball: readFileSync(out), manifest };
}

export async function startRegistryStandIn(packages: readonly FakePackage[]): Promise<RegistryStandIn> {
  const dir = scratchDir("acp-npm-registry-");
  const packed = new Map<string, Packed[]>();
  for (const pkg of packages) {
    const { tarball, manifest } = pack(pkg, dir);
    const file = `${pkg.name.split("/").pop()}-${pkg.version}.tgz`;
    packed.set(pkg.name, [...(packed.get(pkg.name) ?? []), { manifest, tarball, file }]);
  }
  const requests: string[] = [];
  let base = "";
  const standIn: RegistryStandIn = {
    url: "",
    requests,
    onRequest: undefined,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent((request.url ?? "/").split("?")[0] ?? "/");
    requests.push(path);
    standIn.onRequest?.(path);
    const tarball = /^\/(.+)\/-\/([^/]+\.tgz)$/.exec(path);
    if (tarball) {
      const found = packed.get(tarball[1] ?? "")?.find((entry) => entry.file === tarball[2]);
      if (!found) return void response.writeHead(404).end();
      response.writeHead(200, { "content-type": "application/octet-stream" });
      return void response.end(found.tarball);
    }
    const versions = packed.get(path.slice(1));
    if (!versions) {
      response.writeHead(404, { "content-type": "application/json" });
      return void response.end(JSON.stringify({ error: "Not found" }));
    }
    const name = path.slice(1);
    const packument = {
      name,
      "dist-tags": { latest: versions[versions.length - 1]?.manifest.version },
      versions: Object.fromEntries(
        versions.map(({ manifest, tarball, file }) => [
          manifest.version,
          {
            ...manifest,
            dist: {
              tarball: `${base}${name}/-/${file}`,
              shasum: createHash("sha1").update(tarball).digest("hex"),
              integrity: `sha512-${createHash("sha512").update(tarball).digest("base64")}`,
            },
          },
        ]),
      ),
    };
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify(packument));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return Object.assign(standIn, { url: base });
}
