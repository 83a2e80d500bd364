//! The search state the Sudoku solutions share: where each digit may still go.
//!
//! Each idea here has a rung of its own on the [ladder](crate::ladder), which climbs to
//! this board from plain backtracking one idea at a time, with a measured table per rung:
//!
//! | idea of this board | introduced by |
//! |---|---|
//! | candidate masks, and branching on a cell with the fewest candidates (MRV) | [rung 1](crate::ladder::rung1_masks) |
//! | naked and hidden singles | [rung 2](crate::ladder::rung2_singles) |
//! | locked candidates: pointing and claiming, along rows and along columns | [rung 3](crate::ladder::rung3_locked) |
//! | the state digit-major: for each digit, the cells where it may go | [rung 4](crate::ladder::rung4_digit_sets) |
//! | bands of 27 cells, one word per digit and band, and the band rule by table lookup | [rung 5](crate::ladder::rung5_bands) |
//! | change detection: `seen`, and rules applied only where something changed | [rung 6](crate::ladder::rung6_changes) |
//! | among cells with two candidates, the one with the most open peers | [rung 7](crate::ladder::rung7_tie_break) |
//! | straight-line band rule, givens in bulk, two-candidate cells counted once | [rung 8](crate::ladder::rung8_board), this board |
//! | rule 4: three digits confined to a mini-row or mini-column fill it | [rung 9](crate::ladder::rung9_mini_lines) |
//! | branching on a digit's permutations in the band or stack with the fewest open digits | [rung 10](crate::ladder::rung10_line_branch) |
//! | while every band and stack has seven open digits or more, the one with the fewest permutations | [rung 11](crate::ladder::rung11_wide_open) |
//! | rule 4's second part: three digits that alone can go in a mini-line go there | [rung 12](crate::ladder::rung12_only_three) |
//! | naked singles and rule 4 count again only the bands and digits that changed | [rung 13](crate::ladder::rung13_recount) |
//!
//! ## The state
//!
//! A [`Board`] keeps, for every digit, the set of cells where that digit may still stand,
//! cut into the three **bands** of the grid (rows 1-3, 4-6, 7-9). A band is 27 cells, so
//! one digit in one band fits a `u32`: bit `9 × (row within band) + column`. Read the three
//! bands one after another and you have the row-major cell set of [`crate::CellSet`]: cell
//! `c` is bit `c % 27` of band `c / 27`. Beside these 27 words the board keeps the open
//! (undecided) cells of each band.
//!
//! Placing digit `d` in cell `c` is then a handful of word operations: `c` leaves the sets
//! of the other eight digits; in `c`'s band, `d` leaves the row and the box of `c`; in the
//! two other bands, `d` leaves `c`'s column.
//!
//! ## The rules
//!
//! [`Board::propagate`] applies these rules until none finds anything more:
//!
//! 1. **The band rule**, for one digit in one band. The digit stands exactly once in each
//!    of the band's three rows and once in each of its three boxes, so the rows and boxes
//!    are matched one to one: a *permutation*. A row and a box meet in a *mini-row* of three
//!    cells; of the nine mini-rows, those the digit can still use form a pattern, and only
//!    mini-rows that lie on some permutation inside the pattern can hold the digit. The
//!    others are cleared. This is the technique solvers call *locked candidates* (pointing
//!    and claiming along rows), done for a whole band by one table lookup (`BAND_RULE`); a
//!    pattern with no permutation at all means some row or box has no place for the digit.
//!    Then, in the same step:
//!    - **locked columns**: if the digit's open places in a box lie in one column, it is in
//!      that column there, so the column loses the digit in the other two bands;
//!    - **hidden singles**: a row or box of the band with a single place left gets the
//!      digit there. After the band rule a row has a single place exactly when the box of
//!      that place has one (the two are tied in every permutation, so the rule cleared the
//!      rest of both), so looking at the rows finds the singles of the boxes too.
//! 2. **Naked singles**: a cell with one candidate left takes it.
//! 3. **The column rules**, which cross the bands and so look at a digit's three bands at
//!    once. *Hidden singles in columns*: a column with a single place left for the digit
//!    gets it there. *Claiming along columns*: a column whose places all lie in one band
//!    puts the digit's place in that box on the column, so the box's other two columns
//!    lose the digit there.
//! 4. **The mini-line rule**, only on a board that asked for it ([`Board::use_mini_lines`];
//!    the Sudoku solutions' searches do; p4574's does not). A *mini-line* is a mini-row or a *mini-column* (the
//!    three cells where a column meets a box). A digit is *confined* to a mini-row when its
//!    places in that row all lie there (to a mini-column, when its places in that column
//!    do). Three digits confined to one mini-line are the three that go there, so the
//!    other digits leave its cells; four are a contradiction. *The second part* looks from
//!    the cells' side: if only three digits can go in a mini-line at all, they are the
//!    three that go there, so each leaves the rest of the mini-line's row (column) and
//!    box; the Sudoku solutions ask for it ([`MiniLineRule::ConfinedAndOnlyThree`]), the
//!    ladder's rungs 9 to 11 do not. Rule 4 runs when rules 1 to 3
//!    have nothing left, since it is the dearest, and it reads what they leave: the band
//!    rule notes each digit's mini-rows in each band as it keeps them, and the column
//!    rules each digit's columns in each band as they count them, so rule 4 never reads
//!    the places. A table gives the mini-rows alone in their row; for each mini-line it
//!    counts the digits confined there, bit-sliced (a word for the ones, one for the twos,
//!    one for "four or more", over the nine digits); for the second part, in a loop of its
//!    own, the digits that can go there at all. A mini-line with three digits confined has
//!    nothing left for the second part. A filled mini-line stays filled along
//!    a branch, so the board remembers which it filled and clears each once. As it counts,
//!    it notes how many digits each band and stack still has *open* (not confined to one
//!    mini-row in each row, one band in each column), for the search on lines
//!    ([`Board::line_branch`], which takes the line with the fewest, unless every line has
//!    [`WIDE_OPEN`] or more: then the one whose digits have the fewest permutations).
//! 5. Any cell without candidates, or digit without a place in a row, column or box, is a
//!    **contradiction**: the board has no completion, and the call returns [`Contradiction`].
//!
//! Every rule only removes possibilities that no completion uses, so the completions of
//! the board are the same before and after propagation. That is what lets the solutions
//! combine propagation with any search order, including the ordered search of problem 2239.
//!
//! ## The cost
//!
//! A search spends its time in nodes (a guess and the propagation after it), so its cost
//! is the number of nodes times the cost of one. Each idea below shrinks one of the two.
//!
//! 1. **Work only where something changed.** The board remembers, for each digit and
//!    band, the places the band rule last saw (`seen`). A sweep compares the 27 words with
//!    that memory, one at a time and without a branch, into one 27-bit mask, then runs
//!    the band rule on the set bits only; sweeps repeat until one finds nothing. The same
//!    mask tells the column rules which digits to look at, and (step 6) which bands and
//!    digits naked singles and rule 4 must count again.
//!    *Correct because* every rule removes places only, so a word equal to its memory has
//!    nothing new to give. The updates themselves are unconditional word operations
//!    (clear this cell from all nine digits, clear these columns in the other bands),
//!    which cost less than testing first.
//! 2. **The band rule as straight-line code.** One table lookup applies the rule; then
//!    the hidden singles need only the rows (see rule 1), found without a branch; and one
//!    clear per band (this band's word is then stored whole) removes both the locked
//!    columns and the singles' columns elsewhere, because a hidden single is the only
//!    place of its box, so its column is locked too.
//!    The other digits then leave the singles' cells even when there are none (an `&`
//!    with an empty set changes nothing): about half the calls find a single, a branch
//!    the processor predicts so badly that skipping the ten `&`s cost more than it saved.
//! 3. **Branch where it pays.** [`Board::most_constrained_cell`] chooses, among the cells
//!    with two candidates, the one with the most open peers, rather than the first in
//!    reading order as JCZSolve does. *Correct because* any open cell will do: every
//!    completion puts one of its candidates there. It halves the search tree of the
//!    hardest puzzles, for a choice that takes about an eighth of the time.
//! 4. **Set up the givens in bulk** ([`Board::from_grid`]): every given cell loses the
//!    other digits in one pass per band, instead of one placement per given. Easy puzzles
//!    (17 clues, solved mostly by propagation) spent a tenth of their time placing givens.
//!    And without a branch per cell: whether a cell is given is a coin toss to the
//!    processor, so each cell works on the slot of its digit in tables indexed by digit,
//!    whose slot 0 collects the empty cells.
//! 5. **Count once.** The naked-single rule counts the candidates of the bands anyway;
//!    it keeps the open cells with exactly two, and the branch choice uses them as long
//!    as nothing changed since the last propagation (debug builds check this).
//! 6. **Count again only what changed** ([`Board::use_recount`], which all three
//!    solutions call). Rule 1's sweeps know which words changed, so they note the bands
//!    and the digits. Naked singles count the candidates of the bands noted since they
//!    last counted: in another band the candidates, the singles and the two-candidate
//!    cells are what they were. Rule 4 works out again the confined mini-lines of the
//!    digits noted since it last ran, and keeps every digit's in the board. Between two
//!    calls of rule 4, 3.6 of the nine digits have changed on average on
//!    magictour_top1465 relabelled (3.2 on this file), and 2.2 of the three bands between
//!    two passes of naked singles. *Correct because* a rule's result depends only on
//!    what it reads, and what it does not read again has not changed.
//!
//! A board is 460 bytes (215 of them for rule 4: the mini-rows and columns it reads, the
//! mini-lines it filled, the open digits, and what it last worked out for each digit) and
//! `Copy`; the searches undo a guess by keeping the parent board
//! and throwing the child away, which is cheaper than recording and replaying changes
//! (copying is about 1% of the time).
//!
//! What each step bought on `data/forum_hardest_1106.txt` (375 puzzles): instructions
//! executed for the whole file, counted by `valgrind --tool=callgrind` on one pass of each
//! solver (deterministic, unlike times on a shared machine), and guesses per puzzle. The
//! `sudoku` crate (a Rust port of JCZSolve) is the peer; it runs in a scratch crate outside
//! the repository, described in the README.
//!
//! | step | p2580 instructions | p2580 guesses | p2239 instructions | p2239 guesses |
//! |---|---:|---:|---:|---:|
//! | before: lowest two-candidate cell, band rule with branches, sweep by `memcmp` | 236 M | 248 | 543 M | 583 |
//! | 3: two-candidate cell with the most open peers | 163 M | 136 | 344 M | 294 |
//! | 1, 2: change mask, straight-line band rule | 144 M | 136 | 302 M | 294 |
//! | 4: givens in bulk (17_clue, first 2,000: 42.4 M → 39.5 M for p2580) | 144 M | 136 | 302 M | 294 |
//! | open peers counted per band instead of on 128-bit sets | 141 M | 136 | 297 M | 294 |
//! | 5: two-candidate cells kept from the naked-single rule | 138 M | 136 | 290 M | 294 |
//! | masks that spare the band rule two bounds checks | 136 M | 136 | 286 M | 294 |
//! | a column copied to three rows by one multiplication, the column of a cell from a table | 133 M | 136 | 280 M | 294 |
//! | 2: the singles' cells cleared without a branch (mispredicted branches: 0.89 M → 0.59 M and 1.77 M → 1.25 M) | 136 M | 136 | 285 M | 294 |
//! | p2580 only: of two candidates, the one more open peers could take first (its header says why) | 135 M | 127 | | |
//! | a digit's places stored once by the band rule; the other bands looked up once per band when choosing; two small methods inline across crates | 132 M | 127 | 279 M | 294 |
//! | rule 3: claiming along columns (mispredicted branches: 0.58 M → 0.56 M and 1.25 M → 1.21 M) | 136 M | 121 | 290 M | 282 |
//! | the same board counted again, later (mispredicted: 0.58 M and 1.25 M) | 141 M | 121 | 299 M | 282 |
//! | the column rules read a digit's three bands without copying the board's rows | 137 M | 121 | 292 M | 282 |
//! | 2: the locked columns cleared in all three bands, after the singles' clears | 132 M | 121 | 281 M | 282 |
//! | 1: the sweep compares one word at a time (more instructions, less time: see below) | 151 M | 121 | 323 M | 282 |
//! | 1: the sweep's mask names the digits for the column rules; naked singles in all three bands | 149 M | 121 | 318 M | 282 |
//! | naked singles: the digits with singles found first (mispredicted: 0.58 M → 0.50 M and 1.26 M → 1.06 M) | 148 M | 121 | 316 M | 282 |
//! | p2239 only: rule 4 and the branch on lines (rungs 9 and 10; the board grows to 272 bytes) | 148 M | 121 | 243 M | 159 |
//! | 4: rule 4 reads the mini-rows and columns that rules 1 and 3 note (348 bytes) | 150 M | 121 | 233 M | 159 |
//! | p2580 too: rule 4 and the branch on lines | 118 M | 78.5 | 233 M | 159 |
//! | while every line is wide open, the line with the fewest permutations (rung 11) | 109 M | 72.3 | 221 M | 150 |
//! | 4: the givens without a branch per cell (mispredicted branches on 17_clue, p2580: 0.15 M → 0.09 M) | 109 M | 72.3 | 221 M | 150 |
//! | 4: rule 4's second part (rung 12), its count in a loop of its own; p2580: the last way of a branch point without a copy | 114 M | 71.3 | 230 M | 148 |
//! | 6: naked singles and rule 4 count again only what changed (rung 13; 460 bytes); 4: rule 4's second part visits only the digits that can go in the mini-lines it acts on | 106 M | 71.3 | 215 M | 148 |
//! | the peer: first solution, uniqueness check | 102 M | | 304 M | |
//!
//! The five rows before rule 4's were timed too, because instructions stopped telling time: a 16-byte
//! load that overlaps a 4-byte store made just before waits for the store to reach the
//! cache (a processor forwards a store only to the loads it covers). So clearing this
//! band's word before the singles' clears, which the compiler does four words at a time,
//! saved 3% of the instructions and cost 10% in time; comparing the sweep's words one at a
//! time added 15% of instructions and saved 1% to 3%. From "counted again" to the last,
//! the rows took 6% to 7.5% off both solutions' times (4% on 17_clue): a scratch harness
//! outside the repository ran both versions in one process, taking turns puzzle by puzzle,
//! best of 7 rounds, on these four files and this one relabelled four times, two seeds.
//! The givens' row saves branches the processor guessed wrong, not instructions; in the
//! same harness (two runs), it took 2.0% to 2.4% off p2580's time on magictour_top1465 and
//! up to 1.6% off p2239's, 1.5% to 1.8% off p2239's on 17_clue, and up to 1% elsewhere
//! (the harness shows up to 2% between two builds of unchanged code, so these are small
//! gains, seen in both runs). Rule 4's second part costs instructions on this file, where
//! the tree shrinks by 1% only, and pays where it shrinks by 5%: in the same harness it took
//! 1.2% to 1.4% off p2580's time and 0.9% to 1.6% off p2239's on magictour_top1465
//! relabelled twice (seeds 8086 and 99), and left this file relabelled (seed 8086) and
//! 17_clue relabelled (seed 99) within 1%. Step 6's row, in the same harness against
//! commit 810ef72 (one run each): p2580 took 0.954 to 0.972 of the time on this file,
//! magictour_top1465 and forum_hardest_1905_11plus, as published and relabelled twice
//! (seed 77), and 0.997 and 1.001 on 17_clue; p2239 0.962 to 0.980, and 0.996 and 1.001.
//!
//! Counted tdoku's way (every way tried at a branch point but the last, which is forced),
//! the uniqueness search of p2239 makes 79.8 guesses per puzzle on this file (142 before
//! rule 4 and the branch on lines, 88.0 before rung 11's choice of line, 80.8 before rule
//! 4's second part), and tdoku itself 110 (built from its source beside this project, outside the repository, as the
//! README says); tdoku's published table gives 326 for the `sudoku` crate and 113 for tdoku.
//! Instructions are not times: callgrind's branch simulation (`--branch-sim=yes`) counts
//! 0.37 and 0.26 times as many mispredicted branches for p2580 and p2239 as for the
//! peer (0.50 M against 1.37 M, 1.06 M against 4.03 M), and a mispredicted branch costs
//! a processor some 15 to 20 cycles, in which it could have run dozens of instructions;
//! so the times compare better than the instructions (the README compares times).
//!
//! What tdoku's smaller tree is made of, and the versions of its rules and branching
//! measured on this board, are in the README ("Where tdoku's smaller tree comes from").
//! Rule 4 and the branch on lines are the version that paid: p2239's tree is smaller
//! than tdoku's, and p2580's first-solution search makes 40.4 guesses per puzzle on this
//! file counted tdoku's way, where tdoku makes 59.8. On easy puzzles they cost about what
//! they save: on magictour_top1465 one pass of p2239 took 139 M instructions (147 M
//! before rule 4 read what rules 1 and 3 note) against 123 M without them, for 9.9
//! guesses against 10.4 (tdoku's way); rung 11's choice of line then took it to 135 M
//! and 9.5 guesses, and rule 4's second part to 137 M and 9.1, where tdoku makes 8.9.
//! The branch on lines also waits until 17 cells are decided ([`DECIDED_FOR_LINES`]):
//! on a nearly empty board a permutation decides nothing and a contradiction can hide
//! for millions of guesses, where a guess on a cell meets it soon.
//!
//! The layout follows JCZSolve (Zhouyundong's solver, as tdoku's write-up describes it):
//! one bit set per digit and band, a table that applies the band's row-box constraints in
//! one step, and change detection by comparing with the last seen state. The tables and
//! the code here are this project's own.

