//! The invariants of a Make Five state, which the property tests check on every state they
//! reach.

use super::board::{Colour, PER_COLOUR};
use super::options::Setup;
use super::state::{DEALS, EndReason, Phase, SEATS, SETUP_TOKENS, State};

impl State {
    /// Checks the invariants of the state (see
    /// [`Game::check_invariants`](crate::contract::Game::check_invariants)).
    pub(super) fn check(&self) -> Result<(), String> {
        if !(1..=DEALS).contains(&self.deal) {
            return Err(format!("deal {} is not in 1..={DEALS}", self.deal));
        }
        if let Some((column, position)) = self.board.first_gap() {
            return Err(format!("gap at column {column}, position {position}"));
        }
        // Colour conservation: every colour five times on the board, in the bag or in hand.
        let on_board = self.board.colour_counts();
        for colour in Colour::ALL {
            let i = colour.index();
            let count = u32::from(on_board[i])
                + u32::from(self.bag[i])
                + u32::from(self.hand == Some(colour));
            if count != u32::from(PER_COLOUR) {
                return Err(format!(
                    "{colour:?} appears {count} times, not {PER_COLOUR}"
                ));
            }
        }
        let over = self.phase == Phase::Over;
        if over != self.end.is_some() {
            return Err("the phase and the end reason disagree".into());
        }
        let tokens = self.board.tokens();
        if !over {
            if self.hand.is_some() != (self.phase == Phase::Place) {
                return Err("a token is in hand exactly while it waits to be placed".into());
            }
            let ok = match self.phase {
                Phase::Draw => self.bag_total() > 0,
                Phase::Place => {
                    tokens >= SETUP_TOKENS || self.options.setup == Setup::DestroyerChooses
                }
                Phase::Move => tokens >= SETUP_TOKENS,
                Phase::Over => true,
            };
            if !ok {
                return Err(format!(
                    "{:?} with {tokens} tokens on the board",
                    self.phase
                ));
            }
            if tokens < SETUP_TOKENS && self.phase == Phase::Move {
                return Err("the Aligneur moves only after the set-up".into());
            }
        }
        // Deals before the current one are scored, later ones are not; the current one is scored
        // only if it ended the match (by MAKE 5 or as the sixth deal).
        let current = usize::from(self.deal - 1);
        for (i, points) in self.deal_points.iter().enumerate() {
            let scored = match i.cmp(&current) {
                std::cmp::Ordering::Less => true,
                std::cmp::Ordering::Equal => matches!(
                    self.end,
                    Some(EndReason::MakeFive | EndReason::AllDealsPlayed)
                ),
                std::cmp::Ordering::Greater => false,
            };
            if points.is_some() != scored {
                return Err(format!("deal {} scored: {points:?}", i + 1));
            }
            let make_five = points.is_some_and(|p| p == 25);
            if make_five != (i == current && self.end == Some(EndReason::MakeFive)) {
                return Err(format!("deal {} scored 25 without ending the match", i + 1));
            }
            if points.is_some_and(|p| p > 25) {
                return Err(format!("deal {} scored over 25", i + 1));
            }
        }
        if self.end == Some(EndReason::AllDealsPlayed) && self.deal != DEALS {
            return Err("all deals played before the sixth".into());
        }
        let resigned = self.resignations.seats();
        if resigned.iter().any(|s| *s >= SEATS) {
            return Err("an unknown seat resigned".into());
        }
        if (self.end == Some(EndReason::Resignation)) != (resigned.len() == 1) {
            return Err("a resignation ends a two-player match, and only it".into());
        }
        Ok(())
    }
}
