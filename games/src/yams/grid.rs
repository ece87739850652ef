//! The boxes of a Yams grid, what dice score in each, and the totals of a grid.

use serde::{Deserialize, Serialize};

use super::dice::Dice;
use super::options::{BrelanValue, Options};

/// How many different boxes exist across all options (a grid uses 12 to 15 of them).
pub const BOX_COUNT: usize = 17;

/// A box of the grid ("case"), named as on French score sheets.
///
/// Which boxes a grid holds depends on the options: see [`BoxId::in_play`]. The order of the
/// variants is the order of the boxes on the sheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = YamsBoxId))]
#[serde(rename_all = "snake_case")]
pub enum BoxId {
    /// Ones: one point per die showing 1.
    Un,
    /// Twos: two points per die showing 2.
    Deux,
    /// Threes: three points per die showing 3.
    Trois,
    /// Fours: four points per die showing 4.
    Quatre,
    /// Fives: five points per die showing 5.
    Cinq,
    /// Sixes: six points per die showing 6.
    Six,
    /// Two pairs of different faces: the sum of the four paired dice (option `double_paire`).
    DoublePaire,
    /// Three of a kind: 10, or per option `brelan_value`.
    Brelan,
    /// 1-2-3-4-5 or 2-3-4-5-6: 20 (the single box of the original rules).
    Suite,
    /// 1-2-3-4-5: 30 (option `split_suites`).
    PetiteSuite,
    /// 2-3-4-5-6: 40 (option `split_suites`).
    GrandeSuite,
    /// Three of one face and two of another: 30.
    Full,
    /// Four of a kind: 40.
    Carre,
    /// Five of a kind: 50.
    Yams,
    /// Any dice: their sum.
    Chance,
    /// The sum of the dice, which must be greater than Mini's (option `maxi_mini`).
    Maxi,
    /// The sum of the dice, which must be less than Maxi's (option `maxi_mini`).
    Mini,
}

impl BoxId {
    /// Every box, in sheet order.
    pub const ALL: [BoxId; BOX_COUNT] = [
        BoxId::Un,
        BoxId::Deux,
        BoxId::Trois,
        BoxId::Quatre,
        BoxId::Cinq,
        BoxId::Six,
        BoxId::DoublePaire,
        BoxId::Brelan,
        BoxId::Suite,
        BoxId::PetiteSuite,
        BoxId::GrandeSuite,
        BoxId::Full,
        BoxId::Carre,
        BoxId::Yams,
        BoxId::Chance,
        BoxId::Maxi,
        BoxId::Mini,
    ];

    /// The six boxes of the upper section, whose total earns the bonus: the first six of the
    /// sheet.
    pub const UPPER: [BoxId; 6] = {
        let [un, deux, trois, quatre, cinq, six, ..] = BoxId::ALL;
        [un, deux, trois, quatre, cinq, six]
    };

