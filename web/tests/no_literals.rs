//! No sentence a player reads is written in the templates or the presenters: every one comes
//! from the message files of `tapis-l10n`, in each language.
//!
//! The scan looks at what a reader can see: the text between tags and the attributes read
//! aloud or shown (`aria-label`, `title`, `placeholder`, `alt`) in `templates/`, and the
//! string literals of the page handlers and presenters that read as prose (a capitalised word,
//! or an English function word between spaces). Class names, keys, paths and format patterns
//! pass. Comments, log messages and tests are not looked at.

use std::path::{Path, PathBuf};

/// Words that may stand in a template as they are, in every language.
const ALLOWED_WORDS: &[&str] = &["Tapis"];

/// Literals that read as prose but are not shown to anyone, by file.
const ALLOWED_LITERALS: &[(&str, &str)] = &[
    // The causes of internal errors, logged and never shown.
    ("web/src/csrf.rs", "no OS randomness"),
    ("web/src/pages/play.rs", "stored game id is unknown"),
    // The English `detail` of validation errors, for the API (which is language-neutral:
    // `docs/l10n.md`); pages show the message of the error's reason instead.
    ("web/src/form.rs", "must not contain a NUL character"),
    ("web/src/pages/lobby.rs", "must be a number"),
    ("web/src/pages/lobby.rs", "must be a number of days"),
    ("web/src/pages/game_form.rs", "must be a whole number"),
    (
        "web/src/pages/tournaments/form.rs",
        "must be a date and time",
    ),
    // woothee's name of a system, matched to give its maker's name (a proper name, the same in
    // every language).
    ("web/src/present/device.rs", "Mac OSX"),
];

/// Files whose texts are still being moved to the message files (issue 15, in progress): each
/// leaves this list as its area is translated, and the test fails if a listed file is clean.
const NOT_YET_TRANSLATED: &[&str] = &[];

fn workspace() -> PathBuf {
    let web = Path::new(env!("CARGO_MANIFEST_DIR"));
    match web.parent() {
        Some(root) => root.to_path_buf(),
        None => panic!("the web crate sits in a workspace"),
    }
}

fn files_under(dir: &Path, extension: &str, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            files_under(&path, extension, out);
        } else if path.extension().is_some_and(|e| e == extension) {
            out.push(path);
        }
    }
}

/// Removes every `open ... close` span.
fn strip(text: &str, open: &str, close: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find(open) {
        out.push_str(&rest[..start]);
        out.push(' ');
        match rest[start + open.len()..].find(close) {
            Some(end) => rest = &rest[start + open.len() + end + close.len()..],
            None => {
                rest = "";
                break;
            }
        }
    }
    out.push_str(rest);
    out
}

fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphabetic())
        .filter(|w| w.chars().count() >= 2)
        .filter(|w| !ALLOWED_WORDS.contains(w))
        .map(str::to_owned)
        .collect()
}

/// The visible words written in a template.
fn template_literals(source: &str) -> Vec<String> {
    let mut text = strip(source, "{#", "#}");
    text = strip(&text, "{%", "%}");
    text = strip(&text, "{{", "}}");
    text = strip(&text, "<script", "</script>");
    text = strip(&text, "<style", "</style>");
    // Code (a header to send, a command to run) reads the same in every language.
    text = strip(&text, "<code", "</code>");
    let mut found = Vec::new();
    for attribute in ["aria-label=\"", "title=\"", "placeholder=\"", "alt=\""] {
        let mut rest = text.as_str();
        while let Some(start) = rest.find(attribute) {
            let value = &rest[start + attribute.len()..];
            let end = value.find('"').unwrap_or(value.len());
            found.extend(words(&value[..end]));
            rest = &value[end..];
        }
    }
    let without_tags = strip(&text, "<", ">");
    let without_entities = strip(&without_tags, "&", ";");
    found.extend(words(&without_entities));
    found
}

/// The string literals of Rust source, before its tests, outside comments, attributes and
/// log lines.
fn rust_literals(source: &str) -> Vec<String> {
    let code = source.split("#[cfg(test)]").next().unwrap_or("");
    let mut literals = Vec::new();
    for line in code.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("//") || trimmed.starts_with("#[") || line.contains("tracing::") {
            continue;
        }
        let chars: Vec<char> = line.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            match chars[i] {
                '/' if chars.get(i + 1) == Some(&'/') => break,
                '\'' => {
                    // A char literal ('x', '\n') or a lifetime ('a).
                    if chars.get(i + 1) == Some(&'\\') {
                        i += 2;
                        while i < chars.len() && chars[i] != '\'' {
                            i += 1;
                        }
                        i += 1;
                    } else if chars.get(i + 2) == Some(&'\'') {
                        i += 3;
                    } else {
                        i += 1;
                    }
                }
                '"' => {
                    let mut literal = String::new();
                    i += 1;
                    while i < chars.len() && chars[i] != '"' {
                        if chars[i] == '\\' {
                            i += 1;
                        }
                        if let Some(c) = chars.get(i) {
                            literal.push(*c);
                        }
                        i += 1;
                    }
                    i += 1;
                    literals.push(literal);
                }
                _ => i += 1,
            }
        }
    }
    literals
}

