//! # Reading input: a line at a time, in bounded memory, with positions and quotes
//!
//! All three solutions read their input through [`Lines`], by the same rules:
//!
//! - **Lines** end with `\n` or `\r\n`; the last may lack its end. A `\r` anywhere else is
//!   refused, with a word on old Macs, which ended lines with it alone. A byte order mark
//!   (U+FEFF) is skipped at the start of the input.
//! - **Memory is bounded.** `read_until` reads a line cut to [`MAX_LINE_BYTES`] + 1 bytes
//!   (`take`): a longer line is refused there and nothing after it is read, so a 100 MB
//!   line costs no more memory than a short one (`.ci/run` measures the peak).
//! - **Each line is decoded** with `String::from_utf8`; a byte that is not UTF-8 is refused
//!   at its column (`Utf8Error::valid_up_to`).
//! - **Items** are the runs of characters between spaces and tabs; any other white space is
//!   refused where it stands.
//! - **Every fault in the input names its position** (line and column, both from 1, the
//!   column in characters); an error at no position (no completion, a failed write) names
//!   none. [`quote`] cuts the bad text short and escapes it with `char::escape_debug`, other
//!   ASCII control characters as bytes (`\x1b`): nothing from the input reaches the
//!   terminal raw.

use std::fmt;
use std::io::{self, BufRead, Read, Write};
use std::process::ExitCode;

/// The longest line read, in bytes, its `\n` not counted: room for blanks at line ends.
pub const MAX_LINE_BYTES: usize = 1 << 16;

/// The most characters of input a message quotes; a longer text ends in `...`.
pub const MAX_QUOTED_CHARS: usize = 16;

/// What stops a solution, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// The puzzle at fault, in an input of several.
    pub puzzle: Option<usize>,
    /// The line at fault; `None` for a fault at no position of the input (a grid without
    /// completion, a failed write).
    pub line: Option<usize>,
    /// The column at fault, given with the line.
    pub column: Option<usize>,
    /// What is wrong, in one line, with any input text quoted by [`quote`].
    pub message: String,
}

impl Error {
    /// A fault at line `line`, column `column`.
    pub fn at(line: usize, column: usize, message: impl Into<String>) -> Error {
        Error {
            line: Some(line),
            column: Some(column),
            ..Error::new(message)
        }
    }

    /// A fault at no position of the input.
    pub fn new(message: impl Into<String>) -> Error {
        Error {
            puzzle: None,
            line: None,
            column: None,
            message: message.into(),
        }
    }
}

/// `puzzle 3, line 28, column 6: message`, each part of the position there when known.
impl fmt::Display for Error {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts = [
            ("puzzle", self.puzzle),
            ("line", self.line),
            ("column", self.column),
        ];
        let mut separator = "";
        for (word, number) in parts {
            if let Some(number) = number {
                write!(formatter, "{separator}{word} {number}")?;
                separator = ", ";
            }
        }
        if !separator.is_empty() {
            formatter.write_str(": ")?;
        }
        formatter.write_str(&self.message)
    }
}

/// `text` between backticks, cut to [`MAX_QUOTED_CHARS`] and escaped by the rules of the
/// [module documentation](self).
pub fn quote(text: &str) -> String {
    let mut quoted = String::from("`");
    for character in text.chars().take(MAX_QUOTED_CHARS) {
        match character {
            _ if character.is_ascii_control() && !"\0\t\n\r".contains(character) => {
                quoted.push_str(&format!("\\x{:02x}", u32::from(character)));
            }
            _ => quoted.extend(character.escape_debug()),
        }
    }
    if text.chars().nth(MAX_QUOTED_CHARS).is_some() {
        quoted.push_str("...");
    }
    quoted.push('`');
    quoted
}

/// A piece of the input and where it starts: a whole line, as [`Lines::next_line`] reads
/// it, or one item of a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    /// The line.
    pub line: usize,
    /// The column of its first character.
    pub column: usize,
    /// Its text; a line's has no line end, no byte order mark, and no white space but
    /// spaces and tabs.
    pub text: String,
}

