//! Standings computed by hand for two small tournaments, compared line by line.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use tapis_tournaments::{
    Decided, Points, RoundRecord, Standing, TableResult, TableSizes, TieBreak, standings,
};

fn table(seats: &[u32], places: &[u32], game_scores: &[i64]) -> TableResult<u32> {
    TableResult {
        seats: seats.to_vec(),
        places: places.to_vec(),
        game_scores: game_scores.to_vec(),
    }
}

/// Points as a whole number of quarters, to write the hand figures plainly.
fn quarters(q: u64) -> i64 {
    (q * Points::ONE.units() / 4) as i64
}

fn line(s: &Standing<u32>) -> (u32, u32, Points, [i64; 2], Decided) {
    (s.rank, s.id, s.points, s.tie_breaks, s.decided)
}

/// The three rounds of [`a_two_player_swiss_of_six_by_hand`].
fn six_player_rounds() -> [RoundRecord<u32>; 3] {
    let won = |a, b| table(&[a, b], &[1, 2], &[0, 0]);
    let drew = |a, b| table(&[a, b], &[1, 1], &[0, 0]);
    [
        RoundRecord {
            tables: vec![won(1, 2), won(3, 4), won(5, 6)],
            byes: vec![],
        },
        RoundRecord {
            tables: vec![won(1, 3), drew(2, 5), drew(4, 6)],
            byes: vec![],
        },
        RoundRecord {
            tables: vec![drew(1, 4), drew(2, 6), won(5, 3)],
            byes: vec![],
        },
    ]
}

#[test]
fn a_two_player_swiss_of_six_by_hand() {
    // Players 1..6 are A..F. Round 1: A beat B, C beat D, E beat F. Round 2: A beat C, B drew
    // E, D drew F. Round 3: A drew D, B drew F, E beat C.
    //
    // Scores: A 1 + 1 + ½ = 2½; B 0 + ½ + ½ = 1; C 1 + 0 + 0 = 1; D 0 + ½ + ½ = 1;
    //         E 1 + ½ + 1 = 2½; F 0 + ½ + ½ = 1.
    // Buchholz (opponents' scores): A = B 1 + C 1 + D 1 = 3; E = F 1 + B 1 + C 1 = 3;
    //         B = A 2½ + E 2½ + F 1 = 6; C = D 1 + A 2½ + E 2½ = 6;
    //         D = C 1 + F 1 + A 2½ = 4½; F = E 2½ + D 1 + B 1 = 4½.
    // Sonneborn–Berger (beaten opponents' scores + half the drawn ones'):
    //         A = B 1 + C 1 + ½·D 1 = 2½; E = F 1 + ½·B 1 + C 1 = 2½;
    //         B = ½·E 2½ + ½·F 1 = 1¾; C = D 1 = 1; D = ½·F 1 + ½·A 2½ = 1¾; F = ½·D + ½·B = 1.
    // Order: A and E share first (equal everywhere; A listed first, the higher rating);
    //        B third on points; C below B on Sonneborn–Berger (1 < 1¾) with equal Buchholz;
    //        D below C on Buchholz (4½ < 6); F below D on Sonneborn–Berger (1 < 1¾).
    let entrants = support::entrants(6);
    let table = standings(&entrants, &six_player_rounds(), TableSizes::TWO).unwrap();
    let bh = TieBreak::Buchholz;
    let sb = TieBreak::SonnebornBerger;
    let expected = [
        (
            1,
            1,
            Points::halves(5),
            [quarters(12), quarters(10)],
            Decided::Top,
        ),
        (
            1,
            5,
            Points::halves(5),
            [quarters(12), quarters(10)],
            Decided::Shared,
        ),
        (
            3,
            2,
            Points::ONE,
            [quarters(24), quarters(7)],
            Decided::Points,
        ),
        (
            4,
            3,
            Points::ONE,
            [quarters(24), quarters(4)],
            Decided::TieBreak(sb),
        ),
        (
            5,
            4,
            Points::ONE,
            [quarters(18), quarters(7)],
            Decided::TieBreak(bh),
        ),
        (
            6,
            6,
            Points::ONE,
            [quarters(18), quarters(4)],
            Decided::TieBreak(sb),
        ),
    ];
    assert_eq!(table.iter().map(line).collect::<Vec<_>>(), expected);
    assert_eq!(
        (table[0].played, table[0].won, table[1].won, table[2].won),
        (3, 2, 2, 0)
    );
}

