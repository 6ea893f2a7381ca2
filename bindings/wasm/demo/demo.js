// The demo page: two shapes on a canvas, the library's answer drawn over them. The shapes'
// outlines and the Minkowski difference are drawn from support functions written here (the
// library gives answers, not outlines); every number shown is the library's.
import * as gjk from "../dist/index.js";

const scene = document.getElementById("scene");
const mink = document.getElementById("minkowski");
const readout = document.getElementById("readout");
const kindSelect = document.getElementById("kind");
const angleInput = document.getElementById("angle");
const SCALE = 40; // pixels per unit

const defaultPolygon = () => [[-1.5, -1], [1.5, -1.2], [2, 0.8], [0, 1.8], [-1.8, 0.6]];
const state = {
  polygon: defaultPolygon(),
  a: { x: 4, y: 6 }, // centre of A (the polygon's frame origin)
  b: { x: 10, y: 5.5 },
};

/** The kinds of B: the library's shape and a support function (local frame) to draw it. */
const kinds = {
  circle: { make: () => new gjk.Circle(1.3), support: ([x, y]) => unit([x, y], 1.3) },
  ellipse: {
    make: () => new gjk.Ellipse(2, 0.9),
    support: ([x, y]) => {
      const [a, b] = [2, 0.9];
      const n = Math.hypot(a * x, b * y) || 1;
      return [(a * a * x) / n, (b * b * y) / n];
    },
  },
  rectangle: { make: () => new gjk.Rectangle(1.6, 0.8), support: ([x, y]) => [Math.sign(x || 1) * 1.6, Math.sign(y || 1) * 0.8] },
  stadium: {
    make: () => new gjk.Stadium(1.2, 0.7),
    support: ([x, y]) => {
      const u = unit([x, y], 0.7);
      return [Math.sign(x || 1) * 1.2 + u[0], u[1]];
    },
  },
  triangle: {
    points: [[-1.2, -1], [1.5, -0.6], [0, 1.4]],
    make() { return new gjk.Polygon(this.points); },
    support([x, y]) { return farthest(this.points, [x, y]); },
  },
};

function unit([x, y], r) {
  const n = Math.hypot(x, y) || 1;
  return [(r * x) / n, (r * y) / n];
}
function farthest(points, d) {
  let best = points[0];
  for (const p of points) if (p[0] * d[0] + p[1] * d[1] > best[0] * d[0] + best[1] * d[1]) best = p;
  return best;
}
const rotate = ([x, y], t) => [x * Math.cos(t) - y * Math.sin(t), x * Math.sin(t) + y * Math.cos(t)];

let shapeA = new gjk.Polygon(state.polygon);
let shapeB = kinds[kindSelect.value].make();

function angleB() {
  return Number(angleInput.value) / 100;
}
/** World support functions of A and B (for drawing). */
function supportA(d) {
  const p = farthest(state.polygon, d);
  return [p[0] + state.a.x, p[1] + state.a.y];
}
function supportB(d) {
  const t = angleB();
  const p = rotate(kinds[kindSelect.value].support(rotate(d, -t)), t);
  return [p[0] + state.b.x, p[1] + state.b.y];
}
function outline(support, n = 96) {
  const pts = [];
  for (let k = 0; k < n; k++) {
    const t = (2 * Math.PI * k) / n;
    pts.push(support([Math.cos(t), Math.sin(t)]));
  }
  return pts;
}

const toScene = ([x, y]) => [x * SCALE, scene.height - y * SCALE];
const fromScene = (px, py) => [px / SCALE, (scene.height - py) / SCALE];
const MSCALE = 28;
const toMink = ([x, y]) => [mink.width / 2 + x * MSCALE, mink.height / 2 - y * MSCALE];

