//! Pictures of a traced distance query, as SVG text (no dependency): on the left the two shapes
//! where they are, their closest points and the separating line; on the right their Minkowski
//! difference `A - B`, the origin, and every step of the search — the search direction, the
//! support point found, the simplex after it (older steps fainter) and its point closest to the
//! origin.
//!
//! [`render_manifold`] draws a contact manifold (see [`crate::contact_manifold`]): the shapes,
//! each contact point on A and on B, and the normal.
//!
//! 2D queries are drawn as they are. 3D queries are projected orthographically on the plane
//! through the final normal and the coordinate axis least aligned with it, where the distance
//! is seen at its true length; outlines are the projections' silhouettes.
//!
//! Outlines are sampled from the support functions (256 directions): polygons show their
//! vertices (a vertex whose outer angle is below 1.4 degrees may be cut), curved shapes their
//! curve. For circles, stadiums and other rounded shapes GJK runs on their cores, where the
//! trace's points lie: the cores and their difference are drawn dashed inside the shapes.
//!
//! ```
//! use gjk::{shape::{Ball, ConvexHull}, trace::{distance_traced, svg}, Pose, QueryOptions, Vector};
//!
//! let square = ConvexHull::<2>::new(vec![
//!     Vector::<2>::new(0.0, 0.0), Vector::<2>::new(3.0, 0.0),
//!     Vector::<2>::new(3.0, 3.0), Vector::<2>::new(0.0, 3.0),
//! ]).unwrap();
//! let circle = Ball::<2>::new(1.0).unwrap();
//! let at = Pose::new_2d(6.0, 1.5, 0.0).unwrap();
//! let mut steps = Vec::new();
//! let r = distance_traced(&square, &Pose::identity(), &circle, &at,
//!                         &QueryOptions::default(), &mut steps).unwrap();
//! let picture = svg::render(&square, &Pose::identity(), &circle, &at, &r, &steps);
//! assert!(picture.starts_with("<svg"));
//! ```

mod contact;

use std::fmt::Write;

pub use contact::render_manifold;

use crate::gjk::DistanceResult;
use crate::support::{Pose, Support, Vector};
use crate::trace::{StepOutcome, TraceStep};

/// Directions the outlines are sampled in.
const SAMPLES: usize = 256;
/// Size of a panel's drawing area, in pixels.
const PANEL: f64 = 460.0;
/// Space around a panel's drawing area, in pixels.
const PAD: f64 = 30.0;
/// Height of the caption under the panels.
const CAPTION: f64 = 56.0;

/// The plane a picture is drawn in: a point `p` is drawn at `(p . u, p . w)`.
struct View<const D: usize> {
    u: Vector<D>,
    w: Vector<D>,
}

impl<const D: usize> View<D> {
    /// The x-y plane in 2D; in 3D the plane through `normal` and the axis least aligned with it.
    fn new(normal: &Vector<D>) -> Self {
        let axis = |i: usize| {
            let mut e = Vector::<D>::zeros();
            e[i] = 1.0;
            e
        };
        if D == 2 {
            return Self {
                u: axis(0),
                w: axis(1),
            };
        }
        let u = if normal.norm() > 0.0 {
            normal.normalize()
        } else {
            axis(0)
        };
        let e = axis(u.iamin());
        let w = (e - u * u.dot(&e)).normalize();
        Self { u, w }
    }

    fn project(&self, p: &Vector<D>) -> [f64; 2] {
        [p.dot(&self.u), p.dot(&self.w)]
    }

    /// The direction of the drawing plane at `angle` from `u`, in space.
    fn direction(&self, angle: f64) -> Vector<D> {
        self.u * angle.cos() + self.w * angle.sin()
    }

    /// The outline of the convex set whose support function is `support`, as seen in the plane.
    fn outline(&self, support: impl Fn(&Vector<D>) -> Vector<D>) -> Vec<[f64; 2]> {
        let mut points: Vec<[f64; 2]> = Vec::with_capacity(SAMPLES);
        for k in 0..SAMPLES {
            let angle = std::f64::consts::TAU * k as f64 / SAMPLES as f64;
            let p = self.project(&support(&self.direction(angle)));
            if points.last() != Some(&p) && points.first() != Some(&p) {
                points.push(p);
            }
        }
        points
    }
}

