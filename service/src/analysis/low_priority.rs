//! The engines' own threads, at the lowest priority the system gives without privileges.
//!
//! An analysis takes seconds of a core; on the tokio runtime's blocking threads it would take
//! its share of the CPU at the same priority as the requests, and a move's slowest answers
//! would wait behind it (`docs/analysis.md`: the benchmark with analyses running). Each
//! analysis runs instead on a thread of its own, made for it, whose priority is lowered before
//! the engine starts: on Linux the policy `SCHED_IDLE` (the engine runs when nothing else
//! wants the core; a lowered niceness alone is not enough, as it weighs only against the
//! server's own threads, not against PostgreSQL's processes, which the kernel schedules as
//! another group), elsewhere the lowest priority of the normal policy. The scheduler then
//! gives the engine what play leaves of the CPU, and a request that wakes takes the core at
//! once. A thread per analysis costs nothing beside the analysis (a few of them at once, each
//! seconds long), and a blocking-pool thread whose priority was lowered would carry it to the
//! next blocking task it serves.
//!
//! A priority is not enough on every machine: on a virtual machine of two cores, a loop that
//! only ever runs in `SCHED_IDLE` still took a third of `pgbench`'s throughput
//! (`docs/analysis.md`), the cores being shared below the system. So the engine is also paced
//! ([`Pacer`]): after each step of the record, if this process began requests while the step
//! was worked out, it rests so long that the engine works only a set share of the time (10 %
//! by default). On a process that serves no requests (`TAPIS_ROLES=worker`) it never rests.

use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::oneshot;

use crate::activity::Activity;

/// The longest rest after one step, so that an analysis always moves on.
const LONGEST_REST: Duration = Duration::from_secs(5);

/// Holds an engine back while the process serves requests: called after each step of an
/// analysis ([`Pacer::pace`]), it rests the engine's thread when requests began during the
/// step.
#[derive(Debug)]
pub struct Pacer {
    activity: Arc<Activity>,
    /// The share of the time the engine may work while requests come, in percent (1 to 100).
    percent: u32,
    /// The requests begun when the step started.
    seen: u64,
    /// When the step started.
    since: Instant,
}

impl Pacer {
    /// A pacer that lets the engine work `percent` of the time while requests come.
    pub fn new(activity: &Arc<Activity>, percent: u32) -> Pacer {
        Pacer {
            activity: Arc::clone(activity),
            percent: percent.clamp(1, 100),
            seen: activity.requests(),
            since: Instant::now(),
        }
    }

    /// Ends a step: rests if requests began while it was worked out, then starts the next.
    pub fn pace(&mut self) {
        let rest = self.rest_after(self.since.elapsed());
        if !rest.is_zero() {
            std::thread::sleep(rest);
        }
        self.seen = self.activity.requests();
        self.since = Instant::now();
    }

    /// How long to rest after a step that took `worked`: nothing if no request began during
    /// it, else what makes the work the pacer's share of the time (at most [`LONGEST_REST`]).
    fn rest_after(&self, worked: Duration) -> Duration {
        if self.activity.requests() == self.seen {
            return Duration::ZERO;
        }
        let rest = worked * (100 - self.percent) / self.percent;
        rest.min(LONGEST_REST)
    }
}

/// Why a job on a low-priority thread gave no answer.
#[derive(Debug, thiserror::Error)]
pub enum LowPriorityError {
    /// The thread could not be started.
    #[error("the analysis thread could not be started: {0}")]
    Spawn(#[from] std::io::Error),
    /// The job panicked (its thread ended without an answer).
    #[error("the engine panicked")]
    Panicked,
}

/// Runs `job` on a new thread at the lowest priority, and waits for its answer without
/// holding an async thread. If the priority cannot be lowered (a system that refuses it), the
/// job runs anyway at the normal priority, and a warning says so.
pub async fn run<T, F>(job: F) -> Result<T, LowPriorityError>
where
    T: Send + 'static,
    F: FnOnce() -> T + Send + 'static,
{
    let (answer, answered) = oneshot::channel();
    std::thread::Builder::new()
        .name("tapis-analysis".to_owned())
        .spawn(move || {
            if let Err(error) = lower_this_threads_priority() {
                tracing::warn!(
                    ?error,
                    "the analysis thread's priority could not be lowered: it runs at the normal priority"
                );
            }
            // The waiting side may have gone (a shutdown): the answer is then no one's.
            drop(answer.send(job()));
        })?;
    answered.await.map_err(|_| LowPriorityError::Panicked)
}

/// Puts the calling thread in the `SCHED_IDLE` policy.
#[cfg(any(target_os = "linux", target_os = "android"))]
fn lower_this_threads_priority() -> Result<(), thread_priority::Error> {
    use thread_priority::{NormalThreadSchedulePolicy, ThreadPriority, ThreadSchedulePolicy};
    thread_priority::set_thread_priority_and_policy(
        thread_priority::thread_native_id(),
        ThreadPriority::Min,
        ThreadSchedulePolicy::Normal(NormalThreadSchedulePolicy::Idle),
    )
}

/// Gives the calling thread the lowest priority of its policy.
#[cfg(not(any(target_os = "linux", target_os = "android")))]
fn lower_this_threads_priority() -> Result<(), thread_priority::Error> {
    thread_priority::set_current_thread_priority(thread_priority::ThreadPriority::Min)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(any(target_os = "linux", target_os = "android"))]
    #[tokio::test]
    async fn a_job_runs_in_the_idle_policy_and_answers() {
        use thread_priority::{
            NormalThreadSchedulePolicy, ThreadSchedulePolicy, thread_schedule_policy,
        };
        let (policy, answer) = run(|| (thread_schedule_policy(), 6 * 7))
            .await
            .expect("the job answers");
        assert_eq!(answer, 42);
        assert_eq!(
            policy.expect("the job's policy"),
            ThreadSchedulePolicy::Normal(NormalThreadSchedulePolicy::Idle),
            "the engine must run only when play leaves the core"
        );
        assert_ne!(
            thread_schedule_policy().expect("the test's policy"),
            ThreadSchedulePolicy::Normal(NormalThreadSchedulePolicy::Idle),
            "the caller keeps its own policy"
        );
    }

    #[test]
    fn the_engine_rests_only_after_a_step_during_which_requests_began() {
        let activity = Arc::new(Activity::default());
        let step = Duration::from_millis(30);
        let pacer = Pacer::new(&activity, 10);
        assert_eq!(
            pacer.rest_after(step),
            Duration::ZERO,
            "no request: no rest"
        );
        activity.request_started();
        assert_eq!(pacer.rest_after(step), step * 9, "10 % of the time works");
        assert_eq!(
            pacer.rest_after(Duration::from_secs(60)),
            LONGEST_REST,
            "a long step rests no longer than the longest rest"
        );
        let mut pacer = Pacer::new(&activity, 100);
        activity.request_started();
        assert_eq!(pacer.rest_after(step), Duration::ZERO, "100 %: never rests");
        pacer.pace();
        let pacer = Pacer::new(&activity, 25);
        activity.request_started();
        assert_eq!(pacer.rest_after(step), step * 3);
    }

    #[tokio::test]
    async fn a_job_that_panics_is_an_error_not_a_hang() {
        let answer = run(|| -> u8 { panic!("an engine's bug") }).await;
        assert!(
            matches!(answer, Err(LowPriorityError::Panicked)),
            "{answer:?}"
        );
    }
}
