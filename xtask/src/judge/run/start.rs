//! Starting a program: in the judge's environment, in a process group of its own, its input
//! a regular file opened read-only, and, watched closely, *held* by the starter until the
//! runner is ready for it.
//!
//! A held program starts as the starter (`starter.rs`, xtask itself as `xtask judge-start
//! STACK INPUT PROGRAM ARGUMENTS...`), which waits for one byte on its standard input, which
//! the runner writes once the starter waits in that `read` and the runner has attached to
//! it (see `ptrace.rs`); the program's time starts then, so the starter's own start is
//! never the program's. The starter then sets the process up as the judge does and
//! *becomes* the program (`exec`), the same process, so the runner holds it from its first
//! instruction to its exit. A command with shell syntax is the program `sh -c COMMAND`:
//! the shell is the program, its pages and its time counted as GNU time counts them.
//!
//! The starter is started by `fork`: `std` forks rather than calls `posix_spawn` when a
//! user id is asked for, and the one asked for is xtask's own, which changes nothing but
//! that (as root, the supplementary groups are dropped, as a judge drops them). The C
//! library's `posix_spawn` leaves its two internal signals (32 and 33) ignored in the
//! child, and an ignored signal stays ignored across `exec`. (Where xtask itself was started
//! so, they stay ignored all the same: the C library refuses to change them, and takes
//! them over in each program that uses them.)

use std::ffi::OsStr;
use std::io;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use anyhow::{anyhow, Context, Result};
use nix::unistd::Pid;

use super::memory::StarterLine;
use super::starter::{starter_binary, StarterArguments};
use super::{Limits, MemoryWatch, CLOSE_WATCH_PAUSE};

/// The variables of the judge's environment taken from the user's: where programs are
/// found (`python3`, `java`), and the home folder some runtimes expect.
const ENVIRONMENT_KEPT: [&str; 2] = ["PATH", "HOME"];

/// How a program is started.
pub(super) struct Start {
    /// The process to spawn.
    pub(super) command: Command,
    /// Whether it starts held: then one byte on its standard input releases it.
    pub(super) held: bool,
    /// The starter's command line, whose process is not yet the program (see `memory.rs`).
    pub(super) starter: StarterLine,
}

impl Start {
    /// How `program` starts, its standard input the file `input`, when its memory is
    /// watched as `memory_watch` says: held by the starter when watched closely on Linux,
    /// as it is given otherwise. A program that cannot be found is an error here, as it
    /// is when started directly.
    pub(super) fn new(
        program: &Command,
        memory_watch: MemoryWatch,
        input: &Path,
        limits: Limits,
    ) -> Result<Start> {
        let held = memory_watch == MemoryWatch::Close && cfg!(target_os = "linux");
        let name = program.get_program();
        check_found(name)?;
        let mut words = vec![name.to_owned()];
        words.extend(program.get_args().map(OsStr::to_owned));
        let (mut command, starter) = match held {
            false => {
                let mut command = Command::new(name);
                command.args(program.get_args());
                let file = std::fs::File::open(input)
                    .with_context(|| format!("opening {}", input.display()))?;
                command.stdin(file);
                (command, StarterLine::default())
            }
            true => {
                let binary = starter_binary()?;
                let stack_bytes = (limits.memory_bytes != u64::MAX).then_some(limits.memory_bytes);
                say_if_the_stack_is_held_down(stack_bytes);
                let arguments = StarterArguments {
                    stack_bytes,
                    input: input.to_path_buf(),
                    program: words,
                };
                let starter_words = arguments.words();
                let mut command = Command::new(&binary);
                command
                    .args(&starter_words)
                    .stdin(Stdio::piped())
                    .uid(nix::unistd::getuid().as_raw());
                let mut line = vec![binary.into_os_string()];
                line.extend(starter_words);
                let line: Vec<&OsStr> = line.iter().map(|word| word.as_os_str()).collect();
                (command, StarterLine::of(&line))
            }
        };
        if let Some(folder) = program.get_current_dir() {
            command.current_dir(folder);
        }
        command.env_clear().env("LANG", "C.UTF-8");
        for name in ENVIRONMENT_KEPT {
            if let Some(value) = std::env::var_os(name) {
                command.env(name, value);
            }
        }
        command
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0);
        Ok(Start {
            command,
            held,
            starter,
        })
    }
}

