//! What a query reports, as the C ABI reports it: a status, and the message of a failure.

use std::cell::RefCell;

use wasm_bindgen::prelude::*;

/// The outcome of a call, mirrored by the TypeScript's error classes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum Status {
    /// The answer is in the block.
    Ok = 0,
    /// An argument was refused ([`last_error`] names it).
    InvalidArgument = 2,
    /// The shapes are of different dimensions.
    DimensionMismatch = 3,
    /// The iteration cap was reached: the best answer found is in the block.
    NoConvergence = 4,
    /// A JavaScript support function threw or answered wrongly.
    SupportFunction = 6,
}

thread_local! {
    static LAST_ERROR: RefCell<String> = const { RefCell::new(String::new()) };
}

/// The message of the last failed call of this thread.
#[wasm_bindgen(js_name = lastError)]
pub fn last_error() -> String {
    LAST_ERROR.with(|m| m.borrow().clone())
}

/// Records `message` and returns `status`.
pub fn fail(status: Status, message: impl Into<String>) -> u32 {
    LAST_ERROR.with(|m| *m.borrow_mut() = message.into());
    status as u32
}

/// A `Result` of a call as the status returned to the TypeScript.
pub fn report(result: Result<(), (Status, String)>) -> u32 {
    match result {
        Ok(()) => Status::Ok as u32,
        Err((status, message)) => fail(status, message),
    }
}

/// An invalid argument's failure.
pub fn invalid(message: impl std::fmt::Display) -> (Status, String) {
    (Status::InvalidArgument, message.to_string())
}

/// A failure as the JavaScript `Error` a constructor throws, its `name` the TypeScript class
/// it becomes.
pub fn thrown(status: Status, message: impl std::fmt::Display) -> JsValue {
    let error = js_sys::Error::new(&message.to_string());
    error.set_name(match status {
        Status::InvalidArgument => "InvalidArgumentError",
        Status::DimensionMismatch => "DimensionMismatchError",
        Status::NoConvergence => "NoConvergenceError",
        Status::SupportFunction => "SupportFunctionError",
        Status::Ok => "GjkError",
    });
    error.into()
}
