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
use tapis_l10n::Language;
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
    pub fn of(game: GameId, option: &GameOption, lang: Language) -> OptionRow {
        let values = match option.kind.as_str() {
            "bool" => lang.t("rules-value-on-off"),
            "integer" => match (option.min, option.max) {
                (Some(min), Some(max)) => {
                    // Written as the API takes them (`1000`), in both languages.
                    let (min, max) = (min.to_string(), max.to_string());
                    lang.t2("rules-value-number-range", "min", min, "max", max)
                }
                _ => lang.t("rules-value-whole-number"),
            },
            _ => {
                let choices: Vec<String> = option
                    .values
                    .iter()
                    .flatten()
                    .map(|v| {
                        options::value_words(game, &option.name, &Value::from(v.as_str()), lang)
                    })
                    .collect();
                let separator = match lang {
                    Language::En => "; ",
                    Language::Fr => "\u{a0}; ",
                };
                lang.t1("rules-value-one-of", "choices", choices.join(separator))
            }
        };
        OptionRow {
            name: option.name.clone(),
            label: options::label_or_name(game, &option.name, lang),
            description: options::description(game, &option.name, &option.description, lang),
            values,
            default: value_in(game, &option.name, &option.default, lang),
        }
    }

    /// Every option of a game.
    pub fn all(game: GameId, info: &GameInfo, lang: Language) -> Vec<OptionRow> {
        info.options
            .iter()
            .map(|option| OptionRow::of(game, option, lang))
            .collect()
    }
}

/// The default of one option of a game, in words (`750`, `off`), or `""` if it has no such
/// option.
pub fn default_of(game: GameId, info: &GameInfo, name: &str, lang: Language) -> String {
    info.options
        .iter()
        .find(|o| o.name == name)
        .map(|o| value_in(game, &o.name, &o.default, lang))
        .unwrap_or_default()
}

/// A value of an option in words, in `lang`: `on` / `off`, a number (as written in the API),
/// or a choice's words.
fn value_in(game: GameId, option: &str, value: &Value, lang: Language) -> String {
    match value {
        Value::Bool(true) => lang.t("rules-value-on"),
        Value::Bool(false) => lang.t("rules-value-off"),
        _ => options::value_words(game, option, value, lang),
    }
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
    pub condition: String,
    /// What the box scores when they do.
    pub score: String,
    /// Example dice, `4-4-4-2-6`.
    pub example: String,
    /// What the example dice score in the box.
    pub points: u8,
    /// The option that adds the box, for the optional ones.
    pub option: Option<&'static str>,
}

