//! Status codes, the calling thread's last error message, and the guard every export runs in.

use std::cell::RefCell;
use std::ffi::{c_char, CString};
use std::panic::{catch_unwind, AssertUnwindSafe};

/// The outcome of a fallible call: `GJK_OK` or one of the `GJK_*` error codes.
pub type GjkStatus = i32;

/// Success.
pub const GJK_OK: GjkStatus = 0;
/// A required pointer argument was NULL. (A non-NULL pointer that is misaligned for its type
/// is `GJK_INVALID_ARGUMENT`.)
pub const GJK_NULL_POINTER: GjkStatus = 1;
/// An argument was out of range: NaN, infinity, a negative size, zero points, a coordinate,
/// size or translation outside the supported range (see `GJK_MAX_MAGNITUDE` and
/// `GJK_MIN_SIZE`), a rotation that is not a unit quaternion, a tolerance outside [0, 1), a
/// pointer misaligned for its type; or a query whose intermediate results left the range `f64`
/// can represent.
pub const GJK_INVALID_ARGUMENT: GjkStatus = 2;
/// A 2D shape was queried against a 3D shape.
pub const GJK_DIMENSION_MISMATCH: GjkStatus = 3;
/// The iteration cap was reached before the requested tolerance, or the search stalled in
/// rounding with its bounds further apart than the tolerance; distance results are still
/// written, with bounds that bracket the true distance. At the default options on valid input,
/// returned only where coordinates are so much larger than the shapes' features that rounding
/// stops the search. From a cast: the step cap was reached, or the motion leaves the supported
/// range of coordinates before any contact; `t` is written, a time before which there is no
/// contact.
pub const GJK_NO_CONVERGENCE: GjkStatus = 4;
/// A bug in the library (a caught panic). The message says where; please report it.
pub const GJK_INTERNAL_ERROR: GjkStatus = 5;

/// Why a call failed: its status and a message for `gjk_last_error_message`. Boxed, so that
/// the exports' `Result<(), Failure>` and the results they pass along fit in registers: as
/// 32 bytes through memory, the successful call's result was stored and read back (a stall
/// of the C layer's, W2D-4 distance through C 5% in `guard`).
#[derive(Debug)]
pub(crate) struct Failure(Box<FailureInfo>);

/// What a [`Failure`] holds.
#[derive(Debug)]
pub(crate) struct FailureInfo {
    pub status: GjkStatus,
    pub message: String,
}

impl std::ops::Deref for Failure {
    type Target = FailureInfo;

    fn deref(&self) -> &FailureInfo {
        &self.0
    }
}

impl Failure {
    pub fn new(status: GjkStatus, message: impl Into<String>) -> Self {
        Self(Box::new(FailureInfo {
            status,
            message: message.into(),
        }))
    }

    pub fn invalid(message: impl Into<String>) -> Self {
        Self::new(GJK_INVALID_ARGUMENT, message)
    }
}

thread_local! {
    static LAST_ERROR: RefCell<CString> = RefCell::new(CString::default());
}

/// Records `message` as the calling thread's last error (nothing once the thread's storage is
/// gone, as while the thread exits).
fn set_last_error(message: &str) {
    let text = CString::new(message.replace('\0', " ")).unwrap_or_default();
    let _ = LAST_ERROR.try_with(|e| {
        if let Ok(mut last) = e.try_borrow_mut() {
            *last = text;
        }
    });
}

/// The guard of the C boundary, which every export runs its body in: `body`'s value, or, if it
/// panics (a bug), `on_panic`, with the panic's message left for `gjk_last_error_message`.
/// No panic unwinds out of it.
fn guarded<T>(body: impl FnOnce() -> T, on_panic: T) -> T {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(value) => value,
        Err(payload) => {
            let what = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".to_string());
            set_last_error(&format!("internal error (please report): {what}"));
            on_panic
        }
    }
}

/// [`guarded`] for an export that returns a status: records the message of a failure, and a
/// panic is `GJK_INTERNAL_ERROR`. The queries' exports hand it a `move` closure: their
/// arguments (pointers) captured by reference were each stored and read back through a
/// pointer.
pub(crate) fn guard(body: impl FnOnce() -> Result<(), Failure>) -> GjkStatus {
    guarded(
        || match body() {
            Ok(()) => GJK_OK,
            Err(failure) => {
                set_last_error(&failure.message);
                failure.status
            }
        },
        GJK_INTERNAL_ERROR,
    )
}

/// [`guarded`] for an export that returns a plain value and cannot fail: `fallback` if its
/// body panics.
pub(crate) fn guard_value<T>(fallback: T, body: impl FnOnce() -> T) -> T {
    guarded(body, fallback)
}

/// A static, NUL-terminated description of a status code. Unknown codes get
/// "unknown status code". Never NULL.
#[no_mangle]
pub extern "C" fn gjk_status_string(status: GjkStatus) -> *const c_char {
    guard_value(c"unknown status code".as_ptr(), || status_text(status))
}

/// The text of [`gjk_status_string`].
fn status_text(status: GjkStatus) -> *const c_char {
    let text: &'static [u8] = match status {
        GJK_OK => b"ok\0",
        GJK_NULL_POINTER => b"null pointer argument\0",
        GJK_INVALID_ARGUMENT => b"invalid argument\0",
        GJK_DIMENSION_MISMATCH => b"dimension mismatch: 2D shape against 3D shape\0",
        GJK_NO_CONVERGENCE => b"no convergence within the iteration cap\0",
        GJK_INTERNAL_ERROR => b"internal error\0",
        _ => b"unknown status code\0",
    };
    text.as_ptr().cast()
}

/// The detailed message of the calling thread's last failed call (which argument, which point,
/// why), or an empty string if none failed yet. Successful calls leave it unchanged. The pointer
/// stays valid until the next failing call on the same thread. Never NULL.
#[no_mangle]
pub extern "C" fn gjk_last_error_message() -> *const c_char {
    guard_value(c"".as_ptr(), || {
        LAST_ERROR
            .try_with(|e| e.try_borrow().map(|m| m.as_ptr()).ok())
            .ok()
            .flatten()
            .unwrap_or(c"".as_ptr())
    })
}

/// The library's version, "MAJOR.MINOR.PATCH" (static, NUL-terminated). Compare with the
/// `GJK_VERSION_*` macros of the header the program was compiled with.
#[no_mangle]
pub extern "C" fn gjk_version() -> *const c_char {
    let version = concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast();
    guard_value(version, || version)
}
