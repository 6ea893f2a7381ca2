//! `gjk_support_shape_new`: shapes whose support function is the caller's.

use std::ffi::c_void;

use crate::ffi::shapes::{create, invalid, AnyShape, GjkShape};
use crate::ffi::status::{guard, Failure, GjkStatus, GJK_NULL_POINTER};
use crate::shape::{watched, Shape, SupportCallback};
use crate::support::Vector;

/// A support function of the caller's: writes to `out_point` the point of the shape farthest
/// along `direction` (not necessarily unit; any point of the shape when it is zero), in the
/// shape's local frame. 2D shapes read x and y of `direction` (z is 0) and write x and y of
/// `out_point` (z is ignored). `out_point` holds NaN on entry: a callback that writes nothing
/// fails the query. `direction` and `out_point` are 3 doubles each (a C function declared with
/// `const double direction[3], double out_point[3]` has this very type). Called by any number
/// of threads at once.
pub type GjkSupportFn = Option<
    unsafe extern "C" fn(user_data: *mut c_void, direction: *const f64, out_point: *mut f64),
>;

/// Frees the `user_data` of a support callback: called once, when the last shape holding it is
/// freed (or when `gjk_support_shape_new` fails).
pub type GjkFreeFn = Option<unsafe extern "C" fn(user_data: *mut c_void)>;

/// The caller's function and data, freed by the caller's function when dropped.
struct Caller {
    support: unsafe extern "C" fn(*mut c_void, *const f64, *mut f64),
    user_data: UserData,
}

/// The caller's data and how to free it: `free` runs once, when this is dropped.
struct UserData {
    data: *mut c_void,
    free: GjkFreeFn,
}

// SAFETY: `gjk_support_shape_new` requires the callback to be callable from any thread,
// concurrently, and its data to be freed from any thread.
unsafe impl Send for UserData {}
// SAFETY: as above.
unsafe impl Sync for UserData {}

impl Drop for UserData {
    fn drop(&mut self) {
        if let Some(free) = self.free {
            // SAFETY: the caller handed the data over with this function to free it, once.
            unsafe { free(self.data) }
        }
    }
}

impl Caller {
    /// The callback's answer for `dir`, as the caller wrote it (NaN where it wrote nothing).
    fn support<const D: usize>(&self, dir: &Vector<D>) -> Vector<D> {
        let mut direction = [0.0; 3];
        direction[..D].copy_from_slice(dir.as_slice());
        let mut point = [f64::NAN; 3];
        // SAFETY: the caller's function, with its data, reads 3 doubles and writes 3.
        unsafe { (self.support)(self.user_data.data, direction.as_ptr(), point.as_mut_ptr()) };
        Vector::<D>::from_fn(|i, _| point[i])
    }

    /// The shape of dimension `D` this callback supports.
    fn shape<const D: usize>(self) -> Result<Shape<D>, Failure> {
        SupportCallback::new(move |dir: &Vector<D>| self.support(dir))
            .map(Shape::Callback)
            .map_err(invalid)
    }
}

/// A convex shape of `dimension` 2 or 3 given by the caller's support function `support`,
/// called with `user_data`: circles, superellipses, convex meshes of the caller's own
/// structures. It is probed along the axis directions here (its bounding box gives its centre
/// and size), and fails with `GJK_INVALID_ARGUMENT` naming the callback if an answer there is
/// not finite, beyond `GJK_MAX_MAGNITUDE`, or contradicts another.
///
/// The callback must be the support function of one convex shape, and callable from any
/// thread, several at once (batches and `gjk_pairs_within` call it from the library's pool),
/// without throwing or unwinding out of it. Each answer is checked: a query during which it
/// answered a non-finite point, one beyond `GJK_MAX_MAGNITUDE` or one outside the bounding box
/// found here fails with `GJK_INVALID_ARGUMENT` and a message saying which point for which
/// direction (its out-results are then meaningless); answers that are not maximal (a shape
/// that is not convex) at worst end in `GJK_NO_CONVERGENCE`. Queries on these shapes work as
/// on the others (batches, casts, caches, traces, `gjk_rounded_new`); a scene of
/// `gjk_pairs_within` holding one runs on the calling thread.
///
/// Ownership: this function always takes `user_data` over. `free_user_data` (may be NULL: not
/// freed) is called exactly once with it: before this function returns when it fails (a NULL
/// `support` or `out` included), otherwise when the last shape holding the callback is freed
/// (a rounded copy holds it too), on the thread freeing it.
///
/// # Safety
/// `support` must be NULL or a function as above; `out` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn gjk_support_shape_new(
    dimension: i32,
    support: GjkSupportFn,
    user_data: *mut c_void,
    free_user_data: GjkFreeFn,
    out: *mut *mut GjkShape,
) -> GjkStatus {
    guard(move || {
        // Owned from here on: dropped (freed) on every failure below.
        let user_data = UserData {
            data: user_data,
            free: free_user_data,
        };
        let support = support.ok_or_else(|| Failure::new(GJK_NULL_POINTER, "support is NULL"))?;
        let caller = Caller { support, user_data };
        create(out, || match dimension {
            2 => caller.shape::<2>().map(AnyShape::from),
            3 => caller.shape::<3>().map(AnyShape::from),
            _ => Err(Failure::invalid(format!(
                "dimension is {dimension}, it must be 2 or 3"
            ))),
        })
    })
}

/// `query`'s outcome, run in [`watched`] when `calls_back` (one of its shapes calls a support
/// function of the caller's): a wrong answer of the callback is then its failure,
/// `GJK_INVALID_ARGUMENT` with the callback's message. Queries on the other shapes only pay
/// the test of `calls_back`.
#[inline(always)]
pub(super) fn checked<T>(
    calls_back: bool,
    query: impl FnOnce() -> Result<T, Failure>,
) -> Result<T, Failure> {
    if calls_back {
        watched(query).unwrap_or_else(|e| Err(invalid(e)))
    } else {
        query()
    }
}
