//! The message files are complete and consistent, and numbers, dates and plurals come out as
//! each language writes them.

use std::collections::{BTreeMap, BTreeSet};

use fluent_bundle::FluentArgs;
use fluent_syntax::ast;
use time::macros::datetime;

use super::*;

/// Each message's variables (`$count`), terms and messages it refers to, by key.
type Uses = BTreeMap<String, BTreeSet<String>>;

fn uses_of_inline(e: &ast::InlineExpression<&str>, out: &mut BTreeSet<String>) {
    match e {
        ast::InlineExpression::VariableReference { id } => {
            out.insert(format!("${}", id.name));
        }
        ast::InlineExpression::MessageReference { id, .. } => {
            out.insert(id.name.to_owned());
        }
        ast::InlineExpression::TermReference { id, arguments, .. } => {
            out.insert(format!("-{}", id.name));
            if let Some(args) = arguments {
                uses_of_arguments(args, out);
            }
        }
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            uses_of_arguments(arguments, out);
        }
        ast::InlineExpression::Placeable { expression } => uses_of_expression(expression, out),
        ast::InlineExpression::StringLiteral { .. }
        | ast::InlineExpression::NumberLiteral { .. } => {}
    }
}

fn uses_of_arguments(args: &ast::CallArguments<&str>, out: &mut BTreeSet<String>) {
    for e in &args.positional {
        uses_of_inline(e, out);
    }
    for named in &args.named {
        uses_of_inline(&named.value, out);
    }
}

fn uses_of_expression(e: &ast::Expression<&str>, out: &mut BTreeSet<String>) {
    match e {
        ast::Expression::Inline(inline) => uses_of_inline(inline, out),
        ast::Expression::Select { selector, variants } => {
            uses_of_inline(selector, out);
            for variant in variants {
                uses_of_pattern(&variant.value, out);
            }
        }
    }
}

fn uses_of_pattern(p: &ast::Pattern<&str>, out: &mut BTreeSet<String>) {
    for element in &p.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            uses_of_expression(expression, out);
        }
    }
}

/// Every message and term of a language, with what each uses; panics on a file that does not
/// parse or a key defined twice.
fn entries(lang: Language) -> Uses {
    let mut all = Uses::new();
    for area in AREAS {
        let text = source(lang, area).expect("listed");
        let resource = match fluent_syntax::parser::parse(text) {
            Ok(resource) => resource,
            Err((_, errors)) => panic!("{lang}/{area}.ftl does not parse: {errors:?}"),
        };
        for entry in &resource.body {
            let (key, pattern, attributes) = match entry {
                ast::Entry::Message(m) => (m.id.name.to_owned(), m.value.as_ref(), &m.attributes),
                ast::Entry::Term(t) => (format!("-{}", t.id.name), Some(&t.value), &t.attributes),
                _ => continue,
            };
            let mut uses = BTreeSet::new();
            if let Some(pattern) = pattern {
                uses_of_pattern(pattern, &mut uses);
            }
            for attribute in attributes {
                uses_of_pattern(&attribute.value, &mut uses);
            }
            let clash = all.insert(key.clone(), uses);
            assert!(clash.is_none(), "{key} is defined twice in {lang}");
        }
    }
    all
}

#[test]
fn every_message_file_is_compiled_in_for_both_languages() {
    for lang in Language::ALL {
        let dir = format!("{}/locales/{}", env!("CARGO_MANIFEST_DIR"), lang.code());
        let mut on_disk: Vec<String> = std::fs::read_dir(&dir)
            .expect("the locales folder")
            .filter_map(|e| e.ok())
            .filter_map(|e| {
                e.file_name()
                    .to_str()?
                    .strip_suffix(".ftl")
                    .map(str::to_owned)
            })
            .collect();
        on_disk.sort();
        let mut listed: Vec<String> = AREAS.iter().map(|a| (*a).to_owned()).collect();
        listed.sort();
        assert_eq!(on_disk, listed, "{dir}");
    }
}

#[test]
fn both_languages_have_the_same_messages_with_the_same_placeholders() {
    let english = entries(Language::En);
    let french = entries(Language::Fr);
    let only_english: Vec<&String> = english
        .keys()
        .filter(|k| !french.contains_key(*k))
        .collect();
    let only_french: Vec<&String> = french
        .keys()
        .filter(|k| !english.contains_key(*k))
        .collect();
    assert!(
        only_english.is_empty(),
        "missing in French: {only_english:?}"
    );
    assert!(
        only_french.is_empty(),
        "missing in English: {only_french:?}"
    );
    for (key, uses) in &english {
        let variables = |u: &BTreeSet<String>| -> BTreeSet<String> {
            u.iter().filter(|x| x.starts_with('$')).cloned().collect()
        };
        assert_eq!(
            variables(uses),
            variables(&french[key]),
            "{key} takes other arguments in French than in English"
        );
    }
    // Every message or term referred to exists.
    for (lang, all) in [(Language::En, &english), (Language::Fr, &french)] {
        for (key, uses) in all {
            for used in uses.iter().filter(|u| !u.starts_with('$')) {
                assert!(
                    all.contains_key(used),
                    "{lang}: {key} refers to {used}, which is missing"
                );
            }
        }
    }
}

