//! # Reading input: line by line, in bounded memory, with places and quotes
//!
//! All three solutions read their input through one [`LineReader`]. It takes bytes from a
//! [`BufRead`] one character at a time and keeps nothing but the item being read, so the
//! same rules hold everywhere:
//!
//! - **Lines** end with `\n` or `\r\n`, and the last line may lack its end. A `\r` with
//!   anything else after it is refused with a hint: files from old Macs end lines with a
//!   lone `\r`.
//! - **A byte order mark** (U+FEFF, which Notepad writes at the start of a file) is skipped
//!   at the start of the input, as the `\r` of `\r\n` is skipped at a line end.
//! - **Separators** between the items of a line are spaces and tabs, nothing else. Any
//!   other white space (a no-break space, the ideographic space U+3000, a form feed) is
//!   refused where it stands, so the three solutions agree on what separates items.
//! - **Places** are counted from 1: lines by their line ends, columns in characters (not
//!   bytes), the byte order mark not counted. [`InputError`] carries them into every message.
//! - **Text is decoded line by line**, as it is read: an invalid UTF-8 byte is an error at
//!   its line and column, and everything before it has been read (and, in p4574, answered).
//! - **Memory is bounded**: an item longer than [`MAX_ITEM_CHARS`] characters is cut there
//!   and the reading stops, since no item of our formats is that long. A 100 MB line costs
//!   no more memory than a short one.
//! - **Quotes** ([`quote`]) show bad text short, with control and invisible characters
//!   escaped: an ESC byte reads `\x1b` and a no-break space `\u{a0}`, so nothing from the
//!   input reaches the terminal raw.
//!
//! ```
//! use common::input::LineReader;
//!
//! let mut reader = LineReader::new("\u{feff}12 B3\r\n".as_bytes());
//! assert!(reader.next_line().unwrap());
//! let first = reader.next_item().unwrap().unwrap();
//! assert_eq!((first.column, first.text()), (1, "12"));
//! let second = reader.next_item().unwrap().unwrap();
//! assert_eq!((second.column, second.text()), (4, "B3"));
//! assert!(reader.next_item().unwrap().is_none()); // the end of line 1
//! assert!(!reader.next_line().unwrap()); // no line 2
//! ```

use std::fmt;
use std::io::{self, BufRead, ErrorKind, Write};
use std::process::ExitCode;

/// The longest item the reader keeps. Every item of the three formats is shorter (a row of
/// p2239 is 9 characters, anything else at most 2), so a longer one is wrong in all of
/// them; the reader cuts it here and the caller refuses it.
pub const MAX_ITEM_CHARS: usize = 16;

/// The most characters of input a message quotes; a longer text ends in `...`.
pub const MAX_QUOTED_CHARS: usize = 16;

/// What is wrong with the input, and where: a line and, when one place is at fault, a
/// column, both counted from 1 (columns in characters).
///
/// ```
/// let error = common::input::InputError::at(3, 7, "`x` is not a digit");
/// assert_eq!(error.to_string(), "line 3, column 7: `x` is not a digit");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    /// The line, counted from 1.
    pub line: usize,
    /// The column in characters, counted from 1, when one place is at fault.
    pub column: Option<usize>,
    /// What is wrong, in one line, with any input text quoted by [`quote`].
    pub message: String,
}

impl InputError {
    /// A fault at one place: line `line`, column `column`.
    pub fn at(line: usize, column: usize, message: impl Into<String>) -> InputError {
        InputError {
            line,
            column: Some(column),
            message: message.into(),
        }
    }

    /// A fault of a whole line, such as a missing item.
    pub fn on_line(line: usize, message: impl Into<String>) -> InputError {
        InputError {
            line,
            column: None,
            message: message.into(),
        }
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.column {
            Some(column) => write!(formatter, "line {}, column {column}: ", self.line)?,
            None => write!(formatter, "line {}: ", self.line)?,
        }
        formatter.write_str(&self.message)
    }
}

impl std::error::Error for InputError {}

/// `text` between backticks, at most [`MAX_QUOTED_CHARS`] characters of it, with every
/// character that a terminal would not show plainly written as an escape.
///
/// ```
/// use common::input::quote;
/// assert_eq!(quote("B3"), "`B3`");
/// assert_eq!(quote("\u{feff}0"), "`\\u{feff}0`");
/// assert_eq!(quote("\x1b[2J"), "`\\x1b[2J`");
/// assert_eq!(quote(&"7".repeat(40)), format!("`{}...`", "7".repeat(16)));
/// ```
pub fn quote(text: &str) -> String {
    let cut = text.chars().count() > MAX_QUOTED_CHARS;
    quote_cut(text, cut)
}

