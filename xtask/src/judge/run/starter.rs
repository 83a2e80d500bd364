//! The starter: the process a judged program starts as, `cargo xtask` itself in a mode of
//! its own (`xtask judge-start`), which waits to be released and then makes the process
//! what the judge's program starts as before it becomes the program (`exec`):
//!
//! - **no signal blocked**: xtask keeps the signals that would end it blocked for its own
//!   signal thread (`signals.rs`), and a child inherits the mask; the starter clears it.
//!   Caught signals go back to their default at `exec`, and `std` puts SIGPIPE back too;
//!   the starter itself is started by `fork`, not by the C library's `posix_spawn`, which
//!   leaves two signals of the C library's own ignored in the child (see `start.rs`);
//! - **the input a regular file opened read-only**, so a program may `mmap` or seek it;
//! - **the stack limit the judge sets** (the memory limit: see the README), soft and hard,
//!   whatever the caller's `ulimit -s` was (but never above the caller's hard limit, which
//!   only a privileged process may raise: the runner then says so);
//! - **nothing open beyond 0, 1 and 2**: what xtask inherited from its own caller is closed;
//! - **killed when xtask dies** (`PR_SET_PDEATHSIG`), even by SIGKILL, traced or not.
//!
//! The starter waits for its release by reading one byte of its standard input (a pipe the
//! runner writes once it has attached to the starter, see `ptrace.rs`): the program's time
//! starts then.

use std::ffi::OsString;
use std::io::Read;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use anyhow::{anyhow, Context, Result};
use nix::sys::resource::{getrlimit, setrlimit, Resource, RLIM_INFINITY};
use nix::sys::signal::{sigprocmask, SigSet, SigmaskHow, Signal};

/// The first argument that makes `xtask` a starter.
pub const STARTER_WORD: &str = "judge-start";

/// The exit code of a starter that could not become its program (a shell's, for a command
/// it cannot run).
const CANNOT_START: u8 = 127;

/// What a starter is told, in the order of its arguments after [`STARTER_WORD`].
pub(super) struct StarterArguments {
    /// The stack limit, in bytes; `None` for no limit.
    pub(super) stack_bytes: Option<u64>,
    /// The file that becomes the program's standard input.
    pub(super) input: PathBuf,
    /// The program and its arguments.
    pub(super) program: Vec<OsString>,
}

impl StarterArguments {
    /// The arguments of `xtask` that start this, after the program's path.
    pub(super) fn words(&self) -> Vec<OsString> {
        let stack = match self.stack_bytes {
            Some(bytes) => bytes.to_string(),
            None => "unlimited".to_string(),
        };
        let mut words = vec![STARTER_WORD.into(), stack.into(), self.input.clone().into()];
        words.extend(self.program.iter().cloned());
        words
    }

    /// Reads what [`StarterArguments::words`] wrote (the words after [`STARTER_WORD`]).
    fn read(words: &[OsString]) -> Result<StarterArguments> {
        let [stack, input, program @ ..] = words else {
            return Err(anyhow!(
                "a starter needs a stack limit, an input and a program"
            ));
        };
        let stack = stack.to_string_lossy();
        let stack_bytes = match &*stack {
            "unlimited" => None,
            bytes => Some(bytes.parse().context("the stack limit")?),
        };
        if program.is_empty() {
            return Err(anyhow!("a starter needs a program"));
        }
        Ok(StarterArguments {
            stack_bytes,
            input: PathBuf::from(input),
            program: program.to_vec(),
        })
    }
}

/// The xtask binary, which starts every judged program: this process's own binary when it
/// is `xtask`, else (a test of this crate, in `target/PROFILE/deps/`) the `xtask` that cargo
/// built beside the tests.
pub(super) fn starter_binary() -> Result<PathBuf> {
    let current = std::env::current_exe().context("finding xtask's own binary")?;
    if current.file_name().is_some_and(|name| name == "xtask") {
        return Ok(current);
    }
    let beside = current
        .parent()
        .and_then(Path::parent)
        .map(|folder| folder.join("xtask"));
    match beside {
        Some(binary) if binary.is_file() => Ok(binary),
        _ => Err(anyhow!(
            "the judge starts programs with the xtask binary, which is not beside {}: build \
             it with `cargo build -p xtask`",
            current.display()
        )),
    }
}

/// Runs a starter with `words`, the arguments after [`STARTER_WORD`]: returns only when the
/// program could not be started (see the module's docs).
pub fn run_starter(words: &[OsString]) -> ExitCode {
    let error = match StarterArguments::read(words) {
        Ok(arguments) => become_program(&arguments),
        Err(error) => error,
    };
    eprintln!("xtask's starter: {error:#}");
    ExitCode::from(CANNOT_START)
}

/// Waits for the release, then sets up the process and becomes the program; returns only
/// the reason it could not.
fn become_program(arguments: &StarterArguments) -> anyhow::Error {
    // The release: one byte; none when the runner gave up on the run.
    let mut byte = [0_u8];
    if !matches!(std::io::stdin().read(&mut byte), Ok(1)) {
        std::process::exit(CANNOT_START.into());
    }
    if let Err(error) = set_up(arguments) {
        return error;
    }
    let [program, program_arguments @ ..] = &arguments.program[..] else {
        return anyhow!("no program");
    };
    let error = Command::new(program).args(program_arguments).exec();
    anyhow!(error).context(format!("starting {}", Path::new(program).display()))
}

/// The process as the judge starts a program (see the module's docs).
fn set_up(arguments: &StarterArguments) -> Result<()> {
    let input = std::fs::File::open(&arguments.input)
        .with_context(|| format!("opening {}", arguments.input.display()))?;
    nix::unistd::dup2_stdin(&input).context("making the input standard input")?;
    drop(input);
    close_all_but_standard_files()?;
    // No higher than the hard limit this process was given, which only a privileged
    // process may raise (the runner says so, once: see `start.rs`).
    let (_, hard) = getrlimit(Resource::RLIMIT_STACK).context("reading the stack limit")?;
    let stack = arguments.stack_bytes.unwrap_or(RLIM_INFINITY).min(hard);
    setrlimit(Resource::RLIMIT_STACK, stack, stack).context("setting the stack limit")?;
    nix::sys::prctl::set_pdeathsig(Signal::SIGKILL).context("tying the program to xtask")?;
    sigprocmask(SigmaskHow::SIG_SETMASK, Some(&SigSet::empty()), None)
        .context("clearing the signal mask")?;
    Ok(())
}

/// Closes every file this process has open beyond 0, 1 and 2.
fn close_all_but_standard_files() -> Result<()> {
    let listed = std::fs::read_dir("/proc/self/fd").context("listing /proc/self/fd")?;
    let numbers: Vec<i32> = listed
        .flatten()
        .filter_map(|entry| entry.file_name().to_str()?.parse().ok())
        .collect();
    // The listing's own file is closed by now; closing it again fails harmlessly.
    for number in numbers.into_iter().filter(|number| *number > 2) {
        let _ = nix::unistd::close(number);
    }
    Ok(())
}
