//! Shapes given by a support function of the caller's (a closure in Rust, a function pointer
//! through the C ABI), checked at every answer.
//!
//! The queries trust a support function: its points must be finite, within the supported
//! range (see [`crate::range`]), and those of one convex shape whose size the tolerances are
//! scaled by. A caller's function may break any of these, so [`SupportCallback`] probes it
//! along the axes when it is made (the bounding box of the answers gives the shape's centre
//! and extent, and refuses a function that fails there), and checks each later answer: a point
//! that is not finite, beyond the supported magnitude, or outside the box found at creation is
//! replaced by the centre (the search then goes on to its end on finite numbers) and recorded
//! as the calling thread's failure, which [`watched`] turns into an error of the query. Answers
//! that are finite and in the box but not maximal (a non-convex shape) at worst make the
//! search reach its iteration cap.

use std::any::type_name;
use std::cell::RefCell;
use std::fmt;
use std::sync::Arc;

use crate::error::ShapeError;
use crate::range::{check_extent, robust_norm, MAX_MAGNITUDE};
use crate::shape::Shape;
use crate::support::{across, Face, Support, Vector};

/// How far an answer may stray out of the box found at creation, relative to the shape's
/// extent and distance from the origin: a billion times less than either, far more than the
/// rounding of any support function, far less than a shape that is not the one probed.
const BOX_SLACK: f64 = 1e-9;

/// A support function: the point of the shape farthest along a direction, in the shape's
/// local frame. Called by any number of threads at once (batches run on a thread pool).
pub type SupportFunction<const D: usize> = dyn Fn(&Vector<D>) -> Vector<D> + Send + Sync;

/// A convex shape known only through a support function of the caller's, in its local frame.
///
/// Clones share the function: it is dropped (and, through the C ABI, its user data freed) once,
/// with the last clone. Answers are checked (see the module documentation); a query whose
/// support function answered wrongly is an error only when run in [`watched`], as every query
/// of the C ABI on such a shape is. Its centre, extent and inner point are those a hull of the
/// answers along the axes would have; it offers no smooth parts (penetration of curved callback
/// shapes stops at the tolerance of the polytope expansion, without the Newton refinement of
/// built-in ellipsoids).
#[derive(Clone)]
pub struct SupportCallback<const D: usize> {
    function: Arc<SupportFunction<D>>,
    /// The corners of the box of the answers along the axes at creation.
    lo: Vector<D>,
    hi: Vector<D>,
    /// The mean of those answers: a point of the shape (see [`Support::core_inner_point`]).
    inner: Vector<D>,
    /// How far beyond the box an answer may lie (see [`BOX_SLACK`]).
    slack: f64,
}

impl<const D: usize> SupportCallback<D> {
    /// The shape whose support function is `function`, probed along the `2 D` axis directions:
    /// fails when an answer there is not finite or beyond the supported magnitude, when the
    /// answers contradict each other (the point along `-x` right of the one along `+x`), or
    /// when their span is outside the supported range. `function` is dropped on failure.
    pub fn new(
        function: impl Fn(&Vector<D>) -> Vector<D> + Send + Sync + 'static,
    ) -> Result<Self, ShapeError> {
        let function: Arc<SupportFunction<D>> = Arc::new(function);
        let probe = |k: usize, sign: f64| -> Result<Vector<D>, ShapeError> {
            let dir = Vector::<D>::from_fn(|i, _| if i == k { sign } else { 0.0 });
            let p = function(&dir);
            validate(&dir, &p)?;
            Ok(p)
        };
        let mut lo = Vector::<D>::zeros();
        let mut hi = Vector::<D>::zeros();
        let mut probes = Vec::with_capacity(2 * D);
        let mut sum = Vector::<D>::zeros();
        for k in 0..D {
            let (low, high) = (probe(k, -1.0)?, probe(k, 1.0)?);
            lo[k] = low[k];
            hi[k] = high[k];
            sum += low + high;
            probes.extend([low, high]);
        }
        let extent = robust_norm(&(hi - lo));
        check_extent("the span of the support callback's points", extent)?;
        let slack = BOX_SLACK * (extent + lo.amax().max(hi.amax()));
        let shape = Self {
            function,
            lo,
            hi,
            inner: sum / (2 * D) as f64,
            slack,
        };
        // Each probe lies in the box of all of them: along +x no point reaches beyond the one
        // found along +x, and so on. (Also refuses lo > hi: the probe along -x is then
        // outside.)
        for (n, p) in probes.iter().enumerate() {
            let dir = Vector::<D>::from_fn(|i, _| match (i == n / 2, n % 2) {
                (false, _) => 0.0,
                (true, 0) => -1.0,
                (true, _) => 1.0,
            });
            shape.check_in_box(&dir, p)?;
        }
        Ok(shape)
    }

