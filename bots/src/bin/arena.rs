//! The arena: seeded matches between two bots, seats swapped so that each moves first equally
//! often, with win rates (95 % Wilson interval), mean scores and decision times. A benchmark,
//! not a test; its last line is `key=value` pairs for scripts.
//!
//! cargo run --release -p tapis-bots --bin arena -- --game GAME --a BOT --b BOT
//!     [--games N] [--seats K] [--seed S] [--solitaire] [--jobs J]
//!
//! `--jobs J` plays the matches on J threads; every match keeps its own seeds, so the figures
//! are the same whatever J (decision times apart, which a shared core lengthens).

use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use tapis_bots::BotKind;
use tapis_bots::arena::{ArenaError, MatchResult, play_match, quantile_ms, wilson};
use tapis_games::GameId;

const USAGE: &str =
    "usage: arena --game GAME --a BOT --b BOT [--games N] [--seats K] [--seed S] [--solitaire] [--jobs J]
  GAME: linotte yam-master linja 5000 421 cant-stop yams make-five
  BOT: random greedy easy medium strong, rule28 (cant-stop), threshold[:T] max-points (5000), idle (cant-stop, 5000), frequent (yams)";

struct Args {
    game: GameId,
    a: BotKind,
    b: BotKind,
    games: usize,
    seats: Option<usize>,
    seed: u64,
    solitaire: bool,
    jobs: usize,
}

fn parse_args() -> Result<Args, String> {
    let mut game = None;
    let mut a = None;
    let mut b = None;
    let mut games = 100;
    let mut seats = None;
    let mut seed = 1;
    let mut solitaire = false;
    let mut jobs = 1;
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        if flag == "--solitaire" {
            solitaire = true;
            continue;
        }
        let value = args.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let bad = |what: &str| format!("{flag}: {what} `{value}`");
        match flag.as_str() {
            "--game" => game = Some(value.parse::<GameId>().map_err(|e| e.to_string())?),
            "--a" => a = Some(BotKind::parse(&value).ok_or_else(|| bad("unknown bot"))?),
            "--b" => b = Some(BotKind::parse(&value).ok_or_else(|| bad("unknown bot"))?),
            "--games" => games = value.parse().map_err(|_| bad("not a count"))?,
            "--seats" => seats = Some(value.parse().map_err(|_| bad("not a count"))?),
            "--seed" => seed = value.parse().map_err(|_| bad("not a number"))?,
            "--jobs" => jobs = value.parse().map_err(|_| bad("not a count"))?,
            _ => return Err(format!("unknown argument `{flag}`")),
        }
    }
    let game = game.ok_or("--game is required")?;
    let a = a.ok_or("--a is required")?;
    let b = match (b, solitaire) {
        (Some(b), _) => b,
        // In the games that need two players, the solitaire bot's partner never keeps anything.
        (None, true) => BotKind::Idle,
        (None, false) => return Err("--b is required (or --solitaire)".into()),
    };
    if games == 0 {
        return Err("--games must be at least 1".into());
    }
    if jobs == 0 {
        return Err("--jobs must be at least 1".into());
    }
    Ok(Args {
        game,
        a,
        b,
        games,
        seats,
        seed,
        solitaire,
        jobs,
    })
}

#[derive(Default)]
struct Tally {
    wins: u32,
    draws: u32,
    losses: u32,
    score: f64,
    turns: f64,
    games_with_turns: u32,
    times: Vec<Duration>,
}

