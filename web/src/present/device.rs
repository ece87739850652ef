//! A session's browser and system, named from its `User-Agent` the way a person names them
//! (`Firefox 128 on Linux`), by the woothee project's list of agents; a program that is no
//! browser (a bot's HTTP library) keeps its own words, cut short.

use tapis_l10n::Language;
use woothee::parser::Parser;

/// woothee's word for what it does not know.
const UNKNOWN: &str = "UNKNOWN";
/// How much of an agent that names no browser is shown.
const RAW_CHARS: usize = 60;

/// What the sessions list says of a session's `User-Agent`; `None` when there is none.
pub fn browser_and_system(user_agent: &str, lang: Language) -> Option<String> {
    let agent = user_agent.trim();
    if agent.is_empty() {
        return None;
    }
    let parsed = Parser::new().parse(agent);
    let known = |word: &str| !word.is_empty() && word != UNKNOWN;
    match parsed {
        Some(r) if known(r.name) && r.category != "crawler" => {
            let major = r.version.split('.').next().filter(|v| known(v));
            let browser = match major {
                Some(v) => format!("{} {v}", r.name),
                None => r.name.to_owned(),
            };
            Some(if known(r.os) {
                lang.t2(
                    "account-session-device",
                    "browser",
                    &browser,
                    "system",
                    system(r.os),
                )
            } else {
                browser
            })
        }
        _ => Some(cut(agent)),
    }
}

/// woothee's system names, as their makers write them.
fn system(os: &str) -> &str {
    match os {
        "Mac OSX" => "macOS",
        "iPhone" | "iPad" | "iPod" => "iOS",
        other => other,
    }
}

/// The first characters of an agent that names no known browser.
fn cut(agent: &str) -> String {
    if agent.chars().count() <= RAW_CHARS {
        return agent.to_owned();
    }
    let mut short: String = agent.chars().take(RAW_CHARS).collect();
    short.push('…');
    short
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn browsers_are_named_with_their_major_version_and_their_system() {
        let firefox = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
        assert_eq!(
            browser_and_system(firefox, Language::En).as_deref(),
            Some("Firefox 128 on Linux")
        );
        assert_eq!(
            browser_and_system(firefox, Language::Fr).as_deref(),
            Some("Firefox 128 sous Linux")
        );
        let safari = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";
        assert_eq!(
            browser_and_system(safari, Language::En).as_deref(),
            Some("Safari 17 on macOS")
        );
        let android = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 Mobile Safari/537.36";
        assert_eq!(
            browser_and_system(android, Language::En).as_deref(),
            Some("Chrome 126 on Android")
        );
    }

    #[test]
    fn a_program_keeps_its_own_words_cut_short_and_none_says_nothing() {
        assert_eq!(
            browser_and_system("python-httpx/0.27.0", Language::En).as_deref(),
            Some("python-httpx/0.27.0")
        );
        let long = "x".repeat(100);
        let shown = browser_and_system(&long, Language::En).unwrap();
        assert_eq!(shown.chars().count(), RAW_CHARS + 1);
        assert!(shown.ends_with('…'));
        assert_eq!(browser_and_system("  ", Language::En), None);
    }
}
