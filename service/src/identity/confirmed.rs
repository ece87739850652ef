//! What the statement confirming a caller reads (`credentials::Credentials::confirm`),
//! and the caller as the process keeps it. A leaf: the process's kept reads (`Services`) hold
//! [`KeptCaller`] without importing the credentials that fill it.

use diesel::pg::sql_types::Record;
use diesel::sql_types::{Array, Nullable, Text, Timestamptz};
use time::OffsetDateTime;
use uuid::Uuid;

/// The SQL type of what `Credentials::confirm` reads: a record, `NULL` when the
/// credentials do not hold.
pub(crate) type ConfirmType = Nullable<
    Record<(
        diesel::sql_types::Uuid,
        Text,
        Nullable<Text>,
        Nullable<Timestamptz>,
        Nullable<diesel::sql_types::Uuid>,
        Nullable<Array<Text>>,
        Nullable<Timestamptz>,
        Nullable<Timestamptz>,
    )>,
>;

/// What `Credentials::confirm` read: id, name, language, last use, a token's id and
/// scopes, the end of a suspension, and the end of a session; `None` when the credentials do
/// not hold.
pub(crate) type ConfirmedRow = Option<Found>;

/// The caller `Credentials::confirm` found ([`ConfirmedRow`]).
pub(crate) type Found = (
    Uuid,
    String,
    Option<String>,
    Option<OffsetDateTime>,
    Option<Uuid>,
    Option<Vec<String>>,
    Option<OffsetDateTime>,
    Option<OffsetDateTime>,
);

/// A caller as the process keeps it (`db::kept`): what `Credentials::confirm` found, its
/// last use kept apart.
#[derive(Debug, Clone)]
pub(crate) struct KeptCaller(pub(crate) Found);
