//! Airspace conflicts: every pair of reservations closer than a minimum separation.
//!
//! ```sh
//! # the conflicts of the sample at 5 km, and a map of them
//! cargo run --release --example airspace -- examples/airspace/sample.txt 5 target/airspace.svg
//! # a large random input: 100,000 reservations over 20,000 km x 20,000 km, seed 1
//! cargo run --release --example airspace -- generate 100000 1 20000 > target/big.txt
//! cargo run --release --example airspace -- target/big.txt 5 target/big.svg
//! ```
//!
//! The input has one reservation a line, in km (`#` starts a comment):
//!
//! ```text
//! circle    NAME  cx cy radius
//! polygon   NAME  x1 y1 x2 y2 x3 y3 ...     (a convex area: the hull of the points)
//! racetrack NAME  x1 y1 x2 y2 radius        (a holding pattern: two turn centres, a radius)
//! ```
//!
//! A racetrack is a stadium (`Capsule::<2>::along_axis(0, half_length, radius)`, the
//! `gjk_stadium_new` of the C API) placed by a 2D pose at the midpoint of its two centres,
//! turned towards the second. The conflicts come from `gjk::batch::pairs_within`: every pair
//! at most the separation apart (overlapping pairs at 0), with the closest points of each.
//! They are printed, and the SVG map draws every reservation, the conflicting ones in red,
//! with the segment between their closest points.

use gjk::batch::{pairs_within, BatchOptions, PairDistance, Placed};
use gjk::shape::{Ball, Capsule, ConvexHull, Shape};
use gjk::{Pose, Support, Vector};
use std::fmt::Write as _;
use std::time::Instant;

/// One reservation: its name, its shape in a local frame, and where it is.
struct Reservation {
    name: String,
    shape: Shape<2>,
    pose: Pose<2>,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let outcome = match args.first().map(String::as_str) {
        Some("generate") => generate(&args[1..]),
        Some(_) if args.len() >= 3 => conflicts(&args),
        _ => Err(USAGE.to_string()),
    };
    if let Err(message) = outcome {
        eprintln!("{message}");
        std::process::exit(2);
    }
}

const USAGE: &str = "usage: airspace INPUT SEPARATION_KM OUT.svg [THREADS]\n       \
                     airspace generate COUNT SEED [REGION_KM] > INPUT";

fn number(text: &str, what: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .map_err(|_| format!("{what}: '{text}' is not a number"))
}

/// Reads the reservations of `text`.
fn parse(text: &str) -> Result<Vec<Reservation>, String> {
    let mut out = Vec::new();
    for (k, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or_default().trim();
        if line.is_empty() {
            continue;
        }
        let at = format!("line {}", k + 1);
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.len() < 2 {
            return Err(format!("{at}: expected a kind and a name"));
        }
        let values = words[2..]
            .iter()
            .map(|w| number(w, &at))
            .collect::<Result<Vec<f64>, String>>()?;
        let bad = |e: gjk::ShapeError| format!("{at}: {e}");
        let (shape, pose) = match (words[0], values.as_slice()) {
            ("circle", &[x, y, r]) => (
                Shape::Ball(Ball::new(r).map_err(bad)?),
                Pose::new_2d(x, y, 0.0).map_err(bad)?,
            ),
            ("racetrack", &[x1, y1, x2, y2, r]) => {
                let half = 0.5 * (x2 - x1).hypot(y2 - y1);
                let stadium = Capsule::<2>::along_axis(0, half, r).map_err(bad)?;
                let pose = Pose::new_2d(0.5 * (x1 + x2), 0.5 * (y1 + y2), (y2 - y1).atan2(x2 - x1))
                    .map_err(bad)?;
                (Shape::Capsule(stadium), pose)
            }
            ("polygon", xy) if xy.len() >= 6 && xy.len() % 2 == 0 => {
                let points = xy
                    .chunks_exact(2)
                    .map(|p| Vector::<2>::new(p[0], p[1]))
                    .collect();
                (
                    Shape::ConvexHull(ConvexHull::new(points).map_err(bad)?),
                    Pose::identity(),
                )
            }
            (kind, _) => {
                return Err(format!(
                    "{at}: '{kind}' with {} numbers is not a circle (x y r), racetrack \
                     (x1 y1 x2 y2 r) or polygon (3 or more x y)",
                    values.len()
                ))
            }
        };
        out.push(Reservation {
            name: words[1].to_string(),
            shape,
            pose,
        });
    }
    Ok(out)
}

