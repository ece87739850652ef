//! Tapis's mails: what the outbox's mail rows say, written in the player's language (askama
//! templates, Fluent messages: plain text and HTML, `multipart/alternative`), and sent.
//!
//! [`MailCourier`] is the mail channel's [`Courier`]: for each row the outbox hands it, it asks
//! the service what the mail says now ([`letters::compose`]: the account's address,
//! language and settings at sending time), renders it and sends it by SMTP (lettre's tokio
//! transport), or, in development without SMTP, writes it as a `.eml` file. Retries, leases
//! and giving up are the outbox's (`docs/outbox.md`); a row that can never be mailed (no
//! verified address any more, a kind stopped meanwhile) is refused at once.
//!
//! Every notification carries its one-click unsubscribe link (RFC 8058: `List-Unsubscribe`
//! and `List-Unsubscribe-Post: List-Unsubscribe=One-Click`), also in its body. The
//! verification mail, sent only when someone gives the address, carries none: it asks nothing
//! more of a reader who ignores it.

use std::path::PathBuf;
use std::time::Duration;

use askama::Template;
use lettre::message::header::{HeaderName, HeaderValue};
use lettre::message::{Mailbox, MultiPart};
use lettre::{AsyncFileTransport, AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use tapis_games::GameId;
use tapis_l10n::{Language, format};
use tapis_service::Services;
use tapis_service::delivery::notifications::letters::{
    self, LeagueLetter, LeagueNews, Letter, LetterBody, MatchLetter, NotMailed, TournamentLetter,
    TournamentNews,
};
use tapis_service::delivery::outbox::{Channel, Courier, Delivery, Parcel};
use url::Url;

/// How mails leave: by SMTP, or as files (development).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Transport {
    /// An SMTP URL as lettre reads it: `smtp://host:port` (no TLS), `smtp://host?tls=required`
    /// (STARTTLS), `smtps://user:password@host` (TLS).
    Smtp(String),
    /// `.eml` files in this folder.
    Files(PathBuf),
}

/// What the mails need to know about the deployment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MailSettings {
    /// The sender (`TAPIS_MAIL_FROM`): `Tapis <tapis@example.org>`.
    pub from: String,
    /// Where the site is (`TAPIS_PUBLIC_URL`), for the links of the mails.
    pub public_url: Url,
    pub transport: Transport,
}

/// The mail settings are not usable.
#[derive(Debug, thiserror::Error)]
pub enum MailError {
    #[error("the sender address is not valid: {0}")]
    From(String),
    #[error("the SMTP URL is not valid: {0}")]
    Smtp(String),
    #[error("the folder for mails cannot be made: {0}")]
    Folder(String),
}

enum Sender {
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
    Files(AsyncFileTransport<Tokio1Executor>, PathBuf),
}

/// The mail channel's courier (see the module).
pub struct MailCourier {
    from: Mailbox,
    public: String,
    /// The domain of the Message-IDs.
    host: String,
    sender: Sender,
}

impl std::fmt::Debug for MailCourier {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MailCourier")
            .field("from", &self.from.to_string())
            .field("public", &self.public)
            .finish_non_exhaustive()
    }
}

/// How long one SMTP exchange may take before the attempt counts as failed.
const SMTP_TIMEOUT: Duration = Duration::from_secs(30);

impl MailCourier {
    pub fn new(settings: &MailSettings) -> Result<MailCourier, MailError> {
        let from: Mailbox = settings
            .from
            .parse()
            .map_err(|e: lettre::address::AddressError| MailError::From(e.to_string()))?;
        let sender = match &settings.transport {
            Transport::Smtp(url) => Sender::Smtp(
                AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
                    .map_err(|e| MailError::Smtp(e.to_string()))?
                    .timeout(Some(SMTP_TIMEOUT))
                    .build(),
            ),
            Transport::Files(dir) => {
                std::fs::create_dir_all(dir).map_err(|e| MailError::Folder(e.to_string()))?;
                Sender::Files(AsyncFileTransport::new(dir), dir.clone())
            }
        };
        Ok(MailCourier {
            from,
            public: settings
                .public_url
                .as_str()
                .trim_end_matches('/')
                .to_owned(),
            host: settings
                .public_url
                .host_str()
                .unwrap_or("tapis.invalid")
                .to_owned(),
            sender,
        })
    }

