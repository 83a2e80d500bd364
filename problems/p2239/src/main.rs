//! Problem 2239 as the judge runs it: the puzzle on standard input, the answer on standard
//! output. The solution is the library, [`p2239::run`]; [`common::input::run_as_program`]
//! connects it to the process and, on bad input, prints one line on standard error and
//! exits with status 1.

fn main() -> std::process::ExitCode {
    common::input::run_as_program("p2239", p2239::run)
}
