//! Tables of more than two seats: how many and how large, and who sits together. Shared by the
//! Swiss rounds (filled from the top of the standings down) and the leagues' schedules.

/// How many passes of swaps at most (each pass only ever lowers the number of repeats).
const SWAP_PASSES: usize = 8;

/// The sizes of the tables for `players` players at tables of `min` to `max` seats, largest
/// first: as few tables as hold everyone at `max` seats, fewer if that would leave a table
/// under `min`, and the seats spread as evenly as possible (sizes differ by one at most). The
/// players left over (only when fewer than `min` remain, or fewer than `min` are present) sit
/// out with a bye.
pub(crate) fn table_sizes(players: usize, min: usize, max: usize) -> Vec<usize> {
    let max = max.max(1);
    let mut tables = players.div_ceil(max);
    while tables > 0 && tables * min > players {
        tables -= 1;
    }
    if tables == 0 {
        return Vec::new();
    }
    let seated = players.min(tables * max);
    let (base, extra) = (seated / tables, seated % tables);
    (0..tables).map(|t| base + usize::from(t < extra)).collect()
}

/// The repeats at a table: the sum over its pairs of their earlier meetings.
fn repeats(table: &[usize], meets: &impl Fn(usize, usize) -> u32) -> u64 {
    let mut total = 0;
    for (i, &a) in table.iter().enumerate() {
        for &b in &table[i + 1..] {
            total += u64::from(meets(a, b));
        }
    }
    total
}

/// Fills tables of `sizes` from `order` (best first): each table takes the first player left,
/// then, seat by seat, the player among the next `2 × size` who has met the table's players the
/// fewest times (the earlier one on a tie). Then swaps between neighbouring tables lower the
/// repeats while they can.
pub(crate) fn fill_from_the_top(
    order: &[usize],
    sizes: &[usize],
    meets: &impl Fn(usize, usize) -> u32,
) -> Vec<Vec<usize>> {
    let tables = greedy(order, sizes, meets, |size| 2 * size);
    improve(tables, meets, 1)
}

/// Like [`fill_from_the_top`] but for players of equal standing (a league's round): every
/// player is a candidate for every seat, and swaps may be made between any two tables.
pub(crate) fn fill_balanced(
    order: &[usize],
    sizes: &[usize],
    meets: &impl Fn(usize, usize) -> u32,
) -> Vec<Vec<usize>> {
    let tables = greedy(order, sizes, meets, |_| usize::MAX);
    improve(tables, meets, sizes.len())
}

fn greedy(
    order: &[usize],
    sizes: &[usize],
    meets: &impl Fn(usize, usize) -> u32,
    window: impl Fn(usize) -> usize,
) -> Vec<Vec<usize>> {
    let mut left: Vec<usize> = order.to_vec();
    let mut tables = Vec::with_capacity(sizes.len());
    for &size in sizes {
        let mut table = Vec::with_capacity(size);
        while table.len() < size && !left.is_empty() {
            let span = left.len().min(window(size));
            let pick = (0..span)
                .min_by_key(|&k| {
                    let met: u64 = table.iter().map(|&t| u64::from(meets(left[k], t))).sum();
                    (met, k)
                })
                .unwrap_or(0);
            table.push(left.remove(pick));
        }
        tables.push(table);
    }
    tables
}

/// Swaps one player of a table with one of a table at most `span` tables below while that
/// lowers the two tables' repeats, pass after pass, until no swap helps.
fn improve(
    mut tables: Vec<Vec<usize>>,
    meets: &impl Fn(usize, usize) -> u32,
    span: usize,
) -> Vec<Vec<usize>> {
    for _ in 0..SWAP_PASSES {
        let mut improved = false;
        for t in 0..tables.len() {
            for u in t + 1..tables.len().min(t + 1 + span) {
                improved |= best_swap(&mut tables, t, u, meets);
            }
        }
        if !improved {
            break;
        }
    }
    tables
}

/// Makes the swap between tables `t` and `u` that lowers their repeats the most, if any.
fn best_swap(
    tables: &mut [Vec<usize>],
    t: usize,
    u: usize,
    meets: &impl Fn(usize, usize) -> u32,
) -> bool {
    let before = repeats(&tables[t], meets) + repeats(&tables[u], meets);
    if before == 0 {
        return false;
    }
    let mut best = None;
    for i in 0..tables[t].len() {
        for j in 0..tables[u].len() {
            let (mut a, mut b) = (tables[t].clone(), tables[u].clone());
            std::mem::swap(&mut a[i], &mut b[j]);
            let after = repeats(&a, meets) + repeats(&b, meets);
            if after < before && best.is_none_or(|(_, _, cost)| after < cost) {
                best = Some((i, j, after));
            }
        }
    }
    let Some((i, j, _)) = best else {
        return false;
    };
    let moved = tables[t][i];
    tables[t][i] = tables[u][j];
    tables[u][j] = moved;
    true
}

