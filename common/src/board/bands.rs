//! A digit's places cut into three band words ([rung 7](crate::ladder::rung7_bands)): cell
//! `c` is bit `c % 27` of band `c / 27`.

use crate::CellSet;

/// Cells of one band: bit `9 × row + column`.
pub type BandSet = u32;

/// A whole band.
pub const ALL_BAND: BandSet = (1 << 27) - 1;

/// A band's first row; as columns, all nine.
pub const ROW_CELLS: BandSet = 0b1_1111_1111;

/// `BOX_IN_BAND[s]`: the cells of the band's box in stack `s`.
pub const BOX_IN_BAND: [BandSet; 3] = [FIRST_BOX, FIRST_BOX << 3, FIRST_BOX << 6];

const FIRST_BOX: BandSet = 0b111 | 0b111 << 9 | 0b111 << 18;

/// `PEERS_IN_BAND[i]`: the peers of cell `i` in its band.
pub const PEERS_IN_BAND: [BandSet; 27] = build_peers_in_band();

/// `OTHER_BANDS[b]`: the two bands other than `b`.
pub const OTHER_BANDS: [[usize; 2]; 3] = [[1, 2], [2, 0], [0, 1]];

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

/// The cell at `cell_in_band` of `band`.
pub const fn cell_of(band: usize, cell_in_band: usize) -> usize {
    27 * band + cell_in_band
}

/// The lowest of `cells` of `band`.
pub const fn first_cell(band: usize, cells: BandSet) -> usize {
    cell_of(band, cells.trailing_zeros() as usize)
}

/// The band of `cell` and its bit there.
pub const fn band_and_bit(cell: usize) -> (usize, BandSet) {
    (cell / 27, 1 << (cell % 27))
}

/// The cells of a band in `columns` (bit = column): the multiply copies the row thrice.
pub const fn in_columns(columns: BandSet) -> BandSet {
    columns * (1 | 1 << 9 | 1 << 18)
}

/// The columns (bit = column) of `cells` of one band.
#[inline]
pub const fn columns_of(cells: BandSet) -> BandSet {
    (cells | cells >> 9 | cells >> 18) & ROW_CELLS
}

/// The three bands side by side: a cell set.
#[inline]
pub fn join_bands(bands: [BandSet; 3]) -> CellSet {
    bands[0] as CellSet | (bands[1] as CellSet) << 27 | (bands[2] as CellSet) << 54
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{cell_bit, N_CELLS};

    #[test]
    fn bands_joined_are_the_row_major_cell_set() {
        for cell in 0..N_CELLS {
            let (band, bit) = band_and_bit(cell);
            let mut bands = [0; 3];
            bands[band] = bit;
            assert_eq!(join_bands(bands), cell_bit(cell));
        }
    }
}
