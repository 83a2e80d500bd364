//! Reads the puzzle on standard input and writes the answer on standard output; see the
//! library for the solution. On bad input it prints what is wrong, and where, on standard
//! error and exits with status 1.

use std::io::{self, Read, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut input = String::new();
    if let Err(error) = io::stdin().read_to_string(&mut input) {
        eprintln!("p2239: cannot read standard input: {error}");
        return ExitCode::FAILURE;
    }
    let mut output = io::BufWriter::new(io::stdout().lock());
    let result = p2239::run(&input, &mut output);
    let flushed = output.flush();
    match (result, flushed) {
        (Ok(()), Ok(())) => ExitCode::SUCCESS,
        (Err(error), _) => {
            eprintln!("p2239: {error}");
            ExitCode::FAILURE
        }
        (Ok(()), Err(error)) => {
            eprintln!("p2239: cannot write the answer: {error}");
            ExitCode::FAILURE
        }
    }
}
