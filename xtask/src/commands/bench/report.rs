//! What `bench` prints and writes: two lines per solver and file ([`summarise`]), the
//! ladder's markdown table (`--write`), and the per-puzzle plot (`--svg`).

use std::path::Path;

use anyhow::{bail, Context, Result};

use super::measure::{Measurement, Solver};

/// The lines that mark where `--write` puts the ladder's table.
pub const LADDER_BEGIN: &str = "<!-- bench-ladder:begin -->";
/// See [`LADDER_BEGIN`].
pub const LADDER_END: &str = "<!-- bench-ladder:end -->";

/// One solver on one file: its label and file, the puzzles' best times, sorted (for the
/// plot), and the figures of its line.
pub struct Summary {
    /// What was timed.
    solver: Solver,
    /// The solver's name in the lines.
    label: String,
    /// The file, by the last part of its path.
    file: String,
    /// Each puzzle's best time, sorted.
    micros: Vec<f64>,
    /// The figures of the times.
    statistics: Statistics,
    /// The mean of the guesses per puzzle.
    mean_guesses: f64,
}

/// Prints the lines of `solver` on one file (see the module's docs, steps 5 and 7) and
/// returns its summary.
pub fn summarise(solver: Solver, file: &str, measurements: &[Measurement]) -> Summary {
    let label = &solver.label();
    let mut micros: Vec<f64> = measurements.iter().map(|m| m.micros).collect();
    micros.sort_by(f64::total_cmp);
    let statistics = Statistics::of(&micros);
    let Statistics {
        mean,
        median,
        p99,
        max,
    } = statistics;
    let n = micros.len();
    let guesses = measurements.iter().map(|m| m.guesses).sum::<u64>() as f64 / n as f64;
    let capped = measurements.iter().filter(|m| m.capped).count();
    if let Solver::Rung(number) = solver {
        outln!(
            "bench rung={number} name={label} file={file} puzzles={n} mean_us={mean:.2} median_us={median:.2} max_us={max:.1} guesses={guesses:.1} capped={capped}"
        );
    } else {
        outln!(
            "bench problem={label} file={file} puzzles={n} mean_us={mean:.2} median_us={median:.2} p99_us={p99:.1} max_us={max:.1}"
        );
        let max_guesses = measurements.iter().map(|m| m.guesses).max().unwrap_or(0);
        let free: Option<u64> = measurements.iter().map(|m| m.free_guesses).sum();
        let free = free.map_or(String::new(), |sum| {
            format!(" tdoku_mean={:.1}", sum as f64 / n as f64)
        });
        outln!(
            "nodes problem={label} file={file} mean={guesses:.1} max={max_guesses}{free} capped={capped}"
        );
    }
    let unsolved = measurements.iter().filter(|m| !m.solved && !m.capped);
    let without_completion = unsolved.count();
    if without_completion > 0 {
        eprintln!(
            "bench: {label} on {file}: no completion for {without_completion} of {n} puzzles, \
             as the reference solvers agree"
        );
    }
    Summary {
        solver,
        label: label.to_string(),
        file: file.to_string(),
        micros,
        statistics,
        mean_guesses: guesses,
    }
}

/// The figures of one solver's best times on one file.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Statistics {
    mean: f64,
    median: f64,
    /// The 99th percentile: the smallest time that at least 99% of puzzles stay within.
    p99: f64,
    max: f64,
}

impl Statistics {
    /// The figures of `sorted`, a non-empty ascending list.
    fn of(sorted: &[f64]) -> Statistics {
        let n = sorted.len();
        Statistics {
            mean: sorted.iter().sum::<f64>() / n as f64,
            // The middle time, or the mean of the two middle ones (the same one when `n` is
            // odd).
            median: (sorted[(n - 1) / 2] + sorted[n / 2]) / 2.0,
            p99: sorted[((n as f64 * 0.99).ceil() as usize).clamp(1, n) - 1],
            max: sorted[n - 1],
        }
    }
}

/// The ladder's figures as a markdown table: a row per rung (number and name), and per
/// file two columns, the mean guesses and the mean time of a puzzle.
pub fn ladder_table(summaries: &[Summary]) -> String {
    let mut files: Vec<&str> = Vec::new();
    let mut rungs: Vec<(usize, &str)> = Vec::new();
    for summary in summaries {
        if let Solver::Rung(number) = summary.solver {
            if !files.contains(&summary.file.as_str()) {
                files.push(&summary.file);
            }
            if !rungs.iter().any(|&(rung, _)| rung == number) {
                rungs.push((number, &summary.label));
            }
        }
    }
    let mut header = "| rung | name |".to_string();
    let mut rule = "|---:|---|".to_string();
    for file in &files {
        let set = file.strip_suffix(".txt").unwrap_or(file);
        header.push_str(&format!(" {set} guesses | µs |"));
        rule.push_str("---:|---:|");
    }
    let mut lines = vec![header, rule];
    for (number, name) in rungs {
        let mut line = format!("| {number} | {name} |");
        for file in &files {
            let found = summaries.iter().find(|summary| {
                matches!(summary.solver, Solver::Rung(rung) if rung == number)
                    && summary.file == *file
            });
            match found {
                Some(summary) => line.push_str(&format!(
                    " {} | {} |",
                    readable(summary.mean_guesses),
                    readable(summary.statistics.mean)
                )),
                None => line.push_str(" | |"),
            }
        }
        lines.push(line);
    }
    lines.join("\n") + "\n"
}

