/**
 * The WebAssembly module, loaded once when the package is imported (top-level await), and
 * the block of its memory through which queries pass their numbers (see src/io.rs).
 * @module
 */
import init, { initSync, ioAddress, moduleMemory } from "../pkg/gjk_wasm.js";
export * from "../pkg/gjk_wasm.js";

/** Where the module's binary lies, beside its JavaScript glue. */
const wasmUrl = new URL("../pkg/gjk_wasm_bg.wasm", import.meta.url);

/** Node has no `fetch` of `file:` URLs: there the binary is read from disk. */
const node = (globalThis as { process?: { versions?: { node?: string } } }).process?.versions
  ?.node;
if (node !== undefined) {
  const fs = "node:fs/promises";
  const { readFile } = (await import(fs)) as {
    readFile: (url: URL) => Promise<Uint8Array>;
  };
  initSync({ module: await readFile(wasmUrl) });
} else {
  await init({ module_or_path: wasmUrl });
}

/** Indices of the block (mirroring src/io.rs). */
export const POSE_A = 0;
export const POSE_B = 7;
export const OPTIONS = 14;
export const ARGS = 16;
export const OUT = 32;
export const SUPPORT = 96;
const LENGTH = 100;

const memory = moduleMemory() as WebAssembly.Memory;
const address = ioAddress();
let view = new Float64Array(memory.buffer, address, LENGTH);

/**
 * The block, as a view renewed when the module's memory has grown: growing detaches the old
 * buffer, whose views then have length 0 (a cheaper test than reading `memory.buffer`, a
 * getter that cost 60 ns a call).
 */
export function io(): Float64Array {
  if (view.length === 0) {
    view = new Float64Array(memory.buffer, address, LENGTH);
  }
  return view;
}