#[test]
fn a_three_seat_tournament_of_six_by_hand() {
    // Tables of three score 1 / ½ / 0 by place. Round 1: 1-2-3 and 4-5-6 finish in seat
    // order. Round 2: 1-5-6 in seat order; at 4-2-3, 3 wins, 2 second, 4 last.
    //
    // Scores: 1 = 1 + 1 = 2; 2 = ½ + ½ = 1; 3 = 0 + 1 = 1; 4 = 1 + 0 = 1; 5 = ½ + ½ = 1; 6 = 0.
    // Table opponents' scores: 2 = (1: 2 + 3: 1) + (4: 1 + 3: 1) = 5; 3 = (2 + 1) + (1 + 1) = 5;
    //         4 = (5: 1 + 6: 0) + (2: 1 + 3: 1) = 3; 5 = (4: 1 + 6: 0) + (1: 2 + 6: 0) = 3;
    //         1 = (1 + 1) + (1 + 0) = 3; 6 = (1 + 1) + (2 + 1) = 5.
    // Game scores: 2 = 30 + 25 = 55; 3 = 10 + 45 = 55; 4 = 50 + 5 = 55; 5 = 30 + 30 = 60.
    // Order: 1; then 2 and 3 share second (1 point, 5, 55); 5 fourth on the opponents' scores
    // (3 < 5); 4 fifth on the game score (55 < 60); 6 last on points.
    let entrants = support::entrants(6);
    let rounds = [
        RoundRecord {
            tables: vec![
                table(&[1, 2, 3], &[1, 2, 3], &[50, 30, 10]),
                table(&[4, 5, 6], &[1, 2, 3], &[50, 30, 10]),
            ],
            byes: vec![],
        },
        RoundRecord {
            tables: vec![
                table(&[1, 5, 6], &[1, 2, 3], &[50, 30, 10]),
                table(&[4, 2, 3], &[3, 2, 1], &[5, 25, 45]),
            ],
            byes: vec![],
        },
    ];
    let sizes = TableSizes::up_to(3).unwrap();
    let table = standings(&entrants, &rounds, sizes).unwrap();
    let opp = TieBreak::OpponentsScore;
    let game = TieBreak::GameScore;
    let expected = [
        (1, 1, Points::halves(4), [quarters(12), 100], Decided::Top),
        (2, 2, Points::ONE, [quarters(20), 55], Decided::Points),
        (2, 3, Points::ONE, [quarters(20), 55], Decided::Shared),
        (
            4,
            5,
            Points::ONE,
            [quarters(12), 60],
            Decided::TieBreak(opp),
        ),
        (
            5,
            4,
            Points::ONE,
            [quarters(12), 55],
            Decided::TieBreak(game),
        ),
        (6, 6, Points::ZERO, [quarters(20), 20], Decided::Points),
    ];
    assert_eq!(table.iter().map(line).collect::<Vec<_>>(), expected);
    assert_eq!(TieBreak::for_tables(sizes), [opp, game]);
}

#[test]
fn byes_count_half_a_point_and_late_entrants_zero_for_missed_rounds() {
    // 3 players: round 1 only 1 and 2 were entered (1 won); 3 joined for round 2 and had the
    // bye while 1 beat 2 again.
    let entrants = support::entrants(3);
    let won = |a, b| table(&[a, b], &[1, 2], &[0, 0]);
    let rounds = [
        RoundRecord {
            tables: vec![won(1, 2)],
            byes: vec![],
        },
        RoundRecord {
            tables: vec![won(1, 2)],
            byes: vec![3],
        },
    ];
    let table = standings(&entrants, &rounds, TableSizes::TWO).unwrap();
    let points: Vec<(u32, Points, u32, u32)> = table
        .iter()
        .map(|s| (s.id, s.points, s.played, s.byes))
        .collect();
    assert_eq!(
        points,
        [
            (1, Points::halves(4), 2, 0),
            (3, Points::HALF, 0, 1),
            (2, Points::ZERO, 2, 0)
        ]
    );
    // A bye adds nothing to the tie-breaks.
    assert_eq!(table[1].tie_breaks, [0, 0]);
}
