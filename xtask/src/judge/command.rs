//! The program a user names with `--command` (`check`, `stress`): a command line, read
//! as the shell reads it, and started so that what is measured is the program, not a shell.
//!
//! 1. **A plain list of words** (`python3 sol.py`, `java -cp out Main`, `./a.out`), with
//!    quotes and backslashes as the shell reads them (`shlex` splits them), starts
//!    directly: no shell is there to be measured, whatever `/bin/sh` is.
//! 2. **Anything the shell would do more with** (a pipe, a redirection, `;` or `&&`, a
//!    variable, a pattern, `cd`, a keyword) runs as `sh -c COMMAND`, the shell of your
//!    path; the runner starts such a shell held after its own start and counts only the
//!    programs it runs (see [`crate::judge::run`]).
//! 3. **A command that cannot be run** is refused before anything is judged, in one line
//!    that says why: an empty command, an unterminated quote, a shell syntax error (`sh
//!    -n` reads the command without running it), or a first program that is not found or
//!    cannot be run. `check` and `stress` report it as a usage error (exit status 2).

use std::ffi::OsStr;
use std::fmt;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// A `--command` as it will run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProgramCommand {
    /// A plain list of words: the program and its arguments, started directly.
    Direct {
        /// The program, as written (`python3`, `./a.out`).
        program: String,
        /// Its arguments, unquoted.
        arguments: Vec<String>,
    },
    /// A command line with shell syntax, run by `sh -c`.
    Shell {
        /// The command line, as written.
        script: String,
    },
}

/// Why a command cannot be run: one line, for a usage error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommandError {
    /// What is wrong, naming the command or its program.
    pub message: String,
}

impl fmt::Display for CommandError {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "--command {}", self.message)
    }
}

impl std::error::Error for CommandError {}

/// The characters that mean something to the shell beyond splitting words, outside quotes:
/// a command line with one of them runs through the shell. (A backslash and both quotes are
/// read by the splitter; `=` and the keywords are checked apart.)
const SHELL_CHARACTERS: &str = "|&;<>()$`*?[]{}!#~\n";

/// The shell's reserved words and the builtins that are no program of their own: as a
/// command's first word, each makes it a shell command.
const SHELL_WORDS: [&str; 36] = [
    "!", "{", "}", "case", "do", "done", "elif", "else", "esac", "fi", "for", "if", "in", "then",
    "until", "while", ".", ":", "break", "continue", "eval", "exec", "exit", "export", "readonly",
    "return", "set", "shift", "trap", "unset", "cd", "read", "wait", "umask", "ulimit", "source",
];

impl ProgramCommand {
    /// Reads `line` as the shell would (see the module's docs), checking that it can run.
    pub fn parse(line: &str) -> Result<ProgramCommand, CommandError> {
        let refuse = |message: String| Err(CommandError { message });
        if line.trim().is_empty() {
            return refuse(
                "is empty: give the program to judge, such as \"python3 sol.py\"".into(),
            );
        }
        if !has_shell_syntax(line) {
            let Some(mut words) = shlex::split(line) else {
                return refuse(format!("{line:?} has an unterminated quote"));
            };
            let program = words.remove(0);
            let first_word_is_plain = !program.contains('=') && !SHELL_WORDS.contains(&&*program);
            if first_word_is_plain {
                find_program(&program).map_err(|message| CommandError { message })?;
                return Ok(ProgramCommand::Direct {
                    program,
                    arguments: words,
                });
            }
        }
        check_shell_syntax(line).map_err(|message| CommandError { message })?;
        if let Some(program) = leading_program(line) {
            find_program(program).map_err(|message| CommandError { message })?;
        }
        Ok(ProgramCommand::Shell {
            script: line.to_string(),
        })
    }

    /// The process to start, in the current folder.
    pub fn command(&self) -> Command {
        match self {
            ProgramCommand::Direct { program, arguments } => {
                let mut command = Command::new(program);
                command.args(arguments);
                command
            }
            ProgramCommand::Shell { script } => {
                let mut command = Command::new("sh");
                command.args(["-c", script]);
                command
            }
        }
    }
}

/// The command `line` (one a problem's manifest names, say) run by `sh` from `folder`, with
/// `arguments` after its own words, as the shell reads them: `./gen.py` is the folder's.
pub fn command_in_folder(line: &str, folder: &Path, arguments: &[impl AsRef<OsStr>]) -> Command {
    let mut command = Command::new("sh");
    command
        .arg("-c")
        .arg(format!("{line} \"$@\""))
        .arg("sh")
        .args(arguments)
        .current_dir(folder);
    command
}

/// Whether `line` asks the shell for more than splitting words: a character of
/// [`SHELL_CHARACTERS`] outside quotes, or `$`, `` ` `` or `\` inside double quotes.
fn has_shell_syntax(line: &str) -> bool {
    let mut quote = None;
    let mut characters = line.chars();
    while let Some(character) = characters.next() {
        match (quote, character) {
            (None, '\'' | '"') => quote = Some(character),
            (None, '\\') => {
                characters.next();
            }
            (None, character) if SHELL_CHARACTERS.contains(character) => return true,
            (Some('"'), '$' | '`' | '\\') => return true,
            (Some(open), character) if character == open => quote = None,
            _ => {}
        }
    }
    false
}

