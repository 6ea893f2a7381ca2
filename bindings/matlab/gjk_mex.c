/*
 * gjk_mex: the one MEX gateway of the MATLAB / Octave binding, over the C ABI of include/gjk.h.
 * Build it with gjk_build.m (mkoctfile --mex in Octave, mex in MATLAB). The .m functions of this
 * folder call it; it is not meant to be called directly:
 *
 *   dim                                   = gjk_mex('check', S)       % build each shape, free it
 *   [d, pa, pb, n, lower, hit, iters]     = gjk_mex('distance', A, B)
 *   hit                                   = gjk_mex('intersect', A, B)
 *   [sd, pa, pb, n, hit]                  = gjk_mex('penetration', A, B)
 *   [ij, d, pa, pb, hit]                  = gjk_mex('pairs_within', S, separation)
 *   [lo, hi]                              = gjk_mex('aabb', S)
 *   [hit, t, p, n, inside]                = gjk_mex('ray_cast', S, origin, direction, max_t)
 *   [hit, t, pa, pb, n]                   = gjk_mex('shape_cast', A, B, va, vb, max_t, sep)
 *   [d, pa, pb, n, lower, hit, iters, c]  = gjk_mex('distance_cached', A, B, cache)
 *   [hit, c]                              = gjk_mex('intersect_cached', A, B, cache)
 *   version                               = gjk_mex('version')
 *
 * A, B and S are struct arrays made by the constructors (fields kind, size, points, position,
 * rotation, rounding). A and B hold one shape each, or N (the other one or N): N pairs are
 * answered by one gjk_distance_batch / gjk_intersect_batch call. Rays and velocities are rows
 * (one, or one per ray or pair). A cache is a uint8 matrix, one GjkSimplexCache (its bytes) a
 * row, one row per pair, or [] for new ones; the call returns it updated. Vectors come back as rows, one
 * per pair, with as many columns as the shapes' dimension. Shapes are created for the call and
 * freed before it returns, also when it fails (errors carry gjk_last_error_message()).
 *
 * The .m functions check their arguments and word the errors users see; the gateway still
 * checks everything it reads (real, full double fields and arguments of the right counts, the
 * number of outputs) so that a direct call with anything else raises an error, never reads
 * past an array.
 */
#include "mex.h"
#include "gjk.h"

#include <stdio.h>
#include <string.h>

/* The shapes of one struct array argument and their poses. */
typedef struct Placed {
    GjkShape **shapes;
    GjkPose *poses;
    size_t count;
    uint32_t dimension;
} Placed;

static char message[1024];

static void release(Placed *p) {
    if (p->shapes != NULL) {
        for (size_t k = 0; k < p->count; k++) gjk_shape_free(p->shapes[k]);
        mxFree(p->shapes);
    }
    if (p->poses != NULL) mxFree(p->poses);
    p->shapes = NULL;
    p->poses = NULL;
    p->count = 0;
}

static const char *status_id(GjkStatus status) {
    switch (status) {
    case GJK_NULL_POINTER: return "gjk:nullPointer";
    case GJK_INVALID_ARGUMENT: return "gjk:invalidArgument";
    case GJK_DIMENSION_MISMATCH: return "gjk:dimensionMismatch";
    case GJK_NO_CONVERGENCE: return "gjk:noConvergence";
    default: return "gjk:internalError";
    }
}

/* Frees what the call holds and raises the MATLAB error of `status` with `message`. */
static void fail(GjkStatus status, Placed *a, Placed *b) {
    if (a != NULL) release(a);
    if (b != NULL) release(b);
    mexErrMsgIdAndTxt(status_id(status), "%s", message);
}

/* The library's message of the last failure, after `prefix`. */
static GjkStatus library_failure(GjkStatus status, const char *prefix) {
    snprintf(message, sizeof message, "%s%s", prefix, gjk_last_error_message());
    return status;
}

static GjkStatus own_failure(const char *prefix, const char *text) {
    snprintf(message, sizeof message, "%s%s", prefix, text);
    return GJK_INVALID_ARGUMENT;
}

/* Whether `a` is a real, full double array: what mxGetPr reads element by element (a sparse
 * array holds only its nonzeros there, a complex one its real parts, other classes no doubles). */
static int real_doubles(const mxArray *a) {
    return a != NULL && mxIsDouble(a) && !mxIsComplex(a) && !mxIsSparse(a);
}

/* Field `name` of element k as doubles: its count, or -1 when it is missing or not real full
 * doubles. */
static long doubles(const mxArray *s, mwIndex k, const char *name, const double **values) {
    const mxArray *f = mxGetField(s, k, name);
    if (!real_doubles(f)) return -1;
    *values = mxGetPr(f);
    return (long)mxGetNumberOfElements(f);
}

