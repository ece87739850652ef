//! A match's analysis on its replay page (`docs/analysis.md`): what the step shown cost or how
//! lucky it was, each player's summary in figures and in words, the chart of their chances
//! with its figures in a table, and the marks of the turn log.

use tapis_l10n::Language;
use tapis_service::analysis::read::{
    DecisionNote, EntryNotes, PageAnalysis, PlayerSummary, ReadAnalysis, ThrowNote, Unit,
};
use uuid::Uuid;

use super::games::{Names, action_words, faces};
use super::line_chart::{Labels, LineChart, Scale, Series};

/// Below this, a cost is nothing (the engines' values are exact to far less).
const NOTHING: f64 = 1e-9;

/// An amount in `unit`: `3.1%`, `12.4 points`, `1.5 tokens`.
pub fn amount(unit: Unit, x: f64, lang: Language) -> String {
    match unit {
        Unit::WinProbability => lang.t1("analysis-percent", "n", lang.decimal(x * 100.0, 1)),
        Unit::ExpectedScore => lang.t1("analysis-points", "n", lang.decimal(x, 1)),
        Unit::RoundTokens => lang.t1("analysis-tokens", "n", lang.decimal(x, 2)),
    }
}

/// An amount with its sign (`+4.1%`, `−2.0 points`; nothing for zero).
pub fn signed(unit: Unit, x: f64, lang: Language) -> String {
    let shown = amount(unit, x.abs(), lang);
    if shown == amount(unit, 0.0, lang) {
        shown
    } else if x > 0.0 {
        format!("+{shown}")
    } else {
        format!("\u{2212}{shown}")
    }
}

/// An amount and, where it is estimated, its standard error: `2.3% ± 0.4%`.
fn with_error(unit: Unit, x: String, error: Option<f64>, lang: Language) -> String {
    match error {
        Some(e) if e > 0.0 => lang.t2(
            "analysis-error",
            "amount",
            x,
            "error",
            amount(unit, e, lang),
        ),
        _ => x,
    }
}

/// What the page says of the analysis.
#[derive(Debug, Clone)]
pub struct AnalysisPanel {
    /// `pending`, `ready`, `unsupported` or `failed`.
    pub status: &'static str,
    /// What the values are, and how they were worked out.
    pub unit_note: String,
    pub engine_note: String,
    /// What the analysis says of the step shown, one sentence each, with a mark.
    pub step_lines: Vec<(String, Option<&'static str>)>,
    pub summaries: Vec<SummaryRow>,
    /// The chart of every player's value over the steps (rendered SVG).
    pub chart: String,
    /// Each player's seat and name, for the chart's legend and table.
    pub legend: Vec<(usize, String)>,
    /// The chart's figures: each step and every player's value after it.
    pub rows: Vec<(usize, Vec<String>)>,
    /// The mark of each step's decision, by step.
    pub marks: Vec<Option<&'static str>>,
}

/// A player's summary.
#[derive(Debug, Clone)]
pub struct SummaryRow {
    pub seat: usize,
    pub name: String,
    pub decisions: usize,
    pub cost_total: String,
    pub cost_mean: String,
    pub marks: String,
    pub luck: String,
    pub adjusted: String,
    /// The summary in a sentence.
    pub words: String,
}

impl AnalysisPanel {
    /// The panel of `analysis` on step `step` of match `id`, for a viewer seated at
    /// `viewer_seat` (if they play in it).
    pub fn of(
        analysis: &PageAnalysis,
        id: Uuid,
        step: usize,
        names: &Names,
        viewer_seat: Option<usize>,
    ) -> AnalysisPanel {
        let lang = names.lang();
        let ready = match analysis {
            PageAnalysis::Ready(ready) => ready,
            other => {
                let status = match other {
                    PageAnalysis::Unsupported => "unsupported",
                    PageAnalysis::Failed => "failed",
                    _ => "pending",
                };
                return AnalysisPanel::empty(status);
            }
        };
        let unit = ready.unit;
        let step_lines = ready
            .entries
            .get(step)
            .map(|entry| entry_lines(entry, unit, names))
            .unwrap_or_default();
        let summaries = ready
            .players
            .iter()
            .map(|p| summary_row(p, unit, names, viewer_seat == Some(p.seat)))
            .collect();
        let legend = (0..ready.players.len())
            .map(|seat| (seat, names.of(seat)))
            .collect();
        AnalysisPanel {
            status: "ready",
            unit_note: lang.t(match unit {
                Unit::WinProbability => "analysis-unit-win",
                Unit::ExpectedScore => "analysis-unit-score",
                Unit::RoundTokens => "analysis-unit-tokens",
            }),
            engine_note: lang.t(if ready.exact {
                "analysis-exact"
            } else {
                "analysis-estimated"
            }),
            step_lines,
            summaries,
            chart: chart(ready, id, names).to_string(),
            legend,
            rows: value_rows(ready, lang),
            marks: ready
                .entries
                .iter()
                .map(|e| {
                    e.decision
                        .as_ref()
                        .and_then(|d| d.judgement.as_ref())
                        .and_then(|j| j.mark)
                        .map(|m| m.symbol())
                })
                .collect(),
        }
    }

