//! The simplex layer, below the GJK search and everything built on it: the simplex a search
//! holds ([`Simplex`]) and the distance sub-algorithm that finds its point closest to the
//! origin ([`closest_to_origin`], by signed volumes; in 3D the GJK loop's steps first through
//! the newest vertex, [`newest`]).

mod closest;
mod newest;
mod vertices;

pub(crate) use closest::{closest_to_origin, plane_normal, strictly_encloses_origin};
pub(crate) use vertices::{finite, Keying, Simplex};
