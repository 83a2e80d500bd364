//! The problems a test takes as its example, found in the workspace and the table of
//! problems by what they are, never by their numbers: [`members`], every entry of the
//! table with its crate; [`member`], the first that fits a description, and the
//! descriptions several tests share ([`smallest_completion`], [`any_completion`],
//! [`packed_rows`], [`several_puzzles`], [`exact_with_one_sample`]); and [`Member::judge`],
//! a member's answer to one puzzle judged against its reference's, as the correctness
//! suites judge every member of a family.

use std::sync::OnceLock;

use xtask::judge::checker::{Checker, CheckerVerdict};
use xtask::problems::workspace::Problem;
use xtask::problems::{Family, KnownProblem, Puzzle, ReferenceAnswer};
use xtask::reference::Grid;

/// A member of a family: its entry in the table of problems and its crate.
#[derive(Clone, Debug)]
pub struct Member {
    /// Its entry in [`KnownProblem::ALL`].
    pub entry: KnownProblem,
    /// Its crate, with the judge's facts of its manifest.
    pub problem: Problem,
}

/// Every entry of the table of problems with its crate, in the order of their names; read
/// once, so that a property test may ask for them in every case.
pub fn members() -> &'static [Member] {
    static MEMBERS: OnceLock<Vec<Member>> = OnceLock::new();
    MEMBERS.get_or_init(|| {
        let with_entry = |problem: Problem| {
            let entry = KnownProblem::of(&problem)?;
            Some(Member { entry, problem })
        };
        let members: Vec<Member> = super::problems()
            .into_iter()
            .filter_map(with_entry)
            .collect();
        assert_eq!(
            members.len(),
            KnownProblem::ALL.len(),
            "a crate for each entry"
        );
        members
    })
}

/// The members of `family`.
pub fn members_of(family: &Family) -> Vec<&'static Member> {
    let in_family = |member: &&Member| member.entry.family.name == family.name;
    let found: Vec<&Member> = members().iter().filter(in_family).collect();
    assert!(!found.is_empty(), "no member of the family {}", family.name);
    found
}

/// The first member that `fits`, which `what` describes for the failure when none does.
pub fn member(what: &str, fits: impl Fn(&Member) -> bool) -> &'static Member {
    let found = members().iter().find(|member| fits(member));
    found.unwrap_or_else(|| panic!("no member of the table of problems is {what}"))
}

/// The member whose answer is the smallest completion of a Sudoku grid (its goal).
pub fn smallest_completion() -> &'static Member {
    member("a Sudoku whose goal is the smallest completion", |member| {
        member.entry.family.plain_sudoku && member.entry.goal == "the smallest completion"
    })
}

/// A Sudoku member judged by the `sudoku` checker: any completion of its grid is right.
pub fn any_completion() -> &'static Member {
    member("a Sudoku judged by the sudoku checker", |member| {
        member.entry.family.plain_sudoku && member.problem.checker == Checker::Sudoku
    })
}

/// A Sudoku member that reads its grid as nine rows of nine digits written together.
pub fn packed_rows() -> &'static Member {
    member("a Sudoku that reads packed rows", |member| {
        let blank = [Puzzle::Sudoku { grid: [0; 81] }];
        let sudoku = member.entry.family.plain_sudoku;
        sudoku && (member.entry.format.input_text)(&blank).starts_with("000000000\n")
    })
}

/// A member whose first sample holds several puzzles in one input.
pub fn several_puzzles() -> &'static Member {
    member("a problem with several puzzles a sample", |member| {
        let mut count = 0;
        let input = member.first_sample_input();
        let read = member.entry.read_each(input.as_slice(), |_| {
            count += 1;
            Ok(())
        });
        read.is_ok() && count > 1
    })
}

/// A member judged by the `exact` checker with one sample, whose answer file a program
/// may print as it is.
pub fn exact_with_one_sample() -> &'static Member {
    member("a problem judged exactly with one sample", |member| {
        let samples = member.problem.samples().expect("the samples are readable");
        member.problem.checker == Checker::Exact && samples.len() == 1
    })
}

impl Member {
    /// Its crate's name, which names it on a command line.
    pub fn name(&self) -> &str {
        &self.problem.name
    }

    /// The input of its first sample.
    pub fn first_sample_input(&self) -> Vec<u8> {
        std::fs::read(&self.first_sample().input_path).expect("the sample is readable")
    }

    /// The path of its first sample's answer.
    pub fn first_sample_answer(&self) -> std::path::PathBuf {
        self.first_sample().expected_path
    }

    /// Its first sample.
    fn first_sample(&self) -> xtask::problems::workspace::Sample {
        let samples = self.problem.samples().expect("the samples are readable");
        let first = samples.into_iter().next();
        first.unwrap_or_else(|| panic!("{} has no sample", self.name()))
    }

    /// Whether `answer`, what the member's solver found for `puzzle` (`None`: no answer),
    /// is right by `expected`, the right answer as the reference finds it: no answer where
    /// there is none; where there is one, the answer written as the solution writes it and
    /// accepted by the problem's checker against the reference's (exact for the smallest
    /// completion, any valid completion for `sudoku`); where the reference leaves it
    /// undecided (a puzzle with several answers where the judge promises one), any answer
    /// that solves the puzzle. `Err` says what is wrong, with the input, the expected and
    /// the actual answer.
    pub fn judge(
        &self,
        puzzle: &Puzzle,
        expected: &ReferenceAnswer,
        answer: Option<Grid>,
    ) -> Result<(), String> {
        let format = self.entry.format;
        let input = (format.input_text)(std::slice::from_ref(puzzle));
        let written = |grid: &Grid| (format.answer_text)(1, grid);
        let wrong = |why: String| Err(format!("{}: {why}\ninput:\n{input}", self.name()));
        match (expected, answer) {
            (ReferenceAnswer::NoAnswer, None) => Ok(()),
            (ReferenceAnswer::NoAnswer, Some(answer)) => wrong(format!(
                "answered where there is no answer:\n{}",
                written(&answer)
            )),
            (ReferenceAnswer::Found { grid }, None) => {
                wrong(format!("found no answer; expected:\n{}", written(grid)))
            }
            (ReferenceAnswer::Found { grid }, Some(answer)) => {
                let checked = self.check(&input, &written(grid), &written(&answer));
                checked.or_else(wrong)
            }
            (ReferenceAnswer::Undecided, None) => {
                wrong("found no answer, where the reference could not decide".to_string())
            }
            (ReferenceAnswer::Undecided, Some(answer)) => match puzzle.why_not_solved_by(&answer) {
                None => Ok(()),
                Some(why) => wrong(format!("{why}:\n{}", written(&answer))),
            },
        }
    }

    /// The problem's checker on `actual`, an output for `input` whose right answer is
    /// `expected`: `Err` says why it is not accepted.
    fn check(&self, input: &str, expected: &str, actual: &str) -> Result<(), String> {
        let checker = &self.problem.checker;
        let verdict = checker.check(input.as_bytes(), expected.as_bytes(), actual.as_bytes());
        match verdict.map_err(|error| format!("the checker failed: {error:#}"))? {
            CheckerVerdict::Accepted => Ok(()),
            verdict => Err(format!(
                "{verdict:?}\nexpected:\n{expected}actual:\n{actual}"
            )),
        }
    }
}
