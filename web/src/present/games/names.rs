//! The players' names as the presenters say them.

use tapis_l10n::Language;

/// The players' names, by seat, and the language the page speaks (every presenter is given
/// the names, so they carry it).
#[derive(Debug, Clone, Default)]
pub struct Names(pub Vec<String>, pub Language);

impl Names {
    /// The language of the page.
    pub fn lang(&self) -> Language {
        self.1
    }

    /// The name at `seat` ("seat 3" if nobody is known there).
    pub fn of(&self, seat: usize) -> String {
        self.0
            .get(seat)
            .cloned()
            .unwrap_or_else(|| self.1.t1("match-seat", "seat", seat + 1))
    }

    /// `Alice's`, `James'` (`d’Alice`, `de Bob` in French: say whole sentences with the name
    /// where word order matters).
    pub fn possessive(&self, seat: usize) -> String {
        let name = self.of(seat);
        let vowel = name
            .chars()
            .next()
            .and_then(|c| c.to_lowercase().next())
            .is_some_and(|c| "aeiouyàâäéèêëîïôöùûüœæ".contains(c));
        let key = match (vowel, name.ends_with('s')) {
            (false, false) => "match-table-possessive",
            (false, true) => "match-table-possessive-s",
            (true, false) => "match-table-possessive-vowel",
            (true, true) => "match-table-possessive-vowel-s",
        };
        self.1.t1(key, "name", name)
    }

    /// `Alice and Bob`.
    pub fn list(&self, seats: &[usize]) -> String {
        let names: Vec<String> = seats.iter().map(|s| self.of(*s)).collect();
        crate::present::join_names(&names, self.1)
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}
