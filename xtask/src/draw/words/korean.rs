//! The pictures' words in Korean, for `docs/climb.ko.md`: the terms of README.ko.md's
//! table, in the "합니다" style. Code names (`places`, `BAND_RULE`) stay as the code
//! writes them.

use common::ladder::{BranchPoint, Idea, PuzzleInSet, Rung};

use super::{Found, Noun, Phrase, Words};
use crate::draw::root::{cell_name, digit_list};

/// Korean.
pub struct Korean;

/// `number` followed by the particle that fits how it is read: `with_final` after a
/// syllable that ends in a consonant (일, 삼, 육, 칠, 팔, and every number ending in 0:
/// 영, 십, 백, 천), `without` otherwise (이, 사, 오, 구): `7을`, `2를`.
fn with_particle(number: impl Into<u64>, with_final: &str, without: &str) -> String {
    let number = number.into();
    let ends_in_consonant = matches!(number % 10, 0 | 1 | 3 | 6 | 7 | 8);
    let particle = if ends_in_consonant {
        with_final
    } else {
        without
    };
    format!("{number}{particle}")
}

/// `7을`, `2를`.
fn eul(number: impl Into<u64>) -> String {
    with_particle(number, "을", "를")
}

/// `7이`, `2가`.
fn i_ga(number: impl Into<u64>) -> String {
    with_particle(number, "이", "가")
}

/// `7은`, `2는`.
fn eun(number: impl Into<u64>) -> String {
    with_particle(number, "은", "는")
}

/// The rung's name in Korean, as README.ko.md's map and `docs/climb.ko.md` call it.
fn rung_name(number: usize) -> &'static str {
    const NAMES: [&str; 20] = [
        "교과서 백트래킹",
        "후보가 가장 적은 칸",
        "마스크",
        "싱글",
        "잠긴 후보",
        "숫자별 칸 집합",
        "비트 단위로 세기",
        "밴드",
        "표로 푸는 밴드 규칙",
        "바뀐 것만",
        "동점 가르기",
        "밴드 보드",
        "미니라인",
        "미니라인 세기",
        "슈트",
        "성긴 보드",
        "순열이 가장 적은 숫자",
        "초반 보드",
        "셋뿐",
        "다시 세기",
    ];
    NAMES.get(number).copied().unwrap_or("")
}