use crate::observe::{Branch, Conflict, Reason, SearchObserver};
use crate::{CellSet, ALL_CELLS, ALL_DIGITS, N_CELLS};

/// The cells of one band where something holds: bit `9 × (row within band) + column`.
pub(crate) type BandSet = u32;

/// All 27 cells of a band.
pub(crate) const ALL_BAND: BandSet = (1 << 27) - 1;

/// One row of a band: its nine cells are bits `9 × row .. 9 × row + 9`.
pub(crate) const ROW_CELLS: BandSet = 0b1_1111_1111;

/// `BOX_IN_BAND[s]`: the nine cells of the band's box in stack `s` (columns `3s..3s+3`).
pub(crate) const BOX_IN_BAND: [BandSet; 3] = build_box_in_band();

/// `PEERS_IN_BAND[i]`: the cells of the band that share a row or a box with cell `i` of
/// the band (its column peers in the same band are in its box).
pub(crate) const PEERS_IN_BAND: [BandSet; 27] = build_peers_in_band();

/// `COLUMN_THROUGH[i]`: the three cells of the band in the column of cell `i` of the band.
const COLUMN_THROUGH: [BandSet; 27] = build_column_through();

/// `STACKS_OF_ROW[r]`: for the nine cells `r` of one row, the stacks (bit `s`) in which any
/// of them lies.
pub(crate) const STACKS_OF_ROW: [u16; 512] = build_stacks_of_row();

/// `BAND_RULE[p]`: for a pattern `p` of mini-rows (bit `3 × row + stack`) where a digit can
/// still go in a band, the mini-rows that lie on some permutation inside `p`, i.e. some way
/// to give each row of the band one box and each box one row. 0 means there is none.
const BAND_RULE: [u16; 512] = build_band_rule();

/// `LOCKED_COLUMNS[c]`: for a set `c` of columns (bit = column), the columns that are
/// the only one of `c` in their stack.
pub(crate) const LOCKED_COLUMNS: [u16; 512] = build_locked_columns();

/// `CLAIMED_BOX_CELLS[c]`: for the set `c` of columns (bit = column) whose places for a
/// digit all lie in one band, the cells of that band the digit leaves: in each box, the
/// cells off its claimed column (all of the box's cells when two of its columns claim it,
/// which no completion allows).
const CLAIMED_BOX_CELLS: [BandSet; 512] = build_claimed_box_cells();

/// `BAND_RULE_CELLS[p]`: the cells of the mini-rows in `BAND_RULE[p]`, the places the
/// band rule keeps, in one lookup. 0 means there is no permutation.
pub(crate) const BAND_RULE_CELLS: [BandSet; 512] = build_band_rule_cells();

/// `MINI_ROW_CELLS[p]`: the cells of the mini-rows in pattern `p` (bit `3 × row + stack`).
const MINI_ROW_CELLS: [BandSet; 512] = build_mini_row_cells();

/// `ALONE_IN_ROW[p]`: the mini-rows of pattern `p` that are the only one of their row, so
/// that a digit with mini-rows `p` is confined to them (rule 4).
const ALONE_IN_ROW: [u16; 512] = build_alone_in_row();

const fn build_box_in_band() -> [BandSet; 3] {
    let mut table = [0; 3];
    let mut stack = 0;
    while stack < 3 {
        table[stack] = (0b111 | 0b111 << 9 | 0b111 << 18) << (3 * stack);
        stack += 1;
    }
    table
}

const fn build_column_through() -> [BandSet; 27] {
    let mut table = [0; 27];
    let mut cell_in_band = 0;
    while cell_in_band < 27 {
        table[cell_in_band] = in_columns(1 << (cell_in_band % 9));
        cell_in_band += 1;
    }
    table
}

const fn build_peers_in_band() -> [BandSet; 27] {
    let mut table = [0; 27];
    let mut cell_in_band = 0;
    while cell_in_band < 27 {
        let row = ROW_CELLS << (9 * (cell_in_band / 9));
        let stack = (cell_in_band % 9) / 3;
        table[cell_in_band] = (row | BOX_IN_BAND[stack]) & !(1 << cell_in_band);
        cell_in_band += 1;
    }
    table
}

const fn build_stacks_of_row() -> [u16; 512] {
    let mut table = [0; 512];
    let mut row = 0;
    while row < 512 {
        let mut stack = 0;
        while stack < 3 {
            if row & (0b111 << (3 * stack)) != 0 {
                table[row] |= 1 << stack;
            }
            stack += 1;
        }
        row += 1;
    }
    table
}

/// The six permutations of a band: row `r` of the band gets the box in stack
/// `PERMUTATIONS[k][r]`. Read across a stack, band `b` gets column `PERMUTATIONS[k][b]` of
/// the stack.
const PERMUTATIONS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// The mini-rows of permutation `k`, as a pattern (bit `3 × row + stack`).
const fn permutation_pattern(k: usize) -> u16 {
    let mut mini_rows = 0;
    let mut row = 0;
    while row < 3 {
        mini_rows |= 1 << (3 * row + PERMUTATIONS[k][row]);
        row += 1;
    }
    mini_rows
}

/// `PERMUTATIONS_INSIDE[p]`: the permutations whose mini-rows all lie in pattern `p`,
/// bit `k` for `PERMUTATIONS[k]`.
const PERMUTATIONS_INSIDE: [u8; 512] = build_permutations_inside();

const fn build_permutations_inside() -> [u8; 512] {
    let mut table = [0; 512];
    let mut pattern: u16 = 0;
    while pattern < 512 {
        let mut k = 0;
        while k < 6 {
            let mini_rows = permutation_pattern(k);
            if pattern & mini_rows == mini_rows {
                table[pattern as usize] |= 1 << k;
            }
            k += 1;
        }
        pattern += 1;
    }
    table
}

/// The rank of a digit whose mini-line pattern in a band or stack is one permutation's
/// (one mini-line in each row): nothing is left to choose there.
const SETTLED: u8 = u8::MAX;

