/**
 * The webview's CSP forbids eval. Zod compiles object parsers with `new Function` unless told
 * not to, and its probe alone makes the browser report a CSP violation. Schemas read this flag
 * when they are built, so main.tsx imports this module before anything that defines a schema.
 * In the split production bundle the shared chunks run before main.js's own code, so esbuild.mjs
 * also sets the flag in a banner at the top of every chunk; this import keeps unbundled uses right.
 */
import * as z from "zod";

z.config({ jitless: true });
