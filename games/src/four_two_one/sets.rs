//! Two small `Copy` sets used by the actions, the events and the state of 421, so that the hot
//! path never allocates: a handful of die faces, and a set of seats.
//!
//! Both are written in JSON as plain lists (`[6, 3]`, `[0, 2]`) and read back into the same
//! canonical value, whatever the order of the list.

use std::fmt;

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::contract::Seat;
use crate::faces::{FaceList, ReadFaces, Refusal};

/// Up to three die faces, kept from the highest to the lowest; in JSON a list such as `[6, 3]`.
///
/// The faces are sorted when the value is built or read, so `[3, 6]` and `[6, 3]` name the same
/// dice: a re-throw of "a six and a three" is one decision however it is written.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Serialize)]
#[serde(transparent)]
pub struct Faces(FaceList<3>);

impl Faces {
    /// No die at all.
    pub const EMPTY: Faces = Faces(FaceList::EMPTY);

    /// The given faces, sorted from the highest; `None` when there are more than three.
    pub fn new(faces: &[u8]) -> Option<Faces> {
        let mut set = Faces::EMPTY;
        for &face in faces {
            set = set.with(face)?;
        }
        Some(set)
    }

    /// These faces plus `face`, still sorted; `None` when three faces are already held.
    pub fn with(mut self, face: u8) -> Option<Faces> {
        self.0.insert_descending(face).then_some(self)
    }

    /// The faces of `dice` (sorted from the highest) at the positions whose bit is set in
    /// `mask`, highest first.
    pub(crate) fn select(dice: &[u8; 3], mask: u32) -> Faces {
        Faces(FaceList::select(dice, mask))
    }
}

impl ReadFaces for Faces {
    // Faces are read as any list of bytes, then refused as a whole when there are too many.
    const EXPECTING: &'static str = "a sequence";

    fn read(&mut self, face: u8) -> Result<(), Refusal> {
        Refusal::AtTheEnd("there are only three dice").unless(self.0.insert_descending(face))
    }
}

crate::faces::face_list!(
    Faces,
    "FourTwoOneFaces",
    3,
    "Up to three die faces, highest first (`[6, 3]`); read in any order.",
    debug,
    slice
);

/// A set of seats (there are at most 8); in JSON the list of seat numbers, lowest first.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Seats(u8);

impl Seats {
    /// No seat.
    pub const EMPTY: Seats = Seats(0);

    /// The largest number of seats a set can hold.
    pub const CAPACITY: usize = 8;

    /// Seats `0..count` (capped at [`Seats::CAPACITY`]).
    pub fn first(count: usize) -> Seats {
        if count >= Self::CAPACITY {
            Seats(u8::MAX)
        } else {
            Seats((1u8 << count) - 1)
        }
    }

    /// Just `seat` (empty if it is out of range).
    pub fn only(seat: Seat) -> Seats {
        Seats::EMPTY.with(seat)
    }

    /// Whether `seat` is in the set.
    pub fn contains(self, seat: Seat) -> bool {
        seat < Self::CAPACITY && self.0 & (1 << seat) != 0
    }

    /// The set plus `seat` (unchanged if it is out of range).
    #[must_use]
    pub fn with(self, seat: Seat) -> Seats {
        if seat < Self::CAPACITY {
            Seats(self.0 | (1 << seat))
        } else {
            self
        }
    }

    /// The set without `seat`.
    #[must_use]
    pub fn without(self, seat: Seat) -> Seats {
        if seat < Self::CAPACITY {
            Seats(self.0 & !(1 << seat))
        } else {
            self
        }
    }

    /// How many seats the set holds.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The only seat of the set, if it holds exactly one.
    pub fn single(self) -> Option<Seat> {
        (self.len() == 1).then(|| self.0.trailing_zeros() as Seat)
    }

    /// Whether every seat of `self` is in `other`.
    pub fn is_subset(self, other: Seats) -> bool {
        self.0 & !other.0 == 0
    }

    /// The seats, lowest first.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        (0..Self::CAPACITY).filter(move |seat| self.contains(*seat))
    }
}

impl fmt::Debug for Seats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl FromIterator<Seat> for Seats {
    fn from_iter<I: IntoIterator<Item = Seat>>(iter: I) -> Self {
        iter.into_iter().fold(Seats::EMPTY, Seats::with)
    }
}

impl Serialize for Seats {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for Seats {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let seats = Vec::<Seat>::deserialize(deserializer)?;
        if seats.iter().any(|seat| *seat >= Self::CAPACITY) {
            return Err(D::Error::custom("a seat number must be below 8"));
        }
        Ok(seats.into_iter().collect())
    }
}

#[cfg(feature = "openapi")]
crate::schema::manual_schema!(
    Seats,
    "FourTwoOneSeats",
    crate::schema::integer_list(0, Seats::CAPACITY - 1)
        .unique_items(true)
        .max_items(Some(Seats::CAPACITY))
        .description(Some(
            "A set of seats: their numbers, lowest first (`[0, 2]`)."
        ))
        .into(),
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn faces_are_sorted_highest_first_and_hold_three_at_most() {
        let faces = Faces::new(&[3, 6, 1]).unwrap();
        assert_eq!(faces.as_slice(), &[6, 3, 1]);
        assert_eq!(Faces::new(&[1, 2, 3, 4]), None);
        assert_eq!(Faces::new(&[]), Some(Faces::EMPTY));
        assert_eq!(Faces::new(&[5, 5]).unwrap().as_slice(), &[5, 5]);
    }

    #[test]
    fn faces_read_any_order_and_refuse_four_dice() {
        let read: Faces = serde_json::from_str("[2, 4]").unwrap();
        assert_eq!(read, Faces::new(&[4, 2]).unwrap());
        assert_eq!(serde_json::to_string(&read).unwrap(), "[4,2]");
        assert!(serde_json::from_str::<Faces>("[1, 2, 3, 4]").is_err());
        assert!(serde_json::from_str::<Faces>("[300]").is_err());
    }

    #[test]
    fn seats_are_a_set_written_as_a_sorted_list() {
        let seats: Seats = [5, 0, 2].into_iter().collect();
        assert_eq!(seats.len(), 3);
        assert_eq!(serde_json::to_string(&seats).unwrap(), "[0,2,5]");
        let back: Seats = serde_json::from_str("[5,2,0,2]").unwrap();
        assert_eq!(back, seats);
        assert!(serde_json::from_str::<Seats>("[8]").is_err());
        assert_eq!(Seats::only(3).single(), Some(3));
        assert_eq!(seats.single(), None);
        assert_eq!(Seats::first(8).len(), 8);
        assert_eq!(Seats::first(3).iter().collect::<Vec<_>>(), vec![0, 1, 2]);
        assert!(Seats::only(2).is_subset(seats));
        assert!(!Seats::only(1).is_subset(seats));
        assert_eq!(seats.without(2).without(9), Seats::from_iter([0, 5]));
    }
}