/* A shape from its kind and sizes (all but the point clouds). */
static GjkStatus sized_shape(const char *kind, const double *v, long n, GjkShape **out,
                             const char *prefix) {
    struct { const char *kind; long count; } table[] = {
        {"circle", 1}, {"sphere", 1}, {"ellipse", 2}, {"ellipsoid", 3}, {"stadium", 2},
        {"capsule", 2}, {"rectangle", 2}, {"box", 3}, {"cylinder", 2}, {"cone", 2},
    };
    for (size_t t = 0; t < sizeof table / sizeof table[0]; t++) {
        if (strcmp(kind, table[t].kind) != 0) continue;
        if (n != table[t].count)
            return own_failure(prefix, "its size must hold the sizes of its kind (real double)");
        GjkStatus s;
        switch (t) {
        case 0: s = gjk_circle_new(v[0], out); break;
        case 1: s = gjk_sphere_new(v[0], out); break;
        case 2: s = gjk_ellipse_new(v[0], v[1], out); break;
        case 3: s = gjk_ellipsoid_new(v[0], v[1], v[2], out); break;
        case 4: s = gjk_stadium_new(v[0], v[1], out); break;
        case 5: s = gjk_capsule_new(v[0], v[1], out); break;
        case 6: s = gjk_rectangle_new(v[0], v[1], out); break;
        case 7: s = gjk_box_new(v[0], v[1], v[2], out); break;
        case 8: s = gjk_cylinder_new(v[0], v[1], out); break;
        default: s = gjk_cone_new(v[0], v[1], out); break;
        }
        return s == GJK_OK ? s : library_failure(s, prefix);
    }
    return own_failure(prefix, "unknown kind (use the gjk_* constructors)");
}

/* A shape from a point matrix (rows are points): polygon, polytope, segment or point. */
static GjkStatus point_shape(const char *kind, const mxArray *points, GjkShape **out,
                             const char *prefix) {
    size_t rows = mxGetM(points), cols = mxGetN(points);
    const double *p = mxGetPr(points);
    if (cols != 2 && cols != 3 && rows * cols != 0)
        return own_failure(prefix, "points must have 2 or 3 columns");
    if (strcmp(kind, "segment") == 0 || strcmp(kind, "point") == 0) {
        size_t want = kind[1] == 'e' ? 2 : 1;
        if (rows != want || (cols != 2 && cols != 3))
            return own_failure(prefix,
                               "a segment has 2 points, a point 1 (rows of 2 or 3 numbers)");
        const double *q = want == 2 ? p + 1 : p; /* second row */
        GjkStatus s;
        if (want == 2 && cols == 2) s = gjk_segment2d_new(p[0], p[2], q[0], q[2], out);
        else if (want == 2) s = gjk_segment3d_new(p[0], p[2], p[4], q[0], q[2], q[4], out);
        else if (cols == 2) s = gjk_point2d_new(p[0], p[1], out);
        else s = gjk_point3d_new(p[0], p[1], p[2], out);
        return s == GJK_OK ? s : library_failure(s, prefix);
    }
    int polygon = strcmp(kind, "polygon") == 0;
    if (!polygon && strcmp(kind, "polytope") != 0) return own_failure(prefix, "unknown kind");
    if (cols != (polygon ? 2u : 3u)) return own_failure(prefix, "polygon points are n x 2, polytope points n x 3");
    /* MATLAB stores the n x cols matrix by columns; the library takes x, y(, z) per point. */
    double *xyz = mxMalloc((rows * cols > 0 ? rows * cols : 1) * sizeof(double));
    for (size_t r = 0; r < rows; r++)
        for (size_t c = 0; c < cols; c++) xyz[r * cols + c] = p[c * rows + r];
    GjkStatus s = polygon ? gjk_polygon_new(xyz, rows, out) : gjk_polytope_new(xyz, rows, out);
    mxFree(xyz);
    return s == GJK_OK ? s : library_failure(s, prefix);
}

/* Grows `*shape` by the field rounding of element k (the radius of gjk_rounded.m, 0 for none);
 * on failure frees `*shape` and leaves NULL. */
static GjkStatus round_off(const mxArray *s, mwIndex k, GjkShape **shape, const char *prefix) {
    const double *radius = NULL;
    GjkShape *grown = NULL;
    GjkStatus status;
    if (doubles(s, k, "rounding", &radius) != 1)
        status = own_failure(prefix, "its rounding must be one number (real double)");
    else if (radius[0] == 0.0)
        return GJK_OK;
    else if ((status = gjk_rounded_new(*shape, radius[0], &grown)) != GJK_OK)
        library_failure(status, prefix);
    gjk_shape_free(*shape);
    *shape = grown;
    return status;
}

