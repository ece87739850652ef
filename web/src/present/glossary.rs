//! The French words of the games, each with a short English explanation.
//!
//! Players meet these words on the rules pages, the score sheets and the turn logs: Tapis keeps
//! the French names (a *Brelan*, the *nénette*, the *décharge*) and explains them. [`lookup`]
//! finds a word whatever its case or accents (`carre` finds *Carré*), and [`abbr`] wraps a word
//! in an `<abbr>` whose `title` is the explanation, so a page can annotate a word wherever it
//! shows it:
//!
//! ```askama
//! {{ abbr("Brelan") }}   →   <abbr title="three of a kind: three dice showing the same face">Brelan</abbr>
//! ```

use std::fmt;

use askama::filters::HtmlSafe;
use tapis_games::GameId;
use tapis_games::GameId::{FiveThousand, FourTwoOne, Linja, Linotte, MakeFive, YamMaster, Yams};

/// A word of the games and what it means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Term {
    /// The word as the games write it (`Carré`, `nénette`).
    pub word: &'static str,
    /// What it means, in a few English words (fits in a tooltip).
    pub meaning: &'static str,
    /// The games that use it.
    pub games: &'static [GameId],
}

/// Every word, in alphabetical order (accents ignored).
pub const TERMS: &[Term] = &[
    Term {
        word: "Aligneur",
        meaning: "“the aligner”: in a deal of Make Five, the player who sorts the tokens into rows and scores",
        games: &[MakeFive],
    },
    Term {
        word: "Appel",
        meaning: "“call”: after the first throw, announcing the major combination you will make with the next throws",
        games: &[Linotte],
    },
    Term {
        word: "As",
        meaning: "ace: a die showing 1",
        games: &[FourTwoOne],
    },
    Term {
        word: "Ballot",
        meaning: "a throw of all five dice in which nothing scores",
        games: &[FiveThousand],
    },
    Term {
        word: "Baraque",
        meaning: "three dice of the same face (a brelan), in the slang of 421",
        games: &[FourTwoOne],
    },
    Term {
        word: "Barrer",
        meaning: "“to cross out”: writing 0 in a box because the dice do not fit it",
        games: &[Yams],
    },
    Term {
        word: "Brelan",
        meaning: "three of a kind: three dice showing the same face",
        games: &[Linotte, YamMaster, FiveThousand, FourTwoOne, Yams],
    },
    Term {
        word: "Carré",
        meaning: "four of a kind: four dice showing the same face",
        games: &[Linotte, YamMaster, Yams],
    },
    Term {
        word: "Chance",
        meaning: "the catch-all box of the score sheet: any five dice, scored as their sum",
        games: &[Yams],
    },
    Term {
        word: "Charge",
        meaning: "“loading”: the first phase of 421, when the loser of each round takes tokens from the pot",
        games: &[FourTwoOne],
    },
    Term {
        word: "Cinq",
        meaning: "“five”: the box of the fives, worth 5 points per die showing 5",
        games: &[Yams],
    },
    Term {
        word: "Cinq sur Cinq",
        meaning: "“five out of five”: the French name of Make Five",
        games: &[MakeFive],
    },
    Term {
        word: "Coup de départ",
        meaning: "“starting move”: the first move of a Linja turn, one piece one row forward",
        games: &[Linja],
    },
    Term {
        word: "Coup de suite",
        meaning: "“follow-up move”: the second move of a Linja turn, as many rows as pieces were found where the first move landed",
        games: &[Linja],
    },
    Term {
        word: "Décharge",
        meaning: "“unloading”: the second phase of 421, when the winner of each round gives tokens to the loser",
        games: &[FourTwoOne],
    },
    Term {
        word: "Défi",
        meaning: "“challenge”: after the first throw, promising to make some major combination with the next throws",
        games: &[YamMaster],
    },
    Term {
        word: "Destructeur",
        meaning: "“the destroyer”: in a deal of Make Five, the player who draws the tokens and places them to spoil the rows",
        games: &[MakeFive],
    },
    Term {
        word: "Deux",
        meaning: "“two”: the box of the twos, worth 2 points per die showing 2",
        games: &[Yams],
    },
    Term {
        word: "Double paire",
        meaning: "two pairs: two dice of one face and two of another",
        games: &[Yams],
    },
    Term {
        word: "Espagnole",
        meaning: "“the Spanish one”: one player holding all 21 tokens when the charge ends",
        games: &[FourTwoOne],
    },
    Term {
        word: "Fiche",
        meaning: "two aces and another die, such as 6-1-1",
        games: &[FourTwoOne],
    },
    Term {
        word: "Full",
        meaning: "full house: three dice of one face and two of another",
        games: &[Linotte, YamMaster, Yams],
    },
    Term {
        word: "Grande suite",
        meaning: "large straight: 2-3-4-5-6",
        games: &[Yams],
    },
    Term {
        word: "Jeton",
        meaning: "token: 421 is played with a pot of 21 of them",
        games: &[FourTwoOne],
    },
    Term {
        word: "Le bon",
        meaning: "“the good one”: stopping before your throws are used up, happy with your dice",
        games: &[FourTwoOne],
    },
    Term {
        word: "Main",
        meaning: "“hand”: the dice you still hold and may throw",
        games: &[FiveThousand],
    },
    Term {
        word: "Main pleine",
        meaning: "“full hand” (hot dice): all five dice have scored, so you may throw all five again",
        games: &[FiveThousand],
    },
    Term {
        word: "Make 5",
        meaning: "five rows of a single colour each: 25 points, and the match is won at once",
        games: &[MakeFive],
    },
    Term {
        word: "Maxi",
        meaning: "a box for a high sum of dice: it must beat the Mini box",
        games: &[Yams],
    },
    Term {
        word: "Mini",
        meaning: "a box for a low sum of dice: it must stay under the Maxi box",
        games: &[Yams],
    },
    Term {
        word: "Nénette",
        meaning: "2-2-1, the weakest throw of 421",
        games: &[FourTwoOne],
    },
    Term {
        word: "Petite suite",
        meaning: "small straight: 1-2-3-4-5",
        games: &[Yams],
    },
    Term {
        word: "Prime",
        meaning: "the bonus of the score sheet's upper part, for 63 points or more in Un to Six",
        games: &[Yams],
    },
    Term {
        word: "Quatre",
        meaning: "“four”: the box of the fours, worth 4 points per die showing 4",
        games: &[Yams],
    },
    Term {
        word: "Quinte",
        meaning: "a straight of five dice: 1-2-3-4-5 or 2-3-4-5-6",
        games: &[Linotte],
    },
    Term {
        word: "Sec",
        meaning: "“dry”: a major combination made on the first throw, without throwing again",
        games: &[Linotte, YamMaster],
    },
    Term {
        word: "Six",
        meaning: "“six”: the box of the sixes, worth 6 points per die showing 6",
        games: &[Yams],
    },
    Term {
        word: "Suite",
        meaning: "a straight: dice with faces in a row (five dice in Yams and Yam Master, three in 421)",
        games: &[YamMaster, FourTwoOne, Yams],
    },
    Term {
        word: "Tapis",
        meaning: "“carpet”: the green cloth of a card or dice table",
        games: &[],
    },
    Term {
        word: "Trois",
        meaning: "“three”: the box of the threes, worth 3 points per die showing 3",
        games: &[Yams],
    },
    Term {
        word: "Un",
        meaning: "“one”: the box of the ones, worth 1 point per die showing 1",
        games: &[Yams],
    },
    Term {
        word: "Yam",
        meaning: "five of a kind: all five dice showing the same face",
        games: &[Linotte, YamMaster],
    },
    Term {
        word: "Yam Predator",
        meaning: "with a Yam, removing an opponent's pawn from the grid instead of placing your own",
        games: &[YamMaster],
    },
    Term {
        word: "Yams",
        meaning: "five of a kind: all five dice showing the same face (also the name of French Yahtzee)",
        games: &[Yams],
    },
    Term {
        word: "421",
        meaning: "a 4, a 2 and a 1: the best throw of the game of that name",
        games: &[FourTwoOne],
    },
];

