//! The estimated engines, and the sense of every engine: over seeded matches, the random
//! baseline loses far more per decision than the strong level.

use tapis_games::{GameId, Seat};

use super::play::bot_match;
use super::*;
use crate::level::Level;
use crate::roster::BotKind;

const STRONG: BotKind = BotKind::Level(Level::Strong);
const MEDIUM: BotKind = BotKind::Level(Level::Medium);

fn analysed(game: GameId, kinds: &[BotKind], seed: u64) -> Analysis {
    let record = bot_match(game, &game.default_options(), kinds, seed, seed ^ 0x5eed).unwrap();
    analyse(&record).unwrap()
}

/// The costs of the unforced decisions of the seats `seats`.
fn costs(analysis: &Analysis, seats: impl Fn(Seat) -> bool) -> Vec<f64> {
    analysis
        .steps
        .iter()
        .filter(|s| s.seat.is_some_and(&seats))
        .filter_map(|s| match &s.kind {
            StepKind::Decision(d) if d.unforced => d.judgement.as_ref().map(|j| j.cost),
            _ => None,
        })
        .collect()
}

fn mean(values: &[f64]) -> f64 {
    values.iter().sum::<f64>() / values.len() as f64
}

/// Every unforced decision is judged, every error is finite and not negative, and no cost is
/// marked unless it is above twice its error. The estimates by rollouts carry errors; the
/// exact engines and Linja's deterministic search have none.
fn check_figures(analysis: &Analysis, exact: bool) {
    let game = analysis.game;
    let sampled = !exact && analysis.engine.name != linja::NAME;
    assert_eq!(analysis.engine.exact, exact, "{game}");
    assert_eq!(analysis.engine.version, ENGINE_VERSION);
    for step in &analysis.steps {
        match &step.kind {
            StepKind::Decision(d) => {
                if !d.unforced {
                    continue;
                }
                let j = d
                    .judgement
                    .as_ref()
                    .unwrap_or_else(|| panic!("{game}: not judged"));
                assert!(
                    j.cost >= 0.0 && j.cost.is_finite(),
                    "{game}: cost {}",
                    j.cost
                );
                assert_eq!(j.std_error.is_some(), sampled, "{game}");
                let se = j.std_error.unwrap_or(0.0);
                assert!(se.is_finite() && se >= 0.0, "{game}: error {se}");
                if j.mark.is_some() {
                    assert!(
                        j.cost > 2.0 * se,
                        "{game}: {} marked with error {se}",
                        j.cost
                    );
                }
            }
            StepKind::Chance(c) => {
                if let Some(se) = c.std_error {
                    assert!(sampled && se.is_finite() && se >= 0.0, "{game}: error {se}");
                }
                if let Some(luck) = c.luck {
                    assert!(luck.is_finite(), "{game}");
                }
            }
            StepKind::Leave => {}
        }
        assert!(step.values.iter().flatten().all(|v| v.is_finite()));
    }
}

const ESTIMATED: [(GameId, &str); 5] = [
    (GameId::CantStop, "cant-stop-rollouts"),
    (GameId::Linotte, "linotte-rollouts"),
    (GameId::YamMaster, "yam-master-rollouts"),
    (GameId::Linja, "linja-search"),
    (GameId::MakeFive, "make-five-rollouts"),
];

#[test]
fn every_game_is_analysed_with_sound_figures() {
    for (game, name) in ESTIMATED {
        let analysis = analysed(game, &[MEDIUM, BotKind::Random], 7);
        assert_eq!(analysis.engine.name, name);
        assert_eq!(analysis.unit, Unit::WinProbability);
        check_figures(&analysis, false);
        for p in &analysis.players {
            let v = p.initial_value.unwrap();
            assert!((0.0..=1.0).contains(&v), "{game}: {v}");
            assert!(p.decisions > 0, "{game}");
        }
    }
    for game in [GameId::Yams, GameId::FiveThousand, GameId::FourTwoOne] {
        check_figures(&analysed(game, &[MEDIUM, BotKind::Random], 7), true);
    }
}

/// The first 80 steps of a match (an unfinished match is analysed as well): enough to check
/// which engine is used and its figures, quickly.
fn opening(mut record: MatchRecord) -> MatchRecord {
    record.steps.truncate(80);
    record
}

