//! Helpers shared by the tests and the benchmark: small players and whole simulated
//! tournaments (results drawn from a seeded generator, the stronger player favoured).

#![allow(dead_code)]

use tapis_tournaments::{
    Contender, Entrant, Pairing, RoundRecord, TableResult, TableSizes, contenders, pair_round,
};

/// A small seeded generator (SplitMix64), enough to draw results.
pub struct SplitMix(pub u64);

impl SplitMix {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Entrants 1..=n, rated 2000 down by 7 points a player.
pub fn entrants(n: u32) -> Vec<Entrant<u32>> {
    (1..=n)
        .map(|id| Entrant {
            id,
            rating: 2000 - 7 * id as i32,
            withdrawn: false,
        })
        .collect()
}

/// A made-up result for a table: places drawn with the stronger (lower id) players favoured,
/// ties now and then.
pub fn play(table: &[u32], rng: &mut SplitMix) -> TableResult<u32> {
    let mut keyed: Vec<(u64, usize)> = table
        .iter()
        .enumerate()
        .map(|(seat, &id)| (rng.below(1000) + u64::from(id) / 4, seat))
        .collect();
    keyed.sort();
    let mut places = vec![0; table.len()];
    for (position, (key, seat)) in keyed.iter().enumerate() {
        let tie = position > 0 && key / 60 == keyed[position - 1].0 / 60;
        places[*seat] = if tie {
            places[keyed[position - 1].1]
        } else {
            position as u32 + 1
        };
    }
    let game_scores = places.iter().map(|p| 100 - i64::from(*p) * 10).collect();
    TableResult {
        seats: table.to_vec(),
        places,
        game_scores,
    }
}

/// Plays a round of `pairing` into a record.
pub fn record(pairing: &Pairing<u32>, rng: &mut SplitMix) -> RoundRecord<u32> {
    RoundRecord {
        tables: pairing.tables.iter().map(|t| play(t, rng)).collect(),
        byes: pairing.byes.clone(),
    }
}

/// A tournament of `n` players after `rounds` rounds paired by the crate itself.
pub fn simulate(
    n: u32,
    rounds: usize,
    sizes: TableSizes,
    seed: u64,
) -> (Vec<Entrant<u32>>, Vec<RoundRecord<u32>>) {
    let entrants = entrants(n);
    let mut rng = SplitMix(seed);
    let mut played = Vec::new();
    for _ in 0..rounds {
        let players = contenders(&entrants, &played).unwrap();
        let pairing = pair_round(&players, sizes).unwrap();
        played.push(record(&pairing, &mut rng));
    }
    (entrants, played)
}

/// The contenders of a simulated tournament.
pub fn simulated_contenders(
    n: u32,
    rounds: usize,
    sizes: TableSizes,
    seed: u64,
) -> Vec<Contender<u32>> {
    let (entrants, played) = simulate(n, rounds, sizes, seed);
    contenders(&entrants, &played).unwrap()
}
