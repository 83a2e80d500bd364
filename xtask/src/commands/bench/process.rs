//! `cargo xtask bench --process`: each solution binary as the judge runs it, a whole
//! process per sample, against the floor of a Rust program that only reads its input.
//!
//! 1. Builds the solutions in release mode, and the floor program with plain
//!    `rustc --edition 2021 -O`, as the judge compiles.
//! 2. For every binary and sample, runs the binary [`RUNS`] times through the judge's own
//!    runner ([`run_program`]: its own process group, killed with all it started after
//!    each run; the program's own peak memory), with the sample on standard input and the
//!    problem's time limit plus a second, and takes the median wall time, and the peak
//!    memory of one more run watched as the judge watches it. A run that does not exit
//!    with 0 in time is an error.
//! 3. Prints `process problem=p1000 file=sample-1.in runs=300 median_us=… floor_median_us=…
//!    ratio=… peak_kb=… floor_peak_kb=…`.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Duration;

use anyhow::{bail, Context, Result};

use xtask::bundle::{start_judge_build, Bundle};
use xtask::judge::{run_program, run_program_watching, Limits, MemoryWatch};
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
            let (median, peak) = measure(&binary, &sample.input_path, limit)?;
            let (floor_median, floor_peak) = measure(&floor, &sample.input_path, limit)?;
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

/// Runs `binary` [`RUNS`] times on the file `input`, each within `time_limit`, and returns
/// the median wall time in microseconds and the peak memory in kilobytes. The timed runs
/// read the memory only every few milliseconds ([`MemoryWatch::Periodic`]), so that the
/// runner does not take a processor from the program; the memory is that of one more run,
/// watched as the judge watches it.
fn measure(binary: &Path, input: &Path, time_limit: Duration) -> Result<(f64, u64)> {
    let (binary_name, input_name) = (binary.display(), input.display());
    let input_bytes = std::fs::read(input).with_context(|| format!("reading {input_name}"))?;
    let limits = Limits::time_only(time_limit);
    let mut times = Vec::with_capacity(RUNS);
    for _ in 0..RUNS {
        let mut program = Command::new(binary);
        let run = run_program_watching(&mut program, &input_bytes, limits, MemoryWatch::Periodic)?;
        if !run.ending.is_success() {
            bail!("{binary_name} on {input_name}: {}", run.ending);
        }
        times.push(run.elapsed.as_secs_f64() * 1e6);
    }
    times.sort_by(f64::total_cmp);
    let watched = run_program(&mut Command::new(binary), &input_bytes, limits)?;
    Ok((times[RUNS / 2], watched.peak_memory_bytes / 1024))
}