/* Element k of struct array `s`: its shape and pose. */
static GjkStatus make_one(const mxArray *s, mwIndex k, const char *what, GjkShape **shape,
                          GjkPose *pose) {
    char prefix[96];
    snprintf(prefix, sizeof prefix, "%s(%lu): ", what, (unsigned long)k + 1);
    const mxArray *kind_field = mxGetField(s, k, "kind");
    if (kind_field == NULL || !mxIsChar(kind_field))
        return own_failure(prefix, "not a gjk shape (no kind; use the gjk_* constructors)");
    char kind[16];
    if (mxGetString(kind_field, kind, sizeof kind) != 0) return own_failure(prefix, "unknown kind");
    int from_points = strcmp(kind, "polygon") == 0 || strcmp(kind, "polytope") == 0 ||
                      strcmp(kind, "segment") == 0 || strcmp(kind, "point") == 0;
    const mxArray *points = mxGetField(s, k, "points");
    GjkStatus status;
    if (from_points) {
        if (!real_doubles(points) || mxGetNumberOfDimensions(points) != 2)
            return own_failure(prefix, "its points must be a real, full double matrix");
        status = point_shape(kind, points, shape, prefix);
    } else {
        const double *v = NULL;
        long n = doubles(s, k, "size", &v);
        status = sized_shape(kind, v, n, shape, prefix);
    }
    if (status == GJK_OK) status = round_off(s, k, shape, prefix);
    if (status != GJK_OK) return status;
    const double *position = NULL, *rotation = NULL;
    long np = doubles(s, k, "position", &position);
    long nr = doubles(s, k, "rotation", &rotation);
    GjkStatus bad = GJK_OK;
    if (np == 2 && nr <= 1) {
        *pose = gjk_pose_2d(position[0], position[1], nr == 1 ? rotation[0] : 0.0);
    } else if (np == 3 && (nr == 4 || nr == 0)) {
        const double identity[4] = {0.0, 0.0, 0.0, 1.0};
        *pose = gjk_pose_3d(position, nr == 4 ? rotation : identity);
    } else {
        bad = own_failure(prefix, "position is [x y] with an angle, or [x y z] with a quaternion "
                                  "[qx qy qz qw] (real doubles)");
    }
    if (bad != GJK_OK) {
        gjk_shape_free(*shape);
        *shape = NULL;
    }
    return bad;
}

/* Every shape of struct array `s` (named `what` in messages); raises on failure. */
static void make_all(const mxArray *s, const char *what, Placed *out, Placed *other) {
    memset(out, 0, sizeof *out);
    if (!mxIsStruct(s)) {
        snprintf(message, sizeof message, "%s: expected a gjk shape struct", what);
        fail(GJK_INVALID_ARGUMENT, out, other);
    }
    size_t n = mxGetNumberOfElements(s);
    out->shapes = mxCalloc(n > 0 ? n : 1, sizeof(GjkShape *));
    out->poses = mxCalloc(n > 0 ? n : 1, sizeof(GjkPose));
    out->count = n;
    for (size_t k = 0; k < n; k++) {
        GjkStatus status = make_one(s, (mwIndex)k, what, &out->shapes[k], &out->poses[k]);
        if (status != GJK_OK) fail(status, out, other);
        uint32_t d = gjk_shape_dimension(out->shapes[k]);
        if (out->dimension < d) out->dimension = d;
    }
}

/* A rows x cols double matrix filled from `count` vectors of 3 at `first`, `stride` bytes apart. */
static mxArray *vectors(const void *first, size_t stride, size_t count, size_t cols) {
    mxArray *m = mxCreateDoubleMatrix(count, cols, mxREAL);
    double *out = mxGetPr(m);
    for (size_t k = 0; k < count; k++) {
        const double *v = (const double *)((const char *)first + k * stride);
        for (size_t c = 0; c < cols; c++) out[c * count + k] = v[c];
    }
    return m;
}

static mxArray *column(size_t count) { return mxCreateDoubleMatrix(count, 1, mxREAL); }

/* The pairs of two arguments: N = the larger count, the other 1 or N. */
static size_t pair_count(Placed *a, Placed *b) {
    size_t n = a->count > b->count ? a->count : b->count;
    if ((a->count != 1 && a->count != n) || (b->count != 1 && b->count != n) || n == 0) {
        snprintf(message, sizeof message,
                 "A has %lu shapes and B %lu: each must have 1 or the same number",
                 (unsigned long)a->count, (unsigned long)b->count);
        fail(GJK_INVALID_ARGUMENT, a, b);
    }
    return n;
}

