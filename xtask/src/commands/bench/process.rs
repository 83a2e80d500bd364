//! `cargo xtask bench --process`: each solution binary as the judge runs it, a whole
//! process per sample, against the floor of a Rust program that only reads its input.
//!
//! 1. Builds the solutions in release mode, and the floor program with plain
//!    `rustc --edition 2021 -O`, as the judge compiles.
//! 2. For every binary and sample, starts a fresh copy of `xtask` (the *worker*) that runs
//!    the binary many times with the sample on standard input and reports the median wall
//!    time and the peak resident memory of its children. A separate worker per binary keeps
//!    the memory figure to that binary alone (`getrusage` reports the largest child).
//!    A run still going at the problem's time limit plus a second is stopped, with every
//!    process it started (the run has a process group of its own), and the worker fails.
//! 3. Prints `process problem=p2239 file=sample-1.in runs=300 median_us=… floor_median_us=…
//!    ratio=… peak_kb=… floor_peak_kb=…`.

use std::fs::File;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use nix::sys::signal::{killpg, Signal};
use nix::unistd::Pid;
use wait_timeout::ChildExt;

use xtask::bundle::{start_judge_build, Bundle};
use xtask::problems::workspace::{Profile, Workspace};

/// Runs per binary and sample: enough for a steady median of a ~1 ms process.
const RUNS: usize = 300;

/// The floor: a program that reads all of standard input and exits.
const FLOOR_SOURCE: &str = "use std::io::Read;\n\
    fn main() {\n    let mut input = String::new();\n    \
    std::io::stdin().read_to_string(&mut input).expect(\"stdin\");\n}\n";

/// Measures every problem named in `names` (all when empty).
pub fn run(names: &[String]) -> Result<ExitCode> {
    let workspace = Workspace::load()?;
    let problems = workspace.select(names)?;
    let binaries = workspace.build(&problems, Profile::Release)?;
    let floor = build_floor(&workspace.target_directory)?;
    for (problem, binary) in problems.iter().zip(binaries) {
        let limit = problem.time_limit + Duration::from_secs(1);
        for sample in problem.samples()? {
            let (median, peak) = measure_in_worker(&binary, &sample.input_path, limit)?;
            let (floor_median, floor_peak) = measure_in_worker(&floor, &sample.input_path, limit)?;
            let (name, file, ratio) = (&problem.name, &sample.name, median / floor_median);
            outln!(
                "process problem={name} file={file}.in runs={RUNS} median_us={median:.0} floor_median_us={floor_median:.0} ratio={ratio:.2} peak_kb={peak} floor_peak_kb={floor_peak}"
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Compiles the floor program into the target directory, as the judge compiles.
fn build_floor(target_directory: &Path) -> Result<PathBuf> {
    let floor = Bundle {
        crate_name: "floor".to_string(),
        source: FLOOR_SOURCE.to_string(),
    };
    let build =
        start_judge_build(&floor, &target_directory.join("process-floor"), None)?.finish()?;
    build.binary.with_context(|| {
        format!(
            "rustc could not build the floor program:\n{}",
            build.diagnostics
        )
    })
}

/// Runs the worker for `binary` on `input`, each run stopped at `limit`, and reads its
/// one-line report.
fn measure_in_worker(binary: &Path, input: &Path, limit: Duration) -> Result<(f64, i64)> {
    let output = Command::new(std::env::current_exe().context("finding xtask itself")?)
        .arg("bench-process-worker")
        .arg(binary)
        .arg(input)
        .arg(format!("--time-limit-ms={}", limit.as_millis()))
        .output()
        .context("starting the measuring worker")?;
    let report = String::from_utf8_lossy(&output.stdout);
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        bail!("measuring {} failed: {}", binary.display(), stderr.trim());
    }
    let (median, peak) = report.trim().split_once(' ').unwrap_or_default();
    let parsed = median.parse().ok().zip(peak.parse().ok());
    parsed.with_context(|| format!("the worker's report was not understood: {report:?}"))
}

/// The worker's command line (`xtask bench-process-worker`, used by `bench --process`
/// only): it runs BINARY `RUNS` times with INPUT on standard input and prints the median
/// microseconds and the peak kilobytes.
#[derive(clap::Args)]
pub struct WorkerArguments {
    binary: PathBuf,
    input: PathBuf,
    /// A run still going after this long is stopped, and the worker fails.
    #[arg(long, value_name = "MS", default_value_t = 10_000)]
    time_limit_ms: u64,
}

/// The worker: see [`WorkerArguments`].
pub fn worker(arguments: WorkerArguments) -> Result<ExitCode> {
    let (binary, input) = (arguments.binary.display(), arguments.input.display());
    let limit = Duration::from_millis(arguments.time_limit_ms);
    let mut times = Vec::with_capacity(RUNS);
    for _ in 0..RUNS {
        let stdin = File::open(&arguments.input).with_context(|| format!("opening {input}"))?;
        let started = Instant::now();
        let mut child = Command::new(&arguments.binary)
            .stdin(Stdio::from(stdin))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            // A process group of its own, so that what it starts can be stopped with it.
            .process_group(0)
            .spawn()
            .with_context(|| format!("running {binary}"))?;
        let waited = child.wait_timeout(limit);
        times.push(started.elapsed().as_secs_f64() * 1e6);
        let Ok(Some(status)) = waited else {
            // The group's number is the child's process id. Killing it cannot fail in
            // a way that matters here: at worst the group is already gone.
            let _ = killpg(Pid::from_raw(child.id() as i32), Signal::SIGKILL);
            let _ = child.wait();
            bail!(
                "{binary} did not finish within {} ms on {input}: stopped it and all it started",
                limit.as_millis()
            );
        };
        if !status.success() {
            bail!("{binary} failed on {input}: {status}");
        }
    }
    times.sort_by(f64::total_cmp);
    let usage = nix::sys::resource::getrusage(nix::sys::resource::UsageWho::RUSAGE_CHILDREN)
        .context("reading the children's resource usage")?;
    // On Linux `ru_maxrss` is in kilobytes.
    outln!("{} {}", times[RUNS / 2], usage.max_rss());
    Ok(ExitCode::SUCCESS)
}
