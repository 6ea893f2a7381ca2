// A minimal check harness for the C++ test programs: each check prints a line on failure, and
// summary() prints "N passed, N failed" (the last line, read by tests/tools/cpp.rs) and
// returns the exit status.
#ifndef GJK_TEST_CHECK_HPP
#define GJK_TEST_CHECK_HPP

#include "gjk.hpp"

#include <cmath>
#include <cstdio>
#include <string>

namespace check {

inline int passed = 0;
inline int failed = 0;

inline void record(bool ok, const char* what, const char* file, int line) {
  if (ok) {
    ++passed;
  } else {
    ++failed;
    std::printf("FAILED %s:%d: %s\n", file, line, what);
  }
}

inline bool near(double actual, double expected, double tolerance) {
  return std::fabs(actual - expected) <= tolerance;
}

inline int summary() {
  std::printf("%d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}

}  // namespace check

#define CHECK(condition) check::record((condition), #condition, __FILE__, __LINE__)

#define CHECK_NEAR(actual, expected, tolerance)                                              \
  do {                                                                                       \
    double check_actual_ = (actual);                                                         \
    double check_expected_ = (expected);                                                     \
    bool check_ok_ = check::near(check_actual_, check_expected_, (tolerance));               \
    if (!check_ok_) {                                                                        \
      std::printf("  %s = %.17g, expected %.17g\n", #actual, check_actual_, check_expected_); \
    }                                                                                        \
    check::record(check_ok_, #actual " near " #expected, __FILE__, __LINE__);                \
  } while (0)

// `expression` throws gjk::Error with `expected_status` and a message that contains `fragment`.
#define CHECK_THROWS(expression, expected_status, fragment)                                        \
  do {                                                                                    \
    bool check_ok_ = false;                                                               \
    try {                                                                                 \
      (void)(expression);                                                                 \
      std::printf("  no exception from %s\n", #expression);                               \
    } catch (const gjk::Error& e) {                                                       \
      check_ok_ = e.status() == (expected_status) &&                                               \
                  std::string(e.what()).find(fragment) != std::string::npos;              \
      if (!check_ok_) {                                                                   \
        std::printf("  %s threw status %d: \"%s\"\n", #expression, static_cast<int>(e.status()), \
                    e.what());                                                            \
      }                                                                                   \
    }                                                                                     \
    check::record(check_ok_, #expression " throws " #expected_status " (" fragment ")", __FILE__,  \
                  __LINE__);                                                              \
  } while (0)

#endif  // GJK_TEST_CHECK_HPP