/// `Carré`, `CARRE` and `carre` all give `carre`: lower case without accents, single spaces.
fn fold(word: &str) -> String {
    let mut out = String::with_capacity(word.len());
    for c in word.trim().chars().flat_map(char::to_lowercase) {
        let plain = match c {
            'à' | 'â' | 'ä' => 'a',
            'é' | 'è' | 'ê' | 'ë' => 'e',
            'î' | 'ï' => 'i',
            'ô' | 'ö' => 'o',
            'ù' | 'û' | 'ü' => 'u',
            'ç' => 'c',
            '’' => '\'',
            c if c.is_whitespace() => ' ',
            c => c,
        };
        if plain == ' ' && out.ends_with(' ') {
            continue;
        }
        out.push(plain);
    }
    out
}

/// The term for a word, whatever its case or accents.
pub fn lookup(word: &str) -> Option<&'static Term> {
    let key = fold(word);
    TERMS.iter().find(|term| fold(term.word) == key)
}

/// What a word means, if the glossary knows it.
pub fn explain(word: &str) -> Option<&'static str> {
    lookup(word).map(|term| term.meaning)
}

/// The words a game uses, in alphabetical order.
pub fn for_game(game: GameId) -> Vec<&'static Term> {
    TERMS
        .iter()
        .filter(|term| term.games.contains(&game))
        .collect()
}

