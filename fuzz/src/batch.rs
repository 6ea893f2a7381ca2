//! The batch calls under fuzzing: `gjk_distance_batch` and `gjk_intersect_batch` on the pair,
//! its swap and each shape against itself, and `gjk_pairs_within` on the two shapes (and a
//! copy of B at A's pose). Their contract is exact: each batch entry is what the single query
//! answers (status and bits), and the pair list is what `gjk_distance_ex` over all pairs keeps
//! within the separation. The broad phase's boxes must never lose a pair.

use crate::{check_failure, last_error, Bytes};
use gjk::ffi::*;

/// The pairs of the batch calls: (A, B), (B, A), (A, A), (B, B).
fn batch_pairs<'p>(
    ca: *const GjkShape,
    cb: *const GjkShape,
    pa: &'p GjkPose,
    pb: &'p GjkPose,
) -> [(*const GjkShape, GjkPose, *const GjkShape, GjkPose); 4] {
    [
        (ca, *pa, cb, *pb),
        (cb, *pb, ca, *pa),
        (ca, *pa, ca, *pa),
        (cb, *pb, cb, *pb),
    ]
}

/// The single distance query that a batch entry must reproduce.
fn single_distance(
    a: *const GjkShape,
    pa: &GjkPose,
    b: *const GjkShape,
    pb: &GjkPose,
) -> (GjkStatus, GjkDistanceResult) {
    let mut r = GjkDistanceResult::default();
    let s = unsafe { gjk_distance_ex(a, pa, b, pb, std::ptr::null(), &mut r) };
    (s, r)
}

/// Checks the batch calls on the pair (valid poses), with the thread count and separation the
/// bytes give.
pub fn check_batches(
    ca: *const GjkShape,
    cb: *const GjkShape,
    pa: &GjkPose,
    pb: &GjkPose,
    bytes: &mut Bytes,
) {
    let threads = u32::from(bytes.u8() % 3);
    let pairs = batch_pairs(ca, cb, pa, pb);
    let shapes_a: Vec<*const GjkShape> = pairs.iter().map(|p| p.0).collect();
    let poses_a: Vec<GjkPose> = pairs.iter().map(|p| p.1).collect();
    let shapes_b: Vec<*const GjkShape> = pairs.iter().map(|p| p.2).collect();
    let poses_b: Vec<GjkPose> = pairs.iter().map(|p| p.3).collect();
    let n = pairs.len();

    let mut results = vec![GjkDistanceResult::default(); n];
    let mut statuses = vec![-1; n];
    let s = unsafe {
        gjk_distance_batch(
            shapes_a.as_ptr(),
            poses_a.as_ptr(),
            shapes_b.as_ptr(),
            poses_b.as_ptr(),
            n,
            std::ptr::null(),
            threads,
            results.as_mut_ptr(),
            statuses.as_mut_ptr(),
        )
    };
    for (k, (a, pa, b, pb)) in pairs.iter().enumerate() {
        let (single_status, single) = single_distance(*a, pa, *b, pb);
        assert_eq!(statuses[k], single_status, "distance batch entry {k}");
        if single_status == GJK_OK || single_status == GJK_NO_CONVERGENCE {
            assert_eq!(
                format!("{:?}", results[k]),
                format!("{single:?}"),
                "distance batch entry {k} differs from the single query"
            );
        }
    }
    // The first failure other than the cap, else the cap, else OK.
    let worst = statuses
        .iter()
        .copied()
        .find(|&s| s != GJK_OK && s != GJK_NO_CONVERGENCE)
        .or_else(|| statuses.iter().copied().find(|&s| s != GJK_OK))
        .unwrap_or(GJK_OK);
    assert_eq!(s, worst, "distance batch status");
    if s != GJK_OK {
        check_failure(s, "distance batch");
    }

    let mut hits = vec![false; n];
    let s = unsafe {
        gjk_intersect_batch(
            shapes_a.as_ptr(),
            poses_a.as_ptr(),
            shapes_b.as_ptr(),
            poses_b.as_ptr(),
            n,
            std::ptr::null(),
            threads,
            hits.as_mut_ptr(),
            statuses.as_mut_ptr(),
        )
    };
    for (k, (a, pa, b, pb)) in pairs.iter().enumerate() {
        let mut hit = false;
        let single = unsafe { gjk_intersect_ex(*a, pa, *b, pb, std::ptr::null(), &mut hit) };
        assert_eq!(statuses[k], single, "intersect batch entry {k}");
        if single == GJK_OK {
            assert_eq!(hits[k], hit, "intersect batch entry {k}");
        }
    }
    if s != GJK_OK {
        check_failure(s, "intersect batch");
    }

    check_pairs_within(ca, cb, pa, pb, threads, bytes);
}

