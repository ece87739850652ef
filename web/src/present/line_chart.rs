//! Lines over numbered steps, drawn on the server as inline SVG like the rating chart
//! ([`super::chart`]): the chances of each player over a match's steps, a player's cost per
//! decision over their matches. Each point may be a link (to the step it stands for); the
//! drawing is a group (`role="group"`, its points being links) with a title and a description, and the pages put the same figures
//! in a table beside it.

use askama::Template;
use tapis_l10n::Language;

use super::chart::{HEIGHT, Tick, WIDTH, match_ticks, nice_step, round1};

/// Room left of the plot for the value labels.
const LEFT: f64 = 52.0;
const RIGHT: f64 = 14.0;
const TOP: f64 = 12.0;
const BOTTOM: f64 = 42.0;

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
    pub lines: Vec<Line>,
    pub y_ticks: Vec<Tick>,
    pub x_ticks: Vec<Tick>,
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
    /// The address of the step a point stands for, if it has one.
    pub href: &'a dyn Fn(usize) -> Option<String>,
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
        let (left, top, right, bottom) = (LEFT, TOP, WIDTH - RIGHT, HEIGHT - BOTTOM);
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

    pub fn view_box(&self) -> String {
        format!("0 0 {} {}", self.width, self.height)
    }

    pub fn x_title_x(&self) -> f64 {
        round1((self.left + self.right) / 2.0)
    }

    pub fn is_empty(&self) -> bool {
        self.lines.iter().all(|l| l.points.is_empty())
    }

    pub fn middle_y(&self) -> f64 {
        round1((self.top + self.bottom) / 2.0)
    }
}

/// A series drawn: its points where `x_of` and `y_of` put them, each leading where `href`
/// says.
fn line(
    series: &Series,
    x_of: &dyn Fn(usize) -> f64,
    y_of: &dyn Fn(f64) -> f64,
    href: &dyn Fn(usize) -> Option<String>,
) -> Line {
    let points: Vec<Point> = series
        .points
        .iter()
        .map(|(i, v, label)| Point {
            x: x_of(*i),
            y: y_of(*v),
            label: label.clone(),
            href: href(*i),
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
        Scale::Fit { min_span } => {
            let (mut low, mut high) = values
                .filter(|v| v.is_finite())
                .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
                    (lo.min(v), hi.max(v))
                });
            if low > high {
                (low, high) = (0.0, 0.0);
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
    }
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
            href,
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
}