/* The pairs of a query: the shapes of A and B, and per pair a shape and a pose of each (a
 * single shape repeated against N). */
typedef struct Pairs {
    Placed a, b;
    size_t n, dimension;
    const GjkShape **shapes_a, **shapes_b;
    GjkPose *poses_a, *poses_b;
} Pairs;

static void make_pairs(const mxArray *A, const mxArray *B, Pairs *p) {
    make_all(A, "A", &p->a, NULL);
    make_all(B, "B", &p->b, &p->a);
    p->n = pair_count(&p->a, &p->b);
    p->dimension = p->a.dimension > p->b.dimension ? p->a.dimension : p->b.dimension;
    p->shapes_a = mxMalloc(p->n * sizeof(GjkShape *));
    p->shapes_b = mxMalloc(p->n * sizeof(GjkShape *));
    p->poses_a = mxMalloc(p->n * sizeof(GjkPose));
    p->poses_b = mxMalloc(p->n * sizeof(GjkPose));
    for (size_t k = 0; k < p->n; k++) {
        size_t i = p->a.count == 1 ? 0 : k, j = p->b.count == 1 ? 0 : k;
        p->shapes_a[k] = p->a.shapes[i];
        p->poses_a[k] = p->a.poses[i];
        p->shapes_b[k] = p->b.shapes[j];
        p->poses_b[k] = p->b.poses[j];
    }
}

/* Frees the pairs; with a failed `status`, raises its error (after `prefix`). */
static void finish_pairs(Pairs *p, GjkStatus status, const char *prefix, void *results) {
    mxFree(p->shapes_a);
    mxFree(p->shapes_b);
    mxFree(p->poses_a);
    mxFree(p->poses_b);
    if (status != GJK_OK) {
        library_failure(status, prefix);
        mxFree(results);
        fail(status, &p->a, &p->b);
    }
    release(&p->a);
    release(&p->b);
}

/* Hands the first max(nlhs, 1) of `outs` to MATLAB and destroys the others. */
static void hand_out(int nlhs, mxArray *plhs[], mxArray *outs[], int count) {
    for (int k = 0; k < count; k++) {
        if (k < (nlhs > 1 ? nlhs : 1)) plhs[k] = outs[k];
        else mxDestroyArray(outs[k]);
    }
}

/* The seven outputs of a distance query from its `n` results: distances, closest points on A
 * and on B, normals, lower bounds, intersecting, iterations. */
static void distance_outputs(const GjkDistanceResult *r, size_t n, size_t d, mxArray *outs[7]) {
    mxArray *dist = column(n), *lower = column(n), *iters = column(n);
    mxArray *hit = mxCreateLogicalMatrix(n, 1);
    for (size_t k = 0; k < n; k++) {
        mxGetPr(dist)[k] = r[k].distance;
        mxGetPr(lower)[k] = r[k].lower_bound;
        mxGetPr(iters)[k] = r[k].iterations;
        mxGetLogicals(hit)[k] = r[k].intersecting;
    }
    outs[0] = dist;
    outs[1] = vectors(r[0].point_a, sizeof *r, n, d);
    outs[2] = vectors(r[0].point_b, sizeof *r, n, d);
    outs[3] = vectors(r[0].normal, sizeof *r, n, d);
    outs[4] = lower;
    outs[5] = hit;
    outs[6] = iters;
}

static void distance(int nlhs, mxArray *plhs[], const mxArray *A, const mxArray *B) {
    Pairs p;
    make_pairs(A, B, &p);
    size_t n = p.n, d = p.dimension;
    GjkDistanceResult *r = mxMalloc(n * sizeof *r);
    GjkStatus status =
        n == 1 ? gjk_distance(p.shapes_a[0], &p.poses_a[0], p.shapes_b[0], &p.poses_b[0], r)
               : gjk_distance_batch(p.shapes_a, p.poses_a, p.shapes_b, p.poses_b, n, NULL, 0, r,
                                    NULL);
    finish_pairs(&p, status, "", r);
    mxArray *outs[7];
    distance_outputs(r, n, d, outs);
    mxFree(r);
    hand_out(nlhs, plhs, outs, 7);
}