/// `airspace INPUT SEPARATION OUT.svg [THREADS]`.
fn conflicts(args: &[String]) -> Result<(), String> {
    let text =
        std::fs::read_to_string(&args[0]).map_err(|e| format!("cannot read {}: {e}", args[0]))?;
    let separation = number(&args[1], "separation")?;
    let threads = match args.get(3) {
        Some(t) => t.parse().map_err(|_| format!("threads: '{t}'"))?,
        None => 0,
    };
    let started = Instant::now();
    let reservations = parse(&text)?;
    let parsed = started.elapsed();
    let objects: Vec<_> = reservations
        .iter()
        .map(|r| Placed::new(&r.shape, r.pose))
        .collect();
    let options = BatchOptions {
        threads,
        ..BatchOptions::default()
    };
    let started = Instant::now();
    let pairs = pairs_within(&objects, separation, &options).map_err(|e| e.to_string())?;
    let searched = started.elapsed();
    println!(
        "{} reservations, minimum separation {separation} km: {} conflicts \
         (read in {:.1} ms, found in {:.1} ms)",
        reservations.len(),
        pairs.len(),
        parsed.as_secs_f64() * 1e3,
        searched.as_secs_f64() * 1e3
    );
    for p in &pairs {
        let d = &p.result;
        println!(
            "{:<12} {:<12} {:>8.3} km{}",
            reservations[p.i].name,
            reservations[p.j].name,
            d.distance,
            if d.intersecting { "  overlap" } else { "" }
        );
    }
    std::fs::write(&args[2], svg(&reservations, &pairs, separation))
        .map_err(|e| format!("cannot write {}: {e}", args[2]))?;
    eprintln!("map written to {}", args[2]);
    Ok(())
}

/// The outline of a posed convex shape, from its support points in 96 world directions.
fn outline(r: &Reservation) -> Vec<Vector<2>> {
    let mut points: Vec<Vector<2>> = Vec::new();
    for k in 0..96 {
        let angle = f64::from(k) * std::f64::consts::TAU / 96.0;
        let world = Vector::<2>::new(angle.cos(), angle.sin());
        let local = r.pose.rotation().transpose() * world;
        let p = r.pose.transform_point(&r.shape.support(&local));
        if points.last().is_none_or(|q| (q - p).norm() > 1e-9) {
            points.push(p);
        }
    }
    points
}

/// The map: every reservation, conflicting ones in red, closest points joined.
fn svg(reservations: &[Reservation], pairs: &[PairDistance<2>], separation: f64) -> String {
    let mut lo = Vector::<2>::repeat(f64::INFINITY);
    let mut hi = Vector::<2>::repeat(f64::NEG_INFINITY);
    let outlines: Vec<Vec<Vector<2>>> = reservations.iter().map(outline).collect();
    for p in outlines.iter().flatten() {
        lo = lo.inf(p);
        hi = hi.sup(p);
    }
    if reservations.is_empty() {
        lo = Vector::<2>::zeros();
        hi = Vector::<2>::repeat(1.0);
    }
    let size = (hi - lo).max().max(1e-9);
    let scale = 1000.0 / size;
    // y grows upwards on the map: SVG's grows downwards.
    let map = |p: &Vector<2>| (20.0 + (p.x - lo.x) * scale, 20.0 + (hi.y - p.y) * scale);
    let mut in_conflict = vec![false; reservations.len()];
    for p in pairs {
        in_conflict[p.i] = true;
        in_conflict[p.j] = true;
    }
    let (w, h) = (40.0 + (hi.x - lo.x) * scale, 60.0 + (hi.y - lo.y) * scale);
    let mut s = String::new();
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w:.0}\" height=\"{h:.0}\" \
         viewBox=\"0 0 {w:.0} {h:.0}\" font-family=\"sans-serif\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"#f7f9fc\"/>"
    );
    for (k, points) in outlines.iter().enumerate() {
        let (fill, stroke) = if in_conflict[k] {
            ("#e8505b", "#a01020")
        } else {
            ("#7fa7d9", "#2c5d99")
        };
        let mut d = String::new();
        for (n, p) in points.iter().enumerate() {
            let (x, y) = map(p);
            let _ = write!(d, "{}{x:.1},{y:.1} ", if n == 0 { "M" } else { "L" });
        }
        let _ = writeln!(
            s,
            "<path d=\"{d}Z\" fill=\"{fill}\" fill-opacity=\"0.35\" stroke=\"{stroke}\" \
             stroke-width=\"1\"><title>{}</title></path>",
            reservations[k].name
        );
    }
    for p in pairs {
        let (x1, y1) = map(&p.result.point_a);
        let (x2, y2) = map(&p.result.point_b);
        let _ = writeln!(
            s,
            "<line x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\" stroke=\"#000\" \
             stroke-width=\"2\"/><circle cx=\"{x1:.1}\" cy=\"{y1:.1}\" r=\"2.5\" fill=\"#000\"/>\
             <circle cx=\"{x2:.1}\" cy=\"{y2:.1}\" r=\"2.5\" fill=\"#000\"/>"
        );
    }
    let _ = writeln!(
        s,
        "<text x=\"20\" y=\"{:.0}\" font-size=\"16\">{} reservations over {:.0} km x {:.0} km; \
         {} pairs closer than {separation} km (red; black: closest points)</text>\n</svg>",
        h - 15.0,
        reservations.len(),
        hi.x - lo.x,
        hi.y - lo.y,
        pairs.len()
    );
    s
}

