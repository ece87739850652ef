//! The two-player pairing as a minimum-cost perfect matching (the blossom algorithm of the
//! `integer-blossom` crate) over the ranked field, plus one "bye" vertex when the field is odd.
//!
//! An edge's cost is a sum of levels, each weighted above everything the lower levels can add
//! up to over a whole matching, so the matching minimises them in order:
//! 1. a bye to someone the bye rules exclude (never, while anyone else may take it);
//! 2. rematches (the number of earlier meetings);
//! 3. the bye's place in the bye order (the lowest-ranked eligible player first);
//! 4. the square of the score-group distance between the two players;
//! 5. soft preferences: two players due the same seat, then the top half of a score group
//!    against its bottom half (and a floater from the bottom of its group against the top of
//!    the group below).
//!
//! The field is solved in blocks of consecutive ranks (whole score groups where they fit), and
//! a block whose best matching still has a rematch or a forbidden bye is merged with its
//! neighbour and solved again, so rematches and bad byes are avoided whenever the whole field
//! could avoid them.

use std::collections::HashMap;
use std::ops::Range;

use integer_blossom::{Weight, min_weight_perfect_matching};

use super::field::Field;
use crate::record::PlayerId;

/// A block is cut at a score-group boundary once it has this many vertices...
const BLOCK_MIN: usize = 160;
/// ...and anywhere once it has this many.
const BLOCK_MAX: usize = 320;
/// The largest edge cost solved with 64-bit weights (room for the solver's doubled duals).
const I64_LIMIT: u128 = (i64::MAX / 64) as u128;

/// Pairs of vertices, as a block's matching returns them.
type Pairs = Vec<(Vertex, Vertex)>;

/// A vertex of the matching: a ranked player, or the bye.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Vertex {
    /// The ranked player at this position.
    Player(usize),
    /// Sitting out with a bye.
    Bye,
}

/// The weights of the cost levels for one block.
#[derive(Debug)]
struct Levels {
    score: u128,
    bye: u128,
    rematch: u128,
    forbidden: u128,
}

impl Levels {
    /// Weights for a block of `vertices` vertices whose largest squared group distance is
    /// `distance` and whose most frequent pair met `meetings` times.
    fn new(vertices: usize, distance: u128, meetings: u128) -> Levels {
        let (v, pairs) = (vertices as u128, (vertices / 2) as u128);
        let soft_total = pairs * 2 * v;
        let score = soft_total + 1;
        let score_total = soft_total + pairs * distance * score;
        let bye = score_total + 1;
        let bye_total = score_total + v * bye;
        let rematch = bye_total + 1;
        let forbidden = bye_total + pairs * meetings * rematch + 1;
        Levels {
            score,
            bye,
            rematch,
            forbidden,
        }
    }
}

/// What one block's vertices know of themselves, for the costs.
struct BlockView<'f, 'a, Id> {
    field: &'f Field<'a, Id>,
    vertices: &'f [Vertex],
    /// Position within its score group inside the block, and that group's size in the block.
    in_group: Vec<(usize, usize)>,
    bye_candidates: &'f HashMap<usize, u32>,
    levels: Levels,
}

impl<'f, 'a, Id: PlayerId> BlockView<'f, 'a, Id> {
    fn new(
        field: &'f Field<'a, Id>,
        vertices: &'f [Vertex],
        bye_candidates: &'f HashMap<usize, u32>,
    ) -> Self {
        let groups: Vec<Option<usize>> = vertices
            .iter()
            .map(|v| match v {
                Vertex::Player(p) => Some(field.group[*p]),
                Vertex::Bye => None,
            })
            .collect();
        // Positions within each score group, counting players only (the bye vertex sits
        // among them).
        let mut sizes: HashMap<usize, usize> = HashMap::new();
        for group in groups.iter().flatten() {
            *sizes.entry(*group).or_default() += 1;
        }
        let mut seen: HashMap<usize, usize> = HashMap::new();
        let in_group = groups
            .iter()
            .map(|group| match group {
                Some(g) => {
                    let position = seen.entry(*g).or_default();
                    *position += 1;
                    (*position - 1, sizes[g])
                }
                None => (0, 0),
            })
            .collect();
        let present: Vec<usize> = groups.iter().flatten().copied().collect();
        let spread = match (present.first(), present.last()) {
            (Some(top), Some(bottom)) => (bottom - top) as u128,
            _ => 0,
        };
        let meetings = u128::from(field.most_meetings());
        let levels = Levels::new(vertices.len(), spread * spread, meetings);
        BlockView {
            field,
            vertices,
            in_group,
            bye_candidates,
            levels,
        }
    }

    /// The cost of pairing block vertices `i < j`, and whether it is a rematch or a bad bye.
    fn cost(&self, i: usize, j: usize) -> (u128, bool) {
        let levels = &self.levels;
        match (self.vertices[i], self.vertices[j]) {
            (Vertex::Player(a), Vertex::Player(b)) => {
                let meetings = u128::from(self.field.meetings(a, b));
                let distance = self.field.group[b].abs_diff(self.field.group[a]) as u128;
                let soft = self.soft(i, j, a, b);
                let cost = meetings * levels.rematch + distance * distance * levels.score + soft;
                (cost, meetings > 0)
            }
            (Vertex::Player(p), Vertex::Bye) | (Vertex::Bye, Vertex::Player(p)) => {
                match self.bye_candidates.get(&p) {
                    Some(&choice) => (u128::from(choice) * levels.bye, false),
                    None => (levels.forbidden, true),
                }
            }
            (Vertex::Bye, Vertex::Bye) => (levels.forbidden, true),
        }
    }