    /// The position of the box in [`BoxId::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The name printed on the sheet.
    pub const fn name(self) -> &'static str {
        match self {
            BoxId::Un => "Un",
            BoxId::Deux => "Deux",
            BoxId::Trois => "Trois",
            BoxId::Quatre => "Quatre",
            BoxId::Cinq => "Cinq",
            BoxId::Six => "Six",
            BoxId::DoublePaire => "Double paire",
            BoxId::Brelan => "Brelan",
            BoxId::Suite => "Suite",
            BoxId::PetiteSuite => "Petite suite",
            BoxId::GrandeSuite => "Grande suite",
            BoxId::Full => "Full",
            BoxId::Carre => "Carré",
            BoxId::Yams => "Yams",
            BoxId::Chance => "Chance",
            BoxId::Maxi => "Maxi",
            BoxId::Mini => "Mini",
        }
    }

    /// Whether the box belongs to the upper section (Un to Six).
    pub const fn is_upper(self) -> bool {
        self.index() < 6
    }

    /// Whether a grid played with `options` has this box.
    pub const fn in_play(self, options: &Options) -> bool {
        BoxId::mask(options) & self.bit() != 0
    }

    /// This box as a bit of a box set.
    const fn bit(self) -> u32 {
        1 << self.index()
    }

    /// The boxes of a grid played with `options`, as a bit set over [`BoxId::index`]. The
    /// options decide which boxes are in play here and nowhere else.
    pub(crate) const fn mask(options: &Options) -> u32 {
        const fn when(on: bool, which: BoxId) -> u32 {
            if on { which.bit() } else { 0 }
        }
        let always = BoxId::Un.bit()
            | BoxId::Deux.bit()
            | BoxId::Trois.bit()
            | BoxId::Quatre.bit()
            | BoxId::Cinq.bit()
            | BoxId::Six.bit()
            | BoxId::Brelan.bit()
            | BoxId::Full.bit()
            | BoxId::Carre.bit()
            | BoxId::Yams.bit();
        always
            | when(options.double_paire, BoxId::DoublePaire)
            | when(!options.split_suites, BoxId::Suite)
            | when(options.split_suites, BoxId::PetiteSuite)
            | when(options.split_suites, BoxId::GrandeSuite)
            | when(!options.maxi_mini, BoxId::Chance)
            | when(options.maxi_mini, BoxId::Maxi)
            | when(options.maxi_mini, BoxId::Mini)
    }

    /// How many boxes a grid played with `options` has.
    pub fn count(options: &Options) -> usize {
        BoxId::mask(options).count_ones() as usize
    }

    /// What five dice are worth in this box: `Some(points)` when they meet its condition
    /// (rule 4), `None` when they do not and the box can only be scratched (0 written).
    ///
    /// This looks at the dice only: the ordering between Maxi and Mini depends on the grid and
    /// is applied by [`Grid::points`].
    pub fn value(self, dice: &Dice, options: &Options) -> Option<u8> {
        let counts = dice.counts();
        // Σ count × face over real faces, so untrusted bytes cannot overflow it.
        let sum: u8 = (1..=6).zip(counts).map(|(face, n)| face * n).sum();
        // The face held by at least `n` dice, if any (the largest, for two pairs' sake).
        let face_with = |n: u8| (1..=6).zip(counts).rev().find(|(_, c)| *c >= n);
        match self {
            BoxId::Un | BoxId::Deux | BoxId::Trois | BoxId::Quatre | BoxId::Cinq | BoxId::Six => {
                // Upper boxes have no condition: zero matching dice simply score 0.
                let face = self.index() as u8 + 1;
                Some(face * counts.get(self.index()).copied().unwrap_or(0))
            }
            BoxId::DoublePaire => {
                // Two different faces each held by two dice or more; five dice allow at most
                // two such faces, and four of a kind is a single face, so it does not count.
                let mut pairs = (1..=6).zip(counts).filter(|(_, c)| *c >= 2);
                match (pairs.next(), pairs.next()) {
                    (Some((a, _)), Some((b, _))) => Some(2 * (a + b)),
                    _ => None,
                }
            }
            BoxId::Brelan => face_with(3).map(|(face, _)| match options.brelan_value {
                BrelanValue::Fixed10 => 10,
                BrelanValue::SumOfThree => 3 * face,
                BrelanValue::SumOfDice => sum,
            }),
            BoxId::Suite => {
                (counts == PETITE_SUITE || counts == GRANDE_SUITE).then_some(SUITE_POINTS)
            }
            BoxId::PetiteSuite => (counts == PETITE_SUITE).then_some(PETITE_SUITE_POINTS),
            BoxId::GrandeSuite => (counts == GRANDE_SUITE).then_some(GRANDE_SUITE_POINTS),
            BoxId::Full => {
                let full = counts.contains(&3) && counts.contains(&2);
                let yams_as_full = options.yams_counts_as_full && counts.contains(&5);
                (full || yams_as_full).then_some(FULL_POINTS)
            }
            BoxId::Carre => face_with(4).map(|_| CARRE_POINTS),
            BoxId::Yams => face_with(5).map(|_| YAMS_POINTS),
            BoxId::Chance | BoxId::Maxi | BoxId::Mini => Some(sum),
        }
    }

    /// What five dice score in this box, looking at the dice only: the box's value, or 0 when
    /// they do not meet its condition.
    pub fn points(self, dice: &Dice, options: &Options) -> u8 {
        self.value(dice, options).unwrap_or(0)
    }

    /// The most this box can ever hold (under any option), for the invariants.
    const fn max_points(self) -> u8 {
        match self {
            BoxId::Un | BoxId::Deux | BoxId::Trois | BoxId::Quatre | BoxId::Cinq | BoxId::Six => {
                5 * (self.index() as u8 + 1)
            }
            BoxId::DoublePaire => 2 * (6 + 5),
            BoxId::Brelan | BoxId::Chance | BoxId::Maxi | BoxId::Mini => 30,
            BoxId::Suite => SUITE_POINTS,
            BoxId::PetiteSuite => PETITE_SUITE_POINTS,
            BoxId::GrandeSuite => GRANDE_SUITE_POINTS,
            BoxId::Full => FULL_POINTS,
            BoxId::Carre => CARRE_POINTS,
            BoxId::Yams => YAMS_POINTS,
        }
    }
}

