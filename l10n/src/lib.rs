//! Tapis in French and English.
//!
//! Every sentence a player reads comes from the message files of `locales/` (Project Fluent's
//! syntax: one file per language per area of the site, plural forms chosen by the library from
//! each language's rules), looked up through [`Language::t`] and its siblings. Numbers that
//! reach a message are written as the language writes them (`1 500` in French, `1,500` in
//! English), and [`format`] writes dates and relative times the same way, from CLDR's patterns
//! (ICU4X).
//!
//! The crate is pure: the message files are compiled in, nothing is read at run time.

pub mod format;

use std::borrow::{Borrow, Cow};
use std::fmt;
use std::str::FromStr;
use std::sync::LazyLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::memoizer::MemoizerKind;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use serde::{Deserialize, Serialize};
use unic_langid::LanguageIdentifier;

pub use fluent_bundle::FluentValue as Value;

/// A language of the interface.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Language {
    /// English, the default when nothing says otherwise.
    #[default]
    En,
    /// French.
    Fr,
}

/// A code that names no language of the interface.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownLanguage(pub String);

impl fmt::Display for UnknownLanguage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} is not a language of Tapis (en, fr)", self.0)
    }
}

impl std::error::Error for UnknownLanguage {}

impl FromStr for Language {
    type Err = UnknownLanguage;

    /// `en` or `fr`, exactly (what the account, the cookie and the switch store).
    fn from_str(code: &str) -> Result<Language, UnknownLanguage> {
        Language::ALL
            .into_iter()
            .find(|l| l.code() == code)
            .ok_or_else(|| UnknownLanguage(code.to_owned()))
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl Language {
    /// Every language of the interface, in the order the switch shows them.
    pub const ALL: [Language; 2] = [Language::Fr, Language::En];

    /// The BCP 47 code: `en`, `fr` (for `<html lang>`, the cookie and the account).
    pub fn code(self) -> &'static str {
        match self {
            Language::En => "en",
            Language::Fr => "fr",
        }
    }

    /// The first of `ranked` (language tags, most wanted first, as an `Accept-Language`
    /// header ranks them) that is one of ours, `fr-CA` counting as French; `None` when none is.
    pub fn preferred<'a>(ranked: impl IntoIterator<Item = &'a str>) -> Option<Language> {
        let requested: Vec<LanguageIdentifier> = ranked
            .into_iter()
            .filter_map(|tag| tag.parse().ok())
            .collect();
        let available: Vec<LanguageIdentifier> =
            Language::ALL.iter().map(|l| l.langid().clone()).collect();
        let chosen = fluent_langneg::negotiate_languages(
            &requested,
            &available,
            None,
            fluent_langneg::NegotiationStrategy::Filtering,
        );
        let first = chosen.first()?;
        Language::ALL.into_iter().find(|l| l.langid() == *first)
    }

