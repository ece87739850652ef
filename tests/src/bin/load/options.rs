//! The load generator's command line.

/// What a run is asked to do.
#[derive(Debug, Clone)]
pub struct Options {
    /// The base URL of the running server, without a trailing `/`.
    pub base: String,
    pub clients: usize,
    pub seconds: u64,
    pub warmup: u64,
    pub seed: u64,
    pub game: String,
    /// Read instead of play: each client fetches its match over and over.
    pub read: Option<Read>,
    /// The players of the tournament whose standings are read (`--read standings`).
    pub players: usize,
    /// The rounds played before the standings are read (`--read standings`).
    pub rounds: usize,
}

/// What a reading client fetches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Read {
    /// The API's match view (`GET /api/v1/matches/{id}`, with the player's bearer token).
    Api,
    /// The match page (`GET /matches/{id}`, with the player's session cookie).
    Page,
    /// The first 100 lines of the standings of a tournament of `--players` players
    /// (`GET /api/v1/tournaments/{id}/standings`, signed out), after some rounds played.
    Standings,
}

const USAGE: &str = "usage: load --base URL [--clients N] [--seconds S] [--warmup W] [--seed X] \
                     [--game GAME] [--read api|page|standings] [--players N] [--rounds R]";

/// The options of this process's command line, or the message to print (the usage when help
/// was asked for).
pub fn parse_args() -> Result<Options, String> {
    let mut options = Options {
        base: String::new(),
        clients: 32,
        seconds: 20,
        warmup: 3,
        seed: 1,
        game: "cant-stop".to_owned(),
        read: None,
        players: 1000,
        rounds: 3,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        if flag == "-h" || flag == "--help" {
            return Err(USAGE.to_owned());
        }
        let value = args
            .next()
            .ok_or_else(|| format!("{flag} needs a value\n{USAGE}"))?;
        let number = |value: &str| -> Result<u64, String> {
            value
                .parse::<u64>()
                .map_err(|_| format!("{flag} takes a whole number, not `{value}`"))
        };
        match flag.as_str() {
            "--base" => options.base = value.trim_end_matches('/').to_owned(),
            "--clients" => {
                options.clients = usize::try_from(number(&value)?).map_err(|e| e.to_string())?;
            }
            "--seconds" => options.seconds = number(&value)?,
            "--warmup" => options.warmup = number(&value)?,
            "--seed" => options.seed = number(&value)?,
            "--game" => options.game = value,
            "--players" => {
                options.players = usize::try_from(number(&value)?).map_err(|e| e.to_string())?;
            }
            "--rounds" => {
                options.rounds = usize::try_from(number(&value)?).map_err(|e| e.to_string())?;
            }
            "--read" => {
                options.read = Some(match value.as_str() {
                    "api" => Read::Api,
                    "page" => Read::Page,
                    "standings" => Read::Standings,
                    other => {
                        return Err(format!(
                            "--read takes api, page or standings, not `{other}`"
                        ));
                    }
                });
            }
            other => return Err(format!("unknown argument `{other}`\n{USAGE}")),
        }
    }
    if options.base.is_empty() {
        return Err(format!("--base is required\n{USAGE}"));
    }
    if options.clients == 0 || options.seconds == 0 {
        return Err("--clients and --seconds must be at least 1".to_owned());
    }
    Ok(options)
}