impl Item {
    /// The items of this text, in order.
    pub fn items(&self) -> Vec<Item> {
        let mut items = Vec::new();
        let mut column = self.column;
        // Each piece is followed by one separator, or by the end of the text.
        for piece in self.text.split([' ', '\t']) {
            if !piece.is_empty() {
                items.push(Item {
                    line: self.line,
                    column,
                    text: piece.to_string(),
                });
            }
            column += piece.chars().count() + 1;
        }
        items
    }
}

/// The lines of an input, read one at a time.
#[derive(Debug)]
pub struct Lines<R> {
    /// Where the bytes come from.
    source: R,
    /// How many lines have been read: after the input has ended, how many it has.
    pub n_read: usize,
}

impl<R: BufRead> Lines<R> {
    /// The lines of `source`, none read yet.
    pub fn new(source: R) -> Lines<R> {
        Lines { source, n_read: 0 }
    }

    /// Reads the next line, as an item at column 1; `None` at the end of the input.
    pub fn next_line(&mut self) -> Result<Option<Item>, Error> {
        let line = self.n_read + 1;
        let mut bytes = Vec::new();
        let mut limited = (&mut self.source).take(MAX_LINE_BYTES as u64 + 1);
        if let Err(error) = limited.read_until(b'\n', &mut bytes) {
            let message = format!("cannot read the input: {error}");
            return Err(Error::at(line, 1, message));
        }
        if bytes.is_empty() {
            return Ok(None);
        }
        self.n_read = line;
        if bytes.last() == Some(&b'\n') {
            bytes.pop();
        } else if bytes.len() > MAX_LINE_BYTES {
            let message = format!("the line is longer than {MAX_LINE_BYTES} bytes");
            return Err(Error::at(line, 1, message));
        }
        // The `\r` of a Windows line end (or of the last line, whose `\n` is missing).
        if bytes.last() == Some(&b'\r') {
            bytes.pop();
        }
        if line == 1 && bytes.starts_with("\u{feff}".as_bytes()) {
            bytes.drain(..3);
        }
        let text = String::from_utf8(bytes).map_err(|error| {
            let bytes = error.as_bytes();
            let start = error.utf8_error().valid_up_to();
            // A sequence cut short by the end of the line is bad up to there.
            let end = error
                .utf8_error()
                .error_len()
                .map_or(bytes.len(), |length| start + length);
            // The bytes before `start` are valid, so the lossy decoding loses nothing.
            let column = String::from_utf8_lossy(&bytes[..start]).chars().count() + 1;
            let message = format!(
                "`{}` is not UTF-8 text; the input must be plain text",
                bytes[start..end].escape_ascii()
            );
            Error::at(line, column, message)
        })?;
        // Only spaces and tabs separate items, and a `\r` here does not end a line.
        let other_space = text.chars().zip(1..).find(|&(character, _)| {
            character.is_whitespace() && character != ' ' && character != '\t'
        });
        if let Some((character, column)) = other_space {
            let message = format!(
                "{} is white space other than a space or a tab; only those separate items, and \
                 lines end with `\\n` or `\\r\\n` (not `\\r` alone, as on old Macs)",
                quote(&character.to_string())
            );
            return Err(Error::at(line, column, message));
        }
        Ok(Some(Item {
            line,
            column: 1,
            text,
        }))
    }

    /// The error for an input that has ended where `expected` was due.
    pub fn ended(&self, expected: &str) -> Error {
        let message = format!("the input ends here; expected {expected}");
        Error::at(self.n_read + 1, 1, message)
    }

    /// Reads the rest of the input, which may hold only blank lines `after` what it ended
    /// with.
    pub fn expect_end(&mut self, after: &str) -> Result<(), Error> {
        while let Some(line) = self.next_line()? {
            if let Some(item) = line.items().first() {
                let message = format!("unexpected {} after {after}", quote(&item.text));
                return Err(Error::at(item.line, item.column, message));
            }
        }
        Ok(())
    }
}

/// Writes `answer` to `output` and flushes it, so that it is out before more input is
/// read.
pub fn write_answer(output: &mut impl Write, answer: &str) -> Result<(), Error> {
    output
        .write_all(answer.as_bytes())
        .and_then(|()| output.flush())
        .map_err(|error| Error::new(format!("cannot write the output: {error}")))
}

