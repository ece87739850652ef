//! Helpers shared by the integration tests and the benchmarks of `tapis-games`.
//!
//! Each test file takes what it needs, so some leave parts unused.
#![allow(dead_code)]

use tapis_games::playout::Chooser;

/// A small seeded generator (SplitMix64): enough to drive random playouts reproducibly.
#[derive(Debug, Clone)]
pub struct SplitMix(pub u64);

impl SplitMix {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

impl Chooser for SplitMix {
    fn choose(&mut self, n: usize) -> usize {
        // Multiply-shift maps 64 random bits onto 0..n; the bias is far below what tests notice.
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }
}

/// A match of any game as a client sees it: actions, events and views as JSON, so that tests
/// write what they expect the way the API shows it.
pub trait AsJson {
    /// The legal actions of `seat`, as JSON.
    fn legal_json(&self, seat: usize) -> Vec<serde_json::Value>;
    /// The view of `viewer`, as JSON.
    fn view_json(&self, viewer: Option<usize>) -> serde_json::Value;
    /// Applies an action given as JSON; the events as JSON.
    fn act_json(
        &mut self,
        seat: usize,
        action: &serde_json::Value,
    ) -> Result<Vec<serde_json::Value>, tapis_games::ActionError>;
    /// Applies chance values; the events as JSON.
    fn chance_json(
        &mut self,
        values: &[u8],
    ) -> Result<Vec<serde_json::Value>, tapis_games::ActionError>;
    /// `seat` resigns; the events as JSON.
    fn resign_json(
        &mut self,
        seat: usize,
    ) -> Result<Vec<serde_json::Value>, tapis_games::ActionError>;
}

fn json_of<T: serde::Serialize>(value: &T) -> serde_json::Value {
    serde_json::to_value(value).unwrap_or_else(|e| panic!("{e}"))
}

fn all_json<T: serde::Serialize>(values: &[T]) -> Vec<serde_json::Value> {
    values.iter().map(json_of).collect()
}

impl AsJson for tapis_games::AnyState {
    fn legal_json(&self, seat: usize) -> Vec<serde_json::Value> {
        all_json(&self.legal_actions(seat))
    }

    fn view_json(&self, viewer: Option<usize>) -> serde_json::Value {
        json_of(&self.view(viewer))
    }

    fn act_json(
        &mut self,
        seat: usize,
        action: &serde_json::Value,
    ) -> Result<Vec<serde_json::Value>, tapis_games::ActionError> {
        self.apply_json(seat, action)
            .map(|events| all_json(&events))
    }

    fn chance_json(
        &mut self,
        values: &[u8],
    ) -> Result<Vec<serde_json::Value>, tapis_games::ActionError> {
        self.apply_chance(values).map(|events| all_json(&events))
    }

    fn resign_json(
        &mut self,
        seat: usize,
    ) -> Result<Vec<serde_json::Value>, tapis_games::ActionError> {
        self.resign(seat).map(|events| all_json(&events))
    }
}