    /// Fails unless `p`, the answer for `dir`, lies in the box found at creation.
    fn check_in_box(&self, dir: &Vector<D>, p: &Vector<D>) -> Result<(), ShapeError> {
        let inside =
            (0..D).all(|k| p[k] >= self.lo[k] - self.slack && p[k] <= self.hi[k] + self.slack);
        if inside {
            return Ok(());
        }
        Err(ShapeError::new(format!(
            "support callback returned the point {} for direction {}, outside the box {} to \
             {} of its points along the axes: the callback is not the support function of \
             one convex shape",
            Coords(p),
            Coords(dir),
            Coords(&self.lo),
            Coords(&self.hi)
        )))
    }

    /// The callback's answer for `dir`, checked.
    fn answer(&self, dir: &Vector<D>) -> Result<Vector<D>, ShapeError> {
        let p = (self.function)(dir);
        validate(dir, &p)?;
        self.check_in_box(dir, &p)?;
        Ok(p)
    }
}

/// Fails unless `p`, the answer for `dir`, is finite and within the supported magnitude.
fn validate<const D: usize>(dir: &Vector<D>, p: &Vector<D>) -> Result<(), ShapeError> {
    let why = if p.iter().any(|x| x.is_nan()) {
        "a non-finite point (NaN)"
    } else if p.iter().any(|x| x.is_infinite()) {
        "a non-finite point (infinity)"
    } else if p.amax() > MAX_MAGNITUDE {
        "a point beyond the supported magnitude 1e50"
    } else {
        return Ok(());
    };
    Err(ShapeError::new(format!(
        "support callback returned {why} {} for direction {}",
        Coords(p),
        Coords(dir)
    )))
}

/// A vector written as `(x, y)` or `(x, y, z)`.
struct Coords<'v, const D: usize>(&'v Vector<D>);

impl<const D: usize> fmt::Display for Coords<'_, D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("(")?;
        for (i, x) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{x}")?;
        }
        f.write_str(")")
    }
}

impl<const D: usize> fmt::Debug for SupportCallback<D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct(type_name::<Self>())
            .field("lo", &self.lo)
            .field("hi", &self.hi)
            .finish_non_exhaustive()
    }
}

/// Two callback shapes are equal when they share their function (one is a clone of the other).
impl<const D: usize> PartialEq for SupportCallback<D> {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.function, &other.function)
    }
}

impl<const D: usize> Support<D> for SupportCallback<D> {
    fn support(&self, dir: &Vector<D>) -> Vector<D> {
        self.answer(dir).unwrap_or_else(|e| {
            record(e);
            self.center()
        })
    }

    fn center(&self) -> Vector<D> {
        (self.lo + self.hi) * 0.5
    }

    /// A convex combination of points of the shape, when the callback answers with them.
    fn core_inner_point(&self) -> Option<Vector<D>> {
        Some(self.inner)
    }

    fn extent(&self) -> f64 {
        robust_norm(&(self.hi - self.lo))
    }

    /// The support point along the unit `dir` and those along `dir` tilted by `PROBE_TILT`
    /// towards 8 directions across it (2 in 2D), each kept when it reaches within `tolerance`
    /// of the first: a polytope's face whose neighbours lean away by more than the tilt is
    /// found whole when it has at most 8 vertices (otherwise in part), a curved shape's by
    /// its support point alone. A point's id is made from its coordinates: the same vertex
    /// keeps its id, a point sliding over a curved surface does not.
    fn core_face(&self, dir: &Vector<D>, tolerance: f64) -> Face<D> {
        let top = self.support(dir);
        let reach = top.dot(dir);
        let mut face = Face::single(top, coordinate_id(&top));
        for across in directions_across(dir) {
            let p = self.support(&(dir + across * PROBE_TILT));
            if p.dot(dir) >= reach - tolerance {
                face.push(p, coordinate_id(&p));
            }
        }
        face
    }
}

/// How far from a face's normal its vertices are looked for (see
/// [`SupportCallback::core_face`]): 0.1, about 5.7 degrees. A circle's points found so fall
/// short of its support point by 0.5% of the radius, beyond the 0.1% of the extent within
/// which contact manifolds take points as one flat face.
const PROBE_TILT: f64 = 0.1;

/// Unit directions across the unit `dir`: the two of the line in 2D, 8 evenly spaced in 3D.
fn directions_across<const D: usize>(dir: &Vector<D>) -> Vec<Vector<D>> {
    let [first, second] = across(dir);
    if D == 2 {
        return vec![first, -first];
    }
    (0..8)
        .map(|k| {
            let (sin, cos) = (std::f64::consts::TAU * k as f64 / 8.0).sin_cos();
            first * cos + second * sin
        })
        .collect()
}

/// An id naming a point by its coordinates' bits.
fn coordinate_id<const D: usize>(p: &Vector<D>) -> u32 {
    let mut key: u64 = 0xcbf2_9ce4_8422_2325;
    for x in p.iter() {
        key = (key ^ (x + 0.0).to_bits()).wrapping_mul(0x0000_0100_0000_01b3);
        key ^= key >> 29;
    }
    (key ^ (key >> 32)) as u32
}