/// The most players [`best_partition`] seats by trying every way (ten players at tables of
/// three: 6,300 ways).
pub(crate) const EXHAUSTIVE_MAX: usize = 10;

/// Seats `players` (at most [`EXHAUSTIVE_MAX`]) at tables of `sizes` (largest first) in the
/// way with the lowest total `cost` of the tables, trying every way; the first found on a tie.
pub(crate) fn best_partition(
    players: &[usize],
    sizes: &[usize],
    cost: &impl Fn(&[usize]) -> u64,
) -> Vec<Vec<usize>> {
    let mut search = PartitionSearch {
        sizes,
        cost,
        current: Vec::new(),
        best: None,
    };
    search.visit(players.to_vec(), 0);
    search.best.map(|(_, tables)| tables).unwrap_or_default()
}

/// The state of [`best_partition`]'s depth-first search.
struct PartitionSearch<'s, C> {
    sizes: &'s [usize],
    cost: &'s C,
    current: Vec<Vec<usize>>,
    best: Option<(u64, Vec<Vec<usize>>)>,
}

impl<C: Fn(&[usize]) -> u64> PartitionSearch<'_, C> {
    fn visit(&mut self, left: Vec<usize>, so_far: u64) {
        if self.best.as_ref().is_some_and(|(best, _)| so_far >= *best) {
            return;
        }
        let t = self.current.len();
        let Some(&size) = self.sizes.get(t) else {
            self.best = Some((so_far, self.current.clone()));
            return;
        };
        // Tables of equal size are interchangeable: the next one takes the first player left.
        let forced = self.sizes.get(t + 1) == Some(&size);
        let mut chosen = Vec::with_capacity(size);
        self.choose(&left, 0, size, forced, &mut chosen, so_far);
    }

    fn choose(
        &mut self,
        left: &[usize],
        from: usize,
        size: usize,
        forced: bool,
        chosen: &mut Vec<usize>,
        so_far: u64,
    ) {
        if chosen.len() == size {
            let rest: Vec<usize> = left
                .iter()
                .copied()
                .filter(|p| !chosen.contains(p))
                .collect();
            let table_cost = (self.cost)(chosen);
            self.current.push(chosen.clone());
            self.visit(rest, so_far + table_cost);
            self.current.pop();
            return;
        }
        let last_start = left.len() - (size - chosen.len());
        let until = if forced && chosen.is_empty() {
            from.min(last_start)
        } else {
            last_start
        };
        for k in from..=until {
            chosen.push(left[k]);
            self.choose(left, k + 1, size, forced, chosen, so_far);
            chosen.pop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_as_even_as_possible() {
        assert_eq!(table_sizes(10, 2, 4), [4, 3, 3]);
        assert_eq!(table_sizes(9, 2, 4), [3, 3, 3]);
        assert_eq!(table_sizes(5, 2, 8), [5]);
        assert_eq!(table_sizes(17, 2, 8), [6, 6, 5]);
        assert_eq!(table_sizes(1, 2, 4), Vec::<usize>::new());
        assert_eq!(table_sizes(0, 2, 4), Vec::<usize>::new());
        // At least three seats a table: five players make one table of four and a bye.
        assert_eq!(table_sizes(5, 3, 4), [4]);
        assert_eq!(table_sizes(2, 3, 4), Vec::<usize>::new());
    }

    #[test]
    fn the_exhaustive_search_finds_the_partition_without_repeats() {
        // 0-1, 2-3 and 4-5 have met: the only repeat-free split into two tables of three
        // separates each pair.
        let met = |a: usize, b: usize| u64::from(a / 2 == b / 2);
        let cost = |t: &[usize]| {
            let mut c = 0;
            for (i, &a) in t.iter().enumerate() {
                c += t[i + 1..].iter().map(|&b| met(a, b)).sum::<u64>();
            }
            c
        };
        let tables = best_partition(&[0, 1, 2, 3, 4, 5], &[3, 3], &cost);
        assert_eq!(tables.len(), 2);
        assert!(tables.iter().all(|t| cost(t) == 0), "{tables:?}");
        let uneven = best_partition(&[0, 1, 2, 3, 4], &[3, 2], &cost);
        assert_eq!(uneven.iter().map(Vec::len).collect::<Vec<_>>(), [3, 2]);
    }

    #[test]
    fn swaps_remove_a_repeat_between_neighbouring_tables() {
        // Players 0 and 1 met before; the greedy fill would seat them together at the top.
        let meets = |a: usize, b: usize| u32::from((a.min(b), a.max(b)) == (0, 1));
        let tables = fill_from_the_top(&[0, 1, 2, 3, 4, 5], &[3, 3], &meets);
        assert!(tables.iter().all(|t| repeats(t, &meets) == 0), "{tables:?}");
        assert_eq!(tables[0][0], 0);
    }
}
