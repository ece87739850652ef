//! Lines over numbered steps, drawn on the server as inline SVG: no script, no image request,
//! readable by screen readers (a title and a description; the pages put the same figures in a
//! table beside it). One type draws every chart of the site: a player's rating over their rated
//! matches ([`super::rating_chart`]), the chances of each player over a match's steps, a
//! player's cost per decision over their matches.
//!
//! [`LineChart::new`] is pure geometry: from the values to plot it works out the scales, the
//! ticks of both axes and where each point goes, in the coordinates of a fixed `viewBox`. The
//! template `line_chart_partial.html` only writes these numbers out. The SVG takes the full
//! width of its container (`width="100%"` and the `viewBox`), so it shrinks to a phone's 375 px
//! and the stylesheet caps its width on large screens.
//!
//! A chart whose points lead somewhere is a group of links (`role="group"`), each line in its
//! seat's colour; one whose points lead nowhere is a single picture (`role="img"`) in the
//! page's colours.

use askama::Template;
use tapis_l10n::Language;

/// The width of the drawing, in `viewBox` units.
pub const WIDTH: f64 = 400.0;
/// The height of the drawing, in `viewBox` units.
pub const HEIGHT: f64 = 220.0;
/// Room right of the plot (half a point marker and a little air).
const RIGHT: f64 = 14.0;
/// Room above the plot.
const TOP: f64 = 12.0;
/// Room below the plot for the step numbers and the axis title.
const BOTTOM: f64 = 42.0;

/// A mark on an axis: its text and its position along the axis (`x` for the horizontal
/// axis, `y` for the vertical one).
#[derive(Debug, Clone, PartialEq)]
pub struct Tick {
    pub text: String,
    pub at: f64,
}

/// One line: a player's values, each at a step.
#[derive(Debug, Clone, PartialEq)]
pub struct Series {
    /// The seat whose colour the line takes.
    pub seat: usize,
    /// `(step, value, tooltip)`, in step order.
    pub points: Vec<(usize, f64, String)>,
}

/// The vertical axis.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Scale {
    /// From 0 to 1, labelled in per cent (a chance).
    Chance,
    /// Round bounds around the values, at least `min_span` apart.
    Fit { min_span: f64 },
    /// Ratings: round bounds at least 40 points apart, so that a flat history does not look
    /// like a cliff, around the starting rating of 1,500 when there is none.
    Rating,
}

impl Scale {
    /// Room left of the plot for the value labels: four-digit ratings need less than the
    /// chances and costs.
    fn left(self) -> f64 {
        match self {
            Scale::Rating => 46.0,
            Scale::Chance | Scale::Fit { .. } => 52.0,
        }
    }
}

/// A drawn point.
#[derive(Debug, Clone, PartialEq)]
pub struct Point {
    pub x: f64,
    pub y: f64,
    pub label: String,
    /// Where clicking it goes.
    pub href: Option<String>,
}

/// A drawn line.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    pub seat: usize,
    /// The `points` attribute of its polyline (empty with fewer than two points).
    pub path: String,
    pub points: Vec<Point>,
}

/// The chart, ready to render.
#[derive(Debug, Clone, Template)]
#[template(path = "line_chart_partial.html")]
pub struct LineChart {
    pub lang: Language,
    pub id: String,
    pub title: String,
    pub description: String,
    /// The horizontal axis's title ("Step", "Match").
    pub x_title: String,
    /// Whether the points are links: such a chart is a group of links, each line in its seat's
    /// colour; otherwise it is one picture in the page's colours.
    pub links: bool,
    pub lines: Vec<Line>,
    /// Value labels and grid lines, bottom to top.
    pub y_ticks: Vec<Tick>,
    /// Step numbers, left to right.
    pub x_ticks: Vec<Tick>,
    /// The plot area: left, top, right and bottom edges.
    pub left: f64,
    pub top: f64,
    pub right: f64,
    pub bottom: f64,
    pub width: f64,
    pub height: f64,
}

/// What a chart says in words and where its points lead.
pub struct Labels<'a> {
    pub id: &'a str,
    pub title: String,
    pub description: String,
    pub x_title: String,
    /// The address of the step a point stands for, if it has one; none for a chart whose
    /// points are not links.
    pub href: Option<&'a dyn Fn(usize) -> Option<String>>,
    /// A value as the axis labels it.
    pub value: &'a dyn Fn(f64) -> String,
}

impl std::fmt::Debug for Labels<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct(stringify!(Labels))
            .field("id", &self.id)
            .field("title", &self.title)
            .finish_non_exhaustive()
    }
}

