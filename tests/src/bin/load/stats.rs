//! What the clients measure (moves, latencies, errors) within the measured window, and the
//! report printed from it, whose last line `scripts/bench.sh` reads.

use std::time::{Duration, Instant};

/// How many error messages are kept to print.
const ERROR_SAMPLES: usize = 5;

/// What one client measured.
#[derive(Debug, Default)]
pub struct Stats {
    /// Moves whose POST started inside the measured window.
    pub moves: u64,
    /// Every accepted move, warm-up included.
    pub moves_total: u64,
    /// Latency of each measured move, in microseconds.
    pub post_us: Vec<u64>,
    /// Latency of each measured move by what it did (`MoveKind`), in microseconds.
    pub kind_us: [Vec<u64>; 3],
    /// Latency of each GET of the match started inside the measured window, in microseconds.
    pub get_us: Vec<u64>,
    pub version_conflicts: u64,
    /// Every other failure (HTTP error status, transport error, unexpected reply).
    pub errors: u64,
    pub error_samples: Vec<String>,
    pub matches_finished: u64,
    pub matches_created: u64,
}

impl Stats {
    pub fn error(&mut self, message: String) {
        self.errors += 1;
        if self.error_samples.len() < ERROR_SAMPLES {
            self.error_samples.push(message);
        }
    }

    pub fn merge(&mut self, other: Stats) {
        self.moves += other.moves;
        self.moves_total += other.moves_total;
        self.post_us.extend(other.post_us);
        self.get_us.extend(other.get_us);
        for (mine, theirs) in self.kind_us.iter_mut().zip(other.kind_us) {
            mine.extend(theirs);
        }
        self.version_conflicts += other.version_conflicts;
        self.errors += other.errors;
        for sample in other.error_samples {
            if self.error_samples.len() < ERROR_SAMPLES {
                self.error_samples.push(sample);
            }
        }
        self.matches_finished += other.matches_finished;
        self.matches_created += other.matches_created;
    }
}

/// What a move did, as the view it answered says: the three take different paths on the
/// server (a move that ends its match reads the players' ratings, and writes them with the
/// step).
#[derive(Debug, Clone, Copy)]
pub enum MoveKind {
    /// The turn stayed with the player who moved.
    KeptTurn = 0,
    /// The turn passed to the other seat.
    PassedTurn = 1,
    /// The match ended.
    Ended = 2,
}

impl MoveKind {
    const NAMES: [&'static str; 3] = ["kept the turn", "passed the turn", "ended the match"];
}

/// The measured window, shared by every client.
#[derive(Debug, Clone, Copy)]
pub struct Window {
    pub start: Instant,
    pub end: Instant,
}

impl Window {
    pub fn contains(&self, at: Instant) -> bool {
        at >= self.start && at < self.end
    }
}

pub fn micros(duration: Duration) -> u64 {
    u64::try_from(duration.as_micros()).unwrap_or(u64::MAX)
}

/// The nearest-rank percentile of sorted values, in milliseconds.
fn percentile_ms(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let rank = (p / 100.0 * sorted.len() as f64).ceil() as usize;
    let index = rank.clamp(1, sorted.len()) - 1;
    sorted[index] as f64 / 1000.0
}

/// This process's CPU time (user + system) in seconds, from /proc (Linux only).
pub fn own_cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name, which ends with the last ')'.
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // utime and stime are fields 14 and 15 of the line: 12 and 13 after the command name.
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    // /proc reports in USER_HZ, which is 100 on Linux.
    Some((utime + stime) / 100.0)
}

/// Prints the report of a run: `seconds` measured after `warmup`, during which this process
/// used `cpu` seconds of CPU. Its last line is machine-readable (`RESULT key=value...`).
pub fn print_report(mut stats: Stats, seconds: u64, warmup: u64, cpu: f64) {
    stats.post_us.sort_unstable();
    stats.get_us.sort_unstable();
    let moves_per_sec = stats.moves as f64 / seconds as f64;
    let p50 = percentile_ms(&stats.post_us, 50.0);
    let p90 = percentile_ms(&stats.post_us, 90.0);
    let p99 = percentile_ms(&stats.post_us, 99.0);
    let max = percentile_ms(&stats.post_us, 100.0);
    let get_p50 = percentile_ms(&stats.get_us, 50.0);
    let get_p99 = percentile_ms(&stats.get_us, 99.0);
    let load_cpu = cpu / (warmup + seconds) as f64;

    println!("moves (POST /actions)   {}", stats.moves);
    println!("moves per second        {moves_per_sec:.1}");
    println!("move latency (ms)       p50 {p50:.2}   p90 {p90:.2}   p99 {p99:.2}   max {max:.2}");
    let gets_per_move = if stats.moves > 0 {
        stats.get_us.len() as f64 / stats.moves as f64
    } else {
        f64::NAN
    };
    println!(
        "GET match latency (ms)  p50 {get_p50:.2}   p99 {get_p99:.2}   ({} GETs, {gets_per_move:.2} per move)",
        stats.get_us.len()
    );
    println!(
        "matches                 {} finished in the window, {} new ones started after the first",
        stats.matches_finished, stats.matches_created
    );
    println!(
        "errors                  {} version_conflict, {} other",
        stats.version_conflicts, stats.errors
    );
    for sample in &stats.error_samples {
        println!("  e.g. {sample}");
    }
    for (name, us) in MoveKind::NAMES.iter().zip(stats.kind_us.iter_mut()) {
        us.sort_unstable();
        println!(
            "  moves that {name:<16} {:>6}   p50 {:.2}   p99 {:.2} ms",
            us.len(),
            percentile_ms(us, 50.0),
            percentile_ms(us, 99.0)
        );
    }
    println!("load generator CPU      {load_cpu:.2} cores on average");
    println!(
        "RESULT moves_per_sec={moves_per_sec:.1} p50_ms={p50:.2} p99_ms={p99:.2} max_ms={max:.2} \
         moves={} moves_total={} get_p50_ms={get_p50:.2} gets_per_move={gets_per_move:.2} \
         version_conflicts={} errors={} load_cpu_cores={load_cpu:.2}",
        stats.moves, stats.moves_total, stats.version_conflicts, stats.errors
    );
}
