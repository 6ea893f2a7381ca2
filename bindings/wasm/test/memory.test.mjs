// 100,000 shapes made and freed, and 100,000 forgotten to the garbage collector: the module's
// memory stays bounded. (Run with --expose-gc for the second; the package's tests are.)
import { test } from "node:test";
import assert from "node:assert/strict";
import * as gjk from "../dist/index.js";
import { moduleMemory } from "../dist/raw.js";

const bytes = () => moduleMemory().buffer.byteLength;
const hexagon = Array.from({ length: 6 }, (_, k) => [Math.cos(k), Math.sin(k)]);

test("shapes freed by hand give their memory back", () => {
  const before = bytes();
  for (let k = 0; k < 100_000; k++) {
    const shape = k % 2 ? new gjk.Polygon(hexagon) : new gjk.Circle(1 + k * 1e-6);
    gjk.distance(shape, shape, null, gjk.Pose.at(3, 0));
    shape.free();
  }
  assert.ok(bytes() - before <= 2 << 20, `grew by ${bytes() - before} bytes`);
});

test("forgotten shapes are freed by the FinalizationRegistry", { skip: typeof gc !== "function" }, async () => {
  const settle = async () => {
    for (let i = 0; i < 5; i++) {
      gc();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  await settle();
  const before = bytes();
  for (let round = 0; round < 10; round++) {
    for (let k = 0; k < 10_000; k++) {
      new gjk.Polygon(hexagon);
    }
    await settle();
  }
  // 100,000 hexagons held would take tens of megabytes.
  assert.ok(bytes() - before <= 8 << 20, `grew by ${bytes() - before} bytes`);
});