/// The fewest decided cells on which [`Board::line_branch`] branches on lines; below it,
/// the search goes by cells. A permutation tried on a nearly empty board decides no cell,
/// and the board can hold a contradiction that no rule sees until much later: on a grid
/// of two givens (r7c8 = 1, r8c8 = 5), the search on lines settled the rows of all three
/// bands, then, for each arrangement of the columns of stacks 1 and 2, searched stack 3
/// again, which had none: fifteen million guesses in all (`cargo xtask trace p2239`
/// counted them). A guess on a cell decides it, and the singles that follow meet such a
/// contradiction soon. Why 17: no grid with fewer than 17 givens has exactly one
/// completion (McGuire, Tugemann and Civario proved it in 2012), so a board with fewer
/// decided cells is no puzzle's hard middle, where the smaller tree of lines pays: it has
/// many completions or none.
pub const DECIDED_FOR_LINES: u32 = 17;

/// The fewest open digits that make a line *wide open* for [`LineChoice::Permutations`]:
/// while every band and stack has this many or more, their counts hardly differ and say
/// little about where a guess decides most, so the search takes the line with the fewest
/// permutations in all instead. On forum_hardest_1106, p2239 makes 88.0 guesses per
/// puzzle (tdoku's way) with the fewest open digits alone; taking the permutations from
/// 6, 7 or 8 open digits on makes 114.5, 80.8 and 87.2 (on magictour_top1465, 9.9 alone
/// and 9.3, 9.5, 9.9). From 6 on, the permutations override lines further on than the
/// others, and those are the better branch.
pub const WIDE_OPEN: u8 = 7;

/// `BRANCH_RANK[p]`: how good a branch a digit with mini-line pattern `p` in a band or
/// stack is, the lowest best: no permutation left (the branch fails at once), then two,
/// three, more, and last one (a forced way, left to the rules if they can); or
/// [`SETTLED`].
const BRANCH_RANK: [u8; 512] = build_branch_rank();

const fn build_branch_rank() -> [u8; 512] {
    let mut table = [0; 512];
    let mut pattern = 0;
    while pattern < 512 {
        let permutations = PERMUTATIONS_INSIDE[pattern].count_ones();
        table[pattern] = if (pattern as u16).count_ones() == 3 && permutations == 1 {
            SETTLED
        } else {
            match permutations {
                0 => 0,
                2 => 1,
                3 => 2,
                1 => 4,
                _ => 3,
            }
        };
        pattern += 1;
    }
    table
}

const fn build_band_rule() -> [u16; 512] {
    // The mini-rows of every permutation inside the pattern.
    let mut table = [0; 512];
    let mut pattern = 0;
    while pattern < 512 {
        let inside = PERMUTATIONS_INSIDE[pattern];
        let mut k = 0;
        while k < 6 {
            if inside & 1 << k != 0 {
                table[pattern] |= permutation_pattern(k);
            }
            k += 1;
        }
        pattern += 1;
    }
    table
}

const fn build_locked_columns() -> [u16; 512] {
    let mut table = [0; 512];
    let mut columns = 0;
    while columns < 512 {
        let mut stack = 0;
        while stack < 3 {
            let in_stack = columns & (0b111 << (3 * stack));
            if in_stack != 0 && in_stack & (in_stack - 1) == 0 {
                table[columns] |= in_stack as u16;
            }
            stack += 1;
        }
        columns += 1;
    }
    table
}

const fn build_claimed_box_cells() -> [BandSet; 512] {
    let mut table = [0; 512];
    let mut columns = 0;
    while columns < 512 {
        let mut stack = 0;
        while stack < 3 {
            let claimed = columns & (0b111 << (3 * stack));
            if claimed != 0 {
                // One claimed column keeps its cells; two or more keep none.
                let kept = if claimed & (claimed - 1) == 0 {
                    in_columns(claimed)
                } else {
                    0
                };
                table[columns as usize] |= BOX_IN_BAND[stack] & !kept;
            }
            stack += 1;
        }
        columns += 1;
    }
    table
}

const fn build_band_rule_cells() -> [BandSet; 512] {
    let mut table = [0; 512];
    let mut pattern = 0;
    while pattern < 512 {
        table[pattern] = MINI_ROW_CELLS[BAND_RULE[pattern] as usize];
        pattern += 1;
    }
    table
}

const fn build_mini_row_cells() -> [BandSet; 512] {
    let mut table = [0; 512];
    let mut pattern = 0;
    while pattern < 512 {
        let mut mini_row = 0;
        while mini_row < 9 {
            if pattern & (1 << mini_row) != 0 {
                let (row, stack) = (mini_row / 3, mini_row % 3);
                table[pattern] |= 0b111 << (9 * row + 3 * stack);
            }
            mini_row += 1;
        }
        pattern += 1;
    }
    table
}

const fn build_alone_in_row() -> [u16; 512] {
    let mut table = [0; 512];
    let mut pattern = 0;
    while pattern < 512 {
        let mut row = 0;
        while row < 3 {
            let stacks = ((pattern >> (3 * row)) & 0b111) as u16;
            if stacks.count_ones() == 1 {
                table[pattern] |= stacks << (3 * row);
            }
            row += 1;
        }
        pattern += 1;
    }
    table
}

/// The mini-rows of a band that share a row or a box with a mini-row of `pattern`, other
/// than those of `pattern` (bit `3 × row + stack`).
const fn mini_row_mates(pattern: u16) -> u16 {
    let rows = (pattern | pattern >> 1 | pattern >> 2) & 0b001_001_001; // bit 3 × row
    let stacks = (pattern | pattern >> 3 | pattern >> 6) & 0b111; // bit stack
    ((rows * 0b111) | (stacks * 0b001_001_001)) & !pattern
}

/// `OTHER_BANDS[b]`: the two bands other than `b`.
pub(crate) const OTHER_BANDS: [[usize; 2]; 3] = [[1, 2], [2, 0], [0, 1]];

/// Cell `cell_in_band` (its bit there) of band `band`: the inverse of [`band_and_bit`].
pub(crate) const fn cell_of(band: usize, cell_in_band: usize) -> usize {
    27 * band + cell_in_band
}

/// The lowest cell of `cells`, a non-empty set of cells of band `band`.
pub(crate) const fn first_cell(band: usize, cells: BandSet) -> usize {
    cell_of(band, cells.trailing_zeros() as usize)
}

/// The band of a cell and its bit within the band.
pub(crate) const fn band_and_bit(cell: usize) -> (usize, BandSet) {
    (cell / 27, 1 << (cell % 27))
}

/// The cells of a band in the columns `columns` (bit `c` for column `c`): the nine bits
/// copied to each of the band's three rows. The three copies do not overlap, so one
/// multiplication makes them.
pub(crate) const fn in_columns(columns: BandSet) -> BandSet {
    columns * (1 | 1 << 9 | 1 << 18)
}

/// The board has no completion: some cell has no candidate or some digit has no place in
/// some unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contradiction;

/// Candidates of a partly filled grid, kept as one cell set per band and digit.
///
/// See the [module documentation](self) for the layout and the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    /// `places[b][d - 1]`: the cells of band `b` where digit `d` may still stand,
    /// including the cells where it has been placed. (Band first, so that the nine digits
    /// of a band, which a placement and the naked-single rule visit together, lie side by
    /// side in memory.)
    places: [[BandSet; 9]; 3],
    /// `seen[b][d - 1]`: what `places[b][d - 1]` was when the band rule last finished with
    /// it. Wherever the two differ, something changed and the band rule must look again.
    seen: [[BandSet; 9]; 3],
    /// The cells of each band whose digit is not decided yet.
    open: [BandSet; 3],
    /// Bit `d - 1`: the places of digit `d` changed since the column rule last looked.
    columns_to_check: u16,
    /// The open cells of each band with exactly two candidates, as the naked-single rule
    /// last counted them; current when `propagated` is.
    two_candidates: [BandSet; 3],
    /// Whether nothing changed since the last successful propagation, so that
    /// `two_candidates` is current and the search can branch without counting again.
    propagated: bool,
    /// How much of rule 4, the mini-line rule, propagation runs (see
    /// [`Board::use_mini_lines`]).
    mini_lines: MiniLineRule,
    /// `mini_rows[b][d - 1]`: the mini-rows of band `b` where digit `d` can still go, as
    /// the band rule last left them (bit `3 × row + stack`); current when `propagated` is.
    mini_rows: [[u16; 9]; 3],
    /// `column_bands[d - 1]`: the columns where digit `d` has places, band by band, as the
    /// column rules last counted them (bit `9 × band + column`); current when
    /// `propagated` is.
    column_bands: [u32; 9],
    /// The mini-rows (bit `9 × band + 3 × row + stack`) and the mini-columns (bit
    /// `9 × band + column`) that rule 4 has already filled. A mini-line stays filled along
    /// a branch, so each is filled once.
    filled_rows: u32,
    filled_columns: u32,
    /// How many digits rule 4 last found open in each band (`0..3`) and stack (`3..6`):
    /// not yet confined to one mini-row in each row of the band (one band in each column
    /// of the stack). The search on lines branches where the fewest are open.
    open_digits: [u8; 6],
    /// Whether naked singles and rule 4 count everything at each call, or only what
    /// changed since they last counted (see [`Board::use_recount`]).
    recount: Recount,
    /// Bit `b`: some place in band `b` changed since naked singles last counted the band.
    bands_to_count: u8,
    /// Bit `d - 1`: the mini-rows or columns of digit `d` changed since rule 4 last noted
    /// what they confine.
    digits_to_note: u16,
    /// What rule 4 last noted for each digit: the mini-rows it is confined to (bit
    /// `9 × band + 3 × row + stack`), the mini-columns (bit `9 × band + column`), and the
    /// lines where it is open (five bits per line, band or stack `l` at bit `5 × l`, so
    /// that adding the nine digits' words counts each line's open digits).
    confined_rows: [u32; 9],
    confined_columns: [u32; 9],
    open_lines: [u32; 9],
}

impl Default for Board {
    fn default() -> Self {
        Self::new()
    }
}

impl Board {
    /// The empty grid: every digit may go anywhere.
    ///
    /// ```
    /// let board = common::board::Board::new();
    /// assert_eq!(board.candidates(0), common::ALL_DIGITS);
    /// ```
    pub fn new() -> Board {
        Board {
            places: [[ALL_BAND; 9]; 3],
            seen: [[ALL_BAND; 9]; 3],
            open: [ALL_BAND; 3],
            columns_to_check: 0,
            two_candidates: [0; 3],
            propagated: false,
            mini_lines: MiniLineRule::Off,
            mini_rows: [[0o777; 9]; 3],
            column_bands: [ALL_BAND; 9],
            filled_rows: 0,
            filled_columns: 0,
            open_digits: [9; 6],
            recount: Recount::Everything,
            bands_to_count: 0b111,
            digits_to_note: ALL_DIGITS,
            confined_rows: [0; 9],
            confined_columns: [0; 9],
            open_lines: [0; 9],
        }
    }

    /// A board with the given digits placed (0 = empty, each entry 0 to 9), before any
    /// propagation.
    ///
    /// Fails when two givens clash, i.e. the same digit twice in a unit.
    ///
    /// ```
    /// use common::board::Board;
    /// let mut grid = [0u8; 81];
    /// grid[0] = 7;
    /// let board = Board::from_grid(&grid).unwrap();
    /// assert_eq!(board.candidates(1) & common::digit_bit(7), 0);
    /// grid[80] = 7;
    /// grid[8] = 7; // same row as cell 0
    /// assert!(Board::from_grid(&grid).is_err());
    /// ```
    pub fn from_grid(grid: &[u8; N_CELLS]) -> Result<Board, Contradiction> {
        // All givens at once, band by band, and without a branch per cell: whether a cell
        // is given is as hard for the processor to guess as a coin toss. Each cell works
        // on the slot of its digit in tables indexed by digit, whose slot 0 collects the
        // empty cells. A given cell leaves its digit's places in its row and box (its peers
        // in the band); then each digit leaves the columns of its givens in the other bands.
        let mut board = Board::new();
        let mut givens = [[0; 10]; 3];
        let mut columns = [0; 10]; // of each digit's givens, bit `9 × band + column`
        for band in 0..3 {
            let mut places = [ALL_BAND; 10];
            for cell_in_band in 0..27 {
                let digit = grid[cell_of(band, cell_in_band)] as usize;
                givens[band][digit] |= 1 << cell_in_band;
                places[digit] &= !PEERS_IN_BAND[cell_in_band];
            }
            let empty = givens[band][0];
            board.open[band] = empty;
            for digit in 1..10 {
                let given = givens[band][digit];
                // The digit keeps its givens and the empty cells, less its givens' peers.
                board.places[band][digit - 1] = places[digit] & (empty | given);
                columns[digit] |= ((given | given >> 9 | given >> 18) & ROW_CELLS) << (9 * band);
            }
        }
        // Two givens of one digit in one unit clear each other.
        let mut clash = 0;
        for band in 0..3 {
            let [next, after_next] = OTHER_BANDS[band];
            for digit in 1..10 {
                let elsewhere =
                    (columns[digit] >> (9 * next) | columns[digit] >> (9 * after_next)) & ROW_CELLS;
                board.places[band][digit - 1] &= !in_columns(elsewhere);
                clash |= givens[band][digit] & !board.places[band][digit - 1];
            }
        }
        if clash != 0 {
            return Err(Contradiction);
        }
        Ok(board)
    }

