//! The five dice: lists of faces, and the combinations a throw satisfies (rule 3).

use serde::{Deserialize, Serialize};

use crate::faces::FaceList;
use crate::id::GameId;

/// The number of dice.
pub const DICE: usize = 5;

/// At most five die faces, serialized as a JSON array (`[2, 4, 4]`).
///
/// Used for the faces a player throws again (kept in ascending order, so that each re-throw
/// decision has exactly one spelling) and for the values a throw produced (in die order). A
/// small `Copy` value rather than a `Vec`, so that listing re-throws allocates nothing.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Serialize)]
#[serde(transparent)]
pub struct Faces(FaceList<DICE>);

impl Faces {
    /// The faces in `values`, or `None` if there are more than five.
    pub fn from_slice(values: &[u8]) -> Option<Faces> {
        FaceList::from_slice(values).map(Faces)
    }

    /// The faces of the dice of `dice` whose bit is set in `mask`, in die order.
    pub(crate) fn select(dice: &[u8; DICE], mask: u32) -> Faces {
        Faces(FaceList::select(dice, mask))
    }
}

crate::faces::face_list!(
    Faces, "LinotteFaces", DICE, "Up to five die faces (`[2, 4, 4]`).", debug, slice;
    read: push, "an array of at most five die faces"
);

/// A combination, as printed on the cells of the grid. The JSON names are shared by both
/// games; [`Combination::label`] gives each game's printed name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = LinotteCombination))]
#[serde(rename_all = "snake_case")]
pub enum Combination {
    /// At least three 1s (the cells "1").
    #[serde(rename = "brelan_1")]
    Brelan1,
    /// At least three 2s.
    #[serde(rename = "brelan_2")]
    Brelan2,
    /// At least three 3s.
    #[serde(rename = "brelan_3")]
    Brelan3,
    /// At least three 4s.
    #[serde(rename = "brelan_4")]
    Brelan4,
    /// At least three 5s.
    #[serde(rename = "brelan_5")]
    Brelan5,
    /// At least three 6s.
    #[serde(rename = "brelan_6")]
    Brelan6,
    /// Three of a kind and a pair, or five of a kind.
    Full,
    /// At least four of a kind.
    Carre,
    /// Five of a kind.
    Yam,
    /// 1-2-3-4-5 or 2-3-4-5-6 (La Linotte's Quinte, Yam Master's Suite).
    Quinte,
    /// A sum of at most 8 (La Linotte's Small, Yam Master's ≤8).
    Small,
    /// A major combination on the first throw, the player stopping there.
    Sec,
    /// A successful challenge (La Linotte's Appel, Yam Master's Défi).
    Challenge,
}

impl Combination {
    /// Every combination, in bit order.
    pub const ALL: [Combination; 13] = [
        Combination::Brelan1,
        Combination::Brelan2,
        Combination::Brelan3,
        Combination::Brelan4,
        Combination::Brelan5,
        Combination::Brelan6,
        Combination::Full,
        Combination::Carre,
        Combination::Yam,
        Combination::Quinte,
        Combination::Small,
        Combination::Sec,
        Combination::Challenge,
    ];

    /// The brelan of `face` (1 to 6).
    pub const fn brelan(face: u8) -> Option<Combination> {
        match face {
            1 => Some(Combination::Brelan1),
            2 => Some(Combination::Brelan2),
            3 => Some(Combination::Brelan3),
            4 => Some(Combination::Brelan4),
            5 => Some(Combination::Brelan5),
            6 => Some(Combination::Brelan6),
            _ => None,
        }
    }

    /// Whether this is one of the five major combinations.
    pub const fn is_major(self) -> bool {
        matches!(
            self,
            Combination::Full
                | Combination::Carre
                | Combination::Yam
                | Combination::Quinte
                | Combination::Small
        )
    }

    /// The name printed on the cell in `game`.
    pub const fn label(self, game: GameId) -> &'static str {
        let yam_master = matches!(game, GameId::YamMaster);
        match self {
            Combination::Brelan1 => "1",
            Combination::Brelan2 => "2",
            Combination::Brelan3 => "3",
            Combination::Brelan4 => "4",
            Combination::Brelan5 => "5",
            Combination::Brelan6 => "6",
            Combination::Full => "Full",
            Combination::Carre => "Carré",
            Combination::Yam => "Yam",
            Combination::Quinte if yam_master => "Suite",
            Combination::Quinte => "Quinte",
            Combination::Small if yam_master => "≤8",
            Combination::Small => "Small",
            Combination::Sec => "Sec",
            Combination::Challenge if yam_master => "Défi",
            Combination::Challenge => "Appel",
        }
    }

    const fn bit(self) -> u16 {
        1 << self as u16
    }
}

/// A major combination: what a La Linotte player names when announcing an Appel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = LinotteMajor))]
#[serde(rename_all = "snake_case")]
pub enum Major {
    Full,
    Quinte,
    Carre,
    Small,
    Yam,
}

impl Major {
    /// The five majors, in the order the rules list them.
    pub const ALL: [Major; 5] = [
        Major::Full,
        Major::Quinte,
        Major::Carre,
        Major::Small,
        Major::Yam,
    ];

    /// The same combination as a cell label.
    pub const fn combination(self) -> Combination {
        match self {
            Major::Full => Combination::Full,
            Major::Quinte => Combination::Quinte,
            Major::Carre => Combination::Carre,
            Major::Small => Combination::Small,
            Major::Yam => Combination::Yam,
        }
    }
}

