//! Proof games found forwards: from the initial position towards the position, guided by what each piece
//! still has to do to get where it stands in the position.
//!
//! Backwards, a search must guess where each piece in hand was captured, and guesses wrong into dead ends;
//! forwards, every position is reachable and a capture is a move onto a piece that is there.
//!
//! - [`places`]: where the pieces of a position are, and where two positions differ;
//! - [`ways`]: a piece's ways, past the pieces in its way and by a captor's detour;
//! - [`guide`]: the guide, a cheapest assignment of the pieces to their places in the position;
//! - [`search`]: the searches, best first and a beam.

pub(crate) mod guide;
pub(crate) mod places;
pub(crate) mod search;
pub(crate) mod ways;