static void intersect(mxArray *plhs[], const mxArray *A, const mxArray *B) {
    Pairs p;
    make_pairs(A, B, &p);
    size_t n = p.n;
    bool *r = mxMalloc(n * sizeof *r);
    GjkStatus status =
        n == 1 ? gjk_intersect(p.shapes_a[0], &p.poses_a[0], p.shapes_b[0], &p.poses_b[0], r)
               : gjk_intersect_batch(p.shapes_a, p.poses_a, p.shapes_b, p.poses_b, n, NULL, 0, r,
                                     NULL);
    finish_pairs(&p, status, "", r);
    plhs[0] = mxCreateLogicalMatrix(n, 1);
    for (size_t k = 0; k < n; k++) mxGetLogicals(plhs[0])[k] = r[k];
    mxFree(r);
}

static void penetration(int nlhs, mxArray *plhs[], const mxArray *A, const mxArray *B) {
    Pairs p;
    make_pairs(A, B, &p);
    size_t n = p.n, d = p.dimension;
    GjkPenetrationResult *r = mxMalloc(n * sizeof *r);
    GjkStatus status = GJK_OK;
    char prefix[64] = "";
    for (size_t k = 0; k < n && status == GJK_OK; k++) {
        status = gjk_penetration(p.shapes_a[k], &p.poses_a[k], p.shapes_b[k], &p.poses_b[k], &r[k]);
        if (status != GJK_OK) snprintf(prefix, sizeof prefix, "pair %lu: ", (unsigned long)k + 1);
    }
    finish_pairs(&p, status, prefix, r);
    mxArray *sd = column(n), *hit = mxCreateLogicalMatrix(n, 1);
    for (size_t k = 0; k < n; k++) {
        mxGetPr(sd)[k] = r[k].signed_distance;
        mxGetLogicals(hit)[k] = r[k].intersecting;
    }
    mxArray *outs[5] = {sd, vectors(r[0].point_a, sizeof *r, n, d),
                        vectors(r[0].point_b, sizeof *r, n, d),
                        vectors(r[0].normal, sizeof *r, n, d), hit};
    mxFree(r);
    hand_out(nlhs, plhs, outs, 5);
}

static void pairs_within(int nlhs, mxArray *plhs[], const mxArray *S, const mxArray *sep) {
    if (!real_doubles(sep) || mxGetNumberOfElements(sep) != 1)
        mexErrMsgIdAndTxt("gjk:invalidArgument", "separation must be one real double");
    Placed s;
    make_all(S, "S", &s, NULL);
    GjkPairList *list = NULL;
    GjkStatus status = gjk_pairs_within((const GjkShape *const *)s.shapes, s.poses, s.count,
                                        mxGetScalar(sep), NULL, 0, &list);
    if (status != GJK_OK) {
        library_failure(status, "");
        fail(status, &s, NULL);
    }
    size_t d = s.dimension ? s.dimension : 2;
    release(&s);
    size_t n = gjk_pair_list_len(list);
    GjkPair *pairs = mxMalloc((n > 0 ? n : 1) * sizeof *pairs);
    gjk_pair_list_copy(list, 0, n, pairs);
    gjk_pair_list_free(list);
    mxArray *ij = mxCreateDoubleMatrix(n, 2, mxREAL), *dist = column(n);
    mxArray *hit = mxCreateLogicalMatrix(n, 1);
    for (size_t k = 0; k < n; k++) {
        mxGetPr(ij)[k] = (double)pairs[k].i + 1; /* MATLAB counts from 1 */
        mxGetPr(ij)[n + k] = (double)pairs[k].j + 1;
        mxGetPr(dist)[k] = pairs[k].result.distance;
        mxGetLogicals(hit)[k] = pairs[k].result.intersecting;
    }
    mxArray *outs[5] = {ij, dist, vectors(pairs[0].result.point_a, sizeof *pairs, n, d),
                        vectors(pairs[0].result.point_b, sizeof *pairs, n, d), hit};
    mxFree(pairs);
    hand_out(nlhs, plhs, outs, 5);
}

/* The bounding box of each placed shape of S (gjk_shape_aabb): N x d rows of least and of
 * largest coordinates. */
static void aabb(int nlhs, mxArray *plhs[], const mxArray *S) {
    Placed s;
    make_all(S, "S", &s, NULL);
    size_t n = s.count, d = s.dimension ? s.dimension : 2;
    double(*lo)[3] = mxMalloc((n > 0 ? n : 1) * sizeof *lo);
    double(*hi)[3] = mxMalloc((n > 0 ? n : 1) * sizeof *hi);
    for (size_t k = 0; k < n; k++) {
        GjkStatus status = gjk_shape_aabb(s.shapes[k], &s.poses[k], lo[k], hi[k]);
        if (status != GJK_OK) {
            char prefix[64];
            snprintf(prefix, sizeof prefix, "shape %lu: ", (unsigned long)k + 1);
            library_failure(status, prefix);
            mxFree(lo);
            mxFree(hi);
            fail(status, &s, NULL);
        }
    }
    release(&s);
    mxArray *outs[2] = {vectors(lo[0], sizeof *lo, n, d), vectors(hi[0], sizeof *hi, n, d)};
    mxFree(lo);
    mxFree(hi);
    hand_out(nlhs, plhs, outs, 2);
}

