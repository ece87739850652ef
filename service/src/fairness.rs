//! Provably fair dice: the seed, its commitment, and the derivation of every chance event.
//!
//! The algorithm is written down for players in `docs/fair-dice.md`; keep the two in step.
//! For the k-th chance event of a match (k = 0, 1, 2...), a byte stream is produced by
//! HMAC-SHA256 keyed by the 32-byte seed over the message `"tapis-dice-v1" || k || block`
//! (k as 8 bytes and block as 4 bytes, both big-endian), for block = 0, 1, 2... concatenated.
//! Values are drawn from the stream by rejection sampling, so every outcome is exactly
//! equally likely:
//! - a die: take the next byte b; if b >= 252 discard it; otherwise the face is b mod 6 + 1;
//! - a bag draw among n items (n <= 255): with limit = 256 - (256 mod n), take the next byte
//!   b; if b >= limit discard it; otherwise item b mod n is drawn, items numbered kind by kind.

use hmac::{Hmac, KeyInit, Mac};
use sha2::{Digest, Sha256};
use tapis_games::Chance;

/// The length of a match seed.
pub const SEED_LEN: usize = 32;

/// A fresh seed from the operating system's CSPRNG.
pub fn new_seed() -> Result<[u8; SEED_LEN], String> {
    let mut seed = [0u8; SEED_LEN];
    getrandom::fill(&mut seed).map_err(|e| e.to_string())?;
    Ok(seed)
}

/// The published commitment to a seed: SHA-256, in lowercase hex.
pub fn seed_commitment(seed: &[u8]) -> String {
    hex::encode(Sha256::digest(seed))
}

/// The byte stream of chance event `k`.
struct EventStream<'a> {
    seed: &'a [u8],
    k: u64,
    block: u32,
    buffer: [u8; 32],
    position: usize,
}

impl<'a> EventStream<'a> {
    fn new(seed: &'a [u8], k: u64) -> Self {
        EventStream {
            seed,
            k,
            block: 0,
            buffer: [0; 32],
            position: 32,
        }
    }

    fn next_byte(&mut self) -> u8 {
        if self.position == self.buffer.len() {
            // Any key length is valid for HMAC, so this never fails.
            let mut mac = <Hmac<Sha256> as KeyInit>::new_from_slice(self.seed)
                .unwrap_or_else(|_| unreachable!("HMAC accepts keys of any length"));
            mac.update(b"tapis-dice-v1");
            mac.update(&self.k.to_be_bytes());
            mac.update(&self.block.to_be_bytes());
            self.buffer.copy_from_slice(&mac.finalize().into_bytes());
            self.block = self.block.wrapping_add(1);
            self.position = 0;
        }
        let byte = self.buffer[self.position];
        self.position += 1;
        byte
    }

    /// A uniform value in `0..n` (1 <= n <= 256) by rejection sampling.
    fn uniform(&mut self, n: u16) -> u8 {
        let limit = 256 - (256 % n);
        loop {
            let byte = u16::from(self.next_byte());
            if byte < limit {
                // byte % n < n <= 256 and n <= 255 whenever the remainder can exceed 255.
                return (byte % n) as u8;
            }
        }
    }
}

/// The values of chance event `k` of the match with this seed.
pub fn chance_values(seed: &[u8], k: u64, chance: &Chance) -> Vec<u8> {
    let mut stream = EventStream::new(seed, k);
    match *chance {
        Chance::Dice { count } => (0..count).map(|_| stream.uniform(6) + 1).collect(),
        Chance::Draw { counts } => {
            let total: u16 = counts.iter().map(|c| u16::from(*c)).sum();
            if total == 0 {
                return Vec::new();
            }
            let mut item = u16::from(stream.uniform(total));
            for (kind, count) in counts.iter().enumerate() {
                let count = u16::from(*count);
                if item < count {
                    return vec![kind as u8];
                }
                item -= count;
            }
            Vec::new()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_commitment_is_sha256_of_the_seed() {
        assert_eq!(
            seed_commitment(&[0u8; 32]),
            "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"
        );
    }

    #[test]
    fn the_same_seed_and_index_give_the_same_dice() {
        let seed = [7u8; 32];
        let chance = Chance::Dice { count: 5 };
        assert_eq!(
            chance_values(&seed, 3, &chance),
            chance_values(&seed, 3, &chance)
        );
        assert_ne!(
            chance_values(&seed, 3, &chance),
            chance_values(&seed, 4, &chance)
        );
    }

    #[test]
    fn dice_are_faces_and_roughly_uniform() {
        let seed = [42u8; 32];
        let mut counts = [0u32; 7];
        for k in 0..6000 {
            for v in chance_values(&seed, k, &Chance::Dice { count: 1 }) {
                counts[usize::from(v)] += 1;
            }
        }
        assert_eq!(counts[0], 0);
        for face in 1..=6 {
            assert!((850..1150).contains(&counts[face]), "{counts:?}");
        }
    }

    #[test]
    fn draws_only_pick_kinds_in_the_bag() {
        let seed = [1u8; 32];
        let mut counts = [0u8; 8];
        counts[1] = 2;
        counts[4] = 1;
        for k in 0..300 {
            let v = chance_values(&seed, k, &Chance::Draw { counts });
            assert!(v == [1] || v == [4], "{v:?}");
        }
    }

    #[test]
    fn a_known_vector_pins_the_algorithm() {
        // If this changes, every published match becomes unverifiable: never change it.
        let seed: Vec<u8> = (0u8..32).collect();
        let values = chance_values(&seed, 0, &Chance::Dice { count: 10 });
        assert_eq!(values.len(), 10);
        assert_eq!(values, known_vector());
    }

    fn known_vector() -> Vec<u8> {
        // Computed independently with the Python reference in docs/fair-dice.md.
        vec![6, 3, 3, 3, 1, 1, 3, 2, 5, 2]
    }
}
