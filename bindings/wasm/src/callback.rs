//! Shapes whose support function is JavaScript's, called from the library's searches.
//!
//! The function is called with the direction's three numbers (z = 0 in 2D) and writes its
//! point into the block at [`io::SUPPORT`] (the TypeScript's adapter does, from whatever the
//! user's function returns). A function that throws makes its point NaN, which the library's
//! check of callback answers turns into the query's failure; the exception is kept for the
//! TypeScript to throw again ([`take_support_error`]).

use std::cell::RefCell;

use gjk::shape::{Shape, SupportCallback};
use gjk::Vector;
use wasm_bindgen::prelude::*;

use crate::io;

#[cfg(target_feature = "atomics")]
compile_error!(
    "gjk-wasm assumes one thread: JavaScript functions cannot be shared between threads"
);

/// A JavaScript function, shared by the library's shapes as their support function.
struct JsFunction(js_sys::Function);

// SAFETY: wasm32 without the atomics feature (refused above) has a single thread, so the
// function is never used from two threads; the library asks `Send + Sync` of support
// functions because its batches may run on a thread pool, which cannot start here.
unsafe impl Send for JsFunction {}
// SAFETY: as for `Send`.
unsafe impl Sync for JsFunction {}

thread_local! {
    static SUPPORT_ERROR: RefCell<Option<JsValue>> = const { RefCell::new(None) };
}

/// The exception the last failing JavaScript support function threw, if any (taken: the next
/// call returns `undefined`).
#[wasm_bindgen(js_name = takeSupportError)]
pub fn take_support_error() -> JsValue {
    SUPPORT_ERROR
        .with(|e| e.borrow_mut().take())
        .unwrap_or(JsValue::UNDEFINED)
}

/// Whether a JavaScript support function threw since [`clear_support_error`].
pub fn threw() -> bool {
    SUPPORT_ERROR.with(|e| e.borrow().is_some())
}

/// Forgets an exception kept from an earlier call.
pub fn clear_support_error() {
    SUPPORT_ERROR.with(|e| *e.borrow_mut() = None);
}

/// The library shape of dimension `D` whose support function is `function`.
pub fn shape<const D: usize>(function: js_sys::Function) -> Result<Shape<D>, String> {
    let function = JsFunction(function);
    SupportCallback::new(move |direction: &Vector<D>| support(&function.0, direction))
        .map(Shape::Callback)
        .map_err(|e| e.to_string())
}

/// `function`'s point along `direction`, NaN when it throws.
fn support<const D: usize>(function: &js_sys::Function, direction: &Vector<D>) -> Vector<D> {
    let z = if D == 3 { direction[2] } else { 0.0 };
    let called = function.call3(
        &JsValue::NULL,
        &direction[0].into(),
        &direction[1].into(),
        &z.into(),
    );
    match called {
        Ok(_) => io::vector::<D>(io::SUPPORT),
        Err(exception) => {
            SUPPORT_ERROR.with(|e| *e.borrow_mut() = Some(exception));
            Vector::<D>::from_element(f64::NAN)
        }
    }
}