fn box_row(
    which: BoxId,
    condition: String,
    score: String,
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
pub fn yams_boxes(lang: Language) -> Vec<BoxRow> {
    let any = || lang.t("rules-yams-any-dice");
    let per = |face: u8| lang.t1("rules-yams-points-per-face", "face", face);
    let t = |key: &str| lang.t(key);
    let upper = [
        (BoxId::Un, [1, 1, 1, 4, 6]),
        (BoxId::Deux, [2, 2, 5, 6, 6]),
        (BoxId::Trois, [3, 3, 3, 3, 1]),
        (BoxId::Quatre, [4, 4, 2, 3, 5]),
        (BoxId::Cinq, [5, 5, 5, 1, 2]),
        (BoxId::Six, [6, 6, 6, 2, 3]),
    ];
    let mut rows: Vec<BoxRow> = upper
        .into_iter()
        .zip(1u8..)
        .map(|((which, example), face)| box_row(which, any(), per(face), example, None))
        .collect();
    rows.extend([
        box_row(
            BoxId::Brelan,
            t("rules-yams-brelan-condition"),
            "10".to_owned(),
            [4, 4, 4, 2, 6],
            None,
        ),
        box_row(
            BoxId::Suite,
            t("rules-yams-suite-condition"),
            "20".to_owned(),
            [2, 3, 4, 5, 6],
            None,
        ),
        box_row(
            BoxId::Full,
            t("rules-yams-full-condition"),
            "30".to_owned(),
            [5, 5, 5, 2, 2],
            None,
        ),
        box_row(
            BoxId::Carre,
            t("rules-yams-carre-condition"),
            "40".to_owned(),
            [3, 3, 3, 3, 6],
            None,
        ),
        box_row(
            BoxId::Yams,
            t("rules-yams-yams-condition"),
            "50".to_owned(),
            [6, 6, 6, 6, 6],
            None,
        ),
        box_row(
            BoxId::Chance,
            any(),
            t("rules-yams-sum-of-dice"),
            [6, 5, 5, 3, 2],
            None,
        ),
    ]);
    rows
}

/// The boxes that options add or split.
pub fn yams_optional_boxes(lang: Language) -> Vec<BoxRow> {
    let t = |key: &str| lang.t(key);
    vec![
        box_row(
            BoxId::DoublePaire,
            t("rules-yams-double-paire-condition"),
            t("rules-yams-double-paire-score"),
            [5, 5, 2, 2, 6],
            Some("double_paire"),
        ),
        box_row(
            BoxId::PetiteSuite,
            "1-2-3-4-5".to_owned(),
            "30".to_owned(),
            [1, 2, 3, 4, 5],
            Some("split_suites"),
        ),
        box_row(
            BoxId::GrandeSuite,
            "2-3-4-5-6".to_owned(),
            "40".to_owned(),
            [2, 3, 4, 5, 6],
            Some("split_suites"),
        ),
        box_row(
            BoxId::Maxi,
            t("rules-yams-maxi-condition"),
            t("rules-yams-sum-of-dice"),
            [6, 6, 5, 5, 4],
            Some("maxi_mini"),
        ),
        box_row(
            BoxId::Mini,
            t("rules-yams-mini-condition"),
            t("rules-yams-sum-of-dice"),
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
pub fn five_thousand_groups(info: &GameInfo, lang: Language) -> Vec<PointsRow> {
    // The points as the game's own table writes them (`1000`), in both languages.
    let points = |n: u32| n.to_string();
    let mut rows = vec![
        PointsRow {
            dice: lang.t1("rules-5000-single", "face", 1),
            points: points(five_thousand::single(1)),
        },
        PointsRow {
            dice: lang.t1("rules-5000-single", "face", 5),
            points: points(five_thousand::single(5)),
        },
    ];
    for face in 1..=6 {
        rows.push(PointsRow {
            dice: lang.t1("rules-5000-three", "face", face),
            points: points(five_thousand::brelan(face)),
        });
    }
    let straight = default_of(GameId::FiveThousand, info, "straight_value", lang);
    for run in ["1-2-3-4-5", "2-3-4-5-6"] {
        rows.push(PointsRow {
            dice: lang.t1("rules-5000-straight", "run", run),
            points: straight.clone(),
        });
    }
    rows.push(PointsRow {
        dice: lang.t1("rules-5000-five", "face", 5),
        points: points(five_thousand::FIVE_FIVES),
    });
    rows.push(PointsRow {
        dice: lang.t1("rules-5000-five", "face", 1),
        points: lang.t("rules-5000-five-ones-win"),
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
    pub category: Category,
    /// Its family, in words (`fiche`, `baraque`, ...).
    pub family: String,
    pub tokens: u8,
}

/// The family of a result, in words: the French names stay French in both languages.
fn family(category: Category, lang: Language) -> String {
    match category {
        Category::FourTwoOne => "421".to_owned(),
        Category::ThreeAces => lang.t("rules-421-three-aces"),
        Category::Fiche => "fiche".to_owned(),
        Category::Baraque => "baraque".to_owned(),
        Category::Suite => "suite".to_owned(),
        Category::Other => lang.t("rules-421-ordinary"),
        Category::Nenette => "nénette".to_owned(),
    }
}

/// All 56 results of three dice, best first.
pub fn four_two_one_results(lang: Language) -> Vec<ResultRow> {
    Result421::all()
        .map(|r| ResultRow {
            rank: r.rank.to_string(),
            dice: dice_text(&r.dice),
            category: r.category,
            family: family(r.category, lang),
            tokens: r.tokens,
        })
        .collect()
}

/// The 56 results grouped as the rules explain them: every special result on its own line,
/// the ordinary ones on one line (`6-6-5 … 3-2-2`, `ordinary (39 results)`).
pub fn four_two_one_order(lang: Language) -> Vec<ResultRow> {
    let all = four_two_one_results(lang);
    let mut rows = Vec::new();
    let ordinary: Vec<&ResultRow> = all
        .iter()
        .filter(|r| r.category == Category::Other)
        .collect();
    for row in &all {
        if row.category != Category::Other {
            rows.push(row.clone());
        } else if let (Some(first), Some(last)) = (ordinary.first(), ordinary.last())
            && row.rank == first.rank
        {
            rows.push(ResultRow {
                rank: format!("{}–{}", first.rank, last.rank),
                dice: format!("{} … {}", first.dice, last.dice),
                category: Category::Other,
                family: lang.t1("rules-421-ordinary-group", "count", ordinary.len()),
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
        let rows = OptionRow::all(GameId::FiveThousand, &info, Language::En);
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
        assert_eq!(
            default_of(GameId::FiveThousand, &info, "target", Language::En),
            "5000"
        );
        assert_eq!(
            default_of(GameId::FiveThousand, &info, "no_such_option", Language::En),
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
        let points: Vec<(&str, u8)> = yams_boxes(Language::En)
            .iter()
            .map(|b| (b.name, b.points))
            .collect();
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
        let optional: Vec<(&str, u8)> = yams_optional_boxes(Language::En)
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
        let rows = five_thousand_groups(&describe(GameId::FiveThousand), Language::En);
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
        let all = four_two_one_results(Language::En);
        assert_eq!(all.len(), 56);
        assert_eq!((all[0].dice.as_str(), all[0].tokens), ("4-2-1", 10));
        assert_eq!(
            (all[2].dice.as_str(), all[2].family.as_str()),
            ("6-1-1", "fiche")
        );
        assert_eq!(
            (all[3].dice.as_str(), all[3].family.as_str()),
            ("6-6-6", "baraque")
        );
        assert_eq!((all[55].dice.as_str(), all[55].tokens), ("2-2-1", 2));
        let order = four_two_one_order(Language::En);
        assert_eq!(order.len(), 18);
        assert_eq!(order[16].dice, "6-6-5 … 3-2-2");
        assert_eq!(order[16].rank, "17–55");
        assert_eq!(order[17].rank, "56");
        assert_eq!(order[16].family, "ordinary (39 results)");
        assert_eq!(all.iter().filter(|r| r.family == "ordinary").count(), 39);
        assert_eq!(order[16].tokens, 1);
        assert_eq!(order[17].family, "nénette");
        let french = four_two_one_order(Language::Fr);
        assert_eq!(french[16].family, "ordinaires (39 résultats)");
        assert_eq!(french[1].family, "trois as");
    }

    #[test]
    fn the_tables_read_in_french() {
        let info = describe(GameId::FiveThousand);
        let rows = OptionRow::all(GameId::FiveThousand, &info, Language::Fr);
        let opening = rows.iter().find(|r| r.name == "opening_threshold").unwrap();
        assert_eq!(opening.values, "un nombre entier de 500 à 1000");
        let groups = five_thousand_groups(&info, Language::Fr);
        assert_eq!(groups[0].dice, "un 1 seul");
        assert_eq!(yams_boxes(Language::Fr)[0].score, "1 point par 1");
        assert_eq!(yams_boxes(Language::Fr)[1].score, "2 points par 2");
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