#[test]
fn five_thousand_beyond_two_players_and_yams_beyond_one_grid_are_estimated() {
    let record = bot_match(
        GameId::FiveThousand,
        &GameId::FiveThousand.default_options(),
        &[BotKind::Greedy, BotKind::Random, BotKind::Greedy],
        3,
        4,
    )
    .unwrap();
    let analysis = analyse(&opening(record)).unwrap();
    assert_eq!(analysis.engine.name, "5000-rollouts");
    check_figures(&analysis, false);
    let mut options = GameId::Yams.default_options();
    options["grids"] = serde_json::json!(2);
    let kinds = [BotKind::Frequent, BotKind::Random];
    let record = bot_match(GameId::Yams, &options, &kinds, 5, 6).unwrap();
    let analysis = analyse(&opening(record)).unwrap();
    assert_eq!(analysis.engine.name, "yams-rollouts");
    assert_eq!(analysis.unit, Unit::WinProbability);
    check_figures(&analysis, false);
}

/// The same record gives the same analysis: the rollouts are seeded from it.
#[test]
fn an_estimated_analysis_replays_exactly() {
    let game = GameId::CantStop;
    let kinds = [BotKind::Greedy, BotKind::Random];
    let record = bot_match(game, &game.default_options(), &kinds, 1, 2).unwrap();
    let record = opening(record);
    let a = serde_json::to_value(analyse(&record).unwrap()).unwrap();
    let b = serde_json::to_value(analyse(&record).unwrap()).unwrap();
    assert_eq!(a, b);
}

/// Over seeded matches of the strong level against the random baseline, the random player's
/// mean cost per decision is at least `ratio` times the strong one's (and positive).
fn random_errs_more(game: GameId, matches: u64, ratio: f64) {
    let (mut strong, mut random) = (Vec::new(), Vec::new());
    for seed in 0..matches {
        let analysis = analysed(game, &[STRONG, BotKind::Random], 1000 + seed);
        strong.extend(costs(&analysis, |s| s == 0));
        random.extend(costs(&analysis, |s| s != 0));
    }
    let (s, r) = (mean(&strong), mean(&random));
    assert!(
        r > 0.0 && r >= ratio * s,
        "{game}: random {r} against strong {s}"
    );
}

/// 200 matches each: the exact engines are fast.
#[test]
fn random_play_costs_far_more_than_strong_play_exact_engines() {
    for game in [GameId::Yams, GameId::FiveThousand, GameId::FourTwoOne] {
        random_errs_more(game, 200, 100.0);
    }
}

#[test]
fn random_play_costs_far_more_than_strong_play_cant_stop() {
    random_errs_more(GameId::CantStop, 2, 3.0);
}

#[test]
fn random_play_costs_far_more_than_strong_play_linja() {
    // Over 200 matches (`analysis_bench`) the ratio is 3.2.
    random_errs_more(GameId::Linja, 2, 3.0);
}

#[test]
fn random_play_costs_far_more_than_strong_play_linotte() {
    random_errs_more(GameId::Linotte, 1, 3.0);
}

#[test]
fn random_play_costs_far_more_than_strong_play_yam_master() {
    random_errs_more(GameId::YamMaster, 1, 3.0);
}

#[test]
fn random_play_costs_far_more_than_strong_play_make_five() {
    // Over 200 matches (`analysis_bench`) the ratio is 2.9 (2.7 over the first 5): the greedy
    // rollouts judge the strong level's searched moves less well than its own search does.
    random_errs_more(GameId::MakeFive, 1, 2.0);
}

/// An estimated luck is the value after the throw minus the mean over throws: over many
/// seeded throws it averages 0, within three standard errors.
#[test]
fn estimated_luck_averages_nothing() {
    let mut lucks = Vec::new();
    for seed in 0..2 {
        let analysis = analysed(
            GameId::CantStop,
            &[BotKind::Rule28, BotKind::Random],
            200 + seed,
        );
        lucks.extend(analysis.steps.iter().filter_map(|s| match &s.kind {
            StepKind::Chance(c) => c.luck,
            _ => None,
        }));
    }
    let n = lucks.len() as f64;
    let m = mean(&lucks);
    let var = lucks.iter().map(|l| (l - m).powi(2)).sum::<f64>() / (n - 1.0);
    let se = (var / n).sqrt();
    assert!(n > 40.0, "{n} throws");
    assert!(m.abs() < 3.0 * se, "mean luck {m} ± {se}");
}