/// A word as HTML, annotated with its meaning when the glossary knows it:
/// `<abbr title="three of a kind: ...">Brelan</abbr>`, or the bare (escaped) word.
///
/// It displays the word as given (`brelans`, `Carré`), and looks it up as given, then without a
/// final `s`, so plurals find their term. The output is escaped HTML, safe to write into a
/// template as it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Abbr {
    pub word: String,
    pub meaning: Option<&'static str>,
}

/// Annotates `word` (see [`Abbr`]).
pub fn abbr(word: &str) -> Abbr {
    let meaning = explain(word).or_else(|| word.strip_suffix('s').and_then(explain));
    Abbr {
        word: word.to_owned(),
        meaning,
    }
}

impl fmt::Display for Abbr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.meaning {
            Some(meaning) => write!(
                f,
                "<abbr title=\"{}\">{}</abbr>",
                escape(meaning),
                escape(&self.word)
            ),
            None => f.write_str(&escape(&self.word)),
        }
    }
}

/// The `Display` output escapes everything it writes, so askama must not escape it again.
impl HtmlSafe for Abbr {}

/// Escapes text for HTML content and double-quoted attributes.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use askama::Template;

    use super::*;

    #[test]
    fn words_are_found_whatever_their_case_or_accents() {
        assert_eq!(
            explain("Brelan"),
            Some("three of a kind: three dice showing the same face")
        );
        for spelling in ["Carré", "carre", "CARRÉ", " carré "] {
            assert_eq!(
                lookup(spelling).map(|t| t.word),
                Some("Carré"),
                "{spelling}"
            );
        }
        assert_eq!(lookup("defi").map(|t| t.word), Some("Défi"));
        assert_eq!(lookup("nenette").map(|t| t.word), Some("Nénette"));
        assert_eq!(lookup("decharge").map(|t| t.word), Some("Décharge"));
        assert_eq!(lookup("main   pleine").map(|t| t.word), Some("Main pleine"));
        assert_eq!(lookup("421").map(|t| t.word), Some("421"));
        // Close words stay apart.
        assert_eq!(lookup("Yam").map(|t| t.word), Some("Yam"));
        assert_eq!(lookup("Yams").map(|t| t.word), Some("Yams"));
        assert_eq!(lookup("Main").map(|t| t.word), Some("Main"));
    }

    #[test]
    fn unknown_words_are_not_found() {
        assert_eq!(lookup("Straight flush"), None);
        assert_eq!(lookup(""), None);
        assert_eq!(explain("échec"), None);
    }

    #[test]
    fn every_term_is_explained_once_and_the_list_is_sorted() {
        let keys: Vec<String> = TERMS.iter().map(|t| fold(t.word)).collect();
        for (i, term) in TERMS.iter().enumerate() {
            assert!(!term.meaning.trim().is_empty(), "{}", term.word);
            assert!(
                term.meaning.len() <= 160,
                "{} is too long a tooltip",
                term.word
            );
            assert!(
                !keys[i + 1..].contains(&keys[i]),
                "{} is in the glossary twice",
                term.word
            );
        }
        // Alphabetical, accents ignored, digits after letters.
        let order = |k: &String| (k.starts_with(|c: char| c.is_ascii_digit()), k.clone());
        let mut sorted = keys.clone();
        sorted.sort_by_key(order);
        assert_eq!(keys, sorted);
    }

    #[test]
    fn each_game_has_its_words() {
        let words = |game| -> Vec<&str> { for_game(game).iter().map(|t| t.word).collect() };
        assert!(words(GameId::FourTwoOne).contains(&"Nénette"));
        assert!(words(GameId::FourTwoOne).contains(&"Décharge"));
        assert!(words(GameId::Linotte).contains(&"Appel"));
        assert!(!words(GameId::Linotte).contains(&"Défi"));
        assert!(words(GameId::YamMaster).contains(&"Défi"));
        assert!(words(GameId::Yams).contains(&"Prime"));
        assert!(words(GameId::FiveThousand).contains(&"Main pleine"));
        assert!(words(GameId::MakeFive).contains(&"Aligneur"));
        assert!(words(GameId::Linja).contains(&"Coup de suite"));
        // Can't Stop speaks English only.
        assert!(words(GameId::CantStop).is_empty());
        for game in GameId::ALL {
            for term in for_game(game) {
                assert_eq!(lookup(term.word), Some(term));
            }
        }
    }

    #[test]
    fn abbr_annotates_known_words_and_escapes_everything() {
        assert_eq!(
            abbr("Full").to_string(),
            "<abbr title=\"full house: three dice of one face and two of another\">Full</abbr>"
        );
        // A plural finds its term and keeps its spelling.
        assert_eq!(
            abbr("brelans").meaning,
            Some("three of a kind: three dice showing the same face")
        );
        assert!(abbr("brelans").to_string().ends_with(">brelans</abbr>"));
        assert_eq!(
            abbr("<b>Tom & Jerry</b>").to_string(),
            "&lt;b&gt;Tom &amp; Jerry&lt;/b&gt;"
        );
        assert!(
            abbr("Le bon")
                .to_string()
                .contains("title=\"“the good one”")
        );
    }

    #[derive(Template)]
    #[template(source = "<p>{{ abbr(word) }} and {{ word }}</p>", ext = "html")]
    struct Sample<'a> {
        word: &'a str,
    }

    impl Sample<'_> {
        fn abbr(&self, word: &str) -> Abbr {
            abbr(word)
        }
    }

    #[test]
    fn templates_write_an_abbr_without_escaping_it_twice() {
        let html = Sample { word: "Nénette" }.render().unwrap();
        assert_eq!(
            html,
            "<p><abbr title=\"2-2-1, the weakest throw of 421\">Nénette</abbr> and Nénette</p>"
        );
        let hostile = Sample { word: "<i>x</i>" }.render().unwrap();
        assert_eq!(
            hostile,
            "<p>&lt;i&gt;x&lt;/i&gt; and &#60;i&#62;x&#60;/i&#62;</p>"
        );
    }
}
