/**
 * Syntax highlighting with highlight.js core and a dozen common languages (the full build
 * would triple the bundle). Unknown languages render as plain, escaped code.
 */
import hljs from "highlight.js/lib/core";
import bash from "highlight.js/lib/languages/bash";
import c from "highlight.js/lib/languages/c";
import cpp from "highlight.js/lib/languages/cpp";
import css from "highlight.js/lib/languages/css";
import diff from "highlight.js/lib/languages/diff";
import go from "highlight.js/lib/languages/go";
import java from "highlight.js/lib/languages/java";
import javascript from "highlight.js/lib/languages/javascript";
import json from "highlight.js/lib/languages/json";
import markdown from "highlight.js/lib/languages/markdown";
import python from "highlight.js/lib/languages/python";
import rust from "highlight.js/lib/languages/rust";
import shell from "highlight.js/lib/languages/shell";
import typescript from "highlight.js/lib/languages/typescript";
import xml from "highlight.js/lib/languages/xml";
import yaml from "highlight.js/lib/languages/yaml";

const languages = { bash, c, cpp, css, diff, go, java, javascript, json, markdown, python, rust, shell, typescript, xml, yaml };
for (const [name, language] of Object.entries(languages)) hljs.registerLanguage(name, language);

/** Highlighted, escaped HTML for `code`, or undefined when `language` is not registered. */
export function highlightCode(code: string, language: string): string | undefined {
  if (language === "" || hljs.getLanguage(language) === undefined) return undefined;
  return hljs.highlight(code, { language, ignoreIllegals: true }).value;
}
