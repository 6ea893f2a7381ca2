// Prints the reachability graph wasm-metadce takes: every export of the module but the C
// ABI's (gjk_*, which the library's #[no_mangle] functions add to any module that links it,
// and which JavaScript never calls) is a root; the C ABI and what only it reaches are removed.
// Usage: node scripts/exports-graph.mjs MODULE.wasm > graph.json
import { readFileSync } from "node:fs";

const module = new WebAssembly.Module(readFileSync(process.argv[2]));
const kept = WebAssembly.Module.exports(module)
  .map((e) => e.name)
  .filter((name) => !name.startsWith("gjk_"));
const graph = [
  { name: "root", root: true, reaches: kept.map((name) => `export:${name}`) },
  ...kept.map((name) => ({ name: `export:${name}`, export: name })),
];
console.log(JSON.stringify(graph));