/// Like [`quote`], with `...` after the text when `cut` says it was cut from a longer one.
pub fn quote_cut(text: &str, cut: bool) -> String {
    let mut quoted = String::from("`");
    for character in text.chars().take(MAX_QUOTED_CHARS) {
        push_escaped(&mut quoted, character);
    }
    if cut || text.chars().count() > MAX_QUOTED_CHARS {
        quoted.push_str("...");
    }
    quoted.push('`');
    quoted
}

/// Appends `character` to `text` as it should appear in a message.
///
/// Printable ASCII stands for itself (a backslash and a backtick get a backslash before
/// them). ASCII control characters become `\t`, `\r`, `\n`, `\0` or `\x1b`. Any other
/// character is kept if the standard library's `escape_debug` keeps it, which is when
/// Unicode calls it printable; invisible ones (no-break space, zero-width space, byte order
/// mark, direction marks) and white space other than a space become `\u{...}`.
fn push_escaped(text: &mut String, character: char) {
    match character {
        '\\' | '`' => {
            text.push('\\');
            text.push(character);
        }
        ' '..='~' => text.push(character),
        '\t' => text.push_str("\\t"),
        '\r' => text.push_str("\\r"),
        '\n' => text.push_str("\\n"),
        '\0' => text.push_str("\\0"),
        '\0'..='\u{7f}' => text.push_str(&format!("\\x{:02x}", u32::from(character))),
        _ if character.is_whitespace() || character.escape_debug().count() > 1 => {
            text.push_str(&format!("\\u{{{:x}}}", u32::from(character)));
        }
        _ => text.push(character),
    }
}

/// Bytes that are not UTF-8 text, for a message: `\xff`, `\xe2\x82`.
fn quote_bytes(bytes: &[u8]) -> String {
    let escaped: Vec<String> = bytes.iter().map(|byte| format!("\\x{byte:02x}")).collect();
    format!("`{}`", escaped.concat())
}

/// One item of a line: text between separators, and the column where it starts.
///
/// The text is kept in the item itself (at most [`MAX_ITEM_CHARS`] characters of up to
/// four bytes each), so reading an item allocates nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Item {
    /// The column of its first character, counted from 1.
    pub column: usize,
    /// Whether the item went on past [`MAX_ITEM_CHARS`] characters and was cut (the rest
    /// of its line is left unread).
    pub cut: bool,
    /// The UTF-8 bytes of its text; the first `length` are used.
    bytes: [u8; 4 * MAX_ITEM_CHARS],
    /// How many of `bytes` hold the text.
    length: usize,
}

impl Item {
    /// The item `text` starting at column `column`, cut after [`MAX_ITEM_CHARS`] characters.
    ///
    /// ```
    /// let item = common::input::Item::new(3, "B3");
    /// assert_eq!((item.column, item.text(), item.cut), (3, "B3", false));
    /// assert!(common::input::Item::new(1, &"7".repeat(20)).cut);
    /// ```
    pub fn new(column: usize, text: &str) -> Item {
        let mut item = Item {
            column,
            cut: false,
            bytes: [0; 4 * MAX_ITEM_CHARS],
            length: 0,
        };
        for character in text.chars() {
            if !item.push(character) {
                item.cut = true;
                break;
            }
        }
        item
    }

    /// Its text, at most [`MAX_ITEM_CHARS`] characters.
    pub fn text(&self) -> &str {
        // The bytes were pushed a whole character at a time, so they are UTF-8.
        std::str::from_utf8(&self.bytes[..self.length]).unwrap_or_default()
    }

    /// Appends `character`; `false` (and nothing appended) when the item holds
    /// [`MAX_ITEM_CHARS`] characters already.
    fn push(&mut self, character: char) -> bool {
        if self.n_chars() == MAX_ITEM_CHARS {
            return false;
        }
        let encoded = character.encode_utf8(&mut self.bytes[self.length..]);
        self.length += encoded.len();
        true
    }