/// The command's first word when it is a plain program name (the first command of a
/// shell line such as `prog < in`), to check that it can be found; `None` when the line
/// starts otherwise (a redirection, an assignment, a keyword, a quote).
fn leading_program(line: &str) -> Option<&str> {
    let line = line.trim_start();
    let end = line
        .find(|character: char| character.is_whitespace() || "|&;<>()".contains(character))
        .unwrap_or(line.len());
    let word = &line[..end];
    let plain = |character: char| character.is_alphanumeric() || "_-./+,:@%^".contains(character);
    let is_plain = !word.is_empty() && word.chars().all(plain);
    (is_plain && !SHELL_WORDS.contains(&word)).then_some(word)
}

/// Reads `line` with `sh -n`, which parses without running: the shell's first line of
/// complaint, if it finds a syntax error.
fn check_shell_syntax(line: &str) -> Result<(), String> {
    let output = Command::new("sh")
        .args(["-n", "-c", line])
        .stdin(Stdio::null())
        .output()
        .map_err(|error| format!("could not be checked: starting sh: {error}"))?;
    if output.status.success() {
        return Ok(());
    }
    let stderr = String::from_utf8_lossy(&output.stderr);
    let complaint = stderr.lines().find(|line| !line.trim().is_empty());
    Err(format!(
        "{line:?} is not a valid shell command: {}",
        complaint.unwrap_or("sh refused it").trim()
    ))
}

/// Where `program` is, as the shell would find it: a name with a `/` is a path from the
/// current folder, any other name is looked up in each folder of `PATH`. An error names
/// it and says what is wrong.
pub fn find_program(program: &str) -> Result<PathBuf, String> {
    let is_runnable = |path: &Path| {
        path.metadata()
            .is_ok_and(|metadata| metadata.is_file() && metadata.permissions().mode() & 0o111 != 0)
    };
    if program.contains('/') {
        let path = Path::new(program);
        return match path.exists() {
            true if is_runnable(path) => Ok(path.to_path_buf()),
            true if path.is_dir() => Err(format!("`{program}` is a folder, not a program")),
            true => Err(format!(
                "`{program}` cannot be run: it is not an executable file"
            )),
            false => Err(format!("`{program}` does not exist")),
        };
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .map(|folder| folder.join(program))
        .find(|candidate| is_runnable(candidate))
        .ok_or_else(|| format!("`{program}` was not found on PATH"))
}

/// The usage error of a run of `program` that ended as `ending` with `stderr`, when
/// `program` is a shell (`sh -c COMMAND`) that could not find a program the command names:
/// the shell's exit code 127 with its "not found" (a `--command` such as `cd x && ./a.ot`).
/// Such a run is the user's mistake, not a verdict.
pub fn shell_could_not_find(
    program: &Command,
    ending: crate::judge::Ending,
    stderr: &str,
) -> Option<CommandError> {
    let is_shell = program.get_program() == "sh";
    let complaint = stderr.lines().find(|line| line.contains("not found"))?;
    let not_found = ending == (crate::judge::Ending::Exited { code: 127 });
    (is_shell && not_found).then(|| CommandError {
        message: format!(
            "names a program the shell cannot find: {}",
            crate::judge::shown::shorten(complaint.trim())
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn direct(program: &str, arguments: &[&str]) -> ProgramCommand {
        ProgramCommand::Direct {
            program: program.to_string(),
            arguments: arguments.iter().map(|word| word.to_string()).collect(),
        }
    }

    fn shell(script: &str) -> ProgramCommand {
        ProgramCommand::Shell {
            script: script.to_string(),
        }
    }

    #[test]
    fn a_plain_list_of_words_starts_directly_split_as_the_shell_splits_it() {
        assert_eq!(
            ProgramCommand::parse("cat  -A 'a b' \"c d\" e\\ f").unwrap(),
            direct("cat", &["-A", "a b", "c d", "e f"])
        );
        assert_eq!(
            ProgramCommand::parse("/bin/echo --x=1").unwrap(),
            direct("/bin/echo", &["--x=1"])
        );
    }

    #[test]
    fn shell_syntax_runs_through_the_shell() {
        for line in [
            "cat < /dev/null",
            "true; echo",
            "echo $HOME",
            "echo \"$HOME\"",
            "echo *",
            "X=1 cat",
            "cd / && ls",
            "exit 3",
            "true | cat",
        ] {
            assert_eq!(ProgramCommand::parse(line).unwrap(), shell(line), "{line}");
        }
    }

    #[test]
    fn a_command_that_cannot_run_is_refused_in_one_line() {
        let refusal = |line: &str| ProgramCommand::parse(line).unwrap_err().to_string();
        assert!(refusal("").contains("is empty"));
        assert!(refusal("   ").contains("is empty"));
        assert!(refusal("cat 'a").contains("unterminated quote"));
        assert!(refusal("no-such-program-here x").contains("`no-such-program-here` was not found"));
        assert!(refusal("./no/such/file").contains("`./no/such/file` does not exist"));
        let plain_file = tempfile::NamedTempFile::new().unwrap();
        let plain_file = plain_file.path().to_str().unwrap();
        assert!(refusal(plain_file).contains("not an executable file"));
        assert!(refusal("cat |").contains("is not a valid shell command"));
        assert!(refusal("no-such-program-here < /dev/null").contains("was not found"));
        for line in ["", "cat 'a", "cat |", "nope-nope"] {
            assert_eq!(refusal(line).lines().count(), 1, "{line}");
        }
    }
}