/// Face counts of 1-2-3-4-5.
const PETITE_SUITE: [u8; 6] = [1, 1, 1, 1, 1, 0];
/// Face counts of 2-3-4-5-6.
const GRANDE_SUITE: [u8; 6] = [0, 1, 1, 1, 1, 1];
/// The original rules' single Suite box.
const SUITE_POINTS: u8 = 20;
/// With `split_suites`: the small straight, as in S2 (sirtin.fr).
const PETITE_SUITE_POINTS: u8 = 30;
/// With `split_suites`: the large straight, as in S2 (sirtin.fr).
const GRANDE_SUITE_POINTS: u8 = 40;
const FULL_POINTS: u8 = 30;
const CARRE_POINTS: u8 = 40;
const YAMS_POINTS: u8 = 50;

/// One score sheet: the points written in each box, `None` while a box is empty.
///
/// Boxes that the options leave out of the game stay empty for good. In JSON a grid is a list
/// of [`BOX_COUNT`] entries in [`BoxId::ALL`] order, `null` for an empty box.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Grid {
    boxes: [Option<u8>; BOX_COUNT],
}

impl Grid {
    /// The points written in `which`, or `None` while it is empty.
    pub fn get(&self, which: BoxId) -> Option<u8> {
        self.boxes.get(which.index()).copied().flatten()
    }

    /// Writes `points` in `which`; the caller has checked that it is empty and in play.
    pub(crate) fn set(&mut self, which: BoxId, points: u8) {
        if let Some(slot) = self.boxes.get_mut(which.index()) {
            *slot = Some(points);
        }
    }

    /// What `dice` would score if written in `which` now: [`BoxId::points`], except that
    /// Maxi must stay strictly above Mini and Mini strictly below Maxi, whichever of them was
    /// filled first; a sum that breaks this scores 0.
    pub fn points(&self, which: BoxId, dice: &Dice, options: &Options) -> u8 {
        let points = which.points(dice, options);
        let allowed = match which {
            BoxId::Maxi => self.get(BoxId::Mini).is_none_or(|mini| points > mini),
            BoxId::Mini => self.get(BoxId::Maxi).is_none_or(|maxi| points < maxi),
            _ => true,
        };
        if allowed { points } else { 0 }
    }

    /// How many boxes are filled.
    pub fn filled(&self) -> usize {
        self.boxes.iter().flatten().count()
    }

    /// Whether every box the options put in play is filled.
    pub fn is_full(&self, options: &Options) -> bool {
        self.filled() == BoxId::count(options)
    }

    /// Whether the six upper boxes are filled (the bonus is then final).
    pub fn upper_is_full(&self) -> bool {
        BoxId::UPPER.iter().all(|b| self.get(*b).is_some())
    }