/* The rows of `m` as vectors of 3 (z = 0 in 2D): `n` of them, from a 1 x d or n x d real double
 * matrix (one row stands for all); raises, naming `name`, on anything else. */
static double (*rows_of(const mxArray *m, size_t n, size_t d, const char *name, Placed *a,
                        Placed *b))[3] {
    size_t rows = mxGetM(m);
    if (!real_doubles(m) || mxGetNumberOfDimensions(m) != 2 || mxGetN(m) != d ||
        (rows != 1 && rows != n)) {
        snprintf(message, sizeof message, "%s must be 1 or %lu rows of %lu real doubles", name,
                 (unsigned long)n, (unsigned long)d);
        fail(GJK_INVALID_ARGUMENT, a, b);
    }
    double(*out)[3] = mxCalloc(n, sizeof *out);
    const double *v = mxGetPr(m);
    for (size_t k = 0; k < n; k++)
        for (size_t c = 0; c < d; c++) out[k][c] = v[c * rows + (rows == 1 ? 0 : k)];
    return out;
}

/* One real double (a time or a separation), or raises naming `name`. */
static double scalar_of(const mxArray *m, const char *name, Placed *a, Placed *b) {
    if (!real_doubles(m) || mxGetNumberOfElements(m) != 1) {
        snprintf(message, sizeof message, "%s must be one real double", name);
        fail(GJK_INVALID_ARGUMENT, a, b);
    }
    return mxGetScalar(m);
}

/* The larger of a count and the rows of a matrix (each must then be 1 or that). */
static size_t at_least(size_t n, const mxArray *m) { return mxGetM(m) > n ? mxGetM(m) : n; }

/* gjk_ray_cast for each ray (a row of origin and direction) against each shape of S (one shape
 * for all rays, or one a ray). */
static void ray_cast(int nlhs, mxArray *plhs[], const mxArray *prhs[]) {
    Placed s;
    make_all(prhs[0], "S", &s, NULL);
    size_t d = s.dimension ? s.dimension : 2;
    size_t n = at_least(at_least(s.count, prhs[1]), prhs[2]);
    if (n == 0 || (s.count != 1 && s.count != n)) {
        snprintf(message, sizeof message,
                 "S has %lu shapes for %lu rays: 1 or one a ray, at least one ray",
                 (unsigned long)s.count, (unsigned long)n);
        fail(GJK_INVALID_ARGUMENT, &s, NULL);
    }
    double max_t = scalar_of(prhs[3], "max_t", &s, NULL);
    double(*origin)[3] = rows_of(prhs[1], n, d, "origin", &s, NULL);
    double(*direction)[3] = rows_of(prhs[2], n, d, "direction", &s, NULL);
    GjkRayHit *r = mxMalloc(n * sizeof *r);
    for (size_t k = 0; k < n; k++) {
        size_t i = s.count == 1 ? 0 : k;
        GjkStatus status =
            gjk_ray_cast(s.shapes[i], &s.poses[i], origin[k], direction[k], max_t, &r[k]);
        if (status != GJK_OK) {
            char prefix[64];
            snprintf(prefix, sizeof prefix, "ray %lu: ", (unsigned long)k + 1);
            library_failure(status, prefix);
            fail(status, &s, NULL);
        }
    }
    release(&s);
    mxArray *hit = mxCreateLogicalMatrix(n, 1), *t = column(n);
    mxArray *inside = mxCreateLogicalMatrix(n, 1);
    for (size_t k = 0; k < n; k++) {
        mxGetLogicals(hit)[k] = r[k].hit;
        mxGetPr(t)[k] = r[k].t;
        mxGetLogicals(inside)[k] = r[k].started_inside;
    }
    mxArray *outs[5] = {hit, t, vectors(r[0].point, sizeof *r, n, d),
                        vectors(r[0].normal, sizeof *r, n, d), inside};
    mxFree(origin);
    mxFree(direction);
    mxFree(r);
    hand_out(nlhs, plhs, outs, 5);
}

