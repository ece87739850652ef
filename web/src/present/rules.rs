//! What the rules pages show beside their prose: each game's options as Tapis offers them, and
//! the tables of the rules (the La Linotte grid, the Yams boxes, the 5000 scoring dice, the 421
//! order, the Can't Stop columns), built from the rules crate so that they cannot drift from
//! the game actually played.

use serde_json::Value;
use tapis_games::GameId;
use tapis_games::four_two_one::{Category, Combination as Result421};
use tapis_games::linotte::LAYOUT;
use tapis_games::yams::{BoxId, Dice};
use tapis_games::{cant_stop, five_thousand, yams};
use tapis_service::games::{GameInfo, GameOption};

use crate::present::options;

/// One option of a game, as the rules page lists it.
#[derive(Debug, Clone)]
pub struct OptionRow {
    /// The name the API uses (`target_rule`).
    pub name: String,
    /// The name the lobby's form shows (`Target rule`).
    pub label: String,
    pub description: String,
    /// The values it takes, in words: `on or off`, `a whole number from 500 to 1000`, ...
    pub values: String,
    /// The default, in words (as the lobby shows it).
    pub default: String,
}

impl OptionRow {
    pub fn of(game: GameId, option: &GameOption) -> OptionRow {
        let values = match option.kind.as_str() {
            "bool" => "on or off".to_owned(),
            "integer" => match (option.min, option.max) {
                (Some(min), Some(max)) => format!("a whole number from {min} to {max}"),
                _ => "a whole number".to_owned(),
            },
            _ => {
                let choices: Vec<String> = option
                    .values
                    .iter()
                    .flatten()
                    .map(|v| options::value_words(game, &option.name, &Value::from(v.as_str())))
                    .collect();
                format!("one of: {}", choices.join("; "))
            }
        };
        OptionRow {
            name: option.name.clone(),
            label: options::label_or_name(game, &option.name),
            description: option.description.clone(),
            values,
            default: options::value_words(game, &option.name, &option.default),
        }
    }

    /// Every option of a game.
    pub fn all(game: GameId, info: &GameInfo) -> Vec<OptionRow> {
        info.options
            .iter()
            .map(|option| OptionRow::of(game, option))
            .collect()
    }
}

/// The default of one option of a game, in words (`750`, `off`), or `""` if it has no such
/// option.
pub fn default_of(game: GameId, info: &GameInfo, name: &str) -> String {
    info.options
        .iter()
        .find(|o| o.name == name)
        .map(|o| options::value_words(game, &o.name, &o.default))
        .unwrap_or_default()
}

/// The printed grid of La Linotte or Yam Master, row by row, with that game's labels.
pub fn linotte_grid(game: GameId) -> Vec<Vec<&'static str>> {
    LAYOUT
        .iter()
        .map(|row| row.iter().map(|cell| cell.label(game)).collect())
        .collect()
}

/// A box of the Yams score sheet, with an example worked out by the rules crate.
#[derive(Debug, Clone)]
pub struct BoxRow {
    pub name: &'static str,
    /// What the dice must show.
    pub condition: &'static str,
    /// What the box scores when they do.
    pub score: &'static str,
    /// Example dice, `4-4-4-2-6`.
    pub example: String,
    /// What the example dice score in the box.
    pub points: u8,
    /// The option that adds the box, for the optional ones.
    pub option: Option<&'static str>,
}

fn box_row(
    which: BoxId,
    condition: &'static str,
    score: &'static str,
    example: [u8; 5],
    option: Option<&'static str>,
) -> BoxRow {
    let mut options = yams::Options::default();
    match option {
        Some("double_paire") => options.double_paire = true,
        Some("split_suites") => options.split_suites = true,
        Some("maxi_mini") => options.maxi_mini = true,
        _ => {}
    }
    let points = Dice::new(&example).map_or(0, |dice| which.points(&dice, &options));
    BoxRow {
        name: which.name(),
        condition,
        score,
        example: dice_text(&example),
        points,
        option,
    }
}

