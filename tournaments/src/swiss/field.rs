//! The field of one round: the players still in, in standings order, with their score groups,
//! how often any two have met, and who may take a bye.

use std::collections::HashMap;

use crate::record::{Contender, PlayerId, rank_order};

/// The players to pair, ranked; every other function of the pairing speaks of them by their
/// position in [`Field::ranked`] (0 for the leader).
#[derive(Debug)]
pub(crate) struct Field<'a, Id> {
    /// The whole input, withdrawn players included.
    pub(crate) players: &'a [Contender<Id>],
    /// Indexes into `players` of those to pair, in standings order.
    pub(crate) ranked: Vec<usize>,
    /// Score group of each ranked player: 0 for the top score, 1 for the next score down...
    pub(crate) group: Vec<usize>,
    /// Meetings so far between two ranked players (smaller position first); absent when none.
    meetings: HashMap<(usize, usize), u32>,
}

impl<'a, Id: PlayerId> Field<'a, Id> {
    /// The field of `players`, leaving the withdrawn out.
    pub(crate) fn new(players: &'a [Contender<Id>]) -> Field<'a, Id> {
        let mut ranked: Vec<usize> = (0..players.len())
            .filter(|&i| !players[i].withdrawn)
            .collect();
        ranked.sort_by(|&a, &b| rank_order(&players[a], &players[b]));
        let mut group = Vec::with_capacity(ranked.len());
        for (position, &i) in ranked.iter().enumerate() {
            let new_group = position > 0 && players[ranked[position - 1]].score != players[i].score;
            let previous = group.last().copied().unwrap_or(0);
            group.push(previous + usize::from(new_group));
        }
        let position: HashMap<Id, usize> = ranked
            .iter()
            .enumerate()
            .map(|(position, &i)| (players[i].id, position))
            .collect();
        let mut meetings = HashMap::new();
        for (a, &i) in ranked.iter().enumerate() {
            for opponent in &players[i].opponents {
                if let Some(&b) = position.get(opponent)
                    && a < b
                {
                    *meetings.entry((a, b)).or_insert(0) += 1;
                }
            }
        }
        Field {
            players,
            ranked,
            group,
            meetings,
        }
    }

    /// How many players are to be paired.
    pub(crate) fn len(&self) -> usize {
        self.ranked.len()
    }

    /// The ranked player at `position`.
    pub(crate) fn player(&self, position: usize) -> &'a Contender<Id> {
        &self.players[self.ranked[position]]
    }

    /// How many times the ranked players `a` and `b` have met.
    pub(crate) fn meetings(&self, a: usize, b: usize) -> u32 {
        let key = if a < b { (a, b) } else { (b, a) };
        self.meetings.get(&key).copied().unwrap_or(0)
    }

    /// The most times any two players of the field have met.
    pub(crate) fn most_meetings(&self) -> u32 {
        self.meetings.values().copied().max().unwrap_or(0)
    }

    /// The order in which players receive byes, first receiver first: those with the fewest
    /// byes so far, outside the top score group (unless only leaders are left among them),
    /// lowest-ranked first; then everyone else, by the same keys.
    pub(crate) fn bye_order(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.len()).collect();
        order.sort_by_key(|&p| {
            let leader = self.group[p] == 0 && self.group.last().is_some_and(|&g| g > 0);
            (self.player(p).byes, leader, std::cmp::Reverse(p))
        });
        order
    }

    /// The players who may take the bye, mapped to their preference (0 for the first choice):
    /// the fewest byes so far and, where possible, outside the top score group. Anyone else
    /// taking it would break the bye rules.
    pub(crate) fn bye_candidates(&self) -> HashMap<usize, u32> {
        let order = self.bye_order();
        let Some(&first) = order.first() else {
            return HashMap::new();
        };
        let fewest = self.player(first).byes;
        let first_is_leader = self.group[first] == 0 && self.group.last().is_some_and(|&g| g > 0);
        order
            .into_iter()
            .take_while(|&p| {
                let leader = self.group[p] == 0 && self.group.last().is_some_and(|&g| g > 0);
                self.player(p).byes == fewest && (leader == first_is_leader)
            })
            .zip(0..)
            .collect()
    }
}
