//! The adjudication of a match still running at a deadline: a tournament round's or a league
//! season's (`docs/tournaments.md`, "Rounds that never stall"): pure, from how the game stood
//! when it was ended. Both formats close their tables with
//! [`crate::matches::tournament::close_table`], which applies it.
//!
//! The rule: seats still playing are placed by their estimated chance of winning, the bots'
//! evaluation of the position (`tapis_bots::evaluate::standing_of`: each game's standing,
//! its current score with what is not yet safe discounted, through a logistic curve); a seat
//! shares the place of the seat above unless its chance is at least [`MARGIN`] lower than the
//! best chance of that place, so that close positions are draws rather than coin flips. Seats
//! that had left the game (resigned or timed out) share the places below all the others.

/// How much lower a seat's chance of winning must be than the best of the place above for it
/// to take a lower place: ten points (45 % against 55 % is a draw at two seats).
pub(crate) const MARGIN: f64 = 0.10;

/// What the tournament and league pages announce before the start.
pub(crate) const RULE: &str = "Matches still running at a round's deadline are ended and \
    placed by each player's chance of winning as the computer players' evaluation of the \
    position gives it (each game's current score, with what is not yet safe discounted): a \
    player takes a lower place than the one above only when their chance is at least 10 points \
    lower; players who had resigned or timed out come last.";

/// The same rule, as the league pages announce it (a season's deadline bounds all its matches).
pub(crate) const SEASON_RULE: &str = "Matches still running at a season's deadline are ended and \
    placed by each player's chance of winning as the computer players' evaluation of the \
    position gives it (each game's current score, with what is not yet safe discounted): a \
    player takes a lower place than the one above only when their chance is at least 10 points \
    lower; players who had resigned or timed out come last.";

/// Each seat's finishing place (1 for the best; equal places share) and its game score,
/// from each seat's chance of winning, whether it had left, and its score.
pub(crate) fn places(chances: &[f64], left: &[bool], scores: &[f64]) -> (Vec<u32>, Vec<i64>) {
    let seats = chances.len();
    let has_left = |seat: usize| left.get(seat).copied().unwrap_or(false);
    let chance = |seat: usize| {
        let c = chances.get(seat).copied().unwrap_or(0.0);
        if c.is_finite() { c } else { 0.0 }
    };
    let mut playing: Vec<usize> = (0..seats).filter(|s| !has_left(*s)).collect();
    playing.sort_by(|a, b| chance(*b).total_cmp(&chance(*a)).then(a.cmp(b)));
    let mut out = vec![0u32; seats];
    let mut place = 1u32;
    let mut best_of_place = f64::NAN;
    for (i, &seat) in playing.iter().enumerate() {
        let c = chance(seat);
        if i == 0 || best_of_place - c >= MARGIN {
            place = u32::try_from(i).unwrap_or(u32::MAX).saturating_add(1);
            best_of_place = c;
        }
        out[seat] = place;
    }
    let last = u32::try_from(playing.len())
        .unwrap_or(u32::MAX)
        .saturating_add(1);
    for (seat, slot) in out.iter_mut().enumerate() {
        if has_left(seat) {
            *slot = last;
        }
    }
    let game_scores = (0..seats)
        .map(|s| {
            let v = scores.get(s).copied().unwrap_or(0.0);
            if v.is_finite() { v.round() as i64 } else { 0 }
        })
        .collect();
    (out, game_scores)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clear_lead_wins_and_a_close_one_is_a_draw() {
        assert_eq!(
            places(&[0.8, 0.2], &[false, false], &[30.0, 12.0]).0,
            vec![1, 2]
        );
        assert_eq!(
            places(&[0.3, 0.7], &[false, false], &[0.0, 0.0]).0,
            vec![2, 1]
        );
        assert_eq!(
            places(&[0.54, 0.46], &[false, false], &[0.0, 0.0]).0,
            vec![1, 1]
        );
        // Exactly the margin apart: a lower place.
        assert_eq!(
            places(&[0.55, 0.45], &[false, false], &[0.0, 0.0]).0,
            vec![1, 2]
        );
    }

    #[test]
    fn larger_tables_group_by_the_best_chance_of_each_place() {
        // 0.5 and 0.45 share first; 0.38 is 12 points below 0.5: third; 0.05 fourth.
        let (p, scores) = places(
            &[0.38, 0.5, 0.05, 0.45],
            &[false, false, false, false],
            &[110.4, 150.0, 20.0, 149.6],
        );
        assert_eq!(p, vec![3, 1, 4, 1]);
        assert_eq!(scores, vec![110, 150, 20, 150]);
    }

    #[test]
    fn seats_that_left_come_last_together() {
        let (p, _) = places(&[0.9, 0.4, 0.6], &[true, false, true], &[0.0; 3]);
        assert_eq!(p, vec![2, 1, 2]);
        // Nonsense values never panic and rank lowest.
        let (p, s) = places(&[f64::NAN, 0.5], &[false, false], &[f64::INFINITY, 1.0]);
        assert_eq!(p, vec![2, 1]);
        assert_eq!(s, vec![0, 1]);
    }
}