/// A set of combinations (a bit per [`Combination`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CombinationSet(u16);

impl CombinationSet {
    /// The empty set.
    pub const EMPTY: CombinationSet = CombinationSet(0);

    /// The five major combinations.
    pub const MAJORS: CombinationSet = CombinationSet(
        Combination::Full.bit()
            | Combination::Carre.bit()
            | Combination::Yam.bit()
            | Combination::Quinte.bit()
            | Combination::Small.bit(),
    );

    /// Whether `combination` is in the set.
    pub const fn contains(self, combination: Combination) -> bool {
        self.0 & combination.bit() != 0
    }

    /// The set with `combination` added.
    #[must_use]
    pub const fn with(self, combination: Combination) -> CombinationSet {
        CombinationSet(self.0 | combination.bit())
    }

    /// Whether the set holds a major combination.
    pub const fn has_major(self) -> bool {
        self.0 & Self::MAJORS.0 != 0
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The combinations in the set, in [`Combination::ALL`] order.
    pub fn iter(self) -> impl Iterator<Item = Combination> {
        Combination::ALL
            .into_iter()
            .filter(move |c| self.contains(*c))
    }

    /// The raw bits, a bit per combination in [`Combination::ALL`] order.
    pub(crate) const fn bits(self) -> u16 {
        self.0
    }
}

/// How many dice show each face: `counts[v]` for `v` in 1..=6 (index 0 unused).
fn face_counts(dice: &[u8; DICE]) -> [u8; 7] {
    let mut counts = [0u8; 7];
    for die in dice {
        if let Some(count) = counts.get_mut(usize::from(*die)) {
            *count += 1;
        }
    }
    counts
}

/// The combinations that five dice satisfy by their faces alone (rule 3): the brelans, Full,
/// Carré, Yam, Quinte and Small. Sec and the challenge depend on the course of the turn, not on
/// the faces, and are added by the turn logic.
pub fn combinations(dice: &[u8; DICE]) -> CombinationSet {
    let counts = face_counts(dice);
    let mut set = CombinationSet::EMPTY;
    let mut has_three = false;
    let mut has_pair = false;
    for face in 1..=6u8 {
        let count = counts[usize::from(face)];
        if count >= 3
            && let Some(brelan) = Combination::brelan(face)
        {
            set = set.with(brelan);
        }
        has_three |= count == 3;
        has_pair |= count == 2;
        if count >= 4 {
            set = set.with(Combination::Carre);
        }
        if count == 5 {
            // A Yam is also a Full (ambiguity G2).
            set = set.with(Combination::Yam).with(Combination::Full);
        }
    }
    if has_three && has_pair {
        set = set.with(Combination::Full);
    }
    // Five different faces are a straight unless they include both 1 and 6.
    let distinct = counts[1..].iter().all(|c| *c <= 1);
    if distinct && (counts[1] == 0 || counts[6] == 0) {
        set = set.with(Combination::Quinte);
    }
    let sum: u16 = dice.iter().map(|d| u16::from(*d)).sum();
    if sum <= 8 {
        set = set.with(Combination::Small);
    }
    set
}

/// Whether some face shows on four or more of `dice` (zeros, dice not thrown yet, ignored):
/// the only major combination that fewer than five dice can hold.
pub(crate) fn holds_four_of_a_kind(dice: &[u8; DICE]) -> bool {
    face_counts(dice)[1..].iter().any(|c| *c >= 4)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn faces_serialize_as_a_plain_array() {
        let faces = Faces::from_slice(&[2, 4, 4]).unwrap();
        assert_eq!(serde_json::to_string(&faces).unwrap(), "[2,4,4]");
        let back: Faces = serde_json::from_str("[2,4,4]").unwrap();
        assert_eq!(back, faces);
        assert_eq!(format!("{faces:?}"), "[2, 4, 4]");
    }

    #[test]
    fn faces_refuse_more_than_five_values() {
        assert!(Faces::from_slice(&[1, 2, 3, 4, 5, 6]).is_none());
        assert!(serde_json::from_str::<Faces>("[1,2,3,4,5,6]").is_err());
        assert!(serde_json::from_str::<Faces>("[1,300]").is_err());
        assert!(serde_json::from_str::<Faces>("[]").unwrap().is_empty());
    }

    #[test]
    fn combination_bits_follow_the_all_order() {
        for (index, combination) in Combination::ALL.into_iter().enumerate() {
            assert_eq!(combination.bit(), 1 << index);
        }
        let majors: Vec<Combination> = CombinationSet::MAJORS.iter().collect();
        let listed: Vec<Combination> = Major::ALL.iter().map(|m| m.combination()).collect();
        assert_eq!(majors.len(), 5);
        assert!(listed.iter().all(|m| majors.contains(m) && m.is_major()));
    }

    #[test]
    fn labels_follow_each_game() {
        assert_eq!(Combination::Quinte.label(GameId::Linotte), "Quinte");
        assert_eq!(Combination::Quinte.label(GameId::YamMaster), "Suite");
        assert_eq!(Combination::Small.label(GameId::YamMaster), "≤8");
        assert_eq!(Combination::Challenge.label(GameId::Linotte), "Appel");
        assert_eq!(Combination::Challenge.label(GameId::YamMaster), "Défi");
        assert_eq!(Combination::Carre.label(GameId::YamMaster), "Carré");
    }
}
