//! RULES.md section 1: board, start position and validation.

use turkish_draughts::{
    Bitboard, Color, File, MAX_PIECES, Position, Rank, RuleSet, Setup, SetupError, Square,
};

#[test]
fn squares_are_named_like_chess() {
    assert_eq!(Square::A1.index(), 0);
    assert_eq!(Square::H1.index(), 7);
    assert_eq!(Square::A2.index(), 8);
    assert_eq!(Square::H8.index(), 63);
    for (i, sq) in Square::ALL.iter().enumerate() {
        assert_eq!(usize::from(sq.index()), i);
        let name = sq.to_string();
        assert_eq!(name.parse::<Square>(), Ok(*sq));
        assert_eq!(Square::from_coords(sq.file(), sq.rank()), *sq);
    }
    assert_eq!(Square::E4.file(), File::E);
    assert_eq!(Square::E4.rank(), Rank::Fourth);
    for bad in ["", "a", "a0", "a9", "i1", "A1", "a1 ", "1a", "aa"] {
        assert!(bad.parse::<Square>().is_err(), "{bad:?}");
    }
}

#[test]
fn start_position() {
    let pos = Position::start();
    let b = pos.board();
    let ranks = |rs: &[Rank]| {
        rs.iter()
            .fold(Bitboard::EMPTY, |acc, r| acc | Bitboard::rank(*r))
    };
    assert_eq!(b.white(), ranks(&[Rank::Second, Rank::Third]));
    assert_eq!(b.black(), ranks(&[Rank::Sixth, Rank::Seventh]));
    assert!(b.kings().is_empty());
    assert_eq!(pos.turn(), Color::White);
    assert_eq!(
        pos.setup().to_string(),
        "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7"
    );
    assert_eq!(Position::new(RuleSet::Tudaf).board(), b);
}

fn setup(white: &[Square], black: &[Square], kings: &[Square]) -> Setup {
    Setup {
        white: white.iter().copied().collect(),
        black: black.iter().copied().collect(),
        kings: kings.iter().copied().collect(),
        turn: Color::White,
    }
}

#[test]
fn validation_refuses_a_square_claimed_twice() {
    let s = setup(&[Square::D4, Square::E4], &[Square::E4], &[]);
    assert_eq!(
        Position::from_setup(&s, RuleSet::Default),
        Err(SetupError::SquareClaimedTwice { square: Square::E4 })
    );
    assert_eq!(
        Position::from_setup_relaxed(&s, RuleSet::Default),
        Err(SetupError::SquareClaimedTwice { square: Square::E4 })
    );
    // In FEN: both lists name e4.
    assert!(matches!(
        Position::from_fen("W:We4:Be4", RuleSet::Default),
        Err(turkish_draughts::FenError::Invalid(
            SetupError::SquareClaimedTwice { square: Square::E4 }
        ))
    ));
}

#[test]
fn validation_refuses_a_man_on_either_back_rank() {
    // Rank 1 is White's own back rank and Black's promotion rank; rank 8 the other way
    // round (`Color::back_rank`, `Color::promotion_rank`).
    let back = |square| SetupError::ManOnBackRank { square };
    let promotion = |square| SetupError::ManOnPromotionRank { square };
    for (white, black, err) in [
        (&[Square::C1][..], &[][..], back(Square::C1)),
        (&[Square::C8][..], &[][..], promotion(Square::C8)),
        (&[][..], &[Square::F1][..], promotion(Square::F1)),
        (&[][..], &[Square::F8][..], back(Square::F8)),
    ] {
        let s = setup(white, black, &[]);
        assert_eq!(Position::from_setup(&s, RuleSet::Default), Err(err));
    }
    // Kings may stand there.
    let s = setup(
        &[Square::C1, Square::C8],
        &[Square::F1],
        &[Square::C1, Square::C8, Square::F1],
    );
    assert!(Position::from_setup(&s, RuleSet::Default).is_ok());
}

#[test]
fn relaxed_validation_allows_a_man_on_its_own_back_rank_only() {
    // White man on rank 1 and black man on rank 8: their own back ranks.
    let s = setup(&[Square::C1], &[Square::F8], &[]);
    assert!(Position::from_setup_relaxed(&s, RuleSet::Default).is_ok());
    // On their promotion rank they would be kings.
    for (white, black, sq) in [
        (&[Square::C8][..], &[][..], Square::C8),
        (&[][..], &[Square::F1][..], Square::F1),
    ] {
        let s = setup(white, black, &[]);
        let err = Position::from_setup_relaxed(&s, RuleSet::Default).unwrap_err();
        assert_eq!(err, SetupError::ManOnPromotionRank { square: sq });
        assert!(err.to_string().contains("promotion rank"), "{err}");
    }
    // The texts name each rank as `Color` does.
    let err = Position::from_setup(&setup(&[Square::C1], &[], &[]), RuleSet::Default);
    assert!(err.unwrap_err().to_string().contains("own back rank"));
}

#[test]
fn validation_refuses_more_than_sixteen_pieces_a_side() {
    let seventeen: Vec<Square> = Square::ALL[8..25].to_vec();
    let s = setup(&seventeen, &[], &[]);
    assert_eq!(
        Position::from_setup(&s, RuleSet::Default),
        Err(SetupError::TooManyPieces {
            color: Color::White,
            count: 17,
            limit: MAX_PIECES
        })
    );
    let s = setup(&[], &seventeen, &[]);
    assert!(matches!(
        Position::from_setup(&s, RuleSet::Default),
        Err(SetupError::TooManyPieces {
            color: Color::Black,
            count: 17,
            ..
        })
    ));
    assert!(Position::from_setup(&setup(&seventeen[..16], &[], &[]), RuleSet::Default).is_ok());
    // Relaxed: up to 32.
    assert!(Position::from_setup_relaxed(&s, RuleSet::Default).is_ok());
    let many: Vec<Square> = Square::ALL[8..41].to_vec();
    assert!(matches!(
        Position::from_setup_relaxed(&setup(&many, &[], &[]), RuleSet::Default),
        Err(SetupError::TooManyPieces {
            count: 33,
            limit: 32,
            ..
        })
    ));
}

#[test]
fn validation_refuses_a_king_mark_on_an_empty_square() {
    let s = setup(&[Square::D4], &[Square::D6], &[Square::D4, Square::H5]);
    assert_eq!(
        Position::from_setup(&s, RuleSet::Default),
        Err(SetupError::KingOnEmptySquare { square: Square::H5 })
    );
}

#[test]
fn board_invariants_cannot_be_broken() {
    use turkish_draughts::{Board, Piece, Role};
    let mut b = Board::empty();
    b.set(Square::D4, Piece::new(Color::White, Role::King));
    b.set(Square::D4, Piece::new(Color::Black, Role::Man));
    assert!(b.white().is_empty());
    assert!(b.kings().is_empty());
    assert_eq!(b.black(), Square::D4.bitboard());
    assert!(Board::from_bitboards(Square::A2.into(), Square::A2.into(), Bitboard::EMPTY).is_none());
    assert!(Board::from_bitboards(Square::A2.into(), Bitboard::EMPTY, Square::B2.into()).is_none());
}
