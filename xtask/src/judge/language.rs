//! The learner's language, as Baekjoon compiles and runs it (`check --source FILE`,
//! `stress --source FILE`): the language a source file is written in (by its name), the
//! judge's commands to compile and run it, each in a folder of its own where the file is
//! `Main.java`, `Main.py`, ..., as the judge names it, and the extra time and memory the
//! judge gives the language. The commands and allowances are Baekjoon's, as its language
//! page states them (the README cites it): a program judged so meets the limits it meets
//! there.
//!
//! A compiler or runtime that is not installed is the user's mistake, said in one line that
//! names what to install ([`Language::check_tools`]); a source that does not compile is a
//! failed build, with what the compiler said ([`compile`]).

use std::fmt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use anyhow::{anyhow, Context, Result};

use crate::judge::command::find_program;
use crate::judge::{spawn_tool, Limits, TemporaryFolder};

/// The languages `--source` takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Language {
    /// Java 11, from a `.java` file whose class is `Main`.
    Java,
    /// Python 3, from a `.py` file.
    Python,
    /// JavaScript run by node.js, from a `.js` file.
    JavaScript,
    /// C++17 (GNU), from a `.cpp` or `.cc` file.
    Cpp,
    /// Rust 2021, from a `.rs` file.
    Rust,
}

/// A program a language needs, and how to get it on Debian.
struct Tool {
    program: &'static str,
    install: &'static str,
}

/// What the judge gives a language beyond a problem's limits: time × `time_factor` +
/// `extra_seconds`, memory × `memory_factor` + `extra_megabytes`.
struct Allowance {
    time_factor: u32,
    extra_seconds: u64,
    memory_factor: u64,
    extra_megabytes: u64,
}

impl Language {
    /// Every language, in the order the README lists them.
    pub const ALL: [Language; 5] = [
        Language::Java,
        Language::Python,
        Language::JavaScript,
        Language::Cpp,
        Language::Rust,
    ];

    /// The language of the source file `path`, by its extension; an error names the ones
    /// taken.
    pub fn of(path: &Path) -> Result<Language, String> {
        let extension = path.extension().and_then(|extension| extension.to_str());
        match extension {
            Some("java") => Ok(Language::Java),
            Some("py") => Ok(Language::Python),
            Some("js") => Ok(Language::JavaScript),
            Some("cpp" | "cc") => Ok(Language::Cpp),
            Some("rs") => Ok(Language::Rust),
            _ => Err(format!(
                "`{}` is in no language --source takes: Main.java, main.py, main.js, \
                 main.cpp (or .cc), main.rs",
                path.display()
            )),
        }
    }

    /// The file name the judge gives the source.
    fn file_name(self) -> &'static str {
        match self {
            Language::Java => "Main.java",
            Language::Python => "Main.py",
            Language::JavaScript => "Main.js",
            Language::Cpp => "Main.cc",
            Language::Rust => "Main.rs",
        }
    }

    /// The judge's command that compiles `Main.*` in its folder, if the language has one.
    fn compile_words(self) -> Option<&'static [&'static str]> {
        Some(match self {
            Language::Java => &[
                "javac",
                "--release",
                "11",
                "-J-Xms1024m",
                "-J-Xmx1920m",
                "-J-Xss512m",
                "-encoding",
                "UTF-8",
                "Main.java",
            ],
            Language::Python => &[
                "python3",
                "-W",
                "ignore",
                "-c",
                "import py_compile; py_compile.compile(r'Main.py', doraise=True)",
            ],
            Language::JavaScript => return None,
            Language::Cpp => &[
                "g++",
                "Main.cc",
                "-o",
                "Main",
                "-O2",
                "-Wall",
                "-lm",
                "-static",
                "-std=gnu++17",
                "-DONLINE_JUDGE",
                "-DBOJ",
            ],
            Language::Rust => &["rustc", "--edition", "2021", "-O", "-o", "Main", "Main.rs"],
        })
    }

    /// The judge's command that runs the program, in its folder (`./Main` is written as
    /// the folder's `Main`, so it is found from anywhere).
    fn run_words(self) -> &'static [&'static str] {
        match self {
            Language::Java => &[
                "java",
                "-Xms1024m",
                "-Xmx1920m",
                "-Xss512m",
                "-Dfile.encoding=UTF-8",
                "-XX:+UseSerialGC",
                "-DONLINE_JUDGE=1",
                "-DBOJ=1",
                "Main",
            ],
            Language::Python => &["python3", "-W", "ignore", "Main.py"],
            Language::JavaScript => &["node", "Main.js"],
            Language::Cpp | Language::Rust => &["./Main"],
        }
    }

    /// The programs it needs.
    fn tools(self) -> &'static [Tool] {
        match self {
            Language::Java => &[
                Tool {
                    program: "javac",
                    install: "apt-get install default-jdk-headless",
                },
                Tool {
                    program: "java",
                    install: "apt-get install default-jdk-headless",
                },
            ],
            Language::Python => &[Tool {
                program: "python3",
                install: "apt-get install python3",
            }],
            Language::JavaScript => &[Tool {
                program: "node",
                install: "apt-get install nodejs",
            }],
            Language::Cpp => &[Tool {
                program: "g++",
                install: "apt-get install g++",
            }],
            Language::Rust => &[Tool {
                program: "rustc",
                install: "rustup, or apt-get install rustc",
            }],
        }
    }

    /// The judge's extra time and memory for the language.
    fn allowance(self) -> Allowance {
        let (time_factor, extra_seconds, memory_factor, extra_megabytes) = match self {
            Language::Java => (2, 1, 2, 16),
            Language::Python => (3, 2, 2, 32),
            Language::JavaScript => (3, 2, 2, 0),
            Language::Cpp => (1, 0, 1, 0),
            Language::Rust => (1, 0, 1, 16),
        };
        Allowance {
            time_factor,
            extra_seconds,
            memory_factor,
            extra_megabytes,
        }
    }

    /// A problem's `limits` as the judge applies them to a program in this language.
    pub fn limits(self, limits: Limits) -> Limits {
        let allowance = self.allowance();
        let time =
            limits.time * allowance.time_factor + Duration::from_secs(allowance.extra_seconds);
        let memory_bytes = limits
            .memory_bytes
            .saturating_mul(allowance.memory_factor)
            .saturating_add(allowance.extra_megabytes << 20);
        Limits { time, memory_bytes }
    }

    /// An error naming what to install, unless every program the language needs is found.
    pub fn check_tools(self) -> Result<(), String> {
        for tool in self.tools() {
            if find_program(tool.program).is_err() {
                return Err(format!(
                    "a {self} program needs `{}`, which is not installed here: {}",
                    tool.program, tool.install
                ));
            }
        }
        Ok(())
    }
}