    /// The item quoted for a message; see [`quote`].
    ///
    /// ```
    /// let mut reader = common::input::LineReader::new("x\u{a0}".as_bytes());
    /// reader.next_line().unwrap();
    /// // A no-break space is no separator: the reader refuses it.
    /// let error = reader.next_item().unwrap_err();
    /// assert!(error.to_string().starts_with("line 1, column 2: `\\u{a0}` is white space"));
    /// ```
    pub fn quoted(&self) -> String {
        quote_cut(self.text(), self.cut)
    }

    /// The number of characters kept (the length, unless [`Item::cut`]).
    pub fn n_chars(&self) -> usize {
        // Count the bytes that start a character (every byte but 0b10xx_xxxx ones).
        self.bytes[..self.length]
            .iter()
            .filter(|&&byte| byte & 0xc0 != 0x80)
            .count()
    }
}

/// Reads text line by line from a [`BufRead`]; see the [module documentation](self) for
/// the rules it keeps.
///
/// Call [`next_line`](LineReader::next_line) to start a line, then take its characters with
/// [`next_char`](LineReader::next_char) or its items with
/// [`next_item`](LineReader::next_item) until they return `None`.
#[derive(Debug)]
pub struct LineReader<R> {
    /// Where the bytes come from.
    source: R,
    /// The number of the current line, counted from 1; 0 before the first.
    line: usize,
    /// How many characters of the current line have been read.
    column: usize,
    /// Whether the current line's end has not been reached yet.
    line_is_open: bool,
    /// Whether the start of the input (and its byte order mark) has been looked at.
    started: bool,
}

impl<R: BufRead> LineReader<R> {
    /// A reader of `source`, before its first line.
    pub fn new(source: R) -> LineReader<R> {
        LineReader {
            source,
            line: 0,
            column: 0,
            line_is_open: false,
            started: false,
        }
    }

    /// The number of the current line, counted from 1 (0 before the first line); after the
    /// input has ended, the number of lines it had.
    pub fn line(&self) -> usize {
        self.line
    }

    /// The column of the character read last on this line (0 before the first).
    pub fn column(&self) -> usize {
        self.column
    }

    /// Starts the next line; `false` when the input has no more lines. Whatever is left of
    /// the current line is skipped unread.
    pub fn next_line(&mut self) -> Result<bool, InputError> {
        if !self.started {
            self.started = true;
            self.skip_byte_order_mark()?;
        }
        while self.line_is_open {
            self.skip_to_line_end()?;
        }
        if self.peek_byte()?.is_none() {
            return Ok(false);
        }
        self.line += 1;
        self.column = 0;
        self.line_is_open = true;
        Ok(true)
    }

    /// The next character of the current line; `None` at its end.
    ///
    /// A separator (space or tab) is returned like any character; other white space, a
    /// lone `\r` and bytes that are not UTF-8 are errors at their column.
    pub fn next_char(&mut self) -> Result<Option<char>, InputError> {
        if !self.line_is_open {
            return Ok(None);
        }
        let byte = match self.peek_byte()? {
            Some(byte) => byte,
            None => {
                // The last line had no line end.
                self.line_is_open = false;
                return Ok(None);
            }
        };
        self.source.consume(1);
        let character = match byte {
            b'\n' => {
                self.line_is_open = false;
                return Ok(None);
            }
            b'\r' => match self.peek_byte()? {
                Some(b'\n') => {
                    self.source.consume(1);
                    self.line_is_open = false;
                    return Ok(None);
                }
                // A `\r` at the very end is taken as a line end that lost its `\n`.
                None => {
                    self.line_is_open = false;
                    return Ok(None);
                }
                Some(_) => {
                    return Err(InputError::at(
                        self.line,
                        self.column + 1,
                        "a carriage return `\\r` inside a line; lines end with `\\n` or \
                         `\\r\\n` (a file whose lines end with `\\r` alone, as old Macs \
                         wrote them, needs converting)",
                    ))
                }
            },
            0..=0x7f => char::from(byte),
            _ => self.finish_multibyte_char(byte)?,
        };
        self.column += 1;
        if character.is_whitespace() && !is_separator(character) {
            return Err(InputError::at(
                self.line,
                self.column,
                format!(
                    "{} is white space other than a space or a tab; only spaces and tabs \
                     separate items",
                    quote(&character.to_string())
                ),
            ));
        }
        Ok(Some(character))
    }