    /// The candidate mask of `cell`: bit `d - 1` is set when digit `d` may go there.
    ///
    /// ```
    /// let mut board = common::board::Board::new();
    /// board.place(0, 3).unwrap();
    /// assert_eq!(board.candidates(0), 0b100);
    /// assert_eq!(board.candidates(1), common::ALL_DIGITS & !0b100);
    /// ```
    #[inline]
    pub fn candidates(&self, cell: usize) -> u16 {
        let (band, bit) = band_and_bit(cell);
        let mut mask = 0;
        for (index, &places) in self.places[band].iter().enumerate() {
            mask |= ((places & bit != 0) as u16) << index;
        }
        mask
    }

    /// How many open peers of `cell` may still take `digit`: the places that putting
    /// `digit` in `cell` would take from it.
    ///
    /// ```
    /// let mut board = common::board::Board::new();
    /// assert_eq!(board.open_places_among_peers(0, 5), 20);
    /// board.place(80, 5).unwrap(); // column 9 and row 9: cells 8 and 72 lose the 5
    /// assert_eq!(board.open_places_among_peers(0, 5), 18);
    /// ```
    #[inline]
    pub fn open_places_among_peers(&self, cell: usize, digit: u8) -> u32 {
        let index = digit as usize - 1;
        let open_places = |band: usize| self.places[band][index] & self.open[band];
        let band = cell / 27;
        let [next, after_next] = OTHER_BANDS[band];
        let elsewhere = [open_places(next), open_places(after_next)];
        count_among_peers(open_places(band), elsewhere, cell % 27)
    }

    /// The cells where `digit` may still stand (including where it is placed).
    ///
    /// ```
    /// let board = common::board::Board::new();
    /// assert_eq!(board.places(5), common::ALL_CELLS);
    /// ```
    pub fn places(&self, digit: u8) -> CellSet {
        join_bands(self.digit_places(digit as usize - 1))
    }

    /// The places of digit `index + 1` in each of the three bands.
    fn digit_places(&self, index: usize) -> [BandSet; 3] {
        [
            self.places[0][index],
            self.places[1][index],
            self.places[2][index],
        ]
    }

    /// The cells whose digit is decided.
    ///
    /// ```
    /// let mut board = common::board::Board::new();
    /// board.place(10, 4).unwrap();
    /// assert_eq!(board.solved_cells(), common::cell_bit(10));
    /// ```
    pub fn solved_cells(&self) -> CellSet {
        ALL_CELLS & !join_bands(self.open)
    }

    /// Whether every cell is decided. After a successful [`propagate`](Self::propagate) a
    /// complete board is a valid solution.
    ///
    /// ```
    /// assert!(!common::board::Board::new().is_complete());
    /// ```
    pub fn is_complete(&self) -> bool {
        self.open == [0; 3]
    }

    /// The grid of decided digits, 0 where a cell is still open.
    ///
    /// ```
    /// let mut board = common::board::Board::new();
    /// board.place(2, 9).unwrap();
    /// assert_eq!(board.to_grid()[2], 9);
    /// assert_eq!(board.to_grid()[3], 0);
    /// ```
    pub fn to_grid(&self) -> [u8; N_CELLS] {
        let mut grid = [0; N_CELLS];
        for band in 0..3 {
            let decided = ALL_BAND & !self.open[band];
            for index in 0..9 {
                let mut cells = self.places[band][index] & decided;
                while cells != 0 {
                    grid[first_cell(band, cells)] = index as u8 + 1;
                    cells &= cells - 1;
                }
            }
        }
        grid
    }

    /// Decides that `digit` stands in `cell`.
    ///
    /// The cell leaves the places of every other digit; in the cell's band, its row and box
    /// leave the places of `digit`, and in the other two bands its column does. Fails if
    /// `digit` was no longer a candidate there. Placing the digit that a decided cell
    /// already holds succeeds and changes nothing. Does not propagate; call
    /// [`propagate`](Self::propagate) afterwards.
    ///
    /// ```
    /// let mut board = common::board::Board::new();
    /// board.place(0, 1).unwrap();
    /// assert!(board.place(1, 1).is_err()); // cell 1 is a peer of cell 0
    /// assert!(board.place(0, 1).is_ok()); // already there
    /// ```
    pub fn place(&mut self, cell: usize, digit: u8) -> Result<(), Contradiction> {
        self.propagated = false;
        let (band, bit) = band_and_bit(cell);
        let index = digit as usize - 1;
        if self.places[band][index] & bit == 0 {
            return Err(Contradiction);
        }
        if self.open[band] & bit == 0 {
            return Ok(()); // decided already, and `digit` is its only candidate
        }
        // Every digit loses the cell, then `digit` gets it back.
        for places in self.places[band].iter_mut() {
            *places &= !bit;
        }
        self.places[band][index] |= bit;
        self.settle(band, index, bit);
        Ok(())
    }

    /// Decides that digit `index + 1` stands in the cells `cells` of `band`, which no other
    /// digit holds any more: they are no longer open, and the digit leaves their rows and
    /// boxes in the band and their columns in the other bands.
    fn settle(&mut self, band: usize, index: usize, cells: BandSet) {
        self.open[band] &= !cells;
        let mut peers = 0;
        let mut remaining = cells;
        while remaining != 0 {
            peers |= PEERS_IN_BAND[remaining.trailing_zeros() as usize];
            remaining &= remaining - 1;
        }
        self.places[band][index] &= !peers;
        self.clear_columns_elsewhere(band, index, cells);
    }

    /// Removes digit `index + 1` from the columns of `cells` in the bands other than
    /// `band`.
    fn clear_columns_elsewhere(&mut self, band: usize, index: usize, cells: BandSet) {
        let columns = (cells | cells >> 9 | cells >> 18) & ROW_CELLS;
        let [next, after_next] = OTHER_BANDS[band];
        self.places[next][index] &= !in_columns(columns);
        self.places[after_next][index] &= !in_columns(columns);
    }

    /// Removes `digit` from the candidates of `cell`, which must be open: the rules check
    /// open cells for an empty candidate mask, so a decided cell must never lose its digit.
    ///
    /// ```
    /// let mut board = common::board::Board::new();
    /// board.eliminate(0, 1);
    /// assert_eq!(board.candidates(0), common::ALL_DIGITS & !1);
    /// ```
    pub fn eliminate(&mut self, cell: usize, digit: u8) {
        self.propagated = false;
        let (band, bit) = band_and_bit(cell);
        self.places[band][digit as usize - 1] &= !bit;
    }

    /// Applies the rules of the [module documentation](self) until none finds anything.
    ///
    /// Returns [`Contradiction`] when the board turns out to have no completion. The
    /// completions of the board are unchanged, so this is safe inside any search.
    ///
    /// ```
    /// use common::board::Board;
    /// // Row 1 holds 1..8 in its first eight cells: the 9 must go in the last one.
    /// let mut grid = [0u8; 81];
    /// for column in 0..8 {
    ///     grid[column] = column as u8 + 1;
    /// }
    /// let mut board = Board::from_grid(&grid).unwrap();
    /// board.propagate().unwrap();
    /// assert_eq!(board.to_grid()[8], 9);
    /// ```
    pub fn propagate(&mut self) -> Result<(), Contradiction> {
        self.propagate_observed(&mut ())
    }

    /// [`propagate`](Self::propagate), telling `observer` each digit it places and why,
    /// and the contradiction it finds, if any.
    ///
    /// ```
    /// use common::observe::{Reason, SearchObserver};
    /// struct Log(Vec<(usize, u8, Reason)>);
    /// impl SearchObserver for Log {
    ///     fn deduced(&mut self, cell: usize, digit: u8, reason: Reason) {
    ///         self.0.push((cell, digit, reason));
    ///     }
    /// }
    /// let mut grid = [0u8; 81];
    /// for column in 0..8 {
    ///     grid[column] = column as u8 + 1;
    /// }
    /// let mut board = common::board::Board::from_grid(&grid).unwrap();
    /// let mut log = Log(Vec::new());
    /// board.propagate_observed(&mut log).unwrap();
    /// // The 9 of row 1 is its row's only place for 9: a hidden single in unit 0 (row 1).
    /// assert_eq!(log.0, [(8, 9, Reason::HiddenSingle { unit: 0 })]);
    /// ```
    pub fn propagate_observed(
        &mut self,
        observer: &mut impl SearchObserver,
    ) -> Result<(), Contradiction> {
        loop {
            // Rule 1, the band rule, on every digit-band that changed, until none did.
            let mut swept = 0;
            loop {
                let mut changed = self.changed_words();
                if changed == 0 {
                    break;
                }
                swept |= changed;
                // The column rules and rule 4 will look at the digits whose places changed,
                // noted once per sweep (noting them in each call of the band rule cost 2% in
                // time), and naked singles at the bands (below).
                let digits = (changed | changed >> 9 | changed >> 18) as u16 & ALL_DIGITS;
                self.columns_to_check |= digits;
                self.digits_to_note |= digits;
                while changed != 0 {
                    let word = changed.trailing_zeros() as usize;
                    changed &= changed - 1;
                    self.apply_band_rule(word / 9, word % 9, observer)?;
                }
            }
            // Every change to the places passes through a sweep, so the bands of the words
            // swept are those where naked singles may find something new.
            self.bands_to_count |= (swept & ROW_CELLS != 0) as u8
                | ((swept >> 9 & ROW_CELLS != 0) as u8) << 1
                | ((swept >> 18 != 0) as u8) << 2;
            // Rule 2, naked singles.
            if self.place_naked_singles(observer)? {
                continue;
            }
            // Rule 3, the column rules, for the digits that changed.
            if self.apply_column_rules(observer)? {
                continue;
            }
            // Rule 4, the mini-line rule, when the search asked for it and some cell is
            // open; it is dearer than the others, so it runs when they have nothing left.
            if self.mini_lines == MiniLineRule::Off
                || self.is_complete()
                || !self.fill_mini_lines(observer)?
            {
                self.propagated = true;
                return Ok(());
            }
        }
    }

    /// The digit-bands whose places changed since the band rule last saw them: bit
    /// `9 × band + index`. All 27 words are compared without a branch, and the sweep then
    /// visits only the set bits.
    fn changed_words(&self) -> u32 {
        // One word at a time, the last first, each result shifted in: compared four at a
        // time (as the compiler does with `|=`), the loads wait on the band rule's stores.
        let mut changed = 0;
        for band in (0..3).rev() {
            for index in (0..9).rev() {
                let differs = self.places[band][index] != self.seen[band][index];
                changed = changed << 1 | differs as u32;
            }
        }
        changed
    }