/* gjk_shape_cast for each pair of A and B moving at their rows of velocity_a and velocity_b. */
static void shape_cast(int nlhs, mxArray *plhs[], const mxArray *prhs[]) {
    Pairs p;
    make_pairs(prhs[0], prhs[1], &p);
    size_t n = p.n, d = p.dimension;
    double max_t = scalar_of(prhs[4], "max_t", &p.a, &p.b);
    double separation = scalar_of(prhs[5], "separation", &p.a, &p.b);
    double(*va)[3] = rows_of(prhs[2], n, d, "velocity_a", &p.a, &p.b);
    double(*vb)[3] = rows_of(prhs[3], n, d, "velocity_b", &p.a, &p.b);
    GjkShapeCastHit *r = mxMalloc(n * sizeof *r);
    GjkStatus status = GJK_OK;
    char prefix[64] = "";
    for (size_t k = 0; k < n && status == GJK_OK; k++) {
        status = gjk_shape_cast(p.shapes_a[k], &p.poses_a[k], va[k], p.shapes_b[k],
                                &p.poses_b[k], vb[k], max_t, separation, &r[k]);
        if (status != GJK_OK) snprintf(prefix, sizeof prefix, "pair %lu: ", (unsigned long)k + 1);
    }
    finish_pairs(&p, status, prefix, r);
    mxArray *hit = mxCreateLogicalMatrix(n, 1), *t = column(n);
    for (size_t k = 0; k < n; k++) {
        mxGetLogicals(hit)[k] = r[k].hit;
        mxGetPr(t)[k] = r[k].t;
    }
    mxArray *outs[5] = {hit, t, vectors(r[0].point_a, sizeof *r, n, d),
                        vectors(r[0].point_b, sizeof *r, n, d),
                        vectors(r[0].normal, sizeof *r, n, d)};
    mxFree(va);
    mxFree(vb);
    mxFree(r);
    hand_out(nlhs, plhs, outs, 5);
}

/* The caches of `n` pairs from a uint8 matrix of n rows of sizeof(GjkSimplexCache) bytes, or
 * new ones for []; raises, naming the cache, on anything else. */
static GjkSimplexCache *caches_of(const mxArray *m, Pairs *p) {
    size_t n = p->n, bytes = sizeof(GjkSimplexCache);
    GjkSimplexCache *caches = mxCalloc(n, sizeof *caches);
    if (mxIsEmpty(m) && mxIsDouble(m)) return caches;
    if (!mxIsUint8(m) || mxIsComplex(m) || mxIsSparse(m) || mxGetNumberOfDimensions(m) != 2 ||
        mxGetM(m) != n || mxGetN(m) != bytes) {
        snprintf(message, sizeof message,
                 "cache must be [] or a %lu x %lu uint8 matrix (a cache a row, one a pair)",
                 (unsigned long)n, (unsigned long)bytes);
        mxFree(caches);
        fail(GJK_INVALID_ARGUMENT, &p->a, &p->b);
    }
    const unsigned char *v = (const unsigned char *)mxGetData(m);
    for (size_t k = 0; k < n; k++)
        for (size_t b = 0; b < bytes; b++) ((unsigned char *)&caches[k])[b] = v[b * n + k];
    return caches;
}

/* The caches as a uint8 matrix, a cache a row. */
static mxArray *caches_out(const GjkSimplexCache *caches, size_t n) {
    size_t bytes = sizeof(GjkSimplexCache);
    mxArray *m = mxCreateNumericMatrix(n, bytes, mxUINT8_CLASS, mxREAL);
    unsigned char *v = (unsigned char *)mxGetData(m);
    for (size_t k = 0; k < n; k++)
        for (size_t b = 0; b < bytes; b++) v[b * n + k] = ((const unsigned char *)&caches[k])[b];
    return m;
}

/* gjk_distance_cached for each pair, warm-started from its cache, which is returned updated. */
static void distance_cached(int nlhs, mxArray *plhs[], const mxArray *prhs[]) {
    Pairs p;
    make_pairs(prhs[0], prhs[1], &p);
    size_t n = p.n, d = p.dimension;
    GjkSimplexCache *caches = caches_of(prhs[2], &p);
    GjkDistanceResult *r = mxMalloc(n * sizeof *r);
    GjkStatus status = GJK_OK;
    char prefix[64] = "";
    for (size_t k = 0; k < n && status == GJK_OK; k++) {
        status = gjk_distance_cached(p.shapes_a[k], &p.poses_a[k], p.shapes_b[k], &p.poses_b[k],
                                     NULL, &caches[k], &r[k]);
        if (status != GJK_OK) snprintf(prefix, sizeof prefix, "pair %lu: ", (unsigned long)k + 1);
    }
    finish_pairs(&p, status, prefix, r);
    mxArray *outs[8];
    distance_outputs(r, n, d, outs);
    outs[7] = caches_out(caches, n);
    mxFree(caches);
    mxFree(r);
    hand_out(nlhs, plhs, outs, 8);
}

