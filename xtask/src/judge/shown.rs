//! What the terminal shows of a program's bytes: an excerpt of an output, a line cut
//! short, and every control or invisible character escaped, so that nothing a program
//! writes reaches the terminal raw (an escape sequence could clear the screen). The
//! checkers quote outputs with these, and so do the runner's messages.

use std::borrow::Cow;

/// The most characters of one line quoted in a diff or a reason.
const QUOTE_MAX_CHARS: usize = 80;

/// The most lines of an output that [`excerpt`] shows.
const EXCERPT_MAX_LINES: usize = 20;

/// The start of an output for a person to read: its first `EXCERPT_MAX_LINES` lines, each
/// cut by [`shorten`], and a note of how much was left out.
pub fn excerpt(text: &str) -> String {
    let mut lines = text.lines();
    let first_lines = lines.by_ref().take(EXCERPT_MAX_LINES);
    let mut shown: Vec<Cow<'_, str>> = first_lines.map(shorten).collect();
    let (left_out, bytes) = (lines.count(), text.len());
    if left_out > 0 {
        shown.push(format!("... {left_out} more lines not shown ({bytes} bytes)").into());
    }
    shown.join("\n")
}

/// `line`, cut to `QUOTE_MAX_CHARS` characters with `...` added if it was longer, its
/// control and invisible characters escaped ([`escape_invisible`]): a program's bytes
/// never reach the terminal raw (an escape sequence could clear the screen).
pub fn shorten(line: &str) -> Cow<'_, str> {
    let cut = match line.char_indices().nth(QUOTE_MAX_CHARS) {
        Some((cut, _)) => Cow::Owned(format!("{}...", &line[..cut])),
        None => Cow::Borrowed(line),
    };
    match cut.chars().any(is_invisible) {
        true => Cow::Owned(escape_invisible(&cut)),
        false => cut,
    }
}

/// Whether `character` would not show as itself on a terminal: a control character (the
/// escape that starts a terminal's sequences among them, a tab, a carriage return), or
/// white space and format characters beyond ASCII's space (a no-break space, a zero-width
/// space, a byte order mark).
fn is_invisible(character: char) -> bool {
    character.is_control()
        || (!character.is_ascii() && character.is_whitespace())
        || matches!(
            character,
            '\u{ad}' | '\u{200b}'..='\u{200f}' | '\u{2060}' | '\u{feff}'
        )
}

/// `text` with each invisible character (a control character, or white space or a format
/// character beyond ASCII's space) written as Rust writes it in a string: `\t`, `\r`,
/// `\x1b`, `\u{a0}`.
pub fn escape_invisible(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for character in text.chars() {
        match character {
            '\t' => escaped.push_str("\\t"),
            '\r' => escaped.push_str("\\r"),
            character if character.is_ascii_control() => {
                escaped.push_str(&format!("\\x{:02x}", character as u32))
            }
            character if is_invisible(character) => {
                escaped.push_str(&format!("\\u{{{:x}}}", character as u32))
            }
            character => escaped.push(character),
        }
    }
    escaped
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_programs_invisible_characters_are_escaped_in_what_is_shown() {
        // Issue 47, item 9: an escape sequence, a tab, a no-break space.
        assert_eq!(shorten("\u{1b}[2J\tx\u{a0}y"), "\\x1b[2J\\tx\\u{a0}y");
    }

    #[test]
    fn an_excerpt_shows_the_first_lines_cut_short_and_counts_the_rest() {
        let text = format!("{}\n{}", "y".repeat(200), "1 2 3\n".repeat(99));
        let shown = excerpt(&text);
        let lines: Vec<&str> = shown.lines().collect();
        assert_eq!(lines.len(), EXCERPT_MAX_LINES + 1, "{shown}");
        assert_eq!(lines[0], format!("{}...", "y".repeat(QUOTE_MAX_CHARS)));
        assert_eq!(lines[1], "1 2 3");
        assert_eq!(
            lines[EXCERPT_MAX_LINES],
            "... 80 more lines not shown (795 bytes)"
        );
        assert_eq!(excerpt("short\n"), "short");
    }
}