function path(ctx, pts, map, close = true) {
  ctx.beginPath();
  pts.forEach((p, k) => {
    const [x, y] = map(p);
    if (k === 0) ctx.moveTo(x, y);
    else ctx.lineTo(x, y);
  });
  if (close) ctx.closePath();
}
function dot(ctx, p, map, color, r = 4) {
  const [x, y] = map(p);
  ctx.fillStyle = color;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, 2 * Math.PI);
  ctx.fill();
}
function arrow(ctx, from, to, map, color) {
  const [x0, y0] = map(from);
  const [x1, y1] = map(to);
  ctx.strokeStyle = color;
  ctx.fillStyle = color;
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(x0, y0);
  ctx.lineTo(x1, y1);
  ctx.stroke();
  const t = Math.atan2(y1 - y0, x1 - x0);
  ctx.beginPath();
  ctx.moveTo(x1, y1);
  ctx.lineTo(x1 - 10 * Math.cos(t - 0.4), y1 - 10 * Math.sin(t - 0.4));
  ctx.lineTo(x1 - 10 * Math.cos(t + 0.4), y1 - 10 * Math.sin(t + 0.4));
  ctx.fill();
}

function poses() {
  return [gjk.Pose.at(state.a.x, state.a.y), gjk.Pose.at(state.b.x, state.b.y, angleB())];
}

/** The library's answers for the current scene. */
export function answer() {
  const [pa, pb] = poses();
  const trace = gjk.distanceTrace(shapeA, shapeB, pa, pb);
  const overlap = trace.result.intersecting ? gjk.penetration(shapeA, shapeB, pa, pb) : undefined;
  return { trace, overlap };
}

function draw() {
  const { trace, overlap } = answer();
  const r = trace.result;
  const ctx = scene.getContext("2d");
  ctx.clearRect(0, 0, scene.width, scene.height);
  ctx.lineWidth = 2;
  path(ctx, outline(supportA, 64), toScene);
  ctx.fillStyle = r.intersecting ? "rgba(220,60,60,0.25)" : "rgba(60,120,220,0.25)";
  ctx.fill();
  ctx.strokeStyle = "#2a5db0";
  ctx.stroke();
  for (const v of state.polygon) dot(ctx, [v[0] + state.a.x, v[1] + state.a.y], toScene, "#2a5db0", 5);
  path(ctx, outline(supportB), toScene);
  ctx.fillStyle = r.intersecting ? "rgba(220,60,60,0.25)" : "rgba(240,160,40,0.25)";
  ctx.fill();
  ctx.strokeStyle = "#c07010";
  ctx.stroke();
  if (!r.intersecting) {
    ctx.setLineDash([6, 4]);
    path(ctx, [r.pointA, r.pointB], toScene, false);
    ctx.strokeStyle = "#333";
    ctx.stroke();
    ctx.setLineDash([]);
    dot(ctx, r.pointA, toScene, "#2a5db0", 6);
    dot(ctx, r.pointB, toScene, "#c07010", 6);
    arrow(ctx, r.pointA, [r.pointA[0] + r.normal[0], r.pointA[1] + r.normal[1]], toScene, "#2a8a2a");
  } else if (overlap) {
    dot(ctx, overlap.pointA, toScene, "#2a5db0", 6);
    dot(ctx, overlap.pointB, toScene, "#c07010", 6);
    arrow(ctx, overlap.pointB, overlap.pointA, toScene, "#b02a2a");
  }
  drawMinkowski(trace);
  const lines = [
    `distance     ${r.distance.toFixed(6)}`,
    `lower bound  ${r.lowerBound.toFixed(6)}`,
    `intersecting ${r.intersecting}`,
    `iterations   ${r.iterations}   steps ${trace.steps.map((s) => s.outcome).join(", ")}`,
  ];
  if (overlap) lines.push(`depth        ${(-overlap.signedDistance).toFixed(6)}`);
  readout.textContent = lines.join("\n");
  document.body.dataset.distance = String(r.distance);
}

