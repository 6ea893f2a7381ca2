//! The C ABI misused: sequences of calls with NULL and misaligned pointers, zero and
//! overflowing counts, mixed dimensions, arbitrary numbers, options and status codes, on a
//! small table of live handles that are created and freed along the way. Every call must
//! return a documented status (never GJK_INTERNAL_ERROR), leave a message when it fails and
//! not write its output then; nothing may crash or hang.
#![no_main]

use gjk::ffi::*;
use gjk_fuzz::{check_failure, last_error, read_options, read_pose, Bytes, Spec};
use std::ffi::CStr;

/// A buffer of doubles whose address can be offset by one byte (misaligned).
struct Buffer {
    raw: Vec<u64>,
}

impl Buffer {
    fn new(values: &[f64]) -> Self {
        let mut raw = vec![0u64; values.len() + 1];
        for (r, v) in raw.iter_mut().zip(values) {
            *r = v.to_bits();
        }
        Self { raw }
    }
    fn ptr(&self, mode: u8) -> *const f64 {
        match mode % 8 {
            0 => std::ptr::null(),
            1 => unsafe { (self.raw.as_ptr() as *const u8).add(1) as *const f64 },
            _ => self.raw.as_ptr() as *const f64,
        }
    }
}

/// Calls a constructor with mangled arguments; the new handle, if any, with its description.
fn create(bytes: &mut Bytes) -> Option<(*mut GjkShape, Spec)> {
    let dim = 2 + (bytes.u8() as usize & 1);
    let spec = Spec::read(bytes, dim);
    let mode = bytes.u8();
    let mut out: *mut GjkShape = std::ptr::null_mut();
    let out_ptr: *mut *mut GjkShape = match mode % 16 {
        0 => std::ptr::null_mut(),
        1 => unsafe { (&mut out as *mut _ as *mut u8).add(1) as *mut *mut GjkShape },
        _ => &mut out,
    };
    let status = match &spec {
        Spec::Hull { coords, single } => {
            let buffer = Buffer::new(coords);
            let count = match bytes.u8() % 8 {
                0 => 0,
                1 => usize::MAX,
                2 => usize::MAX / dim + 1,
                3 => isize::MAX as usize / 8 + 1,
                _ => coords.len() / dim,
            };
            let ptr = buffer.ptr(bytes.u8());
            unsafe {
                match (dim, *single) {
                    (2, false) => gjk_polygon_new(ptr, count, out_ptr),
                    (2, true) => {
                        let narrow: Vec<f32> = coords.iter().map(|&x| x as f32).collect();
                        let p = if ptr.is_null() {
                            std::ptr::null()
                        } else {
                            narrow.as_ptr()
                        };
                        gjk_polygon_new_f32(p, count, out_ptr)
                    }
                    (_, false) => gjk_polytope_new(ptr, count, out_ptr),
                    (_, true) => {
                        let narrow: Vec<f32> = coords.iter().map(|&x| x as f32).collect();
                        let p = if ptr.is_null() {
                            std::ptr::null()
                        } else {
                            narrow.as_ptr()
                        };
                        gjk_polytope_new_f32(p, count, out_ptr)
                    }
                }
            }
        }
        _ => {
            // The other constructors take plain numbers: the output pointer is what can be
            // wrong; build_c is reused when it is fine.
            if mode % 16 >= 2 {
                let (status, ptr) = spec.build_c(dim);
                out = ptr;
                status
            } else {
                unsafe { gjk_sphere_new(1.0, out_ptr) }
            }
        }
    };
    if status == GJK_OK {
        assert!(
            mode % 16 >= 2,
            "a constructor accepted a bad output pointer"
        );
        assert!(!out.is_null());
        let d = unsafe { gjk_shape_dimension(out) };
        assert!(d == dim as u32, "dimension {d} for a {dim}D shape");
        Some((out, spec))
    } else {
        check_failure(status, "constructor");
        assert!(out.is_null(), "failed constructor wrote its output");
        None
    }
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let mut live: Vec<*mut GjkShape> = Vec::new();
    let mut described: Vec<Spec> = Vec::new();
    for _ in 0..16 {
        let op = bytes.u8();
        match op % 8 {
            0 | 1 => {
                if live.len() < 8 {
                    if let Some((s, what)) = create(&mut bytes) {
                        live.push(s);
                        described.push(what);
                    }
                }
            }
            2 => {
                if !live.is_empty() {
                    let i = bytes.u8() as usize % live.len();
                    unsafe { gjk_shape_free(live.swap_remove(i)) };
                    described.swap_remove(i);
                } else {
                    unsafe { gjk_shape_free(std::ptr::null_mut()) };
                }
            }
            3 => {
                let code = bytes.u32() as i32;
                let text = unsafe { CStr::from_ptr(gjk_status_string(code)) };
                assert!(!text.to_bytes().is_empty());
                let version = unsafe { CStr::from_ptr(gjk_version()) };
                assert_eq!(version.to_bytes().iter().filter(|&&c| c == b'.').count(), 2);
                assert_eq!(unsafe { gjk_shape_dimension(std::ptr::null()) }, 0);
                let _ = last_error();
            }
            _ => {
                let pick = |bytes: &mut Bytes, live: &[*mut GjkShape]| {
                    let k = bytes.u8() as usize;
                    if live.is_empty() || k.is_multiple_of(8) {
                        (None, std::ptr::null())
                    } else {
                        (
                            Some(k % live.len()),
                            live[k % live.len()] as *const GjkShape,
                        )
                    }
                };
                let (ia, a) = pick(&mut bytes, &live);
                let (ib, b) = pick(&mut bytes, &live);
                let dim = 2 + (bytes.u8() as usize & 1);
                let poses = [read_pose(&mut bytes, dim), read_pose(&mut bytes, dim)];
                let options = read_options(&mut bytes);
                // Poses, options and outputs: valid, NULL (identity / defaults / error) or
                // misaligned, each in a buffer of its own.
                let mut storage = [[0u64; 16]; 3];
                let mode = bytes.u8();
                let place = |slot: &mut [u64; 16], shift: u8| -> *mut u8 {
                    let base = slot.as_mut_ptr() as *mut u8;
                    unsafe { base.add(if shift % 8 == 1 { 1 } else { 0 }) }
                };
                let (pa, pb, po) = {
                    let [sa, sb, so] = &mut storage;
                    let pa = place(sa, mode) as *mut GjkPose;
                    let pb = place(sb, mode >> 3) as *mut GjkPose;
                    let po = place(so, mode >> 5) as *mut GjkQueryOptions;
                    unsafe {
                        pa.write_unaligned(poses[0]);
                        pb.write_unaligned(poses[1]);
                        po.write_unaligned(options);
                    }
                    (pa, pb, po)
                };
                let null_if = |p: *mut u8, bit: u8| {
                    if op & bit != 0 {
                        std::ptr::null_mut()
                    } else {
                        p
                    }
                };
                let pa = null_if(pa as *mut u8, 0x10) as *const GjkPose;
                let pb = null_if(pb as *mut u8, 0x20) as *const GjkPose;
                let po = null_if(po as *mut u8, 0x40) as *const GjkQueryOptions;
                let mut out_buf = [0u64; 16];
                let out = null_if(place(&mut out_buf, bytes.u8()), 0x80);
                let before = out_buf;
                if std::env::var_os("GJK_FUZZ_TRACE").is_some() {
                    let spec = |i: Option<usize>| i.map(|i| &described[i]);
                    eprintln!(
                        "query {}: a {:?} b {:?} poses {poses:?} options {options:?} mode {mode}",
                        op % 8,
                        spec(ia),
                        spec(ib)
                    );
                }
                let status = unsafe {
                    match op % 8 {
                        4 => gjk_intersect_ex(a, pa, b, pb, po, out as *mut bool),
                        5 => gjk_distance_ex(a, pa, b, pb, po, out as *mut GjkDistanceResult),
                        6 => gjk_penetration_ex(a, pa, b, pb, po, out as *mut GjkPenetrationResult),
                        _ => gjk_signed_distance(a, pa, b, pb, out as *mut f64),
                    }
                };
                if status != GJK_OK {
                    check_failure(status, "query");
                    let writes_on_failure =
                        status == GJK_NO_CONVERGENCE && (op % 8 == 5 || op % 8 == 6);
                    if !writes_on_failure {
                        assert_eq!(before, out_buf, "failed query {} wrote its output", op % 8);
                    }
                    let msg = last_error();
                    // The output is checked first, then a, pose_a, b, pose_b, options: a NULL
                    // one gives GJK_NULL_POINTER, a misaligned one GJK_INVALID_ARGUMENT.
                    if out.is_null() {
                        assert_eq!(status, GJK_NULL_POINTER, "NULL out: {msg}");
                    } else if a.is_null() || b.is_null() {
                        assert!(
                            status == GJK_NULL_POINTER || status == GJK_INVALID_ARGUMENT,
                            "NULL shape: {status} {msg}"
                        );
                    }
                } else {
                    assert!(!a.is_null() && !b.is_null() && !out.is_null());
                    assert_eq!(unsafe { gjk_shape_dimension(a) }, unsafe {
                        gjk_shape_dimension(b)
                    });
                    match op % 8 {
                        5 => {
                            let r = unsafe { (out as *const GjkDistanceResult).read_unaligned() };
                            assert!(
                                r.distance.is_finite() && r.lower_bound <= r.distance,
                                "{r:?}"
                            );
                        }
                        6 => {
                            let r =
                                unsafe { (out as *const GjkPenetrationResult).read_unaligned() };
                            assert!(r.signed_distance.is_finite(), "{r:?}: {described:?}");
                        }
                        7 => {
                            let r = unsafe { (out as *const f64).read_unaligned() };
                            assert!(r.is_finite(), "signed distance {r}: {described:?}");
                        }
                        _ => {}
                    }
                }
            }
        }
    }
    for s in live {
        unsafe { gjk_shape_free(s) };
    }
});