    /// Rule 1 for digit `index + 1` in `band`: clears the mini-rows that no row-to-box
    /// permutation can use and the columns locked in a box, then settles the hidden
    /// singles of the band's rows and boxes.
    fn apply_band_rule(
        &mut self,
        band: usize,
        index: usize,
        observer: &mut impl SearchObserver,
    ) -> Result<(), Contradiction> {
        let places = self.places[band][index];
        // The mini-rows where the digit can still go, three bits per row. (The masks with
        // `ROW_CELLS` and `0x1ff` change nothing; they let the compiler drop bounds checks.)
        let pattern = STACKS_OF_ROW[(places & ROW_CELLS) as usize]
            | STACKS_OF_ROW[((places >> 9) & ROW_CELLS) as usize] << 3
            | STACKS_OF_ROW[((places >> 18) & ROW_CELLS) as usize] << 6;
        let usable_cells = BAND_RULE_CELLS[pattern as usize & 0x1ff];
        if usable_cells == 0 {
            // No row-to-box permutation: say which row or box has no place, if one hasn't.
            observer.contradiction(band_conflict(band, index, pattern));
            return Err(Contradiction);
        }
        let places = places & usable_cells;
        self.seen[band][index] = places; // stored in `places` below
        self.mini_rows[band][index] = BAND_RULE[pattern as usize & 0x1ff];

        // Hidden singles: a row of the band with one place, not yet decided. After the
        // band rule a row has one place exactly when the box of that place has one: the
        // row and the box are then tied to each other in every permutation, so the rule
        // has cleared the rest of both. So rows alone find the singles of rows and boxes,
        // and the rule has already cleared their rows and boxes of the digit.
        let open = self.open[band];
        let singles = (single_or_empty(places & ROW_CELLS)
            | single_or_empty(places & ROW_CELLS << 9)
            | single_or_empty(places & ROW_CELLS << 18))
            & open;

        // Locked candidates along columns: where the digit's open places in a box of this
        // band lie in one column, the digit is in that column here, so not elsewhere.
        // (Boxes where the digit is placed have no open places.) A hidden single is the
        // only place of its box, so its column is among these: one clear covers both.
        let open_places = places & open;
        let columns = (open_places | open_places >> 9 | open_places >> 18) & ROW_CELLS;
        let locked = LOCKED_COLUMNS[columns as usize] as BandSet;

        // The other digits leave the singles' cells (and this digit's places become what
        // the rule kept). This runs whether or not there are singles (when there are none,
        // `singles` is 0 and it changes nothing): about half the calls find one, a branch
        // the processor guesses wrong so often that skipping the ten `&`s costs more than
        // it saves.
        if observer.is_watching() && singles != 0 {
            report_hidden_singles(observer, band, index, places, singles);
        }
        self.open[band] &= !singles;
        for other in self.places[band].iter_mut() {
            *other &= !singles;
        }
        // The locked columns leave the digit in the other two bands; clearing all three
        // spares looking the other two up, as this band's word is stored whole next. After
        // the `&`s above, whose wide loads would otherwise wait on this narrow store.
        for band_places in self.places.iter_mut() {
            band_places[index] &= !in_columns(locked);
        }
        self.places[band][index] = places;
        Ok(())
    }

    /// Rule 3, for each digit whose places changed: places the digit in every column
    /// where one open place is left, and clears the rest of a box from the digit where a
    /// column's places all lie in that box. Returns whether it changed anything.
    fn apply_column_rules(
        &mut self,
        observer: &mut impl SearchObserver,
    ) -> Result<bool, Contradiction> {
        let mut changed_any = false;
        while self.columns_to_check != 0 {
            let index = self.columns_to_check.trailing_zeros() as usize;
            self.columns_to_check &= self.columns_to_check - 1;
            let ColumnCounts {
                in_band,
                at_least_one,
                at_least_two,
            } = count_in_columns(self.digit_places(index));
            if at_least_one != ROW_CELLS {
                // A column with no place for the digit.
                let column = (!at_least_one & ROW_CELLS).trailing_zeros() as usize;
                let (digit, unit) = (index as u8 + 1, 9 + column);
                observer.contradiction(Conflict::NoPlaceInUnit { digit, unit });
                return Err(Contradiction);
            }
            self.column_bands[index] = in_band[0] | in_band[1] << 9 | in_band[2] << 18;
            // Claiming along columns: the columns with places in one band only.
            let [first, second, third] = in_band;
            let in_two_bands = (first & second) | (first & third) | (second & third);
            for band in 0..3 {
                let only_here = in_band[band] & !in_two_bands;
                let cleared = CLAIMED_BOX_CELLS[only_here as usize] & self.places[band][index];
                self.places[band][index] &= !cleared;
                changed_any |= cleared != 0;
            }
            let single_columns = at_least_one & !at_least_two;
            let single_cells = in_columns(single_columns);
            for band in 0..3 {
                let mut cells = self.places[band][index] & single_cells & self.open[band];
                while cells != 0 {
                    let cell = first_cell(band, cells);
                    cells &= cells - 1;
                    let reason = Reason::HiddenSingle { unit: 9 + cell % 9 };
                    observer.deduced(cell, index as u8 + 1, reason);
                    self.place(cell, index as u8 + 1)?;
                    changed_any = true;
                }
            }
        }
        Ok(changed_any)
    }

    /// Rule 2: every open cell with one candidate takes it. It counts the candidates of all
    /// three bands, or, on a board that counts again only what changed
    /// ([`Recount::Changes`]), of the bands where a place changed since its last pass: in
    /// the others the candidates, and the two-candidate cells it kept, are as they were.
    /// Returns whether it placed anything.
    fn place_naked_singles(
        &mut self,
        observer: &mut impl SearchObserver,
    ) -> Result<bool, Contradiction> {
        let mut placed_any = false;
        let mut bands = match self.recount {
            Recount::Everything => 0b111,
            Recount::Changes => self.bands_to_count,
        };
        self.bands_to_count = 0;
        while bands != 0 {
            let band = bands.trailing_zeros() as usize;
            bands &= bands - 1;
            let (at_least_one, at_least_two, at_least_three) = self.candidate_counts(band);
            let open = self.open[band];
            if open & !at_least_one != 0 {
                // An open cell with no candidate.
                let cell = first_cell(band, open & !at_least_one);
                observer.contradiction(Conflict::EmptyCell { cell });
                return Err(Contradiction);
            }
            self.two_candidates[band] = open & at_least_two & !at_least_three;
            let singles = open & !at_least_two;
            if singles == 0 {
                continue;
            }
            // Take the singles digit by digit; a single holds no other digit. The digits
            // with singles are found first, without a branch, and only they are visited:
            // testing each of the nine was a branch the processor often guessed wrong.
            let mut digits = 0u32;
            for index in (0..9).rev() {
                digits = digits << 1 | (singles & self.places[band][index] != 0) as u32;
            }
            while digits != 0 {
                let index = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                let cells = singles & self.places[band][index];
                if observer.is_watching() {
                    for cell in crate::cells(cells as CellSet) {
                        let digit = index as u8 + 1;
                        observer.deduced(cell_of(band, cell), digit, Reason::NakedSingle);
                    }
                }
                self.settle(band, index, cells);
                // Two singles of one digit in one row or box clear each other.
                if self.places[band][index] & cells != cells {
                    let cell = first_cell(band, cells & !self.places[band][index]);
                    observer.contradiction(Conflict::EmptyCell { cell });
                    return Err(Contradiction);
                }
                placed_any = true;
            }
            // The singles left their columns in the other bands: the bands after this one
            // are counted in this pass, as a pass over all three would count them.
            bands |= (0b111 << (band + 1)) & 0b111;
        }
        Ok(placed_any)
    }

    /// Rule 4 for every band and stack: three digits confined to a mini-row fill it, so the
    /// other digits leave its cells; the same for a mini-column. On a board that asks for
    /// the second part, three digits that alone can go in a mini-line also leave the rest
    /// of its row (column) and box. Returns whether it removed anything. It reads the
    /// mini-rows that the band rule left and the columns that the column rules counted, and
    /// notes, for [`Board::line_branch`], how many digits each band and stack has open.
    fn fill_mini_lines(
        &mut self,
        observer: &mut impl SearchObserver,
    ) -> Result<bool, Contradiction> {
        // For each digit whose mini-rows or columns changed since the last call (each
        // digit, on a board that counts everything), the mini-rows it is confined to (bit
        // `9 × band + 3 × row + stack`), the mini-columns (bit `9 × band + column`) and the
        // lines where it is open, kept in the board. Then, over the nine digits, how many
        // are confined to each mini-line and how many are open in each line; and, in a
        // loop of its own, how many can go in each mini-line at all.
        let mut digits = match self.recount {
            Recount::Everything => ALL_DIGITS,
            Recount::Changes => self.digits_to_note,
        };
        self.digits_to_note = 0;
        while digits != 0 {
            let index = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            let mut rows = 0;
            let mut open = 0;
            for band in 0..3 {
                let mini_rows = self.mini_rows[band][index];
                let alone = ALONE_IN_ROW[mini_rows as usize & 0o777];
                rows |= (alone as u32) << (9 * band);
                open |= ((alone != mini_rows) as u32) << (5 * band);
            }
            self.confined_rows[index] = rows;

            let bands = self.column_bands[index];
            let (first, second, third) = (bands & ROW_CELLS, bands >> 9 & ROW_CELLS, bands >> 18);
            let in_two_bands = first & second | third & (first | second);
            self.confined_columns[index] = bands & !(in_two_bands * (1 | 1 << 9 | 1 << 18));
            // The stacks where it is open (bits 0, 3, 6), as lines 3 to 5 (bits 15, 20, 25).
            let stacks = (in_two_bands | in_two_bands >> 1 | in_two_bands >> 2) & 0b001_001_001;
            open |= (stacks & 1) << 15 | (stacks & 8) << 17 | (stacks & 64) << 19;
            self.open_lines[index] = open;
        }
        let (mut row_tally, mut column_tally) = (Tally::default(), Tally::default());
        let mut open_by_line = 0;
        for index in 0..9 {
            row_tally.add(self.confined_rows[index]);
            column_tally.add(self.confined_columns[index]);
            open_by_line += self.open_lines[index];
        }
        for line in 0..6 {
            self.open_digits[line] = (open_by_line >> (5 * line)) as u8 & 0b1_1111;
        }

        let (full_rows, crowded) = row_tally.three_and_more();
        if crowded != 0 {
            let bit = crowded.trailing_zeros() as usize;
            let (band, mini_row) = (bit / 9, bit % 9);
            report_crowded(
                observer,
                cell_of(band, 9 * (mini_row / 3) + 3 * (mini_row % 3)),
                1,
            );
            return Err(Contradiction);
        }
        let (full_columns, crowded) = column_tally.three_and_more();
        if crowded != 0 {
            let bit = crowded.trailing_zeros() as usize;
            report_crowded(observer, cell_of(bit / 9, bit % 9), 9);
            return Err(Contradiction);
        }
        // The second part: where only three digits can go, they go (rung 12), unless all
        // three are confined there already: then the band rule and the column rules have
        // cleared them from the rest of the mini-line's row or column and box.
        let mut changed = false;
        if self.mini_lines == MiniLineRule::ConfinedAndOnlyThree {
            let (possible_rows, possible_columns) = self.count_possible_mini_lines();
            let only_rows = possible_rows.three_and_more().0 & !full_rows;
            let only_columns = possible_columns.three_and_more().0 & !full_columns;
            if only_rows | only_columns != 0 {
                changed = self.keep_in_mini_lines(only_rows, only_columns);
            }
        }
        let full_rows = full_rows & !self.filled_rows;
        let full_columns = full_columns & !self.filled_columns;
        if full_rows | full_columns == 0 {
            return Ok(changed);
        }
        self.filled_rows |= full_rows;
        self.filled_columns |= full_columns;
        // The other digits leave the cells of the mini-lines just filled.
        for band in 0..3 {
            if full_rows >> (9 * band) & 0o777 == 0 {
                continue;
            }
            for (index, places) in self.places[band].iter_mut().enumerate() {
                let rows = full_rows & !self.confined_rows[index];
                let cells = MINI_ROW_CELLS[(rows >> (9 * band)) as usize & 0o777];
                changed |= *places & cells != 0;
                *places &= !cells;
            }
        }
        if full_columns != 0 {
            for index in 0..9 {
                let columns = full_columns & !self.confined_columns[index];
                for band in 0..3 {
                    let cells = in_columns(columns >> (9 * band) & ROW_CELLS);
                    changed |= self.places[band][index] & cells != 0;
                    self.places[band][index] &= !cells;
                }
            }
        }
        Ok(changed)
    }