    /// The next item of the current line (separators skipped); `None` at its end.
    ///
    /// An item longer than [`MAX_ITEM_CHARS`] comes back cut ([`Item::cut`]), and the
    /// rest of the line is left unread: it is wrong already.
    pub fn next_item(&mut self) -> Result<Option<Item>, InputError> {
        self.skip_separators()?;
        if let Some(item) = self.take_ascii_item()? {
            return Ok(Some(item));
        }
        let first = loop {
            match self.next_char()? {
                None => return Ok(None),
                Some(character) if is_separator(character) => {}
                Some(character) => break character,
            }
        };
        let mut item = Item::new(self.column, "");
        item.push(first);
        while let Some(character) = self.next_char()? {
            if is_separator(character) {
                break;
            }
            if !item.push(character) {
                item.cut = true;
                break;
            }
        }
        Ok(Some(item))
    }

    /// Reads the next line that holds an item, and returns its first item; `None` when
    /// only blank lines (empty or separators only) are left.
    pub fn next_nonblank_line(&mut self) -> Result<Option<Item>, InputError> {
        while self.next_line()? {
            if let Some(item) = self.next_item()? {
                return Ok(Some(item));
            }
        }
        Ok(None)
    }

    /// The fast path of [`next_item`](LineReader::next_item): an item of printable ASCII
    /// that lies whole in the buffer, with a separator or line end after it, is taken in
    /// one copy. Anything else (other characters, an item across the buffer's end, a long
    /// item) returns `None` and is read character by character.
    fn take_ascii_item(&mut self) -> Result<Option<Item>, InputError> {
        if !self.line_is_open {
            return Ok(None);
        }
        let buffer = filled(&mut self.source, self.line)?;
        let length = buffer
            .iter()
            .take(MAX_ITEM_CHARS + 1)
            .take_while(|byte| byte.is_ascii_graphic())
            .count();
        let ends_here = matches!(buffer.get(length), Some(b' ' | b'\t' | b'\n' | b'\r'));
        if length == 0 || length > MAX_ITEM_CHARS || !ends_here {
            return Ok(None);
        }
        // Printable ASCII is UTF-8 with one byte per character.
        let mut item = Item::new(self.column + 1, "");
        item.bytes[..length].copy_from_slice(&buffer[..length]);
        item.length = length;
        self.source.consume(length);
        self.column += length;
        Ok(Some(item))
    }

    /// Skips the spaces and tabs that come next on the current line, a buffer at a time:
    /// a valid line may end in any number of them, and this keeps a long run as cheap as
    /// a scan.
    fn skip_separators(&mut self) -> Result<(), InputError> {
        while self.line_is_open {
            let buffer = filled(&mut self.source, self.line)?;
            let n_separators = buffer
                .iter()
                .take_while(|&&byte| byte == b' ' || byte == b'\t')
                .count();
            let reached_other_byte = n_separators < buffer.len();
            self.source.consume(n_separators);
            self.column += n_separators;
            if reached_other_byte || n_separators == 0 {
                return Ok(());
            }
        }
        Ok(())
    }

    /// The next byte, not consumed; `None` at the end of the input.
    fn peek_byte(&mut self) -> Result<Option<u8>, InputError> {
        // One `fill_buf` in the usual case; `filled` handles an interrupted read.
        if let Ok(buffer) = self.source.fill_buf() {
            return Ok(buffer.first().copied());
        }
        Ok(filled(&mut self.source, self.line)?.first().copied())
    }

    /// Decodes the rest of a character whose first byte, `first`, is not ASCII.
    fn finish_multibyte_char(&mut self, first: u8) -> Result<char, InputError> {
        // The first byte of a UTF-8 sequence says how long it is; continuation bytes are
        // 0b10xx_xxxx. `str::from_utf8` then refuses what is still wrong (an overlong form,
        // a surrogate, a code point past U+10FFFF).
        let length = match first {
            0xc2..=0xdf => 2,
            0xe0..=0xef => 3,
            0xf0..=0xf4 => 4,
            _ => 0,
        };
        let mut bytes = [first, 0, 0, 0];
        let mut n_read = 1;
        while n_read < length {
            match self.peek_byte()? {
                Some(byte) if byte & 0xc0 == 0x80 => {
                    bytes[n_read] = byte;
                    n_read += 1;
                    self.source.consume(1);
                }
                _ => break,
            }
        }
        let decoded = std::str::from_utf8(&bytes[..n_read])
            .ok()
            .filter(|_| n_read == length)
            .and_then(|text| text.chars().next());
        decoded.ok_or_else(|| {
            InputError::at(
                self.line,
                self.column + 1,
                format!(
                    "{} is not UTF-8 text; the input must be plain text",
                    quote_bytes(&bytes[..n_read])
                ),
            )
        })
    }