/// The boxes of the default score sheet, in sheet order.
pub fn yams_boxes() -> Vec<BoxRow> {
    vec![
        box_row(
            BoxId::Un,
            "any dice",
            "1 point per 1",
            [1, 1, 1, 4, 6],
            None,
        ),
        box_row(
            BoxId::Deux,
            "any dice",
            "2 points per 2",
            [2, 2, 5, 6, 6],
            None,
        ),
        box_row(
            BoxId::Trois,
            "any dice",
            "3 points per 3",
            [3, 3, 3, 3, 1],
            None,
        ),
        box_row(
            BoxId::Quatre,
            "any dice",
            "4 points per 4",
            [4, 4, 2, 3, 5],
            None,
        ),
        box_row(
            BoxId::Cinq,
            "any dice",
            "5 points per 5",
            [5, 5, 5, 1, 2],
            None,
        ),
        box_row(
            BoxId::Six,
            "any dice",
            "6 points per 6",
            [6, 6, 6, 2, 3],
            None,
        ),
        box_row(
            BoxId::Brelan,
            "at least three dice of one face",
            "10",
            [4, 4, 4, 2, 6],
            None,
        ),
        box_row(
            BoxId::Suite,
            "1-2-3-4-5 or 2-3-4-5-6",
            "20",
            [2, 3, 4, 5, 6],
            None,
        ),
        box_row(
            BoxId::Full,
            "three of one face and two of another",
            "30",
            [5, 5, 5, 2, 2],
            None,
        ),
        box_row(
            BoxId::Carre,
            "at least four dice of one face",
            "40",
            [3, 3, 3, 3, 6],
            None,
        ),
        box_row(
            BoxId::Yams,
            "five dice of one face",
            "50",
            [6, 6, 6, 6, 6],
            None,
        ),
        box_row(
            BoxId::Chance,
            "any dice",
            "the sum of the dice",
            [6, 5, 5, 3, 2],
            None,
        ),
    ]
}

/// The boxes that options add or split.
pub fn yams_optional_boxes() -> Vec<BoxRow> {
    vec![
        box_row(
            BoxId::DoublePaire,
            "two pairs of different faces",
            "the sum of the four paired dice",
            [5, 5, 2, 2, 6],
            Some("double_paire"),
        ),
        box_row(
            BoxId::PetiteSuite,
            "1-2-3-4-5",
            "30",
            [1, 2, 3, 4, 5],
            Some("split_suites"),
        ),
        box_row(
            BoxId::GrandeSuite,
            "2-3-4-5-6",
            "40",
            [2, 3, 4, 5, 6],
            Some("split_suites"),
        ),
        box_row(
            BoxId::Maxi,
            "any dice, but more than in Mini",
            "the sum of the dice",
            [6, 6, 5, 5, 4],
            Some("maxi_mini"),
        ),
        box_row(
            BoxId::Mini,
            "any dice, but less than in Maxi",
            "the sum of the dice",
            [1, 1, 2, 3, 2],
            Some("maxi_mini"),
        ),
    ]
}

/// A line of a points table: what the dice show and what they are worth.
#[derive(Debug, Clone)]
pub struct PointsRow {
    pub dice: String,
    pub points: String,
}

/// The scoring groups of 5000, with the default value of the straights.
pub fn five_thousand_groups(info: &GameInfo) -> Vec<PointsRow> {
    let mut rows = vec![
        PointsRow {
            dice: "a single 1".to_owned(),
            points: five_thousand::single(1).to_string(),
        },
        PointsRow {
            dice: "a single 5".to_owned(),
            points: five_thousand::single(5).to_string(),
        },
    ];
    for face in 1..=6 {
        rows.push(PointsRow {
            dice: format!("three {face}s"),
            points: five_thousand::brelan(face).to_string(),
        });
    }
    let straight = default_of(GameId::FiveThousand, info, "straight_value");
    rows.push(PointsRow {
        dice: "1-2-3-4-5 (all five dice)".to_owned(),
        points: straight.clone(),
    });
    rows.push(PointsRow {
        dice: "2-3-4-5-6 (all five dice)".to_owned(),
        points: straight,
    });
    rows.push(PointsRow {
        dice: "five 5s".to_owned(),
        points: five_thousand::FIVE_FIVES.to_string(),
    });
    rows.push(PointsRow {
        dice: "five 1s".to_owned(),
        points: "you win the game at once".to_owned(),
    });
    rows
}