/// A small seeded generator (xorshift64*), so that a seed always gives the same input.
struct Random(u64);

impl Random {
    fn unit(&mut self) -> f64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 11) as f64 / (1u64 << 53) as f64
    }

    fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }

    /// About normal, with deviation `sigma` (sum of uniforms).
    fn spread(&mut self, sigma: f64) -> f64 {
        (0..4).map(|_| self.range(-1.0, 1.0)).sum::<f64>() * sigma * 0.866
    }
}

/// `airspace generate COUNT SEED [REGION_KM]`: random reservations, a third around a few
/// hubs (one per 80,000 km²), the others anywhere in the region: circles of 3 to 15 km
/// radius (restricted areas), convex areas of 8 to 30 km radius (training areas), racetracks
/// 10 to 30 km long with turns of 2 to 5 km (holding patterns).
fn generate(args: &[String]) -> Result<(), String> {
    let count: usize = args
        .first()
        .and_then(|c| c.parse().ok())
        .ok_or("generate: COUNT is missing or not a whole number")?;
    let seed: u64 = args
        .get(1)
        .and_then(|s| s.parse().ok())
        .ok_or("generate: SEED is missing or not a whole number")?;
    let region = match args.get(2) {
        Some(r) => number(r, "REGION_KM")?,
        None => 1000.0,
    };
    let mut rng = Random(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let hubs: Vec<(f64, f64)> = (0..((region * region / 80_000.0) as usize).max(1))
        .map(|_| (rng.range(0.1, 0.9) * region, rng.range(0.1, 0.9) * region))
        .collect();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# {count} airspace reservations over {region} km x {region} km (seed {seed}), in km"
    );
    for k in 0..count {
        let (cx, cy) = if rng.unit() < 0.35 {
            let (hx, hy) = hubs[(rng.unit() * hubs.len() as f64) as usize % hubs.len()];
            (hx + rng.spread(60.0), hy + rng.spread(60.0))
        } else {
            (rng.range(0.0, region), rng.range(0.0, region))
        };
        let (cx, cy) = (cx.clamp(0.0, region), cy.clamp(0.0, region));
        let kind = rng.unit();
        if kind < 0.4 {
            let _ = writeln!(
                out,
                "circle R-{k} {cx:.2} {cy:.2} {:.2}",
                rng.range(3.0, 15.0)
            );
        } else if kind < 0.7 {
            let radius = rng.range(8.0, 30.0);
            let corners = 4 + (rng.unit() * 4.0) as usize;
            let turn = rng.range(0.0, std::f64::consts::TAU);
            let mut line = format!("polygon TRA-{k}");
            for c in 0..corners {
                let a = turn
                    + std::f64::consts::TAU * (c as f64 + rng.range(-0.3, 0.3)) / corners as f64;
                let r = radius * rng.range(0.6, 1.0);
                let _ = write!(line, " {:.2} {:.2}", cx + r * a.cos(), cy + r * a.sin());
            }
            let _ = writeln!(out, "{line}");
        } else {
            let half = 0.5 * rng.range(10.0, 30.0);
            let a = rng.range(0.0, std::f64::consts::PI);
            let (dx, dy) = (half * a.cos(), half * a.sin());
            let _ = writeln!(
                out,
                "racetrack HOLD-{k} {:.2} {:.2} {:.2} {:.2} {:.2}",
                cx - dx,
                cy - dy,
                cx + dx,
                cy + dy,
                rng.range(2.0, 5.0)
            );
        }
    }
    print!("{out}");
    Ok(())
}