    /// For each mini-row (bit `9 × band + 3 × row + stack`) and each mini-column (bit
    /// `9 × band + column`), how many digits can go there, counted over the nine digits.
    fn count_possible_mini_lines(&self) -> (Tally, Tally) {
        let (mut rows, mut columns) = (Tally::default(), Tally::default());
        for index in 0..9 {
            rows.add(self.possible_mini_rows(index));
            columns.add(self.column_bands[index]);
        }
        (rows, columns)
    }

    /// The mini-rows where digit `index + 1` can go, in all three bands (bit `9 × band +
    /// 3 × row + stack`), as the band rule last left them.
    fn possible_mini_rows(&self, index: usize) -> u32 {
        self.mini_rows[0][index] as u32
            | (self.mini_rows[1][index] as u32) << 9
            | (self.mini_rows[2][index] as u32) << 18
    }

    /// Each digit that can go in one of the mini-rows `rows` (bit `9 × band + 3 × row +
    /// stack`) or mini-columns `columns` (bit `9 × band + column`), each a mini-line where
    /// only three digits can go, goes there: it leaves the rest of the mini-line's row or
    /// column, and the rest of its box. Returns whether any place was removed.
    fn keep_in_mini_lines(&mut self, rows: u32, columns: u32) -> bool {
        let mut changed = false;
        // The digits that can go in one of them: for the others there is nothing to clear.
        let mut digits = 0u16;
        for index in 0..9 {
            let kept = self.possible_mini_rows(index) & rows | self.column_bands[index] & columns;
            digits |= ((kept != 0) as u16) << index;
        }
        while digits != 0 {
            let index = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            // The digit's mini-columns among them, and their columns, whatever the band.
            let kept_columns = self.column_bands[index] & columns;
            let in_any_band = (kept_columns | kept_columns >> 9 | kept_columns >> 18) & ROW_CELLS;
            for band in 0..3 {
                let kept_rows = self.mini_rows[band][index] & (rows >> (9 * band)) as u16 & 0o777;
                let own_columns = kept_columns >> (9 * band) & ROW_CELLS;
                let stacks = (own_columns | own_columns >> 1 | own_columns >> 2) & 0b001_001_001;
                // The other columns of their boxes here, and their columns in other bands.
                let other_columns = ((stacks * 0b111) | in_any_band) & !own_columns;
                let cells =
                    MINI_ROW_CELLS[mini_row_mates(kept_rows) as usize] | in_columns(other_columns);
                changed |= self.places[band][index] & cells != 0;
                self.places[band][index] &= !cells;
            }
        }
        changed
    }

    /// Turns on rule 4, the mini-line rule, as far as `rule` says, for this board and the
    /// copies made from it, from its next propagation on; the search on lines
    /// ([`Board::line_branch`]) needs it.
    ///
    /// ```
    /// use common::board::{Board, LineChoice, MiniLineRule};
    /// let mut board = Board::new();
    /// board.use_mini_lines(MiniLineRule::Confined);
    /// board.propagate().unwrap();
    /// assert!(board.line_branch(LineChoice::Permutations).is_none()); // no cell decided yet
    /// ```
    pub fn use_mini_lines(&mut self, rule: MiniLineRule) {
        self.mini_lines = rule;
        self.propagated = false;
    }

    /// Sets what naked singles and rule 4 count at each call, for this board and the copies
    /// made from it. With [`Recount::Changes`], the naked-single rule counts the
    /// candidates of the bands where a place changed since it last counted, and rule 4
    /// notes again what the digits whose mini-rows or columns changed are confined to; the
    /// rest is as they left it. The rules find exactly what they find with
    /// [`Recount::Everything`], the default.
    ///
    /// ```
    /// use common::board::{Board, Recount};
    /// let grid = [0u8; 81];
    /// let mut everything = Board::from_grid(&grid).unwrap();
    /// let mut changes = everything;
    /// changes.use_recount(Recount::Changes);
    /// everything.place(0, 5).unwrap();
    /// changes.place(0, 5).unwrap();
    /// everything.propagate().unwrap();
    /// changes.propagate().unwrap();
    /// assert_eq!(everything.to_grid(), changes.to_grid());
    /// ```
    pub fn use_recount(&mut self, recount: Recount) {
        self.recount = recount;
    }

    /// Where the search on lines branches: the band or stack that `choice` picks, and
    /// there the digit with two permutations left, else three, else the lowest open one.
    /// `None` when every cell is decided, when fewer than [`DECIDED_FOR_LINES`] cells are,
    /// or when no digit is open anywhere; the open cells then need
    /// [`Board::most_constrained_cell`]. Needs rule 4 ([`Board::use_mini_lines`]) and a
    /// propagated board.
    pub fn line_branch(&self, choice: LineChoice) -> Option<LineBranch> {
        debug_assert!(self.mini_lines != MiniLineRule::Off && self.propagated);
        let open_cells: u32 = self.open.iter().map(|band| band.count_ones()).sum();
        if open_cells == 0 || N_CELLS as u32 - open_cells < DECIDED_FOR_LINES {
            return None;
        }
        // The line with the fewest open digits, the first on a tie.
        let mut best = None;
        for (line, &open) in self.open_digits.iter().enumerate() {
            if open != 0 && best.map_or(true, |(_, fewest)| open < fewest) {
                best = Some((line, open));
            }
        }
        let (mut line, fewest_open) = best?;
        if choice == LineChoice::Permutations && fewest_open >= WIDE_OPEN {
            // Every line is wide open: the one with the fewest permutations in all.
            let mut fewest = u32::MAX;
            for (other, &open) in self.open_digits.iter().enumerate() {
                if open == 0 {
                    continue;
                }
                let permutations = self.permutations_in_line(other);
                if permutations < fewest {
                    line = other;
                    fewest = permutations;
                }
            }
        }
        // The digit of the lowest rank, the lowest on a tie.
        let mut fewest = (SETTLED, 0);
        for index in 0..9 {
            let rank = BRANCH_RANK[self.line_pattern(line, index) as usize];
            if rank < fewest.0 {
                fewest = (rank, index);
            }
        }
        let (rank, index) = fewest;
        if rank == SETTLED {
            return None;
        }
        Some(LineBranch {
            line,
            digit: index as u8 + 1,
            permutations: PERMUTATIONS_INSIDE[self.line_pattern(line, index) as usize],
        })
    }

    /// The permutations left in `line`, added over its nine digits (a settled digit has
    /// one): the configurations by which tdoku chooses its band.
    fn permutations_in_line(&self, line: usize) -> u32 {
        (0..9)
            .map(|index| PERMUTATIONS_INSIDE[self.line_pattern(line, index) as usize].count_ones())
            .sum()
    }

    /// The mini-lines of digit `index + 1` in a band (`line < 3`; bit `3 × row + stack`)
    /// or in stack `line - 3`, read like a band with its bands for rows and its columns for
    /// boxes (bit `3 × band + column within the stack`).
    fn line_pattern(&self, line: usize, index: usize) -> u16 {
        if line < 3 {
            self.mini_rows[line][index]
        } else {
            let columns = self.column_bands[index] >> (3 * (line - 3));
            (columns & 0b111 | (columns >> 6) & 0b111_000 | (columns >> 12) & 0b111_000_000) as u16
        }
    }

    /// Cuts the places of `branch`'s digit in its line to those of permutation `k`: in a
    /// band, row `r` keeps its places in the box of stack `PERMUTATIONS[k][r]`; in a stack,
    /// band `b` keeps those in column `PERMUTATIONS[k][b]` of the stack.
    pub fn confine(&mut self, branch: &LineBranch, k: usize) {
        self.propagated = false;
        let index = branch.digit as usize - 1;
        if branch.line < 3 {
            let mut cells = 0;
            for row in 0..3 {
                cells |= 0b111 << (9 * row + 3 * PERMUTATIONS[k][row]);
            }
            self.places[branch.line][index] &= cells;
        } else {
            let stack = branch.line - 3;
            for band in 0..3 {
                let others = 0b111 << (3 * stack) & !(1 << (3 * stack + PERMUTATIONS[k][band]));
                self.places[band][index] &= !in_columns(others);
            }
        }
    }

    /// Guess `tried_before + 1` of a search on `branch`, made on a copy of the board as a
    /// guess on a cell is: cuts the digit's places to permutation `k` ([`Board::confine`];
    /// propagation follows), after telling `observer` with a note naming the mini-lines
    /// and then the guess (which places no digit).
    pub fn guess_on_line(
        &mut self,
        branch: &LineBranch,
        k: usize,
        tried_before: usize,
        observer: &mut impl SearchObserver,
    ) {
        observer.remark(|| describe_confinement(branch, k));
        let ways = branch.permutations.count_ones();
        let attempt = tried_before as u32 + 1;
        observer.guess_at(&[], Branch { ways, attempt });
        self.confine(branch, k);
    }

    /// The open cell with the fewest candidates, or `None` when the board is complete.
    /// Searches branch here: "minimum remaining values" (MRV). Among cells with two
    /// candidates it takes the one with the most open peers (the lowest such cell on a
    /// tie): deciding it removes a candidate from the most undecided cells, which halves
    /// the search tree of hard puzzles against taking the lowest. Among cells with more
    /// candidates it takes the lowest.
    ///
    /// ```
    /// let mut board = common::board::Board::new();
    /// for digit in 1..=7 {
    ///     board.eliminate(40, digit);
    /// }
    /// assert_eq!(board.most_constrained_cell(), Some(40));
    /// ```
    pub fn most_constrained_cell(&self) -> Option<usize> {
        // A cell with two candidates is the best a propagated board can offer.
        // The best cell so far as one number, `128 × open peers + (127 - cell)`: the largest
        // is the one with the most open peers and, among those, the lowest. 0 is none.
        let mut best = 0;
        for band in 0..3 {
            let count = || {
                let (_, at_least_two, at_least_three) = self.candidate_counts(band);
                self.open[band] & at_least_two & !at_least_three
            };
            let mut exactly_two = if self.propagated {
                debug_assert_eq!(self.two_candidates[band], count());
                self.two_candidates[band] // counted by the last propagation
            } else {
                count()
            };
            let [next, after_next] = OTHER_BANDS[band];
            let open_elsewhere = [self.open[next], self.open[after_next]];
            while exactly_two != 0 {
                let cell_in_band = exactly_two.trailing_zeros() as usize;
                exactly_two &= exactly_two - 1;
                let open_peers = count_among_peers(self.open[band], open_elsewhere, cell_in_band);
                let key = 128 * open_peers as usize + 127 - cell_of(band, cell_in_band);
                best = best.max(key);
            }
        }
        if best != 0 {
            return Some(127 - best % 128);
        }
        crate::cells(join_bands(self.open)).min_by_key(|&cell| self.candidates(cell).count_ones())
    }

    /// The cells of `band` having at least one, two and three candidates, computed for all
    /// of them at once: a digit's places that are already in `at_least_one` are a second
    /// sighting, those already in `at_least_two` a third.
    fn candidate_counts(&self, band: usize) -> (BandSet, BandSet, BandSet) {
        let (mut at_least_one, mut at_least_two, mut at_least_three) = (0, 0, 0);
        for &places in &self.places[band] {
            at_least_three |= at_least_two & places;
            at_least_two |= at_least_one & places;
            at_least_one |= places;
        }
        (at_least_one, at_least_two, at_least_three)
    }
}

/// How [`Board::line_branch`] picks its band or stack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineChoice {
    /// The line with the fewest open digits, the first on a tie (the ladder's rung 10).
    OpenDigits,
    /// The same, except while every line has [`WIDE_OPEN`] open digits or more: then the
    /// line with the fewest permutations in all, the first on a tie (rung 11, and both
    /// Sudoku solutions).
    Permutations,
}