/// `gjk_pairs_within` on A, B and B at A's pose, against the single queries of its three
/// pairs.
fn check_pairs_within(
    ca: *const GjkShape,
    cb: *const GjkShape,
    pa: &GjkPose,
    pb: &GjkPose,
    threads: u32,
    bytes: &mut Bytes,
) {
    let shapes = [ca, cb, cb];
    let poses = [*pa, *pb, *pa];
    let singles: Vec<(usize, usize, GjkStatus, GjkDistanceResult)> = [(0, 1), (0, 2), (1, 2)]
        .iter()
        .map(|&(i, j)| {
            let (s, r) = single_distance(shapes[i], &poses[i], shapes[j], &poses[j]);
            (i, j, s, r)
        })
        .collect();
    let d01 = singles[0].3.distance;
    // The separation: none, exactly the pair's distance, just either side of it, or any value.
    let separation = match bytes.u8() % 6 {
        0 => 0.0,
        1 => d01,
        2 => d01 * (1.0 + 1e-12),
        3 => d01 * (1.0 - 1e-12),
        4 => bytes.scale(),
        _ => bytes.coord(0.0, 1.0),
    };
    let mut list: *mut GjkPairList = std::ptr::null_mut();
    let s = unsafe {
        gjk_pairs_within(
            shapes.as_ptr(),
            poses.as_ptr(),
            shapes.len(),
            separation,
            std::ptr::null(),
            threads,
            &mut list,
        )
    };
    if !(separation >= 0.0 && separation.is_finite()) {
        assert_eq!(s, GJK_INVALID_ARGUMENT, "separation {separation} accepted");
        check_failure(s, "pairs_within");
        assert!(list.is_null());
        return;
    }
    // The pairs the contract keeps; a pair whose query did not converge and whose bounds
    // straddle the separation fails the call.
    // (The broad phase may drop an undecided pair without a query, its boxes proving it
    // beyond the separation.)
    let mut expected = Vec::new();
    let mut undecided = Vec::new();
    for (i, j, status, r) in &singles {
        match *status {
            GJK_OK if within(r, separation) => expected.push((*i, *j, *r)),
            GJK_OK => {}
            GJK_NO_CONVERGENCE if r.distance <= separation => expected.push((*i, *j, *r)),
            GJK_NO_CONVERGENCE if r.lower_bound > separation => {}
            GJK_NO_CONVERGENCE => undecided.push((*i, *j)),
            other => panic!("single query failed with {other}: {}", last_error()),
        }
    }
    if s != GJK_OK {
        check_failure(s, "pairs_within");
        assert!(list.is_null(), "a failed pairs_within wrote its list");
        assert!(
            s == GJK_NO_CONVERGENCE && !undecided.is_empty(),
            "pairs_within failed ({s}): {}",
            last_error()
        );
        return;
    }
    let len = unsafe { gjk_pair_list_len(list) };
    let mut got = vec![GjkPair::default(); len];
    let copied = unsafe { gjk_pair_list_copy(list, 0, len, got.as_mut_ptr()) };
    unsafe { gjk_pair_list_free(list) };
    assert_eq!(copied, GJK_OK);
    assert!(
        got.iter().all(|p| !undecided.contains(&(p.i, p.j))),
        "pairs_within kept an undecided pair"
    );
    let got: Vec<(usize, usize, String)> = got
        .iter()
        .map(|p| (p.i, p.j, format!("{:?}", p.result)))
        .collect();
    let expected: Vec<(usize, usize, String)> = expected
        .iter()
        .map(|(i, j, r)| (*i, *j, format!("{r:?}")))
        .collect();
    assert_eq!(got, expected, "pairs within {separation}");
}

/// `gjk::batch::within_separation` on a C result: intersecting, the certified distance
/// within, or the interval reaching the separation with the closest points within it (their
/// distance as the library computes it: the plain norm, scaled where squares would leave the
/// range).
fn within(r: &GjkDistanceResult, separation: f64) -> bool {
    let d: Vec<f64> = (0..3).map(|k| r.point_b[k] - r.point_a[k]).collect();
    let plain = d.iter().map(|x| x * x).sum::<f64>().sqrt();
    let apart = if plain > 1e-140 && plain < 1e140 || d.iter().all(|x| *x == 0.0) {
        plain
    } else {
        let m = d.iter().fold(0.0f64, |m, x| m.max(x.abs()));
        m * d.iter().map(|x| (x / m) * (x / m)).sum::<f64>().sqrt()
    };
    r.intersecting
        || r.distance <= separation
        || (r.lower_bound <= separation && apart <= separation)
}
