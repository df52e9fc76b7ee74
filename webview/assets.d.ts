// esbuild bundles imported CSS into dist/webview/main.css; the import has no value.
declare module "*.css";
