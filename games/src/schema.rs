//! What the games' types need beside them to describe their JSON (feature `openapi`): the
//! schema of a hand-written JSON type, and of a list of die faces. It imports nothing of the
//! crate, so every game can use it.

use utoipa::Number;
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{ArrayBuilder, ObjectBuilder, Schema, Type};

/// A list of whole numbers from `min` to `max`, its length and description left to the caller.
pub(crate) fn integer_list<N: Into<Number>>(min: N, max: N) -> ArrayBuilder {
    ArrayBuilder::new().items(
        ObjectBuilder::new()
            .schema_type(Type::Integer)
            .minimum(Some(min))
            .maximum(Some(max)),
    )
}

/// A list of at most `max` die faces (each 1 to 6): the schema of the games' dice lists.
pub(crate) fn die_faces(max: usize, description: &str) -> RefOr<Schema> {
    integer_list(1, 6)
        .max_items(Some(max))
        .description(Some(description))
        .into()
}

/// Implements [`ToSchema`] for a type whose JSON is written by hand: `$schema` is its schema
/// and `$dep` the types it refers to.
macro_rules! manual_schema {
    ($ty:ty, $name:literal, $schema:expr $(, refers_to = [$($dep:ty),* $(,)?])? $(,)?) => {
        impl utoipa::PartialSchema for $ty {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                $schema
            }
        }

        impl utoipa::ToSchema for $ty {
            fn name() -> std::borrow::Cow<'static, str> {
                std::borrow::Cow::Borrowed($name)
            }

            #[allow(unused_variables)]
            fn schemas(
                schemas: &mut Vec<(
                    String,
                    utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>,
                )>,
            ) {
                $($(
                    schemas.push((
                        <$dep as utoipa::ToSchema>::name().into_owned(),
                        <$dep as utoipa::PartialSchema>::schema(),
                    ));
                    <$dep as utoipa::ToSchema>::schemas(schemas);
                )*)?
            }
        }
    };
}

pub(crate) use manual_schema;