/// One result of 421 in the order of strength.
#[derive(Debug, Clone)]
pub struct ResultRow {
    /// Its place, 1 being the best (`17–55` for a group).
    pub rank: String,
    /// `4-2-1`.
    pub dice: String,
    /// Its family, in words (`fiche`, `brelan (baraque)`, ...).
    pub family: &'static str,
    pub tokens: u8,
}

fn family(category: Category) -> &'static str {
    match category {
        Category::FourTwoOne => "421",
        Category::ThreeAces => "three aces",
        Category::Fiche => "fiche",
        Category::Baraque => "baraque",
        Category::Suite => "suite",
        Category::Other => "ordinary",
        Category::Nenette => "nénette",
    }
}

/// The family of the ordinary results, once grouped on one line.
pub const ORDINARY_GROUP: &str = "ordinary (39 results)";

/// All 56 results of three dice, best first.
pub fn four_two_one_results() -> Vec<ResultRow> {
    Result421::all()
        .map(|r| ResultRow {
            rank: r.rank.to_string(),
            dice: dice_text(&r.dice),
            family: family(r.category),
            tokens: r.tokens,
        })
        .collect()
}

/// The 56 results grouped as the rules explain them: every special result on its own line,
/// the ordinary ones on one line (`6-6-5 … 3-2-2`, [`ORDINARY_GROUP`]).
pub fn four_two_one_order() -> Vec<ResultRow> {
    let all = four_two_one_results();
    let mut rows = Vec::new();
    let ordinary: Vec<&ResultRow> = all.iter().filter(|r| r.family == "ordinary").collect();
    for row in &all {
        if row.family != "ordinary" {
            rows.push(row.clone());
        } else if let (Some(first), Some(last)) = (ordinary.first(), ordinary.last())
            && row.rank == first.rank
        {
            rows.push(ResultRow {
                rank: format!("{}–{}", first.rank, last.rank),
                dice: format!("{} … {}", first.dice, last.dice),
                family: ORDINARY_GROUP,
                tokens: row.tokens,
            });
        }
    }
    rows
}

/// A column of Can't Stop and its number of spaces.
#[derive(Debug, Clone, Copy)]
pub struct ColumnRow {
    pub label: u8,
    pub spaces: u8,
}

pub fn cant_stop_columns() -> Vec<ColumnRow> {
    cant_stop::HEIGHTS
        .iter()
        .enumerate()
        .map(|(index, spaces)| ColumnRow {
            label: cant_stop::label_of(index),
            spaces: *spaces,
        })
        .collect()
}

/// `4-4-4-2-6`.
pub fn dice_text(dice: &[u8]) -> String {
    dice.iter().map(u8::to_string).collect::<Vec<_>>().join("-")
}

#[cfg(test)]
mod tests {
    use tapis_service::games::describe;

    use super::*;

    #[test]
    fn options_read_as_the_lobby_shows_them() {
        let info = describe(GameId::FiveThousand);
        let rows = OptionRow::all(GameId::FiveThousand, &info);
        let rule = rows.iter().find(|r| r.name == "target_rule").unwrap();
        assert_eq!(rule.label, "Reaching the winning score");
        assert_eq!(rule.default, "reach it or go past it");
        assert_eq!(
            rule.values,
            "one of: reach it or go past it; hit it exactly; make the last 1000 points in one turn"
        );
        let opening = rows.iter().find(|r| r.name == "opening_threshold").unwrap();
        assert_eq!(opening.default, "750");
        assert_eq!(opening.values, "a whole number from 500 to 1000");
        let hot = rows
            .iter()
            .find(|r| r.name == "hot_dice_mandatory")
            .unwrap();
        assert_eq!(
            (hot.values.as_str(), hot.default.as_str()),
            ("on or off", "off")
        );
        assert_eq!(default_of(GameId::FiveThousand, &info, "target"), "5000");
        assert_eq!(
            default_of(GameId::FiveThousand, &info, "no_such_option"),
            ""
        );
    }

