//! `GjkPose`: placements as C callers give them (position + unit quaternion, Unity's order).

use std::fmt::Display;

use nalgebra::{Quaternion, UnitQuaternion, Vector3};

use crate::ffi::status::{guard_value, Failure};
use crate::range::{check_coordinate, MAX_MAGNITUDE};
use crate::support::Pose;

/// A rigid placement. Wherever a `const GjkPose *` is taken, NULL means the identity.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GjkPose {
    /// Position; 2D shapes use x and y (z is ignored). Each component must be finite and at
    /// most `GJK_MAX_MAGNITUDE` (1e50) in magnitude.
    pub position: [f64; 3],
    /// Unit quaternion x, y, z, w (Unity's order); the identity is {0, 0, 0, 1}, and so is
    /// {0, 0, 0, 0}, so that a zero-initialised pose (`GjkPose p = {0};`, C#'s
    /// `default(GjkPose)`) is the identity. 2D shapes accept only rotations about z. A
    /// quaternion whose norm is within 1e-3 of 1 is normalised; any other is rejected.
    pub rotation: [f64; 4],
}

impl GjkPose {
    const IDENTITY: Self = Self {
        position: [0.0; 3],
        rotation: [0.0, 0.0, 0.0, 1.0],
    };

    /// The 2D placement this pose gives, exactly as every query of the C ABI makes it (the
    /// quaternion normalised, then turned into the cosine and sine of its angle about z), or
    /// why it is invalid, `name` naming the argument in the message. For bindings that take
    /// poses as the C ABI's seven numbers and call the Rust API (the WebAssembly package).
    pub fn to_pose_2d(&self, name: &str) -> Result<Pose<2>, String> {
        <Pose<2> as FromGjkPose>::convert(self, name).map_err(|f| f.message.clone())
    }

    /// [`GjkPose::to_pose_2d`] for a 3D placement.
    pub fn to_pose_3d(&self, name: &str) -> Result<Pose<3>, String> {
        <Pose<3> as FromGjkPose>::convert(self, name).map_err(|f| f.message.clone())
    }

    /// The rotation as a unit quaternion, validated. A valid pose costs one test of its seven
    /// numbers; the messages are only worked out for an invalid one.
    fn unit_rotation(&self) -> Result<[f64; 4], Failure> {
        // `<=` is false for NaN, so this also rejects every non-finite position component.
        let in_range = self
            .position
            .iter()
            .fold(true, |ok, x| ok & (x.abs() <= MAX_MAGNITUDE));
        let finite = self.rotation.iter().fold(true, |ok, x| ok & x.is_finite());
        if !(in_range && finite) {
            self.check_each_component()?;
        }
        let norm = self.rotation.iter().map(|x| x * x).sum::<f64>().sqrt();
        if (norm - 1.0).abs() > 1e-3 {
            if self.rotation == [0.0; 4] {
                return Ok(Self::IDENTITY.rotation);
            }
            return Err(Failure::invalid(format!(
                "pose rotation {:?} has norm {norm}, it must be a unit quaternion (x, y, z, w); \
                 the identity is {{0, 0, 0, 1}}",
                self.rotation
            )));
        }
        // Dividing by 1 changes nothing: callers' quaternions are mostly unit already.
        if norm == 1.0 {
            Ok(self.rotation)
        } else {
            Ok(self.rotation.map(|x| x / norm))
        }
    }

    /// The position and rotation checked one component at a time, for the message naming the
    /// first one out of range.
    #[cold]
    fn check_each_component(&self) -> Result<(), Failure> {
        for (i, x) in self.position.iter().enumerate() {
            check_coordinate(format_args!("pose position component {i}"), *x)
                .map_err(|e| Failure::invalid(e.message()))?;
        }
        if let Some(i) = self.rotation.iter().position(|x| !x.is_finite()) {
            return Err(Failure::invalid(format!(
                "pose rotation component {i} is {}, not a finite number",
                self.rotation[i]
            )));
        }
        Ok(())
    }
}

/// Conversion of an optional `GjkPose` to the placement of a `D`-dimensional shape.
pub(crate) trait FromGjkPose: Sized {
    /// The placement of a NULL pose, kept in a static (read in place by the queries rather
    /// than built and copied at every call): to the bit what [`FromGjkPose::convert`] makes of
    /// the identity quaternion at the origin.
    fn null() -> &'static Self;

    /// The placement `pose` gives, or why it is invalid; `name` (the argument) is only
    /// formatted into the message of an invalid pose.
    fn convert(pose: &GjkPose, name: impl Display) -> Result<Self, Failure>;

    /// The placement `pose` gives, NULL being the identity. Inlined, so that a NULL pose costs
    /// no call.
    #[inline]
    fn from_gjk(pose: Option<&GjkPose>, name: impl Display) -> Result<Self, Failure>
    where
        Self: Copy + 'static,
    {
        match pose {
            Some(pose) => Self::convert(pose, name),
            None => Ok(*Self::null()),
        }
    }

