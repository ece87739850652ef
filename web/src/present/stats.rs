//! A player's statistics of play on their profile, and the dice panels (a player's, the
//! site's): the figures of `tapis_service::analysis::stats` in words and charts.

use tapis_l10n::Language;
use tapis_service::analysis::read::Unit;
use tapis_service::analysis::stats::{DiceTest, PlayerStats};

use super::When;
use super::analysis::{amount, signed};
use super::line_chart::{Labels, LineChart, Scale, Series};

/// How often each face came up, in words and figures.
#[derive(Debug, Clone)]
pub struct DicePanel {
    /// "Your dice: 41,260 faces, consistent with fair dice, p = 0.43."
    pub summary: String,
    /// Each face, how many times, and its share.
    pub faces: Vec<(u8, String, String)>,
    pub fair: bool,
    /// The table's name, unique on the page ("How often each face came up: Your dice").
    pub caption: String,
}

impl DicePanel {
    /// The panel of `test`, whose dice `who` names ("Your dice").
    pub fn of(test: &DiceTest, who: String, lang: Language) -> DicePanel {
        let caption = lang.t1("dice-caption", "who", who.as_str());
        let summary = match test.p_value {
            Some(p) => lang.t_with(
                "dice-summary",
                &[
                    ("who", who.into()),
                    ("count", lang.number(test.total).into()),
                    (
                        "fair",
                        if test.consistent_with_fair_dice {
                            "yes"
                        } else {
                            "no"
                        }
                        .into(),
                    ),
                    ("p", lang.decimal(p, if p < 0.01 { 4 } else { 2 }).into()),
                ],
            ),
            None => lang.t1("dice-summary-none", "who", who),
        };
        let faces = (1..=6u8)
            .zip(test.faces)
            .map(|(face, n)| {
                let share = if test.total > 0 {
                    lang.t1(
                        "analysis-percent",
                        "n",
                        lang.decimal(n as f64 * 100.0 / test.total as f64, 1),
                    )
                } else {
                    "\u{2014}".to_owned()
                };
                (face, lang.number(n), share)
            })
            .collect();
        DicePanel {
            summary,
            faces,
            fair: test.consistent_with_fair_dice,
            caption,
        }
    }
}

/// A match's figures in the table beside the chart.
#[derive(Debug, Clone)]
pub struct StatsRow {
    pub number: usize,
    pub match_id: String,
    pub finished: When,
    pub decisions: i32,
    pub cost: String,
    pub luck: String,
}

/// A player's statistics in one game.
#[derive(Debug, Clone)]
pub struct GameStats {
    pub game: &'static str,
    pub game_name: &'static str,
    pub matches: String,
    pub cost: String,
    pub luck: Option<String>,
    /// Cost per decision over the latest matches (rendered SVG).
    pub chart: String,
    pub rows: Vec<StatsRow>,
    pub dice: Option<DicePanel>,
}

/// The unit a stored name stands for.
fn unit_of(name: Option<&str>) -> Option<Unit> {
    match name? {
        "win_probability" => Some(Unit::WinProbability),
        "expected_score" => Some(Unit::ExpectedScore),
        "round_tokens" => Some(Unit::RoundTokens),
        _ => None,
    }
}

impl GameStats {
    /// `stats` of the player, on their profile (`own`: the viewer's own).
    pub fn of(stats: &PlayerStats, own: bool, lang: Language) -> GameStats {
        let game = stats.game;
        let unit = unit_of(stats.unit.as_deref());
        let cost = match (unit, stats.cost_per_decision) {
            (Some(unit), Some(cost)) => lang.t2(
                "stats-cost",
                "cost",
                amount(unit, cost, lang),
                "count",
                lang.number(stats.decisions),
            ),
            _ => lang.t("stats-no-decision"),
        };
        let luck = match (unit, stats.luck_per_throw) {
            (Some(unit), Some(luck)) => Some(lang.t2(
                "stats-luck",
                "luck",
                signed(unit, luck, lang),
                "count",
                lang.number(stats.throws),
            )),
            _ => None,
        };
        let who = if own {
            lang.t("dice-who-own")
        } else {
            lang.t1("dice-who-player", "name", stats.username.as_str())
        };
        let dice = game
            .throws_dice()
            .then(|| DicePanel::of(&stats.dice, who, lang));
        let shown = |v: Option<f64>| match (unit, v) {
            (Some(unit), Some(v)) => amount(unit, v, lang),
            _ => "\u{2014}".to_owned(),
        };
        let rows = stats
            .history
            .iter()
            .enumerate()
            .map(|(i, m)| StatsRow {
                number: i + 1,
                match_id: m.match_id.to_string(),
                finished: When::of(m.finished_at, lang),
                decisions: m.decisions,
                cost: shown(m.cost_per_decision),
                luck: unit.map_or_else(|| "\u{2014}".to_owned(), |u| signed(u, m.luck, lang)),
            })
            .collect();
        GameStats {
            game: game.as_str(),
            game_name: game.name(),
            matches: lang.t1("stats-matches", "count", stats.matches),
            cost,
            luck,
            chart: unit.map_or_else(String::new, |u| cost_chart(stats, u, lang).to_string()),
            rows,
            dice,
        }
    }
}

/// The cost per decision of each of the latest matches.
fn cost_chart(stats: &PlayerStats, unit: Unit, lang: Language) -> LineChart {
    let points: Vec<(usize, f64, String)> = stats
        .history
        .iter()
        .enumerate()
        .filter_map(|(i, m)| {
            m.cost_per_decision.map(|c| {
                let label = lang.t2(
                    "stats-chart-point",
                    "number",
                    i + 1,
                    "value",
                    amount(unit, c, lang),
                );
                (i + 1, c, label)
            })
        })
        .collect();
    let costs: Vec<f64> = points.iter().map(|p| p.1).collect();
    let description = match (costs.first(), costs.last()) {
        (Some(first), Some(last)) => lang.t_with(
            "stats-chart-describe",
            &[
                ("count", costs.len().into()),
                ("first", amount(unit, *first, lang).into()),
                ("last", amount(unit, *last, lang).into()),
                (
                    "low",
                    amount(
                        unit,
                        costs.iter().copied().fold(f64::INFINITY, f64::min),
                        lang,
                    )
                    .into(),
                ),
                (
                    "high",
                    amount(
                        unit,
                        costs.iter().copied().fold(f64::NEG_INFINITY, f64::max),
                        lang,
                    )
                    .into(),
                ),
            ],
        ),
        _ => lang.t("stats-no-decision"),
    };
    let ids: Vec<String> = stats
        .history
        .iter()
        .map(|m| m.match_id.to_string())
        .collect();
    let href = move |n: usize| {
        n.checked_sub(1)
            .and_then(|i| ids.get(i))
            .map(|id| format!("/matches/{id}/replay#analysis"))
    };
    let value = |v: f64| amount(unit, v, lang);
    let scale = match unit {
        Unit::WinProbability => Scale::Fit { min_span: 0.02 },
        Unit::ExpectedScore => Scale::Fit { min_span: 4.0 },
        Unit::RoundTokens => Scale::Fit { min_span: 0.5 },
    };
    LineChart::new(
        &[Series { seat: 1, points }],
        stats.history.len().max(1),
        scale,
        Labels {
            id: &format!("stats-chart-{}", stats.game),
            title: lang.t1("stats-chart-title", "game", lang.game_of(stats.game)),
            description,
            x_title: lang.t("stats-chart-match"),
            href: Some(&href),
            value: &value,
        },
        lang,
    )
}