/// The support point of `shape` placed by `pose`, in the world, in world direction `d`;
/// `core`: of its core (without its margin).
fn placed<const D: usize, S: Support<D> + ?Sized>(
    shape: &S,
    pose: &Pose<D>,
    d: &Vector<D>,
    core: bool,
) -> Vector<D> {
    let local = pose.rotation().tr_mul(d);
    let p = if core {
        shape.core_support(&local)
    } else {
        shape.support(&local)
    };
    pose.transform_point(&p)
}

/// A panel's mapping from drawing-plane coordinates to pixels: one scale for both axes, y up.
struct Frame {
    left: f64,
    min: [f64; 2],
    max: [f64; 2],
    scale: f64,
}

impl Frame {
    /// The frame that shows every point of `points`, in the panel starting at `left` pixels.
    fn fit<'p>(left: f64, points: impl Iterator<Item = &'p [f64; 2]>) -> Self {
        let mut min = [f64::INFINITY; 2];
        let mut max = [f64::NEG_INFINITY; 2];
        for p in points.filter(|p| p.iter().all(|x| x.is_finite())) {
            for i in 0..2 {
                min[i] = min[i].min(p[i]);
                max[i] = max[i].max(p[i]);
            }
        }
        if min[0] > max[0] {
            (min, max) = ([-1.0; 2], [1.0; 2]);
        }
        let span = (max[0] - min[0]).max(max[1] - min[1]);
        let span = if span > 0.0 {
            span
        } else {
            min[0].abs().max(min[1].abs()).max(1.0)
        };
        // Centre the content in a square of side `span`, with 8% to spare on each side.
        let margin = 0.08 * span;
        let centre = [(min[0] + max[0]) / 2.0, (min[1] + max[1]) / 2.0];
        let half = span / 2.0 + margin;
        Frame {
            left,
            min: [centre[0] - half, centre[1] - half],
            max: [centre[0] + half, centre[1] + half],
            scale: PANEL / (2.0 * half),
        }
    }

    fn map(&self, p: &[f64; 2]) -> (f64, f64) {
        (
            self.left + PAD + (p[0] - self.min[0]) * self.scale,
            PAD + (self.max[1] - p[1]) * self.scale,
        )
    }

    /// The plane's length of `pixels` pixels.
    fn length(&self, pixels: f64) -> f64 {
        pixels / self.scale
    }

    /// The part of the segment from `a` to `b` inside the panel (Liang-Barsky), if any.
    fn clip(&self, a: &[f64; 2], b: &[f64; 2]) -> Option<([f64; 2], [f64; 2])> {
        let (mut t0, mut t1) = (0.0f64, 1.0f64);
        for i in 0..2 {
            let d = b[i] - a[i];
            for (p, q) in [(-d, a[i] - self.min[i]), (d, self.max[i] - a[i])] {
                if p == 0.0 {
                    if q < 0.0 {
                        return None;
                    }
                } else if p < 0.0 {
                    t0 = t0.max(q / p);
                } else {
                    t1 = t1.min(q / p);
                }
            }
        }
        let at = |t: f64| [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
        (t0 <= t1).then(|| (at(t0), at(t1)))
    }
}

/// SVG text being written: elements in pixel coordinates.
struct Canvas {
    text: String,
    /// Where step labels were put, so that crowded ones are left out.
    labels: Vec<(f64, f64)>,
}

impl Canvas {
    /// The outlines of shapes A (blue) and B (orange).
    fn shapes(&mut self, frame: &Frame, a: &[[f64; 2]], b: &[[f64; 2]]) {
        self.polygon(
            frame,
            a,
            r##"fill="#4a90d9" fill-opacity="0.25" stroke="#2a6cb0" stroke-width="1.5""##,
        );
        self.polygon(
            frame,
            b,
            r##"fill="#e8913a" fill-opacity="0.25" stroke="#c06a10" stroke-width="1.5""##,
        );
    }

    /// A document `width` by `height` pixels on a white ground.
    fn open(width: f64, height: f64) -> Self {
        let mut text = String::new();
        let _ = writeln!(
            text,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="13">"#
        );
        let _ = writeln!(
            text,
            r#"<rect x="0" y="0" width="{width}" height="{height}" fill="white"/>"#
        );
        Self {
            text,
            labels: Vec::new(),
        }
    }