    /// The mail of `letter`, ready to send.
    pub fn message(&self, letter: &Letter) -> Result<Message, String> {
        let mail = render(letter, &self.public)?;
        let to: Mailbox = letter
            .to
            .parse()
            .map_err(|e: lettre::address::AddressError| format!("the address is refused: {e}"))?;
        let mut builder = Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(mail.subject)
            .message_id(Some(format!("<{}@{}>", letter.delivery_id, self.host)))
            .raw_header(header("Tapis-Delivery", letter.delivery_id.to_string()))
            .raw_header(header("Auto-Submitted", "auto-generated".to_owned()));
        if let Some(url) = mail.unsubscribe {
            builder = builder
                .raw_header(header("List-Unsubscribe", format!("<{url}>")))
                .raw_header(header(
                    "List-Unsubscribe-Post",
                    "List-Unsubscribe=One-Click".to_owned(),
                ));
        }
        builder
            .multipart(MultiPart::alternative_plain_html(mail.text, mail.html))
            .map_err(|e| format!("the mail cannot be built: {e}"))
    }

    async fn send(&self, message: Message) -> Result<(), String> {
        match &self.sender {
            Sender::Smtp(smtp) => smtp
                .send(message)
                .await
                .map(|_| ())
                .map_err(|e| format!("SMTP: {e}")),
            Sender::Files(files, dir) => {
                let id = files
                    .send(message)
                    .await
                    .map_err(|e| format!("cannot write the mail: {e}"))?;
                tracing::info!(file = %dir.join(format!("{id}.eml")).display(), "mail written (no TAPIS_SMTP_URL)");
                Ok(())
            }
        }
    }
}

fn header(name: &'static str, value: String) -> HeaderValue {
    HeaderValue::new(HeaderName::new_from_ascii_str(name), value)
}

impl Courier for MailCourier {
    fn channel(&self) -> Channel {
        Channel::Mail
    }

    async fn deliver(&self, services: &Services, parcel: &Parcel) -> Delivery {
        let letter = match letters::compose(services, parcel).await {
            Ok(Ok(letter)) => letter,
            Ok(Err(NotMailed::Refused(why))) => return Delivery::Refused(why),
            Err(e) => return Delivery::Failed(format!("the mail cannot be read: {e}")),
        };
        let message = match self.message(&letter) {
            Ok(message) => message,
            Err(why) => return Delivery::Refused(why),
        };
        match self.send(message).await {
            Ok(()) => {
                tracing::info!(outbox.id = parcel.id, user.id = %parcel.user_id, kind = %parcel.kind, "mail sent");
                Delivery::Sent
            }
            Err(why) => Delivery::Failed(why),
        }
    }
}

/// A mail in its two forms.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Rendered {
    pub subject: String,
    pub text: String,
    pub html: String,
    /// The one-click unsubscribe URL (`List-Unsubscribe`), for notifications.
    pub unsubscribe: Option<String>,
}

/// What both templates show: every sentence already in the reader's language.
#[derive(Debug, Clone)]
struct View {
    lang: Language,
    subject: String,
    greeting: String,
    paragraphs: Vec<String>,
    action_label: String,
    action_url: String,
    /// After the action: why the reader gets it, what to do if unwanted.
    notes: Vec<String>,
    /// The unsubscribe links: (label, URL).
    links: Vec<(String, String)>,
}

#[derive(Template)]
#[template(path = "mail/mail.txt")]
struct TextMail<'a> {
    view: &'a View,
}

#[derive(Template)]
#[template(path = "mail/mail.html")]
struct HtmlMail<'a> {
    view: &'a View,
}

fn game_name(id: &str) -> String {
    id.parse::<GameId>()
        .map_or_else(|_| id.to_owned(), |g| g.name().to_owned())
}

/// A list of names as the language joins them: `ada, bob and cleo` / `ada, bob et cleo`.
fn names(lang: Language, names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => lang.t_with(
            "mail-names",
            &[
                ("first", init.join(", ").into()),
                ("last", last.as_str().into()),
            ],
        ),
    }
}

/// Renders `letter` for the site at `public` (no trailing slash).
pub fn render(letter: &Letter, public: &str) -> Result<Rendered, String> {
    let lang = letter.language;
    let greeting = lang.t1("mail-greeting", "name", letter.username.as_str());
    let (stops, notice) = match &letter.body {
        LetterBody::Verify { token } => {
            let view = View {
                lang,
                subject: lang.t("mail-verify-subject"),
                greeting,
                paragraphs: vec![lang.t1("mail-verify-body", "email", letter.to.as_str())],
                action_label: lang.t("mail-verify-action"),
                action_url: format!("{public}/email/verify?token={token}"),
                notes: vec![lang.t("mail-verify-ignore")],
                links: Vec::new(),
            };
            return rendered(view, None);
        }
        LetterBody::Event(e) => (
            Stops::of(&e.kind, &e.unsubscribe_token, &e.unsubscribe_all_token),
            match_notice(lang, e, public),
        ),
        LetterBody::Tournament(e) => (
            Stops::of(&e.kind, &e.unsubscribe_token, &e.unsubscribe_all_token),
            tournament_notice(lang, e, public),
        ),
        LetterBody::League(e) => (
            Stops::of(&e.kind, &e.unsubscribe_token, &e.unsubscribe_all_token),
            league_notice(lang, e, public),
        ),
    };
    let (view, unsubscribe) = notification(letter, greeting, public, stops, notice);
    rendered(view, Some(unsubscribe))
}

