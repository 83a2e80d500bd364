//! The climb's pictures (`cargo xtask draw`, [`xtask::draw`]) against what is committed in
//! `docs/climb/`: a picture that differs from what the code draws now fails here, named,
//! until `cargo xtask draw` draws it again. Also: drawing is deterministic and fetches
//! nothing; in a folder of freshly drawn pictures, an edited, a missing and a stray one are
//! named; `cargo xtask draw --check` passes on the committed folder; one picture opens
//! in headless Chromium, through `<img>` as GitHub shows it, and draws ink on white; and
//! in every picture, English and Korean, drawn by Chromium with a font that has Hangul, no
//! line of text runs past the picture's edge or over a grid or a block of boxes it is not
//! part of.
//!
//! Without Chromium (set `CHROMIUM` to choose one) or a Hangul font, the browser tests say
//! so and are skipped, except under CI, where they fail (see `support::tool`).

mod support;

use xtask::draw::{compare, draw_all, folder, write, Difference, Drawn, Language};

/// The pictures as the code draws them now.
fn drawn() -> Vec<Drawn> {
    draw_all().expect("every rung's picture draws")
}

#[test]
fn every_committed_picture_is_what_the_code_draws() {
    let differences = compare(&folder(), &drawn()).unwrap();
    assert!(
        differences.is_empty(),
        "docs/climb/ differs from what the code draws: {differences:?}; run `cargo xtask \
         draw` and commit the pictures"
    );
}

#[test]
fn a_picture_per_rung_from_one_drawn_the_same_twice() {
    let first = drawn();
    let paths: Vec<String> = first
        .iter()
        .map(|picture| picture.path().display().to_string())
        .collect();
    let expected: Vec<String> = ["", "ko/"]
        .iter()
        .flat_map(|folder| {
            (1..common::ladder::RUNGS.len())
                .map(move |number| format!("{folder}rung-{number:02}.svg"))
        })
        .collect();
    assert_eq!(paths, expected);
    assert_eq!(first, drawn(), "a second drawing gives other bytes");
    for picture in &first {
        let svg = &picture.svg;
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        for fetched in [
            "<script",
            "<image",
            "href=",
            "@import",
            "url(",
            "foreignObject",
        ] {
            assert!(
                !svg.contains(fetched),
                "{} holds {fetched}",
                picture.file_name
            );
        }
    }
}

#[test]
fn an_edited_a_missing_and_a_stray_picture_are_named() {
    let drawn = drawn();
    let copy = tempfile::Builder::new().prefix("climb-").tempdir().unwrap();
    let written = write(copy.path(), &drawn).unwrap();
    assert_eq!(
        written.len(),
        drawn.len(),
        "every picture written to an empty folder"
    );
    assert!(compare(copy.path(), &drawn).unwrap().is_empty());
    let edited = copy.path().join("ko/rung-08.svg");
    let text = std::fs::read_to_string(&edited).unwrap();
    std::fs::write(&edited, text.replacen("#cf222e", "#cf222f", 1)).unwrap();
    std::fs::remove_file(copy.path().join("rung-13.svg")).unwrap();
    std::fs::write(copy.path().join("rung-20.svg"), "<svg/>").unwrap();
    std::fs::write(copy.path().join("ko/rung-21.svg"), "<svg/>").unwrap();
    let differences = compare(copy.path(), &drawn).unwrap();
    let named: Vec<(String, Difference)> = differences
        .into_iter()
        .map(|(path, how)| (path.display().to_string(), how))
        .collect();
    assert_eq!(
        named,
        [
            ("rung-13.svg".to_string(), Difference::Missing),
            ("ko/rung-08.svg".to_string(), Difference::Differs),
            ("rung-20.svg".to_string(), Difference::NotDrawn),
            ("ko/rung-21.svg".to_string(), Difference::NotDrawn),
        ]
    );
}

