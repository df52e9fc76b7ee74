/**
 * The webview's CSP forbids eval. Zod compiles object parsers with `new Function` unless told
 * not to, and its probe alone makes the browser report a CSP violation. Schemas read this flag
 * when they are built, so main.tsx imports this module before anything that defines a schema.
 */
import * as z from "zod";

z.config({ jitless: true });