    fn empty(status: &'static str) -> AnalysisPanel {
        AnalysisPanel {
            status,
            unit_note: String::new(),
            engine_note: String::new(),
            step_lines: Vec::new(),
            summaries: Vec::new(),
            chart: String::new(),
            legend: Vec::new(),
            rows: Vec::new(),
            marks: Vec::new(),
        }
    }

    /// The mark of step `seq`'s decision.
    pub fn mark_of(&self, seq: &i64) -> Option<&'static str> {
        usize::try_from(*seq)
            .ok()
            .and_then(|s| self.marks.get(s).copied().flatten())
    }
}

/// What the analysis says of one entry of the log.
fn entry_lines(
    entry: &EntryNotes,
    unit: Unit,
    names: &Names,
) -> Vec<(String, Option<&'static str>)> {
    let mut lines = Vec::new();
    if let Some(decision) = &entry.decision {
        lines.push(decision_line(decision, unit, names));
    }
    for throw in &entry.throws {
        lines.push((throw_line(throw, unit, names), None));
    }
    lines
}

fn decision_line(d: &DecisionNote, unit: Unit, names: &Names) -> (String, Option<&'static str>) {
    let lang = names.lang();
    let name = names.of(d.seat);
    if !d.unforced {
        return (lang.t1("analysis-decision-forced", "name", name), None);
    }
    let Some(j) = &d.judgement else {
        return (lang.t("analysis-decision-unvalued"), None);
    };
    if j.cost <= NOTHING {
        return (lang.t1("analysis-decision-best", "name", name), None);
    }
    let cost = with_error(unit, amount(unit, j.cost, lang), j.std_error, lang);
    let mark = j.mark.map(|m| m.symbol());
    let text = lang.t_with(
        "analysis-decision-cost",
        &[
            ("name", name.into()),
            ("made", action_words(&d.made, names).into()),
            ("best", action_words(&j.best, names).into()),
            ("cost", cost.into()),
            (
                "mark",
                match j.mark {
                    Some(m) => lang.t(&format!("analysis-mark-{}", mark_key(m))),
                    None => "none".to_owned(),
                }
                .into(),
            ),
        ],
    );
    (text, mark)
}

fn mark_key(mark: tapis_service::analysis::read::Mark) -> &'static str {
    use tapis_service::analysis::read::Mark;
    match mark {
        Mark::Inaccuracy => "inaccuracy",
        Mark::Mistake => "mistake",
        Mark::Blunder => "blunder",
    }
}

fn throw_line(t: &ThrowNote, unit: Unit, names: &Names) -> String {
    let lang = names.lang();
    let dice = faces(t.values.iter().copied());
    let who = match t.seat {
        Some(seat) => names.of(seat),
        None => lang.t("analysis-nobody"),
    };
    match t.luck {
        Some(luck) => lang.t_with(
            "analysis-throw",
            &[
                ("name", who.into()),
                ("dice", dice.into()),
                (
                    "luck",
                    with_error(unit, signed(unit, luck, lang), t.std_error, lang).into(),
                ),
            ],
        ),
        None => lang.t2("analysis-throw-plain", "name", who, "dice", dice),
    }
}

fn summary_row(p: &PlayerSummary, unit: Unit, names: &Names, you: bool) -> SummaryRow {
    let lang = names.lang();
    let name = names.of(p.seat);
    let dash = || "\u{2014}".to_owned();
    let direction = if amount(unit, p.luck_received.abs(), lang) == amount(unit, 0.0, lang) {
        "even"
    } else if p.luck_received > 0.0 {
        "gave"
    } else {
        "took"
    };
    let key = match unit {
        Unit::WinProbability => "analysis-words-win",
        Unit::ExpectedScore => "analysis-words-score",
        Unit::RoundTokens => "analysis-words-tokens",
    };
    let key = if you {
        format!("{key}-you")
    } else {
        key.to_owned()
    };
    let words = lang.t_with(
        &key,
        &[
            ("name", name.clone().into()),
            ("cost", amount(unit, p.cost_total, lang).into()),
            ("luck", amount(unit, p.luck_received.abs(), lang).into()),
            ("direction", direction.into()),
        ],
    );
    SummaryRow {
        seat: p.seat,
        name,
        decisions: p.decisions,
        cost_total: amount(unit, p.cost_total, lang),
        cost_mean: p.cost_mean.map_or_else(dash, |m| amount(unit, m, lang)),
        marks: lang.t_with(
            "analysis-marks",
            &[
                ("inaccuracies", p.marks.inaccuracies.into()),
                ("mistakes", p.marks.mistakes.into()),
                ("blunders", p.marks.blunders.into()),
            ],
        ),
        luck: signed(unit, p.luck_received, lang),
        adjusted: p.luck_adjusted.map_or_else(dash, |a| amount(unit, a, lang)),
        words,
    }
}

