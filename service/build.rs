//! Rebuilds the crate when a migration is added or changed: `embed_migrations!` (in `db.rs`)
//! reads the `migrations/` folder at compile time, and cargo would not notice a new folder in
//! it otherwise.
fn main() {
    println!("cargo:rerun-if-changed=../migrations");
}