    /// Skips a UTF-8 byte order mark at the start of the input.
    fn skip_byte_order_mark(&mut self) -> Result<(), InputError> {
        const BYTE_ORDER_MARK: [u8; 3] = [0xef, 0xbb, 0xbf];
        // Read the three bytes only if all of them match; otherwise leave the input as it
        // is (a short buffer simply means no mark is skipped).
        if filled(&mut self.source, self.line)?.starts_with(&BYTE_ORDER_MARK) {
            self.source.consume(BYTE_ORDER_MARK.len());
        }
        Ok(())
    }

    /// Skips the rest of the current line without decoding it.
    fn skip_to_line_end(&mut self) -> Result<(), InputError> {
        loop {
            let buffer = filled(&mut self.source, self.line)?;
            if buffer.is_empty() {
                self.line_is_open = false;
                return Ok(());
            }
            match buffer.iter().position(|&byte| byte == b'\n') {
                Some(end) => {
                    self.source.consume(end + 1);
                    self.line_is_open = false;
                    return Ok(());
                }
                None => {
                    let length = buffer.len();
                    self.source.consume(length);
                }
            }
        }
    }
}

/// The bytes `source` has buffered, reading more if it has none; empty at the end of the
/// input. A read interrupted by a signal is tried again; another failure is an error on
/// line `line`.
fn filled<R: BufRead>(source: &mut R, line: usize) -> Result<&[u8], InputError> {
    // The first call only retries an interrupted read; the buffer it filled is then
    // borrowed by the second, which returns it.
    while let Err(error) = source.fill_buf() {
        if error.kind() != ErrorKind::Interrupted {
            break;
        }
    }
    source.fill_buf().map_err(|error| {
        InputError::on_line(line.max(1), format!("cannot read the input: {error}"))
    })
}

/// Whether `character` separates items: a space or a tab.
pub fn is_separator(character: char) -> bool {
    character == ' ' || character == '\t'
}