#[test]
fn draw_check_passes_on_the_committed_pictures() {
    let output = support::run_xtask(&["draw", "--check"]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "draw --check failed:\n{stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(stdout.contains("each as the code draws it"), "{stdout}");
}

/// A page that shows one picture through `<img>`, as GitHub does, and writes into its own
/// document whether it loaded, its size, and how many of its pixels are not white, for
/// Chromium's `--dump-dom`.
const WRAPPER: &str = r##"<!DOCTYPE html>
<html><body><pre id="out">waiting</pre>
<img id="picture" src="PICTURE">
<script>
const picture = document.getElementById("picture");
const out = document.getElementById("out");
picture.onerror = () => { out.textContent = "error"; };
picture.onload = () => {
  const canvas = document.createElement("canvas");
  canvas.width = picture.naturalWidth;
  canvas.height = picture.naturalHeight;
  const context = canvas.getContext("2d");
  context.drawImage(picture, 0, 0);
  const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
  let inked = 0;
  for (let i = 0; i < pixels.length; i += 4) {
    if (pixels[i] < 200 && pixels[i + 1] < 200 && pixels[i + 2] < 200) inked++;
  }
  out.textContent = ["loaded", canvas.width, canvas.height, inked].join(" ");
};
</script></body></html>"##;

#[test]
fn a_picture_renders_in_chromium() {
    let how = "install Debian's `chromium`, or set CHROMIUM";
    let what = "Chromium, for the picture test,";
    let Some(browser) = support::tool::required(support::tool::chromium(), what, how) else {
        return;
    };
    let temporary = tempfile::Builder::new().prefix("draw-").tempdir().unwrap();
    let picture = drawn()
        .into_iter()
        .find(|picture| picture.file_name == "rung-08.svg");
    let picture = picture.expect("rung 8's picture");
    std::fs::write(temporary.path().join(&picture.file_name), &picture.svg).unwrap();
    let wrapper = WRAPPER.replace("PICTURE", &picture.file_name);
    std::fs::write(temporary.path().join("wrapper.html"), wrapper).unwrap();

    let shown = support::chromium::wrapper_output(&browser, temporary.path(), 10);
    let words: Vec<&str> = shown.split(' ').collect();
    assert_eq!(words.first(), Some(&"loaded"), "Chromium showed: {shown}");
    let size = |name: &str| {
        let start = picture.svg.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
        let end = start + picture.svg[start..].find('"').unwrap();
        picture.svg[start..end].to_string()
    };
    assert_eq!(
        words[1..3],
        [size("width"), size("height")],
        "the picture's size"
    );
    // The title, the grid lines and the digits are ink on white: a blank or broken
    // picture has none.
    let inked: usize = words[3].parse().unwrap();
    assert!(
        inked > 2_000,
        "only {inked} dark pixels: the picture did not render"
    );
}

/// A page that puts each picture of `PICTURES` (file names) into itself, as inline SVG,
/// and measures every `<text>` there: a line per text that runs past the picture's edge,
/// or crosses a grid (a group of class `grid`) it is not inside; then `done`.
const LAYOUT: &str = r##"<!DOCTYPE html>
<html><body><pre id="out">waiting</pre><div id="stage"></div>
<script>
const names = PICTURES;
const out = [];
const stage = document.getElementById("stage");
const crosses = (a, b) =>
  a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
for (const name of names) {
  const request = new XMLHttpRequest();
  request.open("GET", name, false);
  request.send();
  stage.innerHTML = request.responseText;
  const svg = stage.querySelector("svg");
  const frame = svg.getBoundingClientRect();
  const grids = [...svg.querySelectorAll("g.grid")].map((grid) => grid.getBoundingClientRect());
  for (const text of svg.querySelectorAll("text")) {
    const box = text.getBoundingClientRect();
    const words = JSON.stringify(text.textContent);
    if (box.left < frame.left - 1 || box.right > frame.right + 1 ||
        box.top < frame.top - 1 || box.bottom > frame.bottom + 1) {
      out.push(`${name}: ${words} runs past the edge (${Math.round(box.right - frame.right)} px)`);
    }
    if (text.closest("g.grid") === null && grids.some((grid) => crosses(box, grid))) {
      out.push(`${name}: ${words} crosses a grid`);
    }
  }
}
out.push("done");
document.getElementById("out").textContent = out.join("\n");
</script></body></html>"##;

#[test]
fn no_line_of_a_picture_runs_past_its_edge_or_over_a_grid_in_either_language() {
    let how = "install Debian's `chromium`, or set CHROMIUM";
    let what = "Chromium, for the picture test,";
    let Some(browser) = support::tool::required(support::tool::chromium(), what, how) else {
        return;
    };
    let how = "install Debian's `fonts-noto-cjk`";
    if support::tool::required(support::tool::hangul_font(), "a font with Hangul", how).is_none() {
        return;
    }
    let temporary = tempfile::Builder::new()
        .prefix("draw-layout-")
        .tempdir()
        .unwrap();
    let pictures = drawn();
    assert!(
        pictures
            .iter()
            .any(|picture| picture.language == Language::Korean),
        "Korean pictures are drawn"
    );
    let mut names = Vec::new();
    for picture in &pictures {
        // `ko-rung-07.svg`: one folder for the page, each picture named by its language.
        let name = picture.path().display().to_string().replace('/', "-");
        std::fs::write(temporary.path().join(&name), &picture.svg).unwrap();
        names.push(name);
    }
    let page = LAYOUT.replace("PICTURES", &serde_json::to_string(&names).unwrap());
    std::fs::write(temporary.path().join("wrapper.html"), page).unwrap();
    let shown = support::chromium::wrapper_output(&browser, temporary.path(), 30);
    let lines: Vec<&str> = shown.lines().collect();
    assert_eq!(
        lines.last(),
        Some(&"done"),
        "the page measured every picture: {shown}"
    );
    assert_eq!(lines.len(), 1, "text out of place:\n{shown}");
}
