//! Small, fixed-size dice collections: a throw in the order the dice fell ([`Roll`]), a
//! multiset of faces ([`Faces`]) and the keeps set aside during a turn ([`SetAside`]).
//!
//! They are `Copy` and never allocate, so the hot path of a playout stays allocation-free, and
//! they serialize as plain JSON lists (`[3, 3, 5, 1, 6]`). Reading them back validates the
//! faces and the length, so a value of these types always holds at most five dice showing 1 to 6.
//! A throw is the games' shared list of faces ([`FaceList`]); a multiset of faces keeps a count
//! per face instead, which is what scoring reads, and shares the list's JSON.

use std::fmt;

use serde::de;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::faces::{FaceList, ReadFaces, Refusal, is_face};
use crate::fixed_list::FixedList;

/// The number of dice in the game.
pub const DICE: u8 = 5;

/// A multiset of die faces (at most five dice), stored as a count per face.
///
/// Two `Faces` are equal when they hold the same dice, whatever the order they were listed in:
/// this is what makes "keep these dice" one decision however the kept dice are named. It
/// serializes as its faces in ascending order (`[1, 1, 5]`) and reads them in any order.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Faces {
    /// `counts[f - 1]` is the number of dice showing `f`.
    counts: [u8; 6],
}

impl Faces {
    /// No dice.
    pub const EMPTY: Faces = Faces { counts: [0; 6] };

    /// The faces of `dice`, or `None` if there are more than five or one is not in `1..=6`.
    pub fn from_dice(dice: &[u8]) -> Option<Faces> {
        if dice.len() > usize::from(DICE) {
            return None;
        }
        let mut faces = Faces::EMPTY;
        for &face in dice {
            if !faces.add(face) {
                return None;
            }
        }
        Some(faces)
    }

    /// Faces from a count per face (`counts[f - 1]` dice showing `f`), or `None` if that makes
    /// more than five dice.
    pub fn from_counts(counts: [u8; 6]) -> Option<Faces> {
        let total: u32 = counts.iter().map(|c| u32::from(*c)).sum();
        (total <= u32::from(DICE)).then_some(Faces { counts })
    }

    /// Adds one die; refuses (returns `false`) a face outside `1..=6` or a sixth die.
    fn add(&mut self, face: u8) -> bool {
        if !is_face(face) || self.len() >= DICE {
            return false;
        }
        match self.counts.get_mut(usize::from(face - 1)) {
            Some(count) => {
                *count += 1;
                true
            }
            None => false,
        }
    }

    /// The number of dice showing `face` (0 for a face that does not exist).
    pub fn count(self, face: u8) -> u8 {
        match face {
            1..=6 => self.counts.get(usize::from(face - 1)).copied().unwrap_or(0),
            _ => 0,
        }
    }

    /// The count of each face, `counts()[f - 1]` for face `f`.
    pub const fn counts(self) -> [u8; 6] {
        self.counts
    }

    /// The number of dice.
    pub fn len(self) -> u8 {
        self.counts.iter().sum()
    }

    /// Whether there are no dice.
    pub fn is_empty(self) -> bool {
        self.counts == [0; 6]
    }

    /// Whether every die of `self` is also in `other` (counting repeated faces).
    pub fn is_within(self, other: Faces) -> bool {
        self.counts.iter().zip(other.counts).all(|(a, b)| *a <= b)
    }

    /// The faces in ascending order, one item per die.
    pub fn iter(self) -> impl Iterator<Item = u8> {
        (1..=6u8).flat_map(move |face| std::iter::repeat_n(face, usize::from(self.count(face))))
    }

    /// The faces in ascending order, as a list.
    fn list(self) -> FaceList<{ DICE as usize }> {
        let mut list = FaceList::EMPTY;
        for face in self.iter() {
            // At most five dice: the list has room for them all.
            list.push(face);
        }
        list
    }
}

impl fmt::Debug for Faces {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// Its faces in ascending order, as a plain JSON list (`[1, 1, 5]`).
impl Serialize for Faces {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.list().serialize(serializer)
    }
}

impl ReadFaces for Faces {
    const EXPECTING: &'static str = "a list of at most five die faces, each from 1 to 6";

    fn read(&mut self, face: u8) -> Result<(), Refusal> {
        if !is_face(face) {
            return Err(Refusal::Now(
                format!("a die shows 1 to 6, not {face}").into(),
            ));
        }
        if !self.add(face) {
            return Err(Refusal::Now("there are only five dice".into()));
        }
        Ok(())
    }
}

crate::faces::face_list!(
    Faces,
    "FiveThousandFaces",
    usize::from(DICE),
    "Up to five dice: their faces in ascending order (`[1, 1, 5]`); read in any order."
);

/// One throw: the faces of up to five dice, in the order they were supplied.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(transparent)]
pub struct Roll(FaceList<{ DICE as usize }>);

/// What a throw refuses when read: anything but at most five faces from 1 to 6.
const BAD_ROLL: &str = "a throw is a list of at most five die faces, each from 1 to 6";

impl Roll {
    /// A throw of `dice`, or `None` if there are more than five or one is not in `1..=6`.
    pub fn new(dice: &[u8]) -> Option<Roll> {
        if !dice.iter().all(|d| is_face(*d)) {
            return None;
        }
        FaceList::from_slice(dice).map(Roll)
    }

