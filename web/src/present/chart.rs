//! A player's rating history as a line chart, drawn on the server as inline SVG: no script,
//! no image request, readable by screen readers (`role="img"` with a title and a description;
//! the page puts the same history in a table next to it).
//!
//! [`RatingChart::new`] is pure geometry: from the ratings to plot it works out the scales, the
//! ticks of both axes and where each point goes, in the coordinates of a fixed `viewBox`. The
//! template `rating_chart_partial.html` only writes these numbers out. The SVG takes the full
//! width of its container (`width="100%"` and the `viewBox`), so it shrinks to a phone's 375 px
//! and the stylesheet caps its width on large screens.

use askama::Template;
use tapis_l10n::Language;

/// The width of the drawing, in `viewBox` units.
pub const WIDTH: f64 = 400.0;
/// The height of the drawing, in `viewBox` units.
pub const HEIGHT: f64 = 220.0;
/// Room left of the plot for the rating labels.
const LEFT: f64 = 46.0;
/// Room right of the plot (half a point marker and a little air).
const RIGHT: f64 = 14.0;
/// Room above the plot.
const TOP: f64 = 12.0;
/// Room below the plot for the match numbers and the axis title.
const BOTTOM: f64 = 42.0;
/// The smallest span of ratings the vertical axis shows, so that a flat history does not
/// look like a cliff.
const MIN_SPAN: f64 = 40.0;
/// The rating an empty chart is centred on (everyone's starting rating).
const EMPTY_CENTRE: f64 = 1500.0;

/// One rating to plot, with what it stands for (the point's tooltip).
#[derive(Debug, Clone, PartialEq)]
pub struct ChartPoint {
    /// In points (exact to the millionth; drawn as is, labelled rounded).
    pub rating: f64,
    /// `Match 3 (2026-05-01): 1532, +12`.
    pub label: String,
}

/// A mark on an axis: its text and its position along the axis (`x` for the horizontal
/// axis, `y` for the vertical one).
#[derive(Debug, Clone, PartialEq)]
pub struct Tick {
    pub text: String,
    pub at: f64,
}

/// A plotted point.
#[derive(Debug, Clone, PartialEq)]
pub struct Marker {
    pub x: f64,
    pub y: f64,
    pub label: String,
}

/// The chart, ready to render.
#[derive(Debug, Clone, Template)]
#[template(path = "rating_chart_partial.html")]
pub struct RatingChart {
    pub lang: Language,
    /// A prefix for the ids of the title and description (unique in the page).
    pub id: String,
    pub title: String,
    pub description: String,
    pub markers: Vec<Marker>,
    /// The `points` of the polyline through the markers (empty with fewer than two).
    pub line: String,
    /// Rating labels and grid lines, bottom to top.
    pub y_ticks: Vec<Tick>,
    /// Match numbers, left to right.
    pub x_ticks: Vec<Tick>,
    /// The plot area: left, top, right and bottom edges.
    pub left: f64,
    pub top: f64,
    pub right: f64,
    pub bottom: f64,
    pub width: f64,
    pub height: f64,
}