impl Tally {
    fn win_rate(&self) -> f64 {
        let n = f64::from(self.wins + self.draws + self.losses);
        (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / n.max(1.0)
    }
}

/// A match played, or the match's number, seed and error.
type Played = Result<MatchResult, (usize, u64, ArenaError)>;

/// Match `g` of a run: bot A sits in seat g mod K, so it moves first in one match out of K;
/// the match's dice and the bots' generators are seeded from the run's seed and `g` alone.
fn play_one(args: &Args, seats: usize, g: usize) -> Played {
    let a_seat = g % seats;
    let match_seed = args.seed.wrapping_mul(1_000_003).wrapping_add(g as u64);
    play_match(
        args.game,
        seats,
        &[a_seat],
        args.a,
        args.b,
        match_seed,
        match_seed ^ 0x5eed_b075,
    )
    .map_err(|error| (g, match_seed, error))
}

/// Every match of the run, in order, played on `args.jobs` threads; progress goes to stderr
/// every tenth of the run.
fn play_all(args: &Args, seats: usize) -> Result<Vec<MatchResult>, (usize, u64, ArenaError)> {
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let slots: Mutex<Vec<Option<Played>>> = Mutex::new((0..args.games).map(|_| None).collect());
    let tenth = (args.games / 10).max(1);
    std::thread::scope(|scope| {
        for _ in 0..args.jobs.min(args.games) {
            scope.spawn(|| {
                loop {
                    let g = next.fetch_add(1, Ordering::Relaxed);
                    if g >= args.games {
                        break;
                    }
                    let result = play_one(args, seats, g);
                    let failed = result.is_err();
                    if let Ok(mut slots) = slots.lock() {
                        slots[g] = Some(result);
                    }
                    let finished = done.fetch_add(1, Ordering::Relaxed) + 1;
                    if finished.is_multiple_of(tenth) {
                        eprintln!("{finished} of {} matches played", args.games);
                    }
                    if failed {
                        // Stop handing out matches; the error is reported below.
                        next.store(args.games, Ordering::Relaxed);
                    }
                }
            });
        }
    });
    let slots = slots
        .into_inner()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let mut results = Vec::with_capacity(args.games);
    for slot in slots {
        match slot {
            Some(Ok(result)) => results.push(result),
            Some(Err(failure)) => return Err(failure),
            // A match left unplayed after another failed: the failure comes first in order
            // or is reported when its slot is reached.
            None => continue,
        }
    }
    Ok(results)
}

/// The number of seats of the run: the game's fewest for a solitaire run, else as asked or
/// two; an error where the game is not played by that many.
fn seats_of(args: &Args) -> Result<usize, String> {
    let seats = if args.solitaire {
        args.game.min_seats()
    } else {
        args.seats.unwrap_or(2.max(args.game.min_seats()))
    };
    if !(args.game.min_seats()..=args.game.max_seats()).contains(&seats) {
        return Err(format!(
            "{} is played by {} to {} players",
            args.game,
            args.game.min_seats(),
            args.game.max_seats()
        ));
    }
    Ok(seats)
}

/// What the matches of a run gave bot A and bot B.
struct Tallies {
    a: Tally,
    b: Tally,
    /// Solitaire runs whose idle partner scored anyway (5000: five 1s, or a forced banking).
    spoiled: usize,
}

/// Counts the wins, scores, turns and decision times of `results` (match `g` had bot A in
/// seat g mod `seats`).
fn tally(args: &Args, seats: usize, results: Vec<MatchResult>) -> Tallies {
    let mut a = Tally::default();
    let mut b = Tally::default();
    let mut spoiled = 0;
    for (g, result) in results.into_iter().enumerate() {
        let a_seat = g % seats;
        if args.solitaire && seats > 1 && result.ranks[a_seat] != 1 {
            spoiled += 1;
            continue;
        }
        let a_rank = result.ranks[a_seat];
        let best_b = (0..seats)
            .filter(|s| *s != a_seat)
            .map(|s| result.ranks[s])
            .min();
        match best_b {
            None => a.wins += 1,
            Some(rank_b) if a_rank < rank_b => {
                a.wins += 1;
                b.losses += 1;
            }
            Some(rank_b) if a_rank == rank_b => {
                a.draws += 1;
                b.draws += 1;
            }
            Some(_) => {
                a.losses += 1;
                b.wins += 1;
            }
        }
        a.score += result.scores[a_seat] as f64;
        if result.turns[a_seat] > 0 {
            a.turns += f64::from(result.turns[a_seat]);
            a.games_with_turns += 1;
        }
        let others = seats.saturating_sub(1).max(1) as f64;
        for s in (0..seats).filter(|s| *s != a_seat) {
            b.score += result.scores[s] as f64 / others;
            if result.turns[s] > 0 {
                b.turns += f64::from(result.turns[s]) / others;
                b.games_with_turns += 1;
            }
        }
        a.times.extend(result.times_a);
        b.times.extend(result.times_b);
    }
    Tallies { a, b, spoiled }
}

/// Prints the line of one bot (`key` is `a` or `b`) over `n` counted matches, and adds its
/// figures to the run's `key=value` summary.
fn report_bot(
    key: &str,
    name: &str,
    tally: &mut Tally,
    n: f64,
    solitaire: bool,
    summary: &mut Vec<String>,
) {
    let rate = tally.win_rate();
    let (low, high) = wilson(f64::from(tally.wins) + 0.5 * f64::from(tally.draws), n);
    let p50 = quantile_ms(&mut tally.times, 0.5);
    let p99 = quantile_ms(&mut tally.times, 0.99);
    let max = quantile_ms(&mut tally.times, 1.0);
    let mean_score = tally.score / n;
    let mean_turns = if tally.games_with_turns > 0 {
        Some(tally.turns / f64::from(tally.games_with_turns))
    } else {
        None
    };
    if solitaire {
        println!(
            "{key} {name}: mean score {mean_score:.1}{}, decision ms p50 {p50:.2} p99 {p99:.2} max {max:.2}",
            mean_turns.map_or(String::new(), |t| format!(", mean turns {t:.2}"))
        );
    } else {
        println!(
            "{key} {name}: {} wins {} draws {} losses, win rate {:.1} % (95 % CI {:.1}..{:.1}), mean score {mean_score:.1}{}, decision ms p50 {p50:.2} p99 {p99:.2} max {max:.2}",
            tally.wins,
            tally.draws,
            tally.losses,
            rate * 100.0,
            low * 100.0,
            high * 100.0,
            mean_turns.map_or(String::new(), |t| format!(", mean turns {t:.2}"))
        );
        summary.push(format!("win_rate_{key}={rate:.4}"));
        summary.push(format!("ci95_{key}={low:.4}..{high:.4}"));
    }
    summary.push(format!("mean_score_{key}={mean_score:.2}"));
    if let Some(t) = mean_turns {
        summary.push(format!("mean_turns_{key}={t:.2}"));
    }
    summary.push(format!("p50_ms_{key}={p50:.3}"));
    summary.push(format!("p99_ms_{key}={p99:.3}"));
    summary.push(format!("max_ms_{key}={max:.3}"));
}

/// Prints the run's figures: a heading, a line per bot (bot A alone in a solitaire run), and
/// the `key=value` summary line.
fn report(args: &Args, seats: usize, tallies: Tallies) {
    let Tallies {
        mut a,
        mut b,
        spoiled,
    } = tallies;
    let n = (args.games - spoiled) as f64;
    let name_a = args.a.name();
    let name_b = args.b.name();
    println!(
        "{} games of {} with {} seats, seed {}{}",
        args.games,
        args.game,
        seats,
        args.seed,
        if args.solitaire { ", solitaire" } else { "" }
    );
    if spoiled > 0 {
        println!("{spoiled} solitaire runs set aside: the idle partner won them");
    }
    let mut summary = vec![
        format!("game={}", args.game),
        format!("a={name_a}"),
        format!(
            "b={}",
            if args.solitaire {
                "-".into()
            } else {
                name_b.clone()
            }
        ),
        format!("games={}", args.games - spoiled),
        format!("seats={seats}"),
    ];
    report_bot("a", &name_a, &mut a, n, args.solitaire, &mut summary);
    if !args.solitaire {
        report_bot("b", &name_b, &mut b, n, args.solitaire, &mut summary);
    }
    println!("{}", summary.join(" "));
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(args) => args,
        Err(message) => {
            eprintln!("{message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let seats = match seats_of(&args) {
        Ok(seats) => seats,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::from(2);
        }
    };
    let results = match play_all(&args, seats) {
        Ok(results) => results,
        Err((g, seed, error)) => {
            eprintln!("match {g} (seed {seed}): {error}");
            return ExitCode::FAILURE;
        }
    };
    report(&args, seats, tally(&args, seats, results));
    ExitCode::SUCCESS
}