/// `value` as a reader takes it in at a glance: whole and with thousands separated from 100
/// on (`345,997`), one decimal from 10 on (`47.1`), two below (`4.02`).
fn readable(value: f64) -> String {
    if value < 10.0 {
        return format!("{value:.2}");
    }
    if value < 100.0 {
        return format!("{value:.1}");
    }
    let digits = format!("{value:.0}");
    let mut grouped = String::new();
    for (position, digit) in digits.chars().enumerate() {
        if position > 0 && (digits.len() - position) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    grouped
}

/// Puts `table` into the file at `path`, in place of whatever lies between its lines
/// [`LADDER_BEGIN`] and [`LADDER_END`], which stay; a file without them, or with them in
/// the wrong order, is an error that says so and is left as it was.
pub fn write_ladder_table(path: &Path, table: &str) -> Result<()> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    let shown = path.display();
    let Some(begin) = text.find(LADDER_BEGIN) else {
        bail!("{shown} has no line {LADDER_BEGIN}: --write puts the table between it and {LADDER_END}");
    };
    let after_begin = begin + LADDER_BEGIN.len();
    let Some(end) = text[after_begin..].find(LADDER_END) else {
        bail!("{shown} has no line {LADDER_END} after {LADDER_BEGIN}: --write puts the table between them");
    };
    let end = after_begin + end;
    let rewritten = format!("{}\n{table}{}", &text[..after_begin], &text[end..]);
    std::fs::write(path, rewritten).with_context(|| format!("writing {shown}"))
}

/// Draws every summary's sorted per-puzzle times as a line, one colour each: puzzle
/// percentile across, microseconds up on a log scale.
pub fn draw_svg(path: &Path, summaries: &[Summary], command: &str) -> Result<()> {
    use plotters::prelude::*;

    let times = summaries
        .iter()
        .flat_map(|summary| &summary.micros)
        .copied();
    let highest = times.clone().fold(1.0, f64::max);
    let lowest = times.fold(highest, f64::min).max(0.01);
    let root = SVGBackend::new(path, (900, 560)).into_drawing_area();
    root.fill(&WHITE)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            format!("Time per puzzle, sorted ({command}; a capped run stops at its cap)"),
            ("sans-serif", 20),
        )
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(70)
        .build_cartesian_2d(0f64..100f64, (lowest / 2.0..highest * 2.0).log_scale())?;
    chart
        .configure_mesh()
        .x_desc("puzzles, fastest to slowest (%)")
        .y_desc("microseconds (log scale)")
        .draw()?;
    for (index, summary) in summaries.iter().enumerate() {
        let style = ShapeStyle::from(Palette99::pick(index).to_rgba()).stroke_width(2);
        let n = summary.micros.len();
        let percentile = move |rank: usize| 100.0 * (rank as f64 + 0.5) / n as f64;
        let points = summary.micros.iter().enumerate();
        let points = points.map(move |(rank, &micros)| (percentile(rank), micros));
        chart
            .draw_series(LineSeries::new(points, style))?
            .label(format!("{} {}", summary.label, summary.file))
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], style));
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.9))
        .border_style(BLACK)
        .draw()?;
    root.present()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statistics_of_a_small_list() {
        let times: Vec<f64> = (1..=100).map(f64::from).collect();
        let figures = |mean, median, p99, max| Statistics {
            mean,
            median,
            p99,
            max,
        };
        assert_eq!(Statistics::of(&times), figures(50.5, 50.5, 99.0, 100.0));
        assert_eq!(Statistics::of(&[3.0]), figures(3.0, 3.0, 3.0, 3.0));
        assert_eq!(
            Statistics::of(&[1.0, 2.0, 6.0]),
            figures(3.0, 2.0, 6.0, 6.0)
        );
    }

    #[test]
    fn readable_figures_keep_three_significant_digits_or_the_whole_number() {
        assert_eq!(readable(345_997.1), "345,997");
        assert_eq!(readable(4_179.75), "4,180");
        assert_eq!(readable(999.6), "1,000");
        assert_eq!(readable(131.5), "132");
        assert_eq!(readable(47.12), "47.1");
        assert_eq!(readable(4.02), "4.02");
        assert_eq!(readable(0.6), "0.60");
    }
}
