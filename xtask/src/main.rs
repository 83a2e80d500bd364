//! The project's own tooling, run as `cargo xtask <SUBCOMMAND>`.
//!
//! The cargo-xtask convention: `.cargo/config.toml` defines the alias `xtask = "run
//! --package xtask --"`, so the tooling is an ordinary Rust binary of the workspace. [`Cli`]
//! describes the command line (clap's derive API makes the parser, `--help` and the error
//! messages), and `main` hands each subcommand to one arm of a `match`, each in a module of
//! [`commands`]:
//!
//! - [`commands::check`]: build every solution and judge its samples ([`xtask::judge`]).
//! - [`commands::bundle`]: one file per problem for the judge ([`xtask::bundle`]).
//! - [`commands::new`]: a new problem crate from a skeleton.
//! - [`commands::stress`]: random inputs, judged by the reference solvers of the library.
//! - [`commands::bench`]: timings of the solutions' libraries, and
//!   [`commands::bench::process`] its `--process` mode: whole processes and their memory.
//! - [`commands::generate`]: Su-domino-ku test files.
//! - [`commands::trace`]: a solver's reasoning, step by step, as text or as a page.
//! - [`commands::draw`]: the climb's pictures, drawn by the code they show
//!   ([`xtask::draw`]).
//!
//! Exit codes: 0 when the subcommand succeeded, 1 when it failed (for `check`: a case
//! failed or something could not be built or run), 2 when the command line was not
//! understood.

/// `println!` that never panics: see [`write_stdout`].
macro_rules! outln {
    ($($argument:tt)*) => {
        $crate::write_stdout(format_args!("{}\n", format_args!($($argument)*)))
    };
}

mod commands;

use std::fmt;
use std::io::{self, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use commands::{bench, bundle, check, draw, generate, new, stress, trace};

/// The project's own tooling: judge, bundle, stress, time and trace the solutions.
#[derive(Parser)]
#[command(
    name = "cargo xtask",
    bin_name = "cargo xtask",
    after_help = "A PROBLEM is named by its crate (p1000) or by its number (1000)."
)]
struct Cli {
    #[command(subcommand)]
    command: Subcommands,
}

/// One variant per subcommand; each module defines its own options.
#[derive(Subcommand)]
enum Subcommands {
    Check(check::Arguments),
    Bundle(bundle::Arguments),
    New(new::Arguments),
    Stress(stress::Arguments),
    Bench(bench::Arguments),
    Generate(generate::Arguments),
    Trace(trace::Arguments),
    Draw(draw::Arguments),
}

fn main() -> ExitCode {
    // The starter of a judged program (`xtask judge-start ...`, see `xtask::judge::run`):
    // nothing else of xtask runs in that process.
    let arguments: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if arguments
        .get(1)
        .is_some_and(|word| word == xtask::judge::STARTER_WORD)
    {
        return xtask::judge::run_starter(&arguments[2..]);
    }
    if arguments
        .get(1)
        .is_some_and(|word| word == xtask::judge::GUARD_WORD)
    {
        return xtask::judge::run_guard(&arguments[2..]);
    }
    // Before any thread starts: a signal that would end xtask (SIGINT, SIGTERM, SIGQUIT,
    // ...) then kills the programs being judged, with all they started, and removes the
    // temporary folders before xtask exits (see `xtask::judge::run`).
    if let Err(error) = xtask::judge::stop_programs_on_signals() {
        eprintln!("error: {error:#}");
        return ExitCode::FAILURE;
    }
    // A mistake on the command line ends the process here, with exit code 2; `--help`
    // goes through `write_stdout`, so that a full standard output is an error there too.
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) if error.use_stderr() => error.exit(),
        Err(help) => {
            if let Err(error) = help.print().and_then(|()| io::stdout().flush()) {
                stdout_failed(error);
            }
            return ExitCode::SUCCESS;
        }
    };
    let outcome = match cli.command {
        Subcommands::Check(arguments) => check::run(arguments),
        Subcommands::Bundle(arguments) => bundle::run(arguments),
        Subcommands::New(arguments) => new::run(arguments),
        Subcommands::Stress(arguments) => stress::run(arguments),
        Subcommands::Bench(arguments) => bench::run(arguments),
        Subcommands::Generate(arguments) => generate::run(arguments),
        Subcommands::Trace(arguments) => trace::run(arguments),
        Subcommands::Draw(arguments) => draw::run(arguments),
    };

    let broken_pipe = |cause: &(dyn std::error::Error + 'static)| {
        let error = cause.downcast_ref::<io::Error>();
        error.is_some_and(|error| error.kind() == io::ErrorKind::BrokenPipe)
    };
    match outcome {
        Ok(code) => code,
        // A reader that went away ends the process quietly, as in `write_stdout`.
        Err(error) if error.chain().any(broken_pipe) => ExitCode::SUCCESS,
        // A mistake on the command line found after parsing (`usage_error`): as clap's own.
        Err(error) if error.is::<clap::Error>() => {
            eprint!("{error}\nFor more information, try '--help'.\n");
            ExitCode::from(2)
        }
        Err(error) => {
            // `{:#}` prints the whole chain of context, for example
            // "reading problems/p1000/samples/sample-1.in: No such file or directory".
            eprintln!("error: {error:#}");
            ExitCode::FAILURE
        }
    }
}

/// Writes to standard output for [`outln!`]. Where `println!` panics, a reader that went
/// away (`cargo xtask trace p1000 < input | head -1`) ends the process quietly, as a pipe's
/// writer usually ends, and any other failure (`> /dev/full`) with a message and code 1.
pub fn write_stdout(text: fmt::Arguments<'_>) {
    let mut stdout = io::stdout().lock();
    if let Err(error) = stdout.write_fmt(text).and_then(|()| stdout.flush()) {
        stdout_failed(error);
    }
}

/// Ends the process after standard output failed: see [`write_stdout`].
fn stdout_failed(error: io::Error) -> ! {
    if error.kind() == io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    eprintln!("error: writing standard output: {error}");
    std::process::exit(1);
}