/// How much of rule 4, the mini-line rule, a board runs ([`Board::use_mini_lines`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MiniLineRule {
    /// None of it: rungs 8 and below, and p4574's search.
    Off,
    /// Three digits confined to a mini-line fill it (the ladder's rungs 9 to 11).
    Confined,
    /// That, and the three digits that alone can go in a mini-line go there (rungs 12 and
    /// 13, and both Sudoku solutions).
    ConfinedAndOnlyThree,
}

/// What the naked-single rule and rule 4 count at each call ([`Board::use_recount`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Recount {
    /// Every band and every digit (the ladder's rungs 8 to 12).
    Everything,
    /// Only the bands and the digits whose places changed since the rule last counted
    /// them (rung 13, and all three solutions).
    Changes,
}

/// Where the search on lines branches (see [`Board::line_branch`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineBranch {
    /// The band (`0..3`) or, from 3 on, the stack (`3..6`).
    pub line: usize,
    /// The digit whose permutations are tried.
    pub digit: u8,
    /// Its permutations left in the line, bit `k` for permutation `k`: the ways to try,
    /// each by [`Board::confine`].
    pub permutations: u8,
}

impl LineBranch {
    /// The permutations to try, in order: the `k` of each bit of `permutations`.
    pub fn ways(&self) -> impl Iterator<Item = usize> {
        let permutations = self.permutations;
        (0..6).filter(move |k| permutations & 1 << k != 0)
    }
}

/// Permutation `k` of `branch`, in words for a trace: which mini-row of each row (which
/// mini-column of each column) keeps the digit's places, as in "9 in band 2: r4c4-6,
/// r5c1-3, r6c7-9".
fn describe_confinement(branch: &LineBranch, k: usize) -> String {
    let mut parts = Vec::new();
    for (i, &j) in PERMUTATIONS[k].iter().enumerate() {
        parts.push(if branch.line < 3 {
            // Row `i` of the band keeps the box in stack `j`.
            let row = 3 * branch.line + i + 1;
            format!("r{row}c{}-{}", 3 * j + 1, 3 * j + 3)
        } else {
            // Band `i` keeps column `j` of the stack.
            let column = 3 * (branch.line - 3) + j + 1;
            format!("r{}-{}c{column}", 3 * i + 1, 3 * i + 3)
        });
    }
    let (kind, number) = if branch.line < 3 {
        ("band", branch.line + 1)
    } else {
        ("stack", branch.line - 2)
    };
    format!("{} in {kind} {number}: {}", branch.digit, parts.join(", "))
}

/// How many of the words added had each bit set, bit-sliced: `ones` and `twos` hold the
/// count's two low bits, `crowded` every bit counted four times or more.
#[derive(Clone, Copy, Default)]
struct Tally {
    ones: u32,
    twos: u32,
    crowded: u32,
}

impl Tally {
    /// Counts the set bits of `bits`.
    fn add(&mut self, bits: u32) {
        let carry = self.ones & bits;
        self.ones ^= bits;
        self.crowded |= self.twos & carry;
        self.twos ^= carry;
    }

    /// The bits counted exactly three times, and those counted four times or more.
    fn three_and_more(self) -> (u32, u32) {
        (self.ones & self.twos & !self.crowded, self.crowded)
    }
}

/// Tells `observer` that four digits or more are confined to the mini-line that starts
/// at `cell` (and goes on at `cell + step`, `cell + 2 × step`).
fn report_crowded(observer: &mut impl SearchObserver, cell: usize, step: usize) {
    observer.contradiction(Conflict::CrowdedMiniLine {
        cells: [cell, cell + step, cell + 2 * step],
    });
}

/// What the band rule found wrong in `band` with digit `index + 1`, whose mini-row
/// `pattern` has no permutation: a row or box without place, or no arrangement at all.
pub(crate) fn band_conflict(band: usize, index: usize, pattern: u16) -> Conflict {
    let digit = index as u8 + 1;
    for line in 0..3 {
        if pattern & (0b111 << (3 * line)) == 0 {
            return Conflict::NoPlaceInUnit {
                digit,
                unit: 3 * band + line, // row `line` of the band
            };
        }
        if pattern & (0b001_001_001 << line) == 0 {
            return Conflict::NoPlaceInUnit {
                digit,
                unit: 18 + 3 * band + line, // the box in stack `line`
            };
        }
    }
    Conflict::NoArrangementInBand { digit, band }
}

/// Tells `observer` about the hidden singles `singles` in `band` of digit `index + 1`,
/// naming for each the row (or else the box) where it was the only place.
fn report_hidden_singles(
    observer: &mut impl SearchObserver,
    band: usize,
    index: usize,
    places: BandSet,
    singles: BandSet,
) {
    for cell_in_band in crate::cells(singles as CellSet) {
        let bit = 1 << cell_in_band;
        let row_in_band = cell_in_band / 9;
        let row_cells = ROW_CELLS << (9 * row_in_band);
        let unit = if places & row_cells == bit {
            3 * band + row_in_band
        } else {
            18 + 3 * band + (cell_in_band % 9) / 3
        };
        let (cell, digit) = (cell_of(band, cell_in_band), index as u8 + 1);
        observer.deduced(cell, digit, Reason::HiddenSingle { unit });
    }
}

/// How many cells of a set are peers of cell `cell_in_band` of a band: those of `in_band`
/// (the set's cells in that band) in its row or box, and those of `in_other_bands` (the
/// set's cells in the other two bands) in its column.
pub(crate) fn count_among_peers(
    in_band: BandSet,
    in_other_bands: [BandSet; 2],
    cell_in_band: usize,
) -> u32 {
    let row_and_box = in_band & PEERS_IN_BAND[cell_in_band];
    // The column in the other two bands, the second shifted one column over so that the
    // two bands' bits stay apart, then all of it counted as one 64-bit word.
    let column = COLUMN_THROUGH[cell_in_band];
    let [next, after_next] = in_other_bands;
    let elsewhere = (next & column) | (after_next & column) << 1;
    (row_and_box as u64 | (elsewhere as u64) << 32).count_ones()
}

/// A digit's places in the three bands, each band folded onto one row of nine columns
/// (bit = column).
pub(crate) struct ColumnCounts {
    /// The columns where the digit has a place in each band.
    pub(crate) in_band: [BandSet; 3],
    /// The columns where it has a place somewhere.
    pub(crate) at_least_one: BandSet,
    /// The columns where it has two places or more.
    pub(crate) at_least_two: BandSet,
}

/// Counts a digit's places (`places[b]` in band `b`) column by column, for all nine
/// columns at once: a column seen in one band already is seen a second time.
pub(crate) fn count_in_columns(places: [BandSet; 3]) -> ColumnCounts {
    let mut counts = ColumnCounts {
        in_band: [0; 3],
        at_least_one: 0,
        at_least_two: 0,
    };
    for band in 0..3 {
        let places = places[band];
        let rows = [places & ROW_CELLS, (places >> 9) & ROW_CELLS, places >> 18];
        let in_band = rows[0] | rows[1] | rows[2];
        let twice_in_band = (rows[0] & rows[1]) | (rows[0] & rows[2]) | (rows[1] & rows[2]);
        counts.at_least_two |= twice_in_band | (counts.at_least_one & in_band);
        counts.at_least_one |= in_band;
        counts.in_band[band] = in_band;
    }
    counts
}

/// `set` itself if it holds at most one cell, else 0; without a branch. (`x & (x - 1)`
/// clears the lowest set bit, so it is 0 exactly when `x` has at most one.)
fn single_or_empty(set: BandSet) -> BandSet {
    let at_most_one = set & set.wrapping_sub(1) == 0;
    set & (at_most_one as BandSet).wrapping_neg()
}