impl RatingChart {
    /// The chart of a rating over the rated matches of one game.
    ///
    /// `points[0]` is the rating before the first rated match (the start, numbered 0), and
    /// `points[i]` the rating after the `i`-th rated match. `subject` names what is charted
    /// (`alice's Linja rating`), in `lang`.
    pub fn new(id: &str, subject: &str, points: &[ChartPoint], lang: Language) -> RatingChart {
        let (left, top, right, bottom) = (LEFT, TOP, WIDTH - RIGHT, HEIGHT - BOTTOM);
        let ratings: Vec<f64> = points.iter().map(|p| p.rating).collect();
        let scale = RatingScale::fit(&ratings);
        let y_of =
            |rating: f64| round1(bottom - (rating - scale.low) / scale.span() * (bottom - top));
        let last = points.len().saturating_sub(1);
        let x_of = |index: usize| {
            if last == 0 {
                round1((left + right) / 2.0)
            } else {
                round1(left + index as f64 / last as f64 * (right - left))
            }
        };

        let markers: Vec<Marker> = points
            .iter()
            .enumerate()
            .map(|(i, p)| Marker {
                x: x_of(i),
                y: y_of(p.rating),
                label: p.label.clone(),
            })
            .collect();
        let line = if markers.len() < 2 {
            String::new()
        } else {
            markers
                .iter()
                .map(|m| format!("{},{}", m.x, m.y))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let y_ticks = scale
            .ticks()
            .into_iter()
            .map(|value| Tick {
                text: lang.number(value.round() as i64),
                at: y_of(value),
            })
            .collect();
        let x_ticks = if points.is_empty() {
            Vec::new()
        } else {
            match_ticks(last)
                .into_iter()
                .map(|i| Tick {
                    text: i.to_string(),
                    at: x_of(i),
                })
                .collect()
        };

        RatingChart {
            lang,
            id: id.to_owned(),
            title: lang.t1("chart-title", "subject", subject),
            description: describe(subject, &ratings, lang),
            markers,
            line,
            y_ticks,
            x_ticks,
            left,
            top,
            right,
            bottom,
            width: WIDTH,
            height: HEIGHT,
        }
    }

    /// The `viewBox` attribute.
    pub fn view_box(&self) -> String {
        format!("0 0 {} {}", self.width, self.height)
    }

    /// Where the horizontal axis title goes (centred under the plot).
    pub fn x_title_x(&self) -> f64 {
        round1((self.left + self.right) / 2.0)
    }

    /// The middle of the plot's height (for the message of an empty chart).
    pub fn middle_y(&self) -> f64 {
        round1((self.top + self.bottom) / 2.0)
    }
}

/// The vertical scale: from `low` to `high` points, marked every `step`.
#[derive(Debug, Clone, Copy, PartialEq)]
struct RatingScale {
    low: f64,
    high: f64,
    step: f64,
}

impl RatingScale {
    /// Round bounds around `ratings`, at least [`MIN_SPAN`] apart, on multiples of a round
    /// step (1, 2 or 5 times a power of ten) that gives about four to six intervals.
    fn fit(ratings: &[f64]) -> RatingScale {
        let finite = ratings.iter().copied().filter(|r| r.is_finite());
        let (mut low, mut high) = finite.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), r| {
            (lo.min(r), hi.max(r))
        });
        if low > high {
            (low, high) = (EMPTY_CENTRE, EMPTY_CENTRE);
        }
        if high - low < MIN_SPAN {
            let middle = (low + high) / 2.0;
            (low, high) = (middle - MIN_SPAN / 2.0, middle + MIN_SPAN / 2.0);
        }
        let step = nice_step((high - low) / 4.0);
        RatingScale {
            low: (low / step).floor() * step,
            high: (high / step).ceil() * step,
            step,
        }
    }

    fn span(self) -> f64 {
        self.high - self.low
    }

    /// Every multiple of the step from the bottom to the top, both included.
    fn ticks(self) -> Vec<f64> {
        let count = (self.span() / self.step).round() as usize;
        (0..=count)
            .map(|i| self.low + i as f64 * self.step)
            .collect()
    }
}

/// The smallest of 1, 2, 5 × 10ⁿ that is at least `raw` (which is positive).
pub(crate) fn nice_step(raw: f64) -> f64 {
    let power = 10f64.powf(raw.log10().floor());
    let fraction = raw / power;
    let nice = if fraction <= 1.0 {
        1.0
    } else if fraction <= 2.0 {
        2.0
    } else if fraction <= 5.0 {
        5.0
    } else {
        10.0
    };
    nice * power
}

