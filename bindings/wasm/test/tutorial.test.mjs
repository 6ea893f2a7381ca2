// A program written from the TypeScript tutorial (seed 004) runs on the library by changing
// its import; its own IShape implementations work too.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Calculate, Circle, Collision, Polygon, Vector, support } from "../dist/tutorial.js";

test("the tutorial's rectangles collide", () => {
  const a = Polygon.Rectangle(new Vector(2, 3), 1, 2);
  const b = Polygon.Rectangle(new Vector(1, 3), 2, 2);
  const collision = Calculate(a, b);
  assert.ok(collision instanceof Collision);
  assert.equal(collision.a, a);
  assert.equal(Calculate(a, Polygon.Rectangle(new Vector(5, 3), 2, 2)), undefined);
});

test("the tutorial's support point of its figures A and B", () => {
  const A = new Polygon([new Vector(0, 1), new Vector(1, -1), new Vector(-1, -1)]);
  const B = new Polygon([new Vector(0, -1), new Vector(1, 1), new Vector(-1, 1)]);
  const s = support(A, B, new Vector(1, 0));
  assert.deepEqual([s.x, s.y], [2, -2]);
  assert.ok(Calculate(A, B));
});

test("circles, moved polygons and the user's own IShape", () => {
  const c = new Circle(new Vector(10, 0), 1);
  assert.equal(Calculate(c, new Circle(new Vector(11.5, 0), 1)) !== undefined, true);
  assert.equal(Calculate(c, new Circle(new Vector(12.5, 0), 1)), undefined);
  const p = Polygon.Rectangle(new Vector(0, 0), 2, 2);
  assert.equal(Calculate(p, c), undefined);
  p.points = p.points.map((v) => v.Add(new Vector(8.5, 0)));
  assert.ok(Calculate(p, c), "the moved polygon is seen where it is now");
  class Diamond {
    constructor(center, r) {
      this.center = center;
      this.r = r;
    }
    FarthestPointInDirection(d) {
      return Math.abs(d.x) >= Math.abs(d.y)
        ? new Vector(this.center.x + Math.sign(d.x) * this.r, this.center.y)
        : new Vector(this.center.x, this.center.y + Math.sign(d.y) * this.r);
    }
  }
  const diamond = new Diamond(new Vector(10, 2.5), 1);
  assert.equal(Calculate(diamond, c), undefined, "|dy| = 2.5 > 1 + 1");
  diamond.center = new Vector(10, 1.9);
  assert.ok(Calculate(diamond, c), "the diamond moved within reach");
});
