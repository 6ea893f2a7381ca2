//! Traces a distance query between two shapes: prints every iteration as the classic tutorial
//! did ("iteration 3: direction (...), support ..., simplex ...") and draws the query as an SVG
//! (the shapes, their Minkowski difference, the simplex at each step).
//!
//! ```text
//! cargo run --example gjk_trace -- [--svg FILE] [--tolerance T] SHAPE vs SHAPE
//! cargo run --example gjk_trace -- [--svg FILE] [--tolerance T] --file FILE
//!
//! SHAPE, 2D:  polygon X,Y X,Y ... | circle R | ellipse HX HY | stadium HALF_LENGTH R
//!             | rectangle HX HY | segment X,Y X,Y | point X,Y      then optionally: at X Y [DEGREES]
//! SHAPE, 3D:  polytope X,Y,Z ... | sphere R | ellipsoid HX HY HZ | capsule HALF_LENGTH R
//!             | box HX HY HZ | segment X,Y,Z X,Y,Z | point X,Y,Z
//!             then optionally: at X Y Z [AX AY AZ DEGREES] (a turn about the axis AX AY AZ)
//! --file:     the two shapes on two lines (# starts a comment)
//! ```
//!
//! For example the tutorial's square and triangle, the triangle moved by (2, 1):
//! `cargo run --example gjk_trace -- polygon 0,0 3,0 3,3 0,3 vs polygon 3,3 5,3 3,5 at 2 1`

use std::process::ExitCode;

use gjk::shape::{Ball, Capsule, ConvexHull, Cuboid, Ellipsoid, Point, Segment, Shape};
use gjk::trace::{distance_traced, svg, StepOutcome, TraceStep};
use gjk::{DistanceResult, Pose, QueryError, QueryOptions, Vector};
use nalgebra::{Unit, UnitQuaternion, Vector3};

const USAGE: &str = "usage: gjk_trace [--svg FILE] [--tolerance T] (SHAPE vs SHAPE | --file FILE)
  2D shapes: polygon X,Y X,Y ... | circle R | ellipse HX HY | stadium HALF_LENGTH R
             | rectangle HX HY | segment X,Y X,Y | point X,Y   [at X Y [DEGREES]]
  3D shapes: polytope X,Y,Z ... | sphere R | ellipsoid HX HY HZ | capsule HALF_LENGTH R
             | box HX HY HZ | segment X,Y,Z X,Y,Z | point X,Y,Z   [at X Y Z [AX AY AZ DEGREES]]";

/// A shape and where it is, in 2D or in 3D.
enum Placed {
    Planar(Shape<2>, Pose<2>),
    Spatial(Shape<3>, Pose<3>),
}

/// What the command line asks for.
struct Request {
    svg: String,
    options: QueryOptions,
    a: Placed,
    b: Placed,
}

fn number(word: &str) -> Result<f64, String> {
    word.parse::<f64>()
        .ok()
        .filter(|x| x.is_finite())
        .ok_or_else(|| format!("'{word}' is not a finite number"))
}

/// A point written `X,Y` (or `X,Y,Z`) with `dim` coordinates.
fn point<const D: usize>(word: &str) -> Result<Vector<D>, String> {
    let parts: Vec<&str> = word.split(',').collect();
    if parts.len() != D {
        return Err(format!(
            "'{word}' is not a {D}D point (write {})",
            ["X,Y", "X,Y,Z"][D - 2]
        ));
    }
    let mut p = Vector::<D>::zeros();
    for (slot, part) in p.iter_mut().zip(parts) {
        *slot = number(part)?;
    }
    Ok(p)
}

/// `count` numbers from `words`, named for the messages.
fn numbers(kind: &str, words: &[&str], names: &[&str]) -> Result<Vec<f64>, String> {
    if words.len() != names.len() {
        return Err(format!(
            "{kind} takes {} ({}), got {} value(s)",
            names.len(),
            names.join(" "),
            words.len()
        ));
    }
    words.iter().map(|w| number(w)).collect()
}

