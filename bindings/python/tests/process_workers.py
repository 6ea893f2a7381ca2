"""The work test_processes.py sends to child processes. A module of its own beside the tests,
imported by name, so that spawn and forkserver children (which re-import a pickled function
by its module's name) find it. These workers build their shapes from plain numpy arrays and
return plain arrays; test_pickling.py sends shapes themselves."""

import os

import numpy as np

import gjk

PAIRS = 3000  # well above the 128 pairs from which a batch runs on the library's thread pool
SCENE = 3000


def inputs(seed: int = 35) -> dict:
    """Random polygons against random discs, and a scene of polygons: plain arrays only."""
    rng = np.random.default_rng(seed)
    return dict(
        points=rng.normal(size=(PAIRS, 6, 2)),
        radii=rng.uniform(0.1, 1.0, size=PAIRS),
        poses_a=gjk.poses(rng.uniform(-3, 3, size=(PAIRS, 2)), rng.uniform(-np.pi, np.pi, PAIRS)),
        poses_b=gjk.poses(rng.uniform(-3, 3, size=(PAIRS, 2)), rng.uniform(-np.pi, np.pi, PAIRS)),
        scene_points=rng.normal(scale=0.5, size=(SCENE, 5, 2)),
        scene_poses=gjk.poses(rng.uniform(0, 150, size=(SCENE, 2)), rng.uniform(0, 6, SCENE)),
        separation=1.0,
    )


def answers(points, radii, poses_a, poses_b, scene_points, scene_poses, separation) -> dict:
    """distance_batch and pairs_within on every core (threads=0), as plain arrays."""
    a = [gjk.Polygon(p) for p in points]
    b = [gjk.Circle(r) for r in radii]
    batch = gjk.distance_batch(a, b, poses_a, poses_b, threads=0)
    scene = [gjk.Polygon(p) for p in scene_points]
    pairs = gjk.pairs_within(scene, separation, scene_poses, threads=0)
    return dict(pid=os.getpid(), distance=batch.distance, point_a=batch.point_a,
                point_b=batch.point_b, normal=batch.normal, status=batch.status,
                i=pairs.i, j=pairs.j, pair_distance=pairs.distance,
                pair_point_a=pairs.point_a, pair_normal=pairs.normal)


def answers_of(kwargs: dict) -> dict:
    """``answers`` for Pool.map (one argument)."""
    return answers(**kwargs)


def unit_disc_support(direction):
    """The support function of the unit disc: a module-level function, so that a SupportShape
    made from it pickles (test_pickling.py)."""
    norm = float(np.hypot(direction[0], direction[1]))
    if norm == 0.0:
        return (1.0, 0.0)
    return (direction[0] / norm, direction[1] / norm)


def answer_and_return(shape):
    """In a child: the shape's answers against its probe (test_pickling.answers), and the
    shape itself, pickled back."""
    import test_pickling

    return os.getpid(), test_pickling.answers(shape), shape