#[test]
fn plurals_follow_each_language() {
    let one = |lang: Language, n: i64| lang.t1("time-in-days", "count", n);
    assert_eq!(one(Language::En, 1), "in 1 day");
    assert_eq!(one(Language::En, 3), "in 3 days");
    assert_eq!(one(Language::En, 0), "in 0 days");
    assert_eq!(one(Language::Fr, 1), "dans 1 jour");
    assert_eq!(one(Language::Fr, 3), "dans 3 jours");
    // French counts zero as singular.
    assert_eq!(one(Language::Fr, 0), "dans 0 jour");
}

#[test]
fn numbers_are_grouped_as_each_language_groups_them() {
    assert_eq!(Language::En.number(1500), "1,500");
    assert_eq!(Language::Fr.number(1500), "1\u{202f}500");
    assert_eq!(Language::En.number(-12_345), "-12,345");
    assert_eq!(Language::Fr.number(999), "999");
    // Numbers given to messages too.
    assert_eq!(
        Language::Fr.t1("time-ago-days", "count", 1500),
        "il y a 1\u{202f}500 jours"
    );
}

#[test]
fn decimals_take_each_language_s_decimal_sign() {
    assert_eq!(Language::En.decimal(3.06, 1), "3.1");
    assert_eq!(Language::Fr.decimal(3.06, 1), "3,1");
    assert_eq!(Language::En.decimal(1234.5, 1), "1,234.5");
    assert_eq!(Language::Fr.decimal(1234.5, 1), "1\u{202f}234,5");
    // Trailing zeros kept to the places asked for; no "-0".
    assert_eq!(Language::En.decimal(2.0, 2), "2.00");
    assert_eq!(Language::En.decimal(-0.001, 1), "0.0");
    assert_eq!(Language::En.decimal(-2.25, 1), "-2.3");
    assert_eq!(Language::En.decimal(0.43, 2), "0.43");
}

#[test]
fn dates_and_times_follow_cldr() {
    let at = datetime!(2026-11-28 12:36:40 UTC);
    assert_eq!(format::date_time(Language::Fr, at), "28 nov. 2026, 12:36");
    assert_eq!(
        format::date_time(Language::En, at),
        "Nov 28, 2026, 12:36\u{202f}PM"
    );
}

#[test]
fn relative_times_in_words() {
    let rel = format::relative;
    assert_eq!(rel(Language::En, time::Duration::days(2)), "in 2 days");
    assert_eq!(rel(Language::Fr, time::Duration::days(2)), "dans 2 jours");
    assert_eq!(
        rel(Language::En, time::Duration::minutes(-1)),
        "1 minute ago"
    );
    assert_eq!(
        rel(Language::Fr, time::Duration::hours(-5)),
        "il y a 5 heures"
    );
    assert_eq!(rel(Language::Fr, time::Duration::seconds(20)), "maintenant");
}

#[test]
fn the_first_of_our_languages_that_the_reader_ranks_wins() {
    for (ranked, expected) in [
        (&["fr"][..], Some(Language::Fr)),
        (&["fr-CA", "fr"], Some(Language::Fr)),
        (&["fr-BE"], Some(Language::Fr)),
        (&["en-US", "en", "fr"], Some(Language::En)),
        (&["de-DE", "fr"], Some(Language::Fr)),
        (&["de", "it"], None),
        (&[], None),
        (&["*"], None),
        (&["%%%", "q="], None),
    ] {
        assert_eq!(
            Language::preferred(ranked.iter().copied()),
            expected,
            "{ranked:?}"
        );
    }
}

#[test]
fn codes_parse_exactly() {
    assert_eq!("fr".parse::<Language>(), Ok(Language::Fr));
    assert_eq!("en".parse::<Language>(), Ok(Language::En));
    assert!("FR".parse::<Language>().is_err());
    assert!("fr-FR".parse::<Language>().is_err());
    assert!("".parse::<Language>().is_err());
}

#[test]
fn what_is_missing_shows_and_never_fails() {
    assert_eq!(
        try_message(Language::Fr, "no-such-key", None),
        Err(Missing::Key)
    );
    assert!(Language::Fr.t("no-such-key").starts_with(MISSING));
    // A message without its argument says so.
    assert!(matches!(
        try_message(Language::En, "time-in-days", Some(&FluentArgs::new())),
        Err(Missing::Arguments(_))
    ));
    assert!(Language::En.t("time-in-days").starts_with(MISSING));
}

#[test]
fn french_messages_follow_french_typography() {
    // A no-break space (U+00A0 or the narrow U+202F) before `:` `;` `!` `?`, never a plain one;
    // the typographic apostrophe.
    for area in AREAS {
        let text = source(Language::Fr, area).expect("listed");
        for (number, line) in text.lines().enumerate() {
            if line.trim_start().starts_with('#') {
                continue;
            }
            // What a reader sees: the value after `key =`, or a continuation or variant line.
            let value = match line.split_once(" = ") {
                Some((key, value)) if !key.starts_with(' ') => value,
                _ => line,
            };
            for mark in [" :", " ;", " !", " ?"] {
                assert!(
                    !value.contains(mark),
                    "fr/{area}.ftl:{}: a plain space before {:?} in {line:?}",
                    number + 1,
                    mark.trim()
                );
            }
            assert!(
                !value.contains('\''),
                "fr/{area}.ftl:{}: a straight apostrophe in {line:?} (write ’)",
                number + 1
            );
        }
    }
}