/// The mail of `view` in its two forms.
fn rendered(view: View, unsubscribe: Option<String>) -> Result<Rendered, String> {
    let text = TextMail { view: &view }
        .render()
        .map_err(|e| format!("the mail cannot be rendered: {e}"))?;
    let html = HtmlMail { view: &view }
        .render()
        .map_err(|e| format!("the mail cannot be rendered: {e}"))?;
    Ok(Rendered {
        subject: view.subject,
        text,
        html,
        unsubscribe,
    })
}

/// Message `key`, or its `-solo` form for a match without opponents.
fn solo_key(key: &str, solo: bool) -> String {
    if solo {
        format!("{key}-solo")
    } else {
        key.to_owned()
    }
}

/// What the mail of a match's event says: the reader's turn, an invitation, a deadline near,
/// the match finished.
fn match_notice(lang: Language, event: &MatchLetter, public: &str) -> Notice {
    let game = game_name(&event.game);
    let opponents = names(lang, &event.opponents);
    let solo = event.opponents.is_empty();
    let deadline = event.deadline.map(|at| format::date_time(lang, at));
    let match_url = format!("{public}/matches/{}", event.match_id);
    let args = |extra: &[(&'static str, tapis_l10n::Value<'static>)]| {
        let mut all: Vec<(&'static str, tapis_l10n::Value<'static>)> = vec![
            ("game", game.clone().into()),
            ("opponents", opponents.clone().into()),
        ];
        all.extend(extra.iter().cloned());
        all
    };
    let with_solo = |key: &str| solo_key(key, solo);
    let deadline_line = deadline
        .as_ref()
        .map(|d| lang.t1("mail-deadline", "deadline", d.as_str()));
    let (subject, paragraphs, action_label, action_url) = match event.kind.as_str() {
        "invitation" => {
            let by = event.by.clone().unwrap_or_default();
            let a = args(&[("by", by.into())]);
            (
                lang.t_with("mail-invitation-subject", &a),
                vec![lang.t_with("mail-invitation-body", &a)],
                lang.t("mail-open-lobby"),
                format!("{public}/lobby"),
            )
        }
        "deadline_soon" => {
            let a = args(&[("deadline", deadline.clone().unwrap_or_default().into())]);
            (
                lang.t_with("mail-deadline-soon-subject", &a),
                vec![lang.t_with(&with_solo("mail-deadline-soon-body"), &a)],
                lang.t("mail-open-match"),
                match_url,
            )
        }
        "match_finished" => {
            let a = args(&[]);
            let mut lines = vec![lang.t_with(&with_solo("mail-finished-body"), &a)];
            if let Some((rank, seats)) = event.rank
                && seats > 1
            {
                lines.push(lang.t_with(
                    "mail-finished-rank",
                    &[("rank", rank.into()), ("seats", seats.into())],
                ));
            }
            (
                lang.t_with("mail-finished-subject", &a),
                lines,
                lang.t("mail-open-match"),
                match_url,
            )
        }
        _ => {
            let a = args(&[]);
            let mut lines = vec![lang.t_with(&with_solo("mail-your-turn-body"), &a)];
            lines.extend(deadline_line.clone());
            (
                lang.t_with(&with_solo("mail-your-turn-subject"), &a),
                lines,
                lang.t("mail-open-match"),
                match_url,
            )
        }
    };
    Notice {
        subject,
        paragraphs,
        action_label,
        action_url,
    }
}

/// What a notification says of its own; the rest (the greeting, why it came, the links that
/// stop it) is every notification's.
struct Notice {
    subject: String,
    paragraphs: Vec<String>,
    action_label: String,
    action_url: String,
}

/// What stops a notification: its kind, and the unsubscribe tokens of that kind and of every
/// mail.
struct Stops<'a> {
    kind: &'a str,
    token: &'a str,
    all_token: &'a str,
}

