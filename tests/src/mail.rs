//! The mail of test apps: the settings that make an app send by SMTP to a sink of the test,
//! the sink itself (a real SMTP server in-process, [`SmtpSink`]) and the mails it received, as
//! a mail client reads them ([`Mail`]).

use std::sync::{Arc, Mutex};
use std::time::Duration;

use tapis_server::MailSettings;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

/// Where the links of the test apps' mails point (tests follow them on the app's own address).
pub const TEST_PUBLIC_URL: &str = "https://tapis.example";

/// The mail settings of a test app that sends to the SMTP server on `smtp_port`.
pub fn test_mail_settings(smtp_port: u16) -> MailSettings {
    MailSettings {
        from: "Tapis <tapis@tapis.example>".to_owned(),
        public_url: url::Url::parse(TEST_PUBLIC_URL).unwrap(),
        transport: tapis_server::MailTransport::Smtp(format!("smtp://127.0.0.1:{smtp_port}")),
    }
}

/// One mail an [`SmtpSink`] received, as a mail client reads it (parsed with `mail-parser`).
#[derive(Debug, Clone)]
pub struct Mail {
    /// The envelope's recipients.
    pub rcpt: Vec<String>,
    pub subject: String,
    pub text: String,
    pub html: String,
    pub message_id: String,
    /// `List-Unsubscribe` and `List-Unsubscribe-Post`, as sent (`""` when absent).
    pub list_unsubscribe: String,
    pub list_unsubscribe_post: String,
    pub raw: String,
}

impl Mail {
    fn parse(rcpt: Vec<String>, raw: &[u8]) -> Mail {
        let message = mail_parser::MessageParser::default()
            .parse(raw)
            .unwrap_or_else(|| panic!("not a mail: {}", String::from_utf8_lossy(raw)));
        let header = |name: &str| {
            message
                .header_raw(name)
                .map(|v| v.trim().to_owned())
                .unwrap_or_default()
        };
        Mail {
            rcpt,
            subject: message.subject().unwrap_or_default().to_owned(),
            text: message
                .body_text(0)
                .map(|t| t.into_owned())
                .unwrap_or_default(),
            html: message
                .body_html(0)
                .map(|t| t.into_owned())
                .unwrap_or_default(),
            message_id: message.message_id().unwrap_or_default().to_owned(),
            list_unsubscribe: header("List-Unsubscribe"),
            list_unsubscribe_post: header("List-Unsubscribe-Post"),
            raw: String::from_utf8_lossy(raw).into_owned(),
        }
    }

    /// The one-click unsubscribe URL of `List-Unsubscribe`, without its angle brackets.
    pub fn unsubscribe_url(&self) -> &str {
        self.list_unsubscribe
            .trim_start_matches('<')
            .trim_end_matches('>')
    }

    /// The path (and query) of the first link of the plain text that starts with
    /// `{TEST_PUBLIC_URL}{prefix}`, to follow on a test app.
    pub fn link(&self, prefix: &str) -> Option<String> {
        let start = format!("{TEST_PUBLIC_URL}{prefix}");
        let at = self.text.find(&start)?;
        let url = self.text[at..].split_whitespace().next()?;
        Some(url[TEST_PUBLIC_URL.len()..].to_owned())
    }
}

/// Whether a mail is a notification (every notification has a one-click unsubscribe link; the
/// verification mail has none).
pub fn is_notification(mail: &Mail) -> bool {
    !mail.list_unsubscribe.is_empty()
}

/// The mails a sink received, unparsed: each with its envelope's recipients.
#[derive(Debug, Default)]
struct Inbox {
    mails: Vec<(Vec<String>, Vec<u8>)>,
}

/// mailin's handler for one connection: keeps each message in the shared inbox.
struct Keeper {
    inbox: Arc<Mutex<Inbox>>,
    rcpt: Vec<String>,
    data: Vec<u8>,
}

impl mailin::Handler for Keeper {
    fn data_start(
        &mut self,
        _domain: &str,
        _from: &str,
        _is8bit: bool,
        to: &[String],
    ) -> mailin::Response {
        self.rcpt = to.to_vec();
        self.data.clear();
        mailin::response::OK
    }

