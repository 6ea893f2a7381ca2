/*
 * The check harness of the C test programs: CHECK counts a condition, NEAR compares numbers,
 * EXPECT_ERROR wants a call to fail with a status and a message, and SUMMARY prints the line
 * "N passed, N failed" that tests/common/native.rs reads and gives the exit status. Each program
 * is one translation unit, so the counters live here.
 */
#ifndef GJK_TEST_CHECK_H
#define GJK_TEST_CHECK_H

#include "gjk.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static int passed, failed;

#define CHECK(cond)                                                                     \
  do {                                                                                  \
    if (cond) {                                                                         \
      passed++;                                                                         \
    } else {                                                                            \
      failed++;                                                                         \
      fprintf(stderr, "%s:%d: check failed: %s (last error: %s)\n", __FILE__, __LINE__, \
              #cond, gjk_last_error_message());                                         \
    }                                                                                   \
  } while (0)

#define NEAR(a, b, tol) (fabs((a) - (b)) <= (tol))

/* A call that must fail with `status` and a message containing `needle`. */
#define EXPECT_ERROR(call, status, needle)                                                 \
  do {                                                                                     \
    GjkStatus s_ = (call);                                                                 \
    CHECK(s_ == (status));                                                                 \
    CHECK(strstr(gjk_last_error_message(), (needle)) != NULL);                             \
    if (strstr(gjk_last_error_message(), (needle)) == NULL)                                \
      fprintf(stderr, "  message was: '%s', expected '%s'\n", gjk_last_error_message(),    \
              (needle));                                                                   \
  } while (0)

/* The closing line, and the exit status of main. */
#define SUMMARY() (printf("%d passed, %d failed\n", passed, failed), failed == 0 ? 0 : 1)

#endif
