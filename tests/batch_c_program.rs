//! The C tests of the batch functions (tests/c/test_batch.c, and tests/c/test_fork.c in forked
//! children), compiled against include/gjk.h and the freshly built shared library, run under
//! valgrind: any invalid access or leak fails it.
//! The batch calls start worker threads (rayon), whose process-lifetime state valgrind would
//! call "possibly lost"; tests/c/rayon.supp suppresses exactly that, and nothing of gjk.

mod native;

#[test]
fn c_batch_test_program_passes_under_valgrind() {
    native::run_c_test_program("test_batch", 1000, &["rayon.supp"]);
}

/// tests/c/test_fork.c: children made by `fork()` after threaded batches (and while another
/// thread is inside one) answer as the parent, instead of waiting forever for the parent's
/// pool threads, which a child does not have.
#[test]
fn c_fork_test_program_passes_under_valgrind() {
    native::run_c_test_program("test_fork", 20, &["rayon.supp", "fork.supp"]);
}
