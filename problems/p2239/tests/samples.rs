//! Runs the real binary the way the judge does: each sample on standard input, the output
//! compared line by line (white space at line ends and at the end is not significant).

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn run_binary(input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_p2239"))
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

fn normalized(text: &str) -> Vec<&str> {
    let mut lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    while lines.last() == Some(&"") {
        lines.pop();
    }
    lines
}

#[test]
fn samples_are_answered_exactly() {
    let samples = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("samples");
    let mut checked = 0;
    for number in 1.. {
        let Ok(input) = std::fs::read_to_string(samples.join(format!("sample-{number}.in"))) else {
            break;
        };
        let expected = std::fs::read_to_string(samples.join(format!("sample-{number}.out")))
            .expect("every sample input has an output");
        let output = run_binary(&input);
        let actual = String::from_utf8_lossy(&output.stdout);
        assert!(
            output.status.success(),
            "sample {number} failed: {output:?}"
        );
        assert_eq!(
            normalized(&actual),
            normalized(&expected),
            "sample {number}\ninput:\n{input}\nexpected:\n{expected}\nactual:\n{actual}"
        );
        checked += 1;
    }
    assert!(checked > 0, "no samples found in {}", samples.display());
}

#[test]
fn bad_input_gives_a_message_and_status_1() {
    let output = run_binary("123456789\n12345678x\n");
    assert_eq!(output.status.code(), Some(1));
    assert!(
        output.stdout.is_empty(),
        "nothing may reach standard output"
    );
    let message = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        message.trim_end(),
        "p2239: line 2, column 9: `x` is not a digit (0 marks an empty cell)"
    );
}

#[test]
fn a_grid_without_completion_gives_a_message_and_status_1() {
    // Consistent givens, but the first row can only finish with 1 and 2 in cells
    // whose column already holds them.
    let mut input = String::from("345678900\n");
    input.push_str("000000000\n".repeat(3).as_str());
    input.push_str("000000001\n000000002\n");
    input.push_str("000000000\n".repeat(3).as_str());
    let output = run_binary(&input);
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stdout.is_empty());
    assert!(String::from_utf8_lossy(&output.stderr).contains("no completion"));
}
