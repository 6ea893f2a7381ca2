//! The C test program of the cast functions (tests/c/test_casts.c), compiled against
//! include/gjk.h and the freshly built shared library, run under valgrind.

mod native;

#[test]
fn c_casts_test_program_passes_under_valgrind() {
    native::run_c_test_program("test_casts", 80, &[]);
}