/// Each player's value over the steps (the start at step 0 is their value before anything).
fn series(ready: &ReadAnalysis) -> Vec<Vec<(usize, f64)>> {
    (0..ready.players.len())
        .map(|seat| {
            ready
                .entries
                .iter()
                .enumerate()
                .filter_map(|(step, e)| e.values.get(seat).copied().flatten().map(|v| (step, v)))
                .collect()
        })
        .collect()
}

fn chart(ready: &ReadAnalysis, id: Uuid, names: &Names) -> LineChart {
    let lang = names.lang();
    let unit = ready.unit;
    let lines: Vec<Series> = series(ready)
        .into_iter()
        .enumerate()
        .map(|(seat, points)| Series {
            seat,
            points: points
                .into_iter()
                .map(|(step, v)| {
                    let label = lang.t_with(
                        "analysis-chart-point",
                        &[
                            ("step", step.into()),
                            ("name", names.of(seat).into()),
                            ("value", amount(unit, v, lang).into()),
                        ],
                    );
                    (step, v, label)
                })
                .collect(),
        })
        .collect();
    let last = ready.entries.len().saturating_sub(1);
    let href = move |step: usize| Some(format!("/matches/{id}/replay?step={step}#analysis"));
    let value = |v: f64| match unit {
        Unit::WinProbability => lang.t1(
            "analysis-percent",
            "n",
            lang.number((v * 100.0).round() as i64),
        ),
        _ => lang.number(v.round() as i64),
    };
    let description = lines
        .iter()
        .filter_map(|s| describe(s, unit, names))
        .collect::<Vec<_>>()
        .join(" ");
    let scale = match unit {
        Unit::WinProbability => Scale::Chance,
        Unit::ExpectedScore => Scale::Fit { min_span: 40.0 },
        Unit::RoundTokens => Scale::Fit { min_span: 4.0 },
    };
    LineChart::new(
        &lines,
        last,
        scale,
        Labels {
            id: "analysis-chart",
            title: lang.t(match unit {
                Unit::WinProbability => "analysis-chart-title-win",
                Unit::ExpectedScore => "analysis-chart-title-score",
                Unit::RoundTokens => "analysis-chart-title-tokens",
            }),
            description,
            x_title: lang.t("analysis-chart-step"),
            href: Some(&href),
            value: &value,
        },
        lang,
    )
}

/// A player's line in words: where it starts and ends, its lowest and highest.
fn describe(series: &Series, unit: Unit, names: &Names) -> Option<String> {
    let lang = names.lang();
    let first = series.points.first()?;
    let last = series.points.last()?;
    let low = series
        .points
        .iter()
        .map(|p| p.1)
        .fold(f64::INFINITY, f64::min);
    let high = series
        .points
        .iter()
        .map(|p| p.1)
        .fold(f64::NEG_INFINITY, f64::max);
    Some(lang.t_with(
        "analysis-chart-describe",
        &[
            ("name", names.of(series.seat).into()),
            ("first", amount(unit, first.1, lang).into()),
            ("last", amount(unit, last.1, lang).into()),
            ("low", amount(unit, low, lang).into()),
            ("high", amount(unit, high, lang).into()),
        ],
    ))
}

/// The chart's figures, step by step.
fn value_rows(ready: &ReadAnalysis, lang: Language) -> Vec<(usize, Vec<String>)> {
    ready
        .entries
        .iter()
        .enumerate()
        .map(|(step, e)| {
            let values = e
                .values
                .iter()
                .map(|v| v.map_or_else(|| "\u{2014}".to_owned(), |v| amount(ready.unit, v, lang)))
                .collect();
            (step, values)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_say_their_unit_in_each_language() {
        assert_eq!(amount(Unit::WinProbability, 0.031, Language::En), "3.1%");
        assert_eq!(
            amount(Unit::WinProbability, 0.031, Language::Fr),
            "3,1\u{a0}%"
        );
        assert_eq!(
            amount(Unit::ExpectedScore, 12.34, Language::En),
            "12.3 points"
        );
        assert_eq!(
            signed(Unit::WinProbability, -0.18, Language::En),
            "\u{2212}18.0%"
        );
        assert_eq!(signed(Unit::WinProbability, 0.041, Language::En), "+4.1%");
        assert_eq!(
            signed(Unit::ExpectedScore, 0.0001, Language::En),
            "0.0 points"
        );
    }
}