function drawMinkowski(trace) {
  const ctx = mink.getContext("2d");
  ctx.clearRect(0, 0, mink.width, mink.height);
  const diff = (d) => {
    const a = supportA(d);
    const b = supportB([-d[0], -d[1]]);
    return [a[0] - b[0], a[1] - b[1]];
  };
  ctx.strokeStyle = "#bbb";
  ctx.beginPath();
  ctx.moveTo(0, mink.height / 2);
  ctx.lineTo(mink.width, mink.height / 2);
  ctx.moveTo(mink.width / 2, 0);
  ctx.lineTo(mink.width / 2, mink.height);
  ctx.stroke();
  path(ctx, outline(diff, 128), toMink);
  ctx.fillStyle = "rgba(120,120,120,0.15)";
  ctx.fill();
  ctx.strokeStyle = "#666";
  ctx.stroke();
  const colors = ["#d0d0ff", "#a0a0f0", "#7070e0", "#4040c0", "#101090"];
  trace.steps.forEach((step, k) => {
    const color = colors[Math.min(k, colors.length - 1)];
    const pts = step.simplex.map((v) => v.w);
    path(ctx, pts, toMink, pts.length > 2);
    ctx.strokeStyle = color;
    ctx.lineWidth = k === trace.steps.length - 1 ? 3 : 1.5;
    ctx.stroke();
    pts.forEach((p) => dot(ctx, p, toMink, color, 3));
  });
  const last = trace.steps[trace.steps.length - 1];
  if (last) dot(ctx, last.closest, toMink, "#2a8a2a", 5);
  dot(ctx, [0, 0], toMink, "#000", 4);
  ctx.fillStyle = "#000";
  ctx.fillText("origin", mink.width / 2 + 6, mink.height / 2 - 6);
  ctx.fillText("A − B; the simplex of each step (darker: later), green: its closest point", 8, 16);
  ctx.fillText("Circles and stadiums are searched as their centre or segment (the core)", 8, 32);
  ctx.fillText("grown by the radius: the simplex is then of the cores' difference.", 8, 46);
}

// Dragging, and the polygon editor.
let dragging = null;
function inside(shape, pose, p) {
  const point = new gjk.Point(p);
  try {
    return gjk.intersect(shape, point, pose, null);
  } finally {
    point.free();
  }
}
scene.addEventListener("pointerdown", (e) => {
  const p = fromScene(e.offsetX, e.offsetY);
  const [pa, pb] = poses();
  if (inside(shapeB, pb, p)) dragging = { target: state.b, from: p };
  else if (inside(shapeA, pa, p)) dragging = { target: state.a, from: p };
  else {
    state.polygon.push([p[0] - state.a.x, p[1] - state.a.y]);
    rebuildA();
  }
  scene.setPointerCapture(e.pointerId);
});
scene.addEventListener("pointermove", (e) => {
  if (!dragging) return;
  const p = fromScene(e.offsetX, e.offsetY);
  dragging.target.x += p[0] - dragging.from[0];
  dragging.target.y += p[1] - dragging.from[1];
  dragging.from = p;
  draw();
});
scene.addEventListener("pointerup", () => (dragging = null));
scene.addEventListener("dblclick", (e) => {
  const p = fromScene(e.offsetX, e.offsetY);
  let best = -1;
  state.polygon.forEach((v, k) => {
    if (Math.hypot(v[0] + state.a.x - p[0], v[1] + state.a.y - p[1]) < 0.3) best = k;
  });
  if (best >= 0 && state.polygon.length > 1) {
    state.polygon.splice(best, 1);
    rebuildA();
  }
});
function rebuildA() {
  shapeA.free();
  shapeA = new gjk.Polygon(state.polygon);
  draw();
}
kindSelect.addEventListener("change", () => {
  shapeB.free();
  shapeB = kinds[kindSelect.value].make();
  draw();
});
angleInput.addEventListener("input", draw);
document.getElementById("reset").addEventListener("click", () => {
  state.polygon = defaultPolygon();
  rebuildA();
});

draw();
window.demo = { state, answer, draw };
window.demoReady = true;