/// The three bands side by side: the row-major cell set.
pub(crate) fn join_bands(bands: [BandSet; 3]) -> CellSet {
    bands[0] as CellSet | (bands[1] as CellSet) << 27 | (bands[2] as CellSet) << 54
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{cell_bit, digit_bit, is_valid_solution, ALL_DIGITS, PEER_SET};

    /// A valid complete grid: row r, column c holds (3r + r/3 + c) mod 9 + 1.
    fn pattern_grid() -> [u8; N_CELLS] {
        let mut grid = [0; N_CELLS];
        for (cell, digit) in grid.iter_mut().enumerate() {
            let (row, column) = (cell / 9, cell % 9);
            *digit = ((row * 3 + row / 3 + column) % 9 + 1) as u8;
        }
        grid
    }

    #[test]
    fn pattern_grid_is_valid() {
        assert!(is_valid_solution(&pattern_grid()));
    }

    /// Setting up all givens at once gives the board that placing them one at a time
    /// gives, and fails exactly when a placement does (two givens of a digit in a unit).
    #[test]
    fn givens_in_bulk_are_the_givens_placed_one_by_one() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for case in 0..2000 {
            let mut grid = pattern_grid();
            for digit in grid.iter_mut() {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                // Most cells empty; some givens kept; in every other case, one digit in
                // twelve replaced by another, which may clash with a peer.
                *digit = match seed % 12 {
                    0..=7 => 0,
                    8 if case % 2 == 1 => (seed >> 8) as u8 % 9 + 1,
                    _ => *digit,
                };
            }
            let mut one_by_one = Ok(Board::new());
            for (cell, &digit) in grid.iter().enumerate() {
                if let (Ok(board), true) = (&mut one_by_one, digit != 0) {
                    if board.place(cell, digit).is_err() {
                        one_by_one = Err(Contradiction);
                    }
                }
            }
            assert_eq!(Board::from_grid(&grid), one_by_one, "grid {grid:?}");
        }
    }

    #[test]
    fn placing_removes_the_digit_from_peers_only() {
        let mut board = Board::new();
        board.place(40, 5).unwrap();
        for cell in 0..N_CELLS {
            let has_five = board.candidates(cell) & digit_bit(5) != 0;
            let is_peer = PEER_SET[40] & cell_bit(cell) != 0;
            assert_eq!(has_five, !is_peer, "cell {cell}");
        }
        assert_eq!(board.candidates(40), digit_bit(5));
    }

    #[test]
    fn propagation_completes_a_grid_with_one_hole_per_row() {
        let solution = pattern_grid();
        let mut grid = solution;
        for row in 0..9 {
            grid[row * 9 + (row * 4) % 9] = 0;
        }
        let mut board = Board::from_grid(&grid).unwrap();
        board.propagate().unwrap();
        assert!(board.is_complete());
        assert_eq!(board.to_grid(), solution);
    }

    #[test]
    fn hidden_single_is_found() {
        // Digit 1 stands in rows 2 and 3 and in columns 2 and 3, outside box 1, which
        // leaves cell 0 as its only place in box 1 (and in row 1).
        let mut board = Board::new();
        board.place(9 + 4, 1).unwrap(); // row 1
        board.place(18 + 7, 1).unwrap(); // row 2
        board.place(27 + 1, 1).unwrap(); // column 1
        board.place(54 + 2, 1).unwrap(); // column 2
        board.propagate().unwrap();
        assert_eq!(board.to_grid()[0], 1);
    }

    #[test]
    fn empty_cell_is_a_contradiction() {
        let mut board = Board::new();
        for digit in 1..=9 {
            board.eliminate(0, digit);
        }
        assert_eq!(board.propagate(), Err(Contradiction));
    }

    #[test]
    fn digit_without_place_in_unit_is_a_contradiction() {
        let mut board = Board::new();
        for cell in 0..9 {
            board.eliminate(cell, 4);
        }
        assert_eq!(board.propagate(), Err(Contradiction));
    }

    #[test]
    fn most_constrained_cell_prefers_fewest_candidates() {
        let mut board = Board::new();
        assert_eq!(board.most_constrained_cell(), Some(0));
        for digit in 1..=6 {
            board.eliminate(50, digit);
        }
        assert_eq!(board.most_constrained_cell(), Some(50));
        board.eliminate(20, 1);
        board.eliminate(20, 2);
        board.eliminate(20, 3);
        board.eliminate(20, 4);
        board.eliminate(20, 5);
        board.eliminate(20, 6);
        board.eliminate(20, 7);
        assert_eq!(board.most_constrained_cell(), Some(20));
        let full = Board::from_grid(&pattern_grid()).unwrap();
        assert_eq!(full.most_constrained_cell(), None);
        assert_eq!(full.candidates(0).count_ones(), 1);
        assert_ne!(full.candidates(0), ALL_DIGITS);
    }

    /// The empty board with `digits` removed from `cells`, propagated with rule 4 or
    /// without.
    fn empty_board_without(
        digits: &[u8],
        cells: &[usize],
        rule: MiniLineRule,
    ) -> Result<Board, Contradiction> {
        let mut board = Board::new();
        board.use_mini_lines(rule);
        for &cell in cells {
            for &digit in digits {
                board.eliminate(cell, digit);
            }
        }
        board.propagate()?;
        Ok(board)
    }

    #[test]
    fn three_digits_confined_to_a_mini_row_fill_it() {
        // 1, 2 and 3 are left, in row 1, only the cells of its first box.
        let rest_of_row: Vec<usize> = (3..9).collect();
        let three = digit_bit(1) | digit_bit(2) | digit_bit(3);
        let with_rule =
            empty_board_without(&[1, 2, 3], &rest_of_row, MiniLineRule::Confined).unwrap();
        let without = empty_board_without(&[1, 2, 3], &rest_of_row, MiniLineRule::Off).unwrap();
        for cell in 0..3 {
            assert_eq!(with_rule.candidates(cell), three, "cell {cell}");
            assert_eq!(without.candidates(cell), ALL_DIGITS, "cell {cell}");
        }
        // Nothing else changed: the rest of the box only lost 1, 2 and 3 (claiming).
        assert_eq!(with_rule.candidates(9), ALL_DIGITS & !three);
    }

    #[test]
    fn three_digits_confined_to_a_mini_column_fill_it() {
        // 7, 8 and 9 are left, in column 5, only the cells of rows 4 to 6.
        let rest_of_column: Vec<usize> = [0, 1, 2, 6, 7, 8].iter().map(|row| 9 * row + 4).collect();
        let three = digit_bit(7) | digit_bit(8) | digit_bit(9);
        let with_rule =
            empty_board_without(&[7, 8, 9], &rest_of_column, MiniLineRule::Confined).unwrap();
        let without = empty_board_without(&[7, 8, 9], &rest_of_column, MiniLineRule::Off).unwrap();
        for cell in [31, 40, 49] {
            assert_eq!(with_rule.candidates(cell), three, "cell {cell}");
            assert_eq!(without.candidates(cell), ALL_DIGITS, "cell {cell}");
        }
    }

    #[test]
    fn mini_row_mates_share_a_row_or_a_box() {
        for pattern in 0..512u16 {
            let mut mates = 0;
            for mini_row in 0..9 {
                for other in 0..9 {
                    let same_row = mini_row / 3 == other / 3;
                    let same_box = mini_row % 3 == other % 3;
                    if pattern & 1 << mini_row != 0 && (same_row || same_box) {
                        mates |= 1 << other;
                    }
                }
            }
            assert_eq!(
                mini_row_mates(pattern),
                mates & !pattern,
                "pattern {pattern:o}"
            );
        }
    }

    #[test]
    fn where_only_three_digits_can_go_in_a_mini_line_they_go() {
        // Only 1, 2 and 3 can go in the first mini-row (cells 0 to 2), or in the first
        // mini-column (cells 0, 9, 18): they leave the rest of its row or column and box.
        let not_three: Vec<u8> = (4..=9).collect();
        let three = digit_bit(1) | digit_bit(2) | digit_bit(3);
        let cases = [([0, 1, 2], [3, 8, 9, 20]), ([0, 9, 18], [27, 72, 1, 20])];
        for (mini_line, elsewhere) in cases {
            let rule = MiniLineRule::ConfinedAndOnlyThree;
            let with_rule = empty_board_without(&not_three, &mini_line, rule).unwrap();
            let rung_9 = empty_board_without(&not_three, &mini_line, MiniLineRule::Confined);
            for cell in elsewhere {
                assert_eq!(
                    with_rule.candidates(cell),
                    ALL_DIGITS & !three,
                    "cell {cell}"
                );
                assert_eq!(rung_9.unwrap().candidates(cell), ALL_DIGITS, "cell {cell}");
            }
            for cell in mini_line {
                assert_eq!(with_rule.candidates(cell), three, "cell {cell}");
            }
        }
    }

    #[test]
    fn four_digits_confined_to_a_mini_line_is_a_contradiction() {
        let rest_of_row: Vec<usize> = (3..9).collect();
        assert!(empty_board_without(&[1, 2, 3], &rest_of_row, MiniLineRule::Confined).is_ok());
        assert_eq!(
            empty_board_without(&[1, 2, 3, 4], &rest_of_row, MiniLineRule::Confined),
            Err(Contradiction)
        );
        let rest_of_column: Vec<usize> = (1..9).map(|row| 9 * row).skip(2).collect();
        assert_eq!(
            empty_board_without(&[5, 6, 7, 8], &rest_of_column, MiniLineRule::Confined),
            Err(Contradiction)
        );
    }

    #[test]
    fn the_line_branch_cuts_a_digit_to_each_of_its_permutations() {
        for line in 0..6 {
            let mut board = Board::new();
            board.use_mini_lines(MiniLineRule::Confined);
            board.propagate().unwrap();
            let branch = LineBranch {
                line,
                digit: 4,
                permutations: 0b111111,
            };
            for k in 0..6 {
                let mut child = board;
                child.confine(&branch, k);
                child.propagate().unwrap();
                let pattern = child.line_pattern(line, 3);
                assert_eq!(
                    pattern,
                    permutation_pattern(k),
                    "line {line}, permutation {k}"
                );
                assert_eq!(BRANCH_RANK[pattern as usize], SETTLED);
                // The other digits keep their places.
                assert_eq!(child.line_pattern(line, 4), 0o777);
            }
        }
    }

    /// `puzzle` (81 characters, `.` for an empty cell) with its givens placed and
    /// propagated, rule 4 included.
    fn propagated_with_mini_lines(puzzle: &str) -> Board {
        let mut grid = [0; N_CELLS];
        for (cell, byte) in puzzle.bytes().enumerate() {
            grid[cell] = if byte == b'.' { 0 } else { byte - b'0' };
        }
        let mut board = Board::from_grid(&grid).unwrap();
        board.use_mini_lines(MiniLineRule::Confined);
        board.propagate().unwrap();
        board
    }

    /// The open digits of `line` (not settled there), recounted from the patterns.
    fn open_in_line(board: &Board, line: usize) -> usize {
        (0..9)
            .filter(|&index| BRANCH_RANK[board.line_pattern(line, index) as usize] != SETTLED)
            .count()
    }

    /// Checks that `branch` takes, in its line, a digit of the lowest rank there.
    fn assert_lowest_rank(board: &Board, branch: LineBranch) {
        let rank = |index: usize| BRANCH_RANK[board.line_pattern(branch.line, index) as usize];
        assert_eq!(
            Some(rank(branch.digit as usize - 1)),
            (0..9).map(rank).min()
        );
        assert!(branch.permutations.count_ones() >= 2);
    }

    #[test]
    fn the_line_branch_takes_the_first_line_with_fewest_open_digits() {
        // forum_hardest_1106's first puzzle, propagated.
        let board = propagated_with_mini_lines(
            "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
        );
        let open: Vec<usize> = (0..6).map(|line| open_in_line(&board, line)).collect();
        let fewest = *open.iter().filter(|&&count| count > 0).min().unwrap();
        let chosen = board.line_branch(LineChoice::OpenDigits).unwrap();
        assert_eq!(
            Some(chosen.line),
            open.iter().position(|&count| count == fewest)
        );
        assert_lowest_rank(&board, chosen);
        // Some line has fewer than `WIDE_OPEN` open digits: both choices agree.
        assert!(fewest < WIDE_OPEN as usize);
        assert_eq!(board.line_branch(LineChoice::Permutations), Some(chosen));
    }

    #[test]
    fn a_wide_open_board_branches_in_the_line_with_fewest_permutations() {
        // magictour_top1465's fifth puzzle, propagated: 19 cells decided, and every line
        // with seven open digits or more.
        let board = propagated_with_mini_lines(
            "5..7..6....38...........2..62.4............917............35.8.4.....1......9....",
        );
        assert!((0..6).all(|line| open_in_line(&board, line) >= WIDE_OPEN as usize));
        let permutations = |line: usize| board.permutations_in_line(line);
        let fewest = (0..6).map(permutations).min().unwrap();
        let chosen = board.line_branch(LineChoice::Permutations).unwrap();
        assert_eq!(
            Some(chosen.line),
            (0..6).position(|line| permutations(line) == fewest)
        );
        assert_lowest_rank(&board, chosen);
        // Here the fewest open digits point elsewhere.
        let by_open_digits = board.line_branch(LineChoice::OpenDigits).unwrap();
        assert_ne!(by_open_digits.line, chosen.line);
    }

    #[test]
    fn the_line_branch_waits_for_seventeen_decided_cells() {
        // Sixteen cells decided: the first row and seven of the second. Then one more.
        let mut grid = [0; N_CELLS];
        grid[..16].copy_from_slice(&[1, 2, 3, 4, 5, 6, 7, 8, 9, 4, 5, 6, 7, 8, 9, 1]);
        let mut board = Board::from_grid(&grid).unwrap();
        board.use_mini_lines(MiniLineRule::Confined);
        board.propagate().unwrap();
        assert_eq!(board.solved_cells().count_ones(), 16);
        for choice in [LineChoice::OpenDigits, LineChoice::Permutations] {
            assert!(board.line_branch(choice).is_none());
        }
        board.place(16, 2).unwrap();
        board.propagate().unwrap();
        assert!(board.solved_cells().count_ones() >= DECIDED_FOR_LINES);
        for choice in [LineChoice::OpenDigits, LineChoice::Permutations] {
            assert!(board.line_branch(choice).is_some());
        }
    }

    #[test]
    fn board_is_as_large_as_the_header_says() {
        // The module documentation and the solutions' headers give this size.
        assert_eq!(std::mem::size_of::<Board>(), 460);
    }

    #[test]
    fn bands_joined_are_the_row_major_cell_set() {
        for cell in 0..N_CELLS {
            let (band, bit) = band_and_bit(cell);
            let mut bands = [0; 3];
            bands[band] = bit;
            assert_eq!(join_bands(bands), cell_bit(cell));
        }
    }

    #[test]
    fn band_rule_keeps_exactly_the_mini_rows_on_permutations() {
        // Everything possible: every mini-row lies on some permutation.
        assert_eq!(BAND_RULE[0b111_111_111], 0b111_111_111);
        // A row with no place: no permutation.
        assert_eq!(BAND_RULE[0b111_000_111], 0);
        // A box (in stack 1) with no place: no permutation.
        assert_eq!(BAND_RULE[0b110_110_110], 0);
        // Claiming: row 1 can only use the box of stack 1, so rows 2 and 3 lose that box.
        assert_eq!(BAND_RULE[0b111_111_001], 0b110_110_001);
        // One permutation only: the diagonal.
        assert_eq!(BAND_RULE[0b100_010_001 | 0b000_001_000], 0b100_010_001);
    }

    #[test]
    fn band_rule_clears_locked_candidates() {
        // In box 1 (rows 1-3, columns 1-3) digit 5 can only go in row 1, so the rest of
        // row 1 loses it ("pointing").
        let mut board = Board::new();
        for cell in [9, 10, 11, 18, 19, 20] {
            board.eliminate(cell, 5);
        }
        board.propagate().unwrap();
        for column in 3..9 {
            assert_eq!(
                board.candidates(column) & digit_bit(5),
                0,
                "column {column}"
            );
        }
        assert_ne!(board.candidates(0) & digit_bit(5), 0);
    }
}
