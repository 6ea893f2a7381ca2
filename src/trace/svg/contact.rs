//! The picture of a contact manifold: the two shapes where they are, each contact point on A
//! and on B joined by its separation, and the contact normal.

use std::fmt::Write;

use super::{number, placed, Canvas, Frame, View, CAPTION, PAD, PANEL};
use crate::manifold::ContactManifold;
use crate::support::{Pose, Support, Vector};

/// The contact manifold `manifold` of `a` placed by `pose_a` and `b` placed by `pose_b` (see
/// [`crate::contact_manifold`]) as an SVG document. 2D pairs are drawn as they are; 3D pairs
/// are projected on a plane tilted from the contact plane, so that a face of contact shows as
/// a parallelogram: the first axis across the normal, and the normal leaning back by about
/// 27 degrees.
pub fn render_manifold<const D: usize, A, B>(
    a: &A,
    pose_a: &Pose<D>,
    b: &B,
    pose_b: &Pose<D>,
    manifold: &ContactManifold<D>,
) -> String
where
    A: Support<D> + ?Sized,
    B: Support<D> + ?Sized,
{
    let view = tilted(&manifold.normal);
    let shape_a = view.outline(|d| placed(a, pose_a, d, false));
    let shape_b = view.outline(|d| placed(b, pose_b, d, false));
    let ends: Vec<([f64; 2], [f64; 2])> = manifold
        .points
        .iter()
        .map(|p| (view.project(&p.point_a), view.project(&p.point_b)))
        .collect();
    let frame = Frame::fit(0.0, shape_a.iter().chain(&shape_b));
    let width = PANEL + 2.0 * PAD;
    let height = PANEL + 2.0 * PAD + CAPTION;
    let mut c = Canvas::open(width, height);
    c.shapes(&frame, &shape_a, &shape_b);
    let arrow = view.project(&manifold.normal);
    let length = frame.length(40.0);
    for (k, (on_a, on_b)) in ends.iter().enumerate() {
        let _ = writeln!(c.text, r#"<g class="contact" id="contact-{k}">"#);
        let tip = [on_a[0] + arrow[0] * length, on_a[1] + arrow[1] * length];
        c.line(
            &frame,
            on_a,
            &tip,
            r##"stroke="#27ae60" stroke-width="1.2""##,
        );
        c.line(&frame, on_a, on_b, r##"stroke="#c0392b" stroke-width="2""##);
        c.dot(&frame, on_a, 3.5, r##"fill="#2a6cb0""##);
        c.dot(&frame, on_b, 3.5, r##"fill="#c06a10""##);
        c.label(
            &frame,
            on_b,
            5.0,
            14.0,
            &format!("{k}"),
            r##"fill="#c0392b""##,
        );
        c.text.push_str("</g>\n");
    }
    let separations: Vec<String> = manifold
        .points
        .iter()
        .map(|p| number(p.separation))
        .collect();
    // Components within rounding of 0 are shown as 0.
    let normal: Vec<String> = manifold
        .normal
        .iter()
        .map(|x| number(if x.abs() < 1e-12 { 0.0 } else { *x }))
        .collect();
    let base = PANEL + 2.0 * PAD;
    let count = manifold.points.len();
    c.text_at(
        PAD,
        base + 16.0,
        &format!(
            "{count} contact point{}, normal ({})",
            if count == 1 { "" } else { "s" },
            normal.join(", "),
        ),
        "",
    );
    c.text_at(
        PAD,
        base + 34.0,
        &format!(
            "separations: {}",
            if separations.is_empty() {
                "none".to_string()
            } else {
                separations.join(", ")
            }
        ),
        "",
    );
    c.text_at(
        PAD,
        base + 52.0,
        "blue: points on A, orange: points on B, red: their separation, green: the normal.",
        r##"font-size="11" fill="#444""##,
    );
    c.text.push_str("</svg>\n");
    c.text
}

/// The x-y plane in 2D; in 3D the plane of the first axis across `normal` and of `normal`
/// leaning back towards the second axis across it.
fn tilted<const D: usize>(normal: &Vector<D>) -> View<D> {
    let plain = View::new(normal);
    if D == 2 {
        return plain;
    }
    // `plain.u` is the normal and `plain.w` across it; the second axis across is their cross.
    let (n, t) = (plain.u, plain.w);
    let mut s = Vector::<D>::zeros();
    s[0] = n[1] * t[2] - n[2] * t[1];
    s[1] = n[2] * t[0] - n[0] * t[2];
    s[2] = n[0] * t[1] - n[1] * t[0];
    View {
        u: t,
        w: (n + s * 0.5).normalize(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::manifold::contact_manifold;
    use crate::shape::Cuboid;

    /// Four contacts of a crate on a floor: four groups, the caption's count and separations.
    #[test]
    fn a_crate_on_a_floor_shows_its_four_contacts() {
        let floor = Cuboid::new(Vector::<3>::new(2.0, 2.0, 0.5)).unwrap();
        let crate_ = Cuboid::new(Vector::<3>::new(0.5, 0.5, 0.5)).unwrap();
        let at = Pose::from_translation(Vector::<3>::new(0.1, 0.2, 0.95)).unwrap();
        let m = contact_manifold(&floor, &Pose::identity(), &crate_, &at, 0.0).unwrap();
        let svg = render_manifold(&floor, &Pose::identity(), &crate_, &at, &m);
        assert_eq!(svg.matches(r#"class="contact""#).count(), 4);
        assert!(svg.contains("4 contact points, normal (0, 0, 1)"));
        assert!(svg.contains("separations: -0.05, -0.05, -0.05, -0.05"));
        assert!(svg.ends_with("</svg>\n"));
    }
}