impl fmt::Display for Language {
    /// The language as the judge names it: `Java 11`, `Python 3`, `node.js`, `C++17`,
    /// `Rust 2021`.
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(match self {
            Language::Java => "Java 11",
            Language::Python => "Python 3",
            Language::JavaScript => "node.js",
            Language::Cpp => "C++17",
            Language::Rust => "Rust 2021",
        })
    }
}

/// A source compiled the judge's way: its folder (removed with it) and its language.
pub struct CompiledSource {
    folder: TemporaryFolder,
    language: Language,
}

impl CompiledSource {
    /// The program, as a process to start in its folder.
    pub fn command(&self) -> Command {
        let folder = self.folder.path();
        let words = self.language.run_words();
        let program: PathBuf = match words[0] {
            "./Main" => folder.join("Main"),
            name => PathBuf::from(name),
        };
        let mut command = Command::new(program);
        command.args(&words[1..]).current_dir(folder);
        command
    }

    /// Its language.
    pub fn language(&self) -> Language {
        self.language
    }
}

/// What compiling came to: the program, or what the compiler said.
pub enum Compiled {
    /// Compiled (or nothing to compile).
    Ready {
        /// The program.
        source: CompiledSource,
    },
    /// The compiler refused it (the judge's "컴파일 에러").
    Refused {
        /// What the compiler said, and how it ended.
        message: String,
    },
}

/// Copies `source` into a new folder as the judge names it and compiles it there with the
/// judge's command (in a process group ended with xtask).
pub fn compile(source: &Path, language: Language) -> Result<Compiled> {
    let folder = TemporaryFolder::new("xtask-source-")?;
    let copy = folder.path().join(language.file_name());
    std::fs::copy(source, &copy)
        .with_context(|| format!("copying {} to {}", source.display(), copy.display()))?;
    let Some(words) = language.compile_words() else {
        let source = CompiledSource { folder, language };
        return Ok(Compiled::Ready { source });
    };
    let mut compiler = Command::new(words[0]);
    compiler
        .args(&words[1..])
        .current_dir(folder.path())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let (child, group) =
        spawn_tool(&mut compiler).with_context(|| format!("starting {}", words[0]))?;
    let output = child
        .wait_with_output()
        .map_err(|error| anyhow!(error).context(format!("waiting for {}", words[0])))?;
    drop(group);
    if output.status.success() {
        let source = CompiledSource { folder, language };
        return Ok(Compiled::Ready { source });
    }
    let mut said = String::from_utf8_lossy(&output.stderr).into_owned();
    said.push_str(&String::from_utf8_lossy(&output.stdout));
    let message = format!(
        "{} ended with {}\n{}",
        words[0],
        output.status,
        said.trim_end()
    );
    Ok(Compiled::Refused { message })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_language_gets_the_judges_allowance() {
        let limits = Limits {
            time: Duration::from_secs(1),
            memory_bytes: 256 << 20,
        };
        let seconds_and_megabytes = |language: Language| {
            let limits = language.limits(limits);
            (limits.time.as_secs(), limits.memory_bytes >> 20)
        };
        assert_eq!(seconds_and_megabytes(Language::Java), (3, 528));
        assert_eq!(seconds_and_megabytes(Language::Python), (5, 544));
        assert_eq!(seconds_and_megabytes(Language::JavaScript), (5, 512));
        assert_eq!(seconds_and_megabytes(Language::Cpp), (1, 256));
        assert_eq!(seconds_and_megabytes(Language::Rust), (1, 272));
    }

    #[test]
    fn a_source_is_known_by_its_name() {
        for (name, language) in [
            ("Main.java", Language::Java),
            ("main.py", Language::Python),
            ("main.js", Language::JavaScript),
            ("main.cpp", Language::Cpp),
            ("a.cc", Language::Cpp),
            ("main.rs", Language::Rust),
        ] {
            assert_eq!(Language::of(Path::new(name)), Ok(language));
        }
        let refusal = Language::of(Path::new("main.kt")).unwrap_err();
        assert!(
            refusal.contains("main.kt") && refusal.contains("Main.java"),
            "{refusal}"
        );
    }
}
