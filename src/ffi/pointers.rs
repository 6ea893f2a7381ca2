//! Checked access to the memory C callers hand us.

use crate::ffi::status::{Failure, GJK_INVALID_ARGUMENT, GJK_NULL_POINTER};

/// Fails unless `ptr` is non-NULL and aligned for `T`. Inlined: every export checks several
/// pointers, and a valid one costs two tests.
#[inline]
fn check_pointer<T>(ptr: *const T, name: &str) -> Result<(), Failure> {
    if ptr.is_null() || !(ptr as usize).is_multiple_of(std::mem::align_of::<T>()) {
        return Err(pointer_failure(ptr, name));
    }
    Ok(())
}

/// Why `ptr`, NULL or misaligned for `T`, was refused.
#[cold]
fn pointer_failure<T>(ptr: *const T, name: &str) -> Failure {
    if ptr.is_null() {
        Failure::new(GJK_NULL_POINTER, format!("{name} is NULL"))
    } else {
        Failure::invalid(format!("{name} ({ptr:p}) is not aligned for its type"))
    }
}

/// `ptr` as a reference, or NULL_POINTER.
///
/// # Safety
/// A non-NULL `ptr` must point to a valid `T` that outlives the call.
pub(crate) unsafe fn input<'a, T>(ptr: *const T, name: &str) -> Result<&'a T, Failure> {
    check_pointer(ptr, name)?;
    Ok(&*ptr)
}

/// `ptr` as a reference, or None when NULL (optional arguments).
///
/// # Safety
/// As [`input`].
pub(crate) unsafe fn optional<'a, T>(ptr: *const T, name: &str) -> Result<Option<&'a T>, Failure> {
    if ptr.is_null() {
        Ok(None)
    } else {
        input(ptr, name).map(Some)
    }
}

/// `ptr` checked for writing, or NULL_POINTER.
///
/// # Safety
/// A non-NULL `ptr` must point to writable memory for a `T`.
pub(crate) unsafe fn output<'a, T>(ptr: *mut T, name: &str) -> Result<&'a mut T, Failure> {
    check_pointer(ptr, name)?;
    Ok(&mut *ptr)
}

/// `count` points of `dim` coordinates (`f64` or `f32`) at `ptr`.
///
/// # Safety
/// A non-NULL `ptr` must point to `count * dim` readable values.
pub(crate) unsafe fn coordinates<'a, T>(
    ptr: *const T,
    count: usize,
    dim: usize,
    name: &str,
) -> Result<&'a [T], Failure> {
    check_pointer(ptr, name)?;
    if count == 0 {
        return Err(Failure::new(
            GJK_INVALID_ARGUMENT,
            format!("count is 0: {name} needs at least one point"),
        ));
    }
    fits::<T>(count, dim)?;
    Ok(std::slice::from_raw_parts(ptr, count * dim))
}

/// `count` values at `ptr`; NULL is accepted for an empty array.
///
/// # Safety
/// A non-NULL `ptr` must point to `count` readable values that outlive the call.
pub(crate) unsafe fn array<'a, T>(
    ptr: *const T,
    count: usize,
    name: &str,
) -> Result<&'a [T], Failure> {
    if count == 0 {
        return Ok(&[]);
    }
    input(ptr, name)?;
    fits::<T>(count, 1)?;
    Ok(std::slice::from_raw_parts(ptr, count))
}

/// `count` values at `ptr`, or none (an empty slice) when `ptr` is NULL. Empty rather than
/// an `Option`: memcheck saw a branch on the undefined length of a `None` slice, which the
/// optimiser may read (`gjk_distance_trace` under valgrind).
///
/// # Safety
/// As [`array()`].
pub(crate) unsafe fn optional_array<'a, T>(
    ptr: *const T,
    count: usize,
    name: &str,
) -> Result<&'a [T], Failure> {
    // NULL is an empty array, which `array` accepts as such.
    array(ptr, if ptr.is_null() { 0 } else { count }, name)
}

/// `count` writable values at `ptr`, or none (an empty slice) when `ptr` is NULL or `count`
/// is 0 (see [`optional_array`]).
///
/// # Safety
/// A non-NULL `ptr` must point to `count` writable values that no other argument overlaps.
pub(crate) unsafe fn optional_array_mut<'a, T>(
    ptr: *mut T,
    count: usize,
    name: &str,
) -> Result<&'a mut [T], Failure> {
    if ptr.is_null() || count == 0 {
        return Ok(&mut []);
    }
    output(ptr, name)?;
    fits::<T>(count, 1)?;
    Ok(std::slice::from_raw_parts_mut(ptr, count))
}

/// Fails unless `count` items of `per` values of `T` each fit in the address space (the
/// failure names `count`).
pub(crate) fn fits<T>(count: usize, per: usize) -> Result<(), Failure> {
    match count
        .checked_mul(per)
        .and_then(|values| values.checked_mul(std::mem::size_of::<T>()))
    {
        Some(bytes) if bytes <= isize::MAX as usize => Ok(()),
        _ => Err(Failure::invalid(format!("count {count} is too large"))),
    }
}
