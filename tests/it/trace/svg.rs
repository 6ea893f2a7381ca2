//! The pictures of traced queries (gjk::trace::svg) and the command-line example that draws
//! them (examples/gjk_trace.rs): the SVG is well-formed XML, draws one group per step, keeps
//! every drawn point inside its view box and holds no non-finite number; the example accepts
//! every documented shape and pose and refuses bad input with a message and exit status 2.

use crate::common::native;

use crate::common::random::{Dims, RandomPair, Space};
use crate::common::Rng;
use gjk::trace::{distance_traced, svg};
use gjk::QueryOptions;
use std::process::Command;

/// Checks that `text` is well-formed XML as SVG uses it: balanced tags, quoted attributes,
/// no raw `<` or `&` in text or values. Returns the tags in order (name, attributes).
fn parse_xml(text: &str) -> Vec<(String, Vec<(String, String)>)> {
    let mut tags = Vec::new();
    let mut open: Vec<String> = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find('<') {
        let between = &rest[..start];
        check_text(between);
        let end = rest[start..].find('>').expect("an unclosed tag") + start;
        let inner = &rest[start + 1..end];
        rest = &rest[end + 1..];
        if let Some(name) = inner.strip_prefix('/') {
            assert_eq!(
                open.pop().as_deref(),
                Some(name.trim()),
                "mismatched </{name}>"
            );
            continue;
        }
        let self_closing = inner.ends_with('/');
        let inner = inner.trim_end_matches('/');
        let name_end = inner.find(char::is_whitespace).unwrap_or(inner.len());
        let name = inner[..name_end].to_string();
        assert!(
            !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric()),
            "bad tag name {name:?}"
        );
        let attributes = parse_attributes(&inner[name_end..]);
        if !self_closing {
            open.push(name.clone());
        }
        tags.push((name, attributes));
    }
    check_text(rest);
    assert!(open.is_empty(), "unclosed tags {open:?}");
    tags
}

fn parse_attributes(mut s: &str) -> Vec<(String, String)> {
    let mut attributes = Vec::new();
    loop {
        s = s.trim_start();
        if s.is_empty() {
            return attributes;
        }
        let eq = s.find('=').expect("an attribute without a value");
        let name = s[..eq].trim().to_string();
        assert!(
            name.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == ':'),
            "bad attribute name {name:?}"
        );
        let after = &s[eq + 1..];
        assert!(after.starts_with('"'), "unquoted value of {name}");
        let close = after[1..].find('"').expect("an unterminated value") + 1;
        let value = after[1..close].to_string();
        check_text(&value);
        attributes.push((name, value));
        s = &after[close + 1..];
    }
}

/// Text and values: no `<`, and `&` only in the entities the renderer writes.
fn check_text(text: &str) {
    assert!(!text.contains('<'), "a raw < in {text:?}");
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        rest = &rest[at..];
        assert!(
            ["&amp;", "&lt;", "&gt;", "&quot;"]
                .iter()
                .any(|e| rest.starts_with(e)),
            "a raw & in {text:?}"
        );
        rest = &rest[1..];
    }
}

/// Checks a picture: XML, size, coordinates in the view box, one group per step.
fn check_picture(picture: &str, steps: usize, what: &str) {
    assert!(
        !picture.contains("NaN") && !picture.contains("inf"),
        "{what}: a non-finite number"
    );
    let tags = parse_xml(picture);
    let attribute = |attributes: &[(String, String)], name: &str| {
        attributes
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
    };
    let (name, root) = &tags[0];
    assert_eq!(name, "svg", "{what}");
    let number = |v: &str| v.parse::<f64>().unwrap_or_else(|_| panic!("{what}: {v:?}"));
    let width = number(&attribute(root, "width").unwrap());
    let height = number(&attribute(root, "height").unwrap());
    assert_eq!(
        attribute(root, "viewBox").unwrap(),
        format!("0 0 {width} {height}")
    );
    let inside = |x: f64, y: f64| {
        assert!(
            (0.0..=width).contains(&x) && (0.0..=height).contains(&y),
            "{what}: ({x}, {y}) outside the view box {width} x {height}"
        )
    };
    let mut groups = 0;
    for (name, attributes) in &tags {
        let get = |n: &str| attribute(attributes, n).map(|v| number(&v));
        match name.as_str() {
            "circle" => inside(get("cx").unwrap(), get("cy").unwrap()),
            "line" => {
                inside(get("x1").unwrap(), get("y1").unwrap());
                inside(get("x2").unwrap(), get("y2").unwrap());
            }
            "polygon" => {
                for pair in attribute(attributes, "points").unwrap().split_whitespace() {
                    let (x, y) = pair.split_once(',').unwrap();
                    inside(number(x), number(y));
                }
            }
            "g" if attribute(attributes, "class").as_deref() == Some("step") => groups += 1,
            _ => {}
        }
    }
    assert_eq!(groups, steps, "{what}: one group per step");
}

fn pictures<const D: usize>(seed: u64)
where
    Dims: Space<D>,
{
    let mut rng = Rng::new(seed);
    let mut steps = Vec::new();
    for case in 0..300 {
        let p = RandomPair::<D>::new(&mut rng);
        let what = format!("{D}D case {case}");
        let options = QueryOptions::default();
        let result = distance_traced(&p.a, &p.pose_a, &p.b, &p.pose_b, &options, &mut steps)
            .unwrap_or_else(|e| panic!("{what}: {e}"));
        let picture = svg::render(&p.a, &p.pose_a, &p.b, &p.pose_b, &result, &steps);
        check_picture(&picture, steps.len(), &what);
    }
}

