//! The climb's pictures (`cargo xtask draw`, [`xtask::draw`]) against what is committed in
//! `docs/climb/`: a picture that differs from what the code draws now fails here, named,
//! until `cargo xtask draw` draws it again. Also: drawing is deterministic and fetches
//! nothing; in a folder of freshly drawn pictures, an edited, a missing and a stray one are
//! named; `cargo xtask draw --check` passes on the committed folder; and one picture opens
//! in headless Chromium, through `<img>` as GitHub shows it, and draws ink on white.
//!
//! Without Chromium (set `CHROMIUM` to choose one) the browser test says so and is
//! skipped, except under CI, where it fails (see `support::tool`).

mod support;

use xtask::draw::{compare, draw_all, folder, write, Difference, Drawn};

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
    let names: Vec<&str> = first
        .iter()
        .map(|picture| picture.file_name.as_str())
        .collect();
    let expected: Vec<String> = (1..common::ladder::RUNGS.len())
        .map(|number| format!("rung-{number:02}.svg"))
        .collect();
    assert_eq!(names, expected);
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
    let edited = copy.path().join("rung-08.svg");
    let text = std::fs::read_to_string(&edited).unwrap();
    std::fs::write(&edited, text.replacen("#cf222e", "#cf222f", 1)).unwrap();
    std::fs::remove_file(copy.path().join("rung-13.svg")).unwrap();
    std::fs::write(copy.path().join("rung-20.svg"), "<svg/>").unwrap();
    let differences = compare(copy.path(), &drawn).unwrap();
    assert_eq!(
        differences,
        [
            ("rung-08.svg".to_string(), Difference::Differs),
            ("rung-13.svg".to_string(), Difference::Missing),
            ("rung-20.svg".to_string(), Difference::NotDrawn),
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