/// Runs a solution as the judge does: `run` reads standard input and writes standard
/// output; on an error, one line `NAME: message` goes to standard error and the exit status
/// is 1. Every `main.rs` of the workspace is a call to this.
///
/// The output is flushed before the error is reported, so whatever `run` wrote before a
/// fault (the answers to the puzzles before a bad one) reaches standard output.
pub fn run_as_program<E: fmt::Display>(
    name: &str,
    run: impl FnOnce(
        io::StdinLock<'static>,
        &mut io::BufWriter<io::StdoutLock<'static>>,
    ) -> Result<(), E>,
) -> ExitCode {
    let mut output = io::BufWriter::new(io::stdout().lock());
    let result = run(io::stdin().lock(), &mut output);
    let flushed = output.flush();
    match (result, flushed) {
        (Ok(()), Ok(())) => ExitCode::SUCCESS,
        (Err(error), _) => {
            eprintln!("{name}: {error}");
            ExitCode::FAILURE
        }
        (Ok(()), Err(error)) => {
            eprintln!("{name}: cannot write the output: {error}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every item of every line of `input`, as (line, column, text), or the first error.
    fn items(input: &[u8]) -> Result<Vec<(usize, usize, String)>, String> {
        let mut reader = LineReader::new(input);
        let mut found = Vec::new();
        while reader.next_line().map_err(|error| error.to_string())? {
            while let Some(item) = reader.next_item().map_err(|error| error.to_string())? {
                found.push((reader.line(), item.column, item.text().to_string()));
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
            let mut reader = LineReader::new(input.as_bytes());
            while reader.next_line().unwrap() {}
            assert_eq!(reader.line(), n_lines, "{input:?}");
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
            assert_eq!(
                error(input.as_bytes()),
                format!(
                    "line 1, column 2: {quoted} is white space other than a space or a tab; \
                     only spaces and tabs separate items"
                )
            );
        }
    }

    #[test]
    fn a_lone_carriage_return_is_refused_with_a_hint() {
        let message = error(b"1 2\r3 4\r");
        assert!(
            message.starts_with("line 1, column 4: a carriage return `\\r` inside a line"),
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
        // A sequence cut short by an ASCII byte, a surrogate, an overlong form.
        assert!(error(b"\xe2\x82x").starts_with("line 1, column 1: `\\xe2\\x82` is not UTF-8"));
        assert!(error(b"x\xed\xa0\x80").starts_with("line 1, column 2: `\\xed\\xa0\\x80`"));
        assert!(error(b"\xc0\xaf").starts_with("line 1, column 1: `\\xc0`"));
        assert!(error(b"\xf0\x9f\x98").starts_with("line 1, column 1: `\\xf0\\x9f\\x98`"));
        // Four-byte characters are read whole, across buffer boundaries too.
        let mut reader = LineReader::new(io::BufReader::with_capacity(1, "a😀b".as_bytes()));
        assert!(reader.next_line().unwrap());
        let item = reader.next_item().unwrap().unwrap();
        assert_eq!(item.text(), "a😀b");
    }

    #[test]
    fn long_runs_of_separators_are_skipped_across_buffers() {
        let line = format!("a{}b\t\t", " \t".repeat(5000));
        let mut reader = LineReader::new(io::BufReader::with_capacity(7, line.as_bytes()));
        assert!(reader.next_line().unwrap());
        let found: Vec<(usize, String)> = std::iter::from_fn(|| reader.next_item().unwrap())
            .map(|item| (item.column, item.text().to_string()))
            .collect();
        assert_eq!(found, [(1, "a".to_string()), (10_002, "b".to_string())]);
        assert!(!reader.next_line().unwrap());
    }

    #[test]
    fn long_items_are_cut_and_the_line_is_left_unread() {
        let long_line = format!("{} x\nnext", "7".repeat(1000));
        let mut reader = LineReader::new(long_line.as_bytes());
        assert!(reader.next_line().unwrap());
        let item = reader.next_item().unwrap().unwrap();
        assert!(item.cut);
        assert_eq!(item.n_chars(), MAX_ITEM_CHARS);
        assert_eq!(
            item.quoted(),
            format!("`{}...`", "7".repeat(MAX_ITEM_CHARS))
        );
        assert_eq!(reader.column(), MAX_ITEM_CHARS + 1);
        // The next line starts after the skipped rest.
        assert!(reader.next_line().unwrap());
        assert_eq!(reader.next_item().unwrap().unwrap().text(), "next");
    }

    #[test]
    fn quotes_escape_control_and_invisible_characters() {
        assert_eq!(quote("\x1b[31mred"), "`\\x1b[31mred`");
        assert_eq!(quote("\0"), "`\\0`");
        assert_eq!(quote("\u{200b}"), "`\\u{200b}`");
        assert_eq!(quote("\u{feff}"), "`\\u{feff}`");
        assert_eq!(quote("\u{a0}"), "`\\u{a0}`");
        assert_eq!(quote("\u{202e}abc"), "`\\u{202e}abc`");
        assert_eq!(quote("a`b\\"), "`a\\`b\\\\`");
        assert_eq!(quote("é٣"), "`é٣`");
        assert_eq!(quote_cut("12", true), "`12...`");
        // Nothing the terminal would act on is left.
        let quoted = quote("\x1b\x07\x08\x7f\u{9b}");
        assert!(
            quoted.chars().all(|c| c == '`' || c.is_ascii_graphic()),
            "{quoted}"
        );
    }

    #[test]
    fn blank_lines_are_skipped_by_next_nonblank_line() {
        let mut reader = LineReader::new(" \n\t\n\n  x y\n".as_bytes());
        let first = reader.next_nonblank_line().unwrap().unwrap();
        assert_eq!((reader.line(), first.column, first.text()), (4, 3, "x"));
        assert_eq!(reader.next_item().unwrap().unwrap().text(), "y");
        assert_eq!(reader.next_nonblank_line().unwrap(), None);
    }

    #[test]
    fn read_failures_are_reported() {
        struct Failing;
        impl io::Read for Failing {
            fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
                Err(io::Error::new(ErrorKind::Other, "device gone"))
            }
        }
        let mut reader = LineReader::new(io::BufReader::new(Failing));
        let error = reader.next_line().unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 1: cannot read the input: device gone"
        );
    }
}
