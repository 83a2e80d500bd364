//! Runs the real binary the way the judge does: each sample on standard input, the output
//! validated (any completion that keeps the givens is right, so it is not compared to the
//! sample output).

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn run_binary(input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_p2580"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    stdin.write_all(input.as_bytes()).expect("input is written");
    drop(stdin);
    child.wait_with_output().expect("the binary finishes")
}

/// Reads the output format strictly: 9 lines of 9 digits 1-9 separated by single spaces.
fn read_completion(output: &str) -> Result<[u8; 81], String> {
    let lines: Vec<&str> = output.trim_end().lines().map(str::trim_end).collect();
    if lines.len() != 9 {
        return Err(format!("expected 9 lines, found {}", lines.len()));
    }
    let mut grid = [0u8; 81];
    for (row, line) in lines.iter().enumerate() {
        let bytes = line.as_bytes();
        let well_formed = bytes.len() == 17
            && bytes.iter().enumerate().all(|(index, &byte)| {
                if index % 2 == 0 {
                    (b'1'..=b'9').contains(&byte)
                } else {
                    byte == b' '
                }
            });
        if !well_formed {
            return Err(format!(
                "line {}: not 9 digits separated by single spaces",
                row + 1
            ));
        }
        for column in 0..9 {
            grid[row * 9 + column] = bytes[column * 2] - b'0';
        }
    }
    Ok(grid)
}

#[test]
fn samples_are_completed_validly() {
    let samples = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("samples");
    let mut checked = 0;
    for number in 1.. {
        let Ok(input) = std::fs::read_to_string(samples.join(format!("sample-{number}.in"))) else {
            break;
        };
        let givens = p2580::parse(input.as_bytes()).expect("the sample parses");
        let output = run_binary(&input);
        let actual = String::from_utf8_lossy(&output.stdout);
        assert!(
            output.status.success(),
            "sample {number} failed: {output:?}"
        );
        let completion = read_completion(&actual)
            .unwrap_or_else(|reason| panic!("sample {number}: {reason}\nactual:\n{actual}"));
        assert!(
            common::is_valid_solution(&completion),
            "sample {number}: not a valid grid\n{actual}"
        );
        for (cell, (&given, &digit)) in givens.iter().zip(&completion).enumerate() {
            assert!(
                given == 0 || given == digit,
                "sample {number}: the given at cell {cell} changed\ninput:\n{input}\nactual:\n{actual}"
            );
        }
        checked += 1;
    }
    assert!(checked > 0, "no samples found in {}", samples.display());
}

#[test]
fn bad_input_gives_a_message_and_status_1() {
    let output = run_binary("1 2 3 4 5 6 7 8 9\n1 2 3\n");
    assert_eq!(output.status.code(), Some(1));
    assert!(
        output.stdout.is_empty(),
        "nothing may reach standard output"
    );
    let message = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        message.trim_end(),
        "p2580: line 2: expected 9 digits separated by spaces, found 3"
    );
}
