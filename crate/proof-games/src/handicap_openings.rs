//! The openings from Shogi's handicap starts to a KK position, as USI moves: found by the weighted search
//! of [`crate::openings::search_opening_from`], the shortest of the weights 3 to 8
//! (`examples/handicap_openings.rs` prints this table), and replayed against the legal moves when used.
//! Gote (上手) moves first.

/// `(手合割, moves)` for each handicap of `Start::<Shogi>::all()`.
pub(crate) const SHOGI: [(&str, &str); 13] = [
    (
        "香落ち",
        "3c3d 9g9f 2b7g+ 8h7g 3a2b 7g2b+ 8b2b 9f9e 9c9d 9e9d 9a9d 9i9d 8a9c 9d9c+ 7a7b 9c8c 7b8c 2h7h \
         6a6b 7h7c+ 6b7c 3g3f 3d3e 3f3e 2b3b 3e3d 3b3d 8g8f 3d3i+ 4i3i 8c8d 8f8e 8d8e 8i9g 5a5b 9g8e \
         4a4b 8e7c+ 2a3c 7c6c 5b6c 4g4f 3c4e 4f4e 4c4d 4e4d 4b4c 4d4c+ 6c6b 4c5c 6b5c 1g1f 1c1d 1f1e \
         1d1e 1i1f 1e1f 2i1g 1f1g+ 6g6f 1g2g 3i3h 2g3h 6f6e 3h4h 5i4h 5c5d 5g5f 5d6e 7i7h 6e5f 7h6g \
         5f6g 6i6h 6g6h 4h4g 2c2d 4g3f 2d2e 3f2e",
    ),
    (
        "右香落ち",
        "3c3d 9g9f 2b7g+ 8h7g 7a7b 7g1a+ 6a6b 1a2a 5a5b 2a3a 4a3a 9f9e 9c9d 9e9d 8a9c 9d9c+ 3a3b 9c8c \
         8b8c 8g8f 8c8f 6g6f 8f8i+ 6f6e 8i7i 6i7i 6c6d 6e6d 7b6c 6d6c+ 6b6c 3g3f 3d3e 3f3e 3b3c 3e3d \
         3c3d 4g4f 3d4e 4f4e 4c4d 4e4d 5b4b 4d4c+ 4b4c 2h6h 7c7d 6h6c+ 4c4b 6c5c 4b5c 2g2f 2c2d 2f2e \
         2d2e 2i3g 5c5b 3g2e 5b5a 2e1c+ 7d7e 7i7h 7e7f 7h7g 7f7g+ 1c2c 7g6h 5i6h 5a4b 2c3c 4b3c 5g5f \
         3c4d 5f5e 4d5e 4i4h 5e4f 4h3g 4f3g 3i2h 3g2h 1i1h 2h1h 9i9c+ 1h1g 9c8c 1g2f 8c7c 2f3e 7c6c \
         3e4d 6c5c 4d5c",
    ),
    (
        "角落ち",
        "9a9b 7g7f 7a7b 8h3c+ 2a3c 7f7e 7c7d 7e7d 8a7c 7d7c+ 7b7c 4g4f 3c4e 4f4e 4c4d 4e4d 8b4b 4d4c+ \
         4b4c 9g9f 4c4i+ 5i4i 9c9d 9f9e 9d9e 9i9e 9b9e 2h9h 9e9h+ 8g8f 9h8i 8f8e 8i7i 6i7i 8c8d 8e8d \
         7c8d 6g6f 8d7e 3g3f 7e6f 3f3e 6f5g+ 3i4h 5g4h 4i4h 4a4b 3e3d 4b3c 3d3c+ 6a6b 3c2c 5a5b 2c1c \
         1a1c 2g2f 1c1g 2f2e 1g1i+ 2e2d 1i2i 2d2c+ 3a3b 2c3b 2i3i 4h3i 5b6a 3b4b 6b5b 4b5b 6a7a 5b5c \
         7a7b 5c6c 7b6c 7i7h 6c6d 7h7g 6d6e 7g7f 6e7f",
    ),
    (
        "飛車落ち",
        "3c3d 9g9f 2b7g+ 8h7g 9a9b 7g1a+ 7a7b 1a2a 6a6b 2a3a 4a3a 9f9e 9c9d 9e9d 9b9d 9i9d 8a9c 9d9c+ \
         5a5b 9c8c 7b8c 2h7h 3a3b 7h7c+ 6b7c 3g3f 3d3e 3f3e 3b3c 3e3d 3c3d 4g4f 3d4e 4f4e 4c4d 4e4d \
         8c8d 4d4c+ 5b4c 8i9g 8d8e 9g8e 5c5d 8e7c+ 4c5c 7c6c 5c6c 5g5f 5d5e 5f5e 6c6d 6g6f 6d5e 7i7h \
         5e6f 7h7g 6f7g 4i5h 7g8g 6i7h 8g7h 5h6g 7h6g 1g1f 1c1d 1f1e 1d1e 1i1f 1e1f 2i1g 1f1g+ 5i4i \
         1g2g 3i3h 2g3h 4i3h 2c2d 3h3g 2d2e 3g3f 2e2f 3f2f",
    ),
    (
        "飛香落ち",
        "3c3d 9g9f 2b7g+ 8h7g 3a2b 7g2b+ 9a9b 2b1c 2a1c 9f9e 9c9d 9e9d 9b9d 9i9d 8a9c 9d9c+ 7a7b 9c8c \
         7b8c 2g2f 1c2e 2f2e 2c2d 2e2d 4a3b 2d2c+ 3b2c 2h2c+ 6a6b 2c3d 5a5b 3d4c 5b5a 4c5c 5a6a 5c6c \
         6a7a 6c6b 7a8a 6b7c 8a9b 7c8c 9b8c 6g6f 8c7d 6f6e 7d6e 5g5f 6e5f 8g8f 5f4g 3g3f 4g3f 2i3g \
         3f3g 3i2h 3g2h 1i1h 2h1h 7i6h 1h1g 6i5h 1g2g 4i3h 2g3h 5h4g 3h4g 6h5g 4g5g 8i7g 5g6g 5i6i \
         6g7g 6i7i 7g8f",
    ),
    (
        "二枚落ち",
        "9a9b 7g7f 7a7b 8h3c+ 2a3c 7f7e 7c7d 7e7d 8a7c 7d7c+ 7b7c 4g4f 3c4e 4f4e 4c4d 4e4d 6a5b 4d4c+ \
         5b4c 2h4h 5a5b 4h4c+ 5b5a 4c4a 5a6b 4a3a 6b7b 3a1a 7b8b 1a1c 8b8a 1c2c 8a8b 2c5c 8b8a 5c6c \
         8a8b 6c7c 8b8a 7c8c 8a9a 8c9c 9b9c 9g9f 9c9f 8g8f 9f9i+ 8f8e 9i8i 8e8d 8i7i 8d8c 7i6i 5i6i \
         9a9b 6g6f 9b8c 6f6e 8c7d 5g5f 7d6e 4i4h 6e5f 4h4g 5f4g 3g3f 4g3f 2g2f 3f2f 2i3g 2f3g 3i2h \
         3g2h 1i1h 2h1h 6i6h 1h1g",
    ),
    (
        "三枚落ち",
        "9a9b 7g7f 7a7b 8h3c+ 2a3c 7f7e 7c7d 7e7d 8a7c 7d7c+ 7b7c 4g4f 3c4e 4f4e 4c4d 4e4d 6a5b 4d4c+ \
         5b4c 2h4h 5a5b 4h4c+ 5b5a 4c5c 5a6a 5c6c 6a7a 6c7c 7a8a 7c8c 8a9a 8c9c 9b9c 9g9f 9c9f 8g8f \
         9f9i+ 8f8e 9i8i 8e8d 8i7i 8d8c+ 7i6i 5i6i 9a8a 8c8b 8a8b 1g1f 1c1d 1f1e 1d1e 1i1f 1e1f 2i1g \
         1f1g+ 6g6f 1g2g 6f6e 2g3g 3i4h 3g4h 4i5h 4h5h 6i5h 4a4b 6e6d 4b5c 5g5f 5c6d 5f5e 6d5e 5h5g \
         5e4f 5g4f 3a3b 4f3e 2c2d 3e2d 3b3c 2d3c",
    ),
    (
        "四枚落ち",
        "7a7b 7g7f 6a6b 8h3c+ 2a3c 7f7e 7c7d 7e7d 8a7c 7d7c+ 7b7c 4g4f 3c4e 4f4e 4c4d 4e4d 5a5b 4d4c+ \
         5b4c 2h4h 4c3c 4h4a+ 3a3b 4a3b 3c4d 3b2c 6b6a 2c5c 4d4e 5c6c 6a6b 6c6b 7c6b 5g5f 4e5f 9g9f \
         5f6g 8i7g 6g7g 9f9e 7g8g 9e9d 9c9d 9i9d 6b6c 7i8h 8g8h 6i7i 8h7i 9d9c+ 6c7b 9c8c 7b8c 1g1f \
         1c1d 1f1e 1d1e 1i1f 1e1f 2i1g 1f1g+ 5i5h 1g2g 5h5g 2g3g 4i4h 3g4h 3i4h 8c8d 5g6f 8d7e 6f7e \
         7i6i 4h5i 6i5i",
    ),
    (
        "五枚落ち",
        "7a7b 7g7f 6a6b 8h3c+ 2a3c 7f7e 7c7d 7e7d 7b7c 7d7c+ 6b7c 4g4f 3c4e 4f4e 4c4d 4e4d 5a5b 4d4c+ \
         5b4c 2h4h 4c3c 4h4a+ 3a3b 4a3b 3c4d 3b2c 9c9d 2c5c 4d5c 9g9f 9d9e 9f9e 7c8d 9e9d 8d9d 9i9e \
         9d9e 8g8f 9e8f 8i9g 8f9g 7i8h 9g8h 6i7i 8h7i 3g3f 7i6i 5i6i 5c4d 3f3e 4d3e 2g2f 3e2f 2i3g \
         2f3g 3i2h 3g2h 4i3i 2h3i 1g1f 1c1d 1f1e 1d1e 1i1e 3i4h 6i7h 4h5g 7h7g 8c8d 7g7f 8d8e 7f8e \
         5g6g 8e7d 6g5f 7d6c 5f4e 1e1c+ 4e3d 1c2c 3d2c",
    ),
    (
        "左五枚落ち",
        "7a7b 7g7f 6a6b 8h3c+ 5a5b 3c4c 5b4c 7f7e 7c7d 7e7d 8a7c 7d7c+ 7b7c 2h7h 4a4b 7h7c+ 3a3b 7c6b \
         4b4a 6b5c 4c3d 5c6c 4a4b 6c8c 4b4a 8c9c 4a4b 9c2c 3d3e 2c3b 4b3b 4g4f 3e4f 9g9f 4f5g 9f9e \
         5g6g 8i7g 6g7g 9e9d 7g8g 9i9h 8g9h 7i8h 9h8h 6i7i 8h7i 1g1f 1c1d 1f1e 1d1e 1i1f 1e1f 2i1g \
         1f1g+ 9d9c+ 1g2g 9c9d 2g3g 3i3h 3g3h 9d8d 3h4i 5i4i 3b4b 8d7d 4b5c 7d6d 5c6d 4i4h 6d6e 4h4g \
         6e5f 4g5f",
    ),
    (
        "六枚落ち",
        "7a7b 7g7f 6a6b 8h3c+ 5a5b 3c4c 5b4c 7f7e 7c7d 7e7d 7b7c 7d7c+ 6b7c 2h7h 4a4b 7h7c+ 3a3b 7c8c \
         4b4a 8c9c 4a4b 9c6c 4b4a 6c5c 4c3d 5c2c 3d3e 2c3b 4a3b 4g4f 3e4f 9g9f 4f5g 9f9e 5g6g 8i7g \
         6g7g 9e9d 7g8g 9i9h 8g9h 7i8h 9h8h 6i7i 8h7i 1g1f 1c1d 1f1e 1d1e 1i1f 1e1f 2i1g 1f1g+ 9d9c+ \
         1g2g 9c9d 2g3g 3i3h 3g3h 9d8d 3h4i 5i4i 3b4b 8d7d 4b5c 7d6d 5c6d 4i4h 6d6e 4h4g 6e5f 4g5f",
    ),
    (
        "八枚落ち",
        "6a6b 7g7f 5a5b 8h3c+ 4a4b 3c4c 5b4c 7f7e 7c7d 7e7d 6b7c 7d7c+ 4b4a 7c6c 4a4b 6c5c 4c3c 5c4b \
         3c4b 9g9f 9c9d 9f9e 9d9e 9i9f 9e9f 8i9g 9f9g+ 6g6f 9g8g 2h7h 8g7h 6f6e 7h7i 6e6d 7i6i 5i6i \
         4b5c 5g5f 5c6d 5f5e 6d5e 4g4f 5e4f 3g3f 4f3f 1g1f 3f2g 3i2h 2g2h 1f1e 2h1i 1e1d 1i2i 1d1c+ \
         8c8d 4i3h 2i3h 1c2c 3h3g 2c2d 3g3f 2d2e 3f2e 6i6h 8d8e 6h7g 8e8f 7g8f",
    ),
    (
        "十枚落ち",
        "5a5b 7g7f 5b5a 8h3c+ 5a5b 3c4c 5b4c 7f7e 7c7d 7e7d 9c9d 7d7c+ 8c8d 7c6c 4c4b 6c5c 4b5c 9g9f \
         9d9e 9f9e 8d8e 8g8f 8e8f 2h8h 5c5d 8h8f 5d6e 8f7f 6e7f 9e9d 7f6g 9d9c+ 6g5g 9c9b 5g4g 3g3f \
         4g3f 9b9a 3f2g 3i2h 2g2h 9a9b 2h2i 1g1f 2i1i 1f1e 1c1d 1e1d 1i2i 4i3i 2i3i 6i5h 3i3h 5h4g \
         3h4g 1d1c+ 4g5g 1c2c 5g6g 8i7g 6g7g 7i8h 7g8h 9i9g 8h9g 9b9c 9g9f 9c9d 9f8e 2c3c 8e9d 3c4c \
         9d8d 4c5c 8d7d 5c6c 7d6c",
    ),
];