    #[test]
    fn the_linotte_grid_has_each_games_labels() {
        let linotte = linotte_grid(GameId::Linotte);
        assert_eq!(linotte.len(), 5);
        assert_eq!(linotte[0], ["1", "3", "Appel", "4", "6"]);
        assert_eq!(linotte[2], ["Small", "Full", "Yam", "Appel", "Quinte"]);
        let yam_master = linotte_grid(GameId::YamMaster);
        assert_eq!(yam_master[2], ["≤8", "Full", "Yam", "Défi", "Suite"]);
    }

    #[test]
    fn the_yams_examples_score_what_the_rules_say() {
        let points: Vec<(&str, u8)> = yams_boxes().iter().map(|b| (b.name, b.points)).collect();
        assert_eq!(
            points,
            [
                ("Un", 3),
                ("Deux", 4),
                ("Trois", 12),
                ("Quatre", 8),
                ("Cinq", 15),
                ("Six", 18),
                ("Brelan", 10),
                ("Suite", 20),
                ("Full", 30),
                ("Carré", 40),
                ("Yams", 50),
                ("Chance", 21),
            ]
        );
        let optional: Vec<(&str, u8)> = yams_optional_boxes()
            .iter()
            .map(|b| (b.name, b.points))
            .collect();
        assert_eq!(
            optional,
            [
                ("Double paire", 14),
                ("Petite suite", 30),
                ("Grande suite", 40),
                ("Maxi", 26),
                ("Mini", 9)
            ]
        );
    }

    #[test]
    fn the_5000_table_follows_the_rules() {
        let rows = five_thousand_groups(&describe(GameId::FiveThousand));
        let points = |dice: &str| rows.iter().find(|r| r.dice == dice).unwrap().points.clone();
        assert_eq!(points("a single 1"), "100");
        assert_eq!(points("a single 5"), "50");
        assert_eq!(points("three 1s"), "1000");
        assert_eq!(points("three 4s"), "400");
        assert_eq!(points("1-2-3-4-5 (all five dice)"), "1500");
        assert_eq!(points("five 5s"), "5000");
    }

    #[test]
    fn the_421_order_runs_from_421_to_the_nenette() {
        let all = four_two_one_results();
        assert_eq!(all.len(), 56);
        assert_eq!((all[0].dice.as_str(), all[0].tokens), ("4-2-1", 10));
        assert_eq!((all[2].dice.as_str(), all[2].family), ("6-1-1", "fiche"));
        assert_eq!((all[3].dice.as_str(), all[3].family), ("6-6-6", "baraque"));
        assert_eq!((all[55].dice.as_str(), all[55].tokens), ("2-2-1", 2));
        let order = four_two_one_order();
        assert_eq!(order.len(), 18);
        assert_eq!(order[16].dice, "6-6-5 … 3-2-2");
        assert_eq!(order[16].rank, "17–55");
        assert_eq!(order[17].rank, "56");
        assert_eq!(order[16].family, ORDINARY_GROUP);
        assert_eq!(all.iter().filter(|r| r.family == "ordinary").count(), 39);
        assert_eq!(order[16].tokens, 1);
        assert_eq!(order[17].family, "nénette");
    }

    #[test]
    fn cant_stop_columns_run_from_2_to_12() {
        let columns = cant_stop_columns();
        assert_eq!(columns.len(), 11);
        assert_eq!((columns[0].label, columns[0].spaces), (2, 3));
        assert_eq!((columns[5].label, columns[5].spaces), (7, 13));
        assert_eq!((columns[10].label, columns[10].spaces), (12, 3));
    }
}
