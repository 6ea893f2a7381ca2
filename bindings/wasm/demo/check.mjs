// Opens the demo page in headless Chromium (Debian's, driven by playwright-core), drags shape
// B with the mouse, checks that the page shows the library's distance for where B went, and
// saves a screenshot. Usage: node demo/check.mjs [screenshot.png]
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import * as gjk from "../dist/index.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const types = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm" };
const server = createServer(async (request, response) => {
  const path = normalize(decodeURIComponent(new URL(request.url, "http://x").pathname));
  try {
    const body = await readFile(join(root, path));
    response.writeHead(200, { "content-type": types[extname(path)] ?? "application/octet-stream" });
    response.end(body);
  } catch {
    response.writeHead(404);
    response.end();
  }
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const { port } = server.address();

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: ["--no-sandbox"],
});
try {
  const page = await browser.newPage({ viewport: { width: 1100, height: 780 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`http://127.0.0.1:${port}/demo/index.html`);
  await page.waitForFunction(() => window.demoReady === true, null, { timeout: 20000 });
  // Drag B (at (10, 5.5) in units of 40 px, y up) by (-1.5, +1) units.
  const box = await page.locator("#scene").boundingBox();
  const at = (x, y) => [box.x + x * 40, box.y + 480 - y * 40];
  await page.mouse.move(...at(10, 5.5));
  await page.mouse.down();
  await page.mouse.move(...at(9.25, 6), { steps: 4 });
  await page.mouse.move(...at(8.5, 6.5), { steps: 4 });
  await page.mouse.up();
  const shown = Number(await page.evaluate(() => document.body.dataset.distance));
  const where = await page.evaluate(() => [window.demo.state.b.x, window.demo.state.b.y]);
  // The same query in Node, on the same library.
  const a = new gjk.Polygon([[-1.5, -1], [1.5, -1.2], [2, 0.8], [0, 1.8], [-1.8, 0.6]]);
  const expected = gjk.distance(a, new gjk.Circle(1.3), gjk.Pose.at(4, 6), gjk.Pose.at(where[0], where[1], 0.4)).distance;
  if (Math.abs(where[0] - 8.5) > 0.05 || Math.abs(where[1] - 6.5) > 0.05) {
    throw new Error(`B was dragged to ${where}, not (8.5, 6.5)`);
  }
  if (shown !== expected) {
    throw new Error(`the page shows distance ${shown}, the library says ${expected}`);
  }
  const text = await page.locator("#readout").textContent();
  if (!text.includes("distance") || errors.length > 0) {
    throw new Error(`readout ${text}; page errors: ${errors.join("; ")}`);
  }
  if (process.argv[2]) {
    // A rectangle, turned: its steps make a richer simplex to look at.
    await page.selectOption("#kind", "rectangle");
    await page.locator("#angle").fill("250");
    await page.evaluate(() => {
      Object.assign(window.demo.state.b, { x: 10.5, y: 4.2 });
      window.demo.draw();
    });
    await page.screenshot({ path: process.argv[2] });
  }
  console.log(`demo ok: B dragged to (${where}), distance ${shown}`);
} finally {
  await browser.close();
  server.close();
}