/// Says once, on standard error, when the hard stack limit xtask was given is below the
/// judge's: the starter cannot raise it (see `starter.rs`), and a deep recursion may then
/// fail here and not on the judge.
fn say_if_the_stack_is_held_down(stack_bytes: Option<u64>) {
    use nix::sys::resource::{getrlimit, Resource, RLIM_INFINITY};
    let Ok((_, hard)) = getrlimit(Resource::RLIMIT_STACK) else {
        return;
    };
    if hard >= stack_bytes.unwrap_or(RLIM_INFINITY) {
        return;
    }
    static SAID: std::sync::Once = std::sync::Once::new();
    SAID.call_once(|| {
        eprintln!(
            "note: the hard stack limit here is {} KB (`ulimit -Hs`), below the judge's (the \
             memory limit): programs get {} KB of stack, and a deep recursion may fail here \
             and not on the judge",
            hard / 1024,
            hard / 1024
        )
    });
}

/// An error unless `name` names a file, as a path or on `PATH`: the starter would report
/// a missing program as an exit code, like the program's own.
fn check_found(name: &OsStr) -> Result<()> {
    let found = match Path::new(name).components().count() > 1 {
        true => Path::new(name).is_file(),
        false => std::env::var_os("PATH").is_some_and(|path| {
            std::env::split_paths(&path).any(|folder| folder.join(name).is_file())
        }),
    };
    if found {
        return Ok(());
    }
    Err(anyhow!(io::Error::from(io::ErrorKind::NotFound)))
        .with_context(|| format!("starting {}", Path::new(name).display()))
}

/// Waits until `program`, a held program's starter, waits for its line, at most
/// [`RELEASE_WAIT`]: what comes before is the starter's start, not the program's time. Waiting for the line is reading standard input
/// (`/proc/PID/syscall` starts with `read`'s number and file 0), where the system shows
/// it; elsewhere, being asleep.
pub(super) fn wait_until_asleep(program: Pid) {
    let give_up = Instant::now() + RELEASE_WAIT;
    let stat = format!("/proc/{program}/stat");
    let syscall = format!("/proc/{program}/syscall");
    // Where the system shows the call (the file exists, the processor is known); a read of
    // it can fail while the process runs, and is then tried again.
    let shown = READING_STANDARD_INPUT.filter(|_| Path::new(&syscall).exists());
    while Instant::now() < give_up {
        let waiting = match shown {
            Some(reading) => {
                std::fs::read_to_string(&syscall).is_ok_and(|call| call.starts_with(reading))
            }
            None => {
                let state = std::fs::read_to_string(&stat).unwrap_or_default();
                // The state is the first field after the command's name, in parentheses.
                let after_name = state.rsplit(')').next().unwrap_or("");
                after_name.trim_start().starts_with('S')
            }
        };
        if waiting {
            break;
        }
        thread::sleep(CLOSE_WATCH_PAUSE);
    }
}

/// The longest a starter may take to start before its program is released all the same:
/// far more than a shell takes (a millisecond or two), even on a loaded machine.
pub(super) const RELEASE_WAIT: Duration = Duration::from_secs(2);

/// How `/proc/PID/syscall` starts while a process reads its standard input: `read`'s
/// number on this processor, then file 0.
const READING_STANDARD_INPUT: Option<&str> = if cfg!(target_arch = "x86_64") {
    Some("0 0x0 ")
} else if cfg!(target_arch = "aarch64") {
    Some("63 0x0 ")
} else {
    None
};
