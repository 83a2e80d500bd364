//! Problem 4574 as the judge runs it: the puzzles on standard input, their answers on standard
//! output. The solution is the library, [`p4574::run`]; [`common::input::run_as_program`]
//! connects it to the process and, on bad input, prints one line on standard error and
//! exits with status 1.

fn main() -> std::process::ExitCode {
    common::input::run_as_program("p4574", p4574::run)
}