impl Words for Korean {
    fn phrase(&self, phrase: Phrase) -> &'static str {
        match phrase {
            Phrase::Given => "주어진 숫자",
            Phrase::Cleared => "같은 칸이나 피어에 숫자가 정해져 지워진 후보",
            Phrase::NakedSingle => "네이키드 싱글: 후보가 하나뿐인 칸",
            Phrase::HiddenSingle => "히든 싱글: 숫자의 자리가 하나뿐인 유닛",
            Phrase::Pointing => "포인팅: 한 숫자의 자리가 한 줄에 모인 박스",
            Phrase::Claiming => "클레이밍: 한 숫자의 자리가 한 박스에 모인 줄",
            Phrase::ConfinedMiniLine => "갇힌 숫자 셋이 채우는 미니라인",
            Phrase::OnlyThreeMiniLine => "숫자가 셋만 들어갈 수 있는 미니라인",
            Phrase::ConfinedLine => "점선: 세 숫자가 다른 자리를 갖지 않는 줄",
            Phrase::OnlyThreeSurroundings => "점선: 세 숫자를 지우는 줄과 박스",
            Phrase::ActingDigit => "규칙을 작동시킨 숫자",
            Phrase::PlaceOfDigit => "그 숫자의 자리",
            Phrase::LostPlace => "지워지는 자리",
            Phrase::WayMiniLines => "갈래: 그 순열의 미니라인 세 개",
            Phrase::MaskBit => "켜진 비트: 그 숫자가 들어갈 수 있음",
            Phrase::BranchCell => "탐색이 분기하는 칸",
            Phrase::ClearedByPlacing => "놓을 때 지워지는 자리",
            Phrase::BitSet => "켜진 비트",
            Phrase::ExactlyTwo => "정확히 둘",
            Phrase::KeptPlaceOrMiniRow => "남는 자리나 미니행",
            Phrase::CutByBandRule => "밴드 규칙이 자른 것",
            Phrase::PermutationInside => "패턴 안에 드는 순열",
            Phrase::KeptByTable => "표가 남기는 칸",
            Phrase::Cut => "잘린 자리",
            Phrase::MiniRows => "미니행: 비트 9 × 밴드 + 3 × 행 + 스택",
            Phrase::MiniColumns => "미니열: 비트 9 × 밴드 + 열",
            Phrase::ConfinedCount => "그곳에 갇힌 숫자의 개수",
            Phrase::FullMiniLine => "셋: 꽉 찬 미니라인",
            Phrase::FirstGuess => "첫 추측",
            Phrase::ClearedByGuess => "추측이 지운 자리",
            Phrase::ChangedWord => "바뀐 워드",
            Phrase::CountedAgain => "바뀜: 다시 셈",
        }
    }

    fn counted_key(&self, cell: usize) -> String {
        format!("6단계가 분기하는 칸 {}", cell_name(cell))
    }

    fn digit_set_keys(&self, digit: u8) -> [String; 2] {
        [
            format!("{} 들어갈 수 있는 칸", i_ga(digit)),
            format!("{} 놓인 칸", i_ga(digit)),
        ]
    }

    fn title(&self, rung: &Rung) -> String {
        format!(
            "{}단계: {} ({})",
            rung.number,
            rung_name(rung.number),
            self.idea(rung.idea)
        )
    }

    fn idea(&self, idea: Idea) -> &'static str {
        match idea {
            Idea::Start => "출발점",
            Idea::Representation => "표현",
            Idea::Inference => "추론",
            Idea::Branching => "분기",
            Idea::IncrementalWork => "증분 계산",
        }
    }

    fn puzzle(&self, rung: &Rung) -> String {
        let PuzzleInSet { set, number } = rung.chosen_puzzle;
        format!("data/{set}.txt의 {number}번 퍼즐")
    }

    fn unit(&self, unit: usize) -> String {
        match unit / 9 {
            0 => format!("{}행", unit + 1),
            1 => format!("{}열", unit - 9 + 1),
            _ => format!("{}번 박스", unit - 18 + 1),
        }
    }

    fn chute(&self, chute: usize) -> String {
        if chute < 3 {
            format!("{}번 밴드", chute + 1)
        } else {
            format!("{}번 스택", chute - 2)
        }
    }

    fn count(&self, count: usize, noun: Noun) -> String {
        let noun = match noun {
            Noun::Cell => "칸",
            Noun::Candidate => "후보",
            Noun::Digit => "숫자",
            Noun::Word => "워드",
            Noun::Place => "자리",
            Noun::Way => "갈래",
            Noun::Peer => "피어",
        };
        format!("{noun} {count}개")
    }

    fn branch_point(&self, point: &BranchPoint) -> String {
        let name = self.branch_point_name(point);
        match point {
            BranchPoint::Cell { candidates, .. } => {
                let ways = self.count(candidates.count_ones() as usize, Noun::Way);
                format!("{name}({ways}: {})", digit_list(*candidates))
            }
            BranchPoint::Chute { branch } => {
                let ways = branch.permutations.count_ones() as usize;
                format!("{name}({})", self.count(ways, Noun::Way))
            }
        }
    }

    fn branch_point_name(&self, point: &BranchPoint) -> String {
        match point {
            BranchPoint::Cell { cell, .. } => cell_name(*cell),
            BranchPoint::Chute { branch } => {
                format!("{}의 숫자 {}", self.chute(branch.chute), branch.digit)
            }
        }
    }

    fn decided_by(&self, rung: usize) -> String {
        format!("{rung}단계가 정한 숫자")
    }

    fn removed_by(&self, rung: usize) -> String {
        format!("{rung}단계의 새 규칙이 지운 후보")
    }

    fn inference_subtitle(&self, rung: &Rung, below: usize) -> String {
        format!(
            "{}, 탐색을 시작할 때: {below}단계가 남긴 후보에 {}단계의 규칙을 적용",
            self.puzzle(rung),
            rung.number
        )
    }

    fn inference_sum(&self, rung: usize, below: usize, removed: usize, decided: usize) -> String {
        let removes = format!("탐색을 시작할 때 {rung}단계는 후보 {removed}개를 지우고");
        if decided == 0 {
            format!("{removes}, {below}단계가 열어 둔 칸 가운데 새로 정하는 칸은 없습니다.")
        } else {
            format!("{removes}, {below}단계가 열어 둔 칸 가운데 {decided}개를 정합니다.")
        }
    }

    fn finding(&self, found: Found) -> String {
        match found {
            Found::NakedSingle { cell, digit } => format!(
                "네이키드 싱글: {}의 후보는 {digit} 하나뿐입니다.",
                cell_name(cell)
            ),
            Found::HiddenSingle { cell, digit, unit } => format!(
                "히든 싱글: {}에서 숫자 {digit}의 자리는 {} 하나뿐입니다.",
                self.unit(unit),
                cell_name(cell)
            ),
            Found::Pointing {
                digit,
                box_unit,
                line,
            } => format!(
                "포인팅: {}에서 숫자 {digit}의 자리가 모두 {}에 있으므로, {}의 나머지 칸에서 \
                 {} 지웁니다.",
                self.unit(box_unit),
                self.unit(line),
                self.unit(line),
                eul(digit)
            ),
            Found::Claiming {
                digit,
                line,
                box_unit,
            } => format!(
                "클레이밍: {}에서 숫자 {digit}의 자리가 모두 {}에 있으므로, {}의 나머지 칸에서 \
                 {} 지웁니다.",
                self.unit(line),
                self.unit(box_unit),
                self.unit(box_unit),
                eul(digit)
            ),
            Found::Confined {
                cells,
                line,
                digits,
            } => format!(
                "{}에서 숫자 {}의 자리는 {}에만 있습니다. 이 세 숫자가 그 세 칸을 채우므로 \
                 그 칸들의 다른 후보를 지웁니다.",
                self.unit(line),
                digit_list(digits),
                self.mini_line(cells)
            ),
            Found::OnlyThree { cells, digits, .. } => format!(
                "{}에 들어갈 수 있는 숫자는 {} 셋뿐입니다. 이 셋이 그 칸들을 채우므로 같은 \
                 줄과 박스의 나머지 칸에서 이 숫자들을 지웁니다.",
                self.mini_line(cells),
                digit_list(digits)
            ),
        }
    }

    fn more_findings(&self, count: usize) -> String {
        format!("나머지 {count}개도 같은 방식으로 표시했습니다.")
    }

    fn digit_panel_heading(&self, digit: u8) -> String {
        format!("숫자 {digit}")
    }

    fn branching_subtitle(&self, rung: &Rung) -> String {
        format!(
            "{}, 탐색을 시작할 때: {}단계가 남긴 후보",
            self.puzzle(rung),
            rung.number
        )
    }

    fn branches(&self, below: usize, there: &str, rung: usize, here: &str) -> String {
        format!("{below}단계는 {there}에서, {rung}단계는 {here}에서 분기합니다.")
    }

    fn open_peers(
        &self,
        candidates: usize,
        first: (usize, usize),
        second: (usize, usize),
    ) -> String {
        format!(
            "두 칸 모두 후보가 {candidates}개입니다. 열린 피어는 {}에 {}개, {}에 {}개 있습니다.",
            cell_name(first.0),
            first.1,
            cell_name(second.0),
            second.1
        )
    }

    fn too_few_decided(&self, decided: usize, needed: u32) -> String {
        format!("정해진 칸이 {decided}개로, DECIDED_FOR_CHUTES = {needed}보다 적습니다.")
    }

    fn fewest_unsettled(&self, chute: usize, unsettled: &[u8; 6], digit: u8) -> String {
        let counts: Vec<String> = (0..6)
            .map(|each| format!("{} {}", self.chute(each), unsettled[each]))
            .collect();
        format!(
            "슈트에서 순열이 하나만 남은 숫자를 자리 잡은 숫자라고 합니다. 자리 잡지 않은 \
             숫자의 수: {}. 14단계는 그 수가 가장 적은 첫 슈트인 {}에서, 자리 잡지 않은 가장 \
             작은 숫자 {}의 순열로 분기합니다.",
            counts.join(", "),
            self.chute(chute),
            digit
        )
    }

    fn permutations_left(&self, chute: usize, digits: &[(u8, u32)]) -> String {
        let parts: Vec<String> = digits
            .iter()
            .map(|(digit, permutations)| format!("숫자 {digit}: {permutations}개"))
            .collect();
        format!("{}에 남은 순열: {}.", self.chute(chute), parts.join(", "))
    }

    fn early_chutes(
        &self,
        first: (usize, u32),
        second: (usize, u32),
        fewest: u8,
        early: u8,
    ) -> String {
        format!(
            "모든 숫자에 걸쳐 남은 순열의 합: {} {}, {} {}. 자리 잡지 않은 숫자가 있는 슈트는 \
             모두 그런 숫자를 {fewest}개 이상 가집니다(EARLY = {early}).",
            self.chute(first.0),
            first.1,
            self.chute(second.0),
            second.1
        )
    }

    fn ways_heading(&self, rung: usize, name: &str) -> String {
        format!("{rung}단계: {name}, 시도하는 차례대로 본 갈래")
    }

    fn branch_point_key(&self, rung: usize) -> String {
        format!("{rung}단계의 분기점")
    }

    fn way_of_cell_key(&self, rung: usize) -> String {
        format!("{rung}단계의 갈래: 시도할 후보")
    }

    fn place_in_chute_key(&self, digit: u8) -> String {
        format!("슈트 안에서 숫자 {digit}의 자리")
    }

    fn way_dot_key(&self, digit: u8) -> String {
        format!("숫자 {digit}의 자리")
    }

    fn at_the_start(&self, rung: &Rung) -> String {
        format!("{}, 탐색을 시작할 때", self.puzzle(rung))
    }

    fn before_any_rule(&self, rung: &Rung) -> String {
        format!(
            "{}, 주어진 숫자만 놓고 규칙은 적용하기 전",
            self.puzzle(rung)
        )
    }

    fn where_propagation_ends(&self, rung: &Rung) -> String {
        format!("{}, 뿌리에서 전파가 끝났을 때", self.puzzle(rung))
    }

    fn mask_caption(&self, cell: usize, candidates: u16, copy_bytes: usize) -> Vec<String> {
        vec![
            format!(
                "칸마다 u16 하나를 둡니다. 비트 d - 1이 켜져 있으면 숫자 d가 아직 그 칸에 들어갈 \
                 수 있다는 뜻입니다. {}의 후보는 {}입니다. 주어진 칸에는 그 숫자 하나만 \
                 남습니다.",
                cell_name(cell),
                digit_list(candidates)
            ),
            format!(
                "추측은 상태의 복사본({copy_bytes}바이트) 위에서 진행합니다. 추측을 되돌릴 때는 \
                 복사본을 버리면 됩니다."
            ),
        ]
    }

    fn digit_set_headings(&self, digit: u8, cell: usize) -> [String; 2] {
        [
            format!("places[{}]: 숫자 {digit}의 자리", digit - 1),
            format!(
                "PEER_SET[{}]: 그곳에 {} 놓을 때 지워지는 자리",
                cell_name(cell),
                eul(digit)
            ),
        ]
    }

    fn digit_set_caption(&self, digit: u8, places: usize, cell: usize, lost: usize) -> Vec<String> {
        vec![
            format!(
                "숫자마다 81비트 집합 하나를 둡니다. 칸 9 × 행 + 열이 비트 9 × 행 + 열입니다. \
                 숫자 {} 칸 {places}개에 들어갈 수 있습니다(주어진 칸 포함).",
                eun(digit)
            ),
            format!(
                "탐색은 {}에 {} 먼저 놓아 봅니다. places[{}] &= !PEER_SET[{}] 한 번으로 피어 \
                 {lost}개에서 {} 한꺼번에 지워집니다.",
                cell_name(cell),
                eul(digit),
                digit - 1,
                cell_name(cell),
                i_ga(digit)
            ),
        ]
    }

    fn counted_heading(&self, name: &str, count: usize) -> String {
        format!("{name}: 칸 {count}개")
    }

    fn counted_caption(&self, pairs: usize, cell: usize) -> Vec<String> {
        vec![
            "아홉 숫자의 집합을 차례로 더합니다: at_least_three |= at_least_two & set; \
             at_least_two |= at_least_one & set; at_least_one |= set. 이 집합 세 개가 열린 \
             칸마다 후보가 몇 개인지를 셋까지 담습니다."
                .to_string(),
            format!(
                "뿌리에서는 전파가 싱글을 모두 놓았으므로 열린 칸마다 후보가 둘 이상 남습니다. \
                 그래서 at_least_one은 열린 칸 전체이고, 네이키드 싱글을 찾는 open & \
                 !at_least_two는 비어 있습니다. 탐색은 후보가 정확히 둘인 칸(at_least_two & \
                 !at_least_three) {pairs}개 가운데 {}에서 분기합니다.",
                cell_name(cell)
            ),
        ]
    }

    fn band_grid_heading(&self, digit: u8) -> String {
        format!("격자: 칸마다 밴드 워드 안의 비트 번호, 진한 칸이 숫자 {digit}의 자리")
    }

    fn band_word_heading(&self, band: usize, digit: u8) -> String {
        format!(
            "places[{band}][{}]: {}번 밴드의 워드, 왼쪽부터 비트 0~26",
            digit - 1,
            band + 1
        )
    }

    fn band_words_caption(&self, digit: u8, places: usize) -> Vec<String> {
        vec![format!(
            "숫자마다 81비트 집합을 밴드마다 하나씩, u32 워드 세 개로 나눕니다. 칸 c는 밴드 c / \
             27의 비트 c % 27, 곧 밴드 안에서 비트 9 × 행 + 열입니다. 밴드의 한 행은 9비트이고 \
             박스는 3비트씩 세 토막입니다. 숫자 {} 칸 {places}개에 들어갈 수 있습니다.",
            eun(digit)
        )]
    }

    fn band_key(&self, band: usize, digit: u8) -> String {
        format!("{}번 밴드: {} 들어갈 수 있는 칸", band + 1, i_ga(digit))
    }

    fn digit_in_band(&self, digit: u8, band: usize) -> String {
        format!("{}번 밴드의 숫자 {digit}", band + 1)
    }

    fn its_places(&self, what: &str) -> String {
        format!("{what}: 그 자리")
    }

    fn band_rule_caption(
        &self,
        what: &str,
        pattern: usize,
        inside: usize,
        rule: u16,
        cut: usize,
    ) -> Vec<String> {
        vec![
            format!(
                "밴드 안에서 한 숫자의 행과 박스는 일대일로 짝지어집니다. 행 r은 스택 \
                 PERMUTATIONS[k][r]의 박스를 가지며, 이렇게 짝짓는 여섯 가지 방법이 \
                 순열입니다(k는 0부터). {what}의 미니행(비트 3 × 행 + 스택)은 패턴 {} \
                 이루고, 여섯 순열 가운데 {inside}개가 그 안에 들어갑니다.",
                eul(pattern as u64)
            ),
            format!(
                "BAND_RULE[{pattern}] = {} 그 순열들의 미니행입니다. 512칸짜리 표를 한 번 \
                 찾아 7단계의 포인팅과 클레이밍을 되풀이한 결과를 얻고, 자리 {cut}개를 잘라 \
                 냅니다.",
                eun(rule)
            ),
        ]
    }

    fn row_of_band_heading(&self, shift: usize, row: usize) -> String {
        format!("places >> {shift} & ROW_CELLS: 밴드의 {}행", row + 1)
    }

    fn straight_line_caption(&self, what: &str, cut: usize) -> Vec<String> {
        vec![format!(
            "{what}에 8단계의 규칙을, 찾은 결과에 따라 갈라지는 분기 없이 적용합니다. 표를 세 \
             번 찾아 행마다 스택을 얻고, 시프트로 합쳐 패턴을 만들고, 표를 한 번 더 찾아 남는 \
             미니행의 칸을 얻은 뒤, & 한 번으로 자리 {cut}개를 자릅니다. 모든 워드가 같은 \
             단계를 거치므로 프로세서가 분기를 잘못 예측할 일이 없습니다."
        )]
    }

    fn mini_line_caption(&self, full: usize) -> Vec<String> {
        vec![
            "네모 하나가 격자에서 제자리에 놓인 미니라인 하나이고, 그 안의 수는 그 미니라인에 \
             갇힌 숫자의 개수입니다. 보드가 이미 가진 밴드 규칙의 미니행과 열 규칙의 열에서 \
             숫자마다 갇힌 미니라인을 u32 하나(미니라인마다 비트 하나)로 얻고, 아홉 개를 \
             한꺼번에 셉니다(하나, 둘, 넷 이상)."
                .to_string(),
            format!(
                "꽉 찬 미니라인(3): {full}개. 그곳에 갇힌 세 숫자가 미니라인을 채우므로 다른 \
                 숫자는 들어갈 수 없습니다."
            ),
        ]
    }

    fn after_guess_subtitle(&self, rung: &Rung, guess: &str) -> String {
        format!("{}, 첫 추측({guess}) 직후, 전파하기 전", self.puzzle(rung))
    }

    fn cell_guess(&self, digit: u8, cell: usize) -> String {
        format!("{}에 {digit}", cell_name(cell))
    }

    fn chute_guess(&self, digit: u8, k: usize, chute: usize) -> String {
        format!("{}의 숫자 {digit}에 순열 k={k}", self.chute(chute))
    }

    fn changed_words_heading(&self, changed: usize) -> String {
        format!("changed_words(): 27개 가운데 {changed}개")
    }

    fn changed_digits_heading(&self, digits: usize) -> String {
        format!("digits_of_words: 9개 가운데 {digits}개를 다시 셈")
    }

    fn changed_words_caption(&self, guess: &str, changed: usize) -> Vec<String> {
        vec![
            format!(
                "보드는 숫자와 밴드마다 밴드 규칙이 마지막으로 남긴 워드를 기억합니다(seen). \
                 규칙은 자리를 지우기만 하므로, 기억한 것과 같은 워드에는 새로운 것이 없습니다. \
                 추측({guess})이 줄 그은 자리를 지우고, 그 자리가 든 워드 {changed}개가 \
                 달라집니다(비트 9 × 밴드 + d - 1; 열은 숫자 1~9, 행은 밴드 1~3). 다음 \
                 훑기는 27개를 모두 보지 않고 이 워드들만 봅니다."
            ),
            "훑은 워드는 그 밴드를 네이키드 싱글에, 그 숫자를 열 규칙에 표시해 두고, 두 규칙은 \
             표시된 것만 봅니다."
                .to_string(),
        ]
    }

    fn changed_digits_caption(&self, guess: &str, digits: usize) -> Vec<String> {
        vec![format!(
            "추측({guess})이 줄 그은 자리를 지우고, 밴드 규칙의 첫 훑기는 그 자리가 든 워드를 \
             봅니다(열은 숫자 1~9, 행은 밴드 1~3). 그 워드들은 숫자 {digits}개의 것입니다. \
             18단계의 미니라인 규칙은 아홉 숫자 모두의 갇힌 미니라인을 다시 구하지만, \
             19단계는 훑기가 건드린 숫자만 다시 세고 나머지 {}개는 전에 구한 것을 씁니다.",
            9 - digits
        )]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_particle_follows_how_the_number_is_read() {
        assert_eq!(eul(7u8), "7을");
        assert_eq!(eul(2u8), "2를");
        assert_eq!(i_ga(1u8), "1이");
        assert_eq!(i_ga(9u8), "9가");
        assert_eq!(eun(10u8), "10은");
        assert_eq!(eun(5u8), "5는");
    }
}
