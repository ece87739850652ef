//! Helpers shared by the integration tests and the benchmarks of `tapis-games`.

use tapis_games::playout::Chooser;

/// A small seeded generator (SplitMix64): enough to drive random playouts reproducibly.
#[derive(Debug, Clone)]
pub struct SplitMix(pub u64);

impl SplitMix {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

impl Chooser for SplitMix {
    fn choose(&mut self, n: usize) -> usize {
        // Multiply-shift maps 64 random bits onto 0..n; the bias is far below what tests notice.
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }
}