    /// The key of the language's name, which every language writes in that language
    /// (`Français`, `English`), as language switches do.
    pub fn name_key(self) -> &'static str {
        match self {
            Language::En => "language-en",
            Language::Fr => "language-fr",
        }
    }

    fn langid(self) -> &'static LanguageIdentifier {
        static EN: LazyLock<LanguageIdentifier> = LazyLock::new(|| unic_langid::langid!("en"));
        static FR: LazyLock<LanguageIdentifier> = LazyLock::new(|| unic_langid::langid!("fr"));
        match self {
            Language::En => &EN,
            Language::Fr => &FR,
        }
    }

    /// The languages in the order of [`Language::index`].
    pub(crate) const ALL_BY_INDEX: [Language; 2] = [Language::En, Language::Fr];

    pub(crate) fn index(self) -> usize {
        match self {
            Language::En => 0,
            Language::Fr => 1,
        }
    }

    /// The message `key`, which takes no arguments.
    pub fn t(self, key: &str) -> String {
        self.message(key, None)
    }

    /// The message `key` with its arguments: `lang.t_with("seats", &[("count", 3.into())])`.
    pub fn t_with(self, key: &str, args: &[(&str, Value<'_>)]) -> String {
        let mut fluent = FluentArgs::with_capacity(args.len());
        for (name, value) in args {
            fluent.set(*name, value.clone());
        }
        self.message(key, Some(&fluent))
    }

    /// [`Language::t_with`] with one argument, for templates.
    pub fn t1<'a>(self, key: &str, name: &str, value: impl Into<Arg<'a>>) -> String {
        self.t_with(key, &[(name, value.into().0)])
    }

    /// [`Language::t_with`] with two arguments, for templates.
    pub fn t2<'a, 'b>(
        self,
        key: &str,
        name: &str,
        value: impl Into<Arg<'a>>,
        name2: &str,
        value2: impl Into<Arg<'b>>,
    ) -> String {
        self.t_with(key, &[(name, value.into().0), (name2, value2.into().0)])
    }

    /// The name of game `id` as a phrase takes it after "of" (`game-of-<id>`): French says
    /// "du Yams", "de La Linotte" ("Règles du Yams"); English the name alone.
    pub fn game_of(self, id: impl std::fmt::Display) -> String {
        self.t(&format!("game-of-{id}"))
    }

    /// The name of game `id` as a phrase takes it after "to" or "at" (`game-to-<id>`): French
    /// says "au Yams", "à La Linotte" ("Jouer au Yams"); English the name alone.
    pub fn game_to(self, id: impl std::fmt::Display) -> String {
        self.t(&format!("game-to-{id}"))
    }

    /// A number as this language writes it: `1 500` (with a narrow no-break space) or `1,500`.
    pub fn number(self, n: impl Borrow<i64>) -> String {
        format::integer(self, *n.borrow())
    }

    /// A number rounded to `digits` decimals as this language writes it: `3,1`, `3.1`.
    pub fn decimal(self, x: f64, digits: u8) -> String {
        format::decimal(self, x, digits)
    }

    /// The message, or (should a key or an argument be missing) the text with what is missing
    /// marked, never an error page: `tests` render every page in both languages and look for
    /// [`MISSING`].
    fn message(self, key: &str, args: Option<&FluentArgs<'_>>) -> String {
        match try_message(self, key, args) {
            Ok(text) => text,
            Err(Missing::Key) => format!("{MISSING}{key}"),
            Err(Missing::Arguments(text)) => format!("{MISSING}{text}"),
        }
    }
}

/// What a page shows where a message could not be written: a key missing from a language's
/// files, or an argument the message needs and was not given.
pub const MISSING: &str = "⟦missing⟧ ";

/// Why a message could not be written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Missing {
    /// No message has this key in this language.
    Key,
    /// The message needed arguments that were not given; the text as far as it went.
    Arguments(String),
}

/// The message `key` in `lang`, or what went wrong: for the tests of the message files.
pub fn try_message(
    lang: Language,
    key: &str,
    args: Option<&FluentArgs<'_>>,
) -> Result<String, Missing> {
    let bundle = &BUNDLES[lang.index()];
    let Some(pattern) = bundle.get_message(key).and_then(|m| m.value()) else {
        return Err(Missing::Key);
    };
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, args, &mut errors);
    if errors.is_empty() {
        Ok(text.into_owned())
    } else {
        Err(Missing::Arguments(text.into_owned()))
    }
}

/// A value given to a message: text or a number (numbers choose plural forms and are written
/// as the language writes them).
#[derive(Debug, Clone)]
pub struct Arg<'a>(pub Value<'a>);

impl<'a> From<&'a str> for Arg<'a> {
    fn from(s: &'a str) -> Arg<'a> {
        Arg(Value::from(s))
    }
}

impl<'a> From<&'a String> for Arg<'a> {
    fn from(s: &'a String) -> Arg<'a> {
        Arg(Value::from(s.as_str()))
    }
}

impl From<String> for Arg<'static> {
    fn from(s: String) -> Arg<'static> {
        Arg(Value::from(s))
    }
}

