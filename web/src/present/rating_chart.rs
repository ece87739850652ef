//! A player's rating history as a [`LineChart`]: one line from the rating before their first
//! rated match of a game to the rating after the last, drawn as one picture (`role="img"` with
//! a title and a description; the page puts the same history in a table next to it).

use tapis_l10n::Language;

use super::line_chart::{Labels, LineChart, Scale, Series};

/// One rating to plot, with what it stands for (the point's tooltip).
#[derive(Debug, Clone, PartialEq)]
pub struct ChartPoint {
    /// In points (exact to the millionth; drawn as is, labelled rounded).
    pub rating: f64,
    /// `Match 3 (2026-05-01): 1532, +12`.
    pub label: String,
}

/// The chart of a rating over the rated matches of one game.
///
/// `points[0]` is the rating before the first rated match (the start, numbered 0), and
/// `points[i]` the rating after the `i`-th rated match. `subject` names what is charted
/// (`alice's Linja rating`), in `lang`.
pub fn rating_chart(id: &str, subject: &str, points: &[ChartPoint], lang: Language) -> LineChart {
    let ratings: Vec<f64> = points.iter().map(|p| p.rating).collect();
    let series = Series {
        seat: 0,
        points: points
            .iter()
            .enumerate()
            .map(|(i, p)| (i, p.rating, p.label.clone()))
            .collect(),
    };
    let value = |rating: f64| lang.number(rating.round() as i64);
    let mut chart = LineChart::new(
        &[series],
        points.len().saturating_sub(1),
        Scale::Rating,
        Labels {
            id,
            title: lang.t1("chart-title", "subject", subject),
            description: describe(subject, &ratings, lang),
            x_title: lang.t("chart-axis"),
            href: None,
            value: &value,
        },
        lang,
    );
    // An empty history has no match to number.
    if points.is_empty() {
        chart.x_ticks.clear();
    }
    chart
}

