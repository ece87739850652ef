//! The French words of the games, each with a short explanation (in English for English
//! readers, in French for French ones: `l10n/locales/*/glossary.ftl`).
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
use tapis_l10n::Language;

/// A word of the games and what it means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Term {
    /// The word as the games write it (`Carré`, `nénette`), the same in every language.
    pub word: &'static str,
    /// The message (area `glossary`) that says what it means, in a few words (fits in a
    /// tooltip).
    pub key: &'static str,
    /// The games that use it.
    pub games: &'static [GameId],
}

impl Term {
    /// What the word means, in `lang`.
    pub fn meaning(&self, lang: impl std::borrow::Borrow<Language>) -> String {
        lang.borrow().t(self.key)
    }
}

/// Every word, in alphabetical order (accents ignored).
pub const TERMS: &[Term] = &[
    Term {
        word: "Aligneur",
        key: "glossary-aligneur",
        games: &[MakeFive],
    },
    Term {
        word: "Appel",
        key: "glossary-appel",
        games: &[Linotte],
    },
    Term {
        word: "As",
        key: "glossary-as",
        games: &[FourTwoOne],
    },
    Term {
        word: "Ballot",
        key: "glossary-ballot",
        games: &[FiveThousand],
    },
    Term {
        word: "Baraque",
        key: "glossary-baraque",
        games: &[FourTwoOne],
    },
    Term {
        word: "Barrer",
        key: "glossary-barrer",
        games: &[Yams],
    },
    Term {
        word: "Brelan",
        key: "glossary-brelan",
        games: &[Linotte, YamMaster, FiveThousand, FourTwoOne, Yams],
    },
    Term {
        word: "Carré",
        key: "glossary-carre",
        games: &[Linotte, YamMaster, Yams],
    },
    Term {
        word: "Chance",
        key: "glossary-chance",
        games: &[Yams],
    },
    Term {
        word: "Charge",
        key: "glossary-charge",
        games: &[FourTwoOne],
    },
    Term {
        word: "Cinq",
        key: "glossary-cinq",
        games: &[Yams],
    },
    Term {
        word: "Cinq sur Cinq",
        key: "glossary-cinq-sur-cinq",
        games: &[MakeFive],
    },
    Term {
        word: "Coup de départ",
        key: "glossary-coup-de-depart",
        games: &[Linja],
    },
    Term {
        word: "Coup de suite",
        key: "glossary-coup-de-suite",
        games: &[Linja],
    },
    Term {
        word: "Décharge",
        key: "glossary-decharge",
        games: &[FourTwoOne],
    },
    Term {
        word: "Défi",
        key: "glossary-defi",
        games: &[YamMaster],
    },
    Term {
        word: "Destructeur",
        key: "glossary-destructeur",
        games: &[MakeFive],
    },
    Term {
        word: "Deux",
        key: "glossary-deux",
        games: &[Yams],
    },
    Term {
        word: "Double paire",
        key: "glossary-double-paire",
        games: &[Yams],
    },
    Term {
        word: "Espagnole",
        key: "glossary-espagnole",
        games: &[FourTwoOne],
    },
    Term {
        word: "Fiche",
        key: "glossary-fiche",
        games: &[FourTwoOne],
    },
    Term {
        word: "Full",
        key: "glossary-full",
        games: &[Linotte, YamMaster, Yams],
    },
    Term {
        word: "Grande suite",
        key: "glossary-grande-suite",
        games: &[Yams],
    },
    Term {
        word: "Jeton",
        key: "glossary-jeton",
        games: &[FourTwoOne],
    },
    Term {
        word: "Le bon",
        key: "glossary-le-bon",
        games: &[FourTwoOne],
    },
    Term {
        word: "Main",
        key: "glossary-main",
        games: &[FiveThousand],
    },
    Term {
        word: "Main pleine",
        key: "glossary-main-pleine",
        games: &[FiveThousand],
    },
    Term {
        word: "Make 5",
        key: "glossary-make-5",
        games: &[MakeFive],
    },
    Term {
        word: "Maxi",
        key: "glossary-maxi",
        games: &[Yams],
    },
    Term {
        word: "Mini",
        key: "glossary-mini",
        games: &[Yams],
    },
    Term {
        word: "Nénette",
        key: "glossary-nenette",
        games: &[FourTwoOne],
    },
    Term {
        word: "Petite suite",
        key: "glossary-petite-suite",
        games: &[Yams],
    },
    Term {
        word: "Prime",
        key: "glossary-prime",
        games: &[Yams],
    },
    Term {
        word: "Quatre",
        key: "glossary-quatre",
        games: &[Yams],
    },
    Term {
        word: "Quinte",
        key: "glossary-quinte",
        games: &[Linotte],
    },
    Term {
        word: "Sec",
        key: "glossary-sec",
        games: &[Linotte, YamMaster],
    },
    Term {
        word: "Six",
        key: "glossary-six",
        games: &[Yams],
    },
    Term {
        word: "Suite",
        key: "glossary-suite",
        games: &[YamMaster, FourTwoOne, Yams],
    },
    Term {
        word: "Tapis",
        key: "glossary-tapis",
        games: &[],
    },
    Term {
        word: "Trois",
        key: "glossary-trois",
        games: &[Yams],
    },
    Term {
        word: "Un",
        key: "glossary-un",
        games: &[Yams],
    },
    Term {
        word: "Yam",
        key: "glossary-yam",
        games: &[Linotte, YamMaster],
    },
    Term {
        word: "Yam Predator",
        key: "glossary-yam-predator",
        games: &[YamMaster],
    },
    Term {
        word: "Yams",
        key: "glossary-yams",
        games: &[Yams],
    },
    Term {
        word: "421",
        key: "glossary-421",
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

/// What a word means, in `lang`, if the glossary knows it.
pub fn explain(word: &str, lang: Language) -> Option<String> {
    lookup(word).map(|term| term.meaning(lang))
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
    pub meaning: Option<String>,
}

/// Annotates `word` with its meaning in `lang` (see [`Abbr`]).
pub fn abbr(word: &str, lang: Language) -> Abbr {
    let meaning = explain(word, lang).or_else(|| {
        word.strip_suffix('s')
            .and_then(|singular| explain(singular, lang))
    });
    Abbr {
        word: word.to_owned(),
        meaning,
    }
}

impl fmt::Display for Abbr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.meaning {
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

/// Annotates the glossary words of a message that holds markup: every bare `<abbr>word</abbr>`
/// of `html` gets the word's meaning in `lang` as its `title` (see [`abbr`]). The rules pages
/// write their prose this way, so that the explanations stay in one place.
pub fn annotate(html: &str, lang: Language) -> String {
    const OPEN: &str = "<abbr>";
    const CLOSE: &str = "</abbr>";
    let mut out = String::with_capacity(html.len() * 2);
    let mut rest = html;
    while let Some(start) = rest.find(OPEN) {
        let after = &rest[start + OPEN.len()..];
        let Some(end) = after.find(CLOSE) else {
            break;
        };
        out.push_str(&rest[..start]);
        out.push_str(&abbr(&after[..end], lang).to_string());
        rest = &after[end + CLOSE.len()..];
    }
    out.push_str(rest);
    out
}

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
            explain("Brelan", Language::En).as_deref(),
            Some("three of a kind: three dice showing the same face")
        );
        assert_eq!(
            explain("Brelan", Language::Fr).as_deref(),
            Some("trois dés montrant la même face")
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
        assert_eq!(explain("échec", Language::En), None);
    }

    #[test]
    fn every_term_is_explained_once_and_the_list_is_sorted() {
        let keys: Vec<String> = TERMS.iter().map(|t| fold(t.word)).collect();
        for (i, term) in TERMS.iter().enumerate() {
            for lang in Language::ALL {
                let meaning = term.meaning(lang);
                assert!(!meaning.trim().is_empty(), "{}", term.word);
                assert!(
                    !meaning.contains(tapis_l10n::MISSING),
                    "{} has no meaning in {lang}",
                    term.word
                );
                assert!(
                    meaning.chars().count() <= 160,
                    "{} is too long a tooltip in {lang}",
                    term.word
                );
            }
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
            abbr("Full", Language::En).to_string(),
            "<abbr title=\"full house: three dice of one face and two of another\">Full</abbr>"
        );
        // A plural finds its term and keeps its spelling.
        assert_eq!(
            abbr("brelans", Language::En).meaning.as_deref(),
            Some("three of a kind: three dice showing the same face")
        );
        assert!(
            abbr("brelans", Language::En)
                .to_string()
                .ends_with(">brelans</abbr>")
        );
        assert_eq!(
            abbr("<b>Tom & Jerry</b>", Language::En).to_string(),
            "&lt;b&gt;Tom &amp; Jerry&lt;/b&gt;"
        );
        assert!(
            abbr("Le bon", Language::En)
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
            abbr(word, Language::En)
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

#[cfg(test)]
mod annotate_tests {
    use super::*;

    #[test]
    fn messages_get_their_words_explained_in_their_language() {
        let html = "<strong>A</strong> <abbr>Sec</abbr> and <abbr>unknown</abbr>";
        let en = annotate(html, Language::En);
        assert!(
            en.starts_with("<strong>A</strong> <abbr title=\"“dry”"),
            "{en}"
        );
        assert!(en.ends_with(">Sec</abbr> and unknown"), "{en}");
        let fr = annotate("<abbr>Carré</abbr> !", Language::Fr);
        assert_eq!(
            fr,
            "<abbr title=\"quatre dés montrant la même face\">Carré</abbr> !"
        );
        assert_eq!(annotate("no <abbr>end", Language::En), "no <abbr>end");
    }
}
