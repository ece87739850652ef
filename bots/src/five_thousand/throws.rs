//! What of the options the solution of 5000 depends on ([`Rules`]), and the throws of one to
//! five dice with their probabilities and the keeps each offers ([`Throws`]), in steps of 50
//! points.

use tapis_games::five_thousand::{DICE, Faces, Options, Table, TargetRule, is_five_ones};

use crate::dice::{arrangements, for_each_counts};

/// Every score, threshold and group of the game is a multiple of this.
pub const STEP: u32 = 50;

/// What of the options the solution depends on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rules {
    /// The target, in steps.
    pub(super) target: u16,
    /// The opening threshold, in steps.
    pub(super) opening: u16,
    pub(super) table: Table,
}

impl Rules {
    /// The rules of `options`, or `None` where the solution does not apply.
    pub fn for_options(options: &Options) -> Option<Rules> {
        let applies = options.target_rule == TargetRule::AtLeast
            && !options.hot_dice_mandatory
            && !options.hot_dice_resets_throw_count
            && !options.finish_round
            && options.target.is_multiple_of(STEP)
            && options.opening_threshold.is_multiple_of(STEP)
            && options.straight_value.is_multiple_of(STEP)
            && options.opening_threshold <= options.target;
        Some(Rules {
            target: u16::try_from(options.target / STEP).ok()?,
            opening: u16::try_from(options.opening_threshold / STEP).ok()?,
            table: options.table(),
        })
        .filter(|_| applies)
    }
}

/// A keep, as the turn's value sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Keep {
    /// Dice in hand after it: 5 after hot dice.
    pub(super) left: u8,
    /// Its points, in steps.
    pub(super) steps: u16,
}

/// One multiset of faces that `n` dice can show.
#[derive(Debug, Clone)]
pub(super) struct Throw {
    pub(super) probability: f64,
    /// Five 1s: the game is won at once.
    pub(super) five_ones: bool,
    /// The distinct keeps it offers (none: a zero throw).
    pub(super) keeps: Vec<Keep>,
}

/// The throws of one to five dice, with their probabilities and keeps.
#[derive(Debug)]
pub(super) struct Throws {
    /// Index: the number of dice thrown (0 unused).
    pub(super) by_count: [Vec<Throw>; DICE as usize + 1],
}

impl Throws {
    /// The throws of `table`, each keep reduced to the best of those that leave the same
    /// number of dice in hand, and the throws that offer the same keeps merged into one.
    ///
    /// Keeping fewer points for the same dice left is never better: the value of a turn's
    /// position grows with its total as long as the value of a banked gain grows with the
    /// gain, which it does in the solution (checked by a test over the whole table).
    pub(super) fn new(table: &Table) -> Throws {
        let mut by_count: [Vec<Throw>; DICE as usize + 1] = Default::default();
        for (n, throws) in by_count.iter_mut().enumerate().skip(1) {
            let n = n as u8;
            let total = 6f64.powi(i32::from(n));
            for_each_counts(n, |counts| {
                let Some(faces) = Faces::from_counts(counts) else {
                    return;
                };
                let mut keeps: Vec<Keep> = Vec::new();
                table.for_each_keep(faces, |kept, points| {
                    let left = match n - kept.len() {
                        0 => DICE,
                        left => left,
                    };
                    let steps = (points / STEP) as u16;
                    match keeps.iter_mut().find(|k| k.left == left) {
                        Some(k) => k.steps = k.steps.max(steps),
                        None => keeps.push(Keep { left, steps }),
                    }
                });
                keeps.sort_by_key(|k| (k.left, k.steps));
                let five_ones = is_five_ones(faces);
                if five_ones {
                    keeps.clear();
                }
                let probability = arrangements(&counts) / total;
                match throws
                    .iter_mut()
                    .find(|t| t.five_ones == five_ones && t.keeps == keeps)
                {
                    Some(same) => same.probability += probability,
                    None => throws.push(Throw {
                        probability,
                        five_ones,
                        keeps,
                    }),
                }
            });
        }
        Throws { by_count }
    }
}
