//! The five dice of Yams, as a multiset.

use std::fmt;

use serde::Serialize;

use crate::faces::{self, FaceList};

/// How many dice Yams is played with.
pub const DICE: usize = 5;

/// Up to five dice, as a multiset: the faces are always kept in increasing order.
///
/// Order carries no meaning in Yams, so two hands holding the same faces are equal, whatever
/// order they were thrown or written in. This is what makes each re-throw decision unique:
/// keeping "a 5" when two dice show 5 is a single [`Action::Reroll`](super::Action::Reroll).
///
/// In JSON a hand is a plain list of faces, `[2, 5, 5]`; a list given in another order is
/// sorted when read. Any byte is accepted as a face (at most five of them), so that an action
/// naming a die the player does not have is refused by the rules with a reason, not by the
/// JSON reader; the game only ever produces faces 1 to 6.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Serialize)]
#[serde(transparent)]
pub struct Dice(FaceList<DICE>);

impl Dice {
    /// No dice at all.
    pub const EMPTY: Dice = Dice(FaceList::EMPTY);

    /// The hand showing `faces`, in any order; `None` for more than five faces.
    pub fn new(faces: &[u8]) -> Option<Dice> {
        let mut dice = Dice::EMPTY;
        for &face in faces {
            if !dice.0.insert_ascending(face) {
                return None;
            }
        }
        Some(dice)
    }

    /// The hand holding `counts[f - 1]` dice showing `f`, for faces 1 to 6; `None` for more
    /// than five dice.
    pub fn from_counts(counts: &[u8; 6]) -> Option<Dice> {
        // Faces come in increasing order, so they are appended one after the other, unsorted
        // insertion being the hot path of listing rerolls.
        let mut dice = Dice::EMPTY;
        for (face, &count) in (1..=6).zip(counts) {
            for _ in 0..count {
                if !dice.0.push(face) {
                    return None;
                }
            }
        }
        Some(dice)
    }

    /// Calls `each` once with every distinct sub-multiset of these dice but the whole hand,
    /// from the empty hand up: the choices of dice to keep when throwing again, each multiset
    /// once.
    pub fn for_each_proper_subset(&self, mut each: impl FnMut(Dice)) {
        let faces = self.as_slice();
        let whole = (1u32 << faces.len()) - 1;
        for mask in faces::sub_multisets(faces) {
            if mask != whole {
                each(Dice(FaceList::select(faces, mask)));
            }
        }
    }

    /// How many dice show each face: `counts()[f - 1]` for face `f`. Bytes that are not faces
    /// (possible only in untrusted input) are not counted.
    pub fn counts(&self) -> [u8; 6] {
        let mut counts = [0; 6];
        for &face in self.as_slice() {
            if let Some(count) = face
                .checked_sub(1)
                .and_then(|i| counts.get_mut(usize::from(i)))
            {
                *count += 1;
            }
        }
        counts
    }

    /// Whether every die shows a face from 1 to 6.
    pub fn are_faces(&self) -> bool {
        self.as_slice().iter().all(|f| faces::is_face(*f))
    }

    /// Whether `part` is a sub-multiset of these dice (each of its faces matched by a distinct
    /// die here).
    pub fn contains(&self, part: &Dice) -> bool {
        // Both lists are sorted, so one forward scan over ours matches each face of `part`.
        let mut ours = self.as_slice().iter();
        part.as_slice().iter().all(|face| ours.any(|f| f == face))
    }

    /// These dice together with `other`; `None` if that makes more than five.
    pub fn union(&self, other: &Dice) -> Option<Dice> {
        let mut dice = *self;
        for &face in other.as_slice() {
            if !dice.0.insert_ascending(face) {
                return None;
            }
        }
        Some(dice)
    }
}

impl fmt::Debug for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Dice").field(&self.as_slice()).finish()
    }
}

/// The faces separated by spaces, as players read them: `2 5 5`.
impl fmt::Display for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, face) in self.as_slice().iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{face}")?;
        }
        Ok(())
    }
}

crate::faces::face_list!(
    Dice, "YamsDice", DICE, "Up to five dice: their faces in increasing order (`[2, 5, 5]`).",
    slice;
    read: insert_ascending, "a list of at most five dice faces"
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn faces_are_kept_sorted_whatever_the_input_order() {
        let dice = Dice::new(&[6, 1, 3, 3, 2]).unwrap();
        assert_eq!(dice.as_slice(), &[1, 2, 3, 3, 6]);
        assert_eq!(dice, Dice::new(&[3, 2, 6, 3, 1]).unwrap());
        assert_eq!(dice.to_string(), "1 2 3 3 6");
        assert_eq!(dice.counts(), [1, 1, 2, 0, 0, 1]);
        assert_eq!(Dice::from_counts(&[1, 1, 2, 0, 0, 1]), Some(dice));
    }

    #[test]
    fn proper_subsets_are_each_multiset_once() {
        let mut seen = Vec::new();
        Dice::new(&[2, 5, 5])
            .unwrap()
            .for_each_proper_subset(|d| seen.push(d));
        let expected: Vec<Dice> = [&[][..], &[2], &[5], &[2, 5], &[5, 5]]
            .into_iter()
            .map(|faces| Dice::new(faces).unwrap())
            .collect();
        assert_eq!(seen, expected);
        let mut count = 0;
        Dice::new(&[1, 2, 3, 4, 6])
            .unwrap()
            .for_each_proper_subset(|_| count += 1);
        assert_eq!(count, 31);
        let mut count = 0;
        Dice::new(&[4; 5])
            .unwrap()
            .for_each_proper_subset(|_| count += 1);
        assert_eq!(count, 5);
    }

    #[test]
    fn at_most_five_dice() {
        assert_eq!(Dice::new(&[1; 6]), None);
        assert_eq!(Dice::from_counts(&[2, 2, 2, 0, 0, 0]), None);
        let three = Dice::new(&[4, 4, 4]).unwrap();
        assert_eq!(
            three.union(&Dice::new(&[1, 2]).unwrap()).map(|d| d.len()),
            Some(5)
        );
        assert_eq!(three.union(&three), None);
    }

    #[test]
    fn containment_is_multiset_inclusion() {
        let dice = Dice::new(&[2, 2, 5, 5, 5]).unwrap();
        for (part, expected) in [
            (&[][..], true),
            (&[5][..], true),
            (&[2, 5, 5, 5][..], true),
            (&[2, 2, 2][..], false),
            (&[3][..], false),
            (&[0][..], false),
            (&[7][..], false),
        ] {
            assert_eq!(
                dice.contains(&Dice::new(part).unwrap()),
                expected,
                "{part:?}"
            );
        }
    }

    #[test]
    fn json_is_a_plain_list_read_in_any_order() {
        let dice = Dice::new(&[2, 5, 5]).unwrap();
        assert_eq!(serde_json::to_string(&dice).unwrap(), "[2,5,5]");
        let read: Dice = serde_json::from_str("[5,2,5]").unwrap();
        assert_eq!(read, dice);
        assert!(serde_json::from_str::<Dice>("[1,1,1,1,1,1]").is_err());
        assert!(serde_json::from_str::<Dice>("[256]").is_err());
        // Bytes that are not faces are read (and later refused by the rules).
        let odd: Dice = serde_json::from_str("[9,0]").unwrap();
        assert_eq!(odd.as_slice(), &[0, 9]);
        assert!(!odd.are_faces());
        assert_eq!(odd.counts(), [0; 6]);
    }
}