    fn polygon(&mut self, frame: &Frame, points: &[[f64; 2]], style: &str) {
        let coordinates: Vec<String> = points
            .iter()
            .map(|p| {
                let (x, y) = frame.map(p);
                format!("{x:.2},{y:.2}")
            })
            .collect();
        let _ = writeln!(
            self.text,
            r#"<polygon points="{}" {style}/>"#,
            coordinates.join(" ")
        );
    }

    /// The part of the segment from `a` to `b` inside the panel.
    fn line(&mut self, frame: &Frame, a: &[f64; 2], b: &[f64; 2], style: &str) {
        let Some((a, b)) = frame.clip(a, b) else {
            return;
        };
        let ((x1, y1), (x2, y2)) = (frame.map(&a), frame.map(&b));
        let _ = writeln!(
            self.text,
            r#"<line x1="{x1:.2}" y1="{y1:.2}" x2="{x2:.2}" y2="{y2:.2}" {style}/>"#
        );
    }

    fn dot(&mut self, frame: &Frame, p: &[f64; 2], radius: f64, style: &str) {
        let (x, y) = frame.map(p);
        let _ = writeln!(
            self.text,
            r#"<circle cx="{x:.2}" cy="{y:.2}" r="{radius}" {style}/>"#
        );
    }

    fn label(&mut self, frame: &Frame, p: &[f64; 2], dx: f64, dy: f64, text: &str, style: &str) {
        let (x, y) = frame.map(p);
        let _ = writeln!(
            self.text,
            r#"<text x="{:.2}" y="{:.2}" {style}>{}</text>"#,
            x + dx,
            y + dy,
            escape(text)
        );
    }

    /// A step's label, left out where another step's label already is (steps crowd near the
    /// answer on curved shapes).
    #[allow(clippy::too_many_arguments)]
    fn step_label(
        &mut self,
        frame: &Frame,
        p: &[f64; 2],
        dx: f64,
        dy: f64,
        text: &str,
        style: &str,
    ) {
        let (x, y) = frame.map(p);
        let at = (x + dx, y + dy);
        if self
            .labels
            .iter()
            .any(|(u, v)| (u - at.0).hypot(v - at.1) < 14.0)
        {
            return;
        }
        self.labels.push(at);
        self.label(frame, p, dx, dy, text, style);
    }

    fn text_at(&mut self, x: f64, y: f64, text: &str, style: &str) {
        let _ = writeln!(
            self.text,
            r#"<text x="{x:.2}" y="{y:.2}" {style}>{}</text>"#,
            escape(text)
        );
    }
}

/// `text` with the characters XML reserves escaped.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A number for a caption: a few significant digits.
fn number(x: f64) -> String {
    if x == 0.0 || (1e-3..1e6).contains(&x.abs()) {
        format!("{}", (x * 1e4).round() / 1e4)
    } else {
        format!("{x:.3e}")
    }
}

/// The picture of the query of `a` placed by `pose_a` and `b` placed by `pose_b` that gave
/// `result`, traced in `steps` (see [`crate::trace::distance_traced`]), as an SVG document.
pub fn render<const D: usize, A, B>(
    a: &A,
    pose_a: &Pose<D>,
    b: &B,
    pose_b: &Pose<D>,
    result: &DistanceResult<D>,
    steps: &[TraceStep<D>],
) -> String
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
{
    let scene = Scene::new(a, pose_a, b, pose_b, result, steps);
    let world = Frame::fit(
        0.0,
        scene
            .shape_a
            .iter()
            .chain(&scene.shape_b)
            .chain([&scene.point_a, &scene.point_b]),
    );
    let (minkowski, arrow_length) = scene.minkowski_frame();

    let width = 2.0 * (PANEL + 2.0 * PAD);
    let height = PANEL + 2.0 * PAD + CAPTION;
    let mut c = Canvas::open(width, height);
    c.text.push_str(concat!(
        r#"<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" "#,
        r#"markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" "#,
        r#"fill="context-stroke"/></marker></defs>"#,
        "\n"
    ));
    let plane = if D == 2 { "" } else { " (projected)" };
    c.world_panel(&scene, &world, plane);
    c.minkowski_panel(&scene, &minkowski, arrow_length, plane);
    c.caption(result, steps);
    c.text.push_str("</svg>\n");
    c.text
}