    /// [`FromGjkPose::from_gjk`] by reference: NULL is the static identity, a pose is
    /// converted into `slot`. The C queries read their poses this way, so that no identity is
    /// built and copied for a NULL pose.
    #[inline]
    fn placed<'s>(
        pose: Option<&GjkPose>,
        name: impl Display,
        slot: &'s mut Option<Self>,
    ) -> Result<&'s Self, Failure>
    where
        Self: 'static,
    {
        match pose {
            Some(pose) => Ok(slot.insert(Self::convert(pose, name)?)),
            None => Ok(Self::null()),
        }
    }
}

impl FromGjkPose for Pose<2> {
    fn null() -> &'static Self {
        // What `Pose::from_cos_sin` makes of cos 1 and sin 0: the columns (cos, sin) and
        // (-sin, cos), so -0 above the diagonal.
        static NULL: Pose<2> = Pose::from_columns([[1.0, 0.0], [-0.0, 1.0]], [0.0, 0.0]);
        &NULL
    }

    fn convert(pose: &GjkPose, name: impl Display) -> Result<Self, Failure> {
        let [x, y, z, w] = pose
            .unit_rotation()
            .map_err(|f| Failure::invalid(format!("{name}: {}", f.message)))?;
        if x * x + y * y > 1e-12 {
            return Err(Failure::invalid(format!(
                "{name}: a 2D shape can only rotate about z, but the rotation is {:?}",
                pose.rotation
            )));
        }
        // Rotation by angle t about z: z = sin(t/2), w = cos(t/2).
        let zw = z * z + w * w;
        let cos = (w * w - z * z) / zw;
        let sin = 2.0 * z * w / zw;
        Ok(Pose::from_cos_sin(
            [pose.position[0], pose.position[1]],
            cos,
            sin,
        ))
    }
}

impl FromGjkPose for Pose<3> {
    fn null() -> &'static Self {
        // The identity quaternion converts to exactly the identity matrix.
        static NULL: Pose<3> = Pose::from_columns(
            [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
            [0.0, 0.0, 0.0],
        );
        &NULL
    }

    fn convert(pose: &GjkPose, name: impl Display) -> Result<Self, Failure> {
        let [x, y, z, w] = pose
            .unit_rotation()
            .map_err(|f| Failure::invalid(format!("{name}: {}", f.message)))?;
        let rotation = UnitQuaternion::new_unchecked(Quaternion::new(w, x, y, z));
        // Both are validated above (the components of a unit quaternion are within [-1, 1]).
        Ok(Pose::from_valid_3d(Vector3::from(pose.position), rotation))
    }
}

/// A 2D pose: position (x, y) and a counter-clockwise angle in radians.
#[no_mangle]
pub extern "C" fn gjk_pose_2d(x: f64, y: f64, angle: f64) -> GjkPose {
    guard_value(GjkPose::IDENTITY, || {
        let (s, c) = (0.5 * angle).sin_cos();
        GjkPose {
            position: [x, y, 0.0],
            rotation: [0.0, 0.0, s, c],
        }
    })
}

/// A 3D pose from `position[3]` and a unit quaternion `rotation_xyzw[4]` (x, y, z, w).
/// NULL position means the origin, NULL rotation the identity. Values are validated when the
/// pose is used by a query.
///
/// # Safety
/// Non-NULL pointers must point to 3 and 4 readable doubles.
#[no_mangle]
pub unsafe extern "C" fn gjk_pose_3d(position: *const f64, rotation_xyzw: *const f64) -> GjkPose {
    guard_value(GjkPose::IDENTITY, || {
        let mut pose = GjkPose::IDENTITY;
        if !position.is_null() {
            for (i, p) in pose.position.iter_mut().enumerate() {
                *p = position.add(i).read_unaligned();
            }
        }
        if !rotation_xyzw.is_null() {
            for (i, r) in pose.rotation.iter_mut().enumerate() {
                *r = rotation_xyzw.add(i).read_unaligned();
            }
        }
        pose
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bits<const D: usize>(p: &Pose<D>) -> Vec<u64> {
        let r = p.rotation().iter();
        r.chain(p.translation().iter())
            .map(|x| x.to_bits())
            .collect()
    }

    /// A NULL pose is, to the bit, what the identity quaternion converts to.
    #[test]
    fn null_is_the_converted_identity() {
        let identity = &GjkPose::IDENTITY;
        let id2 = Pose::<2>::convert(identity, "p").unwrap();
        assert_eq!(bits(Pose::<2>::null()), bits(&id2));
        let id3 = Pose::<3>::convert(identity, "p").unwrap();
        assert_eq!(bits(Pose::<3>::null()), bits(&id3));
    }
}