impl<'a> From<Cow<'a, str>> for Arg<'a> {
    fn from(s: Cow<'a, str>) -> Arg<'a> {
        Arg(Value::from(s))
    }
}

macro_rules! number_args {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg<'static> {
            fn from(n: $t) -> Arg<'static> {
                Arg(Value::from(n))
            }
        }
        impl From<&$t> for Arg<'static> {
            fn from(n: &$t) -> Arg<'static> {
                Arg(Value::from(*n))
            }
        }
    )*};
}

number_args!(i8, i16, i32, i64, u8, u16, u32, u64, usize, isize, f64);

/// The message files, compiled in: one per area of the site, in each language.
macro_rules! areas {
    ($($area:literal),* $(,)?) => {
        /// The areas of the site that have a message file in each language.
        pub const AREAS: &[&str] = &[$($area),*];
        const ENGLISH: &[&str] = &[$(include_str!(concat!("../locales/en/", $area, ".ftl"))),*];
        const FRENCH: &[&str] = &[$(include_str!(concat!("../locales/fr/", $area, ".ftl"))),*];
    };
}

areas![
    "analysis",
    "account",
    "auth",
    "chat",
    "errors",
    "games",
    "glossary",
    "home",
    "leaderboards",
    "leagues",
    "lobby",
    "mail",
    "match",
    "moderation",
    "options",
    "play-421",
    "play-5000",
    "play-cant-stop",
    "play-common",
    "play-linja",
    "play-linotte",
    "play-make-five",
    "play-yams",
    "rules",
    "rules-421",
    "rules-5000",
    "rules-cant-stop",
    "rules-linja",
    "rules-linotte",
    "rules-make-five",
    "rules-yams",
    "site",
    "tournaments"
];

/// The source of `area`'s message file in `lang` (for the tests of the files).
pub fn source(lang: Language, area: &str) -> Option<&'static str> {
    let files = match lang {
        Language::En => ENGLISH,
        Language::Fr => FRENCH,
    };
    AREAS
        .iter()
        .position(|a| *a == area)
        .and_then(|i| files.get(i).copied())
}

static BUNDLES: LazyLock<[FluentBundle<FluentResource>; 2]> =
    LazyLock::new(|| Language::ALL_BY_INDEX.map(bundle));

/// The bundle of `lang`: every area's messages. A file that does not parse keeps what did
/// (the tests show that every file parses and no key is defined twice).
fn bundle(lang: Language) -> FluentBundle<FluentResource> {
    let mut bundle = FluentBundle::new_concurrent(vec![lang.langid().clone()]);
    // Placeables are never wrapped in Unicode isolation marks: both languages run left to
    // right, and the marks would reach attributes and page titles.
    bundle.set_use_isolating(false);
    // NUMBER(), for ordinals (`1st`, `1er`); it can only fail if NUMBER were defined twice.
    let _ = bundle.add_builtins();
    bundle.set_formatter(Some(match lang {
        Language::En => format_english,
        Language::Fr => format_french,
    }));
    for area in AREAS {
        if let Some(text) = source(lang, area) {
            let resource = FluentResource::try_new(text.to_owned()).unwrap_or_else(|(r, _)| r);
            // Duplicates keep the first definition; the tests forbid them.
            let _ = bundle.add_resource(resource);
        }
    }
    bundle
}

/// Numbers in English messages: `1,500`.
fn format_english<M: MemoizerKind>(value: &FluentValue<'_>, _: &M) -> Option<String> {
    format_number(Language::En, value)
}

/// Numbers in French messages: `1 500`.
fn format_french<M: MemoizerKind>(value: &FluentValue<'_>, _: &M) -> Option<String> {
    format_number(Language::Fr, value)
}

fn format_number(lang: Language, value: &FluentValue<'_>) -> Option<String> {
    match value {
        FluentValue::Number(n) if n.value.fract() == 0.0 && n.value.abs() < 1e15 => {
            Some(format::integer(lang, n.value as i64))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests;