/// One shape: its words up to an optional `at`, then the pose's words.
fn shape(words: &[&str]) -> Result<Placed, String> {
    let (kind, rest) = words.split_first().ok_or("a shape is missing")?;
    let at = rest.iter().position(|w| *w == "at").unwrap_or(rest.len());
    let (args, pose) = (&rest[..at], rest.get(at + 1..).unwrap_or(&[]));
    if at < rest.len() && pose.is_empty() {
        return Err("'at' needs a position".into());
    }
    let bad = |e: gjk::ShapeError| format!("{kind}: {e}");
    let planar = |s: Shape<2>| Ok::<_, String>(Placed::Planar(s, pose_2d(pose)?));
    let spatial = |s: Shape<3>| Ok::<_, String>(Placed::Spatial(s, pose_3d(pose)?));
    let is_3d = args.first().is_some_and(|w| w.split(',').count() == 3);
    match *kind {
        "polygon" | "polytope" if args.is_empty() => Err(format!("{kind} needs points")),
        "polygon" => {
            let points = args
                .iter()
                .map(|w| point::<2>(w))
                .collect::<Result<_, _>>()?;
            planar(Shape::ConvexHull(ConvexHull::new(points).map_err(bad)?))
        }
        "polytope" => {
            let points = args
                .iter()
                .map(|w| point::<3>(w))
                .collect::<Result<_, _>>()?;
            spatial(Shape::ConvexHull(ConvexHull::new(points).map_err(bad)?))
        }
        "circle" => {
            let v = numbers(kind, args, &["R"])?;
            planar(Shape::Ball(Ball::new(v[0]).map_err(bad)?))
        }
        "sphere" => {
            let v = numbers(kind, args, &["R"])?;
            spatial(Shape::Ball(Ball::new(v[0]).map_err(bad)?))
        }
        "ellipse" => {
            let v = numbers(kind, args, &["HX", "HY"])?;
            let half = Vector::<2>::new(v[0], v[1]);
            planar(Shape::Ellipsoid(Ellipsoid::new(half).map_err(bad)?))
        }
        "ellipsoid" => {
            let v = numbers(kind, args, &["HX", "HY", "HZ"])?;
            let half = Vector::<3>::new(v[0], v[1], v[2]);
            spatial(Shape::Ellipsoid(Ellipsoid::new(half).map_err(bad)?))
        }
        "stadium" => {
            let v = numbers(kind, args, &["HALF_LENGTH", "R"])?;
            planar(Shape::Capsule(
                Capsule::along_axis(0, v[0], v[1]).map_err(bad)?,
            ))
        }
        "capsule" => {
            let v = numbers(kind, args, &["HALF_LENGTH", "R"])?;
            spatial(Shape::Capsule(
                Capsule::along_axis(2, v[0], v[1]).map_err(bad)?,
            ))
        }
        "rectangle" => {
            let v = numbers(kind, args, &["HX", "HY"])?;
            let half = Vector::<2>::new(v[0], v[1]);
            planar(Shape::Cuboid(Cuboid::new(half).map_err(bad)?))
        }
        "box" => {
            let v = numbers(kind, args, &["HX", "HY", "HZ"])?;
            let half = Vector::<3>::new(v[0], v[1], v[2]);
            spatial(Shape::Cuboid(Cuboid::new(half).map_err(bad)?))
        }
        "segment" if args.len() != 2 => Err("segment takes two points".into()),
        "segment" if is_3d => {
            let s = Segment::new(point::<3>(args[0])?, point::<3>(args[1])?).map_err(bad)?;
            spatial(Shape::Segment(s))
        }
        "segment" => {
            let s = Segment::new(point::<2>(args[0])?, point::<2>(args[1])?).map_err(bad)?;
            planar(Shape::Segment(s))
        }
        "point" if args.len() != 1 => Err("point takes one point".into()),
        "point" if is_3d => spatial(Shape::Point(Point::new(point::<3>(args[0])?).map_err(bad)?)),
        "point" => planar(Shape::Point(Point::new(point::<2>(args[0])?).map_err(bad)?)),
        other => Err(format!("unknown shape '{other}'")),
    }
}

/// `X Y [DEGREES]`, or the identity when empty.
fn pose_2d(words: &[&str]) -> Result<Pose<2>, String> {
    let v: Vec<f64> = words.iter().map(|w| number(w)).collect::<Result<_, _>>()?;
    match v[..] {
        [] => Ok(Pose::identity()),
        [x, y] => Pose::new_2d(x, y, 0.0).map_err(|e| e.to_string()),
        [x, y, degrees] => Pose::new_2d(x, y, degrees.to_radians()).map_err(|e| e.to_string()),
        _ => Err(format!(
            "a 2D pose is 'at X Y [DEGREES]', got {} values",
            v.len()
        )),
    }
}

/// `X Y Z [AX AY AZ DEGREES]`, or the identity when empty.
fn pose_3d(words: &[&str]) -> Result<Pose<3>, String> {
    let v: Vec<f64> = words.iter().map(|w| number(w)).collect::<Result<_, _>>()?;
    let (position, rotation) = match v[..] {
        [] => return Ok(Pose::identity()),
        [x, y, z] => (Vector3::new(x, y, z), UnitQuaternion::identity()),
        [x, y, z, ax, ay, az, degrees] => {
            let axis =
                Unit::try_new(Vector3::new(ax, ay, az), 0.0).ok_or("the rotation axis is zero")?;
            (
                Vector3::new(x, y, z),
                UnitQuaternion::from_axis_angle(&axis, degrees.to_radians()),
            )
        }
        _ => {
            return Err(format!(
                "a 3D pose is 'at X Y Z [AX AY AZ DEGREES]', got {} values",
                v.len()
            ))
        }
    };
    Pose::new_3d(position, rotation).map_err(|e| e.to_string())
}

/// The two shapes of `words`, separated by `vs`.
fn two_shapes(words: &[&str]) -> Result<(Placed, Placed), String> {
    let split = words
        .iter()
        .position(|w| *w == "vs")
        .ok_or("write the two shapes as SHAPE vs SHAPE")?;
    Ok((shape(&words[..split])?, shape(&words[split + 1..])?))
}