impl<'a> Stops<'a> {
    fn of(kind: &'a str, token: &'a str, all_token: &'a str) -> Stops<'a> {
        Stops {
            kind,
            token,
            all_token,
        }
    }
}

/// The mail of a notification that says `notice`, and its one-click unsubscribe URL.
fn notification(
    letter: &Letter,
    greeting: String,
    public: &str,
    stops: Stops<'_>,
    notice: Notice,
) -> (View, String) {
    let lang = letter.language;
    let unsubscribe = format!("{public}/unsubscribe/{}", stops.token);
    let view = View {
        lang,
        subject: notice.subject,
        greeting,
        paragraphs: notice.paragraphs,
        action_label: notice.action_label,
        action_url: notice.action_url,
        notes: vec![lang.t1("mail-why", "email", letter.to.as_str())],
        // Stop this kind, stop every mail, the settings.
        links: vec![
            (
                lang.t(&format!("mail-stop-{}", stops.kind.replace('_', "-"))),
                unsubscribe.clone(),
            ),
            (
                lang.t("mail-stop-all"),
                format!("{public}/unsubscribe/{}", stops.all_token),
            ),
            (lang.t("mail-settings"), format!("{public}/account#email")),
        ],
    };
    (view, unsubscribe)
}

/// The mail of a tournament's event: a round started (the reader's match, or their bye), or
/// the tournament finished (their place).
fn tournament_notice(lang: Language, event: &TournamentLetter, public: &str) -> Notice {
    let tournament_url = format!("{public}/tournaments/{}", event.tournament_id);
    let base: Vec<(&'static str, tapis_l10n::Value<'static>)> = vec![
        ("tournament", event.tournament.clone().into()),
        ("game", game_name(&event.game).into()),
    ];
    let with = |extra: Vec<(&'static str, tapis_l10n::Value<'static>)>| {
        let mut all = base.clone();
        all.extend(extra);
        all
    };
    let (subject, paragraphs, action_label, action_url) = match &event.news {
        TournamentNews::Finished {
            place,
            entrants,
            points,
        } => {
            let a = with(vec![
                ("place", (*place).into()),
                ("entrants", (*entrants).into()),
                (
                    "points",
                    lang.decimal(*points, if points.fract() == 0.0 { 0 } else { 2 })
                        .into(),
                ),
            ]);
            (
                lang.t_with("mail-tournament-finished-subject", &a),
                vec![
                    lang.t_with("mail-tournament-finished-body", &a),
                    lang.t_with("mail-tournament-finished-place", &a),
                ],
                lang.t("mail-open-tournament"),
                tournament_url,
            )
        }
        TournamentNews::RoundStarted {
            round,
            rounds,
            match_id,
            opponents,
        } => {
            let a = with(vec![
                ("round", (*round).into()),
                ("rounds", (*rounds).into()),
                ("opponents", names(lang, opponents).into()),
            ]);
            let subject = lang.t_with("mail-round-started-subject", &a);
            match match_id {
                Some(id) => (
                    subject,
                    vec![lang.t_with("mail-round-started-body", &a)],
                    lang.t("mail-open-match"),
                    format!("{public}/matches/{id}"),
                ),
                None => (
                    subject,
                    vec![lang.t_with("mail-round-started-bye", &a)],
                    lang.t("mail-open-tournament"),
                    tournament_url,
                ),
            }
        }
    };
    Notice {
        subject,
        paragraphs,
        action_label,
        action_url,
    }
}

/// The mail of a league's event: a season started (the reader's division), or the reader goes
/// up or down a division.
fn league_notice(lang: Language, event: &LeagueLetter, public: &str) -> Notice {
    let league_url = format!("{public}/leagues/{}", event.game);
    let mut a: Vec<(&'static str, tapis_l10n::Value<'static>)> = vec![
        ("game", game_name(&event.game).into()),
        ("season", event.season.into()),
    ];
    let key = event.kind.replace('_', "-");
    let (action_label, action_url) = match &event.news {
        LeagueNews::SeasonStarted {
            division_id,
            level,
            levels,
            players,
            matches,
        } => {
            a.extend([
                ("level", (*level).into()),
                ("levels", (*levels).into()),
                ("players", (*players).into()),
                ("matches", (*matches).into()),
            ]);
            (
                lang.t("mail-open-division"),
                format!("{league_url}/divisions/{division_id}"),
            )
        }
        LeagueNews::Moved {
            from_level,
            to_level,
            place,
        } => {
            a.extend([
                ("from", (*from_level).into()),
                ("to", (*to_level).into()),
                ("place", (*place).into()),
            ]);
            (lang.t("mail-open-league"), league_url)
        }
    };
    Notice {
        subject: lang.t_with(&format!("mail-{key}-subject"), &a),
        paragraphs: vec![lang.t_with(&format!("mail-{key}-body"), &a)],
        action_label,
        action_url,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use uuid::Uuid;

    fn letter(kind: &str, lang: Language, opponents: &[&str]) -> Letter {
        Letter {
            to: "ada@example.com".into(),
            username: "ada".into(),
            language: lang,
            delivery_id: Uuid::nil(),
            body: LetterBody::Event(MatchLetter {
                kind: kind.into(),
                match_id: Uuid::nil(),
                game: "yams".into(),
                opponents: opponents.iter().map(|s| (*s).to_owned()).collect(),
                by: Some("bob".into()),
                deadline: Some(time::macros::datetime!(2026-11-28 12:36 UTC)),
                rank: Some((1, 2)),
                unsubscribe_token: "kind-token".into(),
                unsubscribe_all_token: "all-token".into(),
            }),
        }
    }

    #[test]
    fn every_mail_renders_in_both_languages_with_nothing_missing() {
        for lang in Language::ALL {
            for kind in tapis_service::delivery::notifications::settings::EVENTS {
                for opponents in [&[][..], &["bob"][..], &["bob", "cleo", "dan"][..]] {
                    let mail = render(&letter(kind, lang, opponents), "https://tapis.example")
                        .unwrap_or_else(|e| panic!("{kind}: {e}"));
                    for part in [&mail.subject, &mail.text, &mail.html] {
                        assert!(!part.contains(tapis_l10n::MISSING), "{kind} {lang}: {part}");
                    }
                    assert_eq!(
                        mail.unsubscribe.as_deref(),
                        Some("https://tapis.example/unsubscribe/kind-token")
                    );
                    assert!(
                        mail.text
                            .contains("https://tapis.example/unsubscribe/kind-token")
                    );
                    assert!(
                        mail.html
                            .contains("https://tapis.example/unsubscribe/all-token")
                    );
                }
            }
            let verify = Letter {
                body: LetterBody::Verify {
                    token: "tok".into(),
                },
                ..letter("your_turn", lang, &[])
            };
            let mail = render(&verify, "https://tapis.example").unwrap_or_default();
            assert!(
                mail.text
                    .contains("https://tapis.example/email/verify?token=tok")
            );
            assert!(mail.unsubscribe.is_none());
            assert!(!mail.text.contains(tapis_l10n::MISSING));
        }
    }

    fn tournament_letter(kind: &str, lang: Language, bye: bool) -> Letter {
        Letter {
            body: LetterBody::Tournament(TournamentLetter {
                kind: kind.into(),
                tournament_id: Uuid::nil(),
                tournament: "Winter Swiss".into(),
                game: "linja".into(),
                news: if kind == "tournament_finished" {
                    TournamentNews::Finished {
                        place: 1,
                        entrants: 9,
                        points: 2.5,
                    }
                } else {
                    TournamentNews::RoundStarted {
                        round: 2,
                        rounds: 3,
                        match_id: (!bye).then(Uuid::nil),
                        opponents: if bye { Vec::new() } else { vec!["bob".into()] },
                    }
                },
                unsubscribe_token: "kind-token".into(),
                unsubscribe_all_token: "all-token".into(),
            }),
            ..letter("your_turn", lang, &[])
        }
    }

    #[test]
    fn every_tournament_mail_renders_in_both_languages_with_its_link() {
        for lang in Language::ALL {
            for (kind, bye, link) in [
                ("round_started", false, "/matches/"),
                ("round_started", true, "/tournaments/"),
                ("tournament_finished", true, "/tournaments/"),
            ] {
                let mail = render(&tournament_letter(kind, lang, bye), "https://tapis.example")
                    .unwrap_or_else(|e| panic!("{kind}: {e}"));
                for part in [&mail.subject, &mail.text, &mail.html] {
                    assert!(!part.contains(tapis_l10n::MISSING), "{kind} {lang}: {part}");
                    assert!(part.contains("Winter Swiss"), "{kind} {lang}: {part}");
                }
                assert!(mail.text.contains(&format!("https://tapis.example{link}")));
                assert_eq!(
                    mail.unsubscribe.as_deref(),
                    Some("https://tapis.example/unsubscribe/kind-token")
                );
            }
        }
    }

    #[test]
    fn names_are_joined_as_each_language_joins_them() {
        let three: Vec<String> = ["a", "b", "c"].iter().map(|s| (*s).to_owned()).collect();
        assert_eq!(names(Language::En, &three), "a, b and c");
        assert_eq!(names(Language::Fr, &three), "a, b et c");
        assert_eq!(names(Language::En, &three[..1]), "a");
    }
}
