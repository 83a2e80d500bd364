//! A small reader of subcommand arguments: positional words and `--name value` options.
//!
//! Every subcommand takes a few of each, so one reader (rather than a loop in each
//! subcommand) keeps their error messages alike.

use std::collections::BTreeMap;
use std::str::FromStr;

use anyhow::{anyhow, bail, Context, Result};

/// Arguments split into positional words and `--name value` options.
#[derive(Debug, Default)]
pub struct Arguments {
    /// The words that are not options, in order.
    pub positional: Vec<String>,
    /// Options given with a value (`--cases 10`).
    values: BTreeMap<String, String>,
    /// Options given alone (`--baseline`).
    flags: Vec<String>,
    /// The usage line, repeated in every error.
    usage: &'static str,
}

impl Arguments {
    /// Reads `arguments`: each of `value_options` takes the next word as its value, each
    /// of `flag_options` stands alone, and any other word starting with `-` is an error.
    pub fn parse(
        arguments: &[String],
        value_options: &[&str],
        flag_options: &[&str],
        usage: &'static str,
    ) -> Result<Arguments> {
        let mut parsed = Arguments {
            usage,
            ..Arguments::default()
        };
        let mut words = arguments.iter();
        while let Some(word) = words.next() {
            if value_options.contains(&word.as_str()) {
                let value = words
                    .next()
                    .with_context(|| format!("`{word}` needs a value; {usage}"))?;
                parsed.values.insert(word.clone(), value.clone());
            } else if flag_options.contains(&word.as_str()) {
                parsed.flags.push(word.clone());
            } else if word.starts_with('-') {
                bail!("unknown option `{word}`; {usage}");
            } else {
                parsed.positional.push(word.clone());
            }
        }
        Ok(parsed)
    }

    /// The value of option `name`, read as a `T`, if it was given.
    pub fn value<T: FromStr>(&self, name: &str) -> Result<Option<T>> {
        self.values
            .get(name)
            .map(|text| {
                text.parse()
                    .map_err(|_| anyhow!("`{name}` cannot take `{text}`; {}", self.usage))
            })
            .transpose()
    }

    /// Whether the flag `name` was given.
    pub fn flag(&self, name: &str) -> bool {
        self.flags.iter().any(|flag| flag == name)
    }

    /// The only positional word, or an error when there is none or more than one.
    pub fn single_positional(&self) -> Result<&str> {
        match self.positional.as_slice() {
            [only] => Ok(only),
            [] => bail!("{}", self.usage),
            [_, extra, ..] => bail!("unexpected argument `{extra}`; {}", self.usage),
        }
    }

    /// An error saying what is missing, with the usage line.
    pub fn missing(&self, what: &str) -> anyhow::Error {
        anyhow!("{what} is missing; {}", self.usage)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn options_and_positional_words_are_told_apart() {
        let parsed = Arguments::parse(
            &words("p2239 --cases 10 --all"),
            &["--cases"],
            &["--all"],
            "usage",
        )
        .unwrap();
        assert_eq!(parsed.single_positional().unwrap(), "p2239");
        assert_eq!(parsed.value::<u64>("--cases").unwrap(), Some(10));
        assert_eq!(parsed.value::<u64>("--seed").unwrap(), None);
        assert!(parsed.flag("--all"));
    }

    #[test]
    fn mistakes_are_errors_that_repeat_the_usage() {
        let unknown = Arguments::parse(&words("--frob"), &[], &[], "usage: x").unwrap_err();
        assert_eq!(unknown.to_string(), "unknown option `--frob`; usage: x");
        let no_value =
            Arguments::parse(&words("--cases"), &["--cases"], &[], "usage: x").unwrap_err();
        assert!(no_value.to_string().contains("needs a value"));
        let parsed =
            Arguments::parse(&words("--cases ten"), &["--cases"], &[], "usage: x").unwrap();
        assert!(parsed.value::<u64>("--cases").is_err());
        let two = Arguments::parse(&words("a b"), &[], &[], "usage: x").unwrap();
        assert!(two.single_positional().is_err());
    }
}