/* gjk_intersect_cached for each pair, warm-started from its cache, which is returned updated. */
static void intersect_cached(int nlhs, mxArray *plhs[], const mxArray *prhs[]) {
    Pairs p;
    make_pairs(prhs[0], prhs[1], &p);
    size_t n = p.n;
    GjkSimplexCache *caches = caches_of(prhs[2], &p);
    bool *r = mxMalloc(n * sizeof *r);
    GjkStatus status = GJK_OK;
    char prefix[64] = "";
    for (size_t k = 0; k < n && status == GJK_OK; k++) {
        status = gjk_intersect_cached(p.shapes_a[k], &p.poses_a[k], p.shapes_b[k],
                                      &p.poses_b[k], NULL, &caches[k], &r[k]);
        if (status != GJK_OK) snprintf(prefix, sizeof prefix, "pair %lu: ", (unsigned long)k + 1);
    }
    finish_pairs(&p, status, prefix, r);
    mxArray *hit = mxCreateLogicalMatrix(n, 1);
    for (size_t k = 0; k < n; k++) mxGetLogicals(hit)[k] = r[k];
    mxArray *outs[2] = {hit, caches_out(caches, n)};
    mxFree(caches);
    mxFree(r);
    hand_out(nlhs, plhs, outs, 2);
}

/* Builds each shape of S and uses its pose once (poses are checked by the queries), so that
 * constructors fail on bad input with the library's message; answers the shapes' dimension. */
static void check(mxArray *plhs[], const mxArray *S) {
    Placed s;
    make_all(S, "shape", &s, NULL);
    for (size_t k = 0; k < s.count; k++) {
        bool hit;
        GjkStatus status = gjk_intersect(s.shapes[k], &s.poses[k], s.shapes[k], &s.poses[k], &hit);
        if (status != GJK_OK) {
            library_failure(status, "");
            fail(status, &s, NULL);
        }
    }
    plhs[0] = mxCreateDoubleScalar(s.dimension);
    release(&s);
}

/* The commands: name, number of arguments after the name, most outputs. */
static const struct Command {
    const char *name;
    int inputs, outputs;
} commands[] = {
    {"version", 0, 1},   {"check", 1, 1},       {"distance", 2, 7},
    {"intersect", 2, 1}, {"penetration", 2, 5}, {"pairs_within", 2, 5},
    {"aabb", 1, 2},      {"ray_cast", 4, 5},    {"shape_cast", 6, 5},
    {"distance_cached", 3, 8}, {"intersect_cached", 3, 2},
};

/* The index in `commands` of the call's command; raises gjk:usage for an unknown command or
 * wrong numbers of arguments or outputs. */
static size_t command_of(int nlhs, int nrhs, const mxArray *prhs[]) {
    char name[32];
    if (nrhs < 1 || !mxIsChar(prhs[0]) || mxGetString(prhs[0], name, sizeof name) != 0)
        mexErrMsgIdAndTxt("gjk:usage", "gjk_mex: the first argument is a command (char)");
    size_t count = sizeof commands / sizeof commands[0], c = 0;
    while (c < count && strcmp(name, commands[c].name) != 0) c++;
    if (c == count) mexErrMsgIdAndTxt("gjk:usage", "gjk_mex: unknown command '%s'", name);
    if (nrhs - 1 != commands[c].inputs)
        mexErrMsgIdAndTxt("gjk:usage",
                          "gjk_mex: '%s' expects %d argument(s) after the command, got %d", name,
                          commands[c].inputs, nrhs - 1);
    if (nlhs > commands[c].outputs)
        mexErrMsgIdAndTxt("gjk:usage", "gjk_mex: '%s' has at most %d output(s), not %d", name,
                          commands[c].outputs, nlhs);
    return c;
}

void mexFunction(int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[]) {
    switch (command_of(nlhs, nrhs, prhs)) {
    case 0: plhs[0] = mxCreateString(gjk_version()); break;
    case 1: check(plhs, prhs[1]); break;
    case 2: distance(nlhs, plhs, prhs[1], prhs[2]); break;
    case 3: intersect(plhs, prhs[1], prhs[2]); break;
    case 4: penetration(nlhs, plhs, prhs[1], prhs[2]); break;
    case 5: pairs_within(nlhs, plhs, prhs[1], prhs[2]); break;
    case 6: aabb(nlhs, plhs, prhs[1]); break;
    case 7: ray_cast(nlhs, plhs, prhs + 1); break;
    case 8: shape_cast(nlhs, plhs, prhs + 1); break;
    case 9: distance_cached(nlhs, plhs, prhs + 1); break;
    default: intersect_cached(nlhs, plhs, prhs + 1); break;
    }
}
