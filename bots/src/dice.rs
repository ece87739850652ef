//! What dice can show, counted by face: the throws that the solvers of 5000 and Yams go
//! through, and how likely each is.

/// Calls `f` with every way of showing `n` dice as counts per face (faces 1 to 6), always in
/// the same order: by the count of face 1, then of face 2, and so on, each rising.
pub fn for_each_counts(n: u8, mut f: impl FnMut([u8; 6])) {
    fn walk(face: usize, left: u8, counts: &mut [u8; 6], f: &mut impl FnMut([u8; 6])) {
        if face == 5 {
            counts[5] = left;
            f(*counts);
            return;
        }
        for c in 0..=left {
            counts[face] = c;
            walk(face + 1, left - c, counts, f);
        }
    }
    walk(0, n, &mut [0; 6], &mut f);
}

/// The number of orders in which dice can show these counts: n! / (c1! ... c6!).
pub fn arrangements(counts: &[u8; 6]) -> f64 {
    let factorial = |k: u8| (1..=u32::from(k)).product::<u32>() as f64;
    let n: u8 = counts.iter().sum();
    counts
        .iter()
        .fold(factorial(n), |acc, c| acc / factorial(*c))
}