    fn data(&mut self, buf: &[u8]) -> std::io::Result<()> {
        self.data.extend_from_slice(buf);
        Ok(())
    }

    fn data_end(&mut self) -> mailin::Response {
        let mail = (
            std::mem::take(&mut self.rcpt),
            std::mem::take(&mut self.data),
        );
        self.inbox.lock().unwrap().mails.push(mail);
        mailin::response::OK
    }
}

/// A port where nothing listens (yet): bound, then released, for a sink started after the
/// app that sends to it.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A real SMTP server for the tests, in-process: `mailin`'s SMTP state machine (the protocol:
/// EHLO, MAIL, RCPT, DATA, dot-unstuffing, replies) over tokio sockets; it keeps every mail it
/// receives. Stops when dropped.
#[derive(Debug)]
pub struct SmtpSink {
    pub port: u16,
    inbox: Arc<Mutex<Inbox>>,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for SmtpSink {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl SmtpSink {
    /// A sink on a free port.
    pub async fn start() -> SmtpSink {
        SmtpSink::start_on(0).await
    }

    /// A sink on `port` (0: a free one).
    pub async fn start_on(port: u16) -> SmtpSink {
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", port))
            .await
            .unwrap();
        let port = listener.local_addr().unwrap().port();
        let inbox = Arc::new(Mutex::new(Inbox::default()));
        let shared = inbox.clone();
        let task = tokio::spawn(async move {
            let builder = mailin::SessionBuilder::new("sink.tapis.example");
            loop {
                let Ok((stream, peer)) = listener.accept().await else {
                    return;
                };
                let session = builder.build(
                    peer.ip(),
                    Keeper {
                        inbox: shared.clone(),
                        rcpt: Vec::new(),
                        data: Vec::new(),
                    },
                );
                tokio::spawn(converse(stream, session));
            }
        });
        SmtpSink { port, inbox, task }
    }

    /// Every mail received so far, in order.
    pub fn received(&self) -> Vec<Mail> {
        self.inbox
            .lock()
            .unwrap()
            .mails
            .iter()
            .map(|(rcpt, raw)| Mail::parse(rcpt.clone(), raw))
            .collect()
    }

    /// The mails received for `address` that `keep` keeps, waiting up to 10 s until there are
    /// at least `count` of them (then returns them; panics if they do not come).
    pub async fn wait_for(
        &self,
        address: &str,
        count: usize,
        keep: impl Fn(&Mail) -> bool,
    ) -> Vec<Mail> {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        loop {
            let mails: Vec<Mail> = self
                .received()
                .into_iter()
                .filter(|m| m.rcpt.iter().any(|r| r == address) && keep(m))
                .collect();
            if mails.len() >= count {
                return mails;
            }
            if tokio::time::Instant::now() > deadline {
                panic!(
                    "{count} mails for {address} expected within 10 s, got {}: {:#?}",
                    mails.len(),
                    mails.iter().map(|m| &m.subject).collect::<Vec<_>>()
                );
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

/// One SMTP connection: the greeting, then each line the client sends handed to mailin's
/// session and its reply written back, until the client quits or the connection breaks.
async fn converse(stream: TcpStream, mut session: mailin::Session<Keeper>) {
    let (read, mut write) = stream.into_split();
    let mut read = BufReader::new(read);
    let greeting = session.greeting().buffer().unwrap();
    if write.write_all(&greeting).await.is_err() {
        return;
    }
    let mut line = Vec::new();
    loop {
        line.clear();
        match read.read_until(b'\n', &mut line).await {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        let response = session.process(&line);
        match response.action {
            mailin::Action::NoReply => {}
            mailin::Action::Reply => {
                let bytes = response.buffer().unwrap();
                if write.write_all(&bytes).await.is_err() {
                    return;
                }
            }
            mailin::Action::Close | mailin::Action::UpgradeTls => {
                let bytes = response.buffer().unwrap();
                let _ = write.write_all(&bytes).await;
                return;
            }
        }
    }
}