/// The style of the cores' outlines, inside shapes with a margin.
const DASHED: &str = r##"fill="none" stroke="#555" stroke-width="1" stroke-dasharray="4 3""##;

/// What a picture of a traced query shows, in the drawing plane.
struct Scene<'q, const D: usize> {
    view: View<D>,
    /// Whether A and B have a margin: their cores are then drawn too.
    margins: [bool; 2],
    shape_a: Vec<[f64; 2]>,
    shape_b: Vec<[f64; 2]>,
    core_a: Vec<[f64; 2]>,
    core_b: Vec<[f64; 2]>,
    difference: Vec<[f64; 2]>,
    core_difference: Vec<[f64; 2]>,
    point_a: [f64; 2],
    point_b: [f64; 2],
    result: &'q DistanceResult<D>,
    steps: &'q [TraceStep<D>],
}

impl<'q, const D: usize> Scene<'q, D> {
    /// The outlines of the shapes, of their cores and of their differences, in the view of the
    /// final normal (for overlapping shapes, the last step's direction).
    fn new<A, B>(
        a: &A,
        pose_a: &Pose<D>,
        b: &B,
        pose_b: &Pose<D>,
        result: &'q DistanceResult<D>,
        steps: &'q [TraceStep<D>],
    ) -> Self
    where
        A: Support<D> + ?Sized,
        B: Support<D> + ?Sized,
    {
        let normal = if result.intersecting {
            steps.last().map_or(result.normal, |s| -s.closest)
        } else {
            result.normal
        };
        let view = View::new(&normal);
        let margins = [a.margin() > 0.0, b.margin() > 0.0];
        // The outlines, in the drawing plane.
        let shape_a = view.outline(|d| placed(a, pose_a, d, false));
        let shape_b = view.outline(|d| placed(b, pose_b, d, false));
        let core_a = view.outline(|d| placed(a, pose_a, d, true));
        let core_b = view.outline(|d| placed(b, pose_b, d, true));
        let difference =
            view.outline(|d| placed(a, pose_a, d, false) - placed(b, pose_b, &-d, false));
        let core_difference =
            view.outline(|d| placed(a, pose_a, d, true) - placed(b, pose_b, &-d, true));
        let (point_a, point_b) = (view.project(&result.point_a), view.project(&result.point_b));
        Self {
            view,
            margins,
            shape_a,
            shape_b,
            core_a,
            core_b,
            difference,
            core_difference,
            point_a,
            point_b,
            result,
            steps,
        }
    }

    /// The tip of the arrow `length` long from the origin along the direction `d`, drawn; none
    /// where `d` is seen end-on.
    fn arrow(&self, d: &Vector<D>, length: f64) -> Option<[f64; 2]> {
        let d = self.view.project(d);
        let norm = d[0].hypot(d[1]);
        (norm > 0.0).then(|| [d[0] / norm * length, d[1] / norm * length])
    }

    /// The right panel's frame, which shows `A - B`, the origin, every step's simplex, support
    /// point and search direction; and the length of the directions' arrows.
    fn minkowski_frame(&self) -> (Frame, f64) {
        let origin = [0.0, 0.0];
        let mut minkowski_points: Vec<[f64; 2]> = self.difference.clone();
        minkowski_points.push(origin);
        for s in self.steps {
            minkowski_points.extend(s.simplex().iter().map(|v| self.view.project(&v.w)));
            minkowski_points.push(self.view.project(&s.support_w));
        }
        // The search directions are drawn as arrows from the origin, a fifth of the content long.
        let content = Frame::fit(0.0, minkowski_points.iter());
        let arrow_length = 0.2 * (content.max[0] - content.min[0]);
        let tips: Vec<[f64; 2]> = self
            .steps
            .iter()
            .filter_map(|s| self.arrow(&s.direction, arrow_length))
            .collect();
        minkowski_points.extend(tips);
        (
            Frame::fit(PANEL + 2.0 * PAD, minkowski_points.iter()),
            arrow_length,
        )
    }
}