    /// The soft level: seat clash (weighted by the block size), then the Dutch-style order.
    fn soft(&self, i: usize, j: usize, a: usize, b: usize) -> u128 {
        let due = |p: usize| {
            let player = self.field.player(p);
            let first = player.first_seat_count();
            (player.first_seats.len() - first).cmp(&first)
        };
        let (due_a, due_b) = (due(a), due(b));
        let clash = due_a == due_b && due_a != std::cmp::Ordering::Equal;
        let (pi, size_i) = self.in_group[i];
        let (pj, _) = self.in_group[j];
        let order = if self.field.group[a] == self.field.group[b] {
            (pj - pi).abs_diff(size_i / 2)
        } else {
            (size_i - 1 - pi) + pj
        };
        u128::from(clash) * self.vertices.len() as u128 + order as u128
    }
}

/// Solves one block exactly; returns its pairs (block vertices) and whether any is bad.
fn solve_block<Id: PlayerId>(
    field: &Field<'_, Id>,
    vertices: &[Vertex],
    bye_candidates: &HashMap<usize, u32>,
) -> (Pairs, bool) {
    let view = BlockView::new(field, vertices, bye_candidates);
    let n = vertices.len();
    let mut costs = vec![0u128; n * n];
    let mut bad_edge = vec![false; n * n];
    let mut most = 0;
    for i in 0..n {
        for j in i + 1..n {
            let (cost, bad) = view.cost(i, j);
            costs[i * n + j] = cost;
            bad_edge[i * n + j] = bad;
            most = most.max(cost);
        }
    }
    let mate = if most <= I64_LIMIT {
        solve_with::<i64>(&costs, n)
    } else {
        solve_with::<i128>(&costs, n)
    };
    let mut pairs = Vec::with_capacity(n / 2);
    let mut bad = false;
    for (i, &j) in mate.iter().enumerate() {
        if i < j {
            pairs.push((vertices[i], vertices[j]));
            bad |= bad_edge[i * n + j];
        }
    }
    (pairs, bad)
}

/// Runs the blossom solver with weights of type `W` (every cost fits, checked by the caller).
fn solve_with<W: Weight + TryFrom<u128>>(costs: &[u128], n: usize) -> Vec<usize> {
    let weights: Vec<W> = costs
        .iter()
        .map(|&c| W::try_from(c).unwrap_or_else(|_| W::inf()))
        .collect();
    min_weight_perfect_matching(&weights, n)
}

/// Cuts the ranked vertices into blocks: at a score-group boundary once a block has
/// [`BLOCK_MIN`] vertices, anywhere at [`BLOCK_MAX`]; every block even.
fn cut_blocks(groups: &[Option<usize>]) -> Vec<Range<usize>> {
    let mut blocks = Vec::new();
    let mut start = 0;
    for end in 1..=groups.len() {
        let size = end - start;
        let boundary = end == groups.len() || groups[end] != groups[end - 1];
        if size % 2 == 0 && ((size >= BLOCK_MIN && boundary) || size >= BLOCK_MAX) {
            blocks.push(start..end);
            start = end;
        }
    }
    if start < groups.len() {
        match blocks.pop() {
            Some(last) => blocks.push(last.start..groups.len()),
            None => blocks.push(0..groups.len()),
        }
    }
    blocks
}

/// Pairs the whole field: every player of the field appears in exactly one pair, and the bye
/// vertex (present when the field is odd) in one.
pub(crate) fn pair_field<Id: PlayerId>(field: &Field<'_, Id>) -> Pairs {
    let candidates = field.bye_candidates();
    let mut vertices: Vec<Vertex> = (0..field.len()).map(Vertex::Player).collect();
    if field.len() % 2 == 1 {
        // The bye vertex sits just below the first choice for the bye, so that the block
        // holding it holds that player too.
        let first_choice = candidates.iter().find(|(_, choice)| **choice == 0);
        let at = first_choice.map_or(field.len(), |(position, _)| position + 1);
        vertices.insert(at, Vertex::Bye);
    }
    // For cutting, the bye vertex belongs to the group of the player above it.
    let mut groups: Vec<Option<usize>> = Vec::with_capacity(vertices.len());
    for v in &vertices {
        let group = match v {
            Vertex::Player(p) => Some(field.group[*p]),
            Vertex::Bye => groups.last().copied().flatten(),
        };
        groups.push(group);
    }
    let mut pending = cut_blocks(&groups).into_iter();
    let mut done: Vec<(Range<usize>, Pairs)> = Vec::new();
    while let Some(mut block) = pending.next() {
        loop {
            let (pairs, bad) = solve_block(field, &vertices[block.clone()], &candidates);
            if bad {
                if let Some(next) = pending.next() {
                    block = block.start..next.end;
                    continue;
                }
                if let Some((previous, _)) = done.pop() {
                    block = previous.start..block.end;
                    continue;
                }
            }
            done.push((block, pairs));
            break;
        }
    }
    done.into_iter().flat_map(|(_, pairs)| pairs).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_are_even_and_cut_at_group_boundaries() {
        let groups: Vec<Option<usize>> = (0..1000).map(|i| Some(i / 170)).collect();
        let blocks = cut_blocks(&groups);
        assert!(
            blocks
                .iter()
                .all(|b| b.len() % 2 == 0 && b.len() <= BLOCK_MAX)
        );
        assert_eq!(blocks[0], 0..170);
        assert_eq!(blocks.last().map(|b| b.end), Some(1000));
        let one_group = cut_blocks(&[Some(0); 10]);
        assert_eq!(one_group.len(), 1);
        assert_eq!(one_group[0], 0..10);
    }
}
