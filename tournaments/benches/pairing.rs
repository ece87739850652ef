//! Pairing one round of a 1,000-player Swiss tournament (the goal: under a second).
fn main() {}