/// Whether a literal reads as a sentence or a label: a capitalised word, or a function word of
/// English between spaces (class names and keys have neither).
fn reads_as_prose(literal: &str) -> bool {
    const FUNCTION_WORDS: &[&str] = &[
        "the", "a", "an", "of", "to", "in", "on", "and", "or", "is", "are", "was", "your", "you",
        "with", "for", "by", "from", "at", "this", "that", "not", "no", "it", "has", "have", "be",
        "can", "will", "as", "his", "her", "their", "its",
    ];
    // Header names and keys: one hyphenated token (`HX-Request`, `match-status-open`).
    if !literal.contains(' ') && literal.contains('-') {
        return false;
    }
    let without_placeholders = strip(literal, "{", "}");
    let tokens: Vec<&str> = without_placeholders
        .split(|c: char| !c.is_alphabetic() && c != '\'')
        .filter(|w| !w.is_empty())
        .collect();
    let capitalised = tokens.iter().any(|w| {
        let mut chars = w.chars();
        chars.next().is_some_and(char::is_uppercase)
            && w.chars().count() >= 2
            && chars.all(char::is_lowercase)
    });
    let spaced = without_placeholders.contains(' ');
    let function_word = spaced && tokens.iter().any(|w| FUNCTION_WORDS.contains(w));
    capitalised || function_word
}

/// Every file with texts a reader sees, and what it still writes itself.
fn findings() -> Vec<(String, Vec<String>)> {
    let root = workspace();
    let mut files = Vec::new();
    files_under(&root.join("templates"), "html", &mut files);
    for dir in ["web/src/pages", "web/src/present"] {
        files_under(&root.join(dir), "rs", &mut files);
    }
    for file in [
        "web/src/error.rs",
        "web/src/error_page.rs",
        "web/src/page.rs",
        "web/src/form.rs",
        "web/src/csrf.rs",
    ] {
        files.push(root.join(file));
    }
    files.sort();
    let mut out = Vec::new();
    for path in files {
        let Ok(source) = std::fs::read_to_string(&path) else {
            continue;
        };
        let name = path
            .strip_prefix(&root)
            .map(|p| p.to_string_lossy().into_owned())
            .unwrap_or_default();
        // A module's tests in a file of their own (`<module>/tests.rs`, `<module>_tests.rs`)
        // are tests, as the `#[cfg(test)]` part of a file is.
        if name.ends_with("/tests.rs") || name.ends_with("_tests.rs") {
            continue;
        }
        let found: Vec<String> = if name.ends_with(".html") {
            template_literals(&source)
        } else {
            rust_literals(&source)
                .into_iter()
                .filter(|l| reads_as_prose(l))
                .filter(|l| !ALLOWED_LITERALS.contains(&(name.as_str(), l.as_str())))
                // The glossary's French terms, which stay French in every language.
                .filter(|l| {
                    !(name.ends_with("glossary.rs")
                        && tapis_web::present::glossary::TERMS
                            .iter()
                            .any(|t| t.word == l))
                })
                .collect()
        };
        out.push((name, found));
    }
    out
}

#[test]
fn templates_and_presenters_take_every_text_from_the_message_files() {
    let mut failures = Vec::new();
    for (name, found) in findings() {
        let pending = NOT_YET_TRANSLATED.contains(&name.as_str());
        match (found.is_empty(), pending) {
            (false, false) => failures.push(format!("{name}: {found:?}")),
            (true, true) => failures.push(format!(
                "{name} is clean now: take it off NOT_YET_TRANSLATED"
            )),
            _ => {}
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn the_scan_sees_what_readers_see() {
    assert_eq!(
        template_literals(r#"<p class="x">{{ lang.t("k") }}</p><a title="Go home">x</a>"#),
        ["Go", "home"]
    );
    assert!(
        template_literals(r#"{# A comment #}<b>{% if a %}{{ b }}{% endif %}</b>&nbsp;Tapis"#)
            .is_empty()
    );
    assert_eq!(template_literals("<h1>Lobby</h1>"), ["Lobby"]);
    let literals = rust_literals(
        "let a = \"button button-primary\"; // \"Not this\"\nlet b = format!(\"{} share the win\", x);\ntracing::warn!(\"Ignored\");",
    );
    assert_eq!(literals, ["button button-primary", "{} share the win"]);
    assert!(!reads_as_prose("button button-primary"));
    assert!(!reads_as_prose("match-status-open"));
    assert!(!reads_as_prose("{}/{}"));
    assert!(reads_as_prose("{} share the win"));
    assert!(reads_as_prose("Rated"));
    assert!(reads_as_prose("keep {} and {}"));
    assert!(!reads_as_prose("HX-Request"));
}
