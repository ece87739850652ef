//! What a player or a spectator sees of a 421 table: all of it (the game has no hidden
//! information), with the figures a player needs at a glance.

use serde::{Deserialize, Serialize};

use super::combination::Combination;
use super::moves::{EndReason, Phase, Stake};
use super::options::Options;
use super::sets::{Faces, Seats};
use super::table::{Step, Table, tie_group};
use crate::contract::{Seat, Turn};

/// The phase shown to players.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = FourTwoOnePhaseView))]
#[serde(rename_all = "snake_case")]
pub enum PhaseView {
    /// The throw that chooses the first player.
    FirstPlayer,
    /// The pot deals its tokens.
    Charge,
    /// The players give their tokens away.
    Decharge,
    /// The game has ended.
    Over,
}

/// One seat as everybody sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = FourTwoOnePlayerView))]
pub struct PlayerView {
    /// The seat described.
    pub seat: Seat,
    /// Tokens held.
    pub tokens: u8,
    /// Still in the game (has not resigned or run out of time).
    pub playing: bool,
    /// Held no token when the charge ended and sits out the décharge.
    pub sitting_out: bool,
    /// Its die in the first-player throw.
    pub start_die: Option<u8>,
    /// Its result this round, once its turn is over.
    pub result: Option<Combination>,
    /// Its throw in the tie-break under way.
    pub tie_break: Option<Combination>,
    /// It still has to play this round.
    pub to_play: bool,
    /// It won the game.
    pub winner: bool,
}

/// The turn under way.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = FourTwoOneCurrentTurn))]
pub struct CurrentTurn {
    /// The seat throwing.
    pub seat: Seat,
    /// This seat leads the round: the number of throws it uses binds the others.
    pub leading: bool,
    /// Throws used so far.
    pub throws: u8,
    /// The throws this seat may use (leader) or must use (others, unless "le bon").
    pub max_throws: u8,
    /// Throws left after the current one.
    pub throws_left: u8,
    /// It must re-throw at least one die now (a following player short of the leader's count).
    pub must_rethrow: bool,
    /// Its dice now.
    pub dice: Option<Combination>,
    /// The dice it keeps while its next throw is due.
    pub kept: Option<Faces>,
}

/// The tie-break under way.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = FourTwoOneTieBreakView))]
pub struct TieBreakView {
    /// The tied seats throwing now, once each in reverse playing order.
    pub seats: Seats,
    /// The role they are throwing for.
    pub stake: Stake,
    /// The seats still in the running for the worst result.
    pub worst: Seats,
    /// The seats still in the running for the best result (décharge only).
    pub best: Seats,
}

/// The view of a 421 table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = FourTwoOneView))]
pub struct TableView {
    /// The seat looking, or `None` for a spectator.
    pub viewer: Option<Seat>,
    /// The phase of the game.
    pub phase: PhaseView,
    /// Who must act now.
    pub turn: Turn,
    /// The round number (0 during the first-player throw).
    pub round: u16,
    /// Tokens in the pot (in the décharge: tokens set aside by players who left).
    pub pot: u8,
    /// The leader of the round.
    pub leader: Option<Seat>,
    /// `k`, the number of throws every player uses this round, once the leader has stopped.
    pub throws_fixed: Option<u8>,
    /// Every seat, in seat order.
    pub players: Vec<PlayerView>,
    /// The turn under way, if a seat is throwing.
    pub current: Option<CurrentTurn>,
    /// The best result of the round so far.
    pub round_best: Option<Combination>,
    /// The worst result of the round so far.
    pub round_worst: Option<Combination>,
    /// Tokens the worst result would receive if the round ended on the results so far.
    pub amount_so_far: Option<u8>,
    /// The tie-break under way, if any.
    pub tie_break: Option<TieBreakView>,
    /// The winners, once the game is over.
    pub winners: Seats,
    /// How the game ended, once it is over.
    pub end_reason: Option<EndReason>,
    /// The options of the match.
    pub options: Options,
}

impl Table {
    pub(super) fn view(&self, viewer: Option<Seat>) -> TableView {
        let (winners, end_reason) = match self.step {
            Step::Over { winners, reason } => (winners, Some(reason)),
            _ => (Seats::EMPTY, None),
        };
        let in_round = matches!(self.step, Step::Turn { .. });
        let players = self
            .players
            .iter()
            .enumerate()
            .map(|(seat, p)| PlayerView {
                seat,
                tokens: p.tokens,
                playing: self.is_playing(seat),
                sitting_out: p.sitting_out,
                start_die: p.start_die,
                result: p.result.and_then(Combination::of),
                tie_break: p.tie_break.and_then(Combination::of),
                to_play: in_round && self.takes_part(seat) && p.result.is_none(),
                winner: winners.contains(seat),
            })
            .collect();
        let phase = match (self.step, self.phase) {
            (Step::FirstPlayer { .. }, _) => PhaseView::FirstPlayer,
            (Step::Over { .. }, _) => PhaseView::Over,
            (_, Phase::Charge) => PhaseView::Charge,
            (_, Phase::Decharge) => PhaseView::Decharge,
        };
        let current = match self.step {
            Step::Turn {
                seat,
                throws,
                dice,
                pending,
            } => {
                let max_throws = self.throw_limit();
                let leading = self.throws_fixed.is_none();
                Some(CurrentTurn {
                    seat,
                    leading,
                    throws,
                    max_throws,
                    throws_left: max_throws.saturating_sub(throws),
                    must_rethrow: !leading && !self.options.le_bon && pending.is_none(),
                    dice: dice.and_then(Combination::of),
                    kept: pending,
                })
            }
            _ => None,
        };
        let tie_break = match self.step {
            Step::TieBreak { worst, best } => {
                tie_group(worst, best).map(|(seats, stake)| TieBreakView {
                    seats,
                    stake,
                    worst,
                    best,
                })
            }
            _ => None,
        };
        let extremes = self
            .extremes()
            .filter(|_| !matches!(self.step, Step::Over { .. }));
        TableView {
            viewer,
            phase,
            turn: self.turn(),
            round: self.round,
            pot: self.pot,
            leader: (self.round > 0).then_some(self.leader),
            throws_fixed: self.throws_fixed,
            players,
            current,
            round_best: extremes.and_then(|e| Combination::of(e.best_dice)),
            round_worst: extremes.and_then(|e| Combination::of(e.worst_dice)),
            amount_so_far: extremes.map(|e| self.amount(e.best_dice, e.worst_dice).0),
            tie_break,
            winners,
            end_reason,
            options: self.options.clone(),
        }
    }
}
