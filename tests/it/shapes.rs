//! The shapes themselves: their bounding boxes, the support of large hulls (climbing against
//! scanning), the `Shape` enum against its kinds, shapes given by a callback.

mod aabb;
mod callback_shapes;
mod hull_climbing;
mod shape_enum;
