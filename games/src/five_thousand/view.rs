//! What a player or a spectator sees: the whole state (5000 hides nothing), with the keeps the
//! player may choose and what banking would do.

use serde::{Deserialize, Serialize};

use super::dice::{Faces, Roll};
use super::options::Options;
use super::state::{BankResult, EndReason, Phase, State, THROW_LIMIT};
use crate::contract::{Seat, Turn};
use crate::rules::Rules;

/// One seat as everyone sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = FiveThousandPlayerView))]
pub struct PlayerView {
    pub seat: Seat,
    /// The banked score.
    pub score: u32,
    pub opened: bool,
    /// Whether the seat has left the game.
    pub resigned: bool,
}

/// A keep already set aside this turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = FiveThousandKeptView))]
pub struct KeptView {
    pub dice: Faces,
    pub points: u32,
}

/// A keep the player may choose now, and what it would make.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = FiveThousandKeepChoice))]
pub struct KeepChoice {
    pub dice: Faces,
    /// Points of these dice.
    pub points: u32,
    /// The turn total after keeping them.
    pub turn_total: u32,
    /// Dice left in hand after keeping them (0: hot dice).
    pub dice_left: u8,
}

/// What a player (or spectator) sees: the whole state, which is open, plus derived figures.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = FiveThousandView))]
pub struct View {
    pub options: Options,
    pub players: Vec<PlayerView>,
    /// Who must act now.
    pub turn: Turn,
    /// Whose turn it is (the last player's, once over).
    pub seat: Seat,
    pub phase: Phase,
    /// Throws made this turn.
    pub throws_used: u8,
    /// Throws left this turn.
    pub throws_left: u8,
    /// Dice in hand (to be thrown, or thrown and not yet set aside).
    pub dice_in_hand: u8,
    /// The last throw of this turn.
    pub last_throw: Roll,
    /// The keeps set aside since the dice were last all in hand.
    pub set_aside: Vec<KeptView>,
    /// Points made before the last hot-dice re-throw.
    pub carried: u32,
    pub turn_total: u32,
    /// The keeps the player may choose now (keep phase), best first.
    pub keep_choices: Vec<KeepChoice>,
    /// What banking would do now, when banking is a choice.
    pub bank: Option<BankResult>,
    /// Whether throwing again is a choice now.
    pub can_rethrow: bool,
    /// How many points the player whose turn it is still needs this turn to open.
    pub to_open: u32,
    /// With `finish_round`: who reached the target first; the round is being played out.
    pub final_round: Option<Seat>,
    pub winner: Option<Seat>,
    pub end: Option<EndReason>,
}

impl State {
    /// What every viewer sees of the state (5000 hides nothing).
    pub(super) fn view(&self, _viewer: Option<Seat>) -> View {
        let table = self.options.table();
        let mut keep_choices = Vec::new();
        if self.phase == Phase::Keep {
            table.for_each_keep(self.roll.faces(), |dice, points| {
                keep_choices.push(KeepChoice {
                    dice,
                    points,
                    turn_total: self.turn_total.saturating_add(points),
                    dice_left: self.hand.saturating_sub(dice.len()),
                });
            });
            keep_choices.sort_by(|a, b| {
                b.points
                    .cmp(&a.points)
                    .then(a.dice.len().cmp(&b.dice.len()))
            });
        }
        let decide = self.phase == Phase::Decide;
        let current = self.player(self.seat);
        View {
            options: self.options.clone(),
            players: (0..self.players.len())
                .map(|seat| {
                    let player = self.player(seat);
                    PlayerView {
                        seat,
                        score: player.score,
                        opened: player.opened,
                        resigned: self.resignations.has_resigned(seat),
                    }
                })
                .collect(),
            turn: self.turn(),
            seat: self.seat,
            phase: self.phase,
            throws_used: self.throws,
            throws_left: THROW_LIMIT.saturating_sub(self.throws),
            dice_in_hand: self.hand,
            last_throw: self.roll,
            set_aside: self
                .set_aside
                .keeps()
                .iter()
                .map(|dice| KeptView {
                    dice: *dice,
                    points: table.keep_value(*dice).unwrap_or(0),
                })
                .collect(),
            carried: self.carried,
            turn_total: self.turn_total,
            keep_choices,
            bank: decide.then(|| self.bank_result()),
            can_rethrow: decide,
            to_open: if current.opened {
                0
            } else {
                self.options
                    .opening_threshold
                    .saturating_sub(self.turn_total)
            },
            final_round: self.final_round,
            winner: self.winner,
            end: self.end,
        }
    }
}