thread_local! {
    /// The first wrong answer of a support callback on this thread since [`watched`] began.
    static FAILURE: RefCell<Option<ShapeError>> = const { RefCell::new(None) };
}

/// Records `failure` as this thread's, unless one is already recorded.
fn record(failure: ShapeError) {
    FAILURE.with(|f| {
        f.borrow_mut().get_or_insert(failure);
    });
}

/// Takes this thread's recorded failure, leaving `replacement`.
fn replace_failure(replacement: Option<ShapeError>) -> Option<ShapeError> {
    FAILURE.with(|f| f.replace(replacement))
}

/// Runs `query` (a query on shapes that may hold [`SupportCallback`]s) on this thread: its
/// value, or the first wrong answer a callback gave during it (the query then ran on the
/// shape's centre in its place, and its value means nothing). Everything the query calls back
/// must run on this thread: the batches of the C ABI watch each pair on the thread that runs it.
/// Watches may nest (a callback that runs a query of its own).
pub fn watched<T>(query: impl FnOnce() -> T) -> Result<T, ShapeError> {
    let outer = replace_failure(None);
    let value = query();
    match replace_failure(outer) {
        None => Ok(value),
        Some(failure) => Err(failure),
    }
}

impl<const D: usize> Shape<D> {
    /// Whether the shape's support function is a caller's ([`SupportCallback`], also rounded):
    /// its queries are then run in [`watched`].
    #[inline]
    pub fn calls_back(&self) -> bool {
        match self {
            Shape::Callback(_) => true,
            Shape::Rounded(r) => matches!(r.inner(), Shape::Callback(_)),
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type V2 = Vector<2>;

    fn unit_circle() -> SupportCallback<2> {
        SupportCallback::new(|d: &Vector<2>| d.normalize()).unwrap()
    }

    /// The probes give the box of the shape: its centre and diagonal.
    #[test]
    fn probes_give_centre_and_extent() {
        let shifted = SupportCallback::new(|d: &Vector<3>| {
            Vector::<3>::new(5.0, 0.0, 0.0) + d.component_mul(&Vector::<3>::new(1.0, 2.0, 3.0))
        })
        .unwrap();
        assert_eq!(shifted.center(), Vector::<3>::new(5.0, 0.0, 0.0));
        assert_eq!(shifted.extent(), 2.0 * 14f64.sqrt());
    }

    /// A wrong answer is replaced by the centre and recorded for the watch, once.
    #[test]
    fn wrong_answers_are_recorded_for_the_watch() {
        let nan = SupportCallback::<2> {
            function: Arc::new(|d: &Vector<2>| if d[0] > 0.5 { d * f64::NAN } else { *d }),
            ..unit_circle()
        };
        let outcome = watched(|| nan.support(&V2::new(1.0, 0.0)));
        let message = outcome.unwrap_err().message().to_string();
        assert_eq!(
            message,
            "support callback returned a non-finite point (NaN) (NaN, NaN) for direction (1, 0)"
        );
        assert_eq!(
            watched(|| nan.support(&V2::new(0.0, 1.0))),
            Ok(V2::new(0.0, 1.0))
        );
        let wrong = watched(|| nan.support(&V2::new(0.7, 0.7)));
        assert_eq!(
            wrong.unwrap_err().message(),
            message.replace("(1, 0)", "(0.7, 0.7)")
        );
    }

    /// A nested watch leaves the outer one its failure.
    #[test]
    fn watches_nest() {
        let far = SupportCallback::<2> {
            function: Arc::new(|d: &Vector<2>| d * 3.0),
            ..unit_circle()
        };
        let outer = watched(|| {
            far.support(&V2::new(1.0, 0.0));
            watched(|| ()).unwrap();
        });
        assert!(outer
            .unwrap_err()
            .message()
            .contains("outside the box (-1, -1) to (1, 1)"));
    }

    /// Creation refuses non-finite, huge and contradictory probes, and spans out of range.
    #[test]
    fn creation_refuses_bad_probes() {
        let fails = |f: fn(&Vector<2>) -> Vector<2>| SupportCallback::new(f).unwrap_err();
        let nan = fails(|d| {
            if d[1] < 0.0 {
                V2::new(0.0, f64::NAN)
            } else {
                *d
            }
        });
        assert!(nan
            .message()
            .contains("(NaN) (0, NaN) for direction (0, -1)"));
        let huge = fails(|d| d * 1e51);
        assert!(huge.message().contains("beyond the supported magnitude"));
        let flipped = fails(|d| -d);
        assert!(flipped.message().contains("outside the box"));
        let tiny = fails(|d| d * 1e-60);
        assert!(tiny
            .message()
            .contains("span of the support callback's points"));
    }
}
