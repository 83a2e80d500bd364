//! Baekjoon 4574 (Su-domino-ku): reads the puzzles on standard input and prints their
//! solved grids on standard output. The work is done by [`p4574::run`]; this file only
//! connects it to the process's input, output and exit code.

use std::io::{self, Read, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut input = String::new();
    if let Err(error) = io::stdin().read_to_string(&mut input) {
        // This also covers input that is not valid UTF-8.
        eprintln!("p4574: cannot read the input: {error}");
        return ExitCode::FAILURE;
    }

    let stdout = io::stdout();
    let mut output = io::BufWriter::new(stdout.lock());
    let result = p4574::run(&input, &mut output);
    // Flush before reporting, so the puzzles solved before a fault reach standard output.
    let flushed = output.flush();

    if let Err(error) = result {
        eprintln!("p4574: {error}");
        return ExitCode::FAILURE;
    }
    if let Err(error) = flushed {
        eprintln!("p4574: cannot write the output: {error}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