tests! {
    pictures_are_well_formed_2d => pictures::<2>(71);
    pictures_are_well_formed_3d => pictures::<3>(72);
}

/// The checker itself refuses what it must.
#[test]
fn the_xml_checker_fails_on_bad_xml() {
    for bad in [
        "<svg><g></svg>",
        "<svg a=1/>",
        "<svg>a < b</svg>",
        "<svg>R&D</svg>",
        "<svg><g></g>",
    ] {
        assert!(
            std::panic::catch_unwind(|| parse_xml(bad)).is_err(),
            "accepted {bad}"
        );
    }
    assert_eq!(
        parse_xml("<svg a=\"1\"><g/><t>x &amp; y</t></svg>").len(),
        3
    );
}

/// Runs the example with `args`, returning (status code, stdout, stderr).
fn run_example(args: &[&str]) -> (i32, String, String) {
    let exe = native::build_example("gjk_trace");
    let output = Command::new(exe)
        .args(args)
        .output()
        .expect("the example runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn the_example_draws_every_documented_shape() {
    let dir = native::profile_dir().join("trace-example");
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("out.svg");
    let svg = svg.to_str().unwrap();
    let cases: &[&[&str]] = &[
        &[
            "polygon", "0,0", "3,0", "3,3", "0,3", "vs", "polygon", "3,3", "5,3", "3,5", "at", "2",
            "1",
        ],
        &[
            "circle", "1", "vs", "ellipse", "2", "1", "at", "4", "1", "30",
        ],
        &[
            "stadium",
            "2",
            "0.5",
            "at",
            "0",
            "0",
            "90",
            "vs",
            "rectangle",
            "1",
            "2",
            "at",
            "3",
            "0",
        ],
        &["segment", "0,0", "1,1", "vs", "point", "3,0"],
        &[
            "polytope", "0,0,0", "1,0,0", "0,1,0", "0,0,1", "vs", "sphere", "0.5", "at", "2", "2",
            "2",
        ],
        &[
            "ellipsoid",
            "1",
            "2",
            "3",
            "vs",
            "capsule",
            "1",
            "0.5",
            "at",
            "3",
            "0",
            "0",
            "0",
            "1",
            "0",
            "90",
        ],
        &["box", "1", "1", "1", "vs", "segment", "2,0,0", "3,1,1"],
        &[
            "point", "0,0,0", "vs", "box", "1", "1", "1", "at", "0.5", "0", "0",
        ],
    ];
    for args in cases {
        let mut all = vec!["--svg", svg];
        all.extend_from_slice(args);
        let (code, out, err) = run_example(&all);
        assert_eq!(code, 0, "{args:?}: {err}");
        assert!(out.contains("iteration 1: direction"), "{args:?}: {out}");
        let picture = std::fs::read_to_string(svg).unwrap();
        let steps = out.lines().filter(|l| l.starts_with("iteration ")).count();
        check_picture(&picture, steps, &format!("{args:?}"));
    }
    // The same from a file, with a comment.
    let spec = dir.join("pair.txt");
    std::fs::write(
        &spec,
        "# the tutorial\npolygon 0,0 3,0 3,3 0,3\ncircle 1 at 6 1.5 # apart\n",
    )
    .unwrap();
    let (code, out, err) = run_example(&["--svg", svg, "--file", spec.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("distance 2 "), "{out}");
}

#[test]
fn the_example_refuses_bad_input_with_a_message() {
    let cases: &[(&[&str], &str)] = &[
        (&[], "SHAPE vs SHAPE"),
        (&["circle", "1"], "SHAPE vs SHAPE"),
        (&["circle", "-1", "vs", "circle", "1"], "radius"),
        (
            &["circle", "x", "vs", "circle", "1"],
            "'x' is not a finite number",
        ),
        (
            &["circle", "nan", "vs", "circle", "1"],
            "not a finite number",
        ),
        (
            &["triangle", "1", "vs", "circle", "1"],
            "unknown shape 'triangle'",
        ),
        (&["polygon", "vs", "circle", "1"], "polygon needs points"),
        (&["polygon", "1,2,3", "vs", "circle", "1"], "not a 2D point"),
        (
            &["circle", "1", "vs", "sphere", "1"],
            "one shape is 2D and the other 3D",
        ),
        (
            &["circle", "1", "at", "vs", "circle", "1"],
            "'at' needs a position",
        ),
        (
            &["circle", "1", "at", "1", "vs", "circle", "1"],
            "a 2D pose",
        ),
        (
            &[
                "sphere", "1", "at", "1", "2", "3", "0", "0", "0", "90", "vs", "sphere", "1",
            ],
            "axis is zero",
        ),
        (&["ellipse", "1", "vs", "circle", "1"], "ellipse takes 2"),
        (&["--file", "/nonexistent/pair.txt"], "cannot read"),
        (&["--svg"], "--svg needs a file name"),
        (
            &[
                "--svg",
                "/nonexistent/dir/out.svg",
                "circle",
                "1",
                "vs",
                "circle",
                "1",
                "at",
                "3",
                "0",
            ],
            "cannot write",
        ),
    ];
    for (args, needle) in cases {
        let (code, _, err) = run_example(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(err.contains("usage:"), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}
