//! Writing statements out by hand ([`diesel::query_builder::QueryFragment`]), where a text
//! that never changes is to be prepared once per connection and cached by its type.

use diesel::QueryResult;
use diesel::pg::Pg;
use diesel::query_builder::AstPass;
use diesel::serialize::ToSql;
use diesel::sql_types::HasSqlType;

/// Pushes `sql` to `out`, then `value` as a bind parameter of SQL type `ST`.
pub(crate) fn sql_then_bind<'b, ST, U>(
    out: &mut AstPass<'_, 'b, Pg>,
    sql: &str,
    value: &'b U,
) -> QueryResult<()>
where
    Pg: HasSqlType<ST>,
    U: ToSql<ST, Pg> + ?Sized,
{
    out.push_sql(sql);
    out.push_bind_param::<ST, U>(value)
}