/// The centroid of `points` (the origin for none).
fn centroid(points: &[[f64; 2]]) -> [f64; 2] {
    let n = points.len().max(1) as f64;
    let sum = points
        .iter()
        .fold([0.0, 0.0], |s, p| [s[0] + p[0], s[1] + p[1]]);
    [sum[0] / n, sum[1] / n]
}

impl Canvas {
    /// The left panel: the shapes (and their cores), and their common point or their closest
    /// points with the separating line. `plane` tells a projection.
    fn world_panel<const D: usize>(&mut self, scene: &Scene<'_, D>, world: &Frame, plane: &str) {
        self.text.push_str("<g id=\"world\">\n");
        self.text_at(
            PAD,
            20.0,
            &format!("A and B{plane}"),
            r#"font-weight="bold""#,
        );
        self.shapes(world, &scene.shape_a, &scene.shape_b);
        if scene.margins[0] {
            self.polygon(world, &scene.core_a, DASHED);
        }
        if scene.margins[1] {
            self.polygon(world, &scene.core_b, DASHED);
        }
        self.label(
            world,
            &centroid(&scene.shape_a),
            -4.0,
            4.0,
            "A",
            r##"fill="#2a6cb0""##,
        );
        self.label(
            world,
            &centroid(&scene.shape_b),
            -4.0,
            4.0,
            "B",
            r##"fill="#c06a10""##,
        );
        let (point_a, point_b) = (scene.point_a, scene.point_b);
        if scene.result.intersecting {
            self.dot(world, &point_a, 4.0, r##"fill="#c0392b""##);
            self.label(
                world,
                &point_a,
                6.0,
                -6.0,
                "common point",
                r##"fill="#c0392b""##,
            );
        } else {
            let n = scene.view.project(&scene.result.normal);
            let mid = [
                (point_a[0] + point_b[0]) / 2.0,
                (point_a[1] + point_b[1]) / 2.0,
            ];
            let reach = world.length(2.0 * PANEL);
            let along = [-n[1] * reach, n[0] * reach];
            self.line(
                world,
                &[mid[0] - along[0], mid[1] - along[1]],
                &[mid[0] + along[0], mid[1] + along[1]],
                r##"stroke="#27ae60" stroke-width="1" stroke-dasharray="6 4""##,
            );
            self.line(
                world,
                &point_a,
                &point_b,
                r##"stroke="#c0392b" stroke-width="1.5""##,
            );
            self.dot(world, &point_a, 4.0, r##"fill="#c0392b""##);
            self.dot(world, &point_b, 4.0, r##"fill="#c0392b""##);
        }
        self.text.push_str("</g>\n");
    }

    /// The right panel: the Minkowski difference, the origin, each step (see [`Canvas::step`])
    /// and the final `v`.
    fn minkowski_panel<const D: usize>(
        &mut self,
        scene: &Scene<'_, D>,
        minkowski: &Frame,
        arrow_length: f64,
        plane: &str,
    ) {
        let origin = [0.0, 0.0];
        self.text.push_str("<g id=\"minkowski\">\n");
        self.text_at(
            PANEL + 3.0 * PAD,
            20.0,
            &format!("A - B{plane}, and the simplex at each step"),
            r#"font-weight="bold""#,
        );
        self.polygon(
            minkowski,
            &scene.difference,
            r##"fill="#999" fill-opacity="0.18" stroke="#666" stroke-width="1.5""##,
        );
        if scene.margins[0] || scene.margins[1] {
            self.polygon(minkowski, &scene.core_difference, DASHED);
        }
        let cross = minkowski.length(6.0);
        for (from, to) in [([-cross, 0.0], [cross, 0.0]), ([0.0, -cross], [0.0, cross])] {
            self.line(
                minkowski,
                &from,
                &to,
                r#"stroke="black" stroke-width="1.5""#,
            );
        }
        self.label(minkowski, &origin, 6.0, 14.0, "O", "");
        let (x, y) = minkowski.map(&origin);
        self.labels.push((x + 6.0, y + 14.0));
        for (k, s) in scene.steps.iter().enumerate() {
            let fade = 0.3 + 0.7 * (k + 1) as f64 / scene.steps.len() as f64;
            self.step(scene, minkowski, s, fade, arrow_length);
        }
        if let Some(last) = scene.steps.last() {
            let v = scene.view.project(&last.closest);
            self.line(
                minkowski,
                &origin,
                &v,
                r##"stroke="#c0392b" stroke-width="1.5" stroke-dasharray="3 2""##,
            );
            self.label(minkowski, &v, -16.0, -6.0, "v", r##"fill="#c0392b""##);
        }
        self.text.push_str("</g>\n");
    }

    /// A step `s` of the search, `fade` opaque: its direction from the origin, its simplex
    /// after it, its support point and its point closest to the origin.
    fn step<const D: usize>(
        &mut self,
        scene: &Scene<'_, D>,
        minkowski: &Frame,
        s: &TraceStep<D>,
        fade: f64,
        arrow_length: f64,
    ) {
        let origin = [0.0, 0.0];
        let _ = writeln!(
            self.text,
            r#"<g class="step" id="step-{}" opacity="{fade:.2}">"#,
            s.iteration
        );
        // The search direction, from the origin.
        if let Some(tip) = scene.arrow(&s.direction, arrow_length) {
            self.line(
                minkowski,
                &origin,
                &tip,
                r##"stroke="#8e44ad" stroke-width="1.2" marker-end="url(#arrow)""##,
            );
            self.step_label(
                minkowski,
                &tip,
                4.0,
                -4.0,
                &format!("d{}", s.iteration),
                r##"fill="#8e44ad" font-size="11""##,
            );
        }
        // The simplex after the step: its edges, and its closest point.
        let corners: Vec<[f64; 2]> = s
            .simplex()
            .iter()
            .map(|v| scene.view.project(&v.w))
            .collect();
        let edge_style = r##"stroke="#2c3e50" stroke-width="1.5""##;
        match corners.len() {
            1 => self.dot(minkowski, &corners[0], 3.0, r##"fill="#2c3e50""##),
            3 if D == 2 => self.polygon(
                minkowski,
                &corners,
                r##"fill="#2c3e50" fill-opacity="0.08" stroke="#2c3e50" stroke-width="1.5""##,
            ),
            _ => {
                for i in 0..corners.len() {
                    for j in i + 1..corners.len() {
                        self.line(minkowski, &corners[i], &corners[j], edge_style);
                    }
                }
            }
        }
        let w = scene.view.project(&s.support_w);
        self.dot(minkowski, &w, 3.5, r##"fill="#8e44ad""##);
        self.step_label(
            minkowski,
            &w,
            5.0,
            12.0,
            &format!("w{}", s.iteration),
            r##"fill="#8e44ad" font-size="11""##,
        );
        let closest = scene.view.project(&s.closest);
        self.dot(minkowski, &closest, 2.5, r##"fill="#c0392b""##);
        self.text.push_str("</g>\n");
    }

    /// The caption under the panels: the verdict, the support points spent, why the search
    /// ended, and the legend.
    fn caption<const D: usize>(&mut self, result: &DistanceResult<D>, steps: &[TraceStep<D>]) {
        let verdict = if result.intersecting {
            "intersecting (distance 0)".to_string()
        } else {
            format!(
                "distance {} (certified lower bound {})",
                number(result.distance),
                number(result.lower_bound)
            )
        };
        let ending = steps.last().map_or("", |s| match s.outcome {
            StepOutcome::Started | StepOutcome::Added => "the simplex reached the origin",
            StepOutcome::Repeated => "the last support point was already in the simplex",
            StepOutcome::GapClosed => "the duality gap closed",
            StepOutcome::NoProgress => "no further progress within rounding",
        });
        let base = PANEL + 2.0 * PAD;
        self.text_at(
            PAD,
            base + 22.0,
            &format!(
                "{verdict}; {} support point{}; ended: {ending}.",
                result.iterations,
                if result.iterations == 1 { "" } else { "s" }
            ),
            "",
        );
        self.text_at(
            PAD,
            base + 42.0,
            "d_k: search direction, w_k: support point found (A's point minus B's), dark: simplex \
             after step k (older steps fainter), red dots: its point closest to the origin O.",
            r##"font-size="11" fill="#444""##,
        );
    }
}
