//! Numbers, dates and relative times as each language writes them.
//!
//! Numbers and dates follow CLDR's patterns through ICU4X (`1 500` and `28 nov. 2026, 12:36`
//! in French, `1,500` and `Nov 28, 2026, 12:36 PM` in English); relative times are messages
//! (`dans 2 jours`, `in 2 days`), whose plural forms Fluent chooses.

use std::sync::LazyLock;

use icu_datetime::DateTimeFormatter;
use icu_datetime::fieldsets::YMDT;
use icu_datetime::input::{Date, DateTime, Time};
use icu_datetime::options::TimePrecision;
use icu_decimal::DecimalFormatter;
use icu_decimal::input::Decimal;
use icu_locale_core::{Locale, locale};
use time::{Duration, OffsetDateTime};

use crate::Language;

fn locale(lang: Language) -> Locale {
    match lang {
        Language::En => locale!("en"),
        Language::Fr => locale!("fr"),
    }
}

type Decimals = [Option<DecimalFormatter>; 2];

static DECIMALS: LazyLock<Decimals> = LazyLock::new(|| {
    Language::ALL_BY_INDEX
        .map(|lang| DecimalFormatter::try_new(locale(lang).into(), Default::default()).ok())
});

type Dates = [Option<DateTimeFormatter<YMDT>>; 2];

static DATES: LazyLock<Dates> = LazyLock::new(|| {
    Language::ALL_BY_INDEX.map(|lang| {
        DateTimeFormatter::try_new(
            locale(lang).into(),
            YMDT::medium().with_time_precision(TimePrecision::Minute),
        )
        .ok()
    })
});

/// An integer with the language's digit grouping: `1 500` (narrow no-break space), `1,500`.
pub fn integer(lang: Language, n: i64) -> String {
    match &DECIMALS[lang.index()] {
        Some(formatter) => formatter.format(&Decimal::from(n)).to_string(),
        // Compiled-in data covers both languages (a test shows it): plain digits otherwise.
        None => n.to_string(),
    }
}

/// A number rounded to `digits` decimals, with the language's decimal sign and digit grouping:
/// `3,1` and `1 234,5` in French, `3.1` and `1,234.5` in English.
pub fn decimal(lang: Language, x: f64, digits: u8) -> String {
    let places = i16::from(digits);
    let scaled = (x * 10f64.powi(i32::from(digits))).round();
    // Beyond 2⁵³ a float has no decimals left to show: written as Rust writes it.
    if !scaled.is_finite() || scaled.abs() > 9.0e15 {
        return format!("{x:.prec$}", prec = usize::from(digits));
    }
    let mut number = Decimal::from(scaled as i64);
    number.multiply_pow10(-places);
    number.pad_end(-places);
    match &DECIMALS[lang.index()] {
        Some(formatter) => formatter.format(&number).to_string(),
        None => number.to_string(),
    }
}

/// A date and time of day, in UTC: `28 nov. 2026, 12:36`, `Nov 28, 2026, 12:36 PM`. (Pages
/// give the exact instant beside it, which the browser shows in the reader's own zone.)
pub fn date_time(lang: Language, at: OffsetDateTime) -> String {
    let at = at.to_offset(time::UtcOffset::UTC);
    let formatted = DATES[lang.index()].as_ref().and_then(|formatter| {
        let date = Date::try_new_iso(at.year(), u8::from(at.month()), at.day()).ok()?;
        let time = Time::try_new(at.hour(), at.minute(), at.second(), 0).ok()?;
        Some(formatter.format(&DateTime { date, time }).to_string())
    });
    formatted.unwrap_or_else(|| {
        format!(
            "{:04}-{:02}-{:02} {:02}:{:02}",
            at.year(),
            u8::from(at.month()),
            at.day(),
            at.hour(),
            at.minute()
        )
    })
}

/// How far `delta` lies from now, in words: `in 2 days`, `5 minutes ago`, `now` (`dans 2
/// jours`, `il y a 5 minutes`, `maintenant`). Counted in whole minutes, hours or days.
pub fn relative(lang: Language, delta: Duration) -> String {
    let seconds = delta.whole_seconds();
    let abs = seconds.unsigned_abs();
    let (count, unit) = if abs < 60 {
        return lang.t("time-now");
    } else if abs < 3600 {
        (abs / 60, "minutes")
    } else if abs < 86_400 {
        (abs / 3600, "hours")
    } else {
        (abs / 86_400, "days")
    };
    let direction = if seconds >= 0 { "in" } else { "ago" };
    lang.t1(&format!("time-{direction}-{unit}"), "count", count)
}