/// Runs a solution as the judge does: `run` reads standard input and writes standard
/// output; on an error, one line `NAME: message` goes to standard error and the exit
/// status is 1. Every solution's `main.rs` is a call to this.
pub fn run_as_program<E: fmt::Display>(
    name: &str,
    run: impl FnOnce(
        io::StdinLock<'static>,
        &mut io::BufWriter<io::StdoutLock<'static>>,
    ) -> Result<(), E>,
) -> ExitCode {
    let mut output = io::BufWriter::new(io::stdout().lock());
    match run(io::stdin().lock(), &mut output) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("{name}: {error}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every item of every line of `input`, as (line, column, text), or the first error.
    fn items(input: &[u8]) -> Result<Vec<(usize, usize, String)>, String> {
        let mut lines = Lines::new(input);
        let mut found = Vec::new();
        while let Some(line) = lines.next_line().map_err(|error| error.to_string())? {
            for item in line.items() {
                found.push((item.line, item.column, item.text));
            }
        }
        Ok(found)
    }

    fn error(input: &[u8]) -> String {
        match items(input) {
            Ok(found) => panic!("{input:?} was accepted: {found:?}"),
            Err(message) => message,
        }
    }

    #[test]
    fn lines_end_with_newline_or_crlf_and_the_last_may_lack_its_end() {
        let expected = vec![
            (1, 1, "a".to_string()),
            (1, 3, "bc".to_string()),
            (3, 2, "d".to_string()),
        ];
        assert_eq!(items(b"a bc\n\n\td\n").unwrap(), expected);
        assert_eq!(items(b"a bc\r\n\r\n\td\r\n").unwrap(), expected);
        assert_eq!(items(b"a bc\n\n\td").unwrap(), expected);
        assert_eq!(items(b"a bc\r\n\r\n\td\r").unwrap(), expected);
    }

    #[test]
    fn lines_are_counted_as_they_end() {
        for (input, n_lines) in [("", 0), ("\n", 1), ("x", 1), ("x\n", 1), ("x\n\n", 2)] {
            let mut lines = Lines::new(input.as_bytes());
            while lines.next_line().unwrap().is_some() {}
            assert_eq!(lines.n_read, n_lines, "{input:?}");
        }
    }

    #[test]
    fn a_byte_order_mark_is_skipped_at_the_start_only() {
        assert_eq!(
            items("\u{feff}ab c".as_bytes()).unwrap(),
            [(1, 1, "ab".to_string()), (1, 4, "c".to_string())]
        );
        // Anywhere else it is no separator: it stays part of the item, and a message quotes it.
        assert_eq!(
            items("a\n\u{feff}b".as_bytes()).unwrap(),
            [(1, 1, "a".to_string()), (2, 1, "\u{feff}b".to_string())]
        );
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        assert_eq!(
            items("é ü x".as_bytes()).unwrap(),
            [
                (1, 1, "é".to_string()),
                (1, 3, "ü".to_string()),
                (1, 5, "x".to_string())
            ]
        );
    }

    #[test]
    fn white_space_other_than_space_and_tab_is_refused_where_it_stands() {
        for (input, quoted) in [
            ("0\u{a0}0", "`\\u{a0}`"),
            ("0\u{3000}0", "`\\u{3000}`"),
            ("0\u{c}0", "`\\x0c`"),
            ("0\u{b}0", "`\\x0b`"),
            ("0\u{2028}0", "`\\u{2028}`"),
        ] {
            let message = error(input.as_bytes());
            let expected =
                format!("line 1, column 2: {quoted} is white space other than a space or a tab");
            assert!(message.starts_with(&expected), "{message}");
        }
    }

    #[test]
    fn a_lone_carriage_return_is_refused_with_a_hint() {
        let message = error(b"1 2\r3 4\r");
        assert!(
            message.starts_with("line 1, column 4: `\\r` is white space other than a space"),
            "{message}"
        );
        assert!(message.contains("old Macs"), "{message}");
    }

    #[test]
    fn invalid_utf8_is_refused_at_its_line_and_column() {
        assert_eq!(
            error(b"ok\nab \xff"),
            "line 2, column 4: `\\xff` is not UTF-8 text; the input must be plain text"
        );
        // A sequence cut short by an ASCII byte, a surrogate, an overlong form, a sequence
        // cut short by the end: each quoted as far as it is wrong.
        assert!(error(b"\xe2\x82x").starts_with("line 1, column 1: `\\xe2\\x82` is not UTF-8"));
        assert!(error(b"\xc3\xa9\xed\xa0\x80").starts_with("line 1, column 2: `\\xed`"));
        assert!(error(b"\xc0\xaf").starts_with("line 1, column 1: `\\xc0`"));
        assert!(error(b"\xf0\x9f\x98").starts_with("line 1, column 1: `\\xf0\\x9f\\x98`"));
        // Four-byte characters are read whole, across buffer boundaries too.
        let mut lines = Lines::new(io::BufReader::with_capacity(1, "a😀b".as_bytes()));
        assert_eq!(lines.next_line().unwrap().unwrap().text, "a😀b");
    }

    #[test]
    fn a_line_longer_than_the_limit_is_refused_and_read_no_further() {
        let mut input = vec![b' '; MAX_LINE_BYTES];
        input.extend_from_slice(b"x\nnext\n");
        let mut lines = Lines::new(&input[..]);
        let message = lines.next_line().unwrap_err().to_string();
        assert!(
            message.starts_with("line 1, column 1: the line is longer than 65536 bytes"),
            "{message}"
        );
        // One byte more than the limit was read: the rest of the line is still there.
        let mut rest = String::new();
        lines.source.read_to_string(&mut rest).unwrap();
        assert_eq!(rest, "\nnext\n");
        // A line of the limit's length, blanks at its end, is read.
        input.splice(..1, Vec::new());
        let line = Lines::new(&input[..]).next_line().unwrap().unwrap();
        assert_eq!(line.items()[0].column, MAX_LINE_BYTES);
    }

    #[test]
    fn an_early_end_and_text_after_the_end_are_named() {
        let lines = Lines::new("".as_bytes());
        assert_eq!(
            lines.ended("a domino count").to_string(),
            "line 1, column 1: the input ends here; expected a domino count"
        );
        let mut lines = Lines::new("x\n \t\n\n  \u{1b}[2J\n".as_bytes());
        assert!(lines.next_line().unwrap().is_some());
        assert_eq!(
            lines.expect_end("the grid").unwrap_err().to_string(),
            "line 4, column 3: unexpected `\\x1b[2J` after the grid"
        );
        assert_eq!(
            lines.ended("9 lines").to_string(),
            "line 5, column 1: the input ends here; expected 9 lines"
        );
        assert_eq!(Lines::new(" \n\t\n".as_bytes()).expect_end("0"), Ok(()));
    }

    #[test]
    fn quotes_escape_control_and_invisible_characters() {
        assert_eq!(quote("\x1b[31mred"), "`\\x1b[31mred`");
        assert_eq!(quote("\0\t"), "`\\0\\t`");
        assert_eq!(quote("\u{200b}"), "`\\u{200b}`");
        assert_eq!(quote("\u{feff}"), "`\\u{feff}`");
        assert_eq!(quote("\u{a0}"), "`\\u{a0}`");
        assert_eq!(quote("\u{202e}abc"), "`\\u{202e}abc`");
        assert_eq!(quote("a`b\\'\""), "`a`b\\\\\\'\\\"`");
        assert_eq!(quote("é٣"), "`é٣`");
        // Nothing the terminal would act on is left.
        let quoted = quote("\x1b\x07\x08\x7f\u{9b}");
        assert!(
            quoted.chars().all(|c| c == '`' || c.is_ascii_graphic()),
            "{quoted}"
        );
    }

    #[test]
    fn read_failures_and_write_failures_are_reported() {
        struct Failing;
        impl io::Read for Failing {
            fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
                Err(io::Error::new(io::ErrorKind::Other, "device gone"))
            }
        }
        impl io::Write for Failing {
            fn write(&mut self, _: &[u8]) -> io::Result<usize> {
                Err(io::Error::new(io::ErrorKind::Other, "disk full"))
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        let mut lines = Lines::new(io::BufReader::new(Failing));
        let error = lines.next_line().unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 1, column 1: cannot read the input: device gone"
        );
        let error = write_answer(&mut Failing, "Puzzle 1\n").unwrap_err();
        assert_eq!(error.to_string(), "cannot write the output: disk full");
    }
}