/// The description read out instead of the drawing.
fn describe(subject: &str, ratings: &[f64], lang: Language) -> String {
    let rounded = |r: f64| r.round() as i64;
    match ratings {
        [] => lang.t1("chart-describe-empty", "subject", subject),
        [only] => lang.t2(
            "chart-describe-one",
            "subject",
            subject,
            "rating",
            rounded(*only),
        ),
        [first, .., last] => {
            let low = ratings.iter().copied().fold(f64::INFINITY, f64::min);
            let high = ratings.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let matches = ratings.len() - 1;
            // Numbers, so that each language groups them as on the axis (`1,500`, `1 500`).
            lang.t_with(
                "chart-describe",
                &[
                    ("subject", subject.into()),
                    ("count", matches.into()),
                    ("first", rounded(*first).into()),
                    ("last", rounded(*last).into()),
                    ("low", rounded(low).into()),
                    ("high", rounded(high).into()),
                ],
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use askama::Template;

    use super::super::line_chart::{Tick, WIDTH, match_ticks, round1};
    use super::*;

    fn points(ratings: &[f64]) -> Vec<ChartPoint> {
        ratings
            .iter()
            .enumerate()
            .map(|(i, r)| ChartPoint {
                rating: *r,
                label: format!("point {i}"),
            })
            .collect()
    }

    fn texts(ticks: &[Tick]) -> Vec<&str> {
        ticks.iter().map(|t| t.text.as_str()).collect()
    }

    #[test]
    fn the_scale_spans_the_history_on_round_ticks() {
        let chart = rating_chart(
            "c",
            "x",
            &points(&[1500.0, 1520.0, 1480.0, 1545.0]),
            Language::En,
        );
        // Span 65 → about 16 per interval → a step of 20, from 1480 down to 1560 up.
        assert_eq!(
            texts(&chart.y_ticks),
            ["1,480", "1,500", "1,520", "1,540", "1,560"]
        );
        // The lowest tick is the bottom of the plot, the highest its top.
        assert_eq!(chart.y_ticks[0].at, chart.bottom);
        assert_eq!(chart.y_ticks[4].at, chart.top);
        // 1480 sits on the bottom, 1520 half way up.
        assert_eq!(chart.lines[0].points[2].y, chart.bottom);
        assert_eq!(
            chart.lines[0].points[1].y,
            round1((chart.top + chart.bottom) / 2.0)
        );
        // Higher ratings are drawn higher (smaller y).
        assert!(chart.lines[0].points[3].y < chart.lines[0].points[1].y);
        assert!(chart.lines[0].points[3].y > chart.top);
    }

    #[test]
    fn points_are_spread_evenly_from_edge_to_edge() {
        let chart = rating_chart(
            "c",
            "x",
            &points(&[1500.0, 1520.0, 1500.0, 1480.0, 1500.0]),
            Language::En,
        );
        let xs: Vec<f64> = chart.lines[0].points.iter().map(|m| m.x).collect();
        assert_eq!(xs, [46.0, 131.0, 216.0, 301.0, 386.0]);
        assert_eq!(chart.right, WIDTH - 14.0);
        assert_eq!(
            chart.lines[0].path,
            format!(
                "46,{} 131,{} 216,{} 301,{} 386,{}",
                chart.lines[0].points[0].y,
                chart.lines[0].points[1].y,
                chart.lines[0].points[2].y,
                chart.lines[0].points[3].y,
                chart.lines[0].points[4].y
            )
        );
        // Matches 0 to 4: a label for each.
        assert_eq!(texts(&chart.x_ticks), ["0", "1", "2", "3", "4"]);
        assert_eq!(chart.x_ticks[4].at, 386.0);
    }

    #[test]
    fn long_histories_get_a_few_round_match_numbers() {
        let ratings: Vec<f64> = (0..=23).map(|i| 1500.0 + f64::from(i % 5) * 7.0).collect();
        let chart = rating_chart("c", "x", &points(&ratings), Language::En);
        assert_eq!(chart.lines[0].points.len(), 24);
        assert_eq!(texts(&chart.x_ticks), ["0", "5", "10", "15", "20"]);
        assert_eq!(match_ticks(100), [0, 20, 40, 60, 80, 100]);
        assert_eq!(match_ticks(7), [0, 2, 4, 6]);
    }

    #[test]
    fn a_flat_history_is_shown_on_a_span_of_40_points() {
        let chart = rating_chart("c", "x", &points(&[1500.0, 1500.0]), Language::En);
        assert_eq!(
            texts(&chart.y_ticks),
            ["1,480", "1,490", "1,500", "1,510", "1,520"]
        );
        assert_eq!(chart.lines[0].points[0].y, chart.lines[0].points[1].y);
        assert_eq!(
            chart.lines[0].points[0].y,
            round1((chart.top + chart.bottom) / 2.0)
        );
    }

    #[test]
    fn one_point_sits_in_the_middle_without_a_line() {
        let chart = rating_chart("c", "alice's Yams rating", &points(&[1520.0]), Language::En);
        assert_eq!(chart.lines[0].points.len(), 1);
        assert_eq!(chart.lines[0].points[0].x, chart.x_title_x());
        assert_eq!(chart.lines[0].points[0].y, chart.middle_y());
        assert!(chart.lines[0].path.is_empty());
        assert_eq!(texts(&chart.x_ticks), ["0"]);
        assert_eq!(
            texts(&chart.y_ticks),
            ["1,500", "1,510", "1,520", "1,530", "1,540"]
        );
        assert_eq!(
            chart.description,
            "alice's Yams rating: 1,520 (no rated match yet)."
        );
    }

    #[test]
    fn an_empty_history_draws_axes_around_1500_and_says_so() {
        let chart = rating_chart("c", "alice's Yams rating", &[], Language::En);
        assert!(chart.lines[0].points.is_empty());
        assert!(chart.lines[0].path.is_empty());
        assert!(chart.x_ticks.is_empty());
        assert_eq!(
            texts(&chart.y_ticks),
            ["1,480", "1,490", "1,500", "1,510", "1,520"]
        );
        let svg = chart.render().unwrap();
        assert!(svg.contains("No rated match yet"), "{svg}");
        assert!(!svg.contains("<circle"), "{svg}");
        assert!(!svg.contains("<polyline"), "{svg}");
    }

    #[test]
    fn the_svg_is_accessible_and_scales_to_its_container() {
        let chart = rating_chart(
            "chart-linja",
            "alice's Linja rating",
            &points(&[1500.0, 1520.0, 1498.849977]),
            Language::En,
        );
        assert_eq!(
            chart.description,
            "alice's Linja rating over 2 rated matches: from 1,500 to 1,499; lowest 1,499, highest 1,520."
        );
        let graphique = rating_chart(
            "chart-linja",
            "classement Linja d’alice",
            &points(&[1500.0, 1520.0, 1498.849977]),
            Language::Fr,
        );
        assert_eq!(
            graphique.description,
            "classement Linja d’alice sur 2 parties classées\u{a0}: de 1\u{202f}500 à 1\u{202f}499\u{a0}; \
             au plus bas 1\u{202f}499, au plus haut 1\u{202f}520."
        );
        assert!(graphique.y_ticks.iter().any(|t| t.text == "1\u{202f}500"));
        let svg = chart.render().unwrap();
        assert!(svg.starts_with("<svg"), "{svg}");
        assert!(svg.contains("viewBox=\"0 0 400 220\""), "{svg}");
        assert!(svg.contains("width=\"100%\""), "{svg}");
        assert!(svg.contains("role=\"img\""), "{svg}");
        assert!(
            svg.contains("aria-labelledby=\"chart-linja-title chart-linja-desc\""),
            "{svg}"
        );
        assert!(svg.contains(
            "<title id=\"chart-linja-title\">Chart of alice&#39;s Linja rating over the rated matches</title>"
        ), "{svg}");
        assert!(svg.contains("<desc id=\"chart-linja-desc\">"), "{svg}");
        assert_eq!(svg.matches("<circle").count(), 3);
        assert_eq!(svg.matches("<polyline").count(), 1);
        // Axis labels: every rating tick, the match numbers and the axis title.
        for tick in &chart.y_ticks {
            assert!(svg.contains(&format!(">{}</text>", tick.text)), "{svg}");
        }
        assert!(
            svg.contains(">0</text>") && svg.contains(">2</text>"),
            "{svg}"
        );
        assert!(svg.contains("Rated matches played"), "{svg}");
        // Each point has its tooltip.
        assert!(svg.contains("<title>point 2</title>"), "{svg}");
        // No inline style: the page's Content-Security-Policy forbids it.
        assert!(!svg.contains("style="), "{svg}");
    }
}