/// The match numbers labelled under the chart of matches `0..=last`: 0 and then every round
/// step, at most six labels.
pub(crate) fn match_ticks(last: usize) -> Vec<usize> {
    if last == 0 {
        return vec![0];
    }
    let step = (nice_step(last as f64 / 5.0).ceil() as usize).max(1);
    (0..=last).step_by(step).collect()
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

/// Rounds a coordinate to a tenth of a unit (plenty at any screen size, and short markup).
pub(crate) fn round1(value: f64) -> f64 {
    (value * 10.0).round() / 10.0
}

#[cfg(test)]
mod tests {
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
        let chart = RatingChart::new(
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
        assert_eq!(chart.markers[2].y, chart.bottom);
        assert_eq!(chart.markers[1].y, round1((chart.top + chart.bottom) / 2.0));
        // Higher ratings are drawn higher (smaller y).
        assert!(chart.markers[3].y < chart.markers[1].y);
        assert!(chart.markers[3].y > chart.top);
    }

    #[test]
    fn points_are_spread_evenly_from_edge_to_edge() {
        let chart = RatingChart::new(
            "c",
            "x",
            &points(&[1500.0, 1520.0, 1500.0, 1480.0, 1500.0]),
            Language::En,
        );
        let xs: Vec<f64> = chart.markers.iter().map(|m| m.x).collect();
        assert_eq!(xs, [46.0, 131.0, 216.0, 301.0, 386.0]);
        assert_eq!(chart.right, WIDTH - RIGHT);
        assert_eq!(
            chart.line,
            format!(
                "46,{} 131,{} 216,{} 301,{} 386,{}",
                chart.markers[0].y,
                chart.markers[1].y,
                chart.markers[2].y,
                chart.markers[3].y,
                chart.markers[4].y
            )
        );
        // Matches 0 to 4: a label for each.
        assert_eq!(texts(&chart.x_ticks), ["0", "1", "2", "3", "4"]);
        assert_eq!(chart.x_ticks[4].at, 386.0);
    }

    #[test]
    fn long_histories_get_a_few_round_match_numbers() {
        let ratings: Vec<f64> = (0..=23).map(|i| 1500.0 + f64::from(i % 5) * 7.0).collect();
        let chart = RatingChart::new("c", "x", &points(&ratings), Language::En);
        assert_eq!(chart.markers.len(), 24);
        assert_eq!(texts(&chart.x_ticks), ["0", "5", "10", "15", "20"]);
        assert_eq!(match_ticks(100), [0, 20, 40, 60, 80, 100]);
        assert_eq!(match_ticks(7), [0, 2, 4, 6]);
    }

    #[test]
    fn a_flat_history_is_shown_on_a_span_of_40_points() {
        let chart = RatingChart::new("c", "x", &points(&[1500.0, 1500.0]), Language::En);
        assert_eq!(
            texts(&chart.y_ticks),
            ["1,480", "1,490", "1,500", "1,510", "1,520"]
        );
        assert_eq!(chart.markers[0].y, chart.markers[1].y);
        assert_eq!(chart.markers[0].y, round1((chart.top + chart.bottom) / 2.0));
    }

    #[test]
    fn one_point_sits_in_the_middle_without_a_line() {
        let chart = RatingChart::new("c", "alice's Yams rating", &points(&[1520.0]), Language::En);
        assert_eq!(chart.markers.len(), 1);
        assert_eq!(chart.markers[0].x, chart.x_title_x());
        assert_eq!(chart.markers[0].y, chart.middle_y());
        assert!(chart.line.is_empty());
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
        let chart = RatingChart::new("c", "alice's Yams rating", &[], Language::En);
        assert!(chart.markers.is_empty());
        assert!(chart.line.is_empty());
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
        let chart = RatingChart::new(
            "chart-linja",
            "alice's Linja rating",
            &points(&[1500.0, 1520.0, 1498.849977]),
            Language::En,
        );
        assert_eq!(
            chart.description,
            "alice's Linja rating over 2 rated matches: from 1,500 to 1,499; lowest 1,499, highest 1,520."
        );
        let graphique = RatingChart::new(
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

    #[test]
    fn nice_steps() {
        assert_eq!(nice_step(10.0), 10.0);
        assert_eq!(nice_step(16.25), 20.0);
        assert_eq!(nice_step(30.0), 50.0);
        assert_eq!(nice_step(0.2), 0.2);
        assert_eq!(nice_step(120.0), 200.0);
    }
}