    /// The totals of the grid so far. The bonus is computed from the upper total so far, so it
    /// is final once the upper section is full (it can only grow before).
    pub fn totals(&self, options: &Options) -> Totals {
        let mut upper = 0;
        let mut lower = 0;
        for which in BoxId::ALL {
            let points = u16::from(self.get(which).unwrap_or(0));
            if which.is_upper() {
                upper += points;
            } else {
                lower += points;
            }
        }
        let bonus = options.bonus(upper);
        Totals {
            upper,
            bonus,
            lower,
            total: upper + bonus + lower,
        }
    }

    /// Checks that only boxes in play are filled, with values they can hold.
    pub(crate) fn check(&self, options: &Options) -> Result<(), String> {
        for which in BoxId::ALL {
            let Some(points) = self.get(which) else {
                continue;
            };
            if !which.in_play(options) {
                return Err(format!("box {} is filled but not in play", which.name()));
            }
            let possible = match which {
                _ if which.is_upper() => points % (which.index() as u8 + 1) == 0,
                BoxId::Suite | BoxId::PetiteSuite | BoxId::GrandeSuite => {
                    points == 0 || points == which.max_points()
                }
                BoxId::Full | BoxId::Carre | BoxId::Yams => {
                    points == 0 || points == which.max_points()
                }
                BoxId::Chance => points >= 5,
                _ => true,
            };
            if points > which.max_points() || !possible {
                return Err(format!("box {} holds an impossible {points}", which.name()));
            }
        }
        if let (Some(maxi), Some(mini)) = (self.get(BoxId::Maxi), self.get(BoxId::Mini)) {
            // A refused sum writes 0, so either Maxi is above Mini or one of them was scratched.
            if maxi <= mini && maxi != 0 {
                return Err(format!("Maxi {maxi} is not above Mini {mini}"));
            }
        }
        Ok(())
    }
}

// Counted from the boxes the options put on a grid, so written beside the boxes.
impl Options {
    /// How many turns each player plays: one per box of each of its grids (rules 5 and 9).
    pub fn turns_per_player(&self) -> u16 {
        u16::from(self.grids) * BoxId::count(self) as u16
    }
}

/// The totals of one grid (rule 7): upper section, its bonus, lower section, and their sum.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = YamsTotals))]
pub struct Totals {
    /// Sum of the boxes Un to Six.
    pub upper: u16,
    /// The bonus ("prime") earned by the upper total, per the option `bonus_rule`.
    pub bonus: u16,
    /// Sum of the other boxes.
    pub lower: u16,
    /// `upper + bonus + lower`.
    pub total: u16,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn box_ids_are_snake_case_and_in_sheet_order() {
        for (i, which) in BoxId::ALL.iter().enumerate() {
            assert_eq!(which.index(), i);
        }
        assert_eq!(
            serde_json::to_string(&BoxId::DoublePaire).unwrap(),
            "\"double_paire\""
        );
        assert_eq!(serde_json::to_string(&BoxId::Carre).unwrap(), "\"carre\"");
        assert_eq!(BoxId::count(&Options::default()), 12);
    }

    #[test]
    fn grid_json_lists_every_box() {
        let mut grid = Grid::default();
        grid.set(BoxId::Full, 30);
        let json = serde_json::to_string(&grid).unwrap();
        assert_eq!(
            json,
            "[null,null,null,null,null,null,null,null,null,null,null,30,null,null,null,null,null]"
        );
        assert_eq!(serde_json::from_str::<Grid>(&json).unwrap(), grid);
    }

    #[test]
    fn check_refuses_impossible_boxes() {
        let options = Options::default();
        let mut grid = Grid::default();
        grid.set(BoxId::Trois, 9);
        assert_eq!(grid.check(&options), Ok(()));
        grid.set(BoxId::Trois, 10);
        assert!(grid.check(&options).is_err());
        let mut grid = Grid::default();
        grid.set(BoxId::Maxi, 20);
        assert!(
            grid.check(&options).is_err(),
            "Maxi is not in play by default"
        );
    }
}