    /// The dice in throw order.
    pub fn dice(&self) -> &[u8] {
        self.0.as_slice()
    }

    /// The number of dice thrown.
    pub const fn len(&self) -> u8 {
        // At most five dice.
        self.0.len() as u8
    }

    /// Whether no dice were thrown.
    pub const fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The multiset of faces thrown.
    pub fn faces(&self) -> Faces {
        // A roll holds at most five valid faces (checked on construction and when read).
        Faces::from_dice(self.dice()).unwrap_or_default()
    }
}

impl ReadFaces for Roll {
    // A throw is read as any list of bytes, then refused as a whole.
    const EXPECTING: &'static str = "a sequence";

    fn read(&mut self, face: u8) -> Result<(), Refusal> {
        Refusal::AtTheEnd(BAD_ROLL).unless(is_face(face) && self.0.push(face))
    }
}

crate::faces::face_list!(
    Roll,
    "FiveThousandRoll",
    usize::from(DICE),
    "A throw of up to five dice: their faces in the order they fell (`[3, 3, 5, 1, 6]`).",
    debug
);

/// The keeps set aside since the dice were last all in hand: one [`Faces`] per keep, in order.
///
/// Each keep is valued on its own (groups never combine across throws), so the list, not just
/// the dice it holds, is what the turn total is made of. A turn sets aside at most five keeps
/// (each takes at least one die) before its hand is empty.
///
/// Written in debug output and in JSON as the list of keeps.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(transparent)]
pub struct SetAside(FixedList<Faces, 5>);

impl SetAside {
    /// The keeps, first kept first.
    pub fn keeps(&self) -> &[Faces] {
        self.0.as_slice()
    }

    /// The number of dice set aside.
    pub fn dice(&self) -> u8 {
        self.keeps().iter().map(|k| k.len()).sum()
    }

    /// Adds a keep; refuses (returns `false`) a sixth one.
    pub fn push(&mut self, keep: Faces) -> bool {
        self.0.push(keep)
    }
}

impl fmt::Debug for SetAside {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl<'de> Deserialize<'de> for SetAside {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let keeps = Vec::<Faces>::deserialize(deserializer)?;
        let mut set_aside = SetAside::default();
        for keep in keeps {
            if !set_aside.push(keep) {
                return Err(de::Error::custom("at most five keeps are set aside"));
            }
        }
        Ok(set_aside)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn faces_ignore_order_and_serialize_sorted() {
        let a = Faces::from_dice(&[5, 1, 1]).unwrap();
        let b = Faces::from_dice(&[1, 5, 1]).unwrap();
        assert_eq!(a, b);
        assert_eq!(serde_json::to_string(&a).unwrap(), "[1,1,5]");
        let back: Faces = serde_json::from_str("[5,1,1]").unwrap();
        assert_eq!(back, a);
        assert_eq!(a.len(), 3);
        assert_eq!(a.count(1), 2);
        assert_eq!(a.count(7), 0);
    }

    #[test]
    fn faces_refuse_bad_dice() {
        assert_eq!(Faces::from_dice(&[0]), None);
        assert_eq!(Faces::from_dice(&[7]), None);
        assert_eq!(Faces::from_dice(&[1; 6]), None);
        assert_eq!(Faces::from_counts([6, 0, 0, 0, 0, 0]), None);
        assert!(serde_json::from_str::<Faces>("[1,1,1,1,1,1]").is_err());
        assert!(serde_json::from_str::<Faces>("[9]").is_err());
        assert!(serde_json::from_str::<Faces>("[-1]").is_err());
        assert!(serde_json::from_str::<Faces>("[]").unwrap().is_empty());
    }

    #[test]
    fn rolls_keep_their_order_and_refuse_bad_dice() {
        let roll = Roll::new(&[3, 3, 5, 1, 6]).unwrap();
        assert_eq!(roll.dice(), &[3, 3, 5, 1, 6]);
        assert_eq!(serde_json::to_string(&roll).unwrap(), "[3,3,5,1,6]");
        assert_eq!(serde_json::from_str::<Roll>("[3,3,5,1,6]").unwrap(), roll);
        assert_eq!(roll.faces(), Faces::from_dice(&[1, 3, 3, 5, 6]).unwrap());
        assert_eq!(Roll::new(&[1, 2, 3, 4, 5, 6]), None);
        assert_eq!(Roll::new(&[0]), None);
        assert!(serde_json::from_str::<Roll>("[7]").is_err());
    }

    #[test]
    fn set_aside_holds_at_most_five_keeps() {
        let mut set_aside = SetAside::default();
        let one = Faces::from_dice(&[1]).unwrap();
        for _ in 0..5 {
            assert!(set_aside.push(one));
        }
        assert!(!set_aside.push(one));
        assert_eq!(set_aside.dice(), 5);
        let json = serde_json::to_string(&set_aside).unwrap();
        assert_eq!(json, "[[1],[1],[1],[1],[1]]");
        assert_eq!(serde_json::from_str::<SetAside>(&json).unwrap(), set_aside);
        assert!(serde_json::from_str::<SetAside>("[[1],[1],[1],[1],[1],[1]]").is_err());
    }
}