impl LineChart {
    /// The chart of `series` over steps `0..=last`.
    pub fn new(
        series: &[Series],
        last: usize,
        scale: Scale,
        labels: Labels<'_>,
        lang: Language,
    ) -> LineChart {
        let (left, top, right, bottom) = (scale.left(), TOP, WIDTH - RIGHT, HEIGHT - BOTTOM);
        let values = series.iter().flat_map(|s| s.points.iter().map(|p| p.1));
        let (low, high, step) = bounds(values, scale);
        let y_of = |v: f64| round1(bottom - (v - low) / (high - low) * (bottom - top));
        let x_of = |i: usize| {
            if last == 0 {
                round1((left + right) / 2.0)
            } else {
                round1(left + i as f64 / last as f64 * (right - left))
            }
        };
        let lines = series
            .iter()
            .map(|s| line(s, &x_of, &y_of, labels.href))
            .collect();
        let count = ((high - low) / step).round() as usize;
        let y_ticks = (0..=count)
            .map(|k| {
                let v = low + k as f64 * step;
                Tick {
                    text: (labels.value)(v),
                    at: y_of(v),
                }
            })
            .collect();
        let x_ticks = match_ticks(last)
            .into_iter()
            .map(|i| Tick {
                text: i.to_string(),
                at: x_of(i),
            })
            .collect();
        LineChart {
            lang,
            id: labels.id.to_owned(),
            title: labels.title,
            description: labels.description,
            x_title: labels.x_title,
            links: labels.href.is_some(),
            lines,
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

    /// Whether there is no point to draw.
    pub fn is_empty(&self) -> bool {
        self.lines.iter().all(|l| l.points.is_empty())
    }

    /// The middle of the plot's height (for the message of an empty chart).
    pub fn middle_y(&self) -> f64 {
        round1((self.top + self.bottom) / 2.0)
    }

    /// The radius of a point: a link's is a little smaller, as several lines cross.
    pub fn radius(&self) -> f64 {
        if self.links { 3.5 } else { 4.0 }
    }
}

/// A series drawn: its points where `x_of` and `y_of` put them, each leading where `href`
/// says.
fn line(
    series: &Series,
    x_of: &dyn Fn(usize) -> f64,
    y_of: &dyn Fn(f64) -> f64,
    href: Option<&dyn Fn(usize) -> Option<String>>,
) -> Line {
    let points: Vec<Point> = series
        .points
        .iter()
        .map(|(i, v, label)| Point {
            x: x_of(*i),
            y: y_of(*v),
            label: label.clone(),
            href: href.and_then(|href| href(*i)),
        })
        .collect();
    let path = if points.len() < 2 {
        String::new()
    } else {
        points
            .iter()
            .map(|p| format!("{},{}", p.x, p.y))
            .collect::<Vec<_>>()
            .join(" ")
    };
    Line {
        seat: series.seat,
        path,
        points,
    }
}

/// The axis's bottom, top and step.
fn bounds(values: impl Iterator<Item = f64>, scale: Scale) -> (f64, f64, f64) {
    match scale {
        Scale::Chance => (0.0, 1.0, 0.25),
        Scale::Fit { min_span } => fit(values, min_span, 0.0),
        Scale::Rating => fit(values, 40.0, 1500.0),
    }
}

/// Round bounds around `values`, at least `min_span` apart (around `empty` when there is no
/// value), on multiples of a round step (1, 2 or 5 times a power of ten) that gives about four
/// to six intervals.
fn fit(values: impl Iterator<Item = f64>, min_span: f64, empty: f64) -> (f64, f64, f64) {
    let (mut low, mut high) = values
        .filter(|v| v.is_finite())
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
            (lo.min(v), hi.max(v))
        });
    if low > high {
        (low, high) = (empty, empty);
    }
    let min_span = min_span.max(f64::EPSILON);
    if high - low < min_span {
        let middle = (low + high) / 2.0;
        (low, high) = (middle - min_span / 2.0, middle + min_span / 2.0);
    }
    let step = nice_step((high - low) / 4.0);
    (
        (low / step).floor() * step,
        (high / step).ceil() * step,
        step,
    )
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

/// The step numbers labelled under the chart of steps `0..=last`: 0 and then every round
/// step, at most six labels.
pub(crate) fn match_ticks(last: usize) -> Vec<usize> {
    if last == 0 {
        return vec![0];
    }
    let step = (nice_step(last as f64 / 5.0).ceil() as usize).max(1);
    (0..=last).step_by(step).collect()
}

/// Rounds a coordinate to a tenth of a unit (plenty at any screen size, and short markup).
pub(crate) fn round1(value: f64) -> f64 {
    (value * 10.0).round() / 10.0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn labels<'a>(
        href: &'a dyn Fn(usize) -> Option<String>,
        value: &'a dyn Fn(f64) -> String,
    ) -> Labels<'a> {
        Labels {
            id: "c",
            title: "t".into(),
            description: "d".into(),
            x_title: "Step".into(),
            href: Some(href),
            value,
        }
    }

    #[test]
    fn chances_span_the_whole_height_and_points_link_to_their_step() {
        let href = |i: usize| Some(format!("?step={i}"));
        let value = |v: f64| format!("{}%", (v * 100.0).round());
        let series = [Series {
            seat: 1,
            points: vec![(0, 0.5, "a".into()), (4, 1.0, "b".into())],
        }];
        let chart = LineChart::new(
            &series,
            4,
            Scale::Chance,
            labels(&href, &value),
            Language::En,
        );
        let texts: Vec<&str> = chart.y_ticks.iter().map(|t| t.text.as_str()).collect();
        assert_eq!(texts, ["0%", "25%", "50%", "75%", "100%"]);
        let line = &chart.lines[0];
        assert_eq!(line.seat, 1);
        assert_eq!(line.points[1].y, chart.top);
        assert_eq!(line.points[1].x, chart.right);
        assert_eq!(line.points[0].href.as_deref(), Some("?step=0"));
        assert!(!line.path.is_empty());
        let svg = chart.to_string();
        assert!(svg.contains(r#"href="?step=4""#), "{svg}");
        assert!(svg.contains("role=\"group\""));
    }

    #[test]
    fn a_flat_series_gets_a_visible_span() {
        let href = |_| None;
        let value = |v: f64| v.to_string();
        let series = [Series {
            seat: 0,
            points: vec![(0, 200.0, "a".into()), (1, 200.0, "b".into())],
        }];
        let chart = LineChart::new(
            &series,
            1,
            Scale::Fit { min_span: 20.0 },
            labels(&href, &value),
            Language::En,
        );
        assert!(chart.y_ticks.len() >= 3);
        assert!(chart.lines[0].points[0].y < chart.bottom);
        assert!(chart.lines[0].points[0].y > chart.top);
        assert!(!chart.is_empty());
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