fn parse(args: &[String]) -> Result<Request, String> {
    let mut svg = "gjk-trace.svg".to_string();
    let mut options = QueryOptions::default();
    let mut rest: Vec<&str> = Vec::new();
    let mut file = None;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--svg" => svg = it.next().ok_or("--svg needs a file name")?.clone(),
            "--tolerance" => {
                options.relative_tolerance = number(it.next().ok_or("--tolerance needs a value")?)?
            }
            "--file" => file = Some(it.next().ok_or("--file needs a file name")?.clone()),
            "-h" | "--help" => return Err(String::new()),
            word => rest.push(word),
        }
    }
    let (a, b) = match file {
        Some(path) => {
            if !rest.is_empty() {
                return Err("give the shapes either on the command line or in --file".into());
            }
            let text =
                std::fs::read_to_string(&path).map_err(|e| format!("cannot read {path}: {e}"))?;
            let lines: Vec<Vec<&str>> = text
                .lines()
                .map(|l| {
                    l.split('#')
                        .next()
                        .unwrap_or("")
                        .split_whitespace()
                        .collect()
                })
                .filter(|w: &Vec<&str>| !w.is_empty())
                .collect();
            match &lines[..] {
                [a, b] => (shape(a)?, shape(b)?),
                _ => return Err(format!("{path}: expected two shapes, one a line")),
            }
        }
        None => two_shapes(&rest)?,
    };
    Ok(Request { svg, options, a, b })
}

/// A number for the log: up to 6 decimals, without trailing zeros.
fn fmt(x: f64) -> String {
    if x != 0.0 && !(1e-4..1e7).contains(&x.abs()) {
        return format!("{x:.6e}");
    }
    let s = format!("{x:.6}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".into()
    } else {
        s.into()
    }
}

fn vector<const D: usize>(v: &Vector<D>) -> String {
    let parts: Vec<String> = v.iter().map(|x| fmt(*x)).collect();
    format!("({})", parts.join(", "))
}

fn log<const D: usize>(steps: &[TraceStep<D>], result: &DistanceResult<D>) {
    for s in steps {
        let outcome = match s.outcome {
            StepOutcome::Started => "start",
            StepOutcome::Added => "added",
            StepOutcome::Repeated => "already in the simplex: converged",
            StepOutcome::GapClosed => "duality gap closed: converged",
            StepOutcome::NoProgress => "no progress: converged",
        };
        let simplex: Vec<String> = s
            .simplex()
            .iter()
            .map(|v| format!("{} x {}", vector(&v.w), fmt(v.weight)))
            .collect();
        println!(
            "iteration {}: direction {}, support A {} - B {} = {}, {outcome}",
            s.iteration,
            vector(&s.direction),
            vector(&s.support_a),
            vector(&s.support_b),
            vector(&s.support_w)
        );
        println!(
            "  simplex [{}], closest {}, distance in [{}, {}]",
            simplex.join(", "),
            vector(&s.closest),
            fmt(s.lower_bound),
            fmt(s.upper_bound)
        );
    }
    if result.intersecting {
        println!(
            "intersecting: distance 0, common point {}",
            vector(&result.point_a)
        );
    } else {
        println!(
            "distance {} (lower bound {}), closest points {} on A and {} on B, normal {}",
            fmt(result.distance),
            fmt(result.lower_bound),
            vector(&result.point_a),
            vector(&result.point_b),
            vector(&result.normal)
        );
    }
}

/// Runs the traced query, prints its log and returns the picture.
fn trace<const D: usize>(
    a: &Shape<D>,
    pose_a: &Pose<D>,
    b: &Shape<D>,
    pose_b: &Pose<D>,
    options: &QueryOptions,
) -> Result<String, String> {
    let mut steps = Vec::new();
    let result = match distance_traced(a, pose_a, b, pose_b, options, &mut steps) {
        Ok(r) => r,
        Err(QueryError::NoConvergence(best)) => {
            println!("(the iteration cap was reached: the bounds below are the best found)");
            *best
        }
        Err(e) => return Err(e.to_string()),
    };
    log(&steps, &result);
    Ok(svg::render(a, pose_a, b, pose_b, &result, &steps))
}

fn run(args: &[String]) -> Result<(), String> {
    let request = parse(args)?;
    let picture = match (&request.a, &request.b) {
        (Placed::Planar(a, pa), Placed::Planar(b, pb)) => trace(a, pa, b, pb, &request.options)?,
        (Placed::Spatial(a, pa), Placed::Spatial(b, pb)) => trace(a, pa, b, pb, &request.options)?,
        _ => return Err("one shape is 2D and the other 3D".into()),
    };
    std::fs::write(&request.svg, picture)
        .map_err(|e| format!("cannot write {}: {e}", request.svg))?;
    println!("picture: {}", request.svg);
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            if !message.is_empty() {
                eprintln!("error: {message}");
            }
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}
