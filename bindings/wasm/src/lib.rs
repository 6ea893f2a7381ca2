//! gjk for the web: the library's Rust API as a WebAssembly module, through wasm-bindgen.
//!
//! This crate is the module's low level; the npm package's TypeScript (`ts/`) is the API users
//! call. The split keeps every call cheap:
//! - Shapes are `Shape` objects (a reference-counted library shape of either dimension); the
//!   batches take them gathered in a `ShapeList`.
//! - Numbers go in and out through one block of wasm memory, [`io`]: the TypeScript writes a
//!   query's poses (the C ABI's seven numbers each: position x, y, z and the unit quaternion x,
//!   y, z, w, converted exactly as the C ABI converts them) and options there, calls the query
//!   with its shapes alone, and reads the answer from the same block. No JavaScript object is
//!   made for a query.
//! - Queries return a [`Status`] as the C ABI does; the message of a failure is
//!   [`last_error`]. The TypeScript turns them into `Error` subclasses.
//!
//! WebAssembly here is single-threaded: the batches run on the calling thread.

mod batch;
mod callback;
mod io;
mod queries;
mod shapes;
mod status;

pub use batch::ShapeList;
pub use io::io_address;
pub use queries::SimplexCache;
pub use shapes::Shape;
pub use status::last_error;

use wasm_bindgen::prelude::*;

/// The module's memory, for the TypeScript's views of [`io_address`] (renewed when the memory
/// grows).
#[wasm_bindgen(js_name = moduleMemory)]
pub fn module_memory() -> JsValue {
    wasm_bindgen::memory()
}
