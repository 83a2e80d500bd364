//! Knuth's Algorithm X for exact cover: the engine of the reference solvers.
//!
//! An exact-cover problem has *items* and *options*; each option covers some items, and a
//! solution is a set of options that covers every item exactly once. Sudoku is one: the
//! items are "cell c is filled" and "digit d appears in row r / column c / box b", and the
//! option "digit d in cell c" covers one item of each kind. Su-domino-ku is another, with
//! "domino t is used" as extra items and a domino covering two cells at once.
//!
//! The search is Algorithm X (Knuth, "Dancing Links", 2000): pick the uncovered item with
//! the fewest options left, try each of them, and remove every option that clashes with the
//! one chosen. Knuth's dancing links make removal and restoring cheap with linked lists; this
//! version keeps plain arrays instead (a counter per option of the reasons it is blocked, and
//! a count per item of the options left), which is slower but easy to check by eye. That is
//! what a reference solver is for: it must be obviously right and built differently from the
//! solutions it judges, not fast.

/// An exact-cover problem: items `0..n_items` and options, each a list of items.
#[derive(Clone, Debug)]
pub struct ExactCover {
    options: Vec<Vec<usize>>,
    options_of_item: Vec<Vec<usize>>,
}

/// How a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Every solution was visited.
    Exhausted,
    /// The visitor asked to stop.
    Stopped,
    /// The node budget ran out before the search was complete.
    OutOfBudget,
}

/// The mutable part of a search, restored exactly on the way back.
struct SearchState {
    item_covered: Vec<bool>,
    /// For each option, how many chosen options clash with it (0 means still available).
    option_blocked: Vec<u32>,
    /// For each item, how many available options cover it.
    item_choices: Vec<u32>,
    chosen: Vec<usize>,
    nodes_left: u64,
}

impl ExactCover {
    /// A problem with `n_items` items and the given options.
    ///
    /// # Panics
    /// If an option names an item outside `0..n_items` (a bug in the caller's encoding).
    pub fn new(n_items: usize, options: Vec<Vec<usize>>) -> ExactCover {
        let mut options_of_item = vec![Vec::new(); n_items];
        for (option, items) in options.iter().enumerate() {
            for &item in items {
                options_of_item[item].push(option);
            }
        }
        ExactCover {
            options,
            options_of_item,
        }
    }

    /// The items an option covers.
    pub fn items_of(&self, option: usize) -> &[usize] {
        &self.options[option]
    }

    /// Visits every exact cover that contains all of `forced`, in search order, until
    /// `visit` returns `false` or `node_budget` search nodes have been spent.
    ///
    /// `visit` receives the chosen options, `forced` first.
    pub fn search(
        &self,
        forced: &[usize],
        node_budget: u64,
        mut visit: impl FnMut(&[usize]) -> bool,
    ) -> Ending {
        let mut state = SearchState {
            item_covered: vec![false; self.options_of_item.len()],
            option_blocked: vec![0; self.options.len()],
            item_choices: self
                .options_of_item
                .iter()
                .map(|options| options.len() as u32)
                .collect(),
            chosen: Vec::new(),
            nodes_left: node_budget,
        };
        for &option in forced {
            if state.option_blocked[option] != 0 {
                return Ending::Exhausted; // two forced options clash: no cover at all
            }
            self.choose(&mut state, option);
        }
        self.search_from(&mut state, &mut visit)
    }

    /// Counts the exact covers that contain `forced`, stopping at `limit`.
    pub fn count(&self, forced: &[usize], limit: usize) -> usize {
        let mut found = 0;
        self.search(forced, u64::MAX, |_| {
            found += 1;
            found < limit
        });
        found
    }

    fn search_from(
        &self,
        state: &mut SearchState,
        visit: &mut impl FnMut(&[usize]) -> bool,
    ) -> Ending {
        if state.nodes_left == 0 {
            return Ending::OutOfBudget;
        }
        state.nodes_left -= 1;
        // The uncovered item with the fewest available options.
        let item = (0..self.options_of_item.len())
            .filter(|&item| !state.item_covered[item])
            .min_by_key(|&item| state.item_choices[item]);
        let Some(item) = item else {
            return if visit(&state.chosen) {
                Ending::Exhausted
            } else {
                Ending::Stopped
            };
        };
        for &option in &self.options_of_item[item] {
            if state.option_blocked[option] != 0 {
                continue;
            }
            self.choose(state, option);
            let ending = self.search_from(state, visit);
            self.unchoose(state, option);
            if ending != Ending::Exhausted {
                return ending;
            }
        }
        Ending::Exhausted
    }

    /// Adds `option` to the solution: its items become covered and every option that
    /// shares one of them is blocked.
    fn choose(&self, state: &mut SearchState, option: usize) {
        for &item in &self.options[option] {
            state.item_covered[item] = true;
            for &other in &self.options_of_item[item] {
                if state.option_blocked[other] == 0 {
                    for &other_item in &self.options[other] {
                        state.item_choices[other_item] -= 1;
                    }
                }
                state.option_blocked[other] += 1;
            }
        }
        state.chosen.push(option);
    }

    /// Exactly undoes `choose(option)`, in reverse order.
    fn unchoose(&self, state: &mut SearchState, option: usize) {
        state.chosen.pop();
        for &item in self.options[option].iter().rev() {
            for &other in self.options_of_item[item].iter().rev() {
                state.option_blocked[other] -= 1;
                if state.option_blocked[other] == 0 {
                    for &other_item in &self.options[other] {
                        state.item_choices[other_item] += 1;
                    }
                }
            }
            state.item_covered[item] = false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knuths_example_has_one_cover() {
        // The example of Knuth's paper: items A..G are 0..6.
        let options = vec![
            vec![2, 4, 5],
            vec![0, 3, 6],
            vec![1, 2, 5],
            vec![0, 3],
            vec![1, 6],
            vec![3, 4, 6],
        ];
        let problem = ExactCover::new(7, options);
        let mut covers = Vec::new();
        problem.search(&[], u64::MAX, |chosen| {
            let mut sorted = chosen.to_vec();
            sorted.sort();
            covers.push(sorted);
            true
        });
        assert_eq!(covers, [vec![0, 3, 4]]);
    }

    #[test]
    fn counts_all_perfect_matchings_of_a_complete_graph() {
        // Pairing up 6 people: 5 * 3 * 1 = 15 ways.
        let mut options = Vec::new();
        for a in 0..6 {
            for b in a + 1..6 {
                options.push(vec![a, b]);
            }
        }
        let problem = ExactCover::new(6, options);
        assert_eq!(problem.count(&[], usize::MAX), 15);
        assert_eq!(problem.count(&[], 4), 4);
        // Forcing the pair {0, 1} leaves 3 ways; forcing two clashing pairs leaves none.
        assert_eq!(problem.count(&[0], usize::MAX), 3);
        assert_eq!(problem.count(&[0, 1], usize::MAX), 0);
    }

    #[test]
    fn the_budget_stops_the_search() {
        let mut options = Vec::new();
        for a in 0..10 {
            for b in a + 1..10 {
                options.push(vec![a, b]);
            }
        }
        let problem = ExactCover::new(10, options);
        assert_eq!(problem.search(&[], 5, |_| true), Ending::OutOfBudget);
    }
}
