//! A `json` column read and written as its text: the match's state goes from the row straight
//! into the game's type, and back, without a [`serde_json::Value`] built on the way (building
//! and then walking that tree was a visible part of every match view's time,
//! `docs/performance.md`), and PostgreSQL keeps the text as it is written, without parsing it
//! into a `jsonb` tree or printing it back.

use std::io::Write;

use diesel::deserialize::{self, FromSql, FromSqlRow};
use diesel::expression::AsExpression;
use diesel::pg::{Pg, PgValue};
use diesel::serialize::{self, IsNull, Output, ToSql};
use diesel::sql_types::Json;

/// The JSON text of a `json` value.
#[derive(Debug, Clone, PartialEq, Eq, AsExpression, FromSqlRow)]
#[diesel(sql_type = Json)]
pub struct JsonText(pub Vec<u8>);

impl JsonText {
    /// The text as bytes.
    pub fn as_bytes(&self) -> &[u8] {
        &self.0
    }

    /// The text parsed into a JSON tree, for the few readers that want one.
    pub fn to_value(&self) -> serde_json::Result<serde_json::Value> {
        serde_json::from_slice(&self.0)
    }
}

impl From<String> for JsonText {
    fn from(text: String) -> JsonText {
        JsonText(text.into_bytes())
    }
}

/// A `json` value's binary form is its text.
impl FromSql<Json, Pg> for JsonText {
    fn from_sql(value: PgValue<'_>) -> deserialize::Result<JsonText> {
        Ok(JsonText(value.as_bytes().to_vec()))
    }
}

impl ToSql<Json, Pg> for JsonText {
    fn to_sql<'b>(&'b self, out: &mut Output<'b, '_, Pg>) -> serialize::Result {
        out.write_all(&self.0)?;
        Ok(IsNull::No)
    }
}
