/*
 * The library in processes made by fork(): after the parent ran threaded batches and
 * gjk_pairs_within (so that the library's thread pool exists, with its threads in the parent
 * alone), children and grandchildren run the same calls on threads and must answer bit for bit
 * as the parent did, within seconds (an alarm kills a child that hangs). Then forks taken while
 * another thread of the parent is inside a threaded batch: nothing of the library may be held
 * locked in the child. Built and run (under valgrind when available) by
 * tests/tools/c.rs. Ends with the line "N passed, N failed".
 */
#include "gjk.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"

enum {
  SHAPES = 400,     /* enough for gjk_pairs_within to use threads */
  PAIRS = 2000,     /* enough for a batch to use threads */
  CHILD_SECONDS = 60 /* a child still running by then hangs (valgrind is slow, GJK is not) */
};

static GjkShape *shapes[SHAPES];
static GjkPose poses[SHAPES];
static const GjkShape *pair_a[PAIRS], *pair_b[PAIRS];
static GjkPose pose_a[PAIRS], pose_b[PAIRS];

/* The parent's answers, which every child must reproduce. */
static GjkDistanceResult expected_distances[PAIRS];
static GjkPair *expected_pairs;
static size_t expected_pair_count;

/* A scene of circles, rectangles, stadiums and triangles, and pairs drawn from it. */
static void make_scene(void) {
  const double triangle[] = {0, 0, 0.8, 0.1, 0.2, 0.7};
  for (int k = 0; k < SHAPES; k++) {
    GjkStatus made;
    switch (k % 4) {
      case 0: made = gjk_circle_new(0.3 + 0.05 * (k % 5), &shapes[k]); break;
      case 1: made = gjk_rectangle_new(0.6, 0.3, &shapes[k]); break;
      case 2: made = gjk_stadium_new(0.5, 0.2, &shapes[k]); break;
      default: made = gjk_polygon_new(triangle, 3, &shapes[k]); break;
    }
    CHECK(made == GJK_OK);
    poses[k] = gjk_pose_2d(1.1 * (k % 20) + 0.1 * (k % 3), 0.9 * (k / 20), 0.37 * k);
  }
  for (int k = 0; k < PAIRS; k++) {
    int i = (k * 7) % SHAPES, j = (k * 13 + 5) % SHAPES;
    pair_a[k] = shapes[i];
    pair_b[k] = shapes[j];
    pose_a[k] = poses[i];
    pose_b[k] = poses[j];
  }
}

/* The batch and the pairs within 0.5 on up to one thread per core: whether they answer as the
 * parent did, bit for bit. */
static int same_answers(unsigned threads) {
  static GjkDistanceResult distances[PAIRS];
  if (gjk_distance_batch(pair_a, pose_a, pair_b, pose_b, PAIRS, NULL, threads, distances,
                         NULL) != GJK_OK)
    return 0;
  for (int k = 0; k < PAIRS; k++) {
    if (memcmp(&distances[k], &expected_distances[k],
               offsetof(GjkDistanceResult, intersecting)) != 0 ||
        distances[k].intersecting != expected_distances[k].intersecting)
      return 0;
  }
  GjkPairList *list = NULL;
  if (gjk_pairs_within((const GjkShape *const *)shapes, poses, SHAPES, 0.5, NULL, threads,
                       &list) != GJK_OK)
    return 0;
  int same = gjk_pair_list_len(list) == expected_pair_count;
  for (size_t k = 0; same && k < expected_pair_count; k++) {
    GjkPair pair;
    same = gjk_pair_list_copy(list, k, 1, &pair) == GJK_OK && pair.i == expected_pairs[k].i &&
           pair.j == expected_pairs[k].j &&
           memcmp(&pair.result, &expected_pairs[k].result,
                  offsetof(GjkDistanceResult, intersecting)) == 0;
  }
  gjk_pair_list_free(list);
  return same;
}

/* The parent's answers, on threads: this starts the library's pool in the parent. */
static void record_expected(void) {
  CHECK(gjk_distance_batch(pair_a, pose_a, pair_b, pose_b, PAIRS, NULL, 0, expected_distances,
                           NULL) == GJK_OK);
  GjkPairList *list = NULL;
  CHECK(gjk_pairs_within((const GjkShape *const *)shapes, poses, SHAPES, 0.5, NULL, 0, &list) ==
        GJK_OK);
  expected_pair_count = gjk_pair_list_len(list);
  CHECK(expected_pair_count > 100);
  expected_pairs = malloc(expected_pair_count * sizeof *expected_pairs);
  CHECK(gjk_pair_list_copy(list, 0, expected_pair_count, expected_pairs) == GJK_OK);
  gjk_pair_list_free(list);
  /* The answers do not depend on the threads: the parent's serial run agrees. */
  CHECK(same_answers(1));
}

/* Exit statuses of a child. */
enum { CHILD_SAME = 0, CHILD_DIFFERENT = 1, CHILD_GRANDCHILD_FAILED = 2 };

static int wait_for(pid_t child) {
  int status = 0;
  if (waitpid(child, &status, 0) != child) return -1;
  if (WIFSIGNALED(status)) {
    fprintf(stderr, "child %d killed by signal %d%s\n", (int)child, WTERMSIG(status),
            WTERMSIG(status) == SIGALRM ? " (it hung)" : "");
    return -1;
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* In a child: the same answers on threads, then once more in a grandchild of its own. */
static int child_main(int generations) {
  alarm(CHILD_SECONDS);
  if (!same_answers(0)) return CHILD_DIFFERENT;
  if (generations > 1) {
    pid_t grandchild = fork();
    if (grandchild == 0) _exit(child_main(generations - 1));
    if (grandchild < 0 || wait_for(grandchild) != CHILD_SAME) return CHILD_GRANDCHILD_FAILED;
  }
  return CHILD_SAME;
}

/* A child (and a grandchild) of a parent whose pool has run. */
static void test_children_answer_as_the_parent(void) {
  for (int round = 0; round < 2; round++) {
    pid_t child = fork();
    if (child == 0) _exit(child_main(2));
    CHECK(child > 0);
    CHECK(wait_for(child) == CHILD_SAME);
  }
  /* The parent's own pool still works after its children. */
  CHECK(same_answers(0));
}

static atomic_int stop_busy;

/* Threaded batches, one after another, until told to stop. */
static void *busy(void *unused) {
  (void)unused;
  static GjkDistanceResult distances[PAIRS];
  while (!atomic_load(&stop_busy))
    gjk_distance_batch(pair_a, pose_a, pair_b, pose_b, PAIRS, NULL, 0, distances, NULL);
  return NULL;
}

/* Forks taken while another thread of the parent is inside a threaded batch. */
static void test_fork_during_a_batch(void) {
  pthread_t thread;
  CHECK(pthread_create(&thread, NULL, busy, NULL) == 0);
  for (int round = 0; round < 4; round++) {
    usleep(2000 + 3000 * round);
    pid_t child = fork();
    if (child == 0) _exit(child_main(1));
    CHECK(child > 0);
    CHECK(wait_for(child) == CHILD_SAME);
  }
  atomic_store(&stop_busy, 1);
  CHECK(pthread_join(thread, NULL) == 0);
}

int main(void) {
  make_scene();
  record_expected();
  test_children_answer_as_the_parent();
  test_fork_during_a_batch();
  for (int k = 0; k < SHAPES; k++) gjk_shape_free(shapes[k]);
  free(expected_pairs);
  return SUMMARY();
}
